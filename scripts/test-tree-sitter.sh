#!/usr/bin/env bash
# The tree-sitter grammars (syntaxes/tree-sitter/{pbn,rbn,lin}) with the tree-sitter CLI, built
# from crates.io (pinned) into cargo's target folder the first time:
#   1. `tree-sitter generate` gives back the committed parser (src/) byte for byte;
#   2. `tree-sitter test`: each grammar's own cases (test/corpus) and highlight cases;
#   3. against Kibitzer's tree over the whole corpus and generated files: every file Kibitzer
#      reads without a syntax error parses with no ERROR or MISSING node into as many games, tag
#      pairs and sections (PBN), records, fields and note lines (RBN), boards and pairs (LIN) as
#      Kibitzer's tree has
#      (scripts/tree_sitter_agreement.py).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
version=0.27.1
cli="$target/tree-sitter-cli-$version/bin/tree-sitter"
if [ ! -x "$cli" ]; then
  cargo install tree-sitter-cli --locked --version "$version" --root "$target/tree-sitter-cli-$version" -q
fi
cargo build --release --locked --bin kibitzer -q
kibitzer="$target/release/kibitzer"
# The CLI compiles each grammar into a library of its own cache, kept with cargo's output.
export TREE_SITTER_DIR="$target/tree-sitter-home" TREE_SITTER_LIBDIR="$target/tree-sitter-home/lib"
mkdir -p "$TREE_SITTER_LIBDIR"
[ -f "$TREE_SITTER_DIR/config.json" ] || "$cli" init-config >/dev/null

# Beside the corpus, generated files: gen_pbn.py's games (plain, rich, CR LF), and the same
# games written as RBN and LIN by Kibitzer's converter (the corpus has no RBN note lines; these
# found that the grammar read them as fields).
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
python3 ../shared/tools/gen_pbn.py -o "$generated/plain.pbn" --no-comments --seed 9 500
python3 ../shared/tools/gen_pbn.py -o "$generated/rich.pbn" --rich --seed 7 500
python3 ../shared/tools/gen_pbn.py -o "$generated/crlf.pbn" --crlf --seed 8 500
for file in "$generated"/*.pbn; do
  for to in rbn lin; do
    "$kibitzer" convert --to "$to" -o "${file%.pbn}.$to" "$file" 2>/dev/null
  done
done

status=0
for notation in pbn rbn lin; do
  dir="$root/syntaxes/tree-sitter/$notation"
  echo "== $notation"
  (cd "$dir" && "$cli" generate >/dev/null)
  if ! git -C "$root" diff --quiet -- "syntaxes/tree-sitter/$notation/src"; then
    echo "test-tree-sitter: $notation: the committed parser differs from what grammar.js generates (commit syntaxes/tree-sitter/$notation/src)" >&2
    git -C "$root" diff --stat -- "syntaxes/tree-sitter/$notation/src" >&2
    status=1
  fi
  (cd "$dir" && "$cli" test) || status=1
  files=()
  case $notation in
    pbn) files=(../shared/corpus/pbn/* tests/fixtures/standard/*.pbn "$generated"/*.pbn) ;;
    rbn) files=(../shared/corpus/rbn/* "$generated"/*.rbn) ;;
    lin) files=(../shared/corpus/lin/* "$generated"/*.lin) ;;
  esac
  # The highlight queries compile against the grammar and capture something in a real file.
  captures=$(cd "$dir" && "$cli" query queries/highlights.scm "$root/${files[0]}" 2>&1) || { echo "$captures" >&2; status=1; }
  [ "$(grep -c 'capture:' <<<"$captures")" -gt 0 ] || { echo "test-tree-sitter: $notation: the highlight queries capture nothing" >&2; status=1; }
  python3 scripts/tree_sitter_agreement.py "$kibitzer" "$cli" "$dir" "$notation" "${files[@]}" || status=1
done
exit $status
