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
# this is all it costs.  Three phases of history=1 intervals:
#   quiet:  nothing runs;
#   busy:   refused connects and UDP datagrams, to a full queue and
#           not, in a loop, so that many counters move in each;
#   full:   with views intervals of 1 s too, the retransmits view full
#           (flow_keys=65536, filled as bench/genl_stall.sh fills it):
#           each snapshot copies it, ranks its keys and keeps their
#           values, the most the recorder ever does at once.
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
LOAD=$top/build/bench${TPSTAT_BUILD_SUFFIX:-}/benchload
FLOWS=65536

log() { echo "recorder: $*" >&2; }
# The loads from the guest's tmpfs: a file read over the 9p root makes
# the guest clock jump while the host answers (bench/guest.sh), which
# would stretch the phases over hundreds of intervals.
cp "$NETLOAD" /tmp/netload-rec && NETLOAD=/tmp/netload-rec || exit 1
cp "$LOAD" /tmp/benchload-rec && LOAD=/tmp/benchload-rec || exit 1
# shellcheck source=bench/graph.sh
. "$top/bench/graph.sh"
touch "$TSV"
if lsmod | grep -q '^tpstat '; then
	log "tpstat is loaded already"
	exit 1
fi
ip link set lo up

# newest: the newest interval's number, and nap: a sleep, with no program
# started (see above).
newest() {
	local at s n=0
	while read -r at s _; do [ "$at" = @ ] && n=$s; done <"$DBG/history"
	echo "$n"
}
NAP_FD=
nap() {
	local fifo
	if [ -z "$NAP_FD" ]; then
		fifo=$(mktemp -u)
		mkfifo "$fifo"
		exec {NAP_FD}<>"$fifo"
		rm -f "$fifo"
	fi
	read -rt "$1" -u "$NAP_FD" _ || true
}
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
	while (($(newest) < from + N)); do nap 0.5; done
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

insmod "$KO" history=1 || exit 1
phase quiet
phase busy
rmmod tpstat
insmod "$KO" history=1 history_views=1 flow_keys=$FLOWS || exit 1
# Every SYN dropped on lo: each connect retransmits, one flow each.
tc qdisc add dev lo root netem loss 100% &&
	"$LOAD" syn-flows 127.0.0.1 7002 "$FLOWS" 3 >/dev/null
tc qdisc del dev lo root 2>/dev/null
log "full: $(head -1 "$DBG/retrans")"
phase full
rmmod tpstat
