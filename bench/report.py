#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/report.py RAWDIR RESULTS.md CHART.dat

Turns the rows bench/guest.sh wrote (RAWDIR/bench.tsv, configs.tsv,
memory.tsv; one guest per kernel) into bench/results.md and the data
bench/overhead.gp plots.  Every figure is a median over the measured runs
(rep >= 1; rep 0 is the warm-up).  Extra ns per event = (median with the
configuration - median with nothing attached) / events in the timed part,
events being the hits on tpstat's tracepoints that tpstat counted in the
same workload (counting-only configuration), in its warm-up run: the
measured runs do not read tpstat's counters (bench/guest.sh)."""
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
    "none_again": "nothing attached, at the end",
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
FLOWS = ["flows_1", "flows_16", "flows_1024", "flows_65536"]

runs = defaultdict(list)     # (kernel, config, workload) -> [(ns, iters, bytes, events)]
warm_events = {}             # (kernel, config, workload) -> events of the warm-up run
status = {}                  # (kernel, config, workload) -> status of a failed row
kernels = []
for line in open(f"{raw}/bench.tsv"):
    f = line.rstrip("\n").split("\t")
    if len(f) < 9:
        continue
    k, cfg, wl, rep, ns, iters, nbytes, ev, st = f[:9]
    if k not in kernels:
        kernels.append(k)
    if st != "ok":
        status[(k, cfg, wl)] = st
        continue
    if int(rep) < 1:
        if ev != "-":
            warm_events[(k, cfg, wl)] = int(ev)
        continue
    runs[(k, cfg, wl)].append((int(ns), int(iters), int(nbytes),
                               None if ev == "-" else int(ev)))

cfg_state = {}
for line in open(f"{raw}/configs.tsv"):
    k, cfg, st = line.rstrip("\n").split("\t", 2)
    cfg_state[(k, cfg)] = st
memory = defaultdict(dict)
for line in open(f"{raw}/memory.tsv"):
    k, key, val = line.rstrip("\n").split("\t", 2)
    memory[k][key] = val


def short(k):
    return re.match(r"\d+\.\d+", k).group(0)


def med(k, cfg, wl):
    r = runs.get((k, cfg, wl))
    return statistics.median(x[0] for x in r) if r else None


def spread(k, cfg, wl):
    r = [x[0] for x in runs.get((k, cfg, wl), [])]
    if len(r) < 2:
        return None
    return (max(r) - min(r)) / statistics.median(r) * 100


def run_events(k, cfg, wl):
    """A run's events: the measured runs' median where they have them,
    else the warm-up run's (the measured runs do not read the counters)."""
    e = [x[3] for x in runs.get((k, cfg, wl), []) if x[3] is not None]
    return statistics.median(e) if e else warm_events.get((k, cfg, wl))


def events(k, wl):
    for cfg in ("tpstat_count", "tpstat_views"):
        e = run_events(k, cfg, wl)
        if e:
            return e
    return None


# Configurations that count other events than the 26: their extra cost
# is per event they count, the floor's beside the generated probe per
# event of that probe.
OWN_EVENTS = {"tpstat_all": "tpstat_all", "tpstat_gen": "tpstat_gen",
              "floor_gen": "tpstat_gen"}


def extra(k, cfg, wl):
    m, base = med(k, cfg, wl), med(k, "none", wl)
    if cfg in OWN_EVENTS:
        ev = run_events(k, OWN_EVENTS[cfg], wl)
    else:
        ev = events(k, wl)
    if m is None or base is None or not ev:
        return None
    return (m - base) / ev


def overhead(k, cfg, wl):
    m, base = med(k, cfg, wl), med(k, "none", wl)
    if m is None or base is None:
        return None
    return (m - base) / base * 100


def why_missing(k, cfg, wl):
    st = cfg_state.get((k, cfg), "")
    if st.startswith("n/a"):
        return st
    return status.get((k, cfg, wl), "no run")


def fmt(x, digits=1):
    return "–" if x is None else f"{x:,.{digits}f}"


out = []
w = out.append
w("# tpstat benchmark results")
w("")
w(f"Written by `make bench` (bench/bench.sh) on {time.strftime('%Y-%m-%d')}, "
  "from one boot per kernel of Debian's kernels under QEMU TCG with "
  "`-accel tcg,thread=single -icount shift=0,sleep=off -smp 1`: the guest "
  "clock advances 1 ns per instruction, so every time here is an "
  "instruction count.")
w("")
w("Each figure is the median of the measured runs after a warm-up run. "
  "**Extra ns per event** = (time with the configuration − time with "
  "nothing attached) / events in the timed part, the events being the hits "
  "on tpstat's tracepoints during a run (counted by tpstat in the warm-up "
  "run, which reads its counters just outside its timed part; the measured "
  "runs read nothing, but for the flow scaling below). **Overhead** = the same extra time / time with "
  "nothing attached. The bulk workloads move the same bytes in every "
  "configuration, so their overhead is extra instructions per byte; both "
  "ends of a bulk transfer are in one process, so no task switch cuts the "
  "data differently from run to run.")
w("")
for k in kernels:
    w(f"## Linux {k}")
    w("")
    w("Extra ns (instructions) per event, and overhead in parentheses:")
    w("")
    w("| configuration | " + " | ".join(WL_NAMES[x] for x in WORKLOADS) + " |")
    w("|---|" + "---:|" * len(WORKLOADS))
    for cfg in CONFIGS:
        if cfg == "none":
            continue
        cells = []
        for wl in WORKLOADS:
            e, o = extra(k, cfg, wl), overhead(k, cfg, wl)
            if o is None:
                cells.append("n/a")
            else:
                cells.append(f"{fmt(e)} ({o:+.2f}%)")
        w(f"| {NAMES[cfg]} | " + " | ".join(cells) + " |")
    row = []
    for wl in WORKLOADS:
        ev, r = events(k, wl), runs.get((k, "none", wl))
        row.append("–" if ev is None or not r else f"{ev:,.0f} / {r[0][1]:,}")
    w("| *events per run / iterations* | " + " | ".join(row) + " |")
    row = []
    for wl in WORKLOADS:
        m = med(k, "none", wl)
        row.append("–" if m is None else f"{m:,.0f}")
    w("| *guest ns per run, nothing attached* | " + " | ".join(row) + " |")
    w("")
    notes = sorted({why_missing(k, cfg, wl) for cfg in CONFIGS for wl in WORKLOADS
                    if overhead(k, cfg, wl) is None and cfg != "none"})
    for cfg in CONFIGS:
        st = cfg_state.get((k, cfg), "")
        if st.startswith("n/a"):
            w(f"- {NAMES[cfg]}: {st[4:].strip()}")
    for n in notes:
        if not n.startswith("n/a"):
            w(f"- missing runs: {n}")
    w("")

# ---- targets
w("## Targets")
w("")
w("Per event on the round-trip and connection workloads; the bulk target "
  "is per byte.")
w("")
w("| target | " + " | ".join(short(k) for k in kernels) + " |")
w("|---|" + "---|" * len(kernels))
RR = ["udp_rr", "tcp_rr", "tcp_conn"]


def ratio_cell(k, num, den, limit, more_is_worse=True):
    vals = []
    for wl in RR:
        a, b = extra(k, num, wl), extra(k, den, wl)
        if a is None or b is None or b <= 0:
            return None
        vals.append(a / b)
    worst = max(vals) if more_is_worse else min(vals)
    ok = worst <= limit if more_is_worse else worst >= limit
    return f"{'met' if ok else '**missed**'}: " + ", ".join(f"{v:.2f}×" for v in vals)


targets = [
    ("counting only ≤ 1.1× the floor's extra cost",
     lambda k: ratio_cell(k, "tpstat_count", "floor", 1.1)),
    ("every view ≤ 3× the floor per event",
     lambda k: ratio_cell(k, "tpstat_views", "floor", 3)),
    ("every view ≥ 15× cheaper than bpftrace with the same keys",
     lambda k: ratio_cell(k, "bpftrace_views", "tpstat_views", 15, False)),
]
for name, fn in targets:
    cells = []
    for k in kernels:
        c = fn(k)
        cells.append(c if c else "not available in this build")
    w(f"| {name} ({', '.join(RR)}) | " + " | ".join(cells) + " |")
cells = []
for k in kernels:
    o = overhead(k, "tpstat_views", "tcp_bulk")
    cells.append("not available in this build" if o is None else
                 f"{'met' if o <= 2 else '**missed**'}: {o:+.2f}%")
w("| every view on TCP bulk ≤ 2% extra instructions per byte | " + " | ".join(cells) + " |")
w("")
w("For reference, counting only on TCP bulk (loopback): " + ", ".join(
    f"{short(k)} {fmt(overhead(k, 'tpstat_count', 'tcp_bulk'), 2)}%" for k in kernels)
  + "; bpftrace with the views' keys per event over the floor's: " + ", ".join(
    f"{short(k)} " + "/".join(
        fmt(extra(k, 'bpftrace_views', wl) / extra(k, 'floor', wl), 0) + "×"
        if extra(k, 'bpftrace_views', wl) is not None and extra(k, 'floor', wl) else "–"
        for wl in RR) for k in kernels) + ".")
w("")

# ---- flows
w("## Scaling with the number of flows")
w("")
w("TCP request/response round-robin over N established connections on "
  "loopback (one source address each), 4096 per run, each run going on "
  "where the last stopped. Extra ns per event over nothing attached with "
  "the same flows open. The keyed views need tpstat's flow table. Unlike "
  "the table above, every run here reads tpstat's counters just outside "
  "its timed part (one process serves all the runs of a flow count).")
w("")
for k in kernels:
    w(f"**{short(k)}** ({k})")
    w("")
    w("| configuration | " + " | ".join(f"{int(f.split('_')[1]):,} flows" for f in FLOWS) + " |")
    w("|---|" + "---:|" * len(FLOWS))
    for cfg in ("floor", "tpstat_count", "tpstat_views"):
        cells = []
        for fl in FLOWS:
            e, o = extra(k, cfg, fl), overhead(k, cfg, fl)
            if o is None:
                st = why_missing(k, cfg, fl)
                cells.append("not available in this build" if "not available" in st
                             else st)
            else:
                cells.append(f"{fmt(e)} ({o:+.2f}%)")
        w(f"| {NAMES[cfg]} | " + " | ".join(cells) + " |")
    row = []
    for fl in FLOWS:
        m = med(k, "none", fl)
        row.append("–" if m is None else f"{m:,.0f}")
    w("| *guest ns per run, nothing attached* | " + " | ".join(row) + " |")
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
  " | ".join(f"{int(memory[k]['views_memory']):,}"
             if memory[k].get("views_memory", "").isdigit() else "–"
             for k in kernels) + " |")


def dump_cost(k, key):
    d = memory[k].get(key, "")
    m = re.match(r"ns=(\d+) bytes=(\d+) (?:tool_ns=(\d+) )?(?:text_ns=(\d+) )?"
                 r"(?:dump_ns=(\d+) )?# overflow (\d+) entries (\d+) capacity (\d+)", d)
    if not m:
        return d.replace("n/a: ", "") or "–"
    ns, size, tool, text_ns, dump, lost, used, cap = (int(x) if x else None
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
    return text + f"; {lost:,} more updates lost"


for key, label in (("flow_dump", "at its default size"),
                   ("flow_dump_65536", "with `flow_keys=65536`")):
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

# ---- details
w("## Every configuration and workload")
w("")
w("Median guest ns per run, spread ((max − min) / median) and number of "
  "measured runs.")
w("")
for k in kernels:
    w(f"**{k}**")
    w("")
    w("| workload | configuration | median ns | spread | runs | events per run |")
    w("|---|---|---:|---:|---:|---:|")
    for wl in WORKLOADS + FLOWS:
        for cfg in CONFIGS:
            m = med(k, cfg, wl)
            if m is None:
                continue
            s = spread(k, cfg, wl)
            ev = run_events(k, cfg, wl)
            w(f"| {wl} | {NAMES[cfg]} | {m:,.0f} | "
              f"{'–' if s is None else f'{s:.3f}%'} | {len(runs[(k, cfg, wl)])} | "
              f"{fmt(ev, 0)} |")
    w("")

with open(results, "w") as f:
    f.write("\n".join(out).rstrip("\n") + "\n")

# ---- chart data: one block per kernel; extra ns per event, "-" if <= 0 or missing
with open(chart, "w") as f:
    for i, k in enumerate(kernels):
        if i:
            f.write("\n\n")
        f.write("# " + k + "\n")
        f.write('"configuration" ' + " ".join(f'"{WL_NAMES[x]}"' for x in WORKLOADS) + "\n")
        for cfg in CONFIGS:
            if cfg in ("none", "none_again"):
                continue
            vals = [extra(k, cfg, wl) for wl in WORKLOADS]
            label = NAMES[cfg]
            if all(overhead(k, cfg, wl) is None for wl in WORKLOADS):
                label += " (n/a)"
            f.write(f'"{label}" ' + " ".join(
                "-" if v is None or v <= 0 else f"{v:.2f}" for v in vals) + "\n")
with open(chart + ".titles", "w") as f:
    f.write("\n".join(f"Linux {k}" for k in kernels) + "\n")
