#!/usr/bin/env bash
# Kibitzer in the browser, tested in a real one: builds the WebAssembly and the playground
# (scripts/build-web.sh), lints the browser's build, then drives the page in Debian's Chromium
# with Playwright (editors/playground/test/playground.test.mjs: squiggles, hover, quick fix,
# format, the board viewer, double dummy in its worker, conversion, a handviewer address, dark
# theme, offline) and prints the budgets (test/budgets.mjs). Screenshots land in
# editors/playground/test-artifacts/. Installs Chromium when missing (as the VS Code tests do).
#
# Environment: KIBITZER_BIN (the native binary the page is compared with; built when unset),
# CARGO_TARGET_DIR as usual.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

step() { printf '\n==> %s\n' "$*"; }

step "dependencies (chromium)"
eval "$(bash "$root/scripts/vscode-test-deps.sh" | grep -E '^CHROMIUM=')"
export CHROMIUM

target_dir="${CARGO_TARGET_DIR:-$root/target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac

bash "$root/scripts/build-web.sh"

step "lints of the browser's build (cargo clippy, wasm32)"
cargo clippy --locked --lib --target wasm32-unknown-unknown --no-default-features -- -D warnings

if [ -z "${KIBITZER_BIN:-}" ]; then
  step "the native binary, to compare with (cargo build --release)"
  cargo build --release --locked --bin kibitzer
  KIBITZER_BIN="$target_dir/release/kibitzer"
fi
export KIBITZER_BIN
export KIBITZER_WEB="$target_dir/playground"

step "the page's folder holds the page alone (what the README says to serve)"
for stray in deps build .fingerprint incremental; do
  if [ -e "$KIBITZER_WEB/$stray" ]; then
    echo "$KIBITZER_WEB holds cargo's $stray: the page is not alone in its folder" >&2
    exit 1
  fi
done
du -sh "$KIBITZER_WEB"

cd "$root/editors/playground"
step "the playground in Chromium"
node test/playground.test.mjs
step "the browser's budgets (printed)"
node test/budgets.mjs
