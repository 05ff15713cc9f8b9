#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every query of the Grafana dashboard names only what tpstat export writes.

    tests/fleet/dashboard.py DASHBOARD EXPORT.prom... [--promql FILE]

Each PromQL expression of DASHBOARD (its panels' targets, and the
label_values() of its variables) is read for the metric names it selects,
the labels its matchers name for each, and the labels of its by, without,
on, ignoring and group_* clauses.  Each metric must be a sample name of
one of the EXPORT files (real exports: tpstat export's text), each
matcher's label one of that metric's labels there, and each clause's
label one of some metric of the expression.  instance and job are the
labels Prometheus gives every scrape of a target, and are allowed
everywhere.  --promql FILE writes the expressions, Grafana's variables
given values, as a rules file for promtool check rules (their syntax).
Prints one line per expression; exit status 1 on a name the exports do
not have.
"""
import json
import re
import sys

SCRAPE_LABELS = {"instance", "job"}
KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right",
            "offset", "bool", "and", "or", "unless", "atan2"}
AGGREGATIONS = {"sum", "min", "max", "avg", "count", "stddev", "stdvar", "topk",
                "bottomk", "quantile", "count_values", "group"}
CLAUSES = {"by", "without", "on", "ignoring", "group_left", "group_right"}
GRAFANA = {"$__rate_interval": "5m", "$__interval": "1m", "$__range": "1h",
           "$instance": ".*"}
SAMPLE_RE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+\S+')
LABEL_RE = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="(?:[^"\\]|\\.)*"')
TOKEN_RE = re.compile(r'''
    (?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<range>\[[^\]]*\])
  | (?P<var>\$\{?[a-zA-Z_][a-zA-Z0-9_]*\}?)
  | (?P<num>[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?[a-z]*)
  | (?P<ident>[a-zA-Z_:][a-zA-Z0-9_:]*)
  | (?P<op>=~|!~|!=|==|>=|<=|[-+*/%^=<>(){},])
  | (?P<space>\s+)
''', re.X)


def export_labels(paths):
    """{sample name: set of its labels} over the exports."""
    names = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = SAMPLE_RE.match(line)
                if m and not line.startswith("#"):
                    names.setdefault(m.group(1), set()).update(
                        LABEL_RE.findall(m.group(2) or ""))
    return names


def tokens(expr):
    pos, out = 0, []
    while pos < len(expr):
        m = TOKEN_RE.match(expr, pos)
        if not m:
            raise ValueError("cannot read %r at %d" % (expr, pos))
        pos = m.end()
        if m.lastgroup != "space":
            out.append((m.lastgroup, m.group()))
    return out


def names(expr):
    """(metrics {name: matcher labels}, clause labels) of a PromQL expression."""
    toks = tokens(expr)
    metrics, clause_labels = {}, set()
    i = 0
    while i < len(toks):
        kind, text = toks[i]
        nxt = toks[i + 1][1] if i + 1 < len(toks) else None
        if kind == "ident" and text in CLAUSES and nxt == "(":
            i += 2
            while toks[i][1] != ")":
                if toks[i][0] == "ident":
                    clause_labels.add(toks[i][1])
                i += 1
        elif kind == "ident" and text in AGGREGATIONS and nxt in CLAUSES:
            pass    # sum by (...) (...): the clause is read next
        elif kind == "ident" and text not in KEYWORDS and nxt != "(":
            labels = metrics.setdefault(text, set())
            if nxt == "{":
                i += 2
                while toks[i][1] != "}":
                    if toks[i][0] == "ident":
                        labels.add(toks[i][1])
                    i += 1
        elif kind == "op" and text == "{":     # a selector without a name
            raise ValueError("a selector without a metric name: %r" % expr)
        i += 1
    return metrics, clause_labels


def expressions(dash):
    """(where, expr) of every query of the dashboard."""
    out = []
    for p in dash.get("panels", []):
        for t in p.get("targets", []):
            out.append(("panel %r %s" % (p.get("title"), t.get("refId")), t["expr"]))
    for v in dash.get("templating", {}).get("list", []):
        q = v.get("query")
        q = q.get("query") if isinstance(q, dict) else q
        if v.get("type") == "query":
            m = re.fullmatch(r"label_values\((.*),\s*([a-zA-Z_][a-zA-Z0-9_]*)\)", q or "")
            if not m:
                raise ValueError("variable %s: not label_values(): %r" % (v["name"], q))
            # The label it lists, as a matcher of the selector's metric.
            out.append(("variable %s" % v["name"],
                        "%s{%s!=\"\"}" % (m.group(1), m.group(2))))
    return out


def with_values(expr):
    for var, val in GRAFANA.items():
        expr = expr.replace("${%s}" % var[1:], val).replace(var, val)
    return expr


def main():
    args = sys.argv[1:]
    promql = None
    if "--promql" in args:
        k = args.index("--promql")
        promql = args[k + 1]
        del args[k:k + 2]
    if len(args) < 2:
        sys.exit("usage: dashboard.py DASHBOARD EXPORT.prom... [--promql FILE]")
    with open(args[0], encoding="utf-8") as f:
        dash = json.load(f)
    have = export_labels(args[1:])
    bad, exprs = 0, expressions(dash)
    for where, expr in exprs:
        try:
            metrics, clause = names(with_values(expr))
        except ValueError as e:
            print("FAIL %s: %s" % (where, e))
            bad += 1
            continue
        why = []
        if not metrics:
            why.append("no metric")
        for m, labels in sorted(metrics.items()):
            if m not in have:
                why.append("%s is not in the exports" % m)
                continue
            why += ["%s has no label %s" % (m, lb)
                    for lb in sorted(labels - have[m] - SCRAPE_LABELS)]
        known = set().union(*(have.get(m, set()) for m in metrics)) | SCRAPE_LABELS
        why += ["no metric of it has a label %s" % lb for lb in sorted(clause - known)]
        if why:
            bad += 1
            print("FAIL %s: %s" % (where, "; ".join(why)))
        else:
            print("ok %s: %s" % (where, ", ".join(sorted(metrics))))
    if promql:
        with open(promql, "w", encoding="utf-8") as f:
            f.write("groups:\n  - name: dashboard\n    rules:\n")
            for i, (_, expr) in enumerate(exprs):
                f.write("      - record: dashboard:query%d\n        expr: %s\n"
                        % (i, json.dumps(with_values(expr))))
    print("%d queries, %d naming what the exports do not write" % (len(exprs), bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
