#!/usr/bin/env python3
"""Trunk post_build hook: strips the page's scripts (wasm-bindgen's glue and boot/'s, not the service
worker) and the curve's worker's glue (WORKER_GLUE, as Trunk names a worker's, before
scripts/curve_worker.py gives it a content hash) of their comments, indentation and blank lines, and the
page's glue of the stream classes of
`wasm-streams` (server_fn's, never constructed by the page; their wasm exports are dropped by
index.html's wasm-opt parameters), then updates each script's integrity hash in index.html. Line by
line, no line is joined to another, so no statement changes (no automatic semicolon moves); a string
or template literal that spans lines (where indentation is text) stops the build instead. Trunk's own
JS minifier is not used: it breaks this glue (minify_css.py)."""
import base64
import glob
import hashlib
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR")
if not staging:
    sys.exit("trim_js.py runs as a Trunk hook (TRUNK_STAGING_DIR is not set)")

# The curve's Web Worker (web/src/bin/gpuplan-curve.rs): Trunk gives a worker's files its bin's name, no hash, and
# no tag in index.html, so no integrity hash to update; its stream classes stay (fetched only with the curve).
WORKER_GLUE = "gpuplan-curve.js"

# The exported classes and their finalization registries, whole statements as wasm-bindgen writes them.
STREAMS = [
    re.compile(r"^export class IntoUnderlying\w+ \{\n.*?^\}\n(?:if \(Symbol\.dispose\) IntoUnderlying\w+\.prototype\[Symbol\.dispose\] = [^\n]*\n)?", re.S | re.M),
    re.compile(r"^const IntoUnderlying\w+Finalization = \(typeof FinalizationRegistry === 'undefined'\)\n[^\n]*\n[^\n]*;\n", re.M),
]


def remove_streams(js: str) -> str:
    """The glue without the stream classes and their registries."""
    for pattern in STREAMS:
        js = pattern.sub("", js)
    if "IntoUnderlying" in js:
        sys.exit("trim_js.py: wasm-bindgen's glue names a stream class this script did not remove")
    return js


def trim(js: str) -> str:
    """The script without its comment lines, comment blocks, indentation and blank lines."""
    out = []
    in_doc = False
    for line in js.split("\n"):
        text = line.strip()
        if in_doc:
            in_doc = not text.endswith("*/")
            continue
        if text.startswith("/*") and not text.endswith("*/"):
            in_doc = True
            continue
        if not text or text.startswith("//") or (text.startswith("/*") and text.endswith("*/") and text.count("*/") == 1):
            continue
        if line.count("`") % 2 or text.endswith("\\"):
            sys.exit("trim_js.py: a template literal spans lines; its indentation would change its text")
        out.append(line.lstrip())
    return "\n".join(out) + "\n"


def sri(data: bytes) -> str:
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode()


index = os.path.join(staging, "index.html")
html = open(index, encoding="utf-8").read()
glue = glob.glob(os.path.join(staging, "gpuplan-web-*.js"))
if len(glue) != 1:
    sys.exit(f"trim_js.py: expected one wasm-bindgen glue file, found {len(glue)}")
for path in glob.glob(os.path.join(staging, "*.js")):
    if os.path.basename(path) == "sw.js":
        continue
    source = open(path, "rb").read()
    text = source.decode("utf-8")
    small = trim(remove_streams(text) if path in glue else text).encode("utf-8")
    # The module loader (boot-*.js) is loaded without an integrity hash; every other script has one.
    if sri(source) in html:
        html = html.replace(sri(source), sri(small))
    elif not os.path.basename(path).startswith("boot-") and os.path.basename(path) != WORKER_GLUE:
        sys.exit(f"trim_js.py: no integrity hash for {os.path.basename(path)} in index.html")
    open(path, "wb").write(small)
open(index, "w", encoding="utf-8").write(html)
