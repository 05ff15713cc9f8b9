#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Last: the kernel log since run.sh's start marker has no warning of any
# kind (BUG, WARNING, lockdep, KASAN, sleeping in atomic, hung tasks,
# call traces), and, where the kernel has kmemleak, a scan after every
# unload finds no leak (run.sh cleared older reports at the start).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

KMEMLEAK=/sys/kernel/debug/kmemleak
SPLAT='BUG:|WARNING:|INFO: possible|INFO: trying|KASAN|kmemleak|sleeping function|Call Trace|lockdep'

check "tpstat is not loaded" test ! -e /sys/module/tpstat

if [ -w "$KMEMLEAK" ]; then
	# An object counts as leaked only once it is a few seconds old and
	# unreferenced in two scans.
	sleep 5
	echo scan >"$KMEMLEAK"
	sleep 5
	echo scan >"$KMEMLEAK"
	leaks=$(cat "$KMEMLEAK")
	check_eq "kmemleak reports no leak" "" "$leaks"
else
	comment "no kmemleak on this kernel"
fi

marker=$(cat "$WORK/kmsg-marker")
dmesg >"$TMP/dmesg"
if ! grep -qxF "$marker" <(dmesg -t); then
	fail "kernel log still holds the start of the run" \
		"marker '$marker' is gone: the log wrapped, so it cannot be checked whole"
	log=$(cat "$TMP/dmesg")
else
	log=$(dmesg -t | sed -n "\\|^$marker\$|,\$p")
fi
splats=$(printf '%s\n' "$log" | grep -E "$SPLAT" || true)
if [ -z "$splats" ]; then
	pass "kernel log clean since the start of the run"
else
	# The splat and what led to it.
	fail "kernel log clean since the start of the run" "$(printf '%s\n' "$log" |
		grep -E -B5 -A30 "$SPLAT" | head -120)"
fi
comment "tpstat lines in the kernel log: $(printf '%s\n' "$log" | grep -c '^tpstat' || true)"
