#!/usr/bin/env python3
"""Compares IOSim's and SimQPN's mean residence times of one net, from the outputs compare.sh keeps.

usage: compare-results.py OUT NET_NAME CONFIGURATION

OUT holds iosim/places.csv and iosim.log (IOSim's `qpn simulate`), simqpn/results.csv and
simqpn/summary.txt (run-simqpn.sh), and optionally iosim-wall-ms.txt. Prints a Markdown table (also
written to OUT/comparison.md): per place, part (queue, depository, place) and colour that both tools
observed, and per probe (part "probe", the probe's name as place) and colour, both means with their
half-widths and whether they agree:

  yes / **no**    |difference| <= IOSim's 95 % half-width + SimQPN's half-width (at the confidence
                  level the net asks SimQPN for), both as reported
  yes~ / **no**~  SimQPN reported no half-width (a place below statsLevel 3, or too few batches for
                  its tests): its half-width is taken to be IOSim's, i.e. |difference| <= 2 x IOSim's
                  half-width. Both runs measure the same net with the same estimator, so their
                  precisions are alike when they cover similar simulated time (FIXEDLEN runs do).
  no c.i.         neither tool gave a half-width

Exit status 0 when no row disagrees, 3 when some do.
"""
import csv
import math
import re
import sys


def num(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def fmt(mean, half):
    return f"{mean:.6g}" + (f" ± {half:.3g}" if half is not None else "")


def main():
    out, name, config = sys.argv[1], sys.argv[2], sys.argv[3]
    part_of = {"qplace:queue": "queue", "qplace:depository": "depository", "place": "place", "probe": "probe"}
    simqpn = {}
    for row in csv.DictReader(open(f"{out}/simqpn/results.csv")):
        if row["statistic"] == "meanST" and row["part"] in part_of:
            simqpn[(row["place"], part_of[row["part"]], row["colour"])] = (
                num(row["mean"]), num(row["ci_half_width"]), row["conf_level"])

    iosim_rows = list(csv.DictReader(open(f"{out}/iosim/places.csv")))
    rows, strict, estimated, strict_no, estimated_no = [], 0, 0, 0, 0
    for row in iosim_rows:
        key = (row["place"], row["part"], row["colour"])
        mean, half = num(row["residenceTime"]), num(row["residenceTimeCi95"])
        if key not in simqpn or mean is None or int(row["observations"] or 0) == 0:
            continue
        other_mean, other_half, level = simqpn[key]
        if other_mean is None:
            continue
        difference = abs(mean - other_mean)
        if other_half is not None or half is None:
            if half is None and other_half is None:
                verdict = "no c.i."
            else:
                strict += 1
                ok = difference <= (half or 0) + (other_half or 0)
                strict_no += 0 if ok else 1
                verdict = "yes" if ok else "**no**"
        else:
            estimated += 1
            ok = difference <= 2 * half
            estimated_no += 0 if ok else 1
            verdict = "yes~" if ok else "**no**~"
        level_text = f" ({level} %)" if other_half is not None and level else ""
        rows.append(f"| {name} | {key[0]} | {key[1]} | {key[2]} | {fmt(mean, half)} | "
                    f"{fmt(other_mean, other_half)}{level_text} | {verdict} |")

    measured_by_iosim = {(r["place"], r["part"], r["colour"]) for r in iosim_rows}
    missing = sorted(k for k, v in simqpn.items() if v[0] is not None and k not in measured_by_iosim)
    lines = [f"Net {name}, configuration {config}.", "",
             "| net | place | part | colour | IOSim mean ± 95 % | SimQPN mean ± c.i. | agree |",
             "|---|---|---|---|---|---|---|"] + rows
    if missing:
        lines += ["", "Measured by SimQPN only: " + ", ".join("/".join(k) for k in missing)]

    speed = []
    iosim_log = open(f"{out}/iosim.log", encoding="utf-8", errors="replace").read()
    m = re.search(r"([\d,]+) events in ([\d.]+) s", iosim_log)
    try:
        iosim_wall = f", {int(open(f'{out}/iosim-wall-ms.txt').read()) / 1000:.2f} s wall"
    except (OSError, ValueError):
        iosim_wall = ""
    if m:
        events, seconds = int(m.group(1).replace(",", "")), float(m.group(2))
        if seconds > 0:
            speed.append(f"IOSim: {events} events in {seconds:.2f} s simulation"
                         f" ({events / seconds / 1e6:.2f} million events/s){iosim_wall}")
    summary = open(f"{out}/simqpn/summary.txt").read()
    s_events, s_loop = re.search(r"events=(\d+)", summary), re.search(r"sim_loop_s=([\d.]+)", summary)
    s_wall = re.search(r"wall_s=([\d.]+)", summary)
    if s_events and s_loop and float(s_loop.group(1)) > 0:
        events, seconds = int(s_events.group(1)), float(s_loop.group(1))
        speed.append(f"SimQPN: {events} events in {seconds:.2f} s simulation loop"
                     f" ({events / seconds / 1e6:.2f} million events/s), {s_wall.group(1) if s_wall else '?'} s wall")
    lines += [""] + speed
    lines += ["", f"{strict} rows compared with both tools' half-widths, {strict_no} disagree;"
                  f" {estimated} rows where SimQPN gave none (~), {estimated_no} disagree."]
    text = "\n".join(lines) + "\n"
    open(f"{out}/comparison.md", "w").write(text)
    print(text, end="")
    sys.exit(3 if strict_no or estimated_no else 0)


if __name__ == "__main__":
    main()
