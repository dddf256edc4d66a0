#!/usr/bin/env bash
# Runs IOSim and SimQPN on the same QPME net and compares their mean residence times per place, part
# and colour, and per probe and colour.
#
#   benchmarks/simqpn/compare.sh NET.qpe [CONFIGURATION]
#
# CONFIGURATION is a simqpn-configuration of the net; without it, the net's first (IOSim) and only
# (SimQPN, see run-simqpn.sh). Both run with the configuration's run length, warm-up and stopping rule.
# SimQPN reads QPME 2.1+ files only (it selects elements by xsi:type); a net in QPME 1.x's or 2.0's
# older format is first written by IOSim's converter ("iosim qpn convert", the same reader and
# writer) and SimQPN runs that copy; the script says so.
#
# Environment:
#   IOSIM         the IOSim command (default: the repository's ./iosim)
#   IOSIM_SEED    IOSim's seed (default 1); SimQPN seeds itself from the clock
#   COMPARE_OUT   output folder (default: a new folder under ${TMPDIR:-/tmp}); SimQPN's output is in
#                 OUT/simqpn, IOSim's in OUT/iosim, the table in OUT/comparison.md
#   SIMQPN_*      passed on to run-simqpn.sh
#
# Printed (by compare-results.py, which can be run again on OUT): one Markdown table row per place,
# part and colour (or probe and colour, part "probe") that both tools observed, with IOSim's mean and 95 % half-width, SimQPN's mean and
# half-width (at the confidence level the net's settings ask for; SimQPN gives one only for places
# at statsLevel 3 or more whose batches passed its tests), and whether they agree: |difference| <=
# sum of the half-widths; where SimQPN gave none, its half-width is taken to be IOSim's (marked ~).
# Then both tools' event rates. Exit status 0 when every row agrees, 3 when some disagree.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
fail() { echo "compare: $*" >&2; exit 1; }

[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 NET.qpe [CONFIGURATION]" >&2; exit 2; }
net=$(readlink -f "$1") || fail "cannot resolve $1"
[ -f "$net" ] || fail "no such net: $1"
config=${2:-}
iosim=${IOSIM:-$root/iosim}
seed=${IOSIM_SEED:-1}
if [ -n "${COMPARE_OUT:-}" ]; then out=$COMPARE_OUT; mkdir -p "$out"; else out=$(mktemp -d "${TMPDIR:-/tmp}/simqpn-compare.XXXXXX"); fi
out=$(cd "$out" && pwd)
name=$(basename "$net" .qpe)

# The configuration IOSim takes when none is named is the net's first; SimQPN must run the same.
if [ -z "$config" ]; then
  config=$(python3 - "$net" <<'PY'
import sys, xml.etree.ElementTree as ET
for m in ET.parse(sys.argv[1]).getroot().iter("meta-attribute"):
    t = m.get("{http://www.w3.org/2001/XMLSchema-instance}type") or m.get("name")
    if t in ("simqpn-configuration", "sim-qpn") and m.get("scenario") is not None:
        print(m.get("configuration-name")); break
PY
)
  [ -n "$config" ] || fail "$net names no simulator configuration"
fi

# SimQPN needs QPME 2.1's form: older files go through IOSim's reader and writer first.
simqpn_net=$net
version=$(sed -n 's/.*<net[^>]*qpme-version="\([^"]*\)".*/\1/p' "$net" | head -1)
case "$version" in
  1.*|2.0|2.0.*)
    mkdir -p "$out/converted"
    simqpn_net="$out/converted/$name.qpe"
    "$iosim" qpn convert "$net" --out "$simqpn_net" --overwrite >/dev/null 2>"$out/convert.log" \
      || { cat "$out/convert.log" >&2; fail "IOSim could not convert $net for SimQPN"; }
    echo "compare: $name is a QPME $version file, which SimQPN cannot read; SimQPN runs IOSim's QPME 2 copy $simqpn_net" >&2
    ;;
esac

echo "compare: IOSim on $name, configuration \"$config\", seed $seed" >&2
start=$(date +%s%N)
"$iosim" qpn simulate "$net" --config "$config" --seed "$seed" --out "$out/iosim" --overwrite --quiet \
  >"$out/iosim.log" 2>&1 || { tail -20 "$out/iosim.log" >&2; fail "IOSim failed on $net"; }
iosim_wall_ms=$(( ($(date +%s%N) - start) / 1000000 ))

echo "compare: SimQPN on $(basename "$simqpn_net")" >&2
SIMQPN_OUT="$out/simqpn" "$here/run-simqpn.sh" "$simqpn_net" "$config" >"$out/simqpn.log" 2>&1 \
  || { tail -20 "$out/simqpn.log" >&2; fail "SimQPN failed on $simqpn_net"; }

echo "$iosim_wall_ms" > "$out/iosim-wall-ms.txt"
exec python3 "$here/compare-results.py" "$out" "$name" "$config"
