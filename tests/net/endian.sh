#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Byte order, end to end: every port, address, device index, namespace
# and count a small workload made reads back equal through each way out
# of the module, on every kernel and architecture (the contract tier:
# s390x is big-endian, x86-64 and ARM little).  A value put in network
# order where the uapi says host order, or a key copied across the uapi
# in the wrong order, reads back byte-swapped; so every value here is one
# whose swap differs from it (no palindromes: ports 0x1234..0x1237,
# addresses like 127.18.52.86 and fd99:1234:5678::9abc, device indexes
# 0x1234, 0x2345, 0x3456 given to ip link, counts of 1 to 12, whose
# swapped u64s are huge), and a swap in any one place fails here on
# x86-64 too.  The expected values are the workload's own: what it sent,
# to where, from which device, as the workload's tools and the kernel
# (ip -j link, ip -s link, /proc/net/snmp) say, never the module.
#
# Sources, each compared with the workload field by field:
#   debugfs   /sys/kernel/debug/tpstat/<view> and counters
#   netlink   the GET_VIEW and GET_COUNTERS dumps, decoded by nlprobe
#             by the uapi header's numbers and the spec's types (ports u16 in host
#             order, addresses network-order bytes), not by the tool
#   json      tpstat -j <view> (the tool's decoder)
#   text      tpstat <view>
#   prom      tpstat export
#   kernel    ip -s link, /proc/net/snmp: the workload's counts as the
#             kernel has them
# Views: resets (--by peer), errors, lifetimes, neigh, drops, devices,
# rcvq, and two counters.  A view the kernel lacks the tracepoints for
# is left out, with a comment.  One TAP line per source, row and field,
# saying what was expected and what the source said.
#
# The workload, in namespace tpe: 3 connects to 127.18.52.86:4660 and 2
# to [fd99:1234:5678::9abc]:4661, refused (resets received, errors,
# lifetimes; from 6.10 the resets sent without a socket too); 5
# datagrams over e0 to tpf's closed 10.99.18.86:4662, each answered by
# a port unreachable (drops on e1, devices e0 and e1); 12 datagrams at
# a socket on 127.0.0.1:4663 with the smallest receive buffer (rcvq);
# one datagram each to 10.99.52.120 and fd99:abcd::1234:5678, which
# nobody on n0's link answers (neigh).  About 20 s in an x86-64 TCG
# guest.
#
#   tpe: lo 127.0.0.0/8, fd99:1234:5678::9abc
#        e0 10.99.18.52 (index 0x1234)  <--->  tpf: e1 10.99.18.86 (index 0x2345)
#        n0 10.99.52.18, fd99:abcd::1 (index 0x3456)  <--->  n1 (no address)
#
# Needs bash, coreutils, iproute2, jq and the built tools (build/ctl*/tpstat,
# build/tools*/netload, nlprobe): no Python, as the foreign roots have none.
#   tests/net/endian.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf...) takes the tools from build/*-ARCH.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"

# The workload's values: none reads the same byte-swapped.
P4=4660 P6=4661 PU=4662 PQ=4663         # 0x1234 0x1235 0x1236 0x1237
A4=127.18.52.86 A6=fd99:1234:5678::9abc # 0x7f123456; on tpe's lo
N4=10.99.52.120 N6=fd99:abcd::1234:5678 # neighbours nobody answers for
X0=4660 X1=9029 XN=13398                # ifindexes asked of ip link
R4=3 R6=2 U=5 Q=12                      # connects, datagrams

has() { [ -d "$TRACING/events/$1" ]; }
kver=$(</proc/sys/kernel/osrelease)
kmaj=${kver%%.*} kmin=${kver#*.} kmin=${kmin%%[!0-9]*}
# From 6.10 a reset sent for a SYN to a closed port fires tcp_send_reset.
rst_nosock=0
[ "$kmaj" -gt 6 ] || { [ "$kmaj" = 6 ] && [ "$kmin" -ge 10 ]; } && rst_nosock=1

for ns in tpe tpf; do ip netns del $ns 2>/dev/null; done
# Loaded before the devices exist: the devices view then counts what
# ip -s link counts, from the start.
suite_load
STEP=$SECONDS

# --- the workload --------------------------------------------------------------
# Few programs: each costs most of a second under TCG on a busy host.
# e0 and e1 stay silent but for the workload (no IPv6, fixed addresses,
# static neighbours), so their counts are exact; IPv6 on tpe's lo and n0.
ip -batch - <<EOF
netns add tpe
netns add tpf
link add e0 netns tpe index $X0 address 02:00:00:00:12:34 type veth peer name e1 netns tpf index $X1 address 02:00:00:00:23:45
link add n0 netns tpe index $XN type veth peer name n1 netns tpe
EOF
ip netns exec tpe sysctl -qw net.ipv6.conf.all.disable_ipv6=0 \
	net.ipv6.conf.e0.disable_ipv6=1 net.ipv6.conf.n1.disable_ipv6=1 \
	net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.n0.accept_dad=0 \
	net.ipv6.conf.n0.router_solicitations=0 \
	net.ipv4.neigh.n0.mcast_solicit=1 net.ipv4.neigh.n0.retrans_time_ms=100 \
	net.ipv6.neigh.n0.mcast_solicit=1 net.ipv6.neigh.n0.retrans_time_ms=100
# Every port unreachable answered: the ICMP count is the workload's.
ip netns exec tpf sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv4.icmp_ratelimit=0
ip -n tpe -batch - <<EOF
link set lo up
address add $A6/128 dev lo nodad
address add 10.99.18.52/24 dev e0
address add 10.99.52.18/24 dev n0
address add fd99:abcd::1/64 dev n0 nodad
neighbour add 10.99.18.86 lladdr 02:00:00:00:23:45 dev e0 nud permanent
link set e0 up
link set n1 up
link set n0 up
EOF
ip -n tpf -batch - <<EOF
link set lo up
address add 10.99.18.86/24 dev e1
neighbour add 10.99.18.52 lladdr 02:00:00:00:12:34 dev e1 nud permanent
link set e1 up
EOF
# The indexes ip link gave ("4660: e0@if9029: <...").
declare -A IFX=()
while read -r idx dev _; do
	dev=${dev%%[@:]*}
	IFX[$dev]=${idx%:}
done < <(ip -n tpe -o link show; ip -n tpf -o link show)
X0=${IFX[e0]:-} X1=${IFX[e1]:-} XN=${IFX[n0]:-}
{ read -r INO; read -r INOF; } < <(stat -L -c %i /run/netns/tpe /run/netns/tpf)
# The address a reset to 127.18.52.86 goes back to (lo's 127/8 route's).
SRC4=$(ip -n tpe -o route get $A4)
SRC4=${SRC4#* src } SRC4=${SRC4%% *}
# The IPv6 connects come from a copy named netload6: the lifetimes view
# keys by task, and so tells them from the IPv4 ones without a port.
cp "$NETLOAD" "$TMP/netload6"
has_neigh=0
has neigh/neigh_timer_handler && has neigh/neigh_update && has_neigh=1

# workload: in tpe, what it did as name=value lines.
workload() {
	local i
	# UdpRcvbufErrors, by its column's name in /proc/net/snmp.
	udp_rcvbuf() {
		awk '$1 == "Udp:" && !n++ { for (i = 2; i <= NF; i++) c[$i] = i; next }
			$1 == "Udp:" { print $c["RcvbufErrors"] }' /proc/net/snmp
	}
	echo "rcvbuf_errors_before=$(udp_rcvbuf)"
	"$NETLOAD" tcp-refused "$A4" "$P4" "$R4" | sed 's/^/v4_/'
	"$TMP/netload6" tcp-refused "$A6" "$P6" "$R6" | sed 's/^/v6_/'
	"$NETLOAD" udp-send 10.99.18.86 "$PU" "$U"
	"$NETLOAD" udp-overflow 127.0.0.1 "$PQ" "$Q" | tr ' ' '\n'
	echo "rcvbuf_errors_after=$(udp_rcvbuf)"
	if [ "$has_neigh" = 1 ]; then
		"$NETLOAD" udp-send "$N4" 9 1 >/dev/null
		"$NETLOAD" udp-send "$N6" 9 1 >/dev/null
		for ((i = 0; i < 50; i++)); do
			[ "$(ip neigh show dev n0 | grep -c ' FAILED')" = 2 ] && break
			sleep 0.1
		done
		echo "neigh_failed=$(ip neigh show dev n0 | grep -c ' FAILED')"
	fi
}
export NETLOAD TMP A4 P4 R4 A6 P6 R6 PU U PQ Q N4 N6 has_neigh
declare -A WL=()
while IFS='=' read -r k v; do
	WL[$k]=$v
done < <(ip netns exec tpe bash -c "$(declare -f workload); workload")
check_eq "workload: $R4 connects to $A4:$P4 refused" "$R4" "${WL[v4_refused]:-}"
check_eq "workload: $R6 connects to [$A6]:$P6 refused" "$R6" "${WL[v6_refused]:-}"
check_eq "workload: $U datagrams over e0 to 10.99.18.86:$PU, closed" "$U" "${WL[datagrams]:-}"
check_eq "workload: $Q datagrams to 127.0.0.1:$PQ, whose queue is full" "$Q" "${WL[sent]:-}"
D=$((Q - ${WL[received]:-0})) RB=${WL[rcvbuf]:-}
snmp_rcvbuf=$((${WL[rcvbuf_errors_after]:-0} - ${WL[rcvbuf_errors_before]:-0}))
[ $has_neigh = 1 ] && check_eq "workload: $N4 and $N6 failed on n0" 2 "${WL[neigh_failed]:-}"
echo "# endian: the workload took $((SECONDS - STEP))s"
STEP=$SECONDS

# --- what each source must say ---------------------------------------------------
# EXP[<view> <row>]="field=value ...": the workload's values.  A source
# carries the fields FIELDS[<source> <view>] names, for every row of the
# view; a row or field it lacks fails.
declare -A EXP=() FIELDS=() GOT=()
# field <name> <"field=value ..."> into $val; "(none)" if absent.
field() {
	local kv
	val="(none)"
	for kv in $2; do
		[ "${kv%%=*}" = "$1" ] && { val=${kv#*=}; return; }
	done
}
EXP[resets active ipv4]="port=$P4 peer=$A4 sent=0 received=$R4 netns=$INO nsname=tpe"
EXP[resets active ipv6]="port=$P6 peer=$A6 sent=0 received=$R6 netns=$INO nsname=tpe"
if [ $rst_nosock = 1 ]; then
	# A reset sent with no socket has its namespace from the device of
	# the segment it answers, read on every build (skb_dev.h).
	pns="netns=$INO nsname=tpe"
	EXP[resets passive ipv4]="port=$P4 peer=$SRC4 sent=$R4 received=0 $pns"
	EXP[resets passive ipv6]="port=$P6 peer=$A6 sent=$R6 received=0 $pns"
fi
if has sock/inet_sk_error_report; then
	EXP[errors ipv4]="port=$P4 count=$R4 errno=$ECONNREFUSED netns=$INO nsname=tpe"
	EXP[errors ipv6]="port=$P6 count=$R6 errno=$ECONNREFUSED netns=$INO nsname=tpe"
else
	echo "# no sock:inet_sk_error_report: no errors view"
fi
EXP[lifetimes netload]="port=$P4 count=$R4 comm=netload netns=$INO nsname=tpe"
EXP[lifetimes netload6]="port=$P6 count=$R6 comm=netload6 netns=$INO nsname=tpe"
if [ $has_neigh = 1 ]; then
	EXP[neigh ipv4]="address=$N4 ifindex=$XN count=1 dev=n0 netns=$INO nsname=tpe"
	EXP[neigh ipv6]="address=$N6 ifindex=$XN count=1 dev=n0 netns=$INO nsname=tpe"
else
	echo "# no neigh:neigh_timer_handler or neigh_update: no neigh view"
fi
# Where the build tells no freed skb's device (skb_dev.h: s390x, MIPS32,
# whose kernel addresses UDP's scratch value can look like), a drop has
# no device: no row of e1's.
if skb_dev_read; then
	EXP[drops e1]="count=$U ifindex=$X1 netns=$INOF nsname=tpf"
else
	echo "# this build reads no freed skb's device: no drops row of e1's"
fi
# NO_SOCKET: the datagrams to the closed port and the SYNs to closed
# ports, where kfree_skb has reasons (5.17 on).
[[ $(<"$TRACING/events/skb/kfree_skb/format") == *" reason;"* ]] &&
	EXP[dropsum NO_SOCKET]="count=$((U + R4 + R6))"
# The bytes are ip -s link's (the kernel source below has its packets).
declare -A LINK=()
while read -r dev txp rxp txb rxb; do
	LINK[$dev]="tx_packets=$txp rx_packets=$rxp tx_bytes=$txb rx_bytes=$rxb"
done < <({ ip -n tpe -s -j link show e0; ip -n tpf -s -j link show e1; } |
	jq -r '.[0] | "\(.ifname) \(.stats64.tx.packets) \(.stats64.rx.packets) \(.stats64.tx.bytes) \(.stats64.rx.bytes)"')
field tx_bytes "${LINK[e0]:-}"; txb=$val
field rx_bytes "${LINK[e0]:-}"; rxb=$val
EXP[devices e0]="ifindex=$X0 tx_packets=$U rx_packets=$U tx_bytes=$txb rx_bytes=$rxb netns=$INO nsname=tpe"
field tx_bytes "${LINK[e1]:-}"; txb=$val
field rx_bytes "${LINK[e1]:-}"; rxb=$val
EXP[devices e1]="ifindex=$X1 tx_packets=$U rx_packets=$U tx_bytes=$txb rx_bytes=$rxb netns=$INOF nsname=tpf"
if has udp/udp_fail_queue_rcv_skb && has sock/sock_rcvqueue_full; then
	EXP[rcvq udp]="port=$PQ count=$D rcvbuf=$RB netns=$INO nsname=tpe"
	EXP[counter udp:udp_fail_queue_rcv_skb]="value=$D"
else
	echo "# no udp:udp_fail_queue_rcv_skb or sock:sock_rcvqueue_full: no rcvq view"
fi
EXP[counter tcp:tcp_receive_reset]="value=$((R4 + R6))"

for s in netlink json; do
	FIELDS[$s resets]="port peer sent received netns"
	FIELDS[$s errors]="port count errno netns"
	FIELDS[$s lifetimes]="port count comm netns"
	FIELDS[$s neigh]="address ifindex count dev netns"
	FIELDS[$s drops]="count ifindex netns"
	FIELDS[$s dropsum]="count"
	FIELDS[$s devices]="ifindex tx_packets rx_packets tx_bytes rx_bytes netns"
	FIELDS[$s rcvq]="port count rcvbuf netns"
	FIELDS[$s counter]="value"
done
# debugfs names devices, not their indexes; its errors rows have no
# family, and are told apart by port (so port is not a field there).
FIELDS[debugfs resets]="port peer sent received netns"
FIELDS[debugfs errors]="count errno netns"
FIELDS[debugfs lifetimes]="port count comm netns"
FIELDS[debugfs neigh]="address count dev netns"
FIELDS[debugfs drops]="count netns"
FIELDS[debugfs dropsum]="count"
FIELDS[debugfs devices]="tx_packets rx_packets tx_bytes rx_bytes netns"
FIELDS[debugfs rcvq]="port count rcvbuf netns"
FIELDS[debugfs counter]="value"
# The text names namespaces (ip netns names).
FIELDS[text resets]="port peer sent received nsname"
FIELDS[text errors]="port count errno nsname"
FIELDS[text lifetimes]="port count comm nsname"
FIELDS[text neigh]="address count dev nsname"
FIELDS[text drops]="count nsname"
FIELDS[text dropsum]="count"
FIELDS[text devices]="ifindex tx_packets rx_packets tx_bytes rx_bytes nsname"
FIELDS[text rcvq]="port count rcvbuf nsname"
FIELDS[text counter]="value"
# The export sums resets over peers and errors over families: those rows
# are found by port.  It has no lifetimes or devices, no drops per device.
FIELDS[prom resets]="sent received netns"
FIELDS[prom errors]="count netns"
FIELDS[prom neigh]="address count dev netns"
FIELDS[prom dropsum]="count"
FIELDS[prom rcvq]="port count netns"
FIELDS[prom counter]="value"
FIELDS[kernel devices]="tx_packets rx_packets"
FIELDS[kernel rcvq]="count"

# --- reading each source into GOT[<source>|<view> <row>] ---------------------------
# Each reader prints "<view> <row><TAB>field=value ...".
read_debugfs() {
	local f files=()
	for f in resets errors lifetimes neigh drops devices rcvq counters; do
		[ -r "$DBG/$f" ] && files+=("$DBG/$f")
	done
	# Each line as "<file> <its fields>", so that $2 is its first.
	awk -v p4=$P4 -v p6=$P6 '
	FNR == 1 { file = FILENAME; sub(/.*\//, "", file) }
	/^#/ { next }
	{ $0 = file " " $0 }
	$1 == "resets" {
		printf "resets %s %s\tport=%s peer=%s sent=%s received=%s netns=%s\n",
			$5, $7 ~ /:/ ? "ipv6" : "ipv4", $6, $7, $2, $3, $4 }
	$1 == "errors" && $3 == ENVIRON["ECONNREFUSED"] {
		printf "errors %s\tcount=%s errno=%s netns=%s\n",
			$6 == p4 ? "ipv4" : $6 == p6 ? "ipv6" : "port" $6, $2, $3, $7 }
	$1 == "lifetimes" {
		printf "lifetimes %s\tport=%s count=%s comm=%s netns=%s\n", $5, $4, $6, $5, $2 }
	$1 == "neigh" {
		printf "neigh %s\taddress=%s count=%s dev=%s netns=%s\n", $5, $6, $2, $4, $3 }
	$1 == "drops" && $6 == "e1" { e1 += $2; ns = $5 }
	$1 == "drops" && $4 ~ /^NO_SOCKET\(/ { nosock += $2 }
	$1 == "devices" && ($3 == "e0" || $3 == "e1") {
		printf "devices %s\ttx_packets=%s tx_bytes=%s rx_packets=%s rx_bytes=%s netns=%s\n",
			$3, $4, $5, $6, $7, $2 }
	$1 == "rcvq" && $5 == "udp" && $4 == "ipv4" {
		printf "rcvq udp\tport=%s count=%s rcvbuf=%s netns=%s\n", $6, $2, $3, $7 }
	$1 == "counters" { printf "counter %s\tvalue=%s\n", $2, $3 }
	END {
		if (ns != "") printf "drops e1\tcount=%s netns=%s\n", e1, ns
		if (nosock != "") printf "dropsum NO_SOCKET\tcount=%s\n", nosock
	}' "${files[@]}"
}
read_netlink() {
	"$NLPROBE" view resets errors lifetimes neigh drops devices rcvq
	echo "@counters"
	"$NLPROBE" dump
} 2>/dev/null
parse_netlink() {
	awk '
	function f(k) { return k in a ? a[k] : "(none)" }
	function fam() { return a["family"] == 2 ? "ipv4" : a["family"] == 10 ? "ipv6" : "family" a["family"] }
	$1 == "@counters" { counters = 1; next }
	counters { printf "counter %s\tvalue=%s\n", $1, $2; next }
	$2 ~ /^view=/ { next }
	{
		delete a
		for (i = 2; i <= NF; i++) { k = $i; sub(/=.*/, "", k); v = $i; sub(/^[^=]*=/, "", v); a[k] = v }
	}
	$1 == "resets" {
		act = a["direction"] == 1
		printf "resets %s %s\tport=%s peer=%s sent=%s received=%s netns=%s\n",
			act ? "active" : a["direction"] == 2 ? "passive" : "direction" a["direction"],
			fam(), act ? f("dport") : f("sport"), f("daddr"), f("rst_sent"),
			f("rst_received"), f("netns") }
	$1 == "errors" && a["errno"] == ENVIRON["ECONNREFUSED"] {
		printf "errors %s\tport=%s count=%s errno=%s netns=%s\n", fam(), f("dport"),
			f("count"), f("errno"), f("netns") }
	$1 == "lifetimes" {
		printf "lifetimes %s\tport=%s count=%s comm=%s netns=%s\n", f("comm"), f("dport"),
			f("hist_count"), f("comm"), f("netns") }
	$1 == "neigh" {
		printf "neigh %s\taddress=%s ifindex=%s count=%s dev=%s netns=%s\n", fam(),
			f("daddr"), f("ifindex"), f("count"), f("ifname"), f("netns") }
	$1 == "drops" && a["ifname"] == "e1" { e1 += a["count"]; e1x = f("ifindex"); e1n = f("netns") }
	$1 == "drops" && a["reason_name"] == "NO_SOCKET" { nosock += a["count"] }
	$1 == "devices" && (a["ifname"] == "e0" || a["ifname"] == "e1") {
		printf "devices %s\tifindex=%s tx_packets=%s rx_packets=%s tx_bytes=%s rx_bytes=%s netns=%s\n",
			a["ifname"], f("ifindex"), f("tx_packets"), f("rx_packets"), f("tx_bytes"),
			f("rx_bytes"), f("netns") }
	$1 == "rcvq" && a["protocol"] == 17 && a["family"] == 2 {
		printf "rcvq udp\tport=%s count=%s rcvbuf=%s netns=%s\n", f("sport"), f("count"),
			f("rcvbuf"), f("netns") }
	END {
		if (e1x != "") printf "drops e1\tcount=%s ifindex=%s netns=%s\n", e1, e1x, e1n
		if (nosock != "") printf "dropsum NO_SOCKET\tcount=%s\n", nosock
	}'
}
read_json() {
	local v
	for v in "resets --by peer" errors lifetimes neigh "drops --by dev" "drops --by reason" \
		devices rcvq; do
		# shellcheck disable=SC2086 # the view and its options
		"$TP" -j $v 2>/dev/null
	done
	"$TP" -j show 'tcp:tcp_receive_reset,udp:udp_fail_queue_rcv_skb'
} 2>/dev/null
parse_json() {
	jq -r '
	def n: if . == null then "(none)" else tostring end;
	if .view == "resets" then .resets[] |
		"resets \(.direction) \(.family)\tport=\(.port|n) peer=\(.remote|n) sent=\(.sent|n) received=\(.received|n) netns=\(.netns|n)"
	elif .view == "errors" then .errors[] | select(.errno == ($ENV.ECONNREFUSED | tonumber)) |
		"errors \(.family)\tport=\(.port|n) count=\(.count|n) errno=\(.errno|n) netns=\(.netns|n)"
	elif .view == "lifetimes" then .lifetimes[] |
		"lifetimes \(.comm)\tport=\(.port|n) count=\(.count|n) comm=\(.comm|n) netns=\(.netns|n)"
	elif .view == "neigh" then .neighbours[] |
		"neigh \(.family)\taddress=\(.address|n) ifindex=\(.ifindex|n) count=\(.failures|n) dev=\(.ifname|n) netns=\(.netns|n)"
	elif .view == "drops" and .by == "dev" then .drops[] | select(.ifname == "e1") |
		"drops e1\tcount=\(.count|n) ifindex=\(.ifindex|n) netns=\(.netns|n)"
	elif .view == "drops" then .drops[] | select(.reason == "NO_SOCKET") |
		"dropsum NO_SOCKET\tcount=\(.count|n)"
	elif .view == "devices" then .devices[] | select(.ifname == "e0" or .ifname == "e1") |
		"devices \(.ifname)\tifindex=\(.ifindex|n) tx_packets=\(.tx_packets|n) rx_packets=\(.rx_packets|n) tx_bytes=\(.tx_bytes|n) rx_bytes=\(.rx_bytes|n) netns=\(.netns|n)"
	elif .view == "rcvq" then .rcvq[] | select(.protocol == "udp" and .family == "ipv4") |
		"rcvq udp\tport=\(.port|n) count=\(.count|n) rcvbuf=\(.rcvbuf|n) netns=\(.netns|n)"
	elif .counters then .counters[] | "counter \(.name)\tvalue=\(.value|n)"
	else empty end'
}
read_text() {
	local v
	for v in "resets --by peer" errors lifetimes neigh "drops --by dev" "drops --by reason" \
		devices rcvq; do
		echo "@${v%% *}"
		# shellcheck disable=SC2086 # the view and its options
		"$TP" $v
	done
	echo "@counters"
	"$TP" show 'tcp:tcp_receive_reset,udp:udp_fail_queue_rcv_skb'
} 2>/dev/null
parse_text() {
	# Each line as "<view> <its fields>", so that $2 is its first.
	awk '
	/^@/ { view = substr($0, 2); next }
	{ $0 = view " " $0 }
	$2 == "overflow:" { next }
	$1 == "resets" && ($2 == "active" || $2 == "passive") {
		printf "resets %s %s\tport=%s peer=%s sent=%s received=%s nsname=%s\n",
			$2, $6 ~ /:/ ? "ipv6" : "ipv4", $5, $6, $8, $9, $7 }
	$1 == "errors" && $4 == "(" ENVIRON["ECONNREFUSED"] ")" {
		printf "errors %s\tport=%s count=%s errno=%s nsname=%s\n",
			$5 == "tcp" ? "ipv4" : $5 == "tcp6" ? "ipv6" : $5, $8, $2,
			substr($4, 2, length($4) - 2), $9 }
	# active  remote port 4660  comm netload  netns tpe: 3 connections, mean ...
	$1 == "lifetimes" && $2 == "active" {
		ns = $9; sub(/:$/, "", ns)
		printf "lifetimes %s\tport=%s count=%s comm=%s nsname=%s\n", $7, $5, $10, $7, ns }
	$1 == "neigh" && $2 == "n0" {
		printf "neigh %s\taddress=%s count=%s dev=%s nsname=%s\n",
			$3 ~ /:/ ? "ipv6" : "ipv4", $3, $4, $2, $5 }
	$1 == "drops" && $3 == "e1" { printf "drops e1\tcount=%s nsname=%s\n", $2, $4 }
	$1 == "drops" && $3 == "NO_SOCKET" { printf "dropsum NO_SOCKET\tcount=%s\n", $2 }
	# e0 (ifindex 4660, netns tpe)
	#     tx: packets 5  bytes 215  errors 0  timeouts 0
	#     rx: packets 5  bytes 355  gro 0
	$1 == "devices" && $3 == "(ifindex" {
		dev = $2; idx = $4; sub(/,$/, "", idx); ns = $6; sub(/\)$/, "", ns) }
	$1 == "devices" && $2 == "tx:" { txp = $4; txb = $6 }
	$1 == "devices" && $2 == "rx:" && (dev == "e0" || dev == "e1") {
		printf "devices %s\tifindex=%s tx_packets=%s rx_packets=%s tx_bytes=%s rx_bytes=%s nsname=%s\n",
			dev, idx, txp, $4, txb, $6, ns }
	$1 == "rcvq" && $4 == "udp" {
		printf "rcvq udp\tport=%s count=%s rcvbuf=%s nsname=%s\n", $5, $2, $3, $6 }
	$1 == "counters" && $2 ~ /:/ { printf "counter %s\tvalue=%s\n", $2, $NF }'
}
parse_prom() {
	awk -v p4=$P4 -v p6=$P6 '
	function label(k,   m) {
		if (match($0, "[{,]" k "=\"[^\"]*\"")) {
			m = substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 4); return m }
		return "(none)" }
	function by_port(p) { return p == p4 ? "ipv4" : p == p6 ? "ipv6" : "port" p }
	/^#/ { next }
	/^tpstat_tcp_resets_total\{/ {
		k = "resets " label("direction") " " by_port(label("port"))
		if (!(k in ns)) order[++n] = k
		ns[k] = label("netns"); cnt[k, label("kind")] = $NF }
	/^tpstat_socket_errors_total\{/ && label("errno") == "ECONNREFUSED" {
		printf "errors %s\tcount=%s netns=%s\n", by_port(label("port")), $NF, label("netns") }
	/^tpstat_neigh_failures_total\{/ && label("device") == "n0" {
		printf "neigh %s\taddress=%s count=%s dev=%s netns=%s\n", label("family"),
			label("address"), $NF, label("device"), label("netns") }
	/^tpstat_skb_drops_by_reason_total\{/ && label("reason") == "NO_SOCKET" {
		printf "dropsum NO_SOCKET\tcount=%s\n", $NF }
	/^tpstat_socket_rcvq_drops_total\{/ && label("protocol") == "udp" {
		printf "rcvq udp\tport=%s count=%s netns=%s\n", label("port"), $NF, label("netns") }
	/^tpstat_tracepoint_hits_total\{/ {
		printf "counter %s\tvalue=%s\n", label("tracepoint"), $NF }
	# A kind with no sample has counted nothing.
	END {
		for (i = 1; i <= n; i++) {
			k = order[i]; sent = 0; received = 0
			if ((k, "sent") in cnt) sent = cnt[k, "sent"]
			if ((k, "received") in cnt) received = cnt[k, "received"]
			printf "%s\tsent=%s received=%s netns=%s\n", k, sent, received, ns[k]
		}
	}'
}
read_kernel() {
	local dev
	for dev in e0 e1; do
		printf 'devices %s\t%s\n' $dev "${LINK[$dev]:-}"
	done
	printf 'rcvq udp\tcount=%s\n' "$snmp_rcvbuf"
}

# store <source>: its reader's lines into GOT; a row twice is a
# fault of the source's (one key, two rows).
store() {
	local src=$1 key rest
	while IFS=$'\t' read -r key rest; do
		if [ -n "${GOT[$src|$key]:-}" ]; then
			GOT[$src|$key]="twice"
		else
			GOT[$src|$key]=$rest
		fi
	done
}
# Once (bookworm-5kc-malta, a guest under TCG), this reading stalled for
# the guest's whole timeout with nothing said.
stall_watch 300 "endian: reading the sources"
store debugfs < <(read_debugfs)
store netlink < <(read_netlink | parse_netlink)
store json < <(read_json | parse_json)
store text < <(read_text | parse_text)
store prom < <("$TP" export 2>/dev/null | parse_prom)
store kernel < <(read_kernel)
stall_watch_end
echo "# endian: reading the sources took $((SECONDS - STEP))s"

# --- the comparisons: one TAP line per source, row and field ------------------------
mapfile -t keys < <(printf '%s\n' "${!EXP[@]}" | LC_ALL=C sort)
for src in kernel debugfs netlink json text prom; do
	for key in "${keys[@]}"; do
		fields=${FIELDS[$src ${key%% *}]:-}
		[ -n "$fields" ] || continue
		got=${GOT[$src|$key]:-}
		if [ -z "$got" ] || [ "$got" = twice ]; then
			not_ok "$src $key: ${got:-no} row: expected ${EXP[$key]}"
			# What it has of the view instead (a swapped port's row).
			for k in "${!GOT[@]}"; do
				[[ $k == "$src|${key%% *} "* ]] && echo "#   $src has ${k#*|}: ${GOT[$k]}"
			done
			continue
		fi
		for f in $fields; do
			field "$f" "${EXP[$key]}"
			want=$val
			field "$f" "$got"
			if [ "$want" = "$val" ]; then
				ok "$src $key: $f expected $want, got $val"
			else
				not_ok "$src $key: $f expected $want, got $val"
			fi
		done
	done
done

# --- tpstat doctor on every kernel ---------------------------------------------------
# Its rules against provoked faults are doctor.sh's (6.12); here, on each
# kernel and architecture, the full queue's D drops (at least doctor's
# minimum of 10: the workload sends 12 to a buffer that holds 1 or 2)
# are a finding that names the queue's port, through its JSON.
doc=$("$TP" -j doctor 2>&1)
check_eq "doctor: the full queue makes a finding (exit status 3)" 3 $?
check_eq "doctor: rcvq_overflow names udp port $PQ in tpe and its $D drops" "udp $PQ $INO $D" \
	"$(jq -r --argjson p "$PQ" '[.findings[] | select(.rule == "rcvq_overflow" and .who.port == $p)][0] |
		"\(.who.protocol) \(.who.port) \(.who.netns) \(.count)"' <<<"$doc" 2>&1)"

ip netns del tpe
ip netns del tpf
suite_end
