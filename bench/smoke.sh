#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A quick check of the benchmark's own code, run by make check: the floor
# module builds W=1 clean against every Debian kernel with headers,
# benchload builds with -Wall -Wextra -Werror, and the targets' verdicts
# hold on synthetic rounds (bench/test_report.py).  Prints TAP lines.
#   bench/smoke.sh
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
status=0
if make -s -C bench/load O="$top/build/bench" >/dev/null 2>&1; then
	echo "ok - bench: benchload builds (-Wall -Wextra -Werror)"
else
	echo "not ok - bench: benchload builds (-Wall -Wextra -Werror)"
	status=1
fi
mkdir -p build/bench
if python3 bench/test_report.py >build/bench/test_report.log 2>&1; then
	echo "ok - bench: report.py's and check.py's verdicts on synthetic rounds"
else
	echo "not ok - bench: report.py's and check.py's verdicts on synthetic rounds (log: build/bench/test_report.log)"
	status=1
fi
while read -r name _ kbuild modrel _; do
	case $name in deb-*) ;; *) continue ;; esac
	log=build/bench/$modrel/floor.build.log
	mkdir -p "$(dirname "$log")"
	if bench/floor/build.sh "$modrel" "$kbuild" "build/bench/$modrel/floor" >"$log" 2>&1 &&
	   ! grep -q 'warning:' "$log"; then
		echo "ok - bench: floor module builds W=1 clean against $modrel"
	else
		echo "not ok - bench: floor module builds W=1 clean against $modrel (log: $log)"
		status=1
	fi
done < <(tests/vm/kernels.sh)
exit $status
