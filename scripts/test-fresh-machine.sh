#!/usr/bin/env bash
# The README's quick start, then its test command, then scripts/dist.sh, on a machine that has
# never built Kibitzer: a Debian bookworm root made by debootstrap beside this checkout, given
# only what a new machine of the project's kind has (the Rust toolchain with its host target
# alone, nextest, gcc, git, Python 3 with pip, Node.js with npm, a JDK with Maven, the
# machine's certificates and package settings), with a clean clone of the committed tree.
# Everything else (apt and npm packages, rustup targets, cargo tools) the project's scripts
# must install themselves; a step that relies on something left by an earlier run fails here.
#
# usage: sudo bash scripts/test-fresh-machine.sh [ROOT]   (default ../fresh-root; about an hour
#        on two cores). Needs root (debootstrap, chroot, mounts). Logs: ROOT/root/*.log.
#        STEPS="quickstart test dist" (the default) says which of the three to run.
# Not part of the test command: it rebuilds everything from nothing and takes an hour.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="${1:-$(dirname "$here")/fresh-root}"
shared="$(dirname "$here")/shared"
# shellcheck source=apt-install.sh
source "$here/scripts/apt-install.sh"
command -v debootstrap >/dev/null || apt_install debootstrap
command -v rsync >/dev/null || apt_install rsync

if [ ! -x "$root/bin/bash" ]; then
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
for m in proc sys dev dev/pts; do
  mountpoint -q "$root/$m" || mount --bind "/$m" "$root/$m"
done
mkdir -p "$root/dev/shm"
mountpoint -q "$root/dev/shm" || mount -t tmpfs shm "$root/dev/shm"
trap 'for m in dev/shm dev/pts dev sys proc; do umount "$root/$m" 2>/dev/null || true; done' EXIT

# What a new machine has, and the machine's own certificates and registry settings (a sandbox
# may reach the registries through a proxy of its own).
mkdir -p "$root/usr/local/share/ca-certificates"
cp /usr/local/share/ca-certificates/* "$root/usr/local/share/ca-certificates/" 2>/dev/null || true
chroot "$root" apt-get update -q
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  ca-certificates curl gcc g++ libc6-dev make git python3 python3-pip python3-venv \
  openjdk-17-jdk-headless maven xz-utils unzip file procps sudo
chroot "$root" update-ca-certificates >/dev/null
for f in /root/.npmrc /etc/pip.conf; do [ -f "$f" ] && cp "$f" "$root$f"; done
mkdir -p "$root/root/.cargo/bin" "$root/usr/lib/node_modules"
rsync -a "$HOME/.rustup" "$root/root/"
rsync -a --exclude 'cargo-*' "$HOME/.cargo/bin/" "$root/root/.cargo/bin/"
for proxy in cargo cargo-clippy cargo-fmt; do ln -sf rustup "$root/root/.cargo/bin/$proxy"; done
cp "$(command -v cargo-nextest)" "$root/usr/local/bin/" 2>/dev/null || true
cp "$(command -v node)" "$root/usr/bin/node"
rsync -a /usr/lib/node_modules/npm "$root/usr/lib/node_modules/"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/bin/npx"
# The host's standard library only, as rustup installs it.
host_path="/root/.cargo/bin:/usr/local/bin:/usr/bin:/bin"
installed="$(chroot "$root" env HOME=/root PATH="$host_path" rustup target list --installed)"
host="$(chroot "$root" env HOME=/root PATH="$host_path" rustc -vV | sed -n 's/^host: //p')"
for target in $installed; do
  [ "$target" = "$host" ] || chroot "$root" env HOME=/root PATH="$host_path" rustup target remove "$target"
done

# The committed tree, cloned, beside the shared folder.
mkdir -p "$root/work"
rm -rf "$root/work/main"
git clone -q "$here" "$root/work/main"
rsync -a --delete "$shared/" "$root/work/shared/"

cat >"$root/root/fresh-run.sh" <<'EOF'
#!/bin/bash
cd /work/main
run() { # name, command...
  local name=$1 started=$SECONDS status=0
  shift
  "$@" >"/root/$name.log" 2>&1 || status=$?
  echo "$name: exit $status after $((SECONDS - started)) s" | tee -a /root/summary.log
}
: >/root/summary.log
# The quick start's check exits 1: the corpus has problems to report.
for step in $STEPS; do
  case $step in
    quickstart) run quickstart bash -c 'cargo install --path . --locked && kibitzer check --statistics ../shared/corpus' ;;
    test) run test env CI=true bash scripts/test-all.sh ;;
    dist) run dist bash scripts/dist.sh && ls -l target/dist >>/root/summary.log ;;
  esac
done
EOF
keep=$(env | grep -E '^(NODE_EXTRA_CA_CERTS|GIT_SSL_CAINFO|SSL_CERT_DIR|SSL_CERT_FILE|CURL_CA_BUNDLE|REQUESTS_CA_BUNDLE|PIP_[A-Z_]+)=' || true)
# shellcheck disable=SC2086
chroot "$root" env -i HOME=/root USER=root LANG=C.UTF-8 TERM=dumb \
  PATH=/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin $keep \
  STEPS="${STEPS:-quickstart test dist}" \
  bash /root/fresh-run.sh
cat "$root/root/summary.log"
# Passed when no step failed (the quick start's check exits 1 when it finds problems).
! grep -Eq '^(quickstart: exit ([2-9]|[0-9]{2,})|(test|dist): exit ([1-9]|[0-9]{2,})) ' "$root/root/summary.log"
