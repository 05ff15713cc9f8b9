#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/check.py TARGETS.tsv

make bench's own check (never make check's: timing is not a test): reads
the verdicts bench/report.py wrote (kernel, target, workload, verdict,
figure) and exits 1 when a target is missed on any kernel and workload,
printing each miss.  Unresolved and unevaluated cells are listed but do
not fail: the benchmark could not tell, which is not a miss."""
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
counts = {}
for k, target, wl, verdict, fig in rows:
    counts[verdict] = counts.get(verdict, 0) + 1
    if verdict != "met":
        print(f"bench: {verdict}: {target} on {k}, {wl}: {fig}", file=sys.stderr)
print("bench: targets: " + ", ".join(f"{n} {v}" for v, n in sorted(counts.items())),
      file=sys.stderr)
sys.exit(1 if counts.get("missed") else 0)
