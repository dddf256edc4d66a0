#!/usr/bin/env bash
# Installs IOSim's workbench feature into a fresh Eclipse with that Eclipse's own p2 director, as a
# user installs it from the update site, then starts the installed Eclipse with IOSim's headless
# application and checks what it reports. Arguments: the fresh Eclipse (left untouched: it is copied),
# IOSim's p2 repository, and a work folder.
set -euo pipefail
platform=$1 repository=$2 work=$3
java="${JAVA_HOME:?}/bin/java"
fail() { echo "install test: $*" >&2; exit 1; }
[ -d "$platform/plugins" ] || fail "no fresh Eclipse at $platform"
[ -f "$repository/content.jar" ] || [ -f "$repository/content.xml" ] || fail "no update site at $repository (build releng/org.iosim.updatesite first)"

rm -rf "$work"
mkdir -p "$work"
eclipse="$work/eclipse"
cp -r "$platform" "$eclipse"
launcher=$(ls "$eclipse"/plugins/org.eclipse.equinox.launcher_*.jar | head -1)
! compgen -G "$eclipse/plugins/org.iosim.*" > /dev/null || fail "the fresh Eclipse already holds IOSim bundles"

echo "install test: installing org.iosim.ui.feature from $repository"
"$java" -jar "$launcher" -nosplash -consoleLog -data "$work/director-workspace" \
  -application org.eclipse.equinox.p2.director \
  -repository "file:$repository" -installIU org.iosim.ui.feature.feature.group \
  -destination "$eclipse" -profile DefaultProfile > "$work/director.log" 2>&1 \
  || { cat "$work/director.log" >&2; fail "the director could not install the workbench feature"; }
grep -q "Operation completed" "$work/director.log" || { cat "$work/director.log" >&2; fail "the director did not complete"; }
for bundle in org.iosim.ui org.iosim.ui.diagram org.iosim.ui.command org.iosim.run org.iosim.simulation org.iosim.cli; do
  compgen -G "$eclipse/plugins/${bundle}_*.jar" > /dev/null || fail "$bundle was not installed"
  grep -q "^${bundle}," "$eclipse"/configuration/org.eclipse.equinox.simpleconfigurator/bundles.info \
    || fail "$bundle is not in the installed Eclipse's configuration"
done

echo "install test: starting the installed Eclipse (IOSim's headless application)"
"$java" -jar "$launcher" -nosplash -data "$work/workspace" -application org.iosim.cli.headless models \
  > "$work/models.txt" 2> "$work/models.err" || { cat "$work/models.txt" "$work/models.err" >&2; fail "IOSim did not start in the installed Eclipse"; }
for kind in expression table queue regression qpn; do
  grep -Eq "^  $kind " "$work/models.txt" || { cat "$work/models.txt" >&2; fail "the installed IOSim does not list the analysis model kind '$kind'"; }
done
echo "install test: IOSim's workbench feature installed into a fresh Eclipse and started"
