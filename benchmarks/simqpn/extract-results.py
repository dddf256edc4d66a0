#!/usr/bin/env python3
"""Turns a SimQPN result file (.simqpn, XML) into CSV rows:
net,place,part,colour,statistic,mean,ci_half_width,conf_level

part is SimQPN's element type: qplace:queue (the queue of a queueing place), qplace:depository,
place (an ordinary place), probe. Statistics kept: meanST (mean residence time; steady-state mean
and c.i. half width from batch means where SimQPN reports one), meanTkPop (mean token population),
deptThrPut (departure throughput) and, per queueing place, queueUtilQPl (utilisation of the queue
by this place). Elements with stats-level 1 only have throughputs.

usage: extract-results.py RESULT.simqpn NET_NAME [--no-header]
"""
import csv
import sys
import xml.etree.ElementTree as ET

KEEP = ("meanST", "meanTkPop", "deptThrPut")


def rows(path, net):
    root = ET.parse(path).getroot()
    for element in root.iter("observed-element"):
        place, part = element.get("name"), element.get("type")
        for metric in element.findall("metric"):
            if metric.get("type") == "queueUtilQPl":
                yield [net, place, part, "", "queueUtilQPl", metric.get("value"), "", ""]
        for colour in element.findall("color"):
            m = {x.get("type"): x.get("value") for x in colour.findall("metric")}
            for stat in KEEP:
                if stat not in m:
                    continue
                mean, ci, level = m[stat], "", ""
                if stat == "meanST" and m.get("ciHalfLenST") is not None:
                    mean, ci, level = m.get("stdStateMeanST", m[stat]), m["ciHalfLenST"], m.get("confLevelST", "")
                yield [net, place, part, colour.get("name"), stat, mean, ci, level]


def main():
    path, net = sys.argv[1], sys.argv[2]
    writer = csv.writer(sys.stdout, lineterminator="\n")
    if "--no-header" not in sys.argv:
        writer.writerow(["net", "place", "part", "colour", "statistic", "mean", "ci_half_width", "conf_level"])
    for row in rows(path, net):
        writer.writerow(row)


if __name__ == "__main__":
    main()
