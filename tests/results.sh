#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The README's table of results, from what make check left in
# build/check/: one row per kernel job, in the order the jobs ran, with
# each guest suite's passed/run checks and the job's time.
#   tests/results.sh [build/check]
set -uo pipefail

logs=${1:-build/check}

echo "| kernel | tier | suites: passed/run | time |"
echo "|---|---|---|---|"
while read -r name tier arch _; do
	out=$logs/$name/net/output.log
	[ -f "$out" ] || continue
	# "# --- run.sh" ... "# 99 passed, 0 failed" ... "# --- run.sh took 80s"
	suites=$(awk '
		/^# --- [^ ]+$/ { suite = $3; sub(/\.sh$/, "", suite); next }
		/^# [0-9]+ passed, [0-9]+ failed$/ && suite != "" {
			printf "%s%s %d/%d", sep, suite, $2, $2 + $4; sep = ", "; suite = ""
		}
		/^# --- KUnit took/ { kunit = 1 }
		END { if (kunit) printf "%sKUnit", sep }' "$out")
	kunit=$(grep -cE '^ok - .*: kunit ' "$logs/$name.tap" 2>/dev/null)
	kunit_all=$(grep -cE '^(not )?ok - .*: kunit ' "$logs/$name.tap" 2>/dev/null)
	[ "$kunit_all" -gt 0 ] && suites="${suites%KUnit}KUnit $kunit/$kunit_all"
	# The matrix's kernels as fetch.sh resolved them ("sid = <package>
	# <version>, ...").
	pkg=$(sed -n 's/^.*resolved: //p' "$logs/matrix.log" 2>/dev/null | tr ',' '\n' |
		sed -n "s/^ *$name = //p")
	kernel="$name${pkg:+: $pkg}"
	[ "$arch" != amd64 ] && kernel="$kernel ($arch)"
	echo "| $kernel | $tier | $suites | $(cat "$logs/$name.time" 2>/dev/null)s |"
done <"$logs/jobs"
for part in host deployment; do
	[ -f "$logs/$part.tap" ] || continue
	ok=$(grep -c '^ok ' "$logs/$part.tap")
	all=$(grep -cE '^(not )?ok ' "$logs/$part.tap")
	echo "| $part checks | - | $ok/$all | $(cat "$logs/$part.time" 2>/dev/null)s |"
done
