#!/usr/bin/env bash
# Predicts PostMark with IOSim for N clients and compares with a measurement of measure-postmark.sh.
#
#   ./predict-postmark.sh MODELS MEASURED.csv OUT [N,N,...]
#     MODELS        the folder 'iosim calibrate' wrote for page-cache.json (holds page-cache.json)
#     MEASURED.csv  the output of ./measure-postmark.sh 1,2,4,8,16 3 (its 'mean' and 'sd' rows)
#     OUT           an output folder, created (a copy of the model and each N's results go there)
#     N,...         client counts to predict (default: those measured)
#
# The one calibration at one load (001 §9.5): the CPU demands of the model are the relative costs
# of PostMark's system calls from a perf profile; the CPU's processing rate scales them so that one
# client's simulated transaction time equals the measured one at N = 1. The storage (the page
# cache, from fio) is not touched. Every other N is a prediction. Prints a Markdown table.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
iosim="$here/../../iosim"
usage() { echo "usage: $0 MODELS MEASURED.csv OUT [N,N,...]" >&2; exit 2; }
[[ $# -ge 3 && $# -le 4 ]] || usage
models=$1 measured=$2 out=$3
[[ -f $models/page-cache.json ]] || { echo "$models: no page-cache.json (run: ./iosim calibrate DB --name page-cache --out $models)" >&2; exit 1; }
[[ -f $measured ]] || { echo "$measured: no such file" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 not found" >&2; exit 1; }
[[ ! -e $out ]] || { echo "$out exists; choose a new folder" >&2; exit 1; }
mkdir -p -- "$out/model"
cp -- "$here"/postmark.{repository,system,resourceenvironment,allocation,usagemodel} "$here/postmark.ioconfig" "$out/model/"

# postmark.env is the one place of the PostMark settings: the copy of the model takes them as the
# component parameters of PostMark, and its file set the steady-state size of one client's files
# shellcheck source=postmark.env
source "$here/postmark.env"
export "${!PM_@}"
python3 - "$out/model" <<'EOF'
import os, re, sys
model = sys.argv[1]
env = os.environ
settings = {"files": env["PM_FILES"], "sizeLow": env["PM_SIZE_LOW"], "sizeHigh": env["PM_SIZE_HIGH"],
            "readBlock": env["PM_READ_BLOCK"], "writeBlock": env["PM_WRITE_BLOCK"], "biasRead": env["PM_BIAS_READ"],
            "biasCreate": env["PM_BIAS_CREATE"], "buffering": env["PM_BUFFERING"], "subdirectories": env["PM_SUBDIRS"]}
path = os.path.join(model, "postmark.repository")
text = open(path).read()
for name, value in settings.items():
    pattern = (r'(<specification_VariableCharacterisation specification=")[^"]*("/>\s*</variableCharacterisation_VariableUsage>'
               r'\s*<namedReference__VariableUsage xsi:type="stoex:VariableReference" referenceName="' + name + '"/>)')
    text, count = re.subn(pattern, lambda m: m.group(1) + value + m.group(2), text)
    if count != 1:
        sys.exit(f"postmark.repository: the component parameter '{name}' was found {count} times, not once")
open(path, "w").write(text)
low, high = int(env["PM_SIZE_LOW"]), int(env["PM_SIZE_HIGH"])
read_bias, create_bias = int(env["PM_BIAS_READ"]), int(env["PM_BIAS_CREATE"])
# a live file's gap to the largest size is (high - low) V^e in the steady state (FINDINGS.md)
exponent = (20 - read_bias - create_bias) / (10 - create_bias) if create_bias < 10 else 1
file_set = round(int(env["PM_FILES"]) * (high - (high - low) / (exponent + 1)))
path = os.path.join(model, "postmark.ioconfig")
text, count = re.subn(r'(<fileSets name="postmark" size=")[0-9]+', lambda m: m.group(1) + str(file_set), open(path).read())
if count != 1:
    sys.exit("postmark.ioconfig: the file set 'postmark' was not found")
open(path, "w").write(text)
EOF

# mean transactions/s per N from the measurement (rows "N,mean,...", column tps)
mapfile -t points < <(python3 - "$measured" <<'EOF'
import csv, sys
rows = [line for line in open(sys.argv[1]) if not line.startswith("#")]
table = list(csv.DictReader(rows))
means = {int(r["n"]): float(r["tps"]) for r in table if r["rep"] == "mean"}
sds = {int(r["n"]): float(r["tps"]) for r in table if r["rep"] == "sd"}
for n in sorted(means):
    print(n, means[n], sds.get(n, 0.0))
EOF
)
[[ ${#points[@]} -gt 0 ]] || { echo "$measured: no 'mean' rows (is it the output of measure-postmark.sh?)" >&2; exit 1; }
declare -A measured_tps measured_sd
for point in "${points[@]}"; do read -r n tps sd <<< "$point"; measured_tps[$n]=$tps; measured_sd[$n]=$sd; done
[[ -n ${measured_tps[1]:-} ]] || { echo "$measured: no measurement at N = 1 to calibrate the CPU from" >&2; exit 1; }
nlist=${4:-$(printf '%s\n' "${!measured_tps[@]}" | sort -n | paste -sd,)}

# simulates the model with N clients and a CPU processing rate; prints "throughput ioTimePerTransaction"
simulate() {
  local n=$1 rate=$2 dir="$out/n$1"
  sed -i -E "s/population=\"[0-9]+\"/population=\"$n\"/" "$out/model/postmark.usagemodel"
  sed -i -E "/id=\"pm.host.cpu\"/,/processingRate_ProcessingResourceSpecification/ s/(processingRate_ProcessingResourceSpecification specification=\")[0-9.eE+-]+/\1$rate/" \
    "$out/model/postmark.resourceenvironment"
  "$iosim" simulate "$out/model" --io "$out/model/postmark.ioconfig" --models "$models" --seed 1 \
    --warmup 2000 --max-measurements 200000 --out "$dir" --overwrite > "$dir.log" 2>&1 \
    || { cat "$dir.log" >&2; exit 1; }
  python3 - "$dir/results.json" <<'EOF'
import json, sys
result = json.load(open(sys.argv[1]))
scenario = result["scenarios"][0]
count = scenario["responseTime"]["count"]
io = sum(row["delay"]["mean"] * row["count"] for row in result["io"] if row["fileSet"] is None) / count
print(scenario["throughput"], io)
EOF
}

# the calibration at N = 1: the CPU demands are in microseconds at a nominal 1,000,000 per second
read -r tps1 io1 < <(simulate 1 1000000)
rate=$(python3 -c "t=1/$tps1; m=1/${measured_tps[1]}; print(round(1e6*(t-$io1)/(m-$io1)))")
echo "CPU processing rate calibrated at N = 1: $rate per second (I/O time per transaction $(python3 -c "print(f'{$io1*1e6:.2f}')") us)" >&2

echo "| N | measured transactions/s (sd) | predicted | error | measured mean transaction time | predicted | error |"
echo "|---|---|---|---|---|---|---|"
IFS=, read -ra ns <<< "$nlist"
for n in "${ns[@]}"; do
  read -r tps io < <(simulate "$n" "$rate")
  python3 - "$n" "$tps" "${measured_tps[$n]:-nan}" "${measured_sd[$n]:-nan}" <<'EOF'
import math, sys
n, predicted, measured, sd = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
def cell(value, digits=0):
    return "–" if math.isnan(value) else f"{value:,.{digits}f}"
t_pred, t_meas = n / predicted * 1e6, n / measured * 1e6
error = lambda p, m: "–" if math.isnan(m) else f"{100 * (p - m) / m:+.1f} %"
note = " (calibration)" if n == 1 else ""
print(f"| {n}{note} | {cell(measured)} ({cell(sd)}) | {cell(predicted)} | {error(predicted, measured)} | "
      f"{cell(t_meas, 1)} µs | {cell(t_pred, 1)} µs | {error(t_pred, t_meas)} |")
EOF
done
