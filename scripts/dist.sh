#!/usr/bin/env bash
# Everything a release hands out, built on one Linux machine into <cargo target>/dist/:
#
#   bash scripts/dist.sh
#
#   kibitzer-<version>-<platform>.zip|.tar.gz   the program for Windows x64, macOS x64 and arm64,
#                                                and static Linux (musl) x64 and arm64
#   kibitzer-<vsce target>-<version>.vsix        VS Code packages with their own native server:
#                                                win32-x64, darwin-x64, darwin-arm64, linux-x64,
#                                                linux-arm64, alpine-x64
#   kibitzer-<version>.vsix                      the universal package: the WebAssembly server
#                                                (VS Code for the web, and any other platform)
#   kibitzer-<version>-py3-none-<tag>.whl        the program as a Python wheel, per platform
#   kibitzer-playground-<version>.zip            the playground, a static page
#   SHA256SUMS                                   over all of it
#
# It installs what it needs when missing: the rustup targets, Debian's mingw-w64 (Windows),
# and, in a venv under the target folder, ziglang and cargo-zigbuild from PyPI (zig links the
# macOS and static Linux programs; no macOS SDK is needed for a program that uses only the
# system library). The programs are built without debug information (the test builds keep it).
# What cannot be done here: running the macOS programs (the release workflow runs the tests
# on macOS runners; see docs/releasing.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
started=$SECONDS
step() { printf '\n==> %s (%d s so far)\n' "$*" $((SECONDS - started)); }

target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
version="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["packages"][0]["version"])')"
dist="$target_dir/dist"
rm -rf "$dist"
mkdir -p "$dist"

# rust target | archive name | VS Code targets (comma-separated) | wheel platform tag
platforms=(
  "x86_64-pc-windows-gnu|windows-x64|win32-x64|win_amd64"
  "x86_64-apple-darwin|macos-x64|darwin-x64|macosx_10_12_x86_64"
  "aarch64-apple-darwin|macos-arm64|darwin-arm64|macosx_11_0_arm64"
  "x86_64-unknown-linux-musl|linux-x64|linux-x64,alpine-x64|manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_2_x86_64"
  "aarch64-unknown-linux-musl|linux-arm64|linux-arm64|manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_2_aarch64"
)

step "tools: rustup targets, mingw-w64, zip, and zig with cargo-zigbuild (in a venv)"
# shellcheck source=apt-install.sh
source "$root/scripts/apt-install.sh"
# shellcheck source=npm-ci.sh
source "$root/scripts/npm-ci.sh"
missing=()
command -v x86_64-w64-mingw32-gcc >/dev/null || missing+=(gcc-mingw-w64-x86-64)
command -v zip >/dev/null || missing+=(zip)
command -v file >/dev/null || missing+=(file)
apt_install "${missing[@]}"
installed="$(rustup target list --installed)"
for entry in "${platforms[@]}"; do
  triple="${entry%%|*}"
  grep -qx "$triple" <<<"$installed" || rustup target add "$triple"
done
tools="$target_dir/dist-tools"
if [ ! -x "$tools/bin/cargo-zigbuild" ]; then
  python3 -m venv "$tools"
  "$tools/bin/pip" install --quiet "ziglang==0.17.1" "cargo-zigbuild==0.24.1"
fi
export PATH="$tools/bin:$PATH"

# Smaller programs for people; the tests' builds keep their line tables.
export CARGO_PROFILE_RELEASE_DEBUG=false

# First, so that every VS Code package carries the WebAssembly server built now (a package
# takes the one in the target folder, which may be older).
step "the WebAssembly server, the playground and the universal VS Code package"
SKIP_VSIX=1 bash scripts/build-web.sh
wasm="$target_dir/wasm32-unknown-unknown/web/kibitzer.wasm"
npm_ci editors/vscode
(cd editors/vscode && KIBITZER_WASM="$wasm" node scripts/package.mjs --universal --no-native)
mv "editors/vscode/kibitzer-$version.vsix" "$dist/"
(cd "$target_dir/playground" && zip -qr "$dist/kibitzer-playground-$version.zip" .)

readme="$root/README.md"
for entry in "${platforms[@]}"; do
  IFS='|' read -r triple name vsce_targets wheel_tag <<<"$entry"
  step "the program for $name ($triple)"
  exe=kibitzer
  if [[ "$triple" == *windows* ]]; then
    exe=kibitzer.exe
    cargo build --release --locked --bin kibitzer --target "$triple"
  else
    cargo zigbuild --release --locked --bin kibitzer --target "$triple"
  fi
  program="$target_dir/$triple/release/$exe"
  file "$program"
  stage="$target_dir/dist-stage/kibitzer-$version-$name"
  rm -rf "$stage"
  mkdir -p "$stage"
  cp "$program" README.md "$stage/"
  if [[ "$exe" == *.exe ]]; then
    (cd "$(dirname "$stage")" && zip -qr "$dist/kibitzer-$version-$name.zip" "$(basename "$stage")")
  else
    tar -C "$(dirname "$stage")" -czf "$dist/kibitzer-$version-$name.tar.gz" "$(basename "$stage")"
  fi
  python3 scripts/wheel.py --binary "$program" --tag "$wheel_tag" --version "$version" \
    --readme "$readme" --out "$dist"
  IFS=',' read -r -a targets <<<"$vsce_targets"
  for vsce_target in "${targets[@]}"; do
    step "the VS Code package for $vsce_target"
    (cd editors/vscode && KIBITZER_SERVER_BINARY="$program" node scripts/package.mjs --target "$vsce_target")
    mv "editors/vscode/kibitzer-$vsce_target-$version.vsix" "$dist/"
  done
done


(cd editors/vscode && node scripts/build.mjs >/dev/null) # out/ as the tests use it

step "SHA256SUMS"
(cd "$dist" && sha256sum -- * > SHA256SUMS)
ls -l "$dist"
printf '\n==> dist took %d s\n' $((SECONDS - started))
