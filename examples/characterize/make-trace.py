#!/usr/bin/env python3
"""Writes the example traces of `iosim characterize`: two per-I/O latency logs in the format fio writes
with `write_lat_log=NAME` and `log_offset=1` (one line per completed request: time in ms since the
job started, latency in ns, direction 0 read / 1 write, block size in bytes, offset in bytes, priority).

The workload is known by construction, so what `characterize` prints can be checked against it:
- reader_lat.1.log: a sequential reader, 512 reads of 64 KiB one after the other through 32 MiB of
  its file, one request in flight, 1 ms each;
- writer_lat.1.log: a random writer, 256 writes of 4 KiB at random 4 KiB-aligned offsets in 64 MiB of
  its file, one request in flight, 2 ms each.

Deterministic (its own linear congruential generator, not Python's): running it again writes the
same bytes. Usage: python3 examples/characterize/make-trace.py [FOLDER] (default: beside this script).
"""
import os
import sys

KIB = 1024
MIB = 1024 * KIB


def reader():
    size = 64 * KIB
    return [(i + 1, 1_000_000, 0, size, i * size) for i in range(512)]


def writer():
    size = 4 * KIB
    blocks = 64 * MIB // size
    state = 20261128
    lines = []
    for i in range(256):
        # Numerical Recipes' LCG; the upper bits are the better-mixed ones
        state = (1664525 * state + 1013904223) % 2**32
        lines.append((2 * (i + 1), 2_000_000, 1, size, (state >> 8) % blocks * size))
    return lines


def write(folder, name, lines):
    with open(os.path.join(folder, name), "w", newline="\n") as log:
        for time, latency, direction, size, offset in lines:
            log.write(f"{time}, {latency}, {direction}, {size}, {offset}, 0\n")


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    write(folder, "reader_lat.1.log", reader())
    write(folder, "writer_lat.1.log", writer())
