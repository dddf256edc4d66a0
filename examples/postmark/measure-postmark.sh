#!/usr/bin/env bash
# Measures PostMark with N concurrent clients (N PostMark processes, each in its own folder, started
# together) and prints CSV: one row per repetition, then the mean and standard deviation per N.
#
#   ./measure-postmark.sh N [REPEATS]            e.g. ./measure-postmark.sh 4 3
#   ./measure-postmark.sh N1,N2,... [REPEATS]    a sweep, e.g. ./measure-postmark.sh 1,2,4,8,16 3
#                                                (repetition r runs every N before repetition r+1)
#
# Settings: postmark.env beside this script (override any PM_* variable from the environment).
# Writes only below $PM_LOCATION (a fresh run-XXXXXX folder, removed at the end, also on Ctrl-C).
# Columns (FINDINGS.md explains them): the main ones are tps (transactions/s of all clients while
# all of them are in their transaction phase) and mean_tx_ms (a client's mean time per transaction,
# N / tps); cpu_us_per_tx, others_cores (CPU used by other processes meanwhile) and the disk
# figures say how trustworthy a row is and what dominated it. Rows starting '# rejected' were
# repeated (PM_MAX_OTHERS, PM_MAX_CLIENT_CPU_US in postmark.env).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage() { echo "usage: $0 N[,N...] [REPEATS]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage
[[ $1 =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || usage
nlist=$1
repeats=${2:-3}
[[ $repeats =~ ^[1-9][0-9]*$ ]] || usage

# shellcheck source=postmark.env
source "$here/postmark.env"
export "${!PM_@}"

command -v postmark >/dev/null || { echo "postmark not found (apt-get install postmark)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 not found" >&2; exit 1; }

mkdir -p -- "$PM_LOCATION"
location=$(cd -- "$PM_LOCATION" && pwd -P)
[[ $location != / ]] || { echo "refusing to use / as PM_LOCATION" >&2; exit 1; }
fstype=$(stat -f -c %T -- "$location")
if [[ $fstype == tmpfs || $fstype == ramfs ]] && [[ ${PM_ALLOW_TMPFS:-0} != 1 ]]; then
  echo "$location is on $fstype: PostMark would measure memory, not the disk." >&2
  echo "Choose PM_LOCATION on a disk (or set PM_ALLOW_TMPFS=1)." >&2
  exit 1
fi

run=$(mktemp -d -- "$location/run-XXXXXX")
cleanup() { rm -rf -- "$run"; }
trap cleanup EXIT
trap 'exit 130' INT TERM   # the driver stops its PostMark processes itself

# ext2/3/4: mark the run folder as a top of a directory hierarchy (chattr +T), so that ext4's Orlov
# allocator spreads the client folders (and so their inodes) over block groups with few directories
# and many free inodes, instead of putting them into the block group of the location, which is
# shared with whatever else lives there. See FINDINGS.md ("inode allocation"): on this machine's
# ext4 without a journal, creating files in a block group with many recently deleted inodes costs
# up to 4 times more CPU per transaction.
topdir=no
if [[ $fstype == ext2/ext3 ]] && [[ ${PM_TOPDIR:-1} == 1 ]] && chattr +T -- "$run" 2>/dev/null; then
  topdir=yes
fi

echo "# $(date -Is) $(uname -r); location $location ($fstype, $(findmnt -n -o SOURCE,FSTYPE,OPTIONS -T "$location" 2>/dev/null || echo '?'))"
echo "# run folder $run, chattr +T: $topdir"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/postmark-driver.py" "$run" "$nlist" "$repeats"
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
