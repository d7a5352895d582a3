#!/usr/bin/env bash
# The dealing machines' binary files (DUP, BRI, DGE) against an independent reader users run: the
# npm package pbn (pinned), whose converters turn them into PBN. For every corpus file of those
# formats, and for files Kibitzer writes from generated deals (99 boards to DUP, 300 to BRI and
# DGE, three seeds), both read the same boards with the same deals (scripts/dealing_readers_diff.mjs).
#
# Installs the package into a folder of its own (KIBITZER_DEALING_ORACLE, default
# target/dealing-oracle), so nothing is installed system-wide. DLM is not compared: pbn has no
# DLM reader.
set -euo pipefail
cd "$(dirname "$0")/.."

ORACLE=${KIBITZER_DEALING_ORACLE:-target/dealing-oracle}
if [ ! -f "$ORACLE/node_modules/pbn/package.json" ]; then
  mkdir -p "$ORACLE"
  npm install --silent --no-audit --no-fund --prefix "$ORACLE" pbn@1.6.1 >/dev/null
fi
cargo build --release --locked --quiet --bin kibitzer
kibitzer="${CARGO_TARGET_DIR:-target}/release/kibitzer"

T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT
for seed in 1 2 3; do
  python3 ../shared/tools/gen_pbn.py 99 --seed "$seed" -o "$T/s$seed-99.pbn"
  python3 ../shared/tools/gen_pbn.py 300 --seed "$seed" -o "$T/s$seed-300.pbn"
  "$kibitzer" convert --to dup "$T/s$seed-99.pbn" -o "$T/generated-$seed.dup" 2>/dev/null
  for format in bri dge; do
    "$kibitzer" convert --to "$format" "$T/s$seed-300.pbn" -o "$T/generated-$seed.$format" 2>/dev/null
  done
done
shopt -s nullglob
files=(../shared/corpus/dealing/*.dup ../shared/corpus/dealing/*.bri ../shared/corpus/dealing/*.dge "$T"/generated-*)
node scripts/dealing_readers_diff.mjs "$ORACLE/node_modules" "$kibitzer" "${files[@]}"
