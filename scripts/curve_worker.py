#!/usr/bin/env python3
"""Trunk post_build hook, after trim_js.py: gives the curve's Web Worker (web/src/bin/gpuplan-curve.rs, built by
Trunk as `data-type="worker"`: its files named after the bin, no hash, nothing in index.html) content-hashed
names, writes its script from boot/curve-worker.js (the glue's and the wasm's names filled in, comment lines
dropped) and names that script in index.html's <meta name="gpuplan-curve">, which the page reads when the
curve is first opened (web/src/app/curve.rs). A hashed name is a new URL for a new worker, and index.html names
it, so the service worker's build id (a hash of index.html) changes with it. Anything unexpected (no worker
files, a second worker, an index.html that already names one) stops the build."""
import glob
import hashlib
import os
import sys

staging = os.environ.get("TRUNK_STAGING_DIR")
if not staging:
    sys.exit("curve_worker.py runs as a Trunk hook (TRUNK_STAGING_DIR is not set)")
NAME = "gpuplan-curve"
TEMPLATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "boot", "curve-worker.js")


def fail(why: str) -> None:
    sys.exit(f"curve_worker.py: {why}")


glue_path = os.path.join(staging, f"{NAME}.js")
wasm_path = os.path.join(staging, f"{NAME}_bg.wasm")
found = sorted(os.path.basename(p) for p in glob.glob(os.path.join(staging, f"{NAME}*")))
if found != sorted([f"{NAME}.js", f"{NAME}_bg.wasm"]):
    fail(f"expected Trunk's worker files {NAME}.js and {NAME}_bg.wasm, found {found}")
glue = open(glue_path, "rb").read()
wasm = open(wasm_path, "rb").read()
if b"wasm_bindgen" not in glue:
    fail(f"{NAME}.js is not wasm-bindgen's no-modules glue (no `wasm_bindgen`)")
digest = hashlib.sha256(glue + b"\0" + wasm).hexdigest()[:16]
names = {"glue": f"{NAME}-{digest}-glue.js", "wasm": f"{NAME}-{digest}_bg.wasm", "script": f"{NAME}-{digest}.js"}
template = open(TEMPLATE, encoding="utf-8").read()
if template.count("__GLUE__") != 1 or template.count("__WASM__") != 1:
    fail("boot/curve-worker.js must name __GLUE__ and __WASM__ once each")
lines = [l for l in template.split("\n") if l.strip() and not l.lstrip().startswith("//")]
script = "\n".join(lines).replace("__GLUE__", names["glue"]).replace("__WASM__", names["wasm"]) + "\n"
os.rename(glue_path, os.path.join(staging, names["glue"]))
os.rename(wasm_path, os.path.join(staging, names["wasm"]))
open(os.path.join(staging, names["script"]), "w", encoding="utf-8").write(script)

index = os.path.join(staging, "index.html")
html = open(index, encoding="utf-8").read()
if 'name="gpuplan-curve"' in html or html.count("</head>") != 1:
    fail("index.html must have one </head> and no gpuplan-curve <meta> yet")
meta = f'<meta name="gpuplan-curve" content="./{names["script"]}">'
open(index, "w", encoding="utf-8").write(html.replace("</head>", f"  {meta}\n  </head>", 1))
