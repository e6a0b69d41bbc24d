#!/usr/bin/env python3
"""Trunk post_build hook: strips comments and layout whitespace from the built stylesheet
(style/main.css keeps both for its readers) and updates the stylesheet's integrity hash in
index.html. The page's CSS is ~1.1 KB gzip smaller (BENCHMARKS.md). Trunk's own minifier is not used:
its HTML and JS minifiers break this build (the loader hook, wasm-bindgen's glue)."""
import base64
import glob
import hashlib
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR")
if not staging:
    sys.exit("minify_css.py runs as a Trunk hook (TRUNK_STAGING_DIR is not set)")


def minify(css: str) -> str:
    """Comments out; runs of whitespace to one space; no space around { } ; , > nor after a colon.
    The stylesheet has no strings or url()s where that would change a value (tests/e2e checks the page)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"\s+", " ", css)
    css = re.sub(r" ?([{};,>]) ?", r"\1", css)
    css = css.replace(": ", ":").replace(";}", "}")
    return css.strip() + "\n"


def sri(data: bytes) -> str:
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode()


index = os.path.join(staging, "index.html")
html = open(index, encoding="utf-8").read()
for path in glob.glob(os.path.join(staging, "*.css")):
    source = open(path, "rb").read()
    small = minify(source.decode("utf-8")).encode("utf-8")
    if sri(source) not in html:
        sys.exit(f"minify_css.py: no integrity hash for {os.path.basename(path)} in index.html")
    open(path, "wb").write(small)
    html = html.replace(sri(source), sri(small))
open(index, "w", encoding="utf-8").write(html)
