#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tests/plan.py's rotation on made-up tables of results: the oldest deep
tier first, the budget and the cap, and times from the median of the
recent runs (one slow run does not decide the plan) or, without them,
from the main table.  Prints one TAP line per case; exit 1 if one fails."""
import os
import subprocess
import sys
import tempfile

PLAN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plan.py")

MAIN = """Results of `make check` at abc1234.

| kernel | arch | package | tiers run | suites: passed/run | contract time | deep tier time | contract last passed | deep tier last passed |
|---|---|---|---|---|---|---|---|---|
| fixedk | amd64 | - | contract, full | - | 100s | 1000s | a 2026-12-01T00:00Z | a 2026-12-01T00:00Z |
| old | amd64 | - | contract | - | 100s | 500s (not run) | a 2026-12-01T00:00Z | a 2026-11-01T00:00Z |
| newer | amd64 | - | contract | - | 100s | 500s (not run) | a 2026-12-01T00:00Z | a 2026-11-20T00:00Z |
| never | amd64 | - | contract | - | 100s | - | a 2026-12-01T00:00Z | never |
| solo | amd64 | - | contract | - | 100s | 5000s (not run) | a 2026-12-01T00:00Z | a 2026-10-01T00:00Z |
"""

# fixedk's last run was slow (2000 s); its median is 1000.
RECENT = """
Each tier's times in the last 5 runs that passed it, newest first:

| kernel | contract, last runs | deep tier, last runs |
|---|---|---|
| fixedk | 300s 100s 100s | 2000s 1000s 1000s |
"""

# The main table as the slow run left it.
SLOW = MAIN.replace("| 1000s |", "| 2000s |")

# solo's deep tier is out of the rotation: only its contract counts.
JOBS = ("fixedk fixed\nold contract\nnewer contract\nnever contract\n"
        "solo alone\n")


def plan(table, budget, cap=3600, extra=()):
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write(table)
    try:
        out = subprocess.run([sys.executable, PLAN, "--results", f.name,
                              "--budget", str(budget), "--jobs", "1",
                              "--cap", str(cap), *extra],
                             input=JOBS, capture_output=True, text=True,
                             check=True)
    finally:
        os.unlink(f.name)
    return out.stdout.split()


def main():
    cases = [
        # 1500 fixed (100+1000 + 4×100): the never-passed one first
        # (its default 600 s), then the oldest passed, as the budget lets.
        ("never-passed first, then the oldest, within the budget",
         plan(MAIN, 2700), ["never", "old"]),
        ("the oldest is taken past the budget, within the cap",
         plan(MAIN, 1000), ["never"]),
        ("nothing past the cap", plan(MAIN, 1000, cap=1600), []),
        ("a kernel kept to its contract: its deep tier neither taken nor "
         "counted", plan(MAIN, 2700, cap=2700), ["never", "old"]),
        ("--only-one takes the oldest alone",
         plan(MAIN, 9999, extra=["--only-one"]), ["never"]),
        # With the slow run's 2000 s alone, 2500 fixed leaves 200 s: only
        # the oldest.  The median (1000 + 100) leaves the budget for two.
        ("one slow run does not decide the plan: the median does",
         plan(SLOW + RECENT, 2700), ["never", "old"]),
        ("the main table's last time where no recent times are",
         plan(SLOW, 2700), ["never"]),
    ]
    failed = 0
    for i, (name, got, want) in enumerate(cases, 1):
        ok = got == want
        failed += not ok
        print(f"{'ok' if ok else 'not ok'} {i} - {name}"
              + ("" if ok else f": got {got}, want {want}"))
    print(f"1..{len(cases)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
