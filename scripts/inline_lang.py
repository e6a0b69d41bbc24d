#!/usr/bin/env python3
"""Trunk post_build hook (after trim_js.py, before the pre-render step): puts boot/lang.js into index.html as an
inline script where the source names it (atop <head>, right after the CSP <meta>), allowed by its 'sha256-' hash
added to the <meta>'s script-src, and removes the file. A Chinese-preferring browser on the bare address is then
sent on to zh.html with index.html's first bytes, before any other file is asked for: an external script costs a
round trip first, and under the <meta> policy (which stops Chromium's preload scanner) it was asked for only when
the parser reached it (BENCHMARKS.md, "The Chinese first answer"). The policy stays strict: no 'unsafe-inline',
one hash for one script. In `trunk serve`'s copy (no <meta>: externalize_loader.py drops it) only the script moves.
Prints the policy a host's header must carry (README: Hosting)."""
import base64
import glob
import hashlib
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR")
if not staging:
    sys.exit("inline_lang.py runs as a Trunk hook (TRUNK_STAGING_DIR is not set)")
path = os.path.join(staging, "index.html")
html = open(path, encoding="utf-8").read()
tag = re.compile(r'<script src="\./(lang-[0-9a-f]{16}\.js)"[^>]*></script>')
found = tag.findall(html)
if len(found) != 1:
    sys.exit(f"inline_lang.py: expected one boot/lang.js script in index.html, found {len(found)}")
file = os.path.join(staging, found[0])
body = open(file, encoding="utf-8").read().strip()
# The link frame's files (boot/lang.js asks for them on a link's first bytes): the curve's worker's wasm and its no-modules glue, by the
# content-hashed names scripts/curve_worker.py gave them.
for mark, pattern in (("__FRAME_GLUE__", "gpuplan-curve-*-glue.js"), ("__FRAME_WASM__", "gpuplan-curve-*_bg.wasm")):
    files = glob.glob(os.path.join(staging, pattern))
    if len(files) != 1 or body.count(mark) != 1:
        sys.exit(f"inline_lang.py: expected one {pattern} in dist/ and one {mark} in boot/lang.js, found {len(files)} and {body.count(mark)}")
    body = body.replace(mark, "./" + os.path.basename(files[0]))
if "</script" in body.lower() or "<!--" in body:
    sys.exit("inline_lang.py: boot/lang.js holds text that would end or change an inline script")
html = tag.sub(lambda _: f"<script>{body}</script>", html, count=1)
digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
meta = re.compile(r"(<meta http-equiv=\"Content-Security-Policy\" content=\"[^\"]*script-src 'self' 'wasm-unsafe-eval')")
metas = meta.findall(html)
if len(metas) > 1:
    sys.exit("inline_lang.py: index.html must carry at most one Content-Security-Policy <meta>")
if metas:
    if html.find("<script>") < html.find('http-equiv="Content-Security-Policy"'):
        sys.exit("inline_lang.py: the inline script must follow the CSP <meta>, which governs only what comes after it")
    html = meta.sub(lambda m: f"{m.group(1)} 'sha256-{digest}'", html, count=1)
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    print(f"inline_lang.py: the policy (index.html's <meta>; a host's header must carry the same): {policy.group(1) if policy else ''}")
elif 'http-equiv="Content-Security-Policy"' in html:
    sys.exit("inline_lang.py: the CSP <meta>'s script-src is not \"'self' 'wasm-unsafe-eval'\"; add the script's hash by hand")
os.remove(file)
open(path, "w", encoding="utf-8").write(html)
