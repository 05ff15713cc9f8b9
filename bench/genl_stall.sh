#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Does a large view dump hold up other netlink users?  In a guest booted
# by tests/vm/boot.sh (make bench's: --bench, one vCPU, 1 guest ns per
# instruction), run from the top of the tree, tpstat built for the
# running kernel, bench/load built into build/bench.  bench/guest.sh
# runs it at its end (TPSTAT_BENCH_GENL_ONLY=1: only this); alone:
#   tests/vm/boot.sh --bench --mem 4096 --kernel ... --modules-release ... \
#       --out DIR -- bench/genl_stall.sh
# Fills the retrans view (flow keys) to 65,536 flows as bench/guest.sh's
# flow dump does, then times one request of each kind at a time
# (bench/load/genlstall.c: an rtnetlink RTM_GETLINK dump as `ip link`
# sends it, nlctrl's CTRL_CMD_GETFAMILY "ethtool", ethtool's
# LINKINFO_GET and LINKSTATE_GET for lo) with nothing else running
# (idle, and idle_after at the end), and while another process dumps the
# whole view back to back (dump); and the dump alone (alone).  Each
# request is due 500 us after the last one's answer, its process asleep
# until then, and timed from then: the time its process waits for the
# CPU counts.  Rows, one per request or dump, appended to
# /tmp/out/genl_stall.tsv:
#   kernel cpus phase what seq ns err start_ns first_ns msgs reads
# what: a request kind (ns: from when it was due to its answer; err: its
# errno, 0 when answered; start_ns: from when it was due to its send(),
# the wait for the CPU) or "dump"
# (start_ns: its send(), in which the kernel copies and sorts the view
# and fills the first reply; first_ns: to the first reply read; msgs:
# entries + 1); and one "table" row (phase fill; ns: guest ns to fill
# it; err: the view's overflow; msgs: entries; reads: capacity), and
# "copy" and "sort" rows (phase trace; ns: one dump start's copy of the
# view, its sort; the tracer's output in /tmp/out/genl_stall.trace).
#   TPSTAT_GENL_ROUNDS   rounds of one request of each kind per phase (1000)
#   TPSTAT_GENL_GAP_US   a request is due this long after the last one's answer (500 us)
#   TPSTAT_GENL_FLOWS    flows (65536)
#   TPSTAT_GENL_DUMPS    dumps in the "alone" phase (5)
#   TPSTAT_GENL_KO       the tpstat.ko to load (build/<release>/tpstat.ko)
set -uo pipefail

top=$(pwd)
kver=$(uname -r)
out=/tmp/out
cpus=$(nproc)
ROUNDS=${TPSTAT_GENL_ROUNDS:-1000}
GAP=${TPSTAT_GENL_GAP_US:-500}
FLOWS=${TPSTAT_GENL_FLOWS:-65536}
DUMPS=${TPSTAT_GENL_DUMPS:-5}
TPSTAT_KO=${TPSTAT_GENL_KO:-$top/build/$kver/tpstat.ko}
LOAD=$top/build/bench${TPSTAT_BUILD_SUFFIX:-}/benchload
DBG=/sys/kernel/debug/tpstat
TSV=$out/genl_stall.tsv
VIEW=2	# TPSTAT_VIEW_RETRANS (uapi/linux/tpstat.h)

log() { echo "genl_stall: $*" >&2; }
touch "$TSV"
# genlstall from the guest's tmpfs: a file read over the 9p root makes
# the guest clock jump while the host answers (bench/guest.sh).
cp "$top/build/bench${TPSTAT_BUILD_SUFFIX:-}/genlstall" /tmp/genlstall || exit 1
STALL=/tmp/genlstall

if lsmod | grep -q '^tpstat '; then
	log "tpstat is loaded already"
	exit 1
fi
insmod "$TPSTAT_KO" flow_keys="$FLOWS" || exit 1
log "$FLOWS flows into the retrans view"
t0=$(date +%s%N)
# Every SYN dropped on lo: each connect retransmits, one flow each.
tc qdisc add dev lo root netem loss 100% &&
	"$LOAD" syn-flows 127.0.0.1 7002 "$FLOWS" 3 > /dev/null
tc qdisc del dev lo root 2>/dev/null
fill=$(($(date +%s%N) - t0))
read -r _ _ over _ entries _ cap < "$DBG/retrans"	# "# overflow N entries N capacity N"
log "table: $entries entries of $cap, overflow $over"
printf '%s\t%s\tfill\ttable\t0\t%s\t%s\t-\t-\t%s\t%s\n' \
	"$kver" "$cpus" "$fill" "$over" "$entries" "$cap" >> "$TSV"

# rows <phase>: genlstall's lines to rows of the TSV.
rows() {
	awk -v k="$kver" -v c="$cpus" -v p="$1" 'BEGIN { OFS = "\t" }
		$1 == "req" { print k, c, p, $2, $3, $4, $5, $6, "-", "-", "-" }
		$1 == "dump" { print k, c, p, "dump", $2, $3, "-", $4, $5, $6, $7 }' >> "$TSV"
}

status=0
"$STALL" dumps "$VIEW" 1 > /dev/null || status=1	# untimed: page cache, first faults
log "requests, nothing else running"
"$STALL" probe "$ROUNDS" "$GAP" | rows idle || status=1
log "the dump alone, $DUMPS times"
"$STALL" dumps "$VIEW" "$DUMPS" | rows alone || status=1
log "requests while another process dumps the view back to back"
"$STALL" probe "$ROUNDS" "$GAP" "$VIEW" | rows dump || status=1
log "requests, nothing else running, again"
"$STALL" probe "$ROUNDS" "$GAP" | rows idle_after || status=1
# The start's two parts, timed by the function graph tracer (guest clock)
# over TRACE_DUMPS more dumps: the copy (tpstat_view_snapshot(), under
# rcu_read_lock() and never yielding) and the sort (tpstat_snap_sort(),
# a cond_resched() after each merge pass).
TRACING=/sys/kernel/tracing
TRACE_DUMPS=3
if echo 'tpstat_view_snapshot tpstat_snap_sort' > "$TRACING/set_ftrace_filter" &&
   echo function_graph > "$TRACING/current_tracer"; then
	: > "$TRACING/trace"
	"$STALL" dumps "$VIEW" "$TRACE_DUMPS" > /dev/null || status=1
	cp "$TRACING/trace" "$out/genl_stall.trace"
	echo nop > "$TRACING/current_tracer"
	: > "$TRACING/set_ftrace_filter"
	# "0) $ 7012.345 us |  tpstat_view_snapshot [tpstat]();"
	awk -v k="$kver" -v c="$cpus" 'BEGIN { OFS = "\t" }
		match($0, /[0-9.]+ us +\| +tpstat_(view_snapshot|snap_sort)/) {
			split(substr($0, RSTART, RLENGTH), f, " ")
			w = f[4] ~ /snapshot/ ? "copy" : "sort"
			print k, c, "trace", w, n[w]++, int(f[1] * 1000 + 0.5), "-", "-", "-", "-", "-"
		}' "$out/genl_stall.trace" >> "$TSV"
else
	log "no function graph tracer: the start's copy and sort not told apart"
fi
rmmod tpstat
log "done ($(grep -c . "$TSV") rows)"
exit $status
