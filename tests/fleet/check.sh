#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The fleet's files on the host, without a guest: TAP lines, then
# "<P> passed, <F> failed"; exit status 1 on a failure.
#   tests/fleet/check.sh <build/ctl dir, with tpstat and unit built>
#
# - contrib/prometheus/tpstat.rules.yml is tpstat doctor --prometheus,
#   and promtool check rules accepts it;
# - promtool test rules over the exports of tests/fleet/captured/ (one
#   run of tests/net/doctor.sh and doctor_paths.sh on 6.12, whose own
#   ends run the same on their fresh exports): each alert fires exactly where doctor's finding
#   is, with its count, and on the quiet and healthy scenarios none;
# - the captures' metric and label names are what the export writes now
#   (the unit binary's --prom-sample);
# - every query of contrib/grafana/tpstat.json names only metrics and
#   labels of the captured real exports, and promtool reads them all.
set -uo pipefail

CTL=${1:?"usage: $0 <build/ctl dir>"}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
RULES=$top/contrib/prometheus/tpstat.rules.yml
CAPTURED=$here/captured
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0 failed=0
check() {
	local what=$1
	shift
	if "$@" > "$TMP/out" 2>&1; then
		passed=$((passed + 1))
		echo "ok - $what"
	else
		failed=$((failed + 1))
		echo "not ok - $what"
		sed 's/^/# /' "$TMP/out"
	fi
}
# promtool_test <test file>: promtool test rules on a file with tests
# (promtool passes one without).
promtool_test() {
	grep -q '^- name: ' "$1" && promtool test rules "$1"
}

check "the rules file is what tpstat doctor --prometheus writes" \
	cmp "$RULES" <("$CTL/tpstat" doctor --prometheus)
check "promtool check rules accepts it" promtool check rules "$RULES"
promtest() { python3 "$here/promtest.py" "$CAPTURED" "$RULES" > "$TMP/test.yml"; }
check "promtool's test from the $(find "$CAPTURED" -name '*.doctor.json' | wc -l) captured scenarios" promtest
check "promtool test rules: each alert fires where doctor's finding is, with its count, and nowhere else" \
	promtool_test "$TMP/test.yml"
"$CTL/unit" --prom-sample > "$TMP/sample.prom"
check "the captures' metrics and labels are what tpstat export writes now" \
	python3 "$here/fresh.py" "$TMP/sample.prom" "$CAPTURED"/*.prom
check "every query of the Grafana dashboard names only what the captured exports write" \
	python3 "$here/dashboard.py" "$top/contrib/grafana/tpstat.json" "$CAPTURED"/*.prom \
	--promql "$TMP/dashboard.rules.yml"
check "promtool reads every query of the dashboard" promtool check rules "$TMP/dashboard.rules.yml"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
