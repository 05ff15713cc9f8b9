#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/check.py TARGETS.tsv

make bench's own check (never make check's: timing is not a test): reads
the verdicts bench/report.py wrote (kernel, target, workload, verdict,
figure and, where unresolved, why) and exits 1 when a target is missed or
unresolved on any kernel and workload, printing each such cell and why.
An unresolved cell fails too: noise that never settles could otherwise
hide a miss for ever; more rounds (TPSTAT_BENCH_REPS) or longer runs
decide it.  Cells not evaluated (a configuration or workload that could
not run on that kernel, said why) are listed but do not fail."""
import sys

if len(sys.argv) != 2:
    print("usage: bench/check.py TARGETS.tsv", file=sys.stderr)
    sys.exit(2)
try:
    rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
except OSError as e:
    print(f"bench/check.py: {e.strerror}: {sys.argv[1]} (run make bench first)",
          file=sys.stderr)
    sys.exit(1)
FAIL = ("missed", "unresolved")
counts = {}
for k, target, wl, verdict, fig in rows:
    counts[verdict] = counts.get(verdict, 0) + 1
    if verdict in FAIL:
        print(f"bench: FAIL, {verdict}: {target} on {k}, {wl}: {fig}", file=sys.stderr)
    elif verdict != "met":
        print(f"bench: {verdict}: {target} on {k}, {wl}: {fig}", file=sys.stderr)
print("bench: targets: " + ", ".join(f"{n} {v}" for v, n in sorted(counts.items())),
      file=sys.stderr)
sys.exit(1 if any(counts.get(v) for v in FAIL) else 0)
