#!/usr/bin/env bash
# ./iosim workbench [WORKSPACE]: starts IOSim Workbench, an Eclipse IDE with IOSim installed, on the
# given workspace folder (default ~/iosim-workspace). Builds the workbench's bundles on first use and
# again whenever IOSim's sources changed, then writes the OSGi configuration that starts exactly the
# bundles of that build. JAVA_HOME is the JDK ./iosim found.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
target="$root/releng/org.iosim.workbench/target"
plugins="$target/repository/plugins"
built="$target/.workbench-built"

case "${1:-}" in
  -h|--help)
    echo "Usage: ./iosim workbench [WORKSPACE]"
    echo "Starts IOSim Workbench (an Eclipse IDE with IOSim) on WORKSPACE, by default ~/iosim-workspace."
    echo "The first start builds the workbench (a few minutes); later starts take seconds."
    exit 0 ;;
  -*) echo "iosim workbench: unknown option '$1' (usage: ./iosim workbench [WORKSPACE])" >&2; exit 2 ;;
esac
if [ $# -gt 1 ]; then
  echo "iosim workbench: one workspace folder at most (usage: ./iosim workbench [WORKSPACE])" >&2
  exit 2
fi
workspace=$(realpath -m "${1:-$HOME/iosim-workspace}")
if [ -e "$workspace" ] && [ ! -d "$workspace" ]; then
  echo "iosim workbench: $workspace is not a folder" >&2
  exit 2
fi

# shellcheck source=../../.mvn/builds.sh
source "$root/.mvn/builds.sh"

sources_changed() {
  iosim_sources_changed "$built" "$root/pom.xml" "$root/bundles" "$root/features" "$root/releng/org.iosim.target"
}

build() {
  local modules="releng/org.iosim.target" module log start=$SECONDS line
  for module in "$root"/bundles/*/; do
    module=$(basename "$module")
    [ "$module" = org.iosim.maven ] || modules+=",bundles/$module"
  done
  modules+=",features/org.iosim.runtime.feature,features/org.iosim.ui.feature,features/org.iosim.workbench.feature,releng/org.iosim.workbench"
  log=$(mktemp "${TMPDIR:-/tmp}/iosim-workbench-build.XXXXXX.log")
  echo "iosim: building IOSim Workbench (first use or sources changed)..." >&2
  local started
  started=$(date +%s)
  iosim_forget_compiled_classes "$root"
  if ! (cd "$root" && ./mvnw package -DskipTests -pl "$modules" 2>&1) | while IFS= read -r line; do
      printf '%s\n' "$line" >> "$log"
      if [[ $line =~ ^\[INFO\]\ Building\ ([^ ]+)\ .*\[([0-9]+)/([0-9]+)\]$ ]]; then
        printf 'iosim:   %s (%d of %d modules done, %d s elapsed)\n' "${BASH_REMATCH[1]}" $((BASH_REMATCH[2] - 1)) \
          "${BASH_REMATCH[3]}" $((SECONDS - start)) >&2
      fi
    done; then
    iosim_report_failed_build "$log"
    exit 1
  fi
  touch -d "@$started" "$built"   # sources changed during the build count as changed
  rm -f "$log"
  echo "iosim: built in $((SECONDS - start)) s" >&2
}

build_if_needed() { if sources_changed; then build; fi; }   # asked again once the lock is ours
if sources_changed; then
  iosim_with_build_lock "$root" build_if_needed
fi

# The configuration names every bundle of this build by its absolute path: the service runtime, the
# event admin, the SPI loader and the common runtime start early, the runtime with the application;
# every other bundle starts when it is first used.
configuration="$target/configuration"
mkdir -p "$configuration"
bundles=""
launcher=""
for jar in "$plugins"/*.jar; do
  name=$(basename "$jar")
  name=${name%%_*}
  case "$name" in
    org.eclipse.osgi) continue ;;
    org.eclipse.equinox.launcher) launcher=$jar; continue ;;
    org.apache.felix.scr|org.eclipse.equinox.common|org.eclipse.equinox.event|org.apache.aries.spifly.dynamic.bundle) start="@2:start" ;;
    org.eclipse.core.runtime) start="@start" ;;
    *) start="" ;;
  esac
  bundles+="${bundles:+,}reference:file:$jar$start"
done
if [ -z "$launcher" ]; then
  echo "iosim: the workbench build has no launcher in $plugins; remove $built and try again" >&2
  exit 1
fi
cat > "$configuration/config.ini" <<CONFIG
# Written by ./iosim workbench for the bundles of the last build.
osgi.bundles=$bundles
osgi.bundles.defaultStartLevel=4
eclipse.product=org.iosim.ui.workbench
eclipse.application=org.eclipse.ui.ide.workbench
CONFIG

mkdir -p "$workspace"
echo "iosim: starting IOSim Workbench on $workspace" >&2
exec "$JAVA_HOME/bin/java" -Xmx2g ${IOSIM_JAVA_OPTS:-} -jar "$launcher" -configuration "$configuration" -data "$workspace" \
  -product org.iosim.ui.workbench
