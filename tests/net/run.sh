#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Integration tests, run inside a test kernel as root (tests/vm/boot.sh):
# every tpstat counter must equal what ftrace counts on the same
# tracepoints, and derived bytes what the devices count.
#   tests/net/run.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
# Prints TAP lines and ends with "# <P> passed, <F> failed".
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
quiet_ipv6
make_namespaces
check "lossy link: netem on va, every 50th packet dropped at vb" make_lossy

# --- load: events and counters files --------------------------------------
suite_load

default_events_attached
# Every event tracefs has in the networking systems is known (a module's
# events only while it is loaded; bridge's header does not build out of
# tree, so its events may be absent).
unknown=0
for dir in "$TRACING"/events/{tcp,sock,skb,net,napi,udp,neigh,qdisc,fib,fib6,xdp,page_pool,devlink,sctp,mptcp,netlink}/*/; do
	[ -d "$dir" ] || continue
	dir=${dir%/}
	ev=${dir%/*}
	ev=${ev##*/}:${dir##*/}
	[ -n "${is_known[$ev]:-}" ] || { unknown=1; echo "# $ev: tracefs has it, tpstat does not"; }
done
check_eq "events lists every network trace event the kernel has" 0 $unknown
check "counters is sorted" bash -c "LC_ALL=C sort -c '$DBG/counters'"
check_eq "counters has two fields on every line" 0 \
	"$(awk 'NF != 2' "$DBG/counters" | wc -l)"
check_eq "counters has a line for every event the kernel has" \
	"$(grep -vc ' missing$' "$DBG/events")" \
	"$(grep -vc '\.' "$DBG/counters")"

# --- exactness against ftrace ----------------------------------------------
events=$(attached_events)
quiesce
snapshot "$TMP/a"
mkdir "$TMP/judge"
# shellcheck disable=SC2086 # a list of events
judge_begin "$TMP/judge" $events

serve "$TMP/server.out" "$NETLOAD" tcp-server 127.0.0.1 5001 20
K=$("$NETLOAD" tcp-connect 127.0.0.1 5001 20 | sed -n 's/^connections=//p')
reap
R=$("$NETLOAD" tcp-refused 127.0.0.1 5002 10 | sed -n 's/^refused=//p')
U=$("$NETLOAD" udp-send 127.0.0.1 5003 30 | sed -n 's/^datagrams=//p')
B=$(bulk 2000000)
quiesce || echo "# counters never settled"
judge_end
snapshot "$TMP/b"

echo "# workload: connections=$K refused=$R datagrams=$U bulk_bytes=$B"
echo "# judge: ftrace $(judge_mode)"
void=$(judge_void)
check_eq "ftrace's count is whole (nothing dropped or overrun)" "" "$void"
judge_hits_all
for ev in $events; do
	delta_to n "$TMP/a" "$TMP/b" "$ev"
	check_eq "$ev equals ftrace's hit count" "${JUDGE_HIT[$ev]:-}" "$n"
done
for ev in tcp:tcp_retransmit_skb tcp:tcp_receive_reset skb:kfree_skb \
	  skb:consume_skb sock:inet_sock_set_state net:net_dev_xmit \
	  net:netif_receive_skb tcp:tcp_destroy_sock napi:napi_poll tcp:tcp_probe; do
	check "workload reached $ev" test "$(delta "$TMP/a" "$TMP/b" "$ev")" -gt 0
done
check_eq "bulk transfer arrived whole" 2000000 "$B"
check_eq "net_dev_xmit.bytes equals ftrace's len sum for rc 0" "$(judge_xmit_len)" \
	"$(delta "$TMP/a" "$TMP/b" net:net_dev_xmit.bytes)"
check_eq "net_dev_xmit.errors equals ftrace's hits for rc != 0" "$(judge_xmit_errors)" \
	"$(delta "$TMP/a" "$TMP/b" net:net_dev_xmit.errors)"
check_eq "kfree_skb.drops equals its hits (no SKB_CONSUMED through kfree_skb)" \
	"$(delta "$TMP/a" "$TMP/b" skb:kfree_skb)" \
	"$(delta "$TMP/a" "$TMP/b" skb:kfree_skb.drops)"
judge_tcp_states > "$TMP/states"
check "ftrace saw TCP state transitions" test -s "$TMP/states"
ours=$(grep -c -- '->' "$TMP/b")
check_eq "one transition line per pair ftrace saw" "$(wc -l < "$TMP/states")" "$ours"
while read -r from to n; do
	key="sock:inet_sock_set_state.$from->$to"
	delta_to d "$TMP/a" "$TMP/b" "$key"
	check_eq "$key equals ftrace" "$n" "$d"
done < "$TMP/states"
check "at least K=$K SYN_SENT->ESTABLISHED" test \
	"$(delta "$TMP/a" "$TMP/b" 'sock:inet_sock_set_state.SYN_SENT->ESTABLISHED')" -ge "$K"

# --- bytes against the devices' own counters ---------------------------
quiesce
snapshot "$TMP/c"
tx0=$(veth_bytes tx) rx0=$(veth_bytes rx)
B2=$(bulk 1000000)
quiesce
snapshot "$TMP/d"
tx1=$(veth_bytes tx) rx1=$(veth_bytes rx)
echo "# veth phase: bulk_bytes=$B2 tx=$((tx1 - tx0)) rx=$((rx1 - rx0))"
check "veth phase moved bytes" test $((tx1 - tx0)) -gt 1000000
check_eq "net_dev_xmit.bytes equals veth TX bytes (ip -s link)" $((tx1 - tx0)) \
	"$(delta "$TMP/c" "$TMP/d" net:net_dev_xmit.bytes)"
check_eq "netif_receive_skb.bytes equals veth RX bytes (ip -s link)" $((rx1 - rx0)) \
	"$(delta "$TMP/c" "$TMP/d" net:netif_receive_skb.bytes)"
rmmod tpstat
check "rmmod" test ! -d /sys/module/tpstat

# --- events= selection ----------------------------------------------------
insmod "$KO" events='tcp:*,skb:kfree_skb'
sel_bad=0
while read -r ev state; do
	case $ev in tcp:*|skb:kfree_skb) want=attached ;; *) want=detached ;; esac
	[ "$state" = missing ] && continue
	[ "$state" = "$want" ] || { sel_bad=1; echo "# $ev: $state, want $want"; }
done < "$DBG/events"
check_eq "events=tcp:*,skb:kfree_skb attaches exactly those" 0 $sel_bad
snapshot "$TMP/e"
"$NETLOAD" tcp-refused 127.0.0.1 5002 5 > /dev/null
"$NETLOAD" udp-send 127.0.0.1 5003 5 > /dev/null
snapshot "$TMP/f"
LC_ALL=C join "$TMP/e" "$TMP/f" > "$TMP/ef"
check_eq "counters lines stay the same across the selection test" \
	"$(wc -l < "$TMP/e")" "$(wc -l < "$TMP/ef")"
moved_detached=$(awk '$1 !~ /^(tcp:|skb:kfree_skb)/ && $2 != $3' "$TMP/ef" | wc -l)
check_eq "detached counters stay still under traffic" 0 "$moved_detached"
check "attached kfree_skb moves" test "$(delta "$TMP/e" "$TMP/f" skb:kfree_skb)" -ge 5
rmmod tpstat

# --- bad events= ---------------------------------------------------------------
# shellcheck disable=SC2016 # a literal '$' is the bad character
for bad in 'nosuch:thing' 'tcp:*,,' 'tcp:$x' 'a:b:c'; do
	log_clear
	if insmod "$KO" events="$bad" 2>/dev/null; then
		not_ok "events=$bad is refused"
		rmmod tpstat
	else
		ok "events=$bad is refused"
	fi
	check "events=$bad: the kernel log says why" \
		bash -c "dmesg | grep -qF 'tpstat: events=$bad: '"
	check "events=$bad: nothing left loaded" test ! -d /sys/module/tpstat
done
dmesg | grep 'tpstat: events=' | sed 's/^/# /'

# --- unload while traffic flows --------------------------------------------
"$NETLOAD" flood 127.0.0.1 5005 12 > /dev/null &
flood=$!
na "$NETLOAD" flood 10.99.0.2 5006 12 > /dev/null &
unload_fail=0
for _ in 1 2 3 4 5; do
	insmod "$KO" || unload_fail=1
	sleep 0.5
	rmmod tpstat || unload_fail=1
done
check_eq "5 load/unload cycles under traffic" 0 $unload_fail
wait $flood
kill %2 2>/dev/null
wait 2>/dev/null

# --- 50 load/unload cycles (full tier) ---------------------------------------
if full_tier; then
	cycles_fail=0
	for _ in $(seq 1 50); do
		insmod "$KO" || { cycles_fail=$((cycles_fail + 1)); continue; }
		[ -f "$DBG/counters" ] || cycles_fail=$((cycles_fail + 1))
		rmmod tpstat || cycles_fail=$((cycles_fail + 1))
		[ -d "$DBG" ] && cycles_fail=$((cycles_fail + 1))
	done
	check_eq "50 load/unload cycles" 0 $cycles_fail
fi

ip netns del tpa
ip netns del tpb
suite_end
