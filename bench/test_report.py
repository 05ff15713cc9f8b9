#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""python3 bench/test_report.py

bench/report.py's target verdicts and bench/check.py on synthetic rounds
(no guest: raw rows written here as bench/guest.sh writes them).  Each
run's baselines are 10,000,000 ns; a configuration's run is that plus
its cost, so its extra ns per event is the cost / 1,000 events.  Checks
that a round whose reference is at or below the floor makes the ratio's
cell unresolved and counted, not dropped; that a failed run is an
unresolved round; that a difference from an unresolved reference, rounds
straddling the limit and fewer than 5 rounds are unresolved; and that
check.py exits 1 on an unresolved cell and on a missed one, 0 when every
target is met."""
import os
import subprocess
import sys
import tempfile
import unittest

BENCH = os.path.dirname(os.path.abspath(__file__))
K = "6.12.0-test"
B = 10_000_000
EVENTS = 1000
# Extra ns per event per round (5 rounds), every target met: counting
# 1.5 ns over the floor, every view 3.5 over counting, the monitor and
# the idle namespaces 1 and 2 ns over every view; raw-tracepoint BPF 40
# and 70 ns over the floor (counting 0.04x it, every view 0.07x).
MET = {
    "floor": [20, 20.5, 19.5, 20, 20.2],
    "tpstat_count": [21.5, 22, 21, 21.5, 21.7],
    "tpstat_views": [25, 25.5, 24.5, 25, 25.2],
    "monitor_listen": [26, 26.5, 25.5, 26, 26.2],
    "netns_idle": [27, 27.5, 26.5, 27, 27.2],
    "rawtp_count": [60, 60.5, 59.5, 60, 60.2],
    "rawtp_views": [90, 90.5, 89.5, 90, 90.2],
}
T_COUNT = "counting only, round trips and bulk: ns per event over the floor"
T_NETNS = ("64 idle namespaces counting their own, initial-namespace events: "
           "ns per event over every view")
T_BPF = ("counting only against raw-tracepoint BPF counting into a per-CPU "
         "array, both over the floor")
T_BPF_VIEWS = ("every view against raw-tracepoint BPF with the views' "
               "integer keys, both over the floor")


def write_raw(raw, per_event, failed=(), wl="udp_rr"):
    """bench.tsv, configs.tsv and memory.tsv for one kernel and workload:
    round 0 warms up (tpstat_count's row holds the events), then each
    configuration between runs with nothing attached, round by round;
    the runs (configuration, round) in failed failed."""
    rounds = len(next(iter(per_event.values())))
    with open(f"{raw}/bench.tsv", "w") as f:
        def row(cfg, r, ns, ev="-"):
            f.write(f"{K}\t{cfg}\t{wl}\t{r}\t{ns:.0f}\t1250\t0\t{ev}\tok\n")
        for r in range(rounds + 1):
            for cfg, vals in per_event.items():
                row("none", r, B)
                if r == 0:
                    row(cfg, 0, B, EVENTS if cfg == "tpstat_count" else "-")
                elif (cfg, r) in failed:
                    f.write(f"{K}\t{cfg}\t{wl}\t{r}\t-\t-\t-\t-\tworkload failed\n")
                else:
                    row(cfg, r, B + vals[r - 1] * EVENTS)
            row("none", r, B)
    with open(f"{raw}/configs.tsv", "w") as f:
        f.writelines(f"{K}\t{cfg}\tok\n" for cfg in per_event)
    open(f"{raw}/memory.tsv", "w").close()


def run(per_event, failed=()):
    """report.py then check.py on those rounds: ({(target, workload):
    (verdict, figure)}, check.py's exit status, its stderr)."""
    with tempfile.TemporaryDirectory() as raw:
        write_raw(raw, per_event, failed)
        subprocess.run([sys.executable, f"{BENCH}/report.py", raw,
                        f"{raw}/results.md", f"{raw}/chart.dat"], check=True)
        cells = {}
        with open(f"{raw}/targets.tsv") as f:
            for line in f:
                k, target, wl, verdict, fig = line.rstrip("\n").split("\t")
                cells[(target, wl)] = (verdict, fig)
        chk = subprocess.run([sys.executable, f"{BENCH}/check.py",
                              f"{raw}/targets.tsv"], capture_output=True, text=True)
        return cells, chk.returncode, chk.stderr


class Targets(unittest.TestCase):
    def test_all_met_passes(self):
        cells, rc, err = run(MET)
        for t in (T_COUNT, T_NETNS, T_BPF, T_BPF_VIEWS):
            self.assertEqual(cells[(t, "udp_rr")][0], "met", cells[(t, "udp_rr")])
        self.assertEqual(rc, 0, err)

    def test_reference_at_or_below_the_floor_is_an_unresolved_round(self):
        # Round 3's BPF counter at the floor; the other four rounds meet
        # the target (dropping round 3 would say met).
        d = dict(MET, rawtp_count=[60, 60.5, 19.5, 60, 60.2])
        cells, rc, err = run(d)
        verdict, fig = cells[(T_BPF, "udp_rr")]
        self.assertEqual(verdict, "unresolved", fig)
        self.assertIn("1 of 5 rounds unresolved", fig)
        self.assertIn("round 3: raw-tracepoint BPF, a per-CPU array counter "
                      "at or below the floor", fig)
        self.assertEqual(rc, 1)
        self.assertIn(f"FAIL, unresolved: {T_BPF} on {K}, udp_rr", err)

    def test_a_failed_run_is_an_unresolved_round(self):
        cells, rc, err = run(MET, failed={("floor", 2)})
        verdict, fig = cells[(T_COUNT, "udp_rr")]
        self.assertEqual(verdict, "unresolved", fig)
        self.assertIn("1 of 5 rounds unresolved: round 2: no figure for the "
                      "reference, floor (empty probes)", fig)
        self.assertEqual(rc, 1)

    def test_difference_from_an_unresolved_reference_is_unresolved(self):
        # Every view bimodal (its spread exceeds its median), as 6.12's
        # veth bulk was: every round of the difference is over +4 ns,
        # yet that says nothing.
        views = [300, -900, -950, 350, -920]
        d = dict(MET, tpstat_views=views, netns_idle=[v + 40 for v in views])
        cells, rc, err = run(d)
        verdict, fig = cells[(T_NETNS, "udp_rr")]
        self.assertEqual(verdict, "unresolved", fig)
        self.assertIn("the reference is unresolved: tpstat, every view", fig)
        self.assertEqual(rc, 1)
        self.assertIn(f"FAIL, unresolved: {T_NETNS} on {K}, udp_rr", err)

    def test_straddling_rounds_are_unresolved_and_fail(self):
        d = dict(MET, netns_idle=[27, 31, 26.5, 27, 27.2])
        cells, rc, err = run(d)
        verdict, fig = cells[(T_NETNS, "udp_rr")]
        self.assertEqual(verdict, "unresolved", fig)
        self.assertIn("both sides", fig)
        self.assertEqual(rc, 1)

    def test_fewer_rounds_than_five_are_unresolved(self):
        d = {c: v[:3] for c, v in MET.items()}
        cells, rc, err = run(d)
        verdict, fig = cells[(T_COUNT, "udp_rr")]
        self.assertEqual(verdict, "unresolved", fig)
        self.assertIn("3 measured rounds, fewer than the 5 a target needs", fig)
        self.assertEqual(rc, 1)

    def test_missed_fails(self):
        d = dict(MET, tpstat_count=[40, 41, 39, 40, 40.4])
        cells, rc, err = run(d)
        self.assertEqual(cells[(T_COUNT, "udp_rr")][0], "missed")
        self.assertEqual(rc, 1)
        self.assertIn(f"FAIL, missed: {T_COUNT} on {K}, udp_rr", err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
