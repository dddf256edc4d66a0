#!/usr/bin/env bash
# Records the system calls of one PostMark client (settings from postmark.env) with strace and
# prints what a transaction does: opens by kind, read and write requests with their sizes,
# unlinks, bytes; counted over the transaction phase only (between PostMark's "Performing
# transactions" and "Deleting files..." messages).
#
#   ./characterize-postmark.sh [TRANSACTIONS]     (default 20000; needs strace)
#
# Writes only below $PM_LOCATION (a fresh run-XXXXXX folder, removed at the end).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tx=${1:-20000}
[[ $tx =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [TRANSACTIONS]" >&2; exit 2; }
# shellcheck source=postmark.env
source "$here/postmark.env"
command -v strace >/dev/null || { echo "strace not found (apt-get install strace)" >&2; exit 1; }
mkdir -p -- "$PM_LOCATION"
run=$(mktemp -d -- "$(cd -- "$PM_LOCATION" && pwd -P)/run-XXXXXX")
trap 'rm -rf -- "$run"' EXIT
chattr +T -- "$run" 2>/dev/null || true
mkdir "$run/c1"
{
  echo "set location $run/c1"
  echo "set number $PM_FILES"
  echo "set size $PM_SIZE_LOW $PM_SIZE_HIGH"
  echo "set transactions $tx"
  echo "set read $PM_READ_BLOCK"
  echo "set write $PM_WRITE_BLOCK"
  echo "set buffering $PM_BUFFERING"
  echo "set bias read $PM_BIAS_READ"
  echo "set bias create $PM_BIAS_CREATE"
  echo "set seed $PM_SEED"
  [[ $PM_SUBDIRS -gt 1 ]] && echo "set subdirectories $PM_SUBDIRS"
  echo "run"
  echo "quit"
} > "$run/c1.pmrc"

echo "== strace -f -c (whole run: creation, $tx transactions, deletion) =="
strace -f -c -o "$run/summary" postmark "$run/c1.pmrc" > /dev/null
sed -n '1,12p' "$run/summary"
echo
echo "== strace -e trace=openat,read,write,close,unlink,lseek,fstat,newfstatat, transaction phase =="
strace -f -e trace=openat,read,write,close,unlink,lseek,fstat,newfstatat -e abbrev=none -s 40 -o "$run/trace" \
  postmark "$run/c1.pmrc" > /dev/null
python3 - "$run/trace" "$tx" "$PM_READ_BLOCK" "$PM_WRITE_BLOCK" <<'PY'
import collections, re, statistics, sys
path, tx, rb, wb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
phase = 0                      # 0 creation, 1 transactions, 2 deletion
fds = {}                       # fd -> kind of the open file
calls = collections.Counter()
sizes = {"read": collections.Counter(), "write": collections.Counter()}
runs = {"read": [], "write": []}  # requests per opened file (sequential run length)
current = {}
line_re = re.compile(r'^(?:\d+\s+)?(\w+)\((.*)\)\s+=\s+(-?\d+)')
for line in open(path):
    m = line_re.match(line)
    if not m:
        continue
    name, args, ret = m.group(1), m.group(2), int(m.group(3))
    if name == "write" and args.startswith("1,"):
        if "Performing transactions" in args:
            phase = 1
        elif "Deleting files" in args:
            phase = 2
        continue
    if phase != 1:
        continue
    if name == "openat":
        if "O_CREAT" in args:
            kind = "create"
        elif "O_APPEND" in args:
            kind = "append"
        elif "O_RDONLY" in args:
            kind = "read"
        else:
            kind = "other"
        calls["open " + kind] += 1
        if ret >= 0:
            fds[ret] = kind
            current[ret] = 0
    elif name in ("read", "write"):
        fd = int(args.split(",")[0])
        if fd not in fds:
            continue
        size = int(args.rsplit(",", 1)[1])
        calls[f"{name} ({fds[fd]})"] += 1
        sizes[name][size] += 1
        current[fd] += 1
    elif name == "close":
        fd = int(args)
        if fd in fds:
            kind = fds.pop(fd)
            runs["read" if kind == "read" else "write"].append(current.pop(fd))
        calls["close"] += 1
    else:
        calls[name] += 1
print(f"per transaction ({tx} transactions):")
for k in sorted(calls):
    print(f"  {k:16s} {calls[k] / tx:8.4f}")
for op, block in (("read", rb), ("write", wb)):
    c = sizes[op]
    n = sum(c.values())
    if not n:
        continue
    total = sum(s * k for s, k in c.items())
    full = c.get(block, 0)
    zero = c.get(0, 0)
    rest = [s for s, k in c.items() for _ in range(k) if s not in (0, block)]
    r = runs[op]
    seq = 1 - len(r) / n if n else 0
    print(f"{op} requests: {n / tx:.4f} per transaction, {total / tx:.0f} bytes per transaction, "
          f"mean {total / n:.0f} B; {full / n:.1%} of {block} B, {zero / n:.1%} of 0 B, "
          f"{len(rest) / n:.1%} remainders (mean {statistics.fmean(rest) if rest else 0:.0f} B); "
          f"{statistics.fmean(r):.2f} requests per opened file, so {seq:.3f} of them continue the previous one")
PY
