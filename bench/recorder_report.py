#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/recorder_report.py RECORDER.TSV [--into RESULTS.MD]

Prints the bench/results.md section on the flight recorder, from the
rows bench/recorder.sh wrote (its header says what each column holds):
per kernel and phase, the median and the largest guest time of one
snapshot (instructions, under -icount), and the median and largest
number of values an interval held, with the bytes such an interval
takes in the ring and how long the default ring (192 kB, 10 s
intervals) holds at that rate.  With --into, the section replaces the
one that file has (or is appended), the rest of the file kept."""
import datetime
import statistics
import sys
from collections import defaultdict

from results_section import write_into

TITLE = "## The flight recorder"
PHASES = [("quiet", "nothing running"),
          ("busy", "refused connects, UDP sends, UDP to a full queue"),
          ("full", "views too, the retransmits view full (65,536 flows)")]
RING = 192 * 1024
STEP_S = 10
# A record's header, the ring's header, and per value at most 2 bytes of
# slot and 10 of change (module/history/recorder.c): an upper bound.
HDR = 32 + 8
PER_VALUE = 12


def section(path):
    rows = defaultdict(list)     # (kernel, phase, what) -> [value]
    kernels = []
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if len(f) < 5:
            continue
        kernel, phase, what, value = f[0], f[1], f[2], int(f[4])
        if kernel not in kernels:
            kernels.append(kernel)
        rows[kernel, phase, what].append(value)
    out = [TITLE, "",
           f"`bench/recorder.sh`, {datetime.date.today()}: each interval's "
           "snapshot (`tpstat_recorder_tick()`: the per-CPU counters summed, "
           "the record written; in the last row each view copied, its keys "
           "ranked and their values kept too) timed by the function graph tracer under "
           "`-icount` (one guest ns per instruction), with history=1. The "
           "probes do nothing for the recorder: it adds no instruction to "
           "any event, and this is its whole cost. An interval's bytes are "
           "an upper bound (12 a value); the hours are how long the default "
           f"ring ({RING // 1024} kB) holds {STEP_S} s intervals at that "
           "size.", "",
           "| kernel | phase | snapshots | instructions, median | largest "
           "| values an interval, median | largest | bytes, largest | hours "
           "held |",
           "|---|---|---|---|---|---|---|---|---|"]
    for k in kernels:
        for phase, what in PHASES:
            ns = rows.get((k, phase, "ns"), [])
            vals = rows.get((k, phase, "values"), [])
            if not ns or not vals:
                out.append(f"| {k} | {what} | none | | | | | | |")
                continue
            most = max(vals)
            size = HDR + PER_VALUE * most
            hours = RING // size * STEP_S / 3600
            out.append(f"| {k} | {what} | {len(ns)} | "
                       f"{statistics.median(ns):,.0f} | {max(ns):,} | "
                       f"{statistics.median(vals):.0f} | {most} | {size:,} | "
                       f"{hours:.1f} |")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    text = section(argv[1])
    if len(argv) == 4 and argv[2] == "--into":
        write_into(argv[3], TITLE, text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
