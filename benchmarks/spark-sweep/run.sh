#!/usr/bin/env bash
# Runs SweepBenchmark.java on the Spark classpath folder that the build makes
# (engines/org.iosim.sweep.spark/target/spark-lib, from './mvnw verify' or package), or on the one
# given as first argument (e.g. the spark/ folder of ./iosim's classpath). Further arguments go to
# the benchmark: MODEL POINTS REPLICATIONS MEASUREMENTS.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
lib=${1:-$root/engines/org.iosim.sweep.spark/target/spark-lib}
shift || true
if ! compgen -G "$lib/org.iosim.sweep.spark-*.jar" >/dev/null; then
  echo "run.sh: no Spark classpath in $lib; build it first (see docs/sweeps.md, 'Sweeps on Spark')" >&2
  exit 1
fi
# shellcheck source=/dev/null
source "$root/.mvn/jdk.sh"
iosim_find_jdk "$(sed -n 's/^java.minimum=//p' "$root/.mvn/wrapper.properties")"
options="--enable-native-access=ALL-UNNAMED"
if [ "$iosim_jdk_feature" -ge 23 ]; then options+=" --sun-misc-unsafe-memory-access=allow"; fi
cd "$root"
exec "$JAVA_HOME/bin/java" $options -cp "$lib/*" "$root/benchmarks/spark-sweep/SweepBenchmark.java" "$@"
