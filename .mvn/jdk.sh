# Shared by ./mvnw and ./iosim: finds a JDK whose feature release is at least the given one and
# exports JAVA_HOME, and sets iosim_jdk_feature to its feature release (asking a JVM takes a moment,
# so callers reuse it). Prefers JAVA_HOME, then java on the PATH, then the newest JDK in the usual
# system locations; says what it needs when none fits.

iosim_java_feature() { # prints the feature release of the java binary $1, or nothing
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p'
}

iosim_find_jdk() {
  local minimum=$1 candidate home best="" best_feature=0 feature
  local candidates=()
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v javac >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")
  fi
  for home in /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/lib/jvm/*; do
    [ -d "$home" ] && candidates+=("$home")
  done
  for candidate in "${candidates[@]}"; do
    [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ] || continue
    feature=$(iosim_java_feature "$candidate/bin/java")
    [ -n "$feature" ] || continue
    if [ "$candidate" = "${JAVA_HOME:-}" ] && [ "$feature" -ge "$minimum" ]; then
      best=$candidate; best_feature=$feature; break
    fi
    if [ "$feature" -gt "$best_feature" ]; then best=$candidate; best_feature=$feature; fi
  done
  if [ -z "$best" ] || [ "$best_feature" -lt "$minimum" ]; then
    echo "IOSim needs a JDK $minimum or newer (none found in JAVA_HOME, on the PATH or in /usr/lib/jvm)." >&2
    echo "Install one (e.g. apt-get install openjdk-21-jdk-headless) or set JAVA_HOME to it." >&2
    exit 1
  fi
  export JAVA_HOME=$best
  iosim_jdk_feature=$best_feature
}
