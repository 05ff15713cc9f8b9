#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/genl_report.py GENL_STALL.TSV

Prints the bench/results.md section on other netlink users during a
large view dump, from the rows bench/genl_stall.sh wrote (its header
says what each column holds): per kernel and CPU count, the median,
p99 and max guest ns of each kind of request with nothing else running
and while another process dumps the view back to back, and what one
dump took.  bench/bench.sh appends it to bench/results.md."""
import math
import statistics
import sys
from collections import defaultdict

KINDS = {
    "getlink": "`ip link` (rtnetlink RTM_GETLINK dump)",
    "getfamily": "nlctrl CTRL_CMD_GETFAMILY \"ethtool\"",
    "linkinfo": "ethtool LINKINFO_GET lo (answered EOPNOTSUPP)",
    "linkstate": "ethtool LINKSTATE_GET lo",
}
PHASES = ["idle", "dump", "idle_after"]

reqs = defaultdict(list)     # (kernel, cpus, phase, kind) -> [ns]
waits = defaultdict(list)    # (kernel, cpus, phase) -> [ns waited for the CPU]
errs = defaultdict(set)      # (kernel, cpus, kind) -> {errno}
dumps = defaultdict(list)    # (kernel, cpus, phase) -> [(ns, start, first, msgs)]
table = {}                   # (kernel, cpus) -> (fill ns, overflow, entries, capacity)
parts = defaultdict(list)    # (kernel, cpus, "copy"|"sort") -> [ns], function graph tracer
boots = []
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split("\t")
    if len(f) < 11:
        continue
    k, cpus, phase, what, _seq, ns, err, start, first, msgs, reads = f[:11]
    if (k, cpus) not in boots:
        boots.append((k, cpus))
    if what == "table":
        table[(k, cpus)] = (int(ns), int(err), int(msgs), int(reads))
    elif phase == "trace":
        parts[(k, cpus, what)].append(int(ns))
    elif what == "dump":
        dumps[(k, cpus, phase)].append((int(ns), int(start), int(first), int(msgs)))
    else:
        reqs[(k, cpus, phase, what)].append(int(ns))
        waits[(k, cpus, phase)].append(int(start))
        errs[(k, cpus, what)].add(int(err))


def pct(xs, p):
    """The p-th percentile, nearest rank."""
    xs = sorted(xs)
    return xs[max(0, math.ceil(p / 100 * len(xs)) - 1)]


def us(ns):
    return f"{ns / 1000:,.1f}"


def ms(ns):
    return f"{ns / 1e6:,.1f}"


out = ["", "## Other netlink users during a large view dump", ""]
out.append(
    "`bench/genl_stall.sh` fills the retrans view to 65,536 flows, then "
    "times requests one at a time (`bench/load/genlstall.c`), with nothing "
    "else running and while another process dumps the whole view back to "
    "back (tpstat's family is `parallel_ops`: its dumps take no "
    "genl_mutex). Each request is due 500 µs after the last one's answer, "
    "its process asleep until then, and is timed from then to its answer: "
    "the wait for the CPU counts, as it would for someone typing `ip link`. "
    "Guest µs (thousands of instructions on one vCPU): median / p99 / max. "
    "On one vCPU, what a request takes beyond its idle figure is time the "
    "dumping process kept the CPU: its user-space part, which is preempted, "
    "and its kernel part, which runs on to its next cond_resched() or "
    "return to user space. Up to a scheduler tick of it (4 ms at Debian's "
    "HZ=250) is the scheduler's: a woken task need not preempt one that "
    "has not used up its slice, and a slice's end is seen at a tick.")
for k, cpus in boots:
    fill, over, entries, cap = table.get((k, cpus), (0, 0, 0, 0))
    clock = ("one vCPU, `--bench` (guest ns = instructions)" if cpus == "1" else
             f"{cpus} vCPUs without `--bench` (wall time, noisy)")
    out += ["", f"Linux {k}, {clock}; the view: {entries:,} entries of "
            f"{cap:,}, {over:,} lost updates:", ""]
    out.append("| request | nothing else running | during the dumps | nothing else running, at the end | requests |")
    out.append("|---|---:|---:|---:|---:|")
    for kind, name in KINDS.items():
        cells = []
        n = 0
        for phase in PHASES:
            xs = reqs.get((k, cpus, phase, kind))
            if not xs:
                cells.append("–")
                continue
            n = max(n, len(xs))
            cells.append(f"{us(statistics.median(xs))} / {us(pct(xs, 99))} / {us(max(xs))}")
        if not n:
            continue
        e = errs[(k, cpus, kind)]
        if kind != "linkinfo" and e != {0}:
            name += f" (errors: {', '.join(str(x) for x in sorted(e) if x)})"
        out.append(f"| {name} | " + " | ".join(cells) + f" | {n:,} |")
    w = waits.get((k, cpus, "dump"))
    if w:
        wi = waits.get((k, cpus, "idle"), [0])
        out += ["", f"Waits for the CPU (from when a request was due to its send()) "
                f"during the dumps: median {us(statistics.median(w))} µs, p99 "
                f"{us(pct(w, 99))}, max {us(max(w))} µs ({max(wi) / 1000:,.1f} µs "
                f"at most with nothing else running)."]
    for phase, label in (("alone", "alone"), ("dump", "while the requests ran")):
        ds = dumps.get((k, cpus, phase))
        if not ds:
            continue
        tot = [d[0] for d in ds]
        start = [d[1] for d in ds]
        first = [d[2] for d in ds]
        out.append("")
        out.append(
            f"One dump of the {ds[0][3] - 1:,} entries {label} ({len(ds)} dumps, "
            f"median; min–max): {ms(statistics.median(tot))} ms "
            f"({ms(min(tot))}–{ms(max(tot))}), of which its send(), the "
            f"start's copy and sort and the first reply, "
            f"{ms(statistics.median(start))} ms ({ms(min(start))}–{ms(max(start))}); "
            f"first reply read after {ms(statistics.median(first))} ms.")
    copy, sort = parts.get((k, cpus, "copy")), parts.get((k, cpus, "sort"))
    if copy and sort:
        out.append("")
        out.append(
            f"The start's two parts (function graph tracer, {len(copy)} more dumps, "
            f"median): the copy, `tpstat_view_snapshot()`, under rcu_read_lock() "
            f"left for a cond_resched() every 4,096 slots, "
            f"{ms(statistics.median(copy))} ms; the sort, "
            f"`tpstat_snap_sort()`, {ms(statistics.median(sort))} ms in "
            f"{math.ceil(math.log2(max(2, entries)))} merge passes, then the "
            f"records moved to their places, with a cond_resched() about every "
            f"4,096 entries merged or moved.")
print("\n".join(out))
