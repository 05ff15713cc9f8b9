#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tpstat doctor against workloads with known answers, inside a test
# kernel as root (tests/vm/boot.sh):
#   tests/net/doctor_paths.sh <tpstat.ko>
#
# The paths and devices: packets lost between the sockets doctor.sh
# provokes and the wire.
# - A next hop that does not answer: a route via 10.99.8.254 on a veth
#   whose peer (namespace tpnb) has no such address, and datagrams sent
#   through it every 0.15 s for 6 s with the device's mcast_solicit 1
#   and retrans_time_ms 100: neigh_failures names tpn0, next hop
#   10.99.8.254, the neigh view's count and both knobs' values; with
#   the address on the peer, none.
# - A neighbour table full: the ARP table's gc_thresh3 set to 16 and
#   datagrams from namespace tpnf to 40 addresses of its link that
#   nobody has: neigh_table_full names tpnf with the count of
#   NEIGH_CREATEFAIL drops, equal to the table's table_fulls, and
#   gc_thresh3's value; with gc_thresh3 1024, none.
# - A queue discipline that drops: tbf at 8 kbit/s with a 3,000-byte
#   queue on a dummy device, 50 datagrams of 1,000 bytes at once:
#   qdisc_drops names tpq0 with tc's count of drops (the drops view's
#   QDISC_DROP) and net.core.default_qdisc; without tbf, none.
# - A firewall that drops: an nftables rule with a counter dropping UDP
#   to port 5347, 40 datagrams to a receiver there: netfilter_drops
#   names the initial namespace with nft's count (the drops view's
#   NETFILTER_DROP); without the rule, all 40 arrive and none.
# - Retransmits to one peer: 2 MB from namespace tpda to tpdb over a
#   veth pair whose tpdb end drops every 50th packet arriving (gact):
#   retrans_peer names 10.99.11.2 in tpda with the retrans view's count
#   and tpda's sent retransmits (nstat: TcpRetransSegs less
#   TCPRetransFail);
# - Retransmits spread over peers: the same pair, tpdb's end answering
#   on 10.99.11.2, .3 and .4 and dropping every 50th packet again, and
#   700 kB to each: retrans_spread names tpda, 3 peers, the retrans
#   view's count (all of it the sent retransmits' increase) and
#   default_qdisc, and retrans_peer names none of them;
#   without the loss, no retransmit and none.
# - A driver that refuses: a tun (tpt0) with txqueuelen 100 that nobody
#   reads, sent 300 datagrams: its ring takes 100 and the driver refuses
#   the rest (net_dev_xmit's NET_XMIT_DROP); device_errors names tpt0
#   with the count ip -s link gives as tx dropped, and txqueuelen 100;
#   with txqueuelen 1000, the 300 fit and there is none.
# - A CPU's backlog full: netem on veth tpk0 releasing 300 datagrams at
#   once into its peer's backlog (namespace tpbk), net.core.
#   netdev_max_backlog 10: backlog_drops names tpbk with the count of
#   CPU_BACKLOG drops, equal to softnet_stat's, and netdev_max_backlog's
#   value, and device_errors tpk0 with the same count; with 1000, none.
# - Prometheus's rules against doctor, as doctor.sh: over these scenarios'
#   exports; and, after doctor.sh in the same boot (make check's order),
#   the Grafana dashboard's queries over both suites' exports.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
quiet_ipv6
suite_load
# shellcheck source=tests/net/doctor_lib.sh
. "$here/doctor_lib.sh"
# --- a next hop that does not answer --------------------------------------------
# Datagrams to 10.99.9.1 every 0.15 s for 6 s through a gateway nobody
# is: with one probe 100 ms long, each resolution fails and the next
# datagram starts another.
sendloop() {
	python3 -c 'import socket, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(40):
    s.sendto(b"x", ("10.99.9.1", 5343))
    time.sleep(0.15)'
}
if "$TP" neigh > /dev/null 2>&1 && [ -d "$TRACING/events/neigh/neigh_timer_handler" ] &&
   ip netns add tpnb 2> /dev/null; then
	ip link add tpn0 type veth peer name tpn1 netns tpnb
	ip addr add 10.99.8.1/24 dev tpn0
	ip link set tpn0 up
	ip -n tpnb link set tpn1 up
	ip route add 10.99.9.0/24 via 10.99.8.254 dev tpn0
	sysctl -qw net.ipv4.neigh.tpn0.mcast_solicit=1 net.ipv4.neigh.tpn0.retrans_time_ms=100
	restart
	snap_before next_hop
	sendloop
	sleep 1
	quiesce
	snap_after next_hop
	failed=$(jqv 'neigh dev tpn0' '[.neighbours[] | select(.address == "10.99.8.254") | .failures] | add // 0')
	echo "# 40 datagrams via 10.99.8.254: $failed failed resolutions"
	check "the next hop failed at least 10 times ($failed)" test "$failed" -ge 10
	doctor -j
	J=$OUT
	check_eq "next hop: exit status 3" 3 "$ST"
	check_eq "... neigh_failures: tpn0, next hop 10.99.8.254, the neigh view's count" \
		"tpn0 10.99.8.254 $failed" \
		"$(jq -r '[.findings[] | select(.rule == "neigh_failures") | "\(.who.device) \(.who.address) \(.count)"] | join(",")' <<< "$J")"
	check "... the text says next hop" grep -q 'device tpn0, netns init, next hop 10.99.8.254' \
		<<< "$(jq -r '.findings[] | select(.rule == "neigh_failures") | .who.text' <<< "$J")"
	check_eq "... tpn0's mcast_solicit and retrans_time_ms as sysctl says them" \
		"net.ipv4.neigh.tpn0.mcast_solicit=1 net.ipv4.neigh.tpn0.retrans_time_ms=100" \
		"$(jq -r '[.findings[] | select(.rule == "neigh_failures") | .knobs[] | "\(.name)=\(.value)"] | join(" ")' <<< "$J")"
	doctor
	# The fix: the gateway's address on the peer, which answers.
	ip -n tpnb addr add 10.99.8.254/24 dev tpn1
	ip neigh flush dev tpn0
	restart
	sendloop
	quiesce
	check "with the gateway there, tpn0 resolved it" \
		grep -q 'lladdr' <<< "$(ip neigh show dev tpn0 10.99.8.254)"
	doctor -j
	check_eq "... and no finding, exit status 0" "0 0" \
		"$ST $(jq '.findings | length' <<< "$OUT")"
	ip link del tpn0
	ip netns del tpnb
else
	echo "# no neigh view, no neigh tracepoints or no namespaces: no next hop scenario"
fi

part_took "doctor paths: a next hop that does not answer"
# --- a neighbour table full --------------------------------------------------------
# The host's ARP table capped at 16 entries (gc_thresh3), and datagrams
# from namespace tpnf to 40 addresses of its link that nobody has: the
# first entries wait unresolved, which garbage collection may not free,
# and the rest get none (NEIGH_CREATEFAIL; the table's table_fulls).
neigh_stat_fulls() {
	local sum=0 f
	while read -ra f; do
		sum=$((sum + 16#${f[12]}))
	done < <(tail -n +2 /proc/net/stat/arp_cache)
	echo "$sum"
}
# sweep FIRST: a datagram to each of 10.99.20.FIRST to FIRST+39.
sweep() {
	ip netns exec tpnf python3 -c 'import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for i in range(40):
    s.sendto(b"x", ("10.99.20.%d" % (int(sys.argv[1]) + i), 5370))' "$1"
}
if [ "$has_reasons" = true ] &&
   [ "$(head -n 1 /proc/net/stat/arp_cache | awk '{ print $13 }')" = table_fulls ] &&
   ip netns add tpnf 2> /dev/null; then
	thresh=$(sysctl -n net.ipv4.neigh.default.gc_thresh1 net.ipv4.neigh.default.gc_thresh2 \
		net.ipv4.neigh.default.gc_thresh3 | tr '\n' ' ')
	ip link add tpf0 type veth peer name tpf1 netns tpnf
	ip -n tpnf addr add 10.99.20.1/24 dev tpf1
	ip -n tpnf link set tpf1 up
	# Up, for the host unreachables the failed resolutions send back.
	ip -n tpnf link set lo up
	ip link set tpf0 up
	sysctl -qw net.ipv4.neigh.default.gc_thresh1=4 net.ipv4.neigh.default.gc_thresh2=8 \
		net.ipv4.neigh.default.gc_thresh3=16
	restart
	snap_before neigh_table
	fulls0=$(neigh_stat_fulls)
	sweep 10
	fulls=$(($(neigh_stat_fulls) - fulls0))
	# The entries made fail their 3 probes a second apart (neigh_failures),
	# before the export and doctor read, so that both see the same.
	sleep 4
	quiesce
	snap_after neigh_table
	created=$(jqv 'drops --by reason' '[.drops[] | select(.reason == "NEIGH_CREATEFAIL") | .count] | add // 0')
	echo "# 40 next hops, a table of 16: table_fulls moved $fulls, NEIGH_CREATEFAIL $created"
	check "the table refused at least 10 entries ($fulls), each a NEIGH_CREATEFAIL drop ($created)" \
		test "$fulls" -ge 10 -a "$created" = "$fulls"
	doctor -j
	J=$OUT
	check_eq "neighbour table full: exit status 3" 3 "$ST"
	check_eq "... neigh_table_full: netns tpnf, the table's count" "tpnf $fulls" \
		"$(jq -r '[.findings[] | select(.rule == "neigh_table_full") | "\(.who.text | capture("netns (?<n>[^ ]+) ").n) \(.count)"] | join(",")' <<< "$J")"
	check_eq "... gc_thresh3 as sysctl says it" "net.ipv4.neigh.default.gc_thresh3=16" \
		"$(jq -r '[.findings[] | select(.rule == "neigh_table_full") | .knobs[0] | "\(.name)=\(.value)"] | join(" ")' <<< "$J")"
	doctor
	# The fix: a table of 1024, and 40 other addresses.
	sysctl -qw net.ipv4.neigh.default.gc_thresh1=128 net.ipv4.neigh.default.gc_thresh2=512 \
		net.ipv4.neigh.default.gc_thresh3=1024
	restart
	fulls0=$(neigh_stat_fulls)
	sweep 100
	fulls=$(($(neigh_stat_fulls) - fulls0))
	sleep 4
	quiesce
	doctor -j
	check_eq "... with gc_thresh3 1024: no table_fulls and no neigh_table_full finding" "0 0" \
		"$fulls $(rule_count "$OUT" neigh_table_full true)"
	ip netns del tpnf
	read -r t1 t2 t3 <<< "$thresh"
	sysctl -qw net.ipv4.neigh.default.gc_thresh1="$t1" net.ipv4.neigh.default.gc_thresh2="$t2" \
		net.ipv4.neigh.default.gc_thresh3="$t3"
else
	echo "# no drop reasons, no table_fulls or no namespaces: no neighbour table scenario"
fi
part_took "doctor paths: a neighbour table full"
# --- a queue discipline that drops ------------------------------------------------
# A dummy device (no neighbours: it sends straight to its qdisc) shaped by
# tbf to 8 kbit/s with a 3,000-byte queue: of 50 datagrams of 1,000
# bytes sent at once, the queue keeps a few and tbf drops the rest.
blast() {
	python3 -c 'import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(50):
    try:
        s.sendto(b"x" * 1000, ("10.99.10.2", 5344))
    except OSError:
        pass  # ENOBUFS: the qdisc dropped it'
}
if [ "$has_reasons" = true ] && ip link add tpq0 type dummy 2> /dev/null; then
	ip addr add 10.99.10.1/24 dev tpq0
	ip link set tpq0 up
	if tc qdisc add dev tpq0 root tbf rate 8kbit burst 1600 limit 3000 2> "$TMP/err"; then
		restart
		snap_before qdisc
		blast
		quiesce
		snap_after qdisc
		tc_dropped=$(tc -s qdisc show dev tpq0 | sed -n 's/.*(dropped \([0-9]*\),.*/\1/p' | head -1)
		view=$(jqv 'drops --by dev reason QDISC_DROP dev tpq0' '[.drops[].count] | add // 0')
		echo "# 50 datagrams into tbf: tc says $tc_dropped dropped, the drops view $view"
		check_eq "tbf dropped at least 10, as tc and the drops view both count them" \
			"$tc_dropped true" "$view $([ "$view" -ge 10 ] && echo true)"
		doctor -j
		J=$OUT
		check_eq "qdisc: exit status 3" 3 "$ST"
		check_eq "... qdisc_drops: tpq0, with tc's count" "tpq0 $tc_dropped" \
			"$(jq -r '[.findings[] | select(.rule == "qdisc_drops") | "\(.who.device) \(.count)"] | join(",")' <<< "$J")"
		check_eq "... default_qdisc as sysctl says it" "$(sysctl -n net.core.default_qdisc)" \
			"$(jq -r '.findings[] | select(.rule == "qdisc_drops") | .knobs[] | select(.name == "net.core.default_qdisc") | .value' <<< "$J")"
		doctor
		# The fix: no shaper (the dummy device's own queue, noqueue).
		tc qdisc del dev tpq0 root
		restart
		blast
		quiesce
		doctor -j
		check_eq "without tbf: no finding, exit status 0" "0 0" \
			"$ST $(jq '.findings | length' <<< "$OUT")"
	else
		echo "# no tbf here ($(cat "$TMP/err")): no qdisc scenario"
	fi
	ip link del tpq0
else
	echo "# no drop reasons or no dummy device: no qdisc scenario"
fi

part_took "doctor paths: a queue discipline that drops"
# --- a firewall that drops -------------------------------------------------------------
# An nftables rule dropping UDP to port 5347 with a counter, and 40
# datagrams to a receiver there (flood with a 1 MiB buffer): nft's
# counter, the drops view's NETFILTER_DROP and doctor's finding agree.
if [ "$has_reasons" = true ] && command -v nft > /dev/null &&
   nft add table inet tpdoc 2> "$TMP/err"; then
	nft add chain inet tpdoc input '{ type filter hook input priority 0; policy accept; }'
	nft add rule inet tpdoc input udp dport 5347 counter drop
	restart
	snap_before netfilter
	flood 5347 1048576 40
	quiesce
	snap_after netfilter
	nft_dropped=$(nft list chain inet tpdoc input | sed -n 's/.*counter packets \([0-9]*\) bytes.*/\1/p')
	view=$(jqv 'drops --by reason' '[.drops[] | select(.reason == "NETFILTER_DROP") | .count] | add // 0')
	check_eq "nft's counter and the drops view: the 40 datagrams, none received" \
		"40 40 0" "$nft_dropped $view $received"
	doctor -j
	J=$OUT
	check_eq "netfilter: exit status 3" 3 "$ST"
	check_eq "... netfilter_drops in the initial namespace, with nft's count" \
		"$(stat -L -c %i /proc/self/ns/net) $nft_dropped" \
		"$(jq -r '[.findings[] | select(.rule == "netfilter_drops") | "\(.who.netns) \(.count)"] | join(",")' <<< "$J")"
	doctor
	# The fix: no rule dropping the port.
	nft delete table inet tpdoc
	restart
	flood 5347 1048576 40
	quiesce
	doctor -j
	check_eq "without the rule: the 40 received, no finding, exit status 0" "40 0 0" \
		"$received $ST $(jq '.findings | length' <<< "$OUT")"
else
	echo "# no drop reasons, no nft or no nf_tables here ($(cat "$TMP/err" 2> /dev/null)): no firewall scenario"
fi

part_took "doctor paths: a firewall that drops"
# --- retransmits concentrated on one peer -------------------------------------------
# Two namespaces of this suite's own (other suites of the same boot may
# leave tpa and tpb) on a veth pair, every 50th packet arriving at tpdb's
# end dropped (gact's deterministic mode on its ingress), and 2 MB sent
# from tpda to tpdb: tpda retransmits to 10.99.11.2 alone.  No TSO or
# GSO on tpda's end: one retransmitted skb is one segment.
# sent_retrans NETNS: the retransmits NETNS's kernel sent, as the
# retrans view counts them: TcpRetransSegs, which counts a retransmit
# before it is handed on, less TCPRetransFail, the ones the device did
# not take (a veth whose peer's backlog is full), for which 6.x's
# tcp_retransmit_skb does not fire.  One segment a retransmit: no TSO.
sent_retrans() {
	ip netns exec "$1" nstat -saz TcpRetransSegs TcpExtTCPRetransFail |
		awk '$1 == "TcpRetransSegs" { s = $2 } $1 == "TcpExtTCPRetransFail" { f = $2 }
		     END { print s - f }'
}
# rto_timeouts NETNS: TCP's retransmission timeouts in NETNS so far.
rto_timeouts() {
	ip netns exec "$1" nstat -saz TcpExtTCPTimeouts | awk '$1 == "TcpExtTCPTimeouts" { print $2 }'
}
# lossless TRANSFER: after the loss is gone, TRANSFER (a function) from
# tpda, then doctor -j; sets FEW to the retrans view's retransmits.  An
# emulated CPU that a busy host stalls past the RTO times out segments
# that were not lost, and an RTO resends the whole window (40 in one CI
# run).  Such a run had a timeout; it is run again, up to 3 times.  A
# loss left in place would be resent by fast retransmit, run after run.
lossless() {
	local try t0
	for try in 1 2 3; do
		restart
		t0=$(rto_timeouts tpda)
		"$1"
		quiesce
		doctor -j
		FEW=$(jqv 'retrans netns tpda' '[.flows[].retransmits] | add // 0')
		t0=$(($(rto_timeouts tpda) - t0))
		echo "# without the loss, run $try: $FEW retransmits, $t0 retransmission timeouts"
		[ "$FEW" -lt 10 ] || [ "$t0" = 0 ] && break
	done
}
bulk_ab() {
	serve "$TMP/bulk_ab.out" ip netns exec tpdb "$NETLOAD" bulk-server 10.99.11.2 5348
	ip netns exec tpda "$NETLOAD" bulk-client 10.99.11.2 5348 2000000 > /dev/null
	reap
}
# spread_scenario: retransmits over three peers of tpda, none with half.
# The addresses are tpdb's three; what they share is the loss at its end.
spread_bulk() {
	local a
	for a in 2 3 4; do
		serve "$TMP/bulk_$a.out" ip netns exec tpdb "$NETLOAD" bulk-server 10.99.11.$a 5348
		ip netns exec tpda "$NETLOAD" bulk-client 10.99.11.$a 5348 700000 > /dev/null
		reap
	done
}
spread_scenario() {
	local mib0 mib1 view all
	tc -n tpdb qdisc add dev dvb clsact &&
		tc -n tpdb filter add dev dvb ingress matchall action gact ok random determ drop 50
	restart
	mib0=$(sent_retrans tpda)
	snap_before spread
	spread_bulk
	quiesce
	snap_after spread
	mib1=$(sent_retrans tpda)
	view=$(jqv 'retrans netns tpda' '[.flows[] | select(.state != "SYN_SENT" and .state != "SYN_RECV") | .retransmits] | add // 0')
	all=$(jqv 'retrans netns tpda' '[.flows[].retransmits] | add // 0')
	echo "# 700 kB to each of 10.99.11.2, .3 and .4: $view retransmits past the handshake, $all in all, tpda's sent retransmits (TcpRetransSegs less TCPRetransFail) $mib0 -> $mib1"
	# A SYN can be the 50th packet: its retransmit is the MIB's, not the rule's.
	check_eq "the retrans view's retransmits are the sent retransmits' increase (TcpRetransSegs less TCPRetransFail)" \
		"$((mib1 - mib0))" "$all"
	check_eq "the three transfers arrived whole" \
		"received=700000 received=700000 received=700000" \
		"$(cat "$TMP"/bulk_[234].out | grep '^received=' | tr '\n' ' ' | sed 's/ $//')"
	doctor -j
	J=$OUT
	check_eq "spread: exit status 3" 3 "$ST"
	check_eq "... retrans_spread: tpda, 3 peers, the retrans view's count past the handshake" \
		"$(stat -L -c %i /run/netns/tpda) 3 $view" \
		"$(jq -r '[.findings[] | select(.rule == "retrans_spread") | "\(.who.netns) \(.what | capture("over (?<n>[0-9]+) peers").n) \(.count)"] | join(",")' <<< "$J")"
	check_eq "... default_qdisc as sysctl says it, and no retrans_peer" \
		"$(sysctl -n net.core.default_qdisc) 0" \
		"$(jq -r '.findings[] | select(.rule == "retrans_spread") | .knobs[] | select(.name == "net.core.default_qdisc") | .value' <<< "$J") $(rule_count "$J" retrans_peer true)"
	doctor
	# The fix: a path that loses nothing.
	tc -n tpdb qdisc del dev dvb clsact
	lossless spread_bulk
	# A tail loss probe can resend a segment that was not lost: a few.
	check_eq "without the loss: under 10 retransmits ($FEW), no finding, exit status 0" "true 0 0" \
		"$([ "$FEW" -lt 10 ] && echo true) $ST $(jq '.findings | length' <<< "$OUT")"
}
lossy_pair() {
	local n
	for n in tpda tpdb; do
		ip netns add $n && ip -n $n link set lo up || return 1
	done
	ip link add dva netns tpda type veth peer name dvb netns tpdb &&
		ip -n tpda addr add 10.99.11.1/24 dev dva &&
		ip -n tpdb addr add 10.99.11.2/24 dev dvb &&
		ip -n tpdb addr add 10.99.11.3/24 dev dvb &&
		ip -n tpdb addr add 10.99.11.4/24 dev dvb &&
		ip netns exec tpda ethtool -K dva tso off gso off > /dev/null &&
		ip -n tpda link set dva up && ip -n tpdb link set dvb up &&
		tc -n tpdb qdisc add dev dvb clsact &&
		tc -n tpdb filter add dev dvb ingress matchall action gact ok random determ drop 50
}
if "$TP" retrans > /dev/null 2>&1; then
	lossy_pair 2> "$TMP/err"
	check "two namespaces on a veth pair that drops every 50th packet" test $? = 0
	sed 's/^/# /' "$TMP/err"
	restart
	snap_before retrans
	bulk_ab
	quiesce
	snap_after retrans
	view=$(jqv 'retrans netns tpda' '[.flows[] | select(.remote == "10.99.11.2" and .state != "SYN_SENT" and .state != "SYN_RECV") | .retransmits] | add // 0')
	# tpda is new: its MIB counts this transfer's alone.
	mib=$(sent_retrans tpda)
	echo "# 2 MB with every 50th packet dropped: $view retransmits to 10.99.11.2, tpda's TcpRetransSegs less TCPRetransFail $mib ($(ip netns exec tpda nstat -saz TcpRetransSegs TcpExtTCPRetransFail | awk 'NR > 1 { printf "%s %s ", $1, $2 }'))"
	check_eq "the bulk transfer's 2,000,000 bytes arrived, with at least 10 retransmits" \
		"received=2000000 true" "$(grep '^received=' "$TMP/bulk_ab.out") $([ "$view" -ge 10 ] && echo true)"
	doctor -j
	J=$OUT
	check_eq "retransmits: exit status 3" 3 "$ST"
	check_eq "... retrans_peer: 10.99.11.2 in tpda, the retrans view's count, tpda's TcpRetransSegs less TCPRetransFail" \
		"10.99.11.2 $(stat -L -c %i /run/netns/tpda) $view $mib" \
		"$(jq -r '[.findings[] | select(.rule == "retrans_peer") | "\(.who.address) \(.who.netns) \(.count) \(.count)"] | join(",")' <<< "$J")"
	doctor
	# The fix: a path that loses nothing.
	tc -n tpdb qdisc del dev dvb clsact
	lossless bulk_ab
	check_eq "without the loss: under 10 retransmits ($FEW), no finding, exit status 0" "true 0 0" \
		"$([ "$FEW" -lt 10 ] && echo true) $ST $(jq '.findings | length' <<< "$OUT")"
	spread_scenario
	ip netns del tpda
	ip netns del tpdb
else
	echo "# no retrans view: no retransmits scenario"
fi

part_took "doctor paths: retransmits concentrated on one peer"
# --- a driver that refuses: a tun nobody reads ---------------------------------------
# tun.py QLEN N: makes tpt0 (a tun, no packet information) with
# txqueuelen QLEN and 10.99.12.1/24, sends N datagrams of 100 bytes to
# 10.99.12.2 without reading the tun, prints "tx_dropped=<the kernel's
# own count>" and holds the tun until its standard input ends, so that
# doctor reads the device while it is there.
cat > "$TMP/tun.py" << 'EOF'
import fcntl
import os
import socket
import struct
import subprocess
import sys

qlen, n = int(sys.argv[1]), int(sys.argv[2])
fd = os.open("/dev/net/tun", os.O_RDWR)
fcntl.ioctl(fd, 0x400454CA, struct.pack("16sH", b"tpt0", 0x0001 | 0x1000))
for cmd in (["ip", "link", "set", "tpt0", "txqueuelen", str(qlen), "up"],
            ["ip", "addr", "add", "10.99.12.1/24", "dev", "tpt0"]):
    subprocess.run(cmd, check=True)
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(n):
    try:
        s.sendto(b"x" * 100, ("10.99.12.2", 5349))
    except OSError:
        pass
with open("/sys/class/net/tpt0/statistics/tx_dropped") as f:
    print("tx_dropped=%d" % int(f.read()), flush=True)
sys.stdin.read()
os.close(fd)
EOF
# tun_up QLEN N: tun.py in the background until tun_down; sets dropped.
tun_up() {
	rm -f "$TMP/tun.in" "$TMP/tun.out"
	mkfifo "$TMP/tun.in"
	python3 "$TMP/tun.py" "$1" "$2" < "$TMP/tun.in" > "$TMP/tun.out" 2> "$TMP/err" &
	tun_pid=$!
	exec 7> "$TMP/tun.in"
	for _ in $(seq 1 300); do
		grep -q '^tx_dropped=' "$TMP/tun.out" && break
		kill -0 "$tun_pid" 2> /dev/null || break
		sleep 0.1
	done
	dropped=$(sed -n 's/^tx_dropped=//p' "$TMP/tun.out")
	echo "# tun txqueuelen $1, $2 datagrams: tx_dropped ${dropped:-none} $(cat "$TMP/err")"
}
tun_down() {
	exec 7>&-
	wait "$tun_pid"
}
# Debian's kernels build tun as a module: loaded, it makes /dev/net/tun.
modprobe tun 2> /dev/null
check "a tun device to hold (modprobe tun, /dev/net/tun)" test -c /dev/net/tun
if "$TP" devices > /dev/null 2>&1 && [ -c /dev/net/tun ]; then
	restart
	snap_before tun
	tun_up 100 300
	quiesce
	snap_after tun
	view=$(jqv 'devices dev tpt0' '[.devices[].xmit_errors] | add // 0')
	check_eq "a tun of txqueuelen 100 sent 300: 200 refused, as ip -s link and the devices view count them" \
		"200 200" "${dropped:-none} $view"
	doctor -j
	J=$OUT
	check_eq "tun: exit status 3" 3 "$ST"
	check_eq "... device_errors: tpt0 in the initial namespace, with the kernel's count" \
		"tpt0 $(stat -L -c %i /proc/self/ns/net) ${dropped:-none}" \
		"$(jq -r '[.findings[] | select(.rule == "device_errors") | "\(.who.device) \(.who.netns) \(.count)"] | join(",")' <<< "$J")"
	check_eq "... txqueuelen as ip link says it" \
		"$(ip -o link show tpt0 | sed -n 's/.* qlen \([0-9]*\).*/\1/p')" \
		"$(jq -r '.findings[] | select(.rule == "device_errors") | .knobs[] | select(.name == "tpt0 txqueuelen") | .value' <<< "$J")"
	doctor
	tun_down
	# The fix: a ring that holds the burst.
	restart
	tun_up 1000 300
	quiesce
	doctor -j
	check_eq "with txqueuelen 1000: none refused, no finding, exit status 0" "0 0 0" \
		"${dropped:-none} $ST $(jq '.findings | length' <<< "$OUT")"
	tun_down
else
	echo "# no devices view or no /dev/net/tun: no driver scenario"
fi

part_took "doctor paths: a driver that refuses"
# --- a CPU's backlog full: a burst into a veth ----------------------------------------
# A veth hands what it sends to its peer's CPU backlog (netif_rx), which
# the receive softirq drains.  netem on tpk0 holds 300 datagrams for
# 200 ms and releases them at once, into a backlog of 10
# (netdev_max_backlog): most are dropped (CPU_BACKLOG), as softnet_stat's
# second column counts, and tpk0's transmit refuses each of them.
softnet_dropped() {
	local sum=0 f
	while read -ra f; do
		sum=$((sum + 16#${f[1]}))
	done < /proc/net/softnet_stat
	echo "$sum"
}
# burst: 300 datagrams of 100 bytes to a receiver on 10.99.21.2:5380 in
# tpbk that holds them (its socket made there, setns(2), a 4 MiB
# buffer), and in backlog_dropped the backlog drops they made.  One
# program for both ends: a python start is seconds under TCG.
cat > "$TMP/burst.py" << 'EOF'
import ctypes
import os
import socket
import sys

libc = ctypes.CDLL(None, use_errno=True)


def enter(path):
    fd = os.open(path, os.O_RDONLY)
    if libc.setns(fd, 0x40000000) != 0:	# CLONE_NEWNET
        sys.exit("setns %s: %s" % (path, os.strerror(ctypes.get_errno())))
    os.close(fd)


home = os.open("/proc/self/ns/net", os.O_RDONLY)
enter("/run/netns/tpbk")
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
r.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
r.bind(("10.99.21.2", 5380))
enter("/proc/self/fd/%d" % home)
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(300):
    s.sendto(b"x" * 100, ("10.99.21.2", 5380))
print("sent", flush=True)
sys.stdin.read()	# the receiver held until the counts are read
EOF
burst() {
	local d0 pid in
	d0=$(softnet_dropped)
	coproc BURST { python3 "$TMP/burst.py"; }
	pid=$BURST_PID in=${BURST[1]}
	read -r -t 60 _ <&"${BURST[0]}"
	sleep 1
	backlog_dropped=$(($(softnet_dropped) - d0))
	quiesce
	exec {in}>&-
	wait "$pid"
}
if [ "$has_reasons" = true ] && modprobe sch_netem 2> /dev/null && ip netns add tpbk 2> /dev/null; then
	backlog=$(sysctl -n net.core.netdev_max_backlog)
	ip link add tpk0 type veth peer name tpk1 netns tpbk
	ip addr add 10.99.21.1/24 dev tpk0
	ip -n tpbk addr add 10.99.21.2/24 dev tpk1
	ip link set tpk0 up
	ip -n tpbk link set tpk1 up
	ip -n tpbk link set lo up
	# No resolution in the burst's way: the peer's address, known.
	ip neigh replace 10.99.21.2 dev tpk0 nud permanent \
		lladdr "$(ip -n tpbk -j link show tpk1 | jq -r '.[0].address')"
	tc qdisc add dev tpk0 root netem delay 200ms limit 10000
	sysctl -qw net.core.netdev_max_backlog=10
	restart
	snap_before backlog
	burst
	snap_after backlog
	cpu_backlog=$(jqv 'drops --by reason' '[.drops[] | select(.reason == "CPU_BACKLOG") | .count] | add // 0')
	echo "# 300 datagrams released at once into a backlog of 10: softnet_stat dropped $backlog_dropped, CPU_BACKLOG $cpu_backlog"
	check "the backlog dropped at least 10 ($backlog_dropped), each a CPU_BACKLOG drop ($cpu_backlog)" \
		test "$backlog_dropped" -ge 10 -a "$cpu_backlog" = "$backlog_dropped"
	doctor -j
	J=$OUT
	check_eq "backlog full: exit status 3" 3 "$ST"
	check_eq "... backlog_drops: netns tpbk, softnet_stat's count" "tpbk $backlog_dropped" \
		"$(jq -r '[.findings[] | select(.rule == "backlog_drops") | "\(.who.text | capture("netns (?<n>[^ ]+) ").n) \(.count)"] | join(",")' <<< "$J")"
	check_eq "... netdev_max_backlog as sysctl says it" "net.core.netdev_max_backlog=10" \
		"$(jq -r '[.findings[] | select(.rule == "backlog_drops") | .knobs[0] | "\(.name)=\(.value)"] | join(" ")' <<< "$J")"
	check_eq "... device_errors: tpk0 refused the same packets" "tpk0 $backlog_dropped" \
		"$(jq -r '[.findings[] | select(.rule == "device_errors") | "\(.who.device) \(.count)"] | join(",")' <<< "$J")"
	doctor
	# The fix: a backlog that holds the burst.
	sysctl -qw net.core.netdev_max_backlog=1000
	restart
	burst
	doctor -j
	check_eq "... with netdev_max_backlog 1000: no backlog drop and no finding, exit status 0" "0 0 0" \
		"$backlog_dropped $(jq '.findings | length' <<< "$OUT") $ST"
	sysctl -qw net.core.netdev_max_backlog="$backlog"
	ip link del tpk0
	ip netns del tpbk
else
	echo "# no drop reasons, no netem or no namespaces: no backlog scenario"
fi
part_took "doctor paths: a CPU's backlog full"
fleet_check dashboard
part_took "doctor paths: the fleet's rules"
suite_end
