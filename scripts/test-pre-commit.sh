#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml) as a user meets them: pre-commit (PyPI, pinned,
# in a virtual environment of its own under cargo's target folder) installed in a scratch git
# repository whose .pre-commit-config.yaml names this repository at HEAD. A commit with a
# broken file is refused, `fmt` rewrites an untidy file (and so refuses the commit, as every
# formatting hook does), a clean commit passes; the `-installed` hooks do the same with the
# kibitzer on the PATH.
#
# pre-commit builds the `language: rust` hooks with `cargo install --path`; it shares cargo's
# target folder so that the build reuses what the suite built (about 2 minutes, not 8).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
export CARGO_TARGET_DIR=$target
venv="$target/pre-commit-venv"
if [ ! -x "$venv/bin/pre-commit" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check pre-commit==4.7.0
fi
export PRE_COMMIT_HOME="$target/pre-commit-home"
cargo build --release --locked --bin kibitzer -q
rev=$(git rev-parse HEAD)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The `-installed` hooks run this build, kept apart: pre-commit's own builds share the target
# folder, and one of them may leave another tree's kibitzer in `release/` (an older one was
# found there after a run).
mkdir -p "$work/bin"
cp "$target/release/kibitzer" "$work/bin/kibitzer"
# pre-commit's `cargo install --path <its clone>` took a kibitzer built from an earlier clone
# for fresh (every clone gets the same unit in the shared target folder): without Kibitzer's
# own units it builds the clone's sources (the dependencies stay built).
cargo clean --release -p kibitzer -q
fail() { echo "test-pre-commit: $*" >&2; exit 1; }

# One scratch repository per set of hooks: `hooks` is the ids, `path` the PATH to run with.
scenario() {
  local name=$1 check_id=$2 fmt_id=$3
  local repo="$work/$name"
  mkdir -p "$repo"
  cd "$repo"
  git init -q
  git config user.email test@example.com
  git config user.name test
  git config commit.gpgsign false
  cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $root
    rev: $rev
    hooks:
      - id: $check_id
      - id: $fmt_id
YAML
  git add .pre-commit-config.yaml
  git commit -q --no-verify -m "settings"
  "$venv/bin/pre-commit" install >/dev/null

  # A broken file (a call spelt `1N`, an auction with no dealer): refused, and the errors said.
  printf '[Event "x"]\r\n[Board "1"]\r\n[Auction "N"]\r\nPass 1N\r\n' > broken.pbn
  git add broken.pbn
  if git commit -q -m "broken" > "$work/$name-broken.log" 2>&1; then
    cat "$work/$name-broken.log"; fail "$name: a commit with a broken file passed"
  fi
  grep -q 'error\[A301\]' "$work/$name-broken.log" || { cat "$work/$name-broken.log"; fail "$name: the refusal does not say why"; }
  git rm -q --cached broken.pbn
  rm broken.pbn

  # A correct but untidy file: fmt rewrites it (keeping its line ends) and the commit is refused;
  # committed again as rewritten, it passes.
  printf '[Event  "x"]\n[Board "1"]\n' > untidy.pbn
  git add untidy.pbn
  if git commit -q -m "untidy" > "$work/$name-untidy.log" 2>&1; then
    cat "$work/$name-untidy.log"; fail "$name: fmt left an untidy file to be committed"
  fi
  [ "$(cat untidy.pbn)" = "$(printf '[Event "x"]\n[Board "1"]')" ] || { od -c untidy.pbn | head; fail "$name: fmt did not rewrite the file"; }
  git add untidy.pbn
  git commit -q -m "tidy" > "$work/$name-tidy.log" 2>&1 || { cat "$work/$name-tidy.log"; fail "$name: a clean commit was refused"; }

  # Other files are not the hooks' business.
  printf 'notes\n' > README.txt
  git add README.txt
  git commit -q -m "notes" || fail "$name: a commit with no bridge file was refused"
  cd "$root"
  echo "test-pre-commit: $name: a broken file refused, an untidy one rewritten, clean commits pass"
}

scenario built kibitzer-check kibitzer-fmt
PATH="$work/bin:$PATH" scenario installed kibitzer-check-installed kibitzer-fmt-installed
