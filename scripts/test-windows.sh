#!/usr/bin/env bash
# The Windows program, built here and run under Wine: it must find what the Linux program finds.
#
#   bash scripts/test-windows.sh
#
# Installs what it needs when missing (Debian's gcc-mingw-w64-x86-64 and wine64, the rustup
# target x86_64-pc-windows-gnu), builds kibitzer.exe, and then, under Wine:
#   1. `check --output-format json --min-severity hint` on every corpus file gives the Linux
#      program's findings (paths aside);
#   2. `fmt` rewrites a file in place, CRLF kept, and `fmt --check` then passes it;
#   3. `convert` and `dd` run and write what the Linux program writes;
#   4. a Notepad file (UTF-16 with a byte-order mark, CRLF) reads as the Linux program reads it;
#   5. an editor session with Windows URIs (`file:///c%3A/deals/club%20night.pbn`) answers.
# Wine 8 lacks bcryptprimitives.dll, which Rust's standard library asks for random bytes: a
# ten-line stand-in (scripts/windows/bcryptprimitives.c), built with mingw, sits beside the
# program in the test folder only.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
corpus="${KIBITZER_CORPUS:-$root/../shared/corpus}"
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"

step() { printf '\n==> %s\n' "$*"; }

step "what the Windows build needs"
# shellcheck source=apt-install.sh
source "$root/scripts/apt-install.sh"
missing=()
command -v x86_64-w64-mingw32-gcc >/dev/null || missing+=(gcc-mingw-w64-x86-64)
[ -x /usr/lib/wine/wine64 ] || command -v wine64 >/dev/null || missing+=(wine64)
command -v file >/dev/null || missing+=(file)
apt_install "${missing[@]}"
if ! rustup target list --installed | grep -qx x86_64-pc-windows-gnu; then
  rustup target add x86_64-pc-windows-gnu
fi
wine=/usr/lib/wine/wine64
[ -x "$wine" ] || wine="$(command -v wine64)"

step "kibitzer.exe (cargo, x86_64-pc-windows-gnu) and the Linux program"
cargo build --release --locked --bin kibitzer --target x86_64-pc-windows-gnu
cargo build --release --locked --bin kibitzer
linux="$target_dir/release/kibitzer"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$target_dir/x86_64-pc-windows-gnu/release/kibitzer.exe" "$work/"
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/bcryptprimitives.dll" \
  scripts/windows/bcryptprimitives.c
file "$work/kibitzer.exe"

export WINEPREFIX="$work/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
"$wine" wineboot --init >/dev/null 2>&1 || true
python3 scripts/windows_agreement.py --wine "$wine" --exe "$work/kibitzer.exe" \
  --linux "$linux" --corpus "$corpus" --work "$work"
