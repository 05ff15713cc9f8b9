#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Storms of everything that replaces what probes read, under traffic, as
# root in a test kernel: resets (the views' generations swap and the old
# one is cleared), the system's filter set and cleared (probes attached
# and detached, the old filter freed), a namespace's own filter replaced
# (its counters freed), namespaces that count created and deleted, and
# readers of every view, all at once for TPSTAT_STRESS_SECONDS (default
# 30) while TCP and UDP run in the initial namespace and across a veth
# pair.  On a kernel that calls probes preemptible (7.x) a probe that
# reads any of these unpinned is a use after free (KASAN) or a
# "suspicious RCU usage" (PROVE_RCU); on every kernel the log must stay
# clean.  Then the storms stop and the counts are exact against ftrace
# again, kmemleak finds nothing, and rmmod is clean.
#   tests/net/stress.sh <tpstat.ko>
#
#   tpa: va 10.99.0.1  <--->  tpb: vb 10.99.0.2   (make_namespaces)
#   tpc<N>: namespaces that count their own events, made and deleted
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
SECS=${TPSTAT_STRESS_SECONDS:-30}

suite_load events='*'
make_namespaces

# --- the storms, under traffic -------------------------------------------
end=$((SECONDS + SECS))
# loop <name> <command...>: runs the command until the end, counting its
# rounds into $TMP/<name>.rounds (failures too: a storm may race a
# namespace's deletion; what is judged is the kernel's log).
loop() {
	local name=$1 n=0
	shift
	while ((SECONDS < end)); do
		"$@" >/dev/null 2>&1
		n=$((n + 1))
	done
	echo "$n" >"$TMP/$name.rounds"
}
filter_storm() {
	"$TP" filter lport 5201
	"$TP" filter comm netload
	"$TP" filter clear
}
# In a namespace, "filter clear" starts its counters with no filter.
netns_filter_storm() {
	ip netns exec tpa "$TP" filter clear
	ip netns exec tpa "$TP" filter lport 5201
	ip netns exec tpb "$TP" filter rport 5201
}
# A namespace that counts its own events, with traffic, then deleted
# while its counters may still be read by a probe.
netns_churn() {
	local ns=tpc$((RANDOM % 4))
	ip netns add "$ns" || return
	ip -n "$ns" link set lo up
	ip netns exec "$ns" "$TP" filter clear
	ip netns exec "$ns" "$NETLOAD" tcp-refused 127.0.0.1 5202 3
	ip netns exec "$ns" "$NETLOAD" udp-send 127.0.0.1 5203 3
	ip netns del "$ns"
}
readers() {
	local v
	for v in drops retrans resets lifetime devices errors rcvq neigh auth; do
		"$TP" -j "$v"
	done
	cat "$DBG"/*
}

loop flood_init "$NETLOAD" flood 127.0.0.1 5201 2 &
loop flood_veth na "$NETLOAD" flood 10.99.0.2 5201 2 &
loop flood_back nb "$NETLOAD" flood 10.99.0.1 5204 2 &
loop reset "$TP" reset all &
loop filter filter_storm &
loop netns_filter netns_filter_storm &
loop churn netns_churn &
loop readers readers &
# On bookworm-4kc-malta the storms have twice not ended, with nothing
# said until the guest's timeout: say where, after twice their time.
stall_watch $((2 * SECS + 120)) "stress: the storms"
wait $(jobs -p | grep -vx "$STALL_WATCH")
stall_watch_end
for s in flood_init flood_veth flood_back reset filter netns_filter churn readers; do
	n=$(cat "$TMP/$s.rounds" 2>/dev/null)
	check "storm $s ran (${n:-0} rounds in ${SECS}s)" test "${n:-0}" -gt 0
done
log_check "kernel log clean through the storms"

# --- exact again ----------------------------------------------------------
"$TP" filter clear >/dev/null 2>&1
for n in tpa tpb; do
	ip netns exec $n "$TP" filter lport 1 >/dev/null 2>&1
done
events="tcp:tcp_receive_reset tcp:tcp_send_reset skb:kfree_skb sock:inet_sock_set_state
	net:net_dev_xmit net:netif_receive_skb udp:udp_fail_queue_rcv_skb"
quiesce || echo "# counters never settled"
snapshot "$TMP/a"
mkdir "$TMP/judge"
# shellcheck disable=SC2086 # a list of events
judge_begin "$TMP/judge" $events
R=$("$NETLOAD" tcp-refused 127.0.0.1 5202 10 | sed -n 's/^refused=//p')
V=$(na "$NETLOAD" tcp-refused 10.99.0.2 5202 10 | sed -n 's/^refused=//p')
U=$("$NETLOAD" udp-send 127.0.0.1 5203 20 | sed -n 's/^datagrams=//p')
quiesce || echo "# counters never settled"
judge_end
snapshot "$TMP/b"
echo "# workload after the storms: refused=$R veth_refused=$V datagrams=$U"
check_eq "ftrace's count is whole" "" "$(judge_void)"
judge_hits_all
for ev in $events; do
	grep -q "^$ev " "$TMP/b" || continue
	delta_to n "$TMP/a" "$TMP/b" "$ev"
	check_eq "$ev equals ftrace's hit count after the storms" "${JUDGE_HIT[$ev]:-}" "$n"
done
# A reset sent without a socket fires tcp_send_reset from 6.10 on only.
check "the workload reached tcp:tcp_receive_reset" \
	test "$(delta "$TMP/a" "$TMP/b" tcp:tcp_receive_reset)" -ge $((R + V))

# --- unload, leaks ----------------------------------------------------------
ip netns del tpa
ip netns del tpb
suite_end
