#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Which deep tiers this make check runs: the rotation.

Every run gives every kernel its contract tier and keeps its fixed jobs
(the full tier on Debian 12's kernels, the debug kernels, the deployment,
the host's checks). The other deep tiers take turns: the one that passed
longest ago first, as the committed docs/check-results.md records it (never
passed counts as oldest; a deep tier that last ran and failed counts from
that run, so that it takes its turn after the others' instead of every
run), then the next oldest, each taken if the run's
estimated time still fits the budget. The oldest is taken whatever the
budget as long as the run's estimate stays within the cap (--cap, 4000 s
by default). The estimate is pessimistic, as its times come from runs
that shared this machine: CI ran the fixed jobs of an estimated 3245 s
in 2998 s from cold, so 4000 estimated seconds are about 62 minutes
there, within the 75 a cold run may take. Every deep tier fits the cap
beside the fixed jobs (the longest, the debug 5.10's, makes 3910 s, and
armhf's 3720 s, by make check-all's times at f68de25), so each runs
within as many committed runs as there are deep tiers in the rotation.
One that does not fit it even alone runs in make check-all and by hand
only, and the next oldest takes its turn.

The time of a run is estimated from each job's parts (its contract tier,
its deep tier): the median of their times in the last runs that passed
them, as docs/check-results.md's table of recent times gives them (so a
run that shared the machine does not alone decide the next one's plan),
or their last time in its main table where it has no recent ones;
scheduled longest first on JOBS cores.

  tests/plan.py --results docs/check-results.md --budget SECONDS --jobs N \\
      [--cap SECONDS] [--only-one] < candidates

Each line of the input: NAME KIND [DEFAULT_CONTRACT DEFAULT_DEEP]
  KIND  fixed     always run, contract and deep tier both
        contract  always its contract tier; its deep tier in the rotation
        alone     its contract tier only (kernels.conf's "contract": the
                  deep tier runs in make check-all and by hand, so its
                  time is no part of this run's)
        extra     a job of the rotation alone (the opt-in debug 5.10)
  The defaults stand for a kernel docs/check-results.md has no time for.
--only-one: take only the oldest deep tier (a cold run, which builds its
kernels first).
Prints the names whose deep tier runs, one a line, oldest first; on
stderr, the order and each estimate.
"""
import argparse
import re
import sys

# Seconds for a part never measured, and for jobs of a fixed length.
DEFAULT_CONTRACT = 300
DEFAULT_DEEP = 600


def tables(lines):
    """Each markdown table of @lines as a list of dicts (its header's
    cells as keys)."""
    out, header = [], None
    for line in lines:
        if not line.startswith("|"):
            header = None
            continue
        if line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            out.append([])
            continue
        out[-1].append(dict(zip(header, cells)))
    return out


def secs(cell):
    """The seconds a cell starts with ("550s (not run)"), or None."""
    m = re.match(r"(\d+)s", cell or "")
    return int(m.group(1)) if m else None


def median(cell):
    """The median of a cell of times ("34s 25s 912s"), or None."""
    times = sorted(int(t) for t in re.findall(r"(\d+)s", cell or ""))
    if not times:
        return None
    mid = len(times) // 2
    return times[mid] if len(times) % 2 else (times[mid - 1] + times[mid] + 1) // 2


def read_results(path):
    """Name -> (contract secs, deep secs, deep last passed, contract last
    passed)."""
    rows = {}
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except FileNotFoundError:
        return rows
    recent = {}
    for table in tables(lines):
        for row in table:
            name = row.get("kernel", "").split(" ")[0]
            if not name:
                continue
            if "contract, last runs" in row:
                recent[name] = (median(row["contract, last runs"]),
                                median(row.get("deep tier, last runs")))
            elif "deep tier last passed" in row:
                rows[name] = (secs(row.get("contract time")),
                              secs(row.get("deep tier time")),
                              row.get("deep tier last passed", ""),
                              row.get("contract last passed", ""))
    for name, (c, d) in recent.items():
        old = rows.get(name, (None, None, "", ""))
        rows[name] = (old[0] if c is None else c, old[1] if d is None else d,
                      old[2], old[3])
    return rows


def makespan(times, cores):
    """Longest first on the least loaded core: the run's length."""
    load = [0] * cores
    for t in sorted(times, reverse=True):
        load[load.index(min(load))] += t
    return max(load)


def passed_key(last):
    """Sort key of a 'last passed' cell: its newest date (a pass or a
    failed run's), never run first."""
    dates = re.findall(r"\d{4}-\d{2}-\d{2}(?:T[0-9:]+Z?)?", last)
    return max(dates) if dates else ""


def main():
    ap = argparse.ArgumentParser(description="the rotation of deep tiers")
    ap.add_argument("--results", required=True)
    ap.add_argument("--budget", type=int, required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cap", type=int, default=4000)
    ap.add_argument("--only-one", action="store_true")
    args = ap.parse_args()
    known = read_results(args.results)

    base = []        # seconds of what runs whatever the rotation takes
    candidates = []  # (age key, name, seconds the deep tier adds)
    for line in sys.stdin:
        f = line.split()
        if not f:
            continue
        name, kind = f[0], f[1]
        dc = int(f[2]) if len(f) > 2 else DEFAULT_CONTRACT
        dd = int(f[3]) if len(f) > 3 else DEFAULT_DEEP
        c, d, last, _ = known.get(name, (None, None, "", ""))
        c = dc if c is None else c
        d = dd if d is None else d
        if kind == "fixed":
            base.append(c + d)
        elif kind == "alone":
            base.append(c)
        elif kind == "contract":
            base.append(c)
            candidates.append((passed_key(last), name, d, len(base) - 1))
        elif kind == "extra":
            candidates.append((passed_key(last), name, c + d, None))
        else:
            sys.exit(f"plan.py: unknown kind {kind!r} for {name}")

    candidates.sort(key=lambda x: (x[0], x[1]))
    times = list(base)
    print(f"# rotation (deep tiers): without them, {makespan(times, args.jobs)}s "
          f"estimated on {args.jobs} cores, budget {args.budget}s", file=sys.stderr)
    taken_one = False
    for age, name, deep, at in candidates:
        trial = list(times)
        if at is None:
            trial.append(deep)
        else:
            trial[at] += deep
        span = makespan(trial, args.jobs)
        if span > args.cap:
            take, why = False, f"not this run (past the cap, {args.cap}s)"
        else:
            take = not taken_one or (not args.only_one and span <= args.budget)
            why = "taken" if take else "not this run"
        print(f"#   {name}: deep tier last passed {age or 'never'}, +{deep}s"
              f" -> {span}s: {why}", file=sys.stderr)
        if take:
            taken_one = True
            times = trial
            print(name)


if __name__ == "__main__":
    main()
