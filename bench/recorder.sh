#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What the flight recorder costs: each interval's snapshot (the deferred
# work tpstat_recorder_tick(), which sums the per-CPU counters and writes
# the interval's record) timed by the function graph tracer, in a guest
# booted by tests/vm/boot.sh --bench (one vCPU, 1 guest ns per
# instruction), run from the top of the tree, tpstat built for the
# running kernel; and how many values an interval holds.  The probes do
# nothing for the recorder, so it adds no instruction to any event:
# this is all it costs.  Two phases of history=1 intervals:
#   quiet:  nothing runs;
#   busy:   TCP connections, refused connects and UDP datagrams to a
#           full queue, in a loop, so that many counters move in each.
# bench/guest.sh runs it at its end (TPSTAT_BENCH_RECORDER_ONLY=1: only
# this); alone:
#   tests/vm/boot.sh --bench --kernel ... --modules-release ... \
#       --out DIR -- bench/recorder.sh
# Rows appended to /tmp/out/recorder.tsv:
#   kernel phase what n value
# what: "ns" (value: one snapshot's guest ns, n its order) or "values"
# (value: the counters that moved in interval n);
# bench/recorder_report.py makes the report.
#   TPSTAT_RECORDER_N   intervals per phase (20)
#   TPSTAT_RECORDER_KO  the tpstat.ko to load (build/<release>/tpstat.ko)
set -uo pipefail
top=$(pwd)
kver=$(uname -r)
out=/tmp/out
N=${TPSTAT_RECORDER_N:-20}
KO=${TPSTAT_RECORDER_KO:-$top/build/$kver/tpstat.ko}
TSV=$out/recorder.tsv
TRACING=/sys/kernel/tracing
DBG=/sys/kernel/debug/tpstat
TMP=$(mktemp -d)
NETLOAD=$top/build/tools${TPSTAT_BUILD_SUFFIX:-}/netload

log() { echo "recorder: $*" >&2; }
# shellcheck source=bench/graph.sh
. "$top/bench/graph.sh"
touch "$TSV"
if lsmod | grep -q '^tpstat '; then
	log "tpstat is loaded already"
	exit 1
fi
insmod "$KO" history=1 || exit 1
ip link set lo up

newest() { awk '$1 == "@" { s = $2 } END { print s + 0 }' "$DBG/history"; }
# busy_loop: the busy phase's traffic, until killed.
busy_loop() {
	while :; do
		"$NETLOAD" tcp-refused 127.0.0.1 5002 20
		"$NETLOAD" udp-overflow 127.0.0.1 5003 20
		"$NETLOAD" udp-send 127.0.0.1 5004 20
	done >/dev/null 2>&1
}

# phase <name>: N snapshots timed, each with its interval's values.
phase() {
	local from to busy=
	[ "$1" = busy ] && { busy_loop & busy=$!; }
	graph_on tpstat_recorder_tick || return 1
	: >"$TRACING/trace"
	from=$(($(newest) + 1))
	while (($(newest) < from + N)); do sleep 1; done
	graph_off "$TMP/trace"
	[ -n "$busy" ] && { kill "$busy"; wait "$busy" 2>/dev/null; }
	to=$(newest)
	awk -v a="$from" -v b="$to" -v k="$kver" -v p="$1" 'BEGIN { OFS = "\t" }
		$1 == "@" { s = $2; if (s >= a && s <= b) n[s] = 0; next }
		s >= a && s <= b { n[s]++ }
		END { for (s in n) print k, p, "values", s, n[s] }' "$DBG/history" >>"$TSV"
	calls "$TMP/trace" tpstat_recorder_tick |
		awk -v k="$kver" -v p="$1" 'BEGIN { OFS = "\t" } { print k, p, "ns", NR, $2 }' >>"$TSV"
	log "$1: $(grep -c "	$1	ns" "$TSV") snapshots timed"
}

phase quiet
phase busy
rmmod tpstat
