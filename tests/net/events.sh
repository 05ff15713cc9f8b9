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
every_event_attached

# Every attached trace event against ftrace over one window of the
# workloads (judge.sh).
judge_attached "$TMP" wl_events

# The kernel's own count of UDP receive-buffer drops (the UdpRcvbufErrors
# MIB) over the overflow workload, against the event's.
rcvbuf=$(sed -n 's/.*udp_rcvbuf_errors=\([0-9]*\).*/\1/p' "$TMP/workload")
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
