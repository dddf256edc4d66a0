#!/usr/bin/env bash
# Starts a virtual X display for the workbench tests and writes its number into the file $1. The
# display belongs to the Maven build that runs this script (our parent process): it ends when the
# build ends, also when the tests fail or the build is killed.
set -euo pipefail
out=$1
if ! command -v Xvfb >/dev/null 2>&1; then
  echo "The workbench tests need a virtual display: install Xvfb (Debian and Ubuntu: apt-get install xvfb)." >&2
  exit 1
fi
build=$PPID
rm -f "$out"
mkdir -p "$(dirname "$out")"
# -displayfd makes Xvfb pick a free display and write its number once it accepts connections.
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$out" </dev/null >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 100); do
  [ -s "$out" ] && break
  kill -0 "$xvfb" 2>/dev/null || { echo "Xvfb did not start" >&2; exit 1; }
  sleep 0.1
done
[ -s "$out" ] || { kill "$xvfb"; echo "Xvfb did not report a display within 10 s" >&2; exit 1; }
tr -d '\n' < "$out" > "$out.tmp" && mv "$out.tmp" "$out"
# Ends the display with the build.
nohup bash -c "while kill -0 $build 2>/dev/null; do sleep 2; done; kill $xvfb" </dev/null >/dev/null 2>&1 &
