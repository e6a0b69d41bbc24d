# Sourced by the scripts: puts the project's tools first on PATH (cargo's bin, npm's binaryen wasm-opt).
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

# The page's panic locations name their files without this machine's directories: a crate's files as
# `tachys-0.2.19/src/dom.rs`, not under `$CARGO_HOME/registry/src/index.crates.io-<hash>/` (BENCHMARKS.md,
# fifteenth session; std's `/rustc/<commit>/library/` paths come from the precompiled std and its metadata,
# which a remap does not reach). The prefix depends on the machine, which .cargo/config.toml cannot read,
# so it is computed here. Cargo appends this variable to the config's `[target.wasm32-unknown-unknown] rustflags`
# (`--cfg erase_components` stays; RUSTFLAGS would replace them). Without this file the page builds the
# same, with longer paths. Only the wasm32 target: native builds and tests keep their real paths.
gpuplan_remap() {
  local home="${CARGO_HOME:-$HOME/.cargo}" flags="" dir
  # The last matching prefix wins: the registry's root first, then each index directory under it.
  flags="--remap-path-prefix=$home/registry/src/="
  for dir in "$home"/registry/src/*/; do
    [ -d "$dir" ] && flags="$flags --remap-path-prefix=$dir="
  done
  printf '%s' "$flags"
}
# A path with a space would split the flags: leave such a machine's paths as they are.
case "${CARGO_HOME:-$HOME/.cargo}" in
  *" "*) ;;
  *) export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$(gpuplan_remap)" ;;
esac
unset -f gpuplan_remap
