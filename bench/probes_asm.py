#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/probes_asm.py LABEL TPSTAT.KO FLOOR.KO [OBJDUMP [MIX.tsv]]

What bench/results.md says of the probes' instructions: objdump -dr of
tpstat's probes beside the floor's empty ones, for one kernel's build.
Per tracepoint both modules probe: the floor's probe and each of
tpstat's entry points (tpstat_probe_* counting only, tpstat_views_*
with a view on, or "lean" where the counting probe serves views too
because its tracepoint feeds none, tpstat_filtered_* with a filter, the
counting probe's namespace pass: tpstat_netns_pass_* where it returns
through a static call, which jumps there while a namespace counts,
tpstat_twice_lean_* where it reads the static key), as instructions on
the straight path (from the entry,
static-key sites as compiled, i.e. off; conditional branches not taken;
to the first return) and in all; and what the straight path does:
per-CPU read-modify-writes, interrupts masked, atomics, calls.  With
MIX.tsv (bench/guest.sh's hits per tracepoint and workload), also the
straight paths' difference weighted by each workload's hits: what the
compiled counting probes add per event at least when their branches go
the likely way, beside which the counting target's measured figure
stands.  Prints a markdown section."""
import re
import subprocess
import sys
from collections import OrderedDict

label, tko, fko = sys.argv[1:4]
objdump = sys.argv[4] if len(sys.argv) > 4 else "objdump"
mix_tsv = sys.argv[5] if len(sys.argv) > 5 else None
WL_NAMES = {"udp_rr": "UDP round trip", "tcp_rr": "TCP request/response",
            "tcp_conn": "short TCP connections", "tcp_bulk": "TCP bulk, loopback",
            "veth_bulk": "TCP bulk, veth"}


def functions(ko):
    """{name: [(addr, mnemonic, operands, relocation or '')]}"""
    out = subprocess.run([objdump, "-dr", "--no-show-raw-insn", ko],
                         capture_output=True, text=True, check=True).stdout
    funcs, cur = OrderedDict(), None
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]+) <([^>]+)>:$", line)
        if m:
            cur = funcs.setdefault(m.group(2), [])
            continue
        if cur is None:
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m and not m.group(2).startswith("R_"):
            cur.append([int(m.group(1), 16), m.group(2), m.group(3), ""])
            continue
        m = re.match(r"^\s+[0-9a-f]+: (R_\S+)\s+(\S+)", line)
        if m and cur:
            cur[-1][3] = m.group(2)
    return funcs


RET = re.compile(r"^(ret|retq|retaa|retab)$")
UNCOND = {"jmp", "b", "jmpq"}


def is_cond(mn):
    return (mn.startswith("j") and mn not in UNCOND) or mn.startswith("b.") or \
        mn in ("cbz", "cbnz", "tbz", "tbnz") or re.match(r"^b(eq|ne|cs|cc|mi|pl|hi|ls|ge|lt|gt|le)$", mn)


def straight(insns):
    """The straight path: [(mnemonic, operands, reloc)] until a return."""
    by_addr = {a: i for i, (a, *_) in enumerate(insns)}
    path, i, seen = [], 0, set()
    while 0 <= i < len(insns) and i not in seen:
        seen.add(i)
        a, mn, ops, rel = insns[i]
        path.append((mn, ops, rel))
        if RET.match(mn) or (mn in UNCOND and "return_thunk" in rel) or \
                (mn == "bx" and ops.strip() == "lr") or \
                (mn in ("pop", "ldm", "ldmia", "ldmfd") and "pc" in ops):
            break
        if mn in UNCOND and not rel:
            t = re.match(r"^([0-9a-f]+)", ops)
            if t and int(t.group(1), 16) in by_addr:
                i = by_addr[int(t.group(1), 16)]
                continue
        if mn in UNCOND and rel:          # a tail call
            break
        i += 1
    return path


def what(path):
    notes = []
    pcpu = sum(1 for mn, ops, _ in path if "%gs:" in ops)
    if pcpu:
        notes.append(f"{pcpu} per-CPU op{'s' if pcpu > 1 else ''}")
    irq = [mn for mn, _, _ in path if mn in ("pushf", "pushfq", "cli", "popf", "popfq", "sti")]
    irq += [("mrc (TPIDRPRW, the per-CPU offset)" if mn == "mrc" else
             f"{mn} {ops.split(',')[0] if mn == 'msr' else ops.split(',')[-1]}".strip())
            for mn, ops, _ in path if mn in ("msr", "mrs", "mrc", "cpsid", "cpsie")]
    if irq:
        notes.append("system registers and interrupts: " + ", ".join(irq))
    lock = sum(1 for mn, ops, _ in path if mn.startswith("lock") or mn in ("ldxr", "stxr", "ldadd", "stadd", "ldrex", "strex", "ldrexd", "strexd"))
    if lock:
        notes.append(f"{lock} atomic")
    calls = [rel or ops.split()[-1] for mn, ops, rel in path if mn.startswith("call") or mn == "bl"]
    calls += [f"tail {rel or ops.split()[-1]}" for mn, ops, rel in path[-1:]
              if mn in UNCOND and "return_thunk" not in rel and
              "__SCT__" not in rel and (rel or "<" in ops)]
    if path and "__SCT__" in path[-1][2]:
        notes.append("returns through the namespace's static call")
    if calls:
        notes.append("calls " + ", ".join(sorted(set(c.split("-")[0] for c in calls))))
    return "; ".join(notes) or "–"


tf, ff = functions(tko), functions(fko)
tps = [n[len("floor_probe_"):] for n in ff if n.startswith("floor_probe_")]
print(f"**{label}**")
print()
rows = []
print("| tracepoint | floor | counting only | views | filtered | namespace pass | on the counting-only path |")
print("|---|---:|---:|---:|---:|---:|---|")
for tp in tps:
    fl = ff.get(f"floor_probe_{tp}")
    lean = tf.get(f"tpstat_probe_{tp}")
    if lean is None:
        continue

    def c(name, fn=None, whole=False):
        f = fn if fn is not None else next((tf[n] for n in tf if n.split(".")[0] == name), None)
        if not f:
            return "–"
        return f"{len(f)}" if whole else f"{len(straight(f))} / {len(f)}"
    rows.append((tp, len(straight(lean)) - len(straight(fl))))
    netns = c(f'tpstat_twice_lean_{tp}')
    if netns == "–":
        netns = c(f'tpstat_netns_pass_{tp}')
    views = c(f'tpstat_views_{tp}', whole=True)
    if views == "–":
        views = "lean"
    print(f"| {tp} | {c('', fl)} | {c('', lean)} | {views} | "
          f"{c(f'tpstat_filtered_{tp}', whole=True)} | {netns} | "
          f"{what(straight(lean))} |")
print()
if rows:
    d = sorted(x[1] for x in rows)
    worst = max(rows, key=lambda x: x[1])
    print(f"Counting only, on the straight path, against the floor's: "
          f"{d[len(d) // 2]:+d} instructions for the median tracepoint, "
          f"{worst[1]:+d} at most ({worst[0]}).")
    print()


def mix(path):
    """{workload: {tracepoint: hits}} of this kernel, from MIX.tsv."""
    hits = {}
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return hits
    for line in lines:
        k, wl, name, delta, _ = line.split("\t")
        if k == label and ":" in name and "." not in name:
            hits.setdefault(wl, {})[name.split(":")[1]] = int(delta)
    return hits


if rows and mix_tsv:
    add = dict(rows)
    cells = []
    for wl, h in mix(mix_tsv).items():
        total = sum(h.values())
        known = sum(n for tp, n in h.items() if tp in add)
        if not total or known != total:
            continue
        per = sum(add[tp] * n for tp, n in h.items()) / total
        cells.append(f"{WL_NAMES.get(wl, wl)} {per:+.2f}")
    if cells:
        print("Those differences weighted by each workload's hits per "
              "tracepoint (the event mix): the least counting adds per "
              "event as compiled, its branches going the likely way, "
              "beside the measured figure of the first target: " +
              "; ".join(cells) + ".")
        print()
