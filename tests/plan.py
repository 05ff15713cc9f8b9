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
there, within the 75 a cold run may take. Every deep tier, or part of
one, fits the cap beside the fixed jobs (the longest whole, the debug
5.10's, made 3910 s by make check-all's times at f68de25: it is now in
parts), so each runs within as many committed runs as the rotation has
slots. One that does not fit it even alone runs in make check-all and by
hand only, and the next oldest takes its turn.

The time of a run is estimated from each job's parts (its contract tier,
its deep tier): the median of their times in the last runs that passed
them, as docs/check-results.md's table of recent times gives them (so a
run that shared the machine does not alone decide the next one's plan),
or their last time in its main table where it has no recent ones;
scheduled longest first on JOBS cores.

  tests/plan.py --results docs/check-results.md --budget SECONDS --jobs N \\
      [--cap SECONDS] [--only-one] < candidates

A deep tier too long for one run's room (the 32-bit ARM guest's, the
debug 5.10's) is cut into PARTS, each a slot of the rotation of its own
(NAME/1, NAME/2): its last pass and its times are each part's, in the
table's cells as "part 1: ...; part 2: ...". A cell of the whole tier
(a table from before the cut) stands for each part: its time shared
between them, its last pass theirs.

Each line of the input: NAME KIND [DEFAULT_CONTRACT DEFAULT_DEEP [PARTS]]
  KIND  fixed     always run, contract and deep tier both
        contract  always its contract tier; its deep tier in the rotation
        alone     its contract tier only (kernels.conf's "contract": the
                  deep tier runs in make check-all and by hand, so its
                  time is no part of this run's)
        extra     a job of the rotation alone (the opt-in debug 5.10)
  The defaults stand for a kernel docs/check-results.md has no time for.
  PARTS: the parts its deep tier is cut into (1, whole, by default).
--only-one: take only the oldest deep tier (a cold run, which builds its
kernels first).
Prints the names whose deep tier runs, one a line, oldest first (NAME/K
for part K of a tier in parts); on stderr, the order and each estimate.
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


def part_of(cell, k, parts):
    """What a cell says of part K of a tier in PARTS: its "part K: ..."
    segment, or the whole cell where it is not cut (a table from before
    the cut, or a tier whole)."""
    if parts == 1 or "part " not in (cell or ""):
        return cell or ""
    for seg in cell.split(";"):
        head, _, rest = seg.strip().partition(":")
        if head == f"part {k}":
            return rest.strip()
    return ""


def read_results(path):
    """Name -> dict: its contract's secs, its deep tier's time cells (the
    recent runs', the main table's) and last pass cell."""
    rows = {}
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except FileNotFoundError:
        return rows
    for table in tables(lines):
        for row in table:
            name = row.get("kernel", "").split(" ")[0]
            if not name:
                continue
            known = rows.setdefault(name, {"contract": None, "recent": "",
                                           "main": "", "last": ""})
            if "contract, last runs" in row:
                c = median(row["contract, last runs"])
                if c is not None:
                    known["contract"] = c
                known["recent"] = row.get("deep tier, last runs", "")
            elif "deep tier last passed" in row:
                if known["contract"] is None:
                    known["contract"] = secs(row.get("contract time"))
                known["main"] = row.get("deep tier time", "")
                known["last"] = row.get("deep tier last passed", "")
    return rows


def deep_secs(known, k, parts):
    """Part K's estimated seconds: the median of its recent runs, or its
    last time; a whole tier's time shared between its parts."""
    for cell, read in ((known["recent"], median), (known["main"], secs)):
        if parts > 1 and "part " in cell:
            t = median(part_of(cell, k, parts))
        else:
            t = read(cell)
            if t is not None:
                t = -(-t // parts)
        if t is not None:
            return t
    return None


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
    read = read_results(args.results)

    base = []        # seconds of what runs whatever the rotation takes
    candidates = []  # (age key, slot, seconds it adds, its job, contract)
    for line in sys.stdin:
        f = line.split()
        if not f:
            continue
        name, kind = f[0], f[1]
        dc = int(f[2]) if len(f) > 2 else DEFAULT_CONTRACT
        dd = int(f[3]) if len(f) > 3 else DEFAULT_DEEP
        parts = int(f[4]) if len(f) > 4 else 1
        known = read.get(name, {"contract": None, "recent": "", "main": "",
                                "last": ""})
        c = dc if known["contract"] is None else known["contract"]
        deep = []
        for k in range(1, parts + 1):
            d = deep_secs(known, k, parts)
            deep.append((-(-dd // parts) if d is None else d,
                         part_of(known["last"], k, parts),
                         name if parts == 1 else f"{name}/{k}"))
        if kind == "fixed":
            base.append(c + sum(d for d, _, _ in deep))
        elif kind == "alone":
            base.append(c)
        elif kind in ("contract", "extra"):
            # An extra job runs only for its deep tier: its contract
            # comes with the first of its parts taken.
            if kind == "contract":
                base.append(c)
            job = len(base) - 1 if kind == "contract" else name
            for d, last, slot in deep:
                candidates.append((passed_key(last), slot, d, job,
                                   c if kind == "extra" else 0))
        else:
            sys.exit(f"plan.py: unknown kind {kind!r} for {name}")

    candidates.sort(key=lambda x: (x[0], x[1]))
    times = list(base)
    print(f"# rotation (deep tiers): without them, {makespan(times, args.jobs)}s "
          f"estimated on {args.jobs} cores, budget {args.budget}s", file=sys.stderr)
    taken_one = False
    extra_at = {}  # an extra job's place in times, once a part is taken
    for age, slot, deep, job, contract in candidates:
        trial = list(times)
        if isinstance(job, int):
            trial[job] += deep
        elif job in extra_at:
            trial[extra_at[job]] += deep
        else:
            deep += contract
            trial.append(deep)
        span = makespan(trial, args.jobs)
        if span > args.cap:
            take, why = False, f"not this run (past the cap, {args.cap}s)"
        else:
            take = not taken_one or (not args.only_one and span <= args.budget)
            why = "taken" if take else "not this run"
        print(f"#   {slot}: deep tier last passed {age or 'never'}, +{deep}s"
              f" -> {span}s: {why}", file=sys.stderr)
        if take:
            taken_one = True
            times = trial
            if not isinstance(job, int) and job not in extra_at:
                extra_at[job] = len(times) - 1
            print(slot)


if __name__ == "__main__":
    main()
