#!/usr/bin/env bash
# Holds kibitzer.toml's schema (editors/vscode/schemas/kibitzer.schema.json) to taplo, the TOML
# engine that Even Better TOML runs in VS Code (and Helix and Zed use through taplo's server):
# the README's example is valid, misspelt keys, wrong types and unknown values are refused on
# their line, both when the schema is given (as the extension's tomlValidation association does)
# and when the file names it on its first line (`#:schema`, as the README says for other editors).
# tests/settings_schema.rs holds the schema to the loader with a JSON Schema library; this holds
# it to what the editors use. Installs @taplo/cli from npm into a cache folder when missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
schema="$root/editors/vscode/schemas/kibitzer.schema.json"
taplo_version=0.7.0
cache="${XDG_CACHE_HOME:-$HOME/.cache}/kibitzer-taplo-$taplo_version"

if [ ! -x "$cache/node_modules/.bin/taplo" ]; then
  mkdir -p "$cache"
  (cd "$cache" && npm install --no-audit --no-fund --no-save --prefix "$cache" "@taplo/cli@$taplo_version" >/dev/null)
fi
taplo="$cache/node_modules/.bin/taplo"
# (taplo --version prints the version but exits 1)
"$taplo" --version || true

work="$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-taplo-XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
passed=0

# The README's example: the first ```toml block of the README.
awk '/^```toml$/ {on=1; next} on && /^```$/ {exit} on {print}' "$root/README.md" > "$work/readme.toml"
if [ ! -s "$work/readme.toml" ]; then
  echo "FAIL: no toml block in README.md" >&2
  exit 1
fi

# expect NAME valid|invalid [TEXT-THE-MESSAGE-HAS]: lints $work/NAME.toml with the schema given,
# then again with `#:schema` on its first line and no schema given.
expect() {
  local name="$1" want="$2" says="${3:-}"
  local file="$work/$name.toml" directed="$work/$name-directive.toml"
  { printf '#:schema %s\n' "$schema"; cat "$file"; } > "$directed"
  local how out status
  for how in given directive; do
    if [ "$how" = given ]; then
      out="$(cd "$work" && "$taplo" lint --no-auto-config --schema "file://$schema" "$file" 2>&1)" && status=0 || status=$?
    else
      out="$(cd "$work" && "$taplo" lint --no-auto-config "$directed" 2>&1)" && status=0 || status=$?
    fi
    local ok=1
    if [ "$want" = valid ] && [ "$status" -ne 0 ]; then ok=0; fi
    if [ "$want" = invalid ] && [ "$status" -eq 0 ]; then ok=0; fi
    if [ -n "$says" ] && ! grep -qF -- "$says" <<<"$out"; then ok=0; fi
    if [ "$ok" = 1 ]; then
      passed=$((passed + 1))
    else
      failures=$((failures + 1))
      printf 'FAIL: %s (schema %s): wanted %s%s, taplo exited %d:\n%s\n' "$name" "$how" "$want" \
        "${says:+ saying \"$says\"}" "$status" "$out" >&2
    fi
  done
}

expect readme valid

printf '[check]\nmin_severity = "info"\n' > "$work/misspelt-key.toml"
expect misspelt-key invalid "min_severity"

printf '[chek]\nselect = ["A"]\n' > "$work/unknown-table.toml"
expect unknown-table invalid "chek"

# One code may be a plain string; a number may not.
printf '[check]\nselect = "A"\nignore = "A301"\n' > "$work/select-one-code.toml"
expect select-one-code valid
printf '[check]\nselect = 3\n' > "$work/select-not-codes.toml"
expect select-not-codes invalid '3'

printf '[check]\nexport = "yes"\n' > "$work/export-not-a-boolean.toml"
expect export-not-a-boolean invalid '"yes"'

printf '[check]\nmin-severity = "fatal"\n' > "$work/unknown-severity.toml"
expect unknown-severity invalid '"fatal"'

printf '[format]\neol = "dos"\n' > "$work/unknown-line-end.toml"
expect unknown-line-end invalid '"dos"'

printf '[check.per-file-ignores]\n"a/*.pbn" = 7\n' > "$work/ignores-not-codes.toml"
expect ignores-not-codes invalid '7'

printf '[format]\nexport = true\neol = "crlf"\n' > "$work/format-only.toml"
expect format-only valid

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
