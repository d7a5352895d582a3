#!/usr/bin/env bash
# Runs every fuzz target for a short, bounded time (FUZZ_SECONDS each, default 20), seeded from
# ../shared/corpus. Longer runs by hand: `cargo +nightly fuzz run -O -s none TARGET` in fuzz/.
# Needs the nightly toolchain (cargo-fuzz is installed when missing); every crash found is
# written under fuzz/artifacts/ and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-20}"

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "test-fuzz: SKIPPED: no nightly toolchain on this machine (cargo-fuzz needs it)" >&2
  exit 0
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "test-fuzz: installing cargo-fuzz" >&2
  cargo install cargo-fuzz --locked --quiet
fi

seeds="fuzz/corpus"
mkdir -p "$seeds/pbn" "$seeds/rbn" "$seeds/lin" "$seeds/edits" "$seeds/lsp_stream" "$seeds/dealing"
# Seeds: the start of every corpus file (the targets cut inputs at 4 KiB anyway).
for f in ../shared/corpus/pbn/*; do head -c 4096 "$f" > "$seeds/pbn/$(basename "$f")"; done
for f in ../shared/corpus/dealing/*; do head -c 8192 "$f" > "$seeds/dealing/$(basename "$f")"; done
for f in ../shared/corpus/lin/*; do head -c 4096 "$f" > "$seeds/lin/$(basename "$f")"; done
for f in ../shared/corpus/rbn/* ../shared/corpus/lin/*; do
  [ -f "$f" ] && head -c 4096 "$f" > "$seeds/rbn/$(basename "$f")"
done
for f in ../shared/corpus/pbn/bridge-pbn__three_test_records.pbn ../shared/corpus/pbn/deal-convert__test.pbn ../shared/corpus/rbn/*; do
  head -c 2048 "$f" > "$seeds/edits/$(basename "$f")"
done
# Handviewer addresses pasted among LIN pairs, in both forms.
printf 'qx|o1|md|1S2,,,|\nhttps://www.bridgebase.com/tools/handviewer.html?lin=qx%%7Co2%%7Cmd%%7C3SAK%%2C%%2C%%2C%%7Cmb%%7C1c%%7C\n' > "$seeds/lin/handviewer-lin"
printf 'https://www.bridgebase.com/tools/handviewer.html?n=SAKQJHT98D765C432&s=S2&d=e&v=b&b=7&sn=A+B&a=1NTP3NPPP!&p=HAH10\nqx|o3|\n' > "$seeds/lin/handviewer-fields"
printf 'Content-Length: 2\r\n\r\n{}' > "$seeds/lsp_stream/empty-object"
printf 'Content-Length: 59\r\n\r\n{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}' > "$seeds/lsp_stream/shutdown"

cd fuzz
cargo +nightly fuzz build -O -s none
for target in pbn rbn lin edits lsp_stream dealing; do
  echo "test-fuzz: $target for ${seconds}s" >&2
  mkdir -p "artifacts/$target"
  before="$(ls "artifacts/$target" | wc -l)"
  cargo +nightly fuzz run -O -s none "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -max_len=4096 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 2>&1 \
    | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|SUMMARY|==[0-9]+== ERROR)|panicked|Test unit written' || true
  # A crash leaves a new artifact behind; fail on it.
  if [ "$(ls "artifacts/$target" | wc -l)" != "$before" ]; then
    echo "test-fuzz: $target found a crash: see fuzz/artifacts/$target/ (newest: $(ls -t "artifacts/$target" | head -1))" >&2
    exit 1
  fi
done
echo "test-fuzz: every target ran ${seconds}s without a crash"
