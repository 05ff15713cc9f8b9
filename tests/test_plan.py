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


# A deep tier in parts: each part a slot of its own, with its own last
# pass and time; a whole tier's cells (a table from before the cut)
# stand for each part, its time shared.
PARTS = """| kernel | arch | package | tiers run | suites: passed/run | contract time | deep tier time | contract last passed | deep tier last passed |
|---|---|---|---|---|---|---|---|---|
| fixedk | amd64 | - | contract, full | - | 100s | 1000s | a 2026-12-01T00:00Z | a 2026-12-01T00:00Z |
| old | amd64 | - | contract | - | 100s | 500s (not run) | a 2026-12-01T00:00Z | a 2026-11-01T00:00Z |
| split | armhf | - | contract | - | 100s | part 1: 400s; part 2: 300s (not run) | a 2026-12-01T00:00Z | part 1: a 2026-11-10T00:00Z; part 2: a 2026-11-05T00:00Z |
| x | amd64 | - | contract, debug part 1 of 2 | - | 150s | part 1: 300s; part 2: 200s | a 2026-12-01T00:00Z | part 1: a 2026-11-02T00:00Z; part 2: a 2026-11-01T00:00Z |
"""
WHOLE = PARTS.replace("part 1: 400s; part 2: 300s (not run)", "800s (not run)").replace(
    "part 1: a 2026-11-10T00:00Z; part 2: a 2026-11-05T00:00Z", "a 2026-11-05T00:00Z")
SPLIT_JOBS = "fixedk fixed\nold contract\nsplit contract 100 600 2\n"
EXTRA_JOBS = "fixedk fixed\nx extra 100 600 2\n"


def plan(table, budget, cap=3600, extra=(), jobs=JOBS):
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write(table)
    try:
        out = subprocess.run([sys.executable, PLAN, "--results", f.name,
                              "--budget", str(budget), "--jobs", "1",
                              "--cap", str(cap), *extra],
                             input=jobs, capture_output=True, text=True,
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
        # 1300 fixed: old (500 s), then split's part 2 (older, 300 s);
        # its part 1 (400 s) is past the budget.
        ("a tier in parts: each part its own slot, by its own last pass",
         plan(PARTS, 2100, jobs=SPLIT_JOBS), ["old", "split/2"]),
        ("a whole tier's cells stand for each part, its time shared",
         plan(WHOLE, 2200, jobs=SPLIT_JOBS), ["old", "split/1"]),
        # 1100 fixed: x/2 with x's contract (150 + 200), then x/1 (300):
        # 1750 within 1800 only if the contract is counted once.
        ("a job run for its parts alone counts its contract once",
         plan(PARTS, 1800, jobs=EXTRA_JOBS), ["x/2", "x/1"]),
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
