# Sourced by the scripts that need Debian packages: `apt_install PACKAGE...` installs them with
# apt-get (as root, or through sudo), without the packages they only recommend; nothing when
# given none.
apt_install() {
  [ $# -gt 0 ] || return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing $* with apt-get" >&2
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}
