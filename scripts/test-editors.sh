#!/usr/bin/env bash
# Runs the real-editor probes (Neovim 0.7 and Emacs + eglot, headless) against `kibitzer lsp`,
# installing the editors with apt-get when they are missing. Each probe opens a file with a
# known error, receives the diagnostic, hovers the Deal, formats the buffer and shuts down; the
# script then checks that no server process is left behind.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
# The release build, as the rest of the suite uses it (no second, debug build).
cargo build --release --quiet --locked --bin kibitzer
export KIBITZER="$PWD/$CARGO_TARGET_DIR/release/kibitzer"
[[ "$CARGO_TARGET_DIR" = /* ]] && KIBITZER="$CARGO_TARGET_DIR/release/kibitzer"

need=()
command -v nvim >/dev/null || need+=(neovim)
command -v emacs >/dev/null || need+=(emacs-nox)
[ -d /usr/share/emacs/site-lisp/elpa/eglot-* ] 2>/dev/null || dpkg -s elpa-eglot >/dev/null 2>&1 || need+=(elpa-eglot)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT
# A game whose Board tag is not closed (S002), with a full deal to hover, and a second game in
# import format (tags out of order, lower-case seat) that formatting must rewrite. The probes
# check that after formatting the second game reads `[Board "2"]` then `[Dealer "E"]`.
cat > "$T/broken.pbn" <<'PBN'
[Event "Probe"]
[Board "1"
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

[Dealer "e"]
[Board "2"]
PBN
export PBN="$T/broken.pbn"

# Files for the set-up probes, which run the editors with the set-ups from editors/ exactly as
# the README gives them, finding `kibitzer` on PATH.
printf '[Event "Set-up"]\n[Board "1"\n' > "$T/setup.pbn"
printf 'B 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\nZ what\n\n' > "$T/setup.rbn"
printf 'md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|mb|1s|mb|p|mb|1h|\n' > "$T/setup.lin"
# A DLM whose second board's checksum is wrong (M104).
cp editors/vscode/test/fixtures/machine.dlm "$T/setup.dlm"
export SETUP_PBN="$T/setup.pbn" SETUP_RBN="$T/setup.rbn" SETUP_LIN="$T/setup.lin" SETUP_DLM="$T/setup.dlm"
BIN_DIR="$(dirname "$KIBITZER")"

leftover() { pgrep -f -- "kibitzer lsp" >/dev/null; }
status=0
echo "== Neovim $(nvim --version | head -1)"
export XDG_CONFIG_HOME="$T/cfg" XDG_DATA_HOME="$T/data" XDG_STATE_HOME="$T/state" XDG_CACHE_HOME="$T/cache"
if setsid timeout 60 nvim --headless -u NONE -c "luafile editors/nvim/probe.lua" </dev/null; then :; else status=1; fi
sleep 0.5
if leftover; then echo "a server process outlived Neovim"; status=1; fi
echo
echo "-- the set-up in editors/nvim/kibitzer.lua"
if PATH="$BIN_DIR:$PATH" PBN="$SETUP_PBN" RBN="$SETUP_RBN" LIN="$SETUP_LIN" DLM="$SETUP_DLM" setsid timeout 60 \
  nvim --headless -u editors/nvim/kibitzer.lua -c "luafile editors/nvim/setup-probe.lua" </dev/null; then :; else status=1; fi
sleep 0.5
if leftover; then echo "a server process outlived Neovim"; status=1; fi
echo
echo "== $(emacs --version | head -1)"
if setsid timeout 60 emacs --batch -l editors/emacs/probe.el </dev/null; then :; else status=1; fi
sleep 0.5
if leftover; then echo "a server process outlived Emacs"; status=1; fi
echo "-- the set-up in editors/emacs/kibitzer-mode.el"
if PATH="$BIN_DIR:$PATH" PBN="$SETUP_PBN" RBN="$SETUP_RBN" LIN="$SETUP_LIN" DLM="$SETUP_DLM" \
  KIBITZER_MODE="$PWD/editors/emacs/kibitzer-mode.el" setsid timeout 60 \
  emacs --batch -l editors/emacs/setup-probe.el </dev/null; then :; else status=1; fi
sleep 0.5
if leftover; then echo "a server process outlived Emacs"; status=1; fi
[ $status -eq 0 ] && echo "editors: all probes passed" || echo "editors: FAILED"
exit $status
