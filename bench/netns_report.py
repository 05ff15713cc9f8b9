#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/netns_report.py NETNS_SCALE.TSV [--into RESULTS.MD]

Prints the bench/results.md section on many network namespaces, from the
rows bench/netns_scale.sh wrote (its header says what each column
holds): per kernel, the median guest time of the administrator's
`tpstat -j drops --by dev` and of the monitor window's two parts, with
no other namespace, with 1,000 idle ones, and with 1,000 that each hold
a drop entry; and the target's verdict: with the idle namespaces, the
read takes at most twice its time with none.  bench/bench.sh appends it
to bench/results.md; with --into, the section replaces the one that file
has (or is appended), the rest of the file kept.  Exits 1 if the target
was missed."""
import datetime
import statistics
import sys
from collections import defaultdict

from results_section import write_into

TITLE = "## Many network namespaces"
PHASES = [("none", "no other namespace"),
          ("idle", "1,000 idle namespaces"),
          ("drops", "1,000 namespaces, a drop entry each")]
WHAT = [("read", "`tpstat -j drops --by dev`: its dump in the kernel, µs", 1e3),
        ("listened", "a monitor window's check for a listener, µs", 1e3),
        ("window", "a monitor window's merge and send, µs", 1e3)]
TARGET = 2.0


def fmt(v):
    return f"{v:,.1f}"


def section(path):
    rows = defaultdict(list)     # (kernel, phase, what) -> [ns]
    entries = {}                 # (kernel, phase) -> entries read
    kernels = []
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if len(f) < 6:
            continue
        k, phase, what, _seq, ns, ent = f[:6]
        if k not in kernels:
            kernels.append(k)
        rows[(k, phase, what)].append(int(ns))
        if what == "read":
            entries[(k, phase)] = ent
    out = [TITLE, "",
           "`bench/netns_scale.sh`: the administrator's read of the drops view "
           "by device, which names each entry's device by its namespace's "
           "cookie (the kernel's part of it: its dump's start, parts and end, "
           "by the function graph tracer; the command's wall time under "
           "`-icount` is the 9p root's), and the monitor's windows while one listener, in a "
           "namespace made after all the others, has the alerts armed "
           "(the function graph tracer times each window's two parts). "
           "Guest time on one vCPU (1 ns per instruction), the median of "
           "every read or window; in brackets, how many. Target: with "
           f"1,000 idle namespaces, the read takes at most {TARGET:g}× its "
           f"time with none. Written on {datetime.date.today().isoformat()}.", ""]
    missed = False
    for k in kernels:
        out += [f"Linux {k}:", "",
                "| | " + " | ".join(p[1] for p in PHASES) + " |",
                "|---|" + "---:|" * len(PHASES)]
        for what, label, unit in WHAT:
            cells = []
            for phase, _ in PHASES:
                v = rows.get((k, phase, what))
                if not v:
                    cells.append("–")
                    continue
                cell = f"{fmt(statistics.median(v) / unit)} ({len(v)})"
                if what == "read":
                    cell += f", {entries.get((k, phase), '?')} entries"
                cells.append(cell)
            out.append(f"| {label} | " + " | ".join(cells) + " |")
        none = rows.get((k, "none", "read"))
        idle = rows.get((k, "idle", "read"))
        if none and idle:
            ratio = statistics.median(idle) / statistics.median(none)
            ok = max(idle) <= TARGET * statistics.median(none)
            missed |= not ok
            out += ["", f"Target (every read with 1,000 idle namespaces within "
                    f"{TARGET:g}× the median with none): "
                    f"{'met' if ok else 'missed'}, median {ratio:.2f}×, "
                    f"slowest {max(idle) / statistics.median(none):.2f}×."]
        else:
            missed = True
            out += ["", "Target: not measured (no reads in a phase)."]
        out.append("")
    return "\n".join(out), missed


def main():
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2] != "--into"):
        sys.exit(__doc__.splitlines()[0])
    text, missed = section(sys.argv[1])
    if len(sys.argv) == 2:
        print(text)
    else:
        write_into(sys.argv[3], TITLE, text)
    sys.exit(1 if missed else 0)


main()
