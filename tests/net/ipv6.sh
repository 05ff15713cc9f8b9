#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The views over IPv6, end to end, inside a test kernel as root
# (tests/vm/boot.sh): the same known answers as views.sh's IPv4 ones,
# against ftrace on the same tracepoints (hist triggers, or the ring
# buffer where the kernel has none: judge.sh's ft_*), nstat's MIBs and
# ip -s link.
#   tests/net/ipv6.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
#
#   t6a: v6a fd99::1  <--->  t6b: v6b fd99::2   (netem 2% + every 50th dropped)
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
sysctl -qw net.ipv6.conf.all.disable_ipv6=0
sysctl -qw net.ipv6.conf.lo.disable_ipv6=0
# An IPv6 link that stays quiet: no duplicate address detection, no router
# solicitations, static neighbours; the MLD reports of bringing it up are
# over before the counts start (quiesce).
ip netns add t6a
ip netns add t6b
for n in t6a t6b; do
	for c in all default; do
		ip netns exec $n sysctl -qw net.ipv6.conf.$c.disable_ipv6=0
		ip netns exec $n sysctl -qw net.ipv6.conf.$c.accept_dad=0
		ip netns exec $n sysctl -qw net.ipv6.conf.$c.router_solicitations=0
	done
	ip -n $n link set lo up
done
ip link add v6a netns t6a type veth peer name v6b netns t6b
ip netns exec t6a ethtool -K v6a tso off gso off > /dev/null
ip -n t6a addr add fd99::1/64 dev v6a nodad
ip -n t6b addr add fd99::2/64 dev v6b nodad
ip -n t6a link set v6a up
ip -n t6b link set v6b up
ip -n t6a -6 neigh add fd99::2 lladdr "$(ip -n t6b -j link show v6b | jq -r '.[0].address')" dev v6a nud permanent
ip -n t6b -6 neigh add fd99::1 lladdr "$(ip -n t6a -j link show v6a | jq -r '.[0].address')" dev v6b nud permanent
check "lossy IPv6 link between the namespaces" \
	bash -c 'tc -n t6a qdisc add dev v6a root netem loss 2% &&
		tc -n t6b qdisc add dev v6b clsact &&
		tc -n t6b filter add dev v6b ingress matchall action gact ok random determ drop 50'
suite_load
check "... with every view" test -f "$DBG/retrans"
restart() { quiesce; "$TP" reset all; }
# shellcheck disable=SC2086 # $1: a command and its arguments
jqv() { "$TP" -j $1 | jq -r "$2"; }
# bulk6 <bytes>: a transfer from t6a to [fd99::2]:5004; prints the bytes received.
bulk6() {
	local got
	serve "$TMP/bulk.out" ip netns exec t6b "$NETLOAD" bulk-server fd99::2 5004
	ip netns exec t6a "$NETLOAD" bulk-client fd99::2 5004 "$1" > /dev/null
	reap
	got=$(sed -n 's/^received=//p' "$TMP/bulk.out")
	echo "${got:-0}"
}

# --- retransmits: one lossy IPv6 flow -------------------------------------------
restart
ft_begin "$TMP" 'tcp:tcp_retransmit_skb if dport == 5004'
B=$(bulk6 400000)
quiesce
ft_end
flow_hits=$(ft_hits tcp:tcp_retransmit_skb)
data_flow='[.flows[] | select(.local == "fd99::1" and .remote == "fd99::2" and .remote_port == 5004)]'
check_eq "bulk arrived whole" 400000 "$B"
check "the lossy transfer retransmitted (ftrace: $flow_hits)" test "${flow_hits:-0}" -gt 0
check_eq "the flow [fd99::1] -> [fd99::2]:5004 is in the view, once, as IPv6" "1 ipv6" \
	"$(jqv retrans "$data_flow | \"\(length) \(.[0].family)\"")"
check_eq "its retransmits equal ftrace's tcp_retransmit_skb hits with dport 5004" \
	"$flow_hits" "$(jqv retrans "$data_flow | .[0].retransmits")"
check "retrans debugfs file has it" grep -q ' \[fd99::1\]:[0-9]* \[fd99::2\]:5004$' "$DBG/retrans"
"$TP" retrans | sed 's/^/# /'

# --- devices: IPv6 bytes and packets equal ip -s link ------------------------------
restart
link_stats_save "$TMP/before" "t6a v6a" "t6b v6b"
bulk6 200000 > /dev/null
quiesce
check "per-device tx/rx bytes and packets equal ip -s link for v6a and v6b" \
	link_stats_moved "$TMP/before"

# --- drops: N datagrams to a closed IPv6 port ------------------------------------
N=29
restart
nstat -n
U=$("$NETLOAD" udp-send ::1 5003 $N | sed -n 's/^datagrams=//p')
quiesce
noports=$(nstat -a Udp6NoPorts | awk '$1 == "Udp6NoPorts" { print $2 }')
check_eq "udp-send sent N datagrams to [::1]:5003" $N "$U"
check_eq "nstat: N Udp6NoPorts" $N "${noports:-0}"
"$TP" drops --by location | sed 's/^/# /'
# __udp6_lib_rcv is inlined into udpv6_rcv on 7.x, as IPv4's into udp_rcv.
check_eq "drops: N at one location, in __udp6_lib_rcv or udpv6_rcv" "1 $N" \
	"$(jqv 'drops --by location' '[.drops[] | select(.location | test("^(__udp6_lib_rcv|udpv6_rcv)\\+"))] | "\(length) \(.[0].count)"')"

# --- lifetimes by service: K IPv6 loopback connections ----------------------------
# One active row (remote port 5001) and one passive (local port 5001),
# each counting the K connections; together, ftrace's closes on that port
# but the listener's (as views.sh, over ::1).
K=9
restart
ft_begin "$TMP" 'sock:inet_sock_set_state if newstate == 7 && oldstate != 10 && (sport == 5001 || dport == 5001)'
serve "$TMP/server.out" "$NETLOAD" tcp-server ::1 5001 $K
C=$("$NETLOAD" tcp-connect ::1 5001 $K | sed -n 's/^connections=//p')
reap
quiesce
ft_end
closed=$(ft_hits sock:inet_sock_set_state)
act=$(jqv lifetime '[.lifetimes[] | select(.direction == "active" and .port == 5001)] | "\(length) \(.[0].count)"')
pas=$(jqv lifetime '[.lifetimes[] | select(.direction == "passive" and .port == 5001)] | "\(length) \(.[0].count)"')
check_eq "K connections to [::1]:5001 made" $K "$C"
check_eq "ftrace: 2K closes on port 5001, both sides" $((2 * K)) "$closed"
check_eq "lifetime: one active row, remote port 5001, counting K" "1 $K" "$act"
check_eq "lifetime: one passive row, local port 5001, counting K" "1 $K" "$pas"
"$TP" lifetime | sed 's/^/# /'
check_eq "... together ftrace's closes" "$closed" $((${act#* } + ${pas#* }))

# --- resets by service and by peer: R IPv6 connects to a closed port ---------------
R=6
restart
ft_begin "$TMP" tcp:tcp_send_reset tcp:tcp_receive_reset
C=$("$NETLOAD" tcp-refused ::1 5303 $R | sed -n 's/^refused=//p')
quiesce
ft_end
sent=$(ft_hits tcp:tcp_send_reset)
recv=$(ft_hits tcp:tcp_receive_reset)
check_eq "R connects to [::1]:5303 refused" $R "$C"
check_eq "ftrace saw R resets received" $R "$recv"
check_eq "resets: active, remote port 5303: ftrace's received" "1 $recv" \
	"$(jqv resets '[.resets[] | select(.direction == "active" and .port == 5303)] | "\(length) \(.[0].received)"')"
"$TP" resets --by peer | sed 's/^/# /'
check_eq "resets --by peer: the peer is ::1, over IPv6" "ipv6 ::1 $recv" \
	"$(jqv 'resets --by peer' '.resets[] | select(.direction == "active" and .port == 5303) | "\(.family) \(.remote) \(.received)"')"
check_eq "resets: every sent one is in the view, as ftrace counted" "$sent" \
	"$(jqv resets '[.resets[].sent] | add // 0')"

# --- socket errors: R IPv6 connects to a closed port -----------------------------
R=7
restart
if [ -d "$TRACING/events/sock/inet_sk_error_report" ]; then
	ft_begin "$TMP" 'sock:inet_sk_error_report if error != 0'
	C=$("$NETLOAD" tcp-refused ::1 5302 $R | sed -n 's/^refused=//p')
	quiesce
	ft_end
	err=$(ft_hits sock:inet_sk_error_report)
	check_eq "R connects to [::1]:5302 refused" $R "$C"
	check_eq "ftrace saw R reports with an error" $R "$err"
	check_eq "errors: R ECONNREFUSED on tcp over IPv6, remote port 5302" \
		"$R ECONNREFUSED ipv6 tcp remote 5302" \
		"$(jqv errors '.errors[] | select(.errno == 111) | "\(.count) \(.error) \(.family) \(.protocol) \(.port_side) \(.port)"')"
else
	"$TP" errors > /dev/null 2> "$TMP/err"
	check_eq "no inet_sk_error_report: errors is refused" 1 $?
fi

ip netns del t6a
ip netns del t6b
suite_end
