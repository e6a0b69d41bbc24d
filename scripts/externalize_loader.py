#!/usr/bin/env python3
"""Trunk post_build hook: moves Trunk's inline <script type="module"> loader into a content-hashed
file, so the built page runs under `script-src 'self'` with no inline script."""
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
name = f"boot-{hashlib.sha256(body.encode()).hexdigest()[:16]}.js"
open(os.path.join(staging, name), "w", encoding="utf-8").write(body)
html = pattern.sub(f'<script type="module" src="./{name}"></script>', html, count=1)
open(path, "w", encoding="utf-8").write(html)
