#!/usr/bin/env bash
# Runs SimQPN's console (de.tud.cs.simqpn.kernel.console.SimQPN) on a QPME net and reports its speed.
#
#   benchmarks/simqpn/run-simqpn.sh NET.qpe [CONFIGURATION]
#
# CONFIGURATION is a simqpn-configuration named in the net; without it the net must name exactly one.
# Needs build-simqpn.sh first. SIMQPN_COUNT_EVENTS=0 runs without the event counter agent;
# SIMQPN_JAVA_OPTS adds JVM options. SimQPN's output (its log, console output, the .simqpn result file and
# results.csv) goes to $SIMQPN_OUT if set, else to a new folder under ${TMPDIR:-/tmp}; never into
# the repository. Printed at the end (and written to OUT/summary.txt):
#   wall_s         wall time of the whole java process (JVM start, parsing, simulation, reports)
#   sim_loop_s     SimQPN's own runWallClockTime: its main simulation loop only (summed over runs)
#   firings        transition firings        } counted by event-counter-agent.jar over the whole
#   completions    service completions       } run, ramp-up included (see README.md)
#   events         firings + completions
#   events_per_s   events / sim_loop_s
#   jvm_cpu_s      CPU time (user + system) of SimQPN's JVM, all its threads (JIT, GC) included
#   other_cpu_s    CPU time used by all other processes on the machine during the run
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${SIMQPN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/iosim/simqpn}
fail() { echo "run-simqpn: $*" >&2; exit 1; }

[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 NET.qpe [CONFIGURATION]" >&2; exit 2; }
net=$(readlink -f "$1") || fail "cannot resolve $1"
[ -f "$net" ] || fail "no such net: $1"
[ -f "$cache/simqpn-kernel.jar" ] && [ -f "$cache/classpath" ] \
  || fail "SimQPN is not built in $cache; run $here/build-simqpn.sh QPME_SOURCES first"
classpath=$(cat "$cache/classpath")

# The JDK: JAVA_HOME if it is 24+, else the newest in the usual places (as build-simqpn.sh).
java_feature() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p'; }
jdk=""; jdk_feature=0
candidates=()
[ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
command -v java >/dev/null 2>&1 && candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
for h in /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/lib/jvm/*; do [ -d "$h" ] && candidates+=("$h"); done
for h in "${candidates[@]}"; do
  [ -x "$h/bin/java" ] || continue
  f=$(java_feature "$h"); [ -n "$f" ] || continue
  if [ "$h" = "${JAVA_HOME:-}" ] && [ "$f" -ge 24 ]; then jdk=$h; jdk_feature=$f; break; fi
  if [ "$f" -gt "$jdk_feature" ]; then jdk=$h; jdk_feature=$f; fi
done
[ -n "$jdk" ] && [ "$jdk_feature" -ge 17 ] || fail "no Java 17 or newer found (set JAVA_HOME)"

agent_opts=()
if [ "${SIMQPN_COUNT_EVENTS:-1}" = 0 ]; then
  echo "run-simqpn: SIMQPN_COUNT_EVENTS=0: no event counting; times only" >&2
elif [ -f "$cache/event-counter-agent.jar" ] && [ "$jdk_feature" -ge 24 ]; then
  agent_opts=("-javaagent:$cache/event-counter-agent.jar")
else
  echo "run-simqpn: no event counting (needs event-counter-agent.jar and Java 24+); times only" >&2
fi
java_cmd=("$jdk/bin/java" ${SIMQPN_JAVA_OPTS:-} "${agent_opts[@]}" -cp "$classpath" de.tud.cs.simqpn.kernel.console.SimQPN)

if [ -n "${SIMQPN_OUT:-}" ]; then out=$SIMQPN_OUT; mkdir -p "$out"; else out=$(mktemp -d "${TMPDIR:-/tmp}/simqpn-run.XXXXXX"); fi
out=$(cd "$out" && pwd)

# Configuration: the one given, else the only one in the net.
configs=$(cd "$out" && "${java_cmd[@]}" -l "$net" 2>/dev/null | sed -n 's/^ - //p') || true
[ -n "$configs" ] || fail "SimQPN lists no simqpn-configuration in $net"
if [ $# -eq 2 ]; then
  config=$2
  grep -Fxq -- "$config" <<<"$configs" || fail "no configuration \"$config\" in $net; it has: $(echo "$configs" | paste -sd, -)"
else
  [ "$(wc -l <<<"$configs")" -eq 1 ] || fail "$net has several configurations ($(echo "$configs" | paste -sd, -)); name one"
  config=$configs
fi

echo "run-simqpn: $(basename "$net") configuration \"$config\" on Java $jdk_feature; output in $out" >&2
# SimQPN writes its log into the configuration's output-directory (usually "."): run inside $out.
# The machine may be shared: measure the CPU time all processes used during the run (/proc/stat) and
# the CPU time of SimQPN's JVM (/usr/bin/time); the difference is other processes' CPU time
# (other_cpu_s), which says whether the run had the machine to itself.
busy_jiffies() { awk '/^cpu /{print $2+$3+$4+$7+$8; exit}' /proc/stat; }
busy_before=$(busy_jiffies)
start=$(date +%s%N)
set +e
timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%U %S' -o "$out/jvm-cpu.txt")  # Debian package "time"
rm -f "$out/jvm-cpu.txt"
(cd "$out" && "${timer[@]}" "${java_cmd[@]}" -r "$config" -o "$out/result.simqpn" "$net") >"$out/console.log" 2>&1
status=$?
set -e
end=$(date +%s%N)
busy_after=$(busy_jiffies)
# SimQPN's main() exits with 0 even when the simulation failed, so check its output too.
if [ "$status" -ne 0 ] || ! grep -q '^INFO Simulation finished\.' "$out/console.log" || [ ! -s "$out/result.simqpn" ]; then
  grep -E 'Exception|ERROR|Error' "$out/console.log" | head -10 >&2 || tail -20 "$out/console.log" >&2
  fail "SimQPN failed on $net (exit $status); see $out/console.log"
fi

python3 - "$out" "$(basename "$net" .qpe)" "$config" "$(( (end - start) / 1000000 ))" "$jdk_feature" \
    "$(( busy_after - busy_before ))" "$(getconf CLK_TCK)" <<'PY'
import re, sys
out, net, config, wall_ms, jdk = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
busy_s = int(sys.argv[6]) / int(sys.argv[7])
try:
    jvm_cpu = sum(float(x) for x in open(f"{out}/jvm-cpu.txt").read().split()[-2:])
except OSError:
    jvm_cpu = None  # no /usr/bin/time
log = open(f"{out}/console.log", encoding="utf-8", errors="replace").read()
loops = [float(x) for x in re.findall(r"runWallClockTime=\S+ min \(=([0-9.eE+-]+) sec\)", log)]
clock = re.findall(r"msrmPrdLen= ([0-9.eE+-]+) totalRunLen= ([0-9.eE+-]+)", log)
ev = re.search(r"SIMQPN-EVENTS firings=(\d+) completions=(\d+)", log)
stopped_max = "reaching max totalRunLen" in log or "STOPPING because max totalRunLen" in log
sim_loop = sum(loops)
f = dict(net=net, config=config, java=jdk, wall_s=f"{wall_ms/1000:.3f}", sim_loop_s=f"{sim_loop:.3f}",
         sim_time=clock[-1][1] if clock else "?", msrm_period=clock[-1][0] if clock else "?",
         stopped_at_total_run_length=str(stopped_max).lower(),
         jvm_cpu_s=f"{jvm_cpu:.2f}" if jvm_cpu is not None else "?",
         other_cpu_s=f"{max(0.0, busy_s - jvm_cpu):.2f}" if jvm_cpu is not None else "?")
if ev:
    fi, co = int(ev.group(1)), int(ev.group(2))
    f.update(firings=fi, completions=co, events=fi + co,
             events_per_s=f"{(fi + co) / sim_loop:.0f}" if sim_loop > 0 else "?",
             events_per_wall_s=f"{(fi + co) / (wall_ms / 1000):.0f}")
line = "RESULT " + " ".join(f"{k}={v}" for k, v in f.items())
open(f"{out}/summary.txt", "w").write(line + "\n")
print(line)
PY
python3 "$here/extract-results.py" "$out/result.simqpn" "$(basename "$net" .qpe)" > "$out/results.csv"
echo "run-simqpn: per-place results in $out/results.csv" >&2
