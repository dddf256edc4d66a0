# The machine's programs the tests run for real, with the Debian/Ubuntu package of each. Shared by
# ./mvnw (before a build that runs the tests) and .ci/run.

# Prints the packages that are missing here, one per line.
iosim_missing_packages() {
  command -v Xvfb >/dev/null 2>&1 || echo xvfb                       # a virtual display for the workbench tests
  ldconfig -p 2>/dev/null | grep -q 'libgtk-3\.so\.0' || echo libgtk-3-0  # SWT's GTK for the workbench
  command -v fio >/dev/null 2>&1 || echo fio                         # the storage measurement tests run real fio
  command -v dbench >/dev/null 2>&1 || echo dbench                   # a real file server load on a capped volume
  ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || echo postgresql  # a real database on a capped volume
  return 0
}

# Installs the missing packages when it can (root with apt-get); otherwise says which are missing
# and how to install them, and fails. IOSIM_SYSTEM_PACKAGES=ignore skips this (the tests that need
# a missing program then fail on their own).
iosim_require_packages() {
  [ "${IOSIM_SYSTEM_PACKAGES:-}" = ignore ] && return 0
  local missing
  missing=$(iosim_missing_packages | tr '\n' ' ')
  missing=${missing% }
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "mvnw: installing what the tests run: $missing" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null || {
      echo "mvnw: apt-get could not install $missing; install them and run the command again" >&2
      return 1
    }
    return 0
  fi
  echo "mvnw: the tests run these programs, which this machine lacks: $missing" >&2
  if command -v apt-get >/dev/null 2>&1; then
    echo "      install them with:  sudo apt-get install $missing" >&2
  else
    echo "      install them with your system's package manager (Debian names given)" >&2
  fi
  echo "      (or set IOSIM_SYSTEM_PACKAGES=ignore to build anyway; the tests that need them then fail)" >&2
  return 1
}
