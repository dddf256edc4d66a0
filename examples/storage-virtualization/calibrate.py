#!/usr/bin/env python3
"""Derives the model's per-layer times from the seed's Table 1 (and the three anchor cells of Table 2)
and prints them with the stochastic expressions written into vl.repository.

Every input is read from seed-table1.csv and seed-table2.csv; README.md explains each step."""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
THREAD_CPU = 2.0          # µs per request of I/O-thread work (sync: fetch 1 + signal 1; async: IOThread 1 + CompletionThread 1)
CHANNEL_BYTES_PER_S = 800e6  # one 8 Gbit/s FCP channel (8GFC), 800 MB/s per direction
SIZES = [4, 16, 64, 256, 1024]
WRITE_SETUP_ANCHOR = 64   # KiB: the write maximum that calibrates the channel's per-write setup time


def rows(name):
    with open(os.path.join(HERE, name)) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def calibration():
    t1 = {(r["type"], int(r["sizeKiB"])): r for r in rows("seed-table1.csv")}
    t2 = {(r["type"], int(r["sizeKiB"])): r for r in rows("seed-table2.csv")}
    layers = {}
    for kind in ("READ", "WRITE"):
        cpu4 = 1e6 / float(t2[(kind, 4)]["maximumMeasured"])  # service demand law at saturation
        for size in SIZES:
            row = t1[(kind, size)]
            overall = 1e6 / float(row["throughputWithoutTool"])  # one client, no think time: R = 1/X
            cpu = cpu4 * float(row["interfaceAndThread"]) / float(t1[(kind, 4)]["interfaceAndThread"])
            layers[(kind, size)] = {"overall": overall, "cpu": cpu, "interface": cpu - THREAD_CPU,
                                    "hardware": overall - cpu,
                                    "transfer": size * 1024 / CHANNEL_BYTES_PER_S * 1e6}
    return layers


def write_setup(layers):
    """µs a write holds the channel before its data flows: at the anchor size the channel limits
    writes (service demand law, 1/X_max = setup + transfer), so the setup is what the transfer leaves."""
    t2 = {(r["type"], int(r["sizeKiB"])): r for r in rows("seed-table2.csv")}
    return 1e6 / float(t2[("WRITE", WRITE_SETUP_ANCHOR)]["maximumMeasured"]) - layers[("WRITE", WRITE_SETUP_ANCHOR)]["transfer"]


def piecewise(points):
    """A stochastic expression interpolating (sizeKiB, value) linearly, constant beyond the ends."""
    expression = "%.2f" % points[-1][1]
    for (s0, v0), (s1, v1) in reversed(list(zip(points, points[1:]))):
        slope = (v1 - v0) / (s1 - s0)
        expression = "(sizeKiB.VALUE &lt;= %d ? %.2f + %.5f * (sizeKiB.VALUE - %d) : %s)" % (s1, v0, slope, s0, expression)
    return expression


if __name__ == "__main__":
    layers = calibration()
    print("type  size   overall  cpu(thread+interface)  interface  hardware  channel transfer   (µs)")
    for (kind, size), l in sorted(layers.items()):
        print("%-5s %5d %9.1f %12.1f %18.1f %9.1f %10.1f" % (kind, size, l["overall"], l["cpu"], l["interface"],
                                                            l["hardware"], l["transfer"]))
    print("\nwrite setup on the channel (from the %d KiB write maximum): %.1f µs, writeSetupSeconds = %.7f"
          % (WRITE_SETUP_ANCHOR, write_setup(layers), write_setup(layers) / 1e6))
    for part in ("interface", "hardware"):
        read = piecewise([(s, layers[("READ", s)][part]) for s in SIZES])
        write = piecewise([(s, layers[("WRITE", s)][part]) for s in SIZES])
        print("\n%s:\ntype.VALUE == &quot;READ&quot; ? %s : (type.VALUE == &quot;WRITE&quot; ? %s : -1)" % (part, read, write))
