#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The captured exports still say what tpstat export writes.

    tests/fleet/fresh.py SAMPLE CAPTURED.prom...

SAMPLE is the current export's text over the unit tests' views (the
unit binary's --prom-sample: every family, the views' too).  Each sample
name of the captures that SAMPLE has must carry the same label names in
both, and the families the rules read (tpstat_socket_rcvq_drops_total,
tpstat_tcp_resets_total, tpstat_skb_drops_by_reason_total) must be in
both: a renamed metric or label fails here before the captures go stale.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dashboard import export_labels  # noqa: E402

RULES_READ = ("tpstat_socket_rcvq_drops_total", "tpstat_tcp_resets_total",
              "tpstat_skb_drops_by_reason_total")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: fresh.py SAMPLE CAPTURED.prom...")
    now = export_labels(sys.argv[1:2])
    then = export_labels(sys.argv[2:])
    bad = 0
    for name in RULES_READ:
        if name not in now or name not in then:
            print("FAIL %s: %s" % (name, "not written now" if name not in now
                                   else "not in the captures"))
            bad += 1
    both = sorted(set(now) & set(then))
    for name in both:
        if now[name] != then[name]:
            print("FAIL %s: labels %s now, %s captured" % (
                name, sorted(now[name]), sorted(then[name])))
            bad += 1
    print("%d sample names in both, %d differing or missing" % (len(both), bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
