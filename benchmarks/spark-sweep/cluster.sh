#!/usr/bin/env bash
# A large sweep on a Spark standalone cluster on this machine: a master and two workers (one core
# each), started from the Spark classpath folder of ./iosim (the spark/ folder the first
# './iosim sweep ... --engine spark' makes), and ./iosim as the driver. Prints the driver's wall
# time and largest resident size, and points per second; stops the cluster on exit.
#
#   benchmarks/spark-sweep/cluster.sh OUT [SWEEP OPTIONS...]
#
# Without sweep options it sweeps examples/minimal over a grid of 1,000 populations × 1,000 think
# times (a million points, each 3 replications of 20 measurements after 2 of warm-up). Rerunning with the same OUT
# resumes the sweep. IOSIM_JAVA_OPTS applies to the driver (e.g. -Xmx768m).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: cluster.sh OUT [SWEEP OPTIONS...]}
shift
if [ $# -eq 0 ]; then
  set -- examples/minimal --vary population=1..1000 --vary thinkTime=1..1000 --max-measurements 20 --warmup 2
fi
cd "$root"
./iosim sweep examples/minimal --vary population=1 --max-measurements 1 --engine spark --master 'local[1]' \
  --quiet --out "$(mktemp -d)/spark-ready" >/dev/null   # builds ./iosim and its Spark classpath if needed
lib=$(ls -d releng/org.iosim.distribution/target/lib-*/spark | sort | tail -n 1)
lib=$(cd "$lib" && pwd)
# shellcheck source=/dev/null
source "$root/.mvn/jdk.sh"
iosim_find_jdk "$(sed -n 's/^java.minimum=//p' "$root/.mvn/wrapper.properties")"
options="--enable-native-access=ALL-UNNAMED"
if [ "$iosim_jdk_feature" -ge 23 ]; then options+=" --sun-misc-unsafe-memory-access=allow"; fi

work=$(mktemp -d /tmp/iosim-cluster.XXXXXX)
pids=()
stop() {
  for pid in "${pids[@]}"; do pkill -TERM -P "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT
# The worker starts executors with a Spark installation's launcher: its jars/ folder is the classpath.
mkdir -p "$work/spark-home"
ln -s "$lib" "$work/spark-home/jars"
port=$((20000 + RANDOM % 20000))
master="spark://127.0.0.1:$port"
"$JAVA_HOME/bin/java" $options -Dspark.master.rest.enabled=false -cp "$lib/*" org.apache.spark.deploy.master.Master \
  --host 127.0.0.1 --port "$port" --webui-port 0 >"$work/master.log" 2>&1 &
pids+=($!)
until grep -q "I have been elected leader" "$work/master.log"; do sleep 0.2; done
for worker in 1 2; do
  mkdir -p "$work/work-$worker"
  SPARK_HOME="$work/spark-home" SPARK_SCALA_VERSION=2.13 \
    "$JAVA_HOME/bin/java" $options -cp "$lib/*" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 \
    --cores 1 --memory 1g --webui-port 0 --work-dir "$work/work-$worker" "$master" >"$work/worker-$worker.log" 2>&1 &
  pids+=($!)
done
until [ "$(grep -c "Registering worker" "$work/master.log")" -ge 2 ]; do sleep 0.2; done
echo "cluster: $master, 2 workers of 1 core; logs in $work" >&2

/usr/bin/time -f "driver: %e s wall, %M KB largest resident size, %U s user, %S s system" \
  ./iosim sweep "$@" --engine spark --master "$master" --out "$out"
points=$(($(wc -l <"$out/points.csv") - 1))
echo "points in $out: $points" >&2
