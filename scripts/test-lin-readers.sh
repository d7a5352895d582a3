#!/usr/bin/env bash
# LIN against two independent readers users already run: endplay and bridgebots (PyPI, pinned).
# For every corpus LIN file: as many boards as deals, and each reader's boards (deal, dealer,
# vulnerability, calls, cards) equal to Kibitzer's, except for the readers' own habits and bugs
# that scripts/lin_readers_diff.py names (docs/lin.md lists them). Fails on anything else.
#
# Installs the two readers into a virtual environment of their own (KIBITZER_LIN_ORACLE, default
# target/lin-oracle), so nothing is installed system-wide.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${KIBITZER_LIN_ORACLE:-target/lin-oracle}
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import endplay, bridgebots' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check endplay==0.5.12 bridgebots==0.0.12
fi
files=(../shared/corpus/lin/*.lin)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# Through cargo, which knows where it builds (CARGO_TARGET_DIR, a target-dir in its settings).
cargo run --release --locked --example lin_boards -q -- "${files[@]}" >"$out"
# bridgebots logs every board it drops; the script accounts for each, so the log is noise here.
"$VENV/bin/python" scripts/lin_readers_diff.py "$out" "${files[@]}" 2> >(grep -v '^WARNING:root:' >&2)
