#!/usr/bin/env python3
"""Trunk post_build hook: gives the wasm's imports from wasm-bindgen's glue short names (`a`, `b`, ...,
module `a`) in both the wasm's import section and the glue's import object, then updates the glue's
integrity hash in index.html (the wasm has none there: externalize_loader.py drops its preload). wasm-bindgen names each import after its function and a 16-digit hash
(`__wbg_addEventListener_4f6c7cfa6c8d2d43`), written twice, in the wasm and in the glue, and the hashes
do not compress: ~4 KB gzip (BENCHMARKS.md). Only names change; every import keeps its place and type.
Anything unexpected (another import module, a name that is not exactly one key of the import object)
stops the build instead of shipping a page that cannot link."""
import base64
import glob
import hashlib
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR")
if not staging:
    sys.exit("short_imports.py runs as a Trunk hook (TRUNK_STAGING_DIR is not set)")

MODULE = "./gpuplan-web_bg.js"
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def fail(why: str) -> None:
    sys.exit(f"short_imports.py: {why}")


def read_leb(data: bytes, i: int) -> tuple[int, int]:
    """An unsigned LEB128 number at `i`, and the offset after it."""
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def leb(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | 0x80 if value else byte)
        if not value:
            return bytes(out)


def short(n: int) -> str:
    """The n-th short name: a..Z, then aa, ab, ..."""
    name = ""
    while True:
        name = LETTERS[n % len(LETTERS)] + name
        n = n // len(LETTERS) - 1
        if n < 0:
            return name


def skip_limits(body: bytes, j: int) -> int:
    flags, j = read_leb(body, j)
    _, j = read_leb(body, j)
    if flags & 1:
        _, j = read_leb(body, j)
    return j


def skip_desc(body: bytes, j: int) -> int:
    """The offset after one import's description (function, table, memory, global or tag)."""
    kind = body[j]
    j += 1
    if kind == 0:
        return read_leb(body, j)[1]
    if kind == 1:
        return skip_limits(body, j + 1)
    if kind == 2:
        return skip_limits(body, j)
    if kind == 3:
        return j + 2
    if kind == 4:
        return read_leb(body, j + 1)[1]
    fail(f"unknown import kind {kind}")
    return j


def renamed_imports(body: bytes) -> tuple[bytes, dict[str, str]]:
    """The import section's body with short names, and the names given."""
    names: dict[str, str] = {}
    count, j = read_leb(body, 0)
    out = bytearray(leb(count))
    for _ in range(count):
        length, j = read_leb(body, j)
        module = body[j : j + length].decode()
        j += length
        length, j = read_leb(body, j)
        name = body[j : j + length].decode()
        j += length
        end = skip_desc(body, j)
        if module != MODULE:
            fail(f"an import from {module!r}, not from {MODULE!r}")
        if name in names:
            fail(f"{name} is imported twice")
        names[name] = short(len(names))
        new_module, new_name = b"a", names[name].encode()
        out += leb(len(new_module)) + new_module + leb(len(new_name)) + new_name + body[j:end]
        j = end
    if j != len(body):
        fail("the import section has bytes after its last import")
    return bytes(out), names


def renamed_wasm(wasm: bytes) -> tuple[bytes, dict[str, str]]:
    out, names, i = bytearray(wasm[:8]), None, 8
    while i < len(wasm):
        section, start = wasm[i], i
        size, i = read_leb(wasm, i + 1)
        if section == 2:
            body, names = renamed_imports(wasm[i : i + size])
            out += bytes([2]) + leb(len(body)) + body
        else:
            out += wasm[start : i + size]
        i += size
    if names is None:
        fail("the wasm has no import section")
    return bytes(out), names


def renamed_glue(js: str, names: dict[str, str]) -> str:
    for name, new in names.items():
        if js.count(name) != 1 or not re.search(rf"^\s*{re.escape(name)}: function\(", js, re.M):
            fail(f"{name} is not exactly one key of the glue's import object")
        js = re.sub(rf"^(\s*){re.escape(name)}: function\(", rf"\g<1>{new}: function(", js, count=1, flags=re.M)
    if js.count(f'"{MODULE}": import0') != 1:
        fail(f"the glue does not pass its import object as {MODULE!r}")
    return js.replace(f'"{MODULE}": import0', '"a": import0')


def sri(data: bytes) -> str:
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode()


index = os.path.join(staging, "index.html")
html = open(index, encoding="utf-8").read()
wasm_files = glob.glob(os.path.join(staging, "gpuplan-web-*_bg.wasm"))
glue_files = glob.glob(os.path.join(staging, "gpuplan-web-*.js"))
if len(wasm_files) != 1 or len(glue_files) != 1:
    fail(f"expected one wasm and one glue file, found {len(wasm_files)} and {len(glue_files)}")
wasm = open(wasm_files[0], "rb").read()
glue = open(glue_files[0], "rb").read()
small_wasm, names = renamed_wasm(wasm)
small_glue = renamed_glue(glue.decode("utf-8"), names).encode("utf-8")
# The glue's integrity hash is in index.html (its modulepreload); the wasm's is not (externalize_loader.py drops its preload).
if sri(glue) not in html:
    fail(f"no integrity hash for {os.path.basename(glue_files[0])} in index.html")
html = html.replace(sri(glue), sri(small_glue))
for new, path in ((small_wasm, wasm_files[0]), (small_glue, glue_files[0])):
    open(path, "wb").write(new)
open(index, "w", encoding="utf-8").write(html)
