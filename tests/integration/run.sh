#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tpstat integration tests.  Run as root inside a test kernel (the host
# boots it with tests/vm/boot.sh), from any directory:
#
#   tests/integration/run.sh <tpstat.ko> [TEST...]
#
# TEST names a t*.sh here without its extension (t20-exact), to run only
# those; t99-kernel-log, which checks the kernel log of the whole run,
# always runs, last.  Every check prints a TAP line ("ok N - ..." or
# "not ok N - ..." with "# " detail lines); the last line is
# "# <P> passed, <F> failed" and the exit status is non-zero if anything
# failed.  The traffic generator is build/tools/netload, built on the host
# (make -C tests/tools); TPSTAT_NETLOAD overrides its path.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)

if [ $# -lt 1 ] || [ ! -f "$1" ]; then
	sed -n '4,15s/^# \{0,1\}//p' "$0" >&2
	exit 2
fi
TPSTAT_KO=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
TPSTAT_IT_WORK=$(mktemp -d /tmp/tpstat-it.XXXXXX)
export TPSTAT_KO TPSTAT_IT_WORK
echo 0 >"$TPSTAT_IT_WORK/count"
: >"$TPSTAT_IT_WORK/results"

# The tests, in name order; t99-kernel-log last whatever was asked for.
tests=()
if [ $# -gt 0 ]; then
	for t in "$@"; do
		t=${t%.sh}
		[ -f "$here/$t.sh" ] || { echo "run.sh: no test $t" >&2; exit 2; }
		[ "$t" = t99-kernel-log ] || tests+=("$here/$t.sh")
	done
else
	for t in "$here"/t[0-9][0-9]-*.sh; do
		[ "$(basename "$t")" = t99-kernel-log.sh ] || tests+=("$t")
	done
fi
tests+=("$here/t99-kernel-log.sh")

echo "# tpstat integration tests on $(uname -r), module $TPSTAT_KO"
# A failed precondition is one failed check, not a crash of every test.
pre=""
[ "$(id -u)" = 0 ] || pre="not root"
grep -q ' /sys/kernel/debug debugfs ' /proc/mounts ||
	pre="${pre:+$pre; }no debugfs at /sys/kernel/debug"
[ -d /sys/kernel/tracing/events ] || pre="${pre:+$pre; }no tracefs at /sys/kernel/tracing"
[ -x "${TPSTAT_NETLOAD:-$here/../../build/tools/netload}" ] ||
	pre="${pre:+$pre; }no netload: build it on the host with make -C tests/tools"
for tool in ip ss tc jq ethtool insmod rmmod; do
	command -v "$tool" >/dev/null || pre="${pre:+$pre; }$tool is missing"
done
if [ -d /sys/module/tpstat ]; then
	echo "# tpstat was loaded before the tests: unloading it"
	rmmod tpstat || pre="${pre:+$pre; }tpstat is loaded and will not unload"
fi
if [ -n "$pre" ]; then
	echo "not ok 1 - preconditions: $pre"
	echo "# 0 passed, 1 failed"
	exit 1
fi

# The start of the run in the kernel log, for t99-kernel-log: a marker
# line rather than dmesg -C, so the boot log stays readable.
marker="tpstat-integration: start $(basename "$TPSTAT_IT_WORK")"
echo "$marker" >/dev/kmsg
echo "$marker" >"$TPSTAT_IT_WORK/kmsg-marker"
# Leaks already reported (by the boot, say) are not this run's.
if [ -w /sys/kernel/debug/kmemleak ]; then
	echo clear >/sys/kernel/debug/kmemleak
fi

start=$SECONDS
for t in "${tests[@]}"; do
	name=$(basename "$t" .sh)
	t0=$SECONDS
	st=0
	bash "$t" || st=$?
	if [ "$st" != 0 ]; then
		n=$(($(cat "$TPSTAT_IT_WORK/count") + 1))
		echo "$n" >"$TPSTAT_IT_WORK/count"
		echo "not ok" >>"$TPSTAT_IT_WORK/results"
		echo "not ok $n - $name: ended early with status $st (see above)"
	fi
	echo "# $name: $((SECONDS - t0)) s"
	# A test that died with the module loaded must not spoil the next.
	if [ -d /sys/module/tpstat ]; then
		rmmod tpstat
	fi
done
echo "# all tests: $((SECONDS - start)) s on $(uname -r)"

passed=$(grep -c '^ok$' "$TPSTAT_IT_WORK/results" || true)
failed=$(grep -c '^not ok$' "$TPSTAT_IT_WORK/results" || true)
[ "$passed" -gt 0 ] || { echo "not ok - no test passed"; failed=$((failed + 1)); }
echo "# $passed passed, $failed failed"
[ "$failed" = 0 ]
