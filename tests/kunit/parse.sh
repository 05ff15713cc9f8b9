#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host side of the KUnit run: parse each suite's results with kunit.py
# from the same kernel source the test kernel was built from, and print
# one TAP line per test case ("ok - suite.case" / "not ok - ...").
# kunit.py's exit status is not trusted (it can be 0 on broken input):
# every case's status is read from its JSON.  Older kernels (the 5.10
# debug kernel) write a results file without the TAP header and plan
# their kunit.py needs ("TAP version 14", "1..1"): it is added when missing.
#   tests/kunit/parse.sh <kernel source dir> <results dir>
set -euo pipefail

src=$1 dir=$2
kunit_py=$src/tools/testing/kunit/kunit.py
found=0

for f in "$dir"/*.results; do
	[ -e "$f" ] || continue
	found=1
	json=$({
		grep -qE '^K?TAP version' "$f" || printf 'TAP version 14\n1..1\n'
		cat "$f"
	} | python3 "$kunit_py" parse --json 2>/dev/null | sed -n '/^{/,$p') || true
	if [ -z "$json" ]; then
		echo "not ok - $(basename "$f" .results): kunit.py could not parse it"
		continue
	fi
	# Cases whose status is anything but PASS are failures; a suite
	# without cases is one too.
	echo "$json" | jq -r '
		[.. | objects | select(has("test_cases")) | .name as $s
		 | .test_cases[] | .suite = $s] as $c
		| if ($c | length) == 0 then "not ok - kunit: no test cases parsed"
		  else $c[] | (if .status == "PASS" then "ok" else "not ok" end)
			+ " - kunit " + .suite + "." + .name + " (" + .status + ")"
		  end'
done
[ "$found" = 1 ] || echo "not ok - kunit: no results files in $dir"
