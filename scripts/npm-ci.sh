# Sourced by the scripts that build with npm: `npm_ci DIR` installs DIR's packages exactly as
# its package-lock.json says (`npm ci`) when they are missing or older than the lock file.
npm_ci() {
  if [ ! -d "$1/node_modules" ] || [ "$1/package-lock.json" -nt "$1/node_modules/.package-lock.json" ]; then
    (cd "$1" && npm ci --no-audit --no-fund)
  fi
}
