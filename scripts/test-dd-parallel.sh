#!/usr/bin/env bash
# `kibitzer dd --write` sharded with GNU parallel, one process per file, as the recipe in docs/command-line.md
# for annotating a library does it: the result must equal one process over all files.
# Installs GNU parallel with apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v parallel >/dev/null; then
  as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  echo "test-dd-parallel: installing GNU parallel with apt-get" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq parallel >/dev/null
fi

bin="${CARGO_TARGET_DIR:-target}/release/kibitzer"
[ -x "$bin" ] || cargo build --release --locked
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/sharded" "$work/single"
for f in bridge-pbn__three_test_records.pbn bridge-pbn__three_test_records_crlf.pbn \
         deal-convert__test.pbn zdenecek-pbn__bridgecomposer.pbn; do
  # Results taken out, so that there is something to write.
  grep -av '^\[OptimumScore ' "../shared/corpus/pbn/$f" > "$work/sharded/$f"
  cp "$work/sharded/$f" "$work/single/$f"
done

find "$work/sharded" -name '*.pbn' | parallel --halt now,fail=1 -j 2 "$bin" dd --write {} '>' /dev/null
"$bin" dd --write "$work/single" > /dev/null
for f in "$work"/single/*.pbn; do
  name="$(basename "$f")"
  cmp "$f" "$work/sharded/$name"
  grep -aq '^\[OptimumScore ' "$f" || { echo "test-dd-parallel: $name has no OptimumScore" >&2; exit 1; }
done
echo "test-dd-parallel: sharded and single runs wrote the same files"
