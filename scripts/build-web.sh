#!/usr/bin/env bash
# Builds Kibitzer for the browser, on a fresh machine:
#   1. the library for wasm32-unknown-unknown (adds the rustup target when missing), without
#      the native-only parts (the `native` feature: command line, tokio, mimalloc);
#   2. the playground page into <target>/web/ (index.html at its root; any static file server
#      serves it: `python3 -m http.server -d target/playground`; the page alone, apart from
#      cargo's own build output in <target>/web/), with CodeMirror and esbuild from npm;
#   3. the universal VS Code extension, editors/vscode/kibitzer-<version>.vsix: this machine's
#      native server (built here) and the WebAssembly one for every other platform and for VS
#      Code for the web. SKIP_VSIX=1 leaves it out.
# <target> is cargo's target folder ($CARGO_TARGET_DIR when set, else target/).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=npm-ci.sh
source "$root/scripts/npm-ci.sh"
cd "$root"

step() { printf '\n==> %s\n' "$*"; }

target_dir="${CARGO_TARGET_DIR:-$root/target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac

step "the WebAssembly (cargo, wasm32-unknown-unknown, profile web)"
if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
cargo rustc --locked --lib --crate-type cdylib --target wasm32-unknown-unknown \
  --no-default-features --profile web
wasm="$target_dir/wasm32-unknown-unknown/web/kibitzer.wasm"

step "the playground (npm ci, typecheck, esbuild) into $target_dir/playground"
npm_ci "$root/editors/playground"
cd "$root/editors/playground"
npx tsc --noEmit -p .
node scripts/build.mjs --wasm "$wasm" --out "$target_dir/playground"

if [ -z "${SKIP_VSIX:-}" ]; then
  step "the universal .vsix (native server for this platform + WebAssembly for the others)"
  cd "$root"
  cargo build --release --locked --bin kibitzer
  npm_ci "$root/editors/vscode"
  cd "$root/editors/vscode"
  rm -f kibitzer-*.vsix
  KIBITZER_WASM="$wasm" node scripts/package.mjs --universal
  node scripts/build.mjs >/dev/null # leave out/ as the tests use it (the package build is minified)
  ls -l "$root"/editors/vscode/kibitzer-*.vsix
fi
