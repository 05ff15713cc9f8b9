#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/report.py RAWDIR RESULTS.md CHART.dat

Turns the rows bench/guest.sh wrote (RAWDIR/bench.tsv, configs.tsv,
memory.tsv; one guest per kernel) into bench/results.md, the data
bench/overhead.gp plots, and RAWDIR/targets.tsv (each target's verdict
per kernel and workload, which bench/check.py judges).

bench/guest.sh runs every configuration between two runs with nothing
attached, in rounds (round 0 warms up).  A configuration's cost in a
round is its time less the mean of those two baselines: the difference
of neighbours, so a baseline drifting over the boot does not enter it.
Each figure is the median of the rounds' differences, with their
minimum and maximum (the spread).  Extra ns per event = that difference
/ events in the timed part, events being the hits on tpstat's
tracepoints that tpstat counted in the same workload (counting-only
configuration, warm-up round: the measured runs do not read tpstat's
counters).  A figure whose spread (max - min) exceeds its size is
printed as unresolved, not as a cost.  A target compares a configuration
with a reference round by round (a ratio to the floor, a difference from
every view): a round without both figures, a ratio's round whose floor
is at or below nothing, or a difference's round below minus its limit
(the configuration does all its reference does and more: a run changed
mode), is unresolved, never dropped; such a round, or
a reference whose own figure is unresolved (a comparison with noise),
makes the cell unresolved, which bench/check.py fails as it fails a
miss."""
import re
import statistics
import sys
import time
from collections import defaultdict

raw, results, chart = sys.argv[1:4]

NAMES = {
    "none": "nothing attached",
    "floor": "floor (empty probes)",
    "tpstat_count": "tpstat, counting only",
    "tpstat_views": "tpstat, every view",
    "monitor_idle": "tpstat, every view, a monitor come and gone",
    "monitor_listen": "tpstat, every view, a monitor listening",
    "netns_idle": "tpstat, every view, 64 idle namespaces counting their own",
    "netns_count": "tpstat, every view, veth's two namespaces counting their own",
    "tpstat_all": "tpstat, every network tracepoint (per event of its own)",
    "floor_gen": "floor, one empty probe on net:netif_rx_exit",
    "tpstat_gen": "tpstat, its generated probe there (per event of its own)",
    "perf_stat": "perf stat",
    "ftrace_events": "ftrace events",
    "ftrace_hist": "ftrace hist triggers",
    "bpftrace_count": "bpftrace count()",
    "bpftrace_views": "bpftrace, the views' keys",
    "rawtp_count": "raw-tracepoint BPF, a per-CPU array counter",
    "rawtp_views": "raw-tracepoint BPF, the views' integer keys",
}
CONFIGS = list(NAMES)
WORKLOADS = ["udp_rr", "tcp_rr", "tcp_conn", "tcp_bulk", "veth_bulk"]
WL_NAMES = {
    "udp_rr": "UDP round trip",
    "tcp_rr": "TCP request/response",
    "tcp_conn": "short TCP connections",
    "tcp_bulk": "TCP bulk, loopback",
    "veth_bulk": "TCP bulk, veth",
}

seq = defaultdict(list)      # (kernel, workload) -> [(config, round, ns)] in run order
warm_events = {}             # (kernel, config, workload) -> events of the warm-up run
status = {}                  # (kernel, config, workload) -> status of a failed row
iters = {}                   # (kernel, workload) -> iterations of a run
kernels = []
for line in open(f"{raw}/bench.tsv"):
    f = line.rstrip("\n").split("\t")
    if len(f) < 9:
        continue
    k, cfg, wl, rep, ns, it, nbytes, ev, st = f[:9]
    if k not in kernels:
        kernels.append(k)
    if st != "ok":
        status[(k, cfg, wl)] = st
        seq[(k, wl)].append((cfg, int(rep), None))
        continue
    if ev != "-":
        warm_events.setdefault((k, cfg, wl), int(ev))
    iters[(k, wl)] = int(it)
    seq[(k, wl)].append((cfg, int(rep), int(ns)))

# diffs[(k, cfg, wl)] = {round: ns - mean of the neighbouring baselines}
diffs = defaultdict(dict)
base = defaultdict(list)     # (k, wl) -> baseline ns of measured rounds
drift = defaultdict(list)    # (k, wl) -> next baseline - previous baseline
for (k, wl), rows in seq.items():
    for i, (cfg, rnd, ns) in enumerate(rows):
        if cfg == "none":
            if rnd >= 1 and ns is not None:
                base[(k, wl)].append(ns)
            continue
        if rnd < 1 or ns is None:
            continue
        prev = next((r[2] for r in reversed(rows[:i]) if r[0] == "none"), None)
        nxt = next((r[2] for r in rows[i + 1:] if r[0] == "none"), None)
        nb = [x for x in (prev, nxt) if x is not None]
        if not nb:
            continue
        diffs[(k, cfg, wl)][rnd] = ns - sum(nb) / len(nb)
        if len(nb) == 2:
            drift[(k, wl)].append(nxt - prev)

cfg_state = {}
for line in open(f"{raw}/configs.tsv"):
    k, cfg, st = line.rstrip("\n").split("\t", 2)
    cfg_state[(k, cfg)] = st
memory = defaultdict(dict)
view_mem = defaultdict(dict)   # k -> size parameter -> (default, memory with it at 1)
flow_mem = defaultdict(dict)   # k -> flow_keys -> bytes or why not
for line in open(f"{raw}/memory.tsv"):
    f = line.rstrip("\n").split("\t")
    if f[1] == "view_memory":
        view_mem[f[0]][f[2]] = (f[3], f[4])
    elif f[1] == "flow_memory":
        flow_mem[f[0]][int(f[2])] = f[3]
    else:
        memory[f[0]][f[1]] = "\t".join(f[2:])


def short(k):
    return re.match(r"\d+\.\d+", k).group(0) + ("" if "amd64" in k else
                                                 " " + k.rsplit("-", 1)[-1])


def run_events(k, cfg, wl):
    return warm_events.get((k, cfg, wl))


def events(k, wl):
    for cfg in ("tpstat_count", "tpstat_views"):
        e = run_events(k, cfg, wl)
        if e:
            return e
    return None


# Configurations that count other events than tpstat's default ones:
# their extra cost is per event they count, the floor's beside the
# generated probe per event of that probe.
OWN_EVENTS = {"tpstat_all": "tpstat_all", "tpstat_gen": "tpstat_gen",
              "floor_gen": "tpstat_gen"}


def per_event(k, cfg, wl):
    """{round: extra ns per event}."""
    ev = run_events(k, OWN_EVENTS[cfg], wl) if cfg in OWN_EVENTS else events(k, wl)
    d = diffs.get((k, cfg, wl))
    if not d or not ev:
        return None
    return {r: v / ev for r, v in d.items()}


def measured_rounds(k, wl):
    """The measured rounds (1 on) of a workload, whatever ran in them."""
    return sorted({r for _, r, _ in seq.get((k, wl), []) if r >= 1})


def stats(vals):
    """(median, min, max) of a {round: value}, or None."""
    if not vals:
        return None
    v = sorted(vals.values())
    return statistics.median(v), v[0], v[-1]


def resolved(st):
    return st[2] - st[1] <= abs(st[0])


def overhead(k, cfg, wl):
    d, b = diffs.get((k, cfg, wl)), base.get((k, wl))
    if not d or not b:
        return None
    return statistics.median(d.values()) / statistics.median(b) * 100


def why_missing(k, cfg, wl):
    st = cfg_state.get((k, cfg), "")
    if st.startswith("n/a"):
        return st
    return status.get((k, cfg, wl), "no run")


def fmt(x, digits=1):
    return "–" if x is None else f"{x:,.{digits}f}"


def cell(st, unit=""):
    """A figure with its spread; unresolved when the spread exceeds it."""
    if st is None:
        return "–"
    m, lo, hi = st
    rng = f"[{lo:,.1f}, {hi:,.1f}]"
    if not resolved(st):
        return f"unresolved ({m:,.1f}{unit} {rng})"
    return f"{m:,.1f}{unit} {rng}"


out = []
w = out.append
w("# tpstat benchmark results")
w("")
try:
    measured = open(f"{raw}/commit").read().strip()
except OSError:
    measured = ""
w(f"Written by `make bench` (bench/bench.sh) on {time.strftime('%Y-%m-%d')}"
  + (f", of tpstat at commit {measured}," if measured else ",") +
  " from one boot per kernel under QEMU TCG with "
  "`-accel tcg,thread=single -icount shift=0,sleep=off -smp 1`: the guest "
  "clock advances 1 ns per instruction, so every time here is an "
  "instruction count, whatever else the host is doing.")
w("")
w("**How a figure is made.** Every configuration runs between two runs "
  "with nothing attached, in rounds (round 0 warms up and is not counted): "
  "none, A, none, B, none, … A configuration's cost in a round is its run "
  "less the mean of the two baseline runs beside it, so a baseline that "
  "drifts over the boot drifts out of the difference. **Extra ns per "
  "event** = that cost / the events in the timed part (hits on tpstat's "
  "tracepoints during a run, counted by tpstat in the warm-up round). "
  "Each cell is the median over the measured rounds and, in brackets, the "
  "smallest and largest round: the spread. A figure whose spread "
  "(largest − smallest) is larger than the figure itself is printed as "
  "**unresolved**: the benchmark cannot tell it from nothing. "
  "**Overhead** = the median cost / the median baseline run.")
w("")
for k in kernels:
    w(f"## Linux {k}")
    w("")
    rounds = max((r for (kk, _), rows in seq.items() if kk == k for _, r, _ in rows),
                 default=0)
    it = iters.get((k, "udp_rr"))
    ran = [c for c in CONFIGS if cfg_state.get((k, c)) == "ok"]
    w(f"This boot: {rounds} measured round{'s' if rounds != 1 else ''} after the "
      f"warm-up" + (f", workloads at 1/{5000 // it} of their full size"
                    if it and it < 5000 else "") +
      (f"; only these configurations: {'; '.join(NAMES[c] for c in ran)}"
       if len(ran) < len(CONFIGS) - 1 else "") + ".")
    w("")
    w("Extra ns (instructions) per event [smallest, largest round], and "
      "overhead:")
    w("")
    wls = [x for x in WORKLOADS if seq.get((k, x))]
    w("| configuration | " + " | ".join(WL_NAMES[x] for x in wls) + " |")
    w("|---|" + "---:|" * len(wls))
    for cfg in CONFIGS:
        if cfg == "none" or not any(diffs.get((k, cfg, x)) for x in wls) and \
                (k, cfg) not in cfg_state:
            continue
        cells = []
        for wl in wls:
            st, o = stats(per_event(k, cfg, wl)), overhead(k, cfg, wl)
            cells.append("n/a" if st is None else f"{cell(st)} ({o:+.2f}%)")
        w(f"| {NAMES[cfg]} | " + " | ".join(cells) + " |")
    row = []
    for wl in wls:
        ev = events(k, wl)
        row.append("–" if ev is None else f"{ev:,.0f} / {iters.get((k, wl), 0):,}")
    w("| *events per run / iterations* | " + " | ".join(row) + " |")
    row = []
    for wl in wls:
        b = base.get((k, wl))
        row.append("–" if not b else f"{statistics.median(b):,.0f}")
    w("| *guest ns per run, nothing attached* | " + " | ".join(row) + " |")
    row = []
    for wl in wls:
        d, ev = drift.get((k, wl)), events(k, wl)
        row.append("–" if not d or not ev else
                   f"{min(d) / ev:+,.1f} … {max(d) / ev:+,.1f}")
    w("| *baseline drift between neighbours, ns per event* | " + " | ".join(row) + " |")
    w("")
    for cfg in CONFIGS:
        st = cfg_state.get((k, cfg), "")
        if st.startswith("n/a"):
            w(f"- {NAMES[cfg]}: {st[4:].strip()}")
    w("")

# ---- targets
DUMP_RE = re.compile(r"ns=(\d+) bytes=(\d+) (?:tool_ns=(\d+) )?(?:text_ns=(\d+) )?"
                     r"(?:dump_ns=(\d+) )?(?:rss_kib=(\d+) )?"
                     r"# overflow (\d+) entries (\d+) capacity (\d+)")

ARCHES = (("-amd64", "x86-64"), ("-arm64", "arm64"), ("-armmp", "32-bit ARM"))


def arch(k):
    return next((a for suffix, a in ARCHES if k.endswith(suffix)), "x86-64")


ROUND_TRIPS = ["udp_rr", "tcp_rr"]
BULK = ["tcp_bulk", "veth_bulk"]
CONNS = ["tcp_conn"]
# The workloads whose events are the initial namespace's (loopback), and
# the one whose are tpa's and tpb's (veth).
INIT_NS = ROUND_TRIPS + CONNS + ["tcp_bulk"]
# A target holds when every one of at least this many rounds is within it.
MIN_ROUNDS = 5
# name, what is compared ("sub": the configuration's extra ns per event
# less the reference's, round by round; "ratio": both over the floor, the
# configuration's extra over the reference's), configuration, reference,
# workloads, limit per architecture (none: measured, not judged).
TARGETS = [
    ("counting only, round trips and bulk: ns per event over the floor",
     "sub", "tpstat_count", "floor", ROUND_TRIPS + BULK,
     {"x86-64": 2.5, "arm64": 10, "32-bit ARM": 13.5}),
    ("counting only, short connections: ns per event over the floor",
     "sub", "tpstat_count", "floor", CONNS,
     {"x86-64": 3.5, "arm64": 11, "32-bit ARM": 14.5}),
    ("every view, round trips: ns per event over counting only",
     "sub", "tpstat_views", "tpstat_count", ROUND_TRIPS,
     {"x86-64": 5.5, "arm64": 10, "32-bit ARM": 13}),
    ("every view, bulk (loopback, veth): ns per event over counting only",
     "sub", "tpstat_views", "tpstat_count", BULK,
     {"x86-64": 7, "arm64": 12, "32-bit ARM": 15}),
    ("every view, short connections: ns per event over counting only",
     "sub", "tpstat_views", "tpstat_count", CONNS,
     {"x86-64": 9, "arm64": 14, "32-bit ARM": 17}),
    ("64 idle namespaces counting their own, initial-namespace events: "
     "ns per event over every view",
     "sub", "netns_idle", "tpstat_views", INIT_NS,
     {"x86-64": 4, "arm64": 5, "32-bit ARM": 5}),
    ("64 idle namespaces counting their own, events of a namespace that "
     "counts nothing (veth's): ns per event over every view",
     "sub", "netns_idle", "tpstat_views", ["veth_bulk"],
     {"x86-64": 12, "arm64": 14, "32-bit ARM": 14}),
    ("a namespace counting its own events (veth's two): ns per event over "
     "the 64 idle ones counting",
     "sub", "netns_count", "netns_idle", ["veth_bulk"],
     {"x86-64": 20, "arm64": 30, "32-bit ARM": 35}),
    ("a monitor listening: ns per event over every view",
     "sub", "monitor_listen", "tpstat_views", WORKLOADS,
     {"x86-64": 5, "arm64": 5, "32-bit ARM": 5}),
    ("counting only against raw-tracepoint BPF counting into a per-CPU "
     "array, both over the floor",
     "ratio", "tpstat_count", "rawtp_count", WORKLOADS, {"x86-64": 0.25}),
    ("every view against raw-tracepoint BPF with the views' integer keys, "
     "both over the floor",
     "ratio", "tpstat_views", "rawtp_views", WORKLOADS, {"x86-64": 0.3}),
]


def target_rounds(k, kind, a, b, wl):
    """(vals, bad) of a target on one workload: {round: compared value}
    and {round: why that round is unresolved}, which between them hold
    every measured round of the workload; None when a or its reference b
    has no figure at all.  A round is unresolved, never dropped, when a
    side (or, for a ratio, the floor) has no figure in it (its run
    failed), or, for a ratio, when the reference's extra cost over the
    floor in it is at or below nothing: a ratio to that says nothing."""
    x, y = per_event(k, a, wl), per_event(k, b, wl)
    f = per_event(k, "floor", wl) if kind == "ratio" else {}
    if not x or not y or f is None:
        return None
    vals, bad = {}, {}
    for r in measured_rounds(k, wl):
        if r not in x:
            bad[r] = f"no figure for {NAMES[a]}"
        elif r not in y:
            bad[r] = f"no figure for the reference, {NAMES[b]}"
        elif kind == "ratio" and r not in f:
            bad[r] = f"no figure for {NAMES['floor']}"
        elif kind == "ratio" and y[r] - f[r] <= 0:
            bad[r] = f"{NAMES[b]} at or below the floor"
        else:
            vals[r] = (x[r] - f[r]) / (y[r] - f[r]) if kind == "ratio" else x[r] - y[r]
    return vals, bad


def verdict(vals, bad, ref, ref_name, limit, kind="sub"):
    """(verdict, stats of the resolved rounds, why unresolved or None).
    met: at least MIN_ROUNDS rounds, every one resolved and within the
    limit; missed: every round resolved and none within it; measured:
    no limit on this architecture; unresolved otherwise: too few rounds,
    the rounds straddle the limit, some round is unresolved
    (target_rounds, or, for a difference, below minus the limit: each
    difference's configuration does what its reference does and more, so
    a round that far below nothing says that a run changed mode, as a
    bimodal workload's do), or the reference itself is (its own cell's
    spread exceeds its size: a comparison with noise is noise)."""
    if limit is not None and kind == "sub":
        low = [r for r, v in vals.items() if v < -limit]
        if low:
            vals = {r: v for r, v in vals.items() if r not in low}
            bad = dict(bad)
            for r in low:
                bad[r] = "below minus the limit: a run changed mode"
    st = stats(vals)
    if limit is None:
        return "measured", st, None
    why = []
    if not resolved(ref):
        why.append(f"the reference is unresolved: {ref_name} {ref[0]:,.1f} ns "
                   f"per event [{ref[1]:,.1f}, {ref[2]:,.1f}]")
    if bad:
        byw = defaultdict(list)
        for r, w in sorted(bad.items()):
            byw[w].append(str(r))
        why.append(f"{len(bad)} of {len(bad) + len(vals)} rounds unresolved: " +
                   "; ".join(f"round{'s' if len(rs) > 1 else ''} "
                             f"{', '.join(rs)}: {w}" for w, rs in byw.items()))
    if st is not None and st[1] > limit and not why:
        return "missed", st, None
    if len(vals) + len(bad) < MIN_ROUNDS:
        why.append(f"{len(vals) + len(bad)} measured rounds, fewer than "
                   f"the {MIN_ROUNDS} a target needs")
    if why or st is None:
        return "unresolved", st, "; ".join(why) or "no round resolved"
    if st[2] <= limit:
        return "met", st, None
    return "unresolved", st, "its rounds fall on both sides of the target"


w("## Targets")
w("")
w("Every target on every workload and kernel it applies to, each with its "
  "limit on that kernel's architecture. A difference (ns) is the "
  "configuration's extra ns per event less the reference's, in the same "
  "round; a ratio (×) is the configuration's extra ns per event over the "
  "floor's, divided by the reference's over the floor's, in the same "
  "round. Each cell: the median over rounds [smallest, largest round], "
  "over the rounds that resolve. **met**: at least "
  f"{MIN_ROUNDS} rounds, every one within the limit; **missed**: no round "
  "within it; **unresolved**, with why: the rounds fall on both sides "
  "(more rounds, or longer runs, would decide it); or some round is "
  "unresolved, never dropped (a side has no figure in it, or, for a "
  "ratio, the reference's extra cost over the floor was at or below "
  "nothing; or, for a difference, the round is below minus the limit, "
  "which only a run that changed mode gives, as each configuration does "
  "all its reference does and more), and the cell says how many; or the reference is itself "
  "unresolved in the table above, so the comparison is with noise; or "
  f"fewer than {MIN_ROUNDS} rounds ran. **measured**: no limit on that "
  "architecture. `make bench` fails when a target is missed or "
  "unresolved (bench/check.py).")
w("")
tsv = []
for name, kind, a, b, wls, limits in TARGETS:
    unit = "×" if kind == "ratio" else " ns"
    d = 3 if kind == "ratio" else 2
    w(f"**{name}**")
    w("")
    w("| kernel | limit | " + " | ".join(WL_NAMES[x] for x in wls) + " |")
    w("|---|---|" + "---|" * len(wls))
    for k in kernels:
        limit = limits.get(arch(k))
        cells = []
        for wl in wls:
            tr = target_rounds(k, kind, a, b, wl)
            if tr is None:
                why = why_missing(k, a, wl) if not diffs.get((k, a, wl)) else \
                    why_missing(k, b, wl)
                if not diffs.get((k, b, wl)) and not diffs.get((k, a, wl)) and \
                        not seq.get((k, wl)):
                    why = "workload not run"
                cells.append(f"not evaluated: {why}")
                tsv.append(f"{k}\t{name}\t{wl}\tnot evaluated\t{why}")
                continue
            v, st, why = verdict(*tr, stats(per_event(k, b, wl)), NAMES[b],
                                 limit, kind)
            fig = ("no round resolved" if st is None else
                   f"{st[0]:,.{d}f}{unit} [{st[1]:,.{d}f}, {st[2]:,.{d}f}]")
            if why:
                fig += f" ({why})"
            cells.append(f"{'**missed**' if v == 'missed' else v}: {fig}")
            tsv.append(f"{k}\t{name}\t{wl}\t{v}\t{fig}")
        lim = "none" if limit is None else \
            f"≤ {limit:g}×" if kind == "ratio" else f"≤ +{limit:g} ns"
        w(f"| {k} | {lim} | " + " | ".join(cells) + " |")
    w("")
# Reading a view: the tool against debugfs on the same full flow table
# (65,536 flows), per entry, and the tool's peak memory.
DUMP_TARGETS = [
    ("the tool's time per entry ≤ 1.5× debugfs's (`tpstat -j retrans`, "
     "65,536 flows)", "tool_ratio", 1.5, "×"),
    ("the tool's peak RSS ≤ 16 MB (`tpstat -j retrans`, 65,536 flows)",
     "rss_mb", 16.0, " MB"),
]
for name, what, limit, unit in DUMP_TARGETS:
    w(f"**{name}**")
    w("")
    w("| kernel | retrans, 65,536 flows |")
    w("|---|---|")
    for k in kernels:
        m = DUMP_RE.match(memory[k].get("flow_dump_65536", ""))
        fig = None
        if m:
            ns, tool, rss, used = (int(m.group(i) or 0) for i in (1, 3, 6, 8))
            if what == "tool_ratio" and ns and tool:
                fig = tool / ns
            elif what == "rss_mb" and rss:
                fig = rss / 1024
        if fig is None:
            why = ("no flow dump in this boot" if not m
                   else "not measured in this boot")
            w(f"| {k} | not evaluated: {why} |")
            tsv.append(f"{k}\t{name}\tretrans dump\tnot evaluated\t{why}")
            continue
        v = "met" if fig <= limit else "missed"
        text = f"{fig:,.2f}{unit}"
        w(f"| {k} | {'**missed**' if v == 'missed' else v}: {text} |")
        tsv.append(f"{k}\t{name}\tretrans dump\t{v}\t{text}")
    w("")
with open(f"{raw}/targets.tsv", "w") as f:
    f.write("\n".join(tsv) + "\n")

# ---- flows
FLOWS = sorted({wl for (k, wl) in seq if wl.startswith("flows_")},
               key=lambda x: int(x.split("_")[1]))
if FLOWS:
    w("## Scaling with the number of flows")
    w("")
    w("TCP request/response round-robin over N established connections on "
      "loopback (one source address each), 4096 per run, each run going "
      "on where the last stopped; configurations interleaved with nothing "
      "attached as above, with the same flows open. Unlike the table "
      "above, every run here reads tpstat's counters just outside its timed "
      "part (one process serves all the runs of a flow count). It stops at "
      "65,536 connections: a million would hold two million sockets, more "
      "than the guests' memory. A round trip writes no flow-keyed table; "
      "the retransmits view's flow table, written on each retransmit, is "
      "filled to 1,048,576 flows below (its memory, and the time to read "
      "it).")
    w("")
    for k in kernels:
        fl = [x for x in FLOWS if seq.get((k, x))]
        if not fl:
            continue
        w(f"**{k}**")
        w("")
        w("| configuration | " + " | ".join(f"{int(f.split('_')[1]):,} flows" for f in fl) + " |")
        w("|---|" + "---:|" * len(fl))
        for cfg in ("floor", "tpstat_count", "tpstat_views"):
            cells = []
            for x in fl:
                st = stats(per_event(k, cfg, x))
                cells.append(cell(st) if st else why_missing(k, cfg, x))
            w(f"| {NAMES[cfg]} | " + " | ".join(cells) + " |")
        w("")

# ---- memory
w("## Memory and reading cost")
w("")
w("| | " + " | ".join(short(k) for k in kernels) + " |")
w("|---|" + "---|" * len(kernels))
w("| tpstat module size (`/sys/module/tpstat/coresize`), bytes | " +
  " | ".join(memory[k].get("coresize", "–") for k in kernels) + " |")
w("| `Percpu:` in /proc/meminfo with tpstat loaded (whole system) | " +
  " | ".join(memory[k].get("meminfo", "–").replace("Percpu:", "").strip()
             for k in kernels) + " |")


def read_cost(k):
    m = re.match(r"ns=(\d+) bytes=(\d+)", memory[k].get("counters_read", ""))
    return f"{int(m.group(1)):,} ns for {int(m.group(2)):,} bytes" if m else "–"


w("| guest time to read `/sys/kernel/debug/tpstat/counters` once (open to EOF) | " +
  " | ".join(read_cost(k) for k in kernels) + " |")
w("| tpstat's counters and tables with every view at default sizes "
  "(`tpstat info`), bytes | " +
  " | ".join(f"{int(view_mem[k]['default'][1]):,}"
             if view_mem[k].get("default", ("", ""))[1].isdigit() else "–"
             for k in kernels) + " |")


def dump_cost(k, key):
    d = memory[k].get(key, "")
    m = DUMP_RE.match(d)
    if not m:
        return d.replace("n/a: ", "") or "–"
    ns, size, tool, text_ns, dump, rss, lost, used, cap = (int(x) if x else None
                                                           for x in m.groups())
    per = max(used, 1)
    text = (f"debugfs {ns:,} ns for {used:,} of {cap:,} entries, "
            f"{ns // per:,} per entry ({size:,} bytes)")
    if tool is not None:
        text += f"; `tpstat -j retrans` {tool:,} ns, {tool // per:,} per entry"
    if text_ns is not None:
        text += f"; `tpstat retrans` {text_ns:,} ns, {text_ns // per:,} per entry"
    if dump is not None:
        text += (f"; the kernel's netlink dump alone (no tool) {dump:,} ns, "
                 f"{dump // per:,} per entry")
    if rss:
        text += f"; `tpstat -j retrans`'s peak RSS {rss:,} KiB"
    return text + f"; {lost:,} more updates lost"


for key, label in (("flow_dump", "at its default size"),
                   ("flow_dump_65536", "with `flow_keys=65536`"),
                   ("flow_dump_1048576", "with `flow_keys=1048576` "
                    "(64-bit kernels; a 32-bit one allows 262,144)")):
    if not any(key in memory[k] for k in kernels):
        continue
    w(f"| guest time to read the retrans view with the flow table full, "
      f"{label} (debugfs: open to EOF; the tool: fork to exit, started "
      f"from tmpfs, the fastest of 3 runs after an untimed one) | " +
      " | ".join(dump_cost(k, key) for k in kernels) + " |")
w("")

# ---- event mix
mix = defaultdict(dict)      # (kernel, workload) -> {counter: change}
try:
    for line in open(f"{raw}/mix.tsv"):
        k, wl, name, delta, _ = line.rstrip("\n").split("\t")
        mix[(k, wl)][name] = int(delta)
except FileNotFoundError:
    pass
if mix:
    w("## Event mix")
    w("")
    w("Share of each tracepoint in the hits of a workload (tpstat counting "
      "only, all runs): where the per-event cost comes from.")
    w("")
    for k in kernels:
        names = sorted({n for (kk, wl), d in mix.items() if kk == k
                        for n in d if "." not in n})
        tot = {wl: sum(v for n, v in mix[(k, wl)].items() if "." not in n)
               for wl in WORKLOADS}
        w(f"**{k}**")
        w("")
        w("| tracepoint | " + " | ".join(WL_NAMES[x] for x in WORKLOADS) + " |")
        w("|---|" + "---:|" * len(WORKLOADS))
        for n in names:
            w(f"| {n} | " + " | ".join(
                f"{100 * mix[(k, wl)].get(n, 0) / tot[wl]:.1f}%" if tot[wl] else "–"
                for wl in WORKLOADS) + " |")
        w("")

# ---- memory per view and per flow table size
def table_cost(k, p):
    """(bytes per key, bytes at the default size) of size parameter p:
    tpstat info's memory at defaults less that with p=1 is (default - 1)
    keys' worth."""
    d, one = view_mem[k].get("default", ("", ""))[1], view_mem[k].get(p, ("", ""))
    if not d.isdigit() or not one[1].isdigit() or int(one[0]) < 2:
        return None
    per = (int(d) - int(one[1])) / (int(one[0]) - 1)
    return per, per * int(one[0])


VIEW_OF = {"drop_keys": "drops", "trap_keys": "traps (drops --by trap)",
           "flow_keys": "retrans", "reset_keys": "resets",
           "lifetime_keys": "lifetimes", "sockets": "lifetimes (socket births)",
           "device_keys": "devices", "error_keys": "errors", "rcvq_keys": "rcvq",
           "neigh_keys": "neigh", "auth_keys": "auth"}
mk = [k for k in kernels if view_mem[k].get("default")]
if mk:
    w("## Memory per view")
    w("")
    w("What each view's table costs at its default size, as `tpstat info` "
      "counts it: its memory at default sizes less that with the table's "
      "size parameter at 1, scaled back to the default number of keys. A "
      "table is two generations (a reset swaps them) of twice as many slots "
      "as keys, rounded up to a power of two; the socket births are one "
      "table of twice as many slots as sockets. Every table is allocated "
      "whatever `views=` says.")
    w("")
    params = [p for p in view_mem[mk[0]] if p != "default"]
    w("| view | size parameter (default) | " +
      " | ".join(f"{short(k)}: bytes per key, bytes" for k in mk) + " |")
    w("|---|---|" + "---:|" * len(mk))
    rest = {}
    for p in params:
        cells = []
        for k in mk:
            c = table_cost(k, p)
            cells.append("–" if c is None else f"{c[0]:,.0f}, {c[1]:,.0f}")
            if c:
                rest[k] = rest.get(k, int(view_mem[k]["default"][1])) - c[1]
        w(f"| {VIEW_OF.get(p, p)} | `{p}` ({int(view_mem[mk[0]][p][0]):,}) | " +
          " | ".join(cells) + " |")
    w("| the rest: per-CPU counters (one CPU here), alerts, baseline | | " +
      " | ".join(f"{rest[k]:,.0f}" if k in rest else "–" for k in mk) + " |")
    w("| **total, `tpstat info`** | | " + " | ".join(
        f"**{int(view_mem[k]['default'][1]):,}**" for k in mk) + " |")
    w("")
fk = [k for k in kernels if flow_mem[k]]
if fk:
    w("## Memory per flow table size")
    w("")
    w("The retransmits view's flow table (`flow_keys=N`), as `tpstat info` "
      "counts it: memory with `flow_keys=N` less that with `flow_keys=1`.")
    w("")
    sizes = sorted({n for k in fk for n in flow_mem[k]})
    w("| flow_keys | " + " | ".join(short(k) for k in fk) + " |")
    w("|---:|" + "---:|" * len(fk))
    for n in sizes:
        def fcell(k):
            x, z = flow_mem[k].get(n, ""), view_mem[k].get("flow_keys", ("", ""))[1]
            if x.startswith("refused"):
                c = table_cost(k, "flow_keys")
                return ("refused: above flow_keys' maximum" +
                        (f" (its arithmetic: {c[0] * n:,.0f})" if c else ""))
            if not x.isdigit():
                return x or "–"
            return f"{int(x) - int(z):,}" if z.isdigit() else f"{int(x):,}"
        w(f"| {n:,} | " + " | ".join(fcell(k) for k in fk) + " |")
    w("")

# ---- details
w("## Every run")
w("")
w("Each configuration's cost against its neighbouring baselines, guest "
  "ns per run, round by round.")
w("")
for k in kernels:
    w(f"**{k}**")
    w("")
    w("| workload | configuration | cost per round (ns) | events per run |")
    w("|---|---|---|---:|")
    for (kk, cfg, wl), d in sorted(diffs.items(), key=lambda x: (
            x[0][2], CONFIGS.index(x[0][1]) if x[0][1] in CONFIGS else 99)):
        if kk != k:
            continue
        w(f"| {wl} | {NAMES.get(cfg, cfg)} | " +
          ", ".join(f"{v:,.0f}" for _, v in sorted(d.items())) +
          f" | {fmt(events(k, wl), 0)} |")
    w("")

with open(results, "w") as f:
    f.write("\n".join(out).rstrip("\n") + "\n")

# ---- chart data: one block per kernel; extra ns per event, "-" if
# ---- unresolved, <= 0 or missing
with open(chart, "w") as f:
    for i, k in enumerate(kernels):
        if i:
            f.write("\n\n")
        f.write("# " + k + "\n")
        f.write('"configuration" ' + " ".join(f'"{WL_NAMES[x]}"' for x in WORKLOADS) + "\n")
        for cfg in CONFIGS:
            if cfg in ("none", "none_again"):
                continue
            vals = [stats(per_event(k, cfg, wl)) for wl in WORKLOADS]
            label = NAMES[cfg]
            if all(v is None for v in vals):
                label += " (n/a)"
            f.write(f'"{label}" ' + " ".join(
                "-" if v is None or v[0] <= 0 or not resolved(v) else f"{v[0]:.2f}"
                for v in vals) + "\n")
with open(chart + ".titles", "w") as f:
    f.write("\n".join(f"Linux {k}" for k in kernels) + "\n")
