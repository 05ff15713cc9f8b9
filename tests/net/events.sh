#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every network tracepoint, inside a test kernel as root: after
# `tpstat attach '*'`, each event the kernel has is attached, and over one
# quiesced window of workloads that make every networking system fire
# (TCP, UDP with a full receive queue, a neighbour that never answers, a
# qdisc with traffic, routed traffic between namespaces, a refused
# connect), each event's count equals ftrace's on the same tracepoint.
# Then rmmod with all of them attached.
#   tests/net/events.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
# shellcheck source=tests/net/workloads.sh
. "$here/workloads.sh"
make_namespaces

suite_load
"$TP" attach '*'
check_eq "tpstat attach '*' succeeds" 0 $?
# What the build's headers declared (module/genprobes.sh), beside the .ko.
gen=$(dirname "$KO")/generated/tpstat_gen_events.h
if [ -f "$gen" ]; then
	check_eq "events lists every generated tracepoint" \
		"$(grep -c '^TPSTAT_GEN_EVENT(' "$gen")" \
		"$(sed -nE 's/^TPSTAT_GEN_EVENT\(([a-z0-9_]+), ([a-z0-9_]+),.*/\1:\2/p' "$gen" |
			grep -cxFf - <(awk '{ print $1 }' "$DBG/events"))"
fi
not_attached=$(awk '$2 == "detached"' "$DBG/events")
check_eq "every event the kernel has is attached" "" "$not_attached"
echo "# $(grep -c ' attached$' "$DBG/events") attached," \
	"$(grep -c ' missing$' "$DBG/events") missing:" \
	"$(awk '$2 == "missing" { printf "%s ", $1 }' "$DBG/events")"

# The judge counts the attached events that are trace events (a bare
# tracepoint, DECLARE_TRACE, has none, so nothing can judge it).
events=() bare=()
for ev in $(attached_events); do
	if [ -d "$TRACING/events/${ev%%:*}/${ev#*:}" ]; then
		events+=("$ev")
	else
		bare+=("$ev")
	fi
done
[ ${#bare[@]} -eq 0 ] || echo "# bare tracepoints, not judged: ${bare[*]}"

# A hist trigger per event, keyed on the event's own type: one entry
# each, in the smallest map ftrace allows (the default's 2048 entries,
# allocated for every one of a hundred events, took minutes on KASAN).
JUDGE_HITS=hist:keys=common_type:vals=hitcount:sort=hitcount:size=128 JUDGE_MAP=
# tpstat's counters are read on both sides of each edge of ftrace's window:
# starting or stopping a hundred triggers takes seconds, and a kernel timer
# (ARP, IGMP, route expiry) may fire a tracepoint meanwhile.  ftrace's
# window holds the inner one (a..b) and lies inside the outer one (a0..b1).
quiesce
snapshot "$TMP/a0"
mkdir "$TMP/judge"
judge_begin "$TMP/judge" "${events[@]}"
snapshot "$TMP/a"

serve "$TMP/server.out" "$NETLOAD" tcp-server 127.0.0.1 5001 10
K=$("$NETLOAD" tcp-connect 127.0.0.1 5001 10 | sed -n 's/^connections=//p')
reap
U=$("$NETLOAD" udp-send 127.0.0.1 5003 10 | sed -n 's/^datagrams=//p')
B=$(bulk 200000)
wl_all > "$TMP/workloads"
quiesce || echo "# counters never settled"
snapshot "$TMP/b"
judge_end
snapshot "$TMP/b1"

echo "# workload: connections=$K datagrams=$U bulk_bytes=$B"
sed 's/^/# /' "$TMP/workloads"
echo "# judge: ftrace $(judge_mode)"
check_eq "ftrace's count is whole (nothing dropped or overrun)" "" "$(judge_void)"
fired=0 n=0 outer=0
judge_hits_all
for ev in "${events[@]}"; do
	delta_to n "$TMP/a" "$TMP/b" "$ev"
	delta_to outer "$TMP/a0" "$TMP/b1" "$ev"
	f=${JUDGE_HIT[$ev]:-}
	if [ "$outer" = "$n" ]; then
		check_eq "$ev equals ftrace's hit count" "$f" "$n"
	else
		# It fired while the judge started or stopped: ftrace's count
		# lies between the two windows', or one of them miscounted.
		echo "# $ev fired at the window's edges: tpstat $n inside, $outer outside, ftrace $f"
		check "$ev agrees with ftrace's hit count ($n <= $f <= $outer)" \
			test "$n" -le "${f:--1}" -a "${f:--1}" -le "$outer"
	fi
	[ "$n" -gt 0 ] && fired=$((fired + 1))
done
echo "# $fired of ${#events[@]} judged events fired"

# The kernel's own count of UDP receive-buffer drops (the UdpRcvbufErrors
# MIB) over the overflow workload, against the event's.
rcvbuf=$(sed -n 's/.*udp_rcvbuf_errors=\([0-9]*\).*/\1/p' "$TMP/workloads")
if [ -d "$TRACING/events/udp/udp_fail_queue_rcv_skb" ]; then
	check "the overflow workload made UDP drop" test "${rcvbuf:-0}" -gt 0
	check_eq "udp:udp_fail_queue_rcv_skb equals UdpRcvbufErrors (nstat)" \
		"$rcvbuf" "$(delta "$TMP/a" "$TMP/b" udp:udp_fail_queue_rcv_skb)"
fi

# The workloads reach every system they were written for, where the kernel
# has the tracepoint.  (The raw socket's full queue fires
# sock:sock_rcvqueue_full up to 6.x only: 7.2's raw sockets drop without
# it, so that one is judged but not required.)
for ev in udp:udp_fail_queue_rcv_skb \
	  sock:inet_sk_error_report neigh:neigh_create neigh:neigh_update \
	  neigh:neigh_timer_handler qdisc:qdisc_dequeue fib:fib_table_lookup \
	  fib6:fib6_table_lookup; do
	if [ ! -d "$TRACING/events/${ev%%:*}/${ev#*:}" ]; then
		ok "workload reached $ev # SKIP not in this kernel"
		continue
	fi
	check "workload reached $ev" test "$(delta "$TMP/a" "$TMP/b" "$ev")" -gt 0
done

rmmod tpstat
check "rmmod with every event attached" test ! -d /sys/module/tpstat

# --- a module's tracepoints: sctp's arrive with it ---------------------------
# (Unloading cannot be tested with sctp: its per-namespace control sockets
# hold the module, "in use" from the moment it loads.)
state() { awk -v e="$1" '$1 == e { print $2 }' "$DBG/events"; }
insmod "$KO"
if [ -n "$(state sctp:sctp_probe)" ] && modprobe sctp 2>/dev/null; then
	check_eq "sctp loaded after tpstat: its event is there, detached" \
		detached "$(state sctp:sctp_probe)"
	"$TP" attach 'sctp:*'
	check_eq "tpstat attach 'sctp:*' attaches it" attached "$(state sctp:sctp_probe)"
	rmmod tpstat
	check "rmmod tpstat with sctp's event attached" test ! -d /sys/module/tpstat
	insmod "$KO" events='sctp:*'
	check_eq "tpstat loaded after sctp: events=sctp:* attaches it" \
		attached "$(state sctp:sctp_probe)"
else
	ok "a module's tracepoints # SKIP no sctp module or no sctp:sctp_probe"
fi
ip netns del tpa
ip netns del tpb
suite_end
