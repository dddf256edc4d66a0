#!/usr/bin/env python3
"""Prints the seed's Table 2 beside IOSim's sweep results.

usage: compare.py SYNC_SWEEP_DIR [ASYNC_SWEEP_DIR]
Each folder is the --out of 'iosim sweep' over RequestGenerator.type, RequestGenerator.sizeKiB and
population (1 and 256 at least). The measured values come from seed-table2.csv."""
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def seed():
    with open(os.path.join(HERE, "seed-table2.csv")) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def sweep(folder):
    """(type, sizeKiB, population) -> throughput per second"""
    result = {}
    with open(os.path.join(folder, "points.csv")) as f:
        for row in csv.DictReader(f):
            kind = row["RequestGenerator.type"].strip('"')
            result[(kind, int(float(row["RequestGenerator.sizeKiB"])), int(row["population"]))] = float(row["throughput"])
    return result


def main(folders):
    runs = [sweep(folder) for folder in folders]
    names = ["sync", "async"][:len(runs)]
    header = "| type | KiB | initial measured | paper's sim. | IOSim %s | error | maximum measured | paper's sim. | IOSim %s | error |" % (names[0], names[0])
    extra = "".join(" IOSim %s initial | IOSim %s maximum |" % (n, n) for n in names[1:])
    print(header + extra)
    print("|" + "---|" * (header.count("|") - 1 + extra.count("|")))
    errors = []
    for row in seed():
        kind, size = row["type"], int(row["sizeKiB"])
        cells = []
        for column, load in (("initial", 1), ("maximum", 256)):
            measured = float(row[column + "Measured"])
            simulated = runs[0][(kind, size, load)]
            error = simulated / measured - 1
            errors.append(abs(error))
            cells.append("%d | %s | %.0f | %+.1f %%" % (measured, row[column + "Simulated"], simulated, 100 * error))
        line = "| %s | %d | %s | %s |" % (kind, size, cells[0], cells[1])
        for run in runs[1:]:
            line += " %.0f | %.0f |" % (run[(kind, size, 1)], run[(kind, size, 256)])
        print(line)
    print("\nmean absolute error of IOSim %s over the %d cells: %.1f %%; cells within 10 %%: %d"
          % (names[0], len(errors), 100 * sum(errors) / len(errors), sum(e <= 0.10 for e in errors)))
    if len(runs) > 1:
        for load in (1, 256):
            ratios = [runs[1][k] / runs[0][k] for k in runs[0] if k[2] == load]
            print("async / sync throughput at %d clients: %.3f to %.3f" % (load, min(ratios), max(ratios)))


if __name__ == "__main__":
    if not 2 <= len(sys.argv) <= 3:
        sys.exit(__doc__)
    main(sys.argv[1:])
