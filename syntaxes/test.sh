#!/usr/bin/env bash
# Run the PBN grammar tests from any working directory:
# install the locked test tools, then run `npm test`.
# The exit status is that of the first failing step (or 0).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
npm ci --no-audit --no-fund --loglevel=error >/dev/null
npm test
