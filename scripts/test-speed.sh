#!/usr/bin/env bash
# The speed figures, on the 100,000-game `--rich` file of gen_pbn.py: `check` against a raw token
# scan of the same file and LIN against PBN per byte (benches/check.rs), formatting
# (benches/format.rs), and opening the file in the server against `check` with keystroke, hover
# and completion times (examples/lsp_replay.rs), and typing in the same 10,000 boards written as
# PBN, RBN and LIN. Each prints its figures beside its target.
# They are read, not asserted: on a shared two-core machine a run can be slowed by its
# neighbours, and a red build for that would say nothing about the code. What must fail does:
# a benchmark that cannot run, or a server that stops answering.
set -euo pipefail
cd "$(dirname "$0")/.."

file="${CARGO_TARGET_DIR:-target}/bench-rich-100000.pbn"

# Generates the file when it is missing, then times check, and check on the file as LIN.
cargo bench --locked --bench check
KIBITZER_BENCH_FILE="$file" cargo bench --locked --bench format
cargo run --release --locked --example lsp_replay -- "$file"

# Typing in RBN and LIN against PBN: the same 10,000 boards in each notation (the keystroke's
# time in RBN or LIN should stay within twice PBN's).
dir="${CARGO_TARGET_DIR:-target}/bench-notations"
mkdir -p "$dir"
if [ ! -s "$dir/boards.pbn" ]; then
  python3 ../shared/tools/gen_pbn.py 10000 --rich -o "$dir/boards.pbn"
fi
kibitzer="${CARGO_TARGET_DIR:-target}/release/kibitzer"
for notation in rbn lin; do
  "$kibitzer" convert --to "$notation" "$dir/boards.pbn" -o "$dir/boards.$notation" 2>/dev/null
done
for notation in pbn rbn lin; do
  cargo run --release --locked --example lsp_replay -- "$dir/boards.$notation" | grep -E '^(file|keystroke|hover|completion)'
done
