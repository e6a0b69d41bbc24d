#!/usr/bin/env python3
"""Trunk post_build hook: moves Trunk's inline <script type="module"> loader into a content-hashed
file, so the built page runs under `script-src 'self'` with no inline script.

index.html carries the policy as a <meta http-equiv="Content-Security-Policy"> (for hosts that cannot set
headers). `trunk serve` adds an inline live-reload script that the policy would block: in that development
copy alone the meta is dropped, with a note; a build (`trunk build`, debug or release) keeps it."""
import hashlib
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR")
if not staging:
    sys.exit("externalize_loader.py runs as a Trunk hook (TRUNK_STAGING_DIR is not set)")
path = os.path.join(staging, "index.html")
html = open(path, encoding="utf-8").read()
pattern = re.compile(r'<script type="module"(?: nonce="[^"]*")?>(.*?)</script>', re.S)
scripts = pattern.findall(html)
if len(scripts) != 1:
    sys.exit(f"expected one inline module script from Trunk, found {len(scripts)}")
body = scripts[0].strip() + "\n"
# A link's first frame comes first (boot/lang.js, inline atop <head>, draws it with the small wasm and settles `gpuplanFrame`): the
# page's wasm is asked for only then, so on a slow link the two do not share it. Trunk's preload of the page's wasm goes for the same
# reason (the loader asks for the wasm once the document is parsed: on the default page, after the first frame's stylesheet).
if body.count("const wasm = await init(") != 1:
    sys.exit("externalize_loader.py: Trunk's loader no longer reads `const wasm = await init(`; where does it wait for a link's frame?")
body = body.replace("const wasm = await init(", "await window.gpuplanFrame;\nconst wasm = await init(", 1)
preload = re.compile(r'<link rel="preload" href="\./gpuplan-web-[0-9a-f]+_bg\.wasm"[^>]*>')
if len(preload.findall(html)) != 1:
    sys.exit("externalize_loader.py: expected Trunk's one preload of the page's wasm")
html = preload.sub("", html, count=1)
name = f"boot-{hashlib.sha256(body.encode()).hexdigest()[:16]}.js"
open(os.path.join(staging, name), "w", encoding="utf-8").write(body)
html = pattern.sub(f'<script type="module" src="./{name}"></script>', html, count=1)
meta = re.compile(r'\s*<meta http-equiv="Content-Security-Policy"[^>]*>', re.S)
if len(meta.findall(html)) != 1:
    sys.exit("index.html must carry exactly one Content-Security-Policy <meta>")
if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html):
    html = meta.sub("", html, count=1)
    print("externalize_loader.py: an inline script remains (trunk serve's live reload): this copy has no CSP <meta>")
open(path, "w", encoding="utf-8").write(html)
