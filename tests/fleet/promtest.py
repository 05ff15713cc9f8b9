#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""promtool's unit test of tpstat's Prometheus rules, from real scenarios.

    tests/fleet/promtest.py DIR RULES > test.yml && promtool test rules test.yml

DIR holds what tests/net/doctor.sh (or doctor_paths.sh) saved of each scenario NAME:
NAME.before.prom (tpstat export after its tpstat reset all),
NAME.after.prom (tpstat export once the scenario ran) and NAME.doctor.json
(root's tpstat -j doctor at that same moment).  RULES is the rules file
(contrib/prometheus/tpstat.rules.yml).

Each scenario is one test: every sample of the exports is a series, 1 m
apart, with the before values for 15 minutes and then the after values
for 30 (a series missing from an export is missing there too).  At 20m,
5 minutes after the scenario, each alert must fire exactly for the
findings doctor made, with who as labels and doctor's count as its
value (in the summary); at 44m, the window past, none may fire.  The
scenarios and the alerts expected go to stderr.
"""
import json
import os
import re
import sys

import yaml

BEFORE, AFTER = 15, 30          # samples, one a minute
FIRE_AT, QUIET_AT = "20m", "44m"
SERIES_RE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)$')
LABEL_RE = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?')


def fail(msg):
    sys.exit("promtest.py: " + msg)


def unescape(v):
    return re.sub(r'\\(.)', lambda m: "\n" if m.group(1) == "n" else m.group(1), v)


def parse_export(path):
    """{(name, ((label, value), ...)): value} of a text exposition."""
    samples = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            m = SERIES_RE.match(line)
            if not m:
                fail("%s: not a sample: %r" % (path, line))
            labels, rest = [], m.group(3) or ""
            while rest:
                lm = LABEL_RE.match(rest)
                if not lm:
                    fail("%s: bad labels: %r" % (path, line))
                # An empty value is no label (Prometheus drops it).
                if lm.group(2):
                    labels.append((lm.group(1), unescape(lm.group(2))))
                rest = rest[lm.end():]
            samples[(m.group(1), tuple(sorted(labels)))] = float(m.group(4))
    return samples


def promql_series(name, labels):
    esc = [(k, v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n"))
           for k, v in labels]
    return name + "{" + ",".join('%s="%s"' % kv for kv in esc) + "}"


def sample(v):
    """A series value as promtool reads it."""
    return str(int(v)) if v == int(v) else repr(v)


def go_float(v):
    """$value as Go's text/template prints a float64 (%v), for counts."""
    if v != int(v) or abs(v) >= 1e6:
        fail("a count Go would print otherwise: %r" % v)
    return str(int(v))


def render(tmpl, labels, value):
    """The subset of Go's templates the rules use: $value, $labels.X, and
    {{ with $labels.X }}...{{ . }}...{{ else }}...{{ end }}."""
    out, stack = [], []     # stack: (dot, taking) of each open with
    pos = 0
    for m in re.finditer(r"\{\{\s*(.*?)\s*\}\}", tmpl):
        taking = all(t for _, t in stack)
        if taking:
            out.append(tmpl[pos:m.start()])
        pos = m.end()
        act = m.group(1)
        if act.startswith("with $labels."):
            dot = labels.get(act[len("with $labels."):], "")
            stack.append((dot, bool(dot)))
        elif act == "else":
            dot, took = stack.pop()
            stack.append((dot, not took))
        elif act == "end":
            stack.pop()
        elif not taking:
            continue
        elif act == "$value":
            out.append(go_float(value))
        elif act.startswith("$labels."):
            out.append(labels.get(act[len("$labels."):], ""))
        elif act == ".":
            out.append(stack[-1][0])
        else:
            fail("a template action this test does not know: %r" % act)
    if stack:
        fail("an unclosed with in %r" % tmpl)
    out.append(tmpl[pos:])
    return "".join(out)


def find(samples, name, **want):
    """The labels of the one series @name with labels @want."""
    got = [dict(lb) for (n, lb) in samples if n == name
           and all(dict(lb).get(k) == v for k, v in want.items())]
    if len(got) != 1:
        fail("%d series %s%r in the export, not one" % (len(got), name, want))
    return got[0]


# Rules whose alert is per host, over one drop reason.
PER_HOST_REASON = {
    "listen_overflow": ("TpstatListenOverflow", "TCP_LISTEN_OVERFLOW"),
    "qdisc_drops": ("TpstatQdiscDrops", "QDISC_DROP"),
    "netfilter_drops": ("TpstatNetfilterDrops", "NETFILTER_DROP"),
    "neigh_table_full": ("TpstatNeighTableFull", "NEIGH_CREATEFAIL"),
    "backlog_drops": ("TpstatBacklogDrops", "CPU_BACKLOG"),
}


def group(samples, name, by, **want):
    """The labels @by of the series @name with labels @want, which a sum
    by (@by) makes one: they must agree on them."""
    got = {tuple((k, dict(lb).get(k)) for k in by if dict(lb).get(k) is not None)
           for (n, lb) in samples if n == name
           and all(dict(lb).get(k) == v for k, v in want.items())}
    if len(got) != 1:
        fail("%d groups of %s%r in the export, not one" % (len(got), name, want))
    return dict(got.pop())


def expected(findings, after):
    """{alert name: [(labels, count)]} for doctor's findings."""
    exp, merged = {}, {}
    for f in findings:
        who, rule = f["who"], f["rule"]
        port = who.get("port")
        netns = str(who["netns"]) if who.get("netns") is not None else None
        if rule == "rcvq_overflow" and port is not None:
            lb = find(after, "tpstat_socket_rcvq_drops_total",
                      protocol=who["protocol"], port=str(port), netns=netns)
            exp.setdefault("TpstatRcvqOverflow", []).append((lb, f["count"]))
        elif rule == "closed_port" and who.get("protocol") == "tcp" and port is not None:
            lb = find(after, "tpstat_tcp_resets_total", kind="sent",
                      direction="passive", reason="NO_SOCKET", port=str(port),
                      netns=netns)
            for k in ("kind", "direction", "reason"):
                del lb[k]
            lb["protocol"] = "tcp"
            exp.setdefault("TpstatClosedPort", []).append((lb, f["count"]))
        elif rule == "closed_port" and who.get("protocol") == "udp":
            # The export has no namespace for drops: one alert per host.
            merged[("TpstatClosedPort", "protocol", "udp")] = \
                merged.get(("TpstatClosedPort", "protocol", "udp"), 0) + f["count"]
        elif rule == "connect_errors":
            # The error is in what ("... failed with ECONNREFUSED (...)").
            err = re.search(r" failed with (E[A-Z]+) ", f["what"]).group(1)
            lb = find(after, "tpstat_socket_errors_total", errno=err,
                      protocol=who["protocol"], port=str(port), side="remote",
                      netns=netns)
            exp.setdefault("TpstatConnectErrors", []).append((lb, f["count"]))
        elif rule == "sockmem_pressure":
            lb = group(after, "tpstat_sockmem_events_total", ("protocol", "netns", "netns_cookie"),
                       protocol=who["protocol"], netns=netns)
            exp.setdefault("TpstatSockmemPressure", []).append((lb, f["count"]))
        elif rule == "neigh_failures":
            lb = group(after, "tpstat_neigh_failures_total", ("device", "netns", "netns_cookie"),
                       device=who["device"], netns=netns)
            exp.setdefault("TpstatNeighFailures", []).append((lb, f["count"]))
        elif rule == "auth_failures":
            lb = group(after, "tpstat_tcp_auth_failures_total", ("peer", "netns", "netns_cookie"),
                       peer=who["address"], netns=netns)
            exp.setdefault("TpstatAuthFailures", []).append((lb, f["count"]))
        elif rule == "retrans_peer":
            lb = group(after, "tpstat_tcp_retransmits_by_peer_total", ("peer", "netns", "netns_cookie"),
                       peer=who["address"], netns=netns)
            exp.setdefault("TpstatRetransPeer", []).append((lb, f["count"]))
        elif rule == "retrans_spread":
            lb = group(after, "tpstat_tcp_retransmits_by_peer_total", ("netns", "netns_cookie"),
                       netns=netns)
            exp.setdefault("TpstatRetransSpread", []).append((lb, f["count"]))
        elif rule == "device_errors":
            lb = group(after, "tpstat_device_transmit_errors_total", ("device", "netns", "netns_cookie"),
                       device=who["device"], netns=netns)
            exp.setdefault("TpstatDeviceErrors", []).append((lb, f["count"]))
        elif rule in PER_HOST_REASON:
            # The export's drops have no namespace or device: per host.
            alert, reason = PER_HOST_REASON[rule]
            merged[(alert, "reason", reason)] = \
                merged.get((alert, "reason", reason), 0) + f["count"]
        else:
            fail("no alert says what this finding says: %s" % json.dumps(f))
    for (alert, label, value), count in merged.items():
        exp.setdefault(alert, []).append(({label: value}, count))
    return exp


def scenario(d, name, rules):
    before = parse_export(os.path.join(d, name + ".before.prom"))
    after = parse_export(os.path.join(d, name + ".after.prom"))
    with open(os.path.join(d, name + ".doctor.json"), encoding="utf-8") as f:
        findings = json.load(f)["findings"]
    series = []
    for key in sorted(set(before) | set(after)):
        vals = [before.get(key)] * BEFORE + [after.get(key)] * AFTER
        series.append({
            "series": promql_series(*key),
            "values": " ".join("_" if v is None else sample(v) for v in vals),
        })
    exp = expected(findings, after)
    tests = []
    for r in rules:
        alerts = []
        for lb, count in exp.pop(r["alert"], []):
            labels = dict(lb, severity=r["labels"]["severity"], rule=r["labels"]["rule"])
            alerts.append({
                "exp_labels": labels,
                "exp_annotations": {k: render(v, labels, count)
                                    for k, v in r["annotations"].items()},
            })
        tests.append({"eval_time": FIRE_AT, "alertname": r["alert"], "exp_alerts": alerts})
        tests.append({"eval_time": QUIET_AT, "alertname": r["alert"], "exp_alerts": []})
        print("%s: %s at %s: %s" % (name, r["alert"], FIRE_AT,
              ", ".join("%s=%s" % (a["exp_labels"].get("port", a["exp_labels"].get("protocol", "")),
                                   a["exp_annotations"]["summary"].split(" ")[0])
                        for a in alerts) or "none"), file=sys.stderr)
    if exp:
        fail("%s: alerts not in the rules file: %s" % (name, sorted(exp)))
    return {"name": name, "interval": "1m", "input_series": series,
            "alert_rule_test": tests}


def main():
    if len(sys.argv) != 3:
        fail("usage: promtest.py DIR RULES")
    d, rules_file = sys.argv[1], os.path.abspath(sys.argv[2])
    with open(rules_file, encoding="utf-8") as f:
        rules = [r for g in yaml.safe_load(f)["groups"] for r in g["rules"] if "alert" in r]
    names = sorted(n[:-len(".doctor.json")] for n in os.listdir(d)
                   if n.endswith(".doctor.json"))
    if not names:
        fail("no NAME.doctor.json in %s" % d)
    doc = {"rule_files": [rules_file], "evaluation_interval": "1m",
           "tests": [scenario(d, n, rules) for n in names]}
    yaml.safe_dump(doc, sys.stdout, sort_keys=False, width=1000)


if __name__ == "__main__":
    main()
