# Sourced by the scripts: puts the project's tools first on PATH (cargo's bin, npm's binaryen wasm-opt).
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
