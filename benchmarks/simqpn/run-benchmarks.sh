#!/usr/bin/env bash
# Runs SimQPN REPEATS times (default 3) on each benchmark net, one run at a time, on a quiet machine:
# before each run it waits until the machine has been idle for a few seconds, and it repeats a run
# (up to SIMQPN_ATTEMPTS attempts, default 5) when other processes used noticeable CPU during it
# (other_cpu_s of run-simqpn.sh above 0.5 s + 2 % of the wall time). SIMQPN_QUIET_WAIT (default 1800)
# bounds the wait for an idle machine, in seconds; after it the run starts anyway. Every RESULT line
# carries other_cpu_s, so disturbed runs stay visible. Output under OUT_ROOT (default: a new folder in ${TMPDIR:-/tmp}):
#   results.txt               one RESULT line per kept run (see run-simqpn.sh)
#   rejected.txt              RESULT lines of runs repeated because the machine was busy
#   NET-CONFIG-RUN/...        each kept run's SimQPN output
#   reference-results.csv     per-place results of all kept runs, with a run column
#
#   benchmarks/simqpn/run-benchmarks.sh [REPEATS] [OUT_ROOT]
# The nets: examples/qpn/closed-network.qpe (configuration bench) and, if present, QPME's examples in
# ${QPME_EXAMPLES:-../shared/qpme-examples beside the repository} (pepsy-bcmp2, ispass03, SjAS04Model_6AS-L5, configuration
# example_config). SIMQPN_JAVA_OPTS is passed on to run-simqpn.sh.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
repeats=${1:-3}
out_root=${2:-$(mktemp -d "${TMPDIR:-/tmp}/simqpn-bench.XXXXXX")}
mkdir -p "$out_root"
examples=${QPME_EXAMPLES:-$root/../shared/qpme-examples}
max_wait=${SIMQPN_QUIET_WAIT:-1800}   # seconds to wait for a quiet machine before running anyway
attempts=${SIMQPN_ATTEMPTS:-5}

runs=("$root/examples/qpn/closed-network.qpe|bench")
for n in pepsy-bcmp2 ispass03 SjAS04Model_6AS-L5; do
  if [ -f "$examples/$n.qpe" ]; then runs+=("$examples/$n.qpe|example_config"); else echo "run-benchmarks: skipping $n (not in $examples)" >&2; fi
done

busy_jiffies() { awk '/^cpu /{print $2+$3+$4+$7+$8; exit}' /proc/stat; }
wait_for_quiet() { # until less than 5 % of one CPU was busy over 3 s
  local waited=0 before after
  while :; do
    before=$(busy_jiffies); sleep 3; after=$(busy_jiffies)
    [ $(( (after - before) * 100 / $(getconf CLK_TCK) )) -lt 15 ] && return 0
    waited=$((waited + 3))
    if [ "$waited" -ge "$max_wait" ]; then echo "run-benchmarks: machine still busy after ${max_wait}s; running anyway" >&2; return 0; fi
    [ $((waited % 60)) -lt 3 ] && echo "run-benchmarks: waiting for other processes to finish (${waited}s)" >&2
  done
}

: > "$out_root/results.txt"; : > "$out_root/rejected.txt"
echo "net,config,run,place,part,colour,statistic,mean,ci_half_width,conf_level" > "$out_root/reference-results.csv"
for entry in "${runs[@]}"; do
  net=${entry%|*}; config=${entry#*|}; name=$(basename "$net" .qpe)
  for r in $(seq 1 "$repeats"); do
    dir="$out_root/$name-$config-$r"
    for attempt in $(seq 1 "$attempts"); do
      wait_for_quiet
      rm -rf "$dir"
      line=$(SIMQPN_OUT=$dir "$here/run-simqpn.sh" "$net" "$config" 2>>"$out_root/stderr.log")
      ok=$(python3 -c 'import sys
f = dict(kv.split("=", 1) for kv in sys.argv[1].split()[1:])
o, w = f.get("other_cpu_s", "?"), float(f["wall_s"])
print("yes" if o == "?" or float(o) <= 0.5 + 0.02 * w else "no")' "$line")
      if [ "$ok" = yes ] || [ "$attempt" -eq "$attempts" ]; then break; fi
      echo "$line attempt=$attempt" >> "$out_root/rejected.txt"
      echo "run-benchmarks: $name run $r disturbed by other processes; repeating" >&2
    done
    echo "$line" | tee -a "$out_root/results.txt"
    tail -n +2 "$dir/results.csv" | sed "s/^\([^,]*\),/\1,$config,$r,/" >> "$out_root/reference-results.csv"
  done
done
echo "run-benchmarks: all output in $out_root" >&2
