#!/usr/bin/env bash
# Tests the VS Code extension (editors/vscode) in a real VS Code, headless:
#   1. installs what is missing (scripts/vscode-test-deps.sh: chromium, libkrb5-dev, Node 24,
#      code-server; cached under ~/.cache/kibitzer-vscode-test, so reruns skip it);
#   2. builds the language server (cargo build --release) and the extension (npm ci + esbuild);
#   3. packages the .vsix (checks that packaging works and bundles the server);
#   4. runs the extension test suites inside VS Code's extension host (editors/vscode/test/);
#   5. runs the ui suite again with a package that carries no native server (the extension then
#      runs the server compiled to WebAssembly), and the web suite in VS Code's web worker
#      extension host, as VS Code for the web runs the extension (SKIP_WASM=1 skips both).
# Screenshots and logs land in editors/vscode/test-artifacts/. Exits non-zero on any failure.
#
# Environment:
#   KIBITZER_BIN       use this kibitzer binary instead of building one
#   CARGO_TARGET_DIR   as usual for the cargo build
#   SUITES             integration,ui (default both)
#   SKIP_PACKAGE=1     do not build the .vsix
#   TEST_TIMEOUT       overall limit in seconds for the test run (default 900)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ext="$root/editors/vscode"
# shellcheck source=npm-ci.sh
source "$root/scripts/npm-ci.sh"
started=$SECONDS

step() { printf '\n==> %s\n' "$*"; }

step "dependencies (chromium, Node 24, code-server)"
eval "$(bash "$root/scripts/vscode-test-deps.sh" | grep -E '^(NODE24|CODE_SERVER|CHROMIUM)=')"
export NODE24 CODE_SERVER CHROMIUM

if [ -z "${KIBITZER_BIN:-}" ]; then
  step "language server (cargo build --release)"
  (cd "$root" && cargo build --release --locked --bin kibitzer)
  KIBITZER_BIN="${CARGO_TARGET_DIR:-$root/target}/release/kibitzer"
  case "$KIBITZER_BIN" in /*) ;; *) KIBITZER_BIN="$root/$KIBITZER_BIN" ;; esac
fi
export KIBITZER_BIN
if ! "$KIBITZER_BIN" lsp --help >/dev/null 2>&1; then
  echo "note: $KIBITZER_BIN has no working 'lsp' command yet; the feature tests will fail" >&2
fi

step "extension (npm ci, typecheck, build)"
npm_ci "$ext"
cd "$ext"
npx tsc --noEmit -p .
npx tsc --noEmit -p src/webview
npx tsc --noEmit -p src/web
node scripts/build.mjs
# Which server the extension starts (setting, bundled, WebAssembly; PATH only when named).
node test/server-choice.mjs
# The WebAssembly server's worker loop: texts handed apart, answers as text, parts paced.
node test/serve-loop.mjs

if [ -z "${SKIP_PACKAGE:-}" ]; then
  step "package (.vsix)"
  rm -f "$ext"/kibitzer-*.vsix
  KIBITZER_SERVER_BINARY="$KIBITZER_BIN" node scripts/package.mjs
  vsix="$(ls -t "$ext"/kibitzer-*.vsix | head -n1)"
  # The package holds the client, the grammar, the language configuration and the server
  # (executable), and nothing of the sources, tests or source maps.
  unpacked="$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-vsix-XXXXXX")"
  trap 'rm -rf "$unpacked"' EXIT
  listing="$(node scripts/unpack-vsix.mjs "$vsix" "$unpacked")"
  for f in extension/out/extension.js extension/syntaxes/pbn.tmLanguage.json extension/syntaxes/rbn.tmLanguage.json extension/syntaxes/lin.tmLanguage.json \
    extension/language-configuration.json extension/language-configuration-rbn.json \
    extension/out/webview/preview.js extension/media/preview.css extension/media/pbn.svg \
    "extension/server/$(node -p 'process.platform + "-" + process.arch')/kibitzer"; do
    grep -q " $f\$" <<<"$listing" || { echo "missing from $vsix: $f" >&2; exit 1; }
  done
  grep -q "^0755 .* extension/server/" <<<"$listing" || { echo "the bundled server is not executable in $vsix" >&2; exit 1; }
  if grep -qE '\.map$|/node_modules/|/test/|/src/' <<<"$listing"; then
    echo "$vsix carries files it should not:" >&2
    grep -E '\.map$|/node_modules/|/test/|/src/' <<<"$listing" >&2
    exit 1
  fi
  export PACKAGED_EXT="$unpacked/extension"
  echo "packaged $vsix ($(du -h "$vsix" | cut -f1))"
  node scripts/build.mjs >/dev/null # the package build is minified and has no tests: rebuild
fi

step "tests in VS Code ($(basename "$CODE_SERVER") $(node -p "require('$CODE_SERVER/package.json').version"))"
# timeout bounds the run; the runner starts the VS Code server in a process group of its own and
# ends it, and writes its id so that this script can end it too if the runner itself was killed.
artifacts="$ext/test-artifacts"
set +e
timeout --kill-after=20 "${TEST_TIMEOUT:-900}" "$NODE24" "$ext/test/run-vscode.mjs"
status=$?
set -e
if [ -f "$artifacts/vscode-server.pgid" ]; then
  pgid="$(cat "$artifacts/vscode-server.pgid")"
  # Zombies do not count: they hold nothing and go when reaped.
  if ps -eo pgid=,stat= | awk -v g="$pgid" '$1 == g && $2 !~ /^Z/ { found = 1 } END { exit !found }'; then
    echo "ending the VS Code server's processes left behind (group $pgid)" >&2
    kill -TERM -- "-$pgid" 2>/dev/null || true
    sleep 2
    kill -KILL -- "-$pgid" 2>/dev/null || true
    status=1
  fi
fi
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
  echo "the test run took more than ${TEST_TIMEOUT:-900} s" >&2
fi

# Once more on the WebAssembly server: the ui suite with a package that carries no native
# server (what a user on Windows or macOS gets from the universal .vsix), and no server path.
if [ "$status" = 0 ] && [ -z "${SKIP_WASM:-}" ]; then
  step "the ui suite again, on the WebAssembly server (a package with no native server)"
  target_dir="${CARGO_TARGET_DIR:-$root/target}"
  case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac
  # Always: cargo rebuilds only what changed (5 s when nothing did), and a module left from
  # an older tree would test the old server.
  bash "$root/scripts/build-web.sh"
  rm -f "$ext"/kibitzer-*.vsix
  node scripts/package.mjs --universal --no-native
  vsix="$ext/kibitzer-$(node -p "require('./package.json').version").vsix"
  wasm_unpacked="$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-vsix-wasm-XXXXXX")"
  listing="$(node scripts/unpack-vsix.mjs "$vsix" "$wasm_unpacked")"
  grep -q " extension/server/kibitzer.wasm\$" <<<"$listing" || { echo "missing from $vsix: server/kibitzer.wasm" >&2; exit 1; }
  if grep -q " extension/server/.*/kibitzer\$" <<<"$listing"; then
    echo "$vsix carries a native server; this run is for the WebAssembly one" >&2
    exit 1
  fi
  node scripts/build.mjs >/dev/null # the package build is minified and has no tests: rebuild
  set +e
  SUITES=ui WASM_EXT="$wasm_unpacked/extension" ARTIFACTS="$artifacts/wasm" \
    timeout --kill-after=20 "${TEST_TIMEOUT:-900}" "$NODE24" "$ext/test/run-vscode.mjs"
  status=$?
  set -e
  rm -rf "$wasm_unpacked"
fi

# And as VS Code for the web runs it: in the web worker extension host, on the WebAssembly
# server in web workers.
if [ "$status" = 0 ] && [ -z "${SKIP_WASM:-}" ]; then
  step "the extension in VS Code's web worker extension host (as in VS Code for the web)"
  set +e
  SUITES=web ARTIFACTS="$artifacts/web" \
    timeout --kill-after=20 "${TEST_TIMEOUT:-900}" "$NODE24" "$ext/test/run-vscode.mjs"
  status=$?
  set -e
fi
echo "test-vscode: $((SECONDS - started)) s, exit $status; artefacts in $ext/test-artifacts"
exit "$status"
