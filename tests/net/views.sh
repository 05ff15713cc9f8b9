#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The views against workloads with known answers, inside a test kernel as
# root (tests/vm/boot.sh).  Every figure is checked against the workload
# or against an independent count: ftrace hist triggers on the same
# tracepoints, ip -s link, the module's own plain counters.
#   tests/net/views.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
#
#   tpa: va 10.99.0.1  <--->  tpb: vb 10.99.0.2   (netem 2% + every 50th dropped)
#   tpnf: nx 10.99.98.1, fd99:98::1  <--->  tpnp: ny (no address: nobody answers)
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
quiet_ipv6
make_namespaces
check "lossy link between the namespaces" make_lossy
suite_load
check "... with every view" test -f "$DBG/drops"
has_reasons=$("$TP" -j info | jq '.features | index("drop_reason") != null')
restart() { quiesce; "$TP" reset all; }
# jqv <view command> <jq filter>: the tool's JSON through jq.
jqv() { "$TP" -j $1 | jq -r "$2"; }

# --- drops: N datagrams to a closed port ---------------------------------------
N=37
restart
U=$("$NETLOAD" udp-send 127.0.0.1 5003 $N | sed -n 's/^datagrams=//p')
quiesce
check_eq "udp-send sent N datagrams" $N "$U"
if [ "$has_reasons" = true ]; then
	check_eq "N drops with reason NO_SOCKET" $N \
		"$(jqv drops '[.drops[] | select(.reason == "NO_SOCKET") | .count] | add')"
	code=$(jqv drops '.drops[] | select(.reason == "NO_SOCKET") | .reason_code')
	check "NO_SOCKET has its numeric code" test "$code" -gt 0
else
	check_eq "no reasons on this kernel: reason is null" null \
		"$(jqv drops '.drops[0].reason')"
fi
# __udp4_lib_rcv, or udp_rcv where the compiler inlined it (a debug build).
UDP_RCV='(__udp4_lib_rcv|udp_rcv)([+ ]|$)'
check_eq "all N at one location, in __udp4_lib_rcv (or udp_rcv)" "1 $N" \
	"$(jqv 'drops --by location' '[.drops[] | select(.location | test("^'"$UDP_RCV"'"))] | "\(length) \(.[0].count)"')"
check_eq "... on lo" $N "$(jqv 'drops --by dev' '.drops[] | select(.ifname == "lo") | .count')"
ns0=$(stat -L -c %i /proc/self/ns/net)
check_eq "... in the initial netns" $N \
	"$("$TP" -j drops --by netns | jq --argjson n "$ns0" '.drops[] | select(.netns == $n) | .count')"
check_eq "the view's drops equal kfree_skb.drops" \
	"$(awk '$1 == "skb:kfree_skb.drops" { print $2 }' "$DBG/counters")" \
	"$(jqv 'drops --by location' '[.drops[].count] | add')"
check_eq "drops: no lost update" 0 "$(jqv drops .overflow)"
check "drops debugfs file names the location" grep -qE "^$N $UDP_RCV" "$DBG/drops"

# --- drops: a UDP socket closed with D datagrams unread ----------------------------
# While a datagram waits in a UDP socket's queue, UDP keeps its truesize
# and length where skb->dev was; closing the socket frees them from
# there, D drops that must not be taken for a device's.
D=8
restart
python3 - <<'PY'
import socket
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
r.bind(("127.0.0.1", 5006))
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(8):
    s.sendto(b"x" * 100, ("127.0.0.1", 5006))
r.close()
PY
check_eq "D datagrams sent to a socket closed unread" 0 $?
quiesce
check_eq "D drops, at one location, with no device" "1 $D -" \
	"$(jqv 'drops --by location' '[.drops[] | select(.location | test("udp"))] | "\(length) \(.[0].count) \(.[0].ifname // "-")"')"
log_check "... and no fault in the kernel log"

# --- retransmits: one lossy flow -----------------------------------------------
# Every 50th segment into vb is dropped.  Most are the data flow's, but
# one can be an ACK the server's side waits for (of its FIN, say), and
# then that side retransmits too: one CI run saw a second flow with one
# retransmit.  So the data flow is picked out, not assumed alone.
restart
trigger tcp:tcp_retransmit_skb 'hist:keys=common_pid'
trigger tcp:tcp_retransmit_skb 'hist:keys=common_cpu if dport == 5004'
B=$(bulk 400000)
quiesce
hits=$(hist_hits tcp:tcp_retransmit_skb 'hist:keys=common_pid')
flow_hits=$(hist_hits tcp:tcp_retransmit_skb 'hist:keys=common_cpu')
untrigger tcp:tcp_retransmit_skb 'hist:keys=common_pid'
untrigger tcp:tcp_retransmit_skb 'hist:keys=common_cpu if dport == 5004'
data_flow='[.flows[] | select(.local == "10.99.0.1" and .remote == "10.99.0.2" and .remote_port == 5004)]'
check_eq "bulk arrived whole" 400000 "$B"
check "the lossy transfer retransmitted" test "${flow_hits:-0}" -gt 0
check_eq "the flow 10.99.0.1 -> 10.99.0.2:5004 is in the view, once" 1 \
	"$(jqv retrans "$data_flow | length")"
check_eq "its retransmits equal ftrace's tcp_retransmit_skb hits with dport 5004" \
	"$flow_hits" "$(jqv retrans "$data_flow | .[0].retransmits")"
check_eq "all flows' retransmits equal ftrace's tcp_retransmit_skb hits" "$hits" \
	"$(jqv retrans '[.flows[].retransmits] | add')"
check_eq "... and the tcp_retransmit_skb counter" "$hits" \
	"$(awk '$1 == "tcp:tcp_retransmit_skb" { print $2 }' "$DBG/counters")"
check_eq "retrans: no lost update" 0 "$(jqv retrans .overflow)"

# --- devices: bytes and packets equal ip -s link -------------------------------
restart
link_stats_save "$TMP/before" "tpa va" "tpb vb"
bulk 200000 > /dev/null
quiesce
check "per-device tx/rx bytes and packets equal ip -s link for va and vb" \
	link_stats_moved "$TMP/before"
check_eq "devices debugfs file has va" 1 "$(grep -c ' va ' "$DBG/devices")"

# --- devices: a device moved to another namespace; a namespace's lo reborn -----
# An entry a packet finds through its CPU's hint is its device's only
# while the device is up in the namespace the entry's key names.  A veth
# end moved to another namespace starts a new entry there, and its entry
# in the first keeps what it sent and received before; the lo of a
# namespace made after another died (whose memory it may get) counts from
# nothing.  ip -s link judges: its counters follow the device.
restart
# quiet_ns <netns>: made, without IPv6 (nothing but the workload sends).
quiet_ns() {
	ip netns add "$1"
	ip netns exec "$1" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 \
		net.ipv6.conf.default.disable_ipv6=1
}
for n in tpm1 tpm2 tpm3 tpr; do quiet_ns $n; done
# Their ifindexes take different hints, and one CPU sends everything: so
# the hint that led dm0's packets to its entry in tpm1 is still there
# when it sends from tpm3.
ip -n tpm1 link add dm0 index 40 type veth peer name dm1 index 41 netns tpm2
ip -n tpm1 addr add 10.99.96.1/24 dev dm0
ip -n tpm2 addr add 10.99.96.2/24 dev dm1
ip -n tpm1 link set dm0 up
ip -n tpm2 link set dm1 up
# Static neighbours: no ARP probe comes while the test reads.
mac0=$(ip -n tpm1 -j link show dm0 | jq -r '.[0].address')
mac1=$(ip -n tpm2 -j link show dm1 | jq -r '.[0].address')
ip -n tpm1 neigh add 10.99.96.2 lladdr "$mac1" dev dm0 nud permanent
ip -n tpm2 neigh add 10.99.96.1 lladdr "$mac0" dev dm1 nud permanent
ip netns exec tpm1 taskset -c 0 "$NETLOAD" udp-send 10.99.96.2 5009 20 > /dev/null
quiesce
# dev_entry <netns> <ifindex> [reader's netns]: tx/rx packets and bytes,
# as the initial namespace's root (every namespace's entries) or a
# namespace's (its own: a dead namespace's entries never, even under the
# same inode number).
dev_entry() {
	${3:+ip netns exec "$3"} "$TP" -j devices | jq -r --argjson n "$(stat -L -c %i "/run/netns/$1")" \
		--argjson i "$2" '[.devices[] | select(.netns == $n and .ifindex == $i)] |
		if length == 1 then .[0] | "\(.tx_packets) \(.rx_packets) \(.tx_bytes) \(.rx_bytes)" else "\(length) entries" end'
}
# link_all <netns> <dev>: the same four from ip -s link, read at once.
link_all() {
	ip -n "$1" -s -j link show "$2" |
		jq -r '.[0].stats64 | "\(.tx.packets) \(.rx.packets) \(.tx.bytes) \(.rx.bytes)"'
}
x1=$(ip -n tpm1 -j link show dm0 | jq .[0].ifindex)
read -r tp1 rp1 tb1 rb1 <<< "$(link_all tpm1 dm0)"
ip -n tpm1 link set dm0 netns tpm3
ip -n tpm3 addr add 10.99.96.1/24 dev dm0
ip -n tpm3 link set dm0 up
ip -n tpm3 neigh add 10.99.96.2 lladdr "$mac1" dev dm0 nud permanent
ip netns exec tpm3 taskset -c 0 "$NETLOAD" udp-send 10.99.96.2 5009 30 > /dev/null
ip -n tpr link set lo up
ip netns exec tpr taskset -c 0 "$NETLOAD" udp-send 127.0.0.1 5009 7 > /dev/null
ip netns del tpr
quiet_ns tpr
ip -n tpr link set lo up
ip netns exec tpr taskset -c 0 "$NETLOAD" udp-send 127.0.0.1 5009 11 > /dev/null
quiesce
x3=$(ip -n tpm3 -j link show dm0 | jq .[0].ifindex)
read -r tp3 rp3 tb3 rb3 <<< "$(link_all tpm3 dm0)"
echo "# dm0: ifindex $x1 in tpm1, $x3 in tpm3; ip -s link $tp1 $rp1 $tb1 $rb1 before the move, $tp3 $rp3 $tb3 $rb3 after"
check "dm0 sent its 20 datagrams in tpm1, and received" test "$tp1" -ge 20 -a "$rp1" -gt 0
check_eq "dm0's entry in tpm1 holds what ip -s link counted there" \
	"$tp1 $rp1 $tb1 $rb1" "$(dev_entry tpm1 "$x1")"
check_eq "dm0's entry in tpm3 holds what ip -s link counted since the move" \
	"$((tp3 - tp1)) $((rp3 - rp1)) $((tb3 - tb1)) $((rb3 - rb1))" "$(dev_entry tpm3 "$x3")"
check "the reborn namespace's lo sent its 11 datagrams" \
	test "$(link_stats tpr lo tx packets)" -ge 11
# lo's own byte count leaves out the 14-byte Ethernet header each of its
# packets carries, which the view counts as on every other device.
read -r tpl rpl tbl rbl <<< "$(link_all tpr lo)"
check_eq "... and its entry holds only what ip -s link counted on it (bytes with lo's headers)" \
	"$tpl $rpl $((tbl + 14 * tpl)) $((rbl + 14 * rpl))" "$(dev_entry tpr 1 tpr)"
check_eq "devices: no lost update" 0 "$(jqv devices .overflow)"
for n in tpm1 tpm2 tpm3 tpr; do ip netns del $n; done

# --- states and lifetimes: K loopback connections ------------------------------
# Lifetimes are keyed by service: K clients of port 5001 are one active
# row (remote port 5001, the task that connected), the server's K
# children one passive row (local port 5001, no task).  ftrace counts the
# births (CLOSE -> SYN_SENT with dport 5001, LISTEN -> SYN_RECV with sport
# 5001) and the closes (newstate CLOSE on the same ports, the listener's
# own LISTEN -> CLOSE aside: it was never born).
K=12
restart
births_count_begin 5001
serve "$TMP/server.out" "$NETLOAD" tcp-server 127.0.0.1 5001 $K
C=$("$NETLOAD" tcp-connect 127.0.0.1 5001 $K | sed -n 's/^connections=//p')
reap
quiesce
births_count_end
echo "# ftrace: active $act_born born, $act_closed closed; passive $pas_born born, $pas_closed closed"
"$TP" lifetime | sed 's/^/# /'
sed 's/^/# /' "$DBG/lifetimes"
check_eq "K connections made" $K "$C"
check_eq "K SYN_SENT -> ESTABLISHED" $K \
	"$(jqv states '.transitions[] | select(.old_state == "SYN_SENT" and .new_state == "ESTABLISHED") | .count')"
check_eq "K active opens" $K "$(jqv states .active_opens)"
check_eq "K passive opens" $K "$(jqv states .passive_opens)"
check_eq "ftrace: K active births and K closes on remote port 5001" "$K $K" "$act_born $act_closed"
check_eq "ftrace: K passive births and K closes on local port 5001" "$K $K" "$pas_born $pas_closed"
check_eq "lifetime: two rows, one per service and direction" 2 \
	"$(jqv lifetime '.lifetimes | length')"
check_eq "lifetime: one active row, remote port 5001, task netload, count = ftrace's closes" \
	"1 netload $act_closed" \
	"$(jqv lifetime '[.lifetimes[] | select(.direction == "active" and .port_side == "remote" and .port == 5001)] | "\(length) \(.[0].comm) \(.[0].count)"')"
check_eq "lifetime: one passive row, local port 5001, no task, count = ftrace's closes" \
	"1 null $pas_closed" \
	"$(jqv lifetime '[.lifetimes[] | select(.direction == "passive" and .port_side == "local" and .port == 5001)] | "\(length) \(.[0].comm) \(.[0].count)"')"
check_eq "lifetime buckets add up to the count" \
	"$(jqv lifetime '[.lifetimes[].count] | add')" \
	"$(jqv lifetime '[.lifetimes[].buckets[].count] | add')"
check_eq "lifetime: no lost update" 0 "$(jqv lifetime .overflow)"
check "lifetimes debugfs file has the active row" \
	grep -qE "^[0-9]+ active 5001 netload $K " "$DBG/lifetimes"
check "... and the passive one" grep -qE "^[0-9]+ passive 5001 - $K " "$DBG/lifetimes"
check "states debugfs file says the opens" grep -q "^opens active $K$" "$DBG/states"

# --- resets by service: R1 + R2 connects to a closed port, from two peers ------
# Each refused connect is a reset received on the client's end (SYN_SENT:
# active, the service is the remote port 5303); from 6.10 the RST for a
# port nobody listens on also fires tcp_send_reset, without a socket, for
# a SYN to a local port: passive, local port 5303.  The client's peer is
# 127.0.0.1 or 127.0.0.2; the server side's, the client's source, 127.0.0.1.
R1=5
R2=3
restart
trigger tcp:tcp_send_reset 'hist:keys=common_cpu'
trigger tcp:tcp_receive_reset 'hist:keys=common_cpu'
C1=$("$NETLOAD" tcp-refused 127.0.0.1 5303 $R1 | sed -n 's/^refused=//p')
C2=$("$NETLOAD" tcp-refused 127.0.0.2 5303 $R2 | sed -n 's/^refused=//p')
quiesce
sent=$(hist_hits tcp:tcp_send_reset 'hist:keys=common_cpu')
recv=$(hist_hits tcp:tcp_receive_reset 'hist:keys=common_cpu')
untrigger tcp:tcp_send_reset 'hist:keys=common_cpu'
untrigger tcp:tcp_receive_reset 'hist:keys=common_cpu'
sent=${sent:-0}
recv=${recv:-0}
echo "# ftrace: $sent resets sent, $recv received"
"$TP" resets | sed 's/^/# /'
"$TP" resets --by peer | sed 's/^/# /'
sed 's/^/# /' "$DBG/resets"
check_eq "R1 + R2 connects refused" "$R1 $R2" "$C1 $C2"
check_eq "ftrace saw R1 + R2 resets received" $((R1 + R2)) "$recv"
check "ftrace saw none or R1 + R2 sent ($sent)" test "$sent" = 0 -o "$sent" = $((R1 + R2))
rows=$((1 + (sent > 0)))
check_eq "resets: one row per service and direction" $rows "$(jqv resets '.resets | length')"
check_eq "resets: active, remote port 5303: ftrace's received, none sent" "1 0 $recv" \
	"$(jqv resets '[.resets[] | select(.direction == "active" and .port_side == "remote" and .port == 5303)] | "\(length) \(.[0].sent) \(.[0].received)"')"
if [ "$sent" -gt 0 ]; then
	check_eq "resets: passive, local port 5303: ftrace's sent, NO_SOCKET" "1 $sent 0 NO_SOCKET" \
		"$(jqv resets '[.resets[] | select(.direction == "passive" and .port_side == "local" and .port == 5303)] | "\(length) \(.[0].sent) \(.[0].received) \(.[0].reason)"')"
fi
check_eq "resets: no row names a peer" 0 "$(jqv resets '[.resets[] | select(has("remote"))] | length')"
check_eq "resets --by peer: one row per service and peer" $((rows + 1)) \
	"$(jqv 'resets --by peer' '.resets | length')"
check_eq "... summing to ftrace's sent and received" "$sent $recv" \
	"$(jqv 'resets --by peer' '"\([.resets[].sent] | add) \([.resets[].received] | add)"')"
check_eq "... R1 received from 127.0.0.1, R2 from 127.0.0.2 on remote port 5303" "$R1 $R2" \
	"$(jqv 'resets --by peer' '[.resets[] | select(.direction == "active" and .port == 5303)] | "\(map(select(.remote == "127.0.0.1") | .received) | add) \(map(select(.remote == "127.0.0.2") | .received) | add)"')"
if [ "$sent" -gt 0 ]; then
	check_eq "... all sent to the clients' source, 127.0.0.1" "$sent" \
		"$(jqv 'resets --by peer' '[.resets[] | select(.direction == "passive" and .remote == "127.0.0.1") | .sent] | add')"
fi
check_eq "resets: no lost update" 0 "$(jqv resets .overflow)"
"$TP" export | grep '^tpstat_tcp_resets_total' > "$TMP/prom"
sed 's/^/# /' "$TMP/prom"
check_eq "export: one received sample, active port 5303, equal to ftrace's" "1 $recv" \
	"$(awk '/^tpstat_tcp_resets_total\{kind="received",direction="active",port="5303",/ { n++; v = $2 } END { print n + 0, v + 0 }' "$TMP/prom")"
check_eq "export: the samples sum to ftrace's resets" $((sent + recv)) \
	"$(awk '{ s += $2 } END { print s + 0 }' "$TMP/prom")"
check "resets debugfs file has the active rows" \
	grep -qE "^0 $R2 [0-9]+ active 5303 127.0.0.2 -$" "$DBG/resets"
"$TP" resets --by bogus > /dev/null 2> "$TMP/err"
check_eq "resets --by bogus: a usage error" 2 $?
check "... in one line" test "$(wc -l < "$TMP/err")" = 1

# --- socket errors: R connects to a closed port ---------------------------------
# Each is ECONNREFUSED on the client's socket, whose local port is
# ephemeral: the service is the remote port.  ftrace counts the reports
# with an error (connect() disconnecting the socket reports again, with
# none); a kernel without the tracepoint refuses the view.
R=9
restart
if [ -d "$TRACING/events/sock/inet_sk_error_report" ]; then
	ERR_HIST='hist:keys=common_cpu if error != 0'
	trigger sock:inet_sk_error_report "$ERR_HIST"
	C=$("$NETLOAD" tcp-refused 127.0.0.1 5302 $R | sed -n 's/^refused=//p')
	quiesce
	err=$(hist_hits sock:inet_sk_error_report 'hist:keys=common_cpu')
	untrigger sock:inet_sk_error_report "$ERR_HIST"
	check_eq "R connects refused" $R "$C"
	check_eq "ftrace saw R reports with an error" $R "${err:-0}"
	check_eq "errors: R ECONNREFUSED (111) on tcp, remote port 5302" \
		"$R ECONNREFUSED 111 tcp remote 5302" \
		"$(jqv errors '.errors[] | select(.errno == 111) | "\(.count) \(.error) \(.errno) \(.protocol) \(.port_side) \(.port)"')"
	check_eq "... and nothing else" 1 "$(jqv errors '.errors | length')"
	check "errors debugfs file says it" grep -q "^$R 111 tcp remote 5302 " "$DBG/errors"
	check_eq "errors: no lost update" 0 "$(jqv errors .overflow)"
else
	"$TP" errors > /dev/null 2> "$TMP/err"
	check_eq "no inet_sk_error_report: errors is refused" 1 $?
	check "... saying the kernel lacks it" grep -q 'inet_sk_error_report' "$TMP/err"
fi

# --- receive queues: a UDP socket that reads nothing, flooded --------------------
# In a namespace of its own, netload sends Q datagrams to a UDP socket
# whose SO_RCVBUF is the smallest the kernel gives, and to a raw UDP
# socket that gets a copy of each; loopback delivers each before sendto()
# returns, so all but the first meet full queues.  UDP's drops against the
# namespace's UdpRcvbufErrors (Udp6...) and ftrace on
# udp:udp_fail_queue_rcv_skb with rc == -ENOMEM; the raw socket's against
# ftrace on sock:sock_rcvqueue_full (7.x's raw sockets drop without it:
# then the view has no raw row either); RCVBUF against getsockopt().
Q=40
ip netns add tprq
ip -n tprq link set lo up
rq() { ip netns exec tprq "$@"; }
rq_mib() { rq nstat -asz "$1" | awk -v m="$1" '$1 == m { print $2 }'; }
rq_ns=$(rq stat -L -c %i /proc/self/ns/net)
RQ_UDP='hist:keys=common_cpu if rc == -12'
RQ_RAW='hist:keys=common_cpu'
# rq_flood <addr> <port> <MIB>: the flood; sets sent, rcvbuf, raw_rcvbuf,
# mib (the MIB's delta), udp_hits and raw_hits (ftrace's).
rq_flood() {
	local before after out
	restart
	trigger udp:udp_fail_queue_rcv_skb "$RQ_UDP"
	trigger sock:sock_rcvqueue_full "$RQ_RAW"
	before=$(rq_mib "$3")
	out=$(rq "$NETLOAD" udp-overflow "$1" "$2" $Q)
	after=$(rq_mib "$3")
	quiesce
	udp_hits=$(hist_hits udp:udp_fail_queue_rcv_skb 'hist:keys=common_cpu')
	raw_hits=$(hist_hits sock:sock_rcvqueue_full "$RQ_RAW")
	untrigger udp:udp_fail_queue_rcv_skb "$RQ_UDP"
	untrigger sock:sock_rcvqueue_full "$RQ_RAW"
	echo "# udp-overflow $1 $2: $out; $3 +$((after - before)); ftrace: udp $udp_hits, raw $raw_hits"
	sent=$(echo "$out" | sed -n 's/.*sent=\([0-9]*\).*/\1/p')
	rcvbuf=$(echo "$out" | sed -n 's/.* rcvbuf=\([0-9]*\).*/\1/p')
	raw_rcvbuf=$(echo "$out" | sed -n 's/.*raw_rcvbuf=\([0-9]*\).*/\1/p')
	mib=$((after - before))
	udp_hits=${udp_hits:-0} raw_hits=${raw_hits:-0}
}
# rq_row <family> <protocol> <port>: "COUNT RCVBUF" of that row in tprq.
rq_row() {
	jqv rcvq ".rcvq[] | select(.family == \"$1\" and .protocol == \"$2\" and .port == $3 and .netns == $rq_ns) | \"\\(.count) \\(.rcvbuf)\""
}
# rq_raw <family> <udp rows>: the raw socket's row (port 17: the protocol
# it receives) holds what ftrace saw, or is absent where ftrace saw none;
# with the UDP rows expected, the view has no other.  The view as the
# tool prints it goes to the log.
rq_raw() {
	local want=''
	[ "$raw_hits" -gt 0 ] && want="$raw_hits $raw_rcvbuf"
	check_eq "rcvq: $1 raw socket (port 17): ftrace's sock_rcvqueue_full hits, RCVBUF its SO_RCVBUF" \
		"$want" "$(rq_row "$1" raw 17)"
	check_eq "... and no other row" $(($2 + (raw_hits > 0))) "$(jqv rcvq '.rcvq | length')"
	"$TP" rcvq | sed 's/^/# /'
}
if [ -d "$TRACING/events/udp/udp_fail_queue_rcv_skb" ] &&
	[ -d "$TRACING/events/sock/sock_rcvqueue_full" ]; then
	rq_flood 127.0.0.1 5305 UdpRcvbufErrors
	check_eq "udp-overflow sent Q datagrams" $Q "$sent"
	check "UdpRcvbufErrors counted drops" test "$mib" -gt 0
	check_eq "ftrace's udp_fail_queue_rcv_skb with rc == -ENOMEM equals UdpRcvbufErrors" \
		"$mib" "$udp_hits"
	check_eq "rcvq: udp port 5305 in tprq: COUNT = UdpRcvbufErrors, RCVBUF = SO_RCVBUF" \
		"$mib $rcvbuf" "$(rq_row ipv4 udp 5305)"
	rq_raw ipv4 1
	check "rcvq debugfs file says it" grep -q "^$mib $rcvbuf ipv4 udp 5305 $rq_ns\$" "$DBG/rcvq"
	check_eq "rcvq: no lost update" 0 "$(jqv rcvq .overflow)"
	check_eq "export: tpstat_socket_rcvq_drops_total for it" "$mib" \
		"$("$TP" export | sed -n "s/^tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"5305\",netns=\"$rq_ns\",netns_cookie=\"[0-9][0-9]*\"} //p")"
	{ "$TP" -j rcvq; cat "$DBG/rcvq"; "$TP" export | grep '^tpstat_socket_rcvq'; } |
		sed 's/^/# /'

	# IPv6: 6.10 on fires the tracepoint on IPv6's path too (its format
	# gained the family in that change); before, the view cannot see them.
	rq_flood ::1 5306 Udp6RcvbufErrors
	check "Udp6RcvbufErrors counted drops" test "$mib" -gt 0
	udp6_rows=0
	if grep -q 'field:__u16 family' "$TRACING/events/udp/udp_fail_queue_rcv_skb/format"; then
		udp6_rows=1
		check_eq "ftrace's udp_fail_queue_rcv_skb with rc == -ENOMEM equals Udp6RcvbufErrors" \
			"$mib" "$udp_hits"
		check_eq "rcvq: udp6 port 5306: COUNT = Udp6RcvbufErrors, RCVBUF = SO_RCVBUF" \
			"$mib $rcvbuf" "$(rq_row ipv6 udp 5306)"
	else
		check_eq "before 6.10 IPv6's UDP drops do not fire udp_fail_queue_rcv_skb" 0 "$udp_hits"
		check_eq "... so the view has no udp6 row" "" "$(rq_row ipv6 udp 5306)"
	fi
	rq_raw ipv6 $udp6_rows
else
	"$TP" rcvq > /dev/null 2> "$TMP/err"
	check_eq "no udp_fail_queue_rcv_skb or sock_rcvqueue_full: rcvq is refused" 1 $?
	check "... saying what the kernel lacks" grep -qE 'udp_fail_queue_rcv_skb|sock_rcvqueue_full' "$TMP/err"
fi
ip netns del tprq
# --- neighbour failures: addresses nobody answers for -------------------------
# tpnf's nx (10.99.98.1/24, fd99:98::1/64) is cabled to tpnp's ny, which has no
# address: an ARP or ND solicitation for any other address of the subnet
# goes unanswered.  One datagram to each of A IPv4 and A6 IPv6 addresses
# starts one resolution each, which fails when its probes run out (one
# multicast solicitation, 100 ms apart, so it takes moments).  The view
# must show one failure per address on nx, as many as ftrace sees the
# neighbour timer leave FAILED (and updates fail none: nothing deletes a
# neighbour here), and as the kernel's res_failed counted.  A kernel
# without the tracepoints refuses the view.
if [ -d "$TRACING/events/neigh/neigh_timer_handler" ] &&
   [ -d "$TRACING/events/neigh/neigh_update" ]; then
	A=5 A6=3
	restart
	res_failed() {
		ip -s -j ntable show name "$1" | jq '[.[] | .res_failed // empty] | add'
	}
	ip netns add tpnf
	ip netns add tpnp
	ip link add nx netns tpnf type veth peer name ny netns tpnp
	ip netns exec tpnp sysctl -qw net.ipv6.conf.all.disable_ipv6=1
	ip netns exec tpnf sysctl -qw net.ipv6.conf.all.disable_ipv6=0
	ip netns exec tpnf sysctl -qw net.ipv6.conf.nx.disable_ipv6=0
	ip -n tpnp link set ny up
	ip -n tpnf addr add 10.99.98.1/24 dev nx
	ip -n tpnf addr add fd99:98::1/64 dev nx nodad
	ip -n tpnf link set nx up
	for p in ipv4 ipv6; do
		ip netns exec tpnf sysctl -qw net.$p.neigh.nx.mcast_solicit=1
		ip netns exec tpnf sysctl -qw net.$p.neigh.nx.retrans_time_ms=100
	done
	ns_n=$(ip netns exec tpnf stat -L -c %i /proc/self/ns/net)
	TIMER_HIST='hist:keys=common_cpu if nud_state == 32'
	UPDATE_HIST='hist:keys=common_cpu if new_state == 32 && (nud_state == 1 || nud_state == 16)'
	trigger neigh:neigh_timer_handler "$TIMER_HIST"
	trigger neigh:neigh_update "$UPDATE_HIST"
	rf4=$(res_failed arp_cache) rf6=$(res_failed ndisc_cache)
	sent=0
	for i in $(seq 10 $((9 + A))); do
		d=$(ip netns exec tpnf "$NETLOAD" udp-send "10.99.98.$i" 9 1 | sed -n 's/^datagrams=//p')
		sent=$((sent + ${d:-0}))
	done
	for i in $(seq 10 $((9 + A6))); do
		d=$(ip netns exec tpnf "$NETLOAD" udp-send "fd99:98::$i" 9 1 | sed -n 's/^datagrams=//p')
		sent=$((sent + ${d:-0}))
	done
	# Each fails within a few retransmit times; wait for them all, or 30 s.
	for _ in $(seq 1 60); do
		[ "$(hist_hits neigh:neigh_timer_handler 'hist:keys=common_cpu')" = $((A + A6)) ] && break
		sleep 0.5
	done
	quiesce
	timer=$(hist_hits neigh:neigh_timer_handler 'hist:keys=common_cpu')
	update=$(hist_hits neigh:neigh_update 'hist:keys=common_cpu')
	untrigger neigh:neigh_timer_handler "$TIMER_HIST"
	untrigger neigh:neigh_update "$UPDATE_HIST"
	check_eq "one datagram to each of A + A6 addresses" $((A + A6)) "$sent"
	check_eq "ftrace: the timer failed A + A6 neighbours" $((A + A6)) "${timer:-0}"
	check_eq "ftrace: no update failed one" 0 "${update:-0}"
	check_eq "the kernel's res_failed: A for ARP" $A $(($(res_failed arp_cache) - rf4))
	check_eq "... and A6 for ND" $A6 $(($(res_failed ndisc_cache) - rf6))
	check_eq "neigh: A IPv4 addresses on nx in tpnf, one failure each" \
		"$(for i in $(seq 10 $((9 + A))); do echo "1 nx ipv4 10.99.98.$i $ns_n"; done | paste -sd,)" \
		"$(jqv neigh '.neighbours[] | select(.family == "ipv4") | "\(.failures) \(.ifname) \(.family) \(.address) \(.netns)"' | sort -t. -k4n | paste -sd,)"
	check_eq "... A6 IPv6 ones" \
		"$(for i in $(seq 10 $((9 + A6))); do echo "1 nx ipv6 fd99:98::$i $ns_n"; done | paste -sd,)" \
		"$(jqv neigh '.neighbours[] | select(.family == "ipv6") | "\(.failures) \(.ifname) \(.family) \(.address) \(.netns)"' | sort | paste -sd,)"
	check_eq "... and nothing else: failures equal ftrace's" "${timer:-0}" \
		"$(jqv neigh '[.neighbours[].failures] | add // 0')"
	check "neigh debugfs file says it" grep -q "^1 $ns_n nx ipv4 10.99.98.10$" "$DBG/neigh"
	check "tpstat neigh prints the device first" grep -qE '^nx +10\.99\.98\.10 +1 ' <("$TP" neigh)
	check_eq "export: one sample per address" $((A + A6)) \
		"$("$TP" export | grep -c "^tpstat_neigh_failures_total{device=\"nx\",family=\"ipv[46]\",address=\"[0-9a-f:.]*\",netns=\"$ns_n\",netns_cookie=\"[0-9][0-9]*\"} 1$")"
	check_eq "neigh: no lost update" 0 "$(jqv neigh .overflow)"
	# tpnf reads only its own neighbours; tpa, none.
	check_eq "tpnf reads its A + A6" $((A + A6)) \
		"$(ip netns exec tpnf "$TP" -j neigh | jq '.neighbours | length')"
	check_eq "tpa reads none of them" 0 \
		"$(na "$TP" -j neigh | jq '.neighbours | length')"
	# Deleted while unresolved is a failure too (neigh_update, as res_failed
	# counts it); a resolved neighbour deleted is not.  One resolution is
	# kept INCOMPLETE (its next probe 30 s away) and deleted, and two
	# resolved ones (permanent, reachable) are deleted.
	ip netns exec tpnf sysctl -qw net.ipv4.neigh.nx.retrans_time_ms=30000
	"$TP" reset all
	trigger neigh:neigh_timer_handler "$TIMER_HIST"
	trigger neigh:neigh_update "$UPDATE_HIST"
	rf4=$(res_failed arp_cache)
	ip netns exec tpnf "$NETLOAD" udp-send 10.99.98.50 9 1 > /dev/null
	ip -n tpnf neigh add 10.99.98.51 lladdr 02:00:00:00:00:51 dev nx nud permanent
	ip -n tpnf neigh add 10.99.98.52 lladdr 02:00:00:00:00:52 dev nx nud reachable
	check_eq "10.99.98.50 is being resolved" INCOMPLETE \
		"$(ip -n tpnf -j neigh show 10.99.98.50 dev nx | jq -r '.[0].state[0]')"
	for i in 50 51 52; do ip -n tpnf neigh del 10.99.98.$i dev nx; done
	timer=$(hist_hits neigh:neigh_timer_handler 'hist:keys=common_cpu')
	update=$(hist_hits neigh:neigh_update 'hist:keys=common_cpu')
	untrigger neigh:neigh_timer_handler "$TIMER_HIST"
	untrigger neigh:neigh_update "$UPDATE_HIST"
	check_eq "ftrace: one update failed a resolution, the timer none" "1 0" \
		"${update:-0} ${timer:-0}"
	check_eq "... as res_failed counted" 1 $(($(res_failed arp_cache) - rf4))
	check_eq "neigh: the deleted unresolved one only" "1 nx 10.99.98.50" \
		"$(jqv neigh '.neighbours[] | "\(.failures) \(.ifname) \(.address)"' | paste -sd,)"

	# --- socket errors: H connects to an address nobody answers for, in tpnf
	# Their SYNs wait on one neighbour; when it fails, each comes back as
	# host unreachable: H EHOSTUNREACH reports, over IPv4 and over IPv6.
	if [ -d "$TRACING/events/sock/inet_sk_error_report" ]; then
		H=6
		# The unreachable errors are ICMP tpnf sends itself, over its lo.
		ip -n tpnf link set lo up
		ip netns exec tpnf sysctl -qw net.ipv4.neigh.nx.retrans_time_ms=100
		restart
		ERR_HIST='hist:keys=common_cpu if error == 113'
		trigger sock:inet_sk_error_report "$ERR_HIST"
		u4=$(ip netns exec tpnf "$NETLOAD" tcp-unreachable 10.99.98.60 5310 $H)
		u6=$(ip netns exec tpnf "$NETLOAD" tcp-unreachable fd99:98::60 5310 $H)
		quiesce
		err=$(hist_hits sock:inet_sk_error_report 'hist:keys=common_cpu')
		untrigger sock:inet_sk_error_report "$ERR_HIST"
		check_eq "H connects to 10.99.98.60 and H to fd99:98::60 unreachable" \
			"unreachable=$H other=0 unreachable=$H other=0" "$(echo $u4 $u6)"
		check_eq "ftrace saw 2H reports with EHOSTUNREACH" $((2 * H)) "${err:-0}"
		check_eq "errors: H EHOSTUNREACH (113) on tcp, remote port 5310, in tpnf, per family" \
			"$H EHOSTUNREACH 113 tcp ipv4 remote 5310 $ns_n,$H EHOSTUNREACH 113 tcp ipv6 remote 5310 $ns_n" \
			"$(jqv errors '.errors[] | select(.errno == 113) | "\(.count) \(.error) \(.errno) \(.protocol) \(.family) \(.port_side) \(.port) \(.netns)"' | sort | paste -sd,)"
		"$TP" errors | sed 's/^/# /'
		"$TP" -j errors | sed 's/^/# /'
		check_eq "... and tpstat errors says it, tcp and tcp6" 2 \
			"$("$TP" errors | grep -cE "^ +$H  EHOSTUNREACH \(113\) +tcp6? +remote port 5310  tpnf$")"
	fi
	ip netns del tpnf
	ip netns del tpnp
else
	"$TP" neigh > /dev/null 2> "$TMP/err"
	check_eq "no neigh tracepoints: neigh is refused" 1 $?
	check "... saying the kernel lacks them" grep -q 'neigh:neigh_' "$TMP/err"
fi

# --- histograms against ftrace's exact values ----------------------------------
restart
trigger tcp:tcp_probe 'hist:keys=srtt,snd_cwnd'
trigger net:net_dev_xmit 'hist:keys=len,rc'
bulk 200000 > /dev/null
quiesce
# log2 bucket as the module defines it: 0 -> 0, v -> bit length of v.
bucketize() { awk '{ b = 0; v = $1; while (v >= 1) { b++; v = int(v / 2) } c[b] += $2 }
	END { for (b in c) print b, c[b] }' | sort -n; }
# ftrace's exact values and their counts ("value count"), then bucketed.
hist_section tcp:tcp_probe 'hist:keys=srtt,snd_cwnd' |
	sed -nE 's/^\{ srtt: +([0-9]+), snd_cwnd: +([0-9]+) \} hitcount: +([0-9]+).*/\1 \3/p' \
	> "$TMP/srtt.raw"
hist_section tcp:tcp_probe 'hist:keys=srtt,snd_cwnd' |
	sed -nE 's/^\{ srtt: +([0-9]+), snd_cwnd: +([0-9]+) \} hitcount: +([0-9]+).*/\2 \3/p' \
	> "$TMP/cwnd.raw"
hist_section net:net_dev_xmit 'hist:keys=len,rc' |
	sed -nE 's/^\{ len: +([0-9]+), rc: +0 \} hitcount: +([0-9]+).*/\1 \2/p' \
	> "$TMP/xmit.raw"
for h in srtt cwnd xmit; do bucketize < "$TMP/$h.raw" > "$TMP/$h.want"; done
untrigger tcp:tcp_probe 'hist:keys=srtt,snd_cwnd'
untrigger net:net_dev_xmit 'hist:keys=len,rc'
ours() { "$TP" -j hist "$1" | jq -r '.histograms[0].buckets[] |
	"\(if .low == 0 then 0 else ((.low | log2 | floor) + 1) end) \(.count)"'; }
check "ftrace saw tcp_probe" test -s "$TMP/srtt.want"
check_eq "srtt_us buckets equal ftrace's srtt values, bucketed" \
	"$(cat "$TMP/srtt.want")" "$(ours srtt_us | awk '$2 > 0')"
check_eq "snd_cwnd buckets equal ftrace's" "$(cat "$TMP/cwnd.want")" \
	"$(ours snd_cwnd | awk '$2 > 0')"
check_eq "xmit_len buckets equal ftrace's len values" "$(cat "$TMP/xmit.want")" \
	"$(ours xmit_len | awk '$2 > 0')"
check_eq "rx_len sum equals netif_receive_skb.bytes" \
	"$(awk '$1 == "net:netif_receive_skb.bytes" { print $2 }' "$DBG/counters")" \
	"$(jqv 'hist rx_len' '.histograms[0].sum')"

# Percentiles: the bucket where the cumulative count reaches pct/100 of
# the total, [lo, hi), and lo + (hi - lo) * (rank - below) / count
# rounded down, at most hi - 1 (ctl/hist.h).  Recomputed here from the
# buckets the same JSON reports; "p50 lo hi estimate" lines.
# shellcheck disable=SC2016 # jq's variables
PCT_JQ='.histograms[0] | . as $h | [.buckets[].count] | add as $total |
	(50, 90, 99) as $p |
	[foreach $h.buckets[] as $b (0; . + $b.count;
		{ b: $b, below: (. - $b.count), cum: . })] |
	map(select(.b.count > 0 and 100 * .cum >= $p * $total))[0] |
	(.b.high + 1 - .b.low) as $w |
	"p\($p) \(.b.low) \(.b.high + 1) \(.b.low + ([(($w * ($p * $total -
	100 * .below)) / (100 * .b.count)) | floor, $w - 1] | min))"'
# ... and as the tool reports them.
# shellcheck disable=SC2016 # jq's variables
PCT_OURS='.histograms[0] | (50, 90, 99) as $p | .["p\($p)"] |
	"p\($p) \(.lo) \(.hi) \(.estimate)"'
# exact_pct <raw> <pct>: the pct-th percentile of ftrace's exact values,
# the smallest value with at least pct/100 of them at or below it.
exact_pct() { sort -n "$1" | awk -v p="$2" '{ v[NR] = $1; c[NR] = $2; t += $2 }
	END { for (i = 1; i <= NR; i++) { s += c[i]; if (100 * s >= p * t) { print v[i]; exit } } }'; }
for h in srtt_us:srtt snd_cwnd:cwnd xmit_len:xmit; do
	name=${h%:*}
	"$TP" -j hist "$name" > "$TMP/$name.json"
	check_eq "$name p50, p90, p99 agree with the buckets of the same JSON" \
		"$(jq -r "$PCT_JQ" "$TMP/$name.json" | paste -sd ";" -)" \
		"$(jq -r "$PCT_OURS" "$TMP/$name.json" | paste -sd ";" -)"
	for p in 50 90 99; do
		exact=$(exact_pct "$TMP/${h#*:}.raw" $p)
		read -r lo hi est < <(jq -r ".histograms[0].p$p | \"\(.lo) \(.hi) \(.estimate)\"" \
			"$TMP/$name.json")
		check "$name p$p: ftrace's exact p$p ($exact) is in [$lo, $hi), the estimate $est too" \
			test "${exact:-x}" -ge "${lo:-1}" -a "$exact" -lt "${hi:-0}" \
			-a "${est:-x}" -ge "$lo" -a "$est" -lt "$hi"
	done
done
"$TP" hist srtt_us > "$TMP/srtt.txt"
check "hist srtt_us text: p50, p90 and p99 lines with their bucket" \
	test "$(grep -cE '^    p(50|90|99) [0-9]+ usecs in \[[0-9]+, [0-9]+\)$' "$TMP/srtt.txt")" = 3

# --- filters -------------------------------------------------------------------
# filter_vs_ftrace <description> <ftrace filter> <tpstat filter args...>:
# inet_sock_set_state hits under the filter equal ftrace's under its own.
filter_vs_ftrace() {
	local what=$1 ff=$2 want got
	shift 2
	"$TP" filter "$@"
	restart
	trigger sock:inet_sock_set_state "hist:keys=common_pid if $ff"
	serve "$TMP/server1.out" "$NETLOAD" tcp-server 127.0.0.1 5001 4
	serve "$TMP/server2.out" "$NETLOAD" tcp-server 127.0.0.1 5011 3
	"$NETLOAD" tcp-connect 127.0.0.1 5001 4 > /dev/null
	"$NETLOAD" tcp-connect 127.0.0.1 5011 3 > /dev/null
	reap
	quiesce
	# The trigger info puts the filter last: the key alone finds it.
	want=$(hist_hits sock:inet_sock_set_state "hist:keys=common_pid:")
	untrigger sock:inet_sock_set_state "hist:keys=common_pid if $ff"
	got=$(awk '$1 == "sock:inet_sock_set_state" { print $2 }' "$DBG/counters")
	check "filter $*: something passed" test "${got:-0}" -gt 0
	check_eq "filter $*: $what" "${want:-0}" "$got"
	"$TP" filter clear
}
filter_vs_ftrace "local port hits equal ftrace's sport == 5001" "sport == 5001" lport 5001
filter_vs_ftrace "remote port hits equal ftrace's dport == 5011" "dport == 5011" rport 5011
filter_vs_ftrace "comm hits equal ftrace's comm == netload" 'comm == "netload"' comm netload
check_eq "filter clear leaves no filter" "no filter" "$("$TP" filter show)"

# pid: a server started first; its events against ftrace's common_pid.
# Quiet before it listens (quiesce waits out every socket but TIME-WAIT);
# blocked in accept, it does nothing between the reset and the trigger.
quiesce
serve "$TMP/server1.out" "$NETLOAD" tcp-server 127.0.0.1 5001 4
srv=${SERVERS[-1]}
"$TP" filter pid $srv
"$TP" reset all
trigger sock:inet_sock_set_state "hist:keys=common_pid if common_pid == $srv"
serve "$TMP/server2.out" "$NETLOAD" tcp-server 127.0.0.1 5011 3
"$NETLOAD" tcp-connect 127.0.0.1 5001 4 > /dev/null
"$NETLOAD" tcp-connect 127.0.0.1 5011 3 > /dev/null
reap
quiesce
want=$(hist_hits sock:inet_sock_set_state "hist:keys=common_pid:")
untrigger sock:inet_sock_set_state "hist:keys=common_pid if common_pid == $srv"
got=$(awk '$1 == "sock:inet_sock_set_state" { print $2 }' "$DBG/counters")
check "filter pid: something passed" test "${got:-0}" -gt 0
check_eq "filter pid: hits equal ftrace's common_pid == $srv" "${want:-0}" "$got"
"$TP" filter clear

# dev: net_dev_xmit on lo (index 1 in every namespace, as ftrace's name).
"$TP" filter dev lo
restart
trigger net:net_dev_xmit 'hist:keys=common_pid if name == "lo"'
"$NETLOAD" udp-send 127.0.0.1 5003 7 > /dev/null
bulk 100000 > /dev/null
quiesce
want=$(hist_hits net:net_dev_xmit 'hist:keys=common_pid:')
untrigger net:net_dev_xmit 'hist:keys=common_pid if name == "lo"'
got=$(awk '$1 == "net:net_dev_xmit" { print $2 }' "$DBG/counters")
check "filter dev lo: something passed" test "${got:-0}" -gt 0
check_eq "filter dev lo: net_dev_xmit hits equal ftrace's name == lo" "${want:-0}" "$got"
check_eq "filter dev lo: only lo in the devices view" lo \
	"$(jqv devices '[.devices[].ifname] | unique | join(",")')"
"$TP" filter clear

# netns: only tpa's devices are counted.
"$TP" filter netns "$(ip netns exec tpa stat -L -c %i /proc/self/ns/net)"
restart
"$NETLOAD" udp-send 127.0.0.1 5003 5 > /dev/null
bulk 200000 > /dev/null
quiesce
check_eq "filter netns: only va is in the devices view" va \
	"$(jqv devices '[.devices[].ifname] | join(",")')"
check_eq "filter netns: no drop on lo counted" 0 \
	"$(jqv 'drops --by dev' '[.drops[] | select(.ifname == "lo") | .count] | add // 0')"
"$TP" filter clear

# --- hardware drops: netdevsim's traps (dropwatch's hardware mode) -------------
# Debian's kernels have no netdevsim; the debug kernel has.
if [ -d /sys/bus/netdevsim ] || modprobe -q netdevsim 2>/dev/null; then
	# Its ports report trapped packets every 100 ms while they are up,
	# some traps by default: count from a port that is down to a device
	# that is gone, so the window is quiet at both ends.
	echo "11 1" > /sys/bus/netdevsim/new_device
	dl=netdevsim/netdevsim11
	restart
	trigger devlink:devlink_trap_report 'hist:keys=common_pid'
	devlink trap set $dl trap source_mac_is_multicast action trap
	for n in /sys/bus/netdevsim/devices/netdevsim11/net/*; do
		ip link set "${n##*/}" up
	done
	sleep 1.5
	echo 11 > /sys/bus/netdevsim/del_device
	want=$(hist_hits devlink:devlink_trap_report 'hist:keys=common_pid')
	untrigger devlink:devlink_trap_report 'hist:keys=common_pid'
	check "netdevsim reported trapped packets" test "${want:-0}" -gt 0
	check_eq "the traps view counts every report ftrace saw" "$want" \
		"$(jqv 'drops --by trap' "[.drops[] | select(.devlink == \"$dl\") | .count] | add")"
	check "... source_mac_is_multicast among them, in group l2_drops" test \
		"$(jqv 'drops --by trap' '.drops[] | select(.trap == "source_mac_is_multicast" and .trap_group == "l2_drops") | .count')" -gt 0
	check_eq "devlink_trap_report counter equals ftrace" "$want" \
		"$(awk '$1 == "devlink:devlink_trap_report" { print $2 }' "$DBG/counters")"
	check "traps debugfs file names the trap" grep -q " $dl l2_drops source_mac_is_multicast$" "$DBG/traps"
else
	echo "# no netdevsim in this kernel: hardware drop traps not exercised"
fi

# --- overflow: a table too small on purpose --------------------------------------
rmmod tpstat
insmod "$KO" reset_keys=2 rcvq_keys=1
restart
for p in 5021 5022 5023 5024 5025; do
	"$NETLOAD" tcp-refused 127.0.0.1 $p 1 > /dev/null
done
quiesce
updates=$(awk '$1 == "tcp:tcp_send_reset" || $1 == "tcp:tcp_receive_reset" { s += $2 } END { print s }' "$DBG/counters")
landed=$(jqv resets '[.resets[] | .sent + .received] | add')
overflow=$(jqv resets .overflow)
echo "# resets: $updates updates, $landed landed, $overflow lost"
check "the small table filled" test "$(jqv resets .entries)" -ge 2
check "updates were lost" test "$overflow" -gt 0
check_eq "lost updates equal updates minus those counted" $((updates - landed)) "$overflow"
check "debugfs says the same overflow" grep -q "^# overflow $overflow " "$DBG/resets"
# rcvq_keys=1: two flooded UDP ports (and a raw socket where it fires),
# one key kept; every update either landed or was lost, and counted.
restart
"$NETLOAD" udp-overflow 127.0.0.1 5307 10 > /dev/null
"$NETLOAD" udp-overflow 127.0.0.1 5308 10 > /dev/null
quiesce
updates=$(awk '$1 == "udp:udp_fail_queue_rcv_skb" || $1 == "sock:sock_rcvqueue_full" { s += $2 } END { print s }' "$DBG/counters")
landed=$(jqv rcvq '[.rcvq[].count] | add')
overflow=$(jqv rcvq .overflow)
echo "# rcvq: $updates updates, $landed landed, $overflow lost"
check_eq "rcvq_keys=1: one key" 1 "$(jqv rcvq .entries)"
check "updates were lost" test "$overflow" -gt 0
check_eq "lost updates equal updates minus those counted" $((updates - landed)) "$overflow"
check "debugfs says the same overflow" grep -q "^# overflow $overflow " "$DBG/rcvq"

# --- permissions -------------------------------------------------------------------
private="retrans resets lifetime errors rcvq neigh"
[ -d "$TRACING/events/tcp/tcp_hash_md5_mismatch" ] && private="$private auth"
for v in $private; do
	nobody "$TP" "$v" > /dev/null 2> "$TMP/err"
	check_eq "$v as nobody is refused" 1 $?
	check "... saying CAP_NET_ADMIN" grep -q CAP_NET_ADMIN "$TMP/err"
done
for v in drops states devices hist; do
	check "$v as nobody works" nobody "$TP" "$v" > /dev/null
done
nobody "$TP" filter lport 1 2> "$TMP/err"
check_eq "filter as nobody is refused" 1 $?

# --- a view bigger than the reader's buffer -------------------------------------------
# 400 SYNs from distinct addresses into a lo that drops everything: each
# one retransmitted, one retrans entry each.  debugfs must give every
# entry once across the pages its reads take, as the netlink dump does.
tc qdisc add dev lo root netem loss 100%
python3 - <<'PY'
import socket, time
socks = []
for i in range(400):
    s = socket.socket()
    s.setblocking(False)
    s.bind(("127.1.%d.%d" % (i // 250, i % 250 + 1), 0))
    try:
        s.connect(("127.0.0.1", 7002))
    except BlockingIOError:
        pass
    socks.append(s)
time.sleep(1.6)
for s in socks:
    s.close()
PY
tc qdisc del dev lo root
cat "$DBG/retrans" > "$TMP/retrans.dbg"
"$TP" -j retrans > "$TMP/retrans.json"
entries=$(awk 'NR == 1 { print $5 }' "$TMP/retrans.dbg")
check "debugfs retrans is bigger than a page ($(wc -c < "$TMP/retrans.dbg") bytes)" \
	test "$(wc -c < "$TMP/retrans.dbg")" -gt 16384
check_eq "... one line per entry its header counts" "$entries" \
	$(($(wc -l < "$TMP/retrans.dbg") - 2))
check_eq "... each flow once" "$entries" \
	"$(tail -n +3 "$TMP/retrans.dbg" | sort -u | wc -l)"
check_eq "... the 400 SYN flows among them" 400 \
	"$(grep -c ' 127\.1\.[01]\.[0-9]*:' "$TMP/retrans.dbg")"
check_eq "... as many as the netlink dump gives" "$(jq '.flows | length' "$TMP/retrans.json")" \
	"$entries"
check_eq "... with the same retransmits" \
	"$(jq '[.flows[].retransmits] | add' "$TMP/retrans.json")" \
	"$(tail -n +3 "$TMP/retrans.dbg" | awk '{ n += $1 } END { print n }')"

# --- a view left out by views= ------------------------------------------------------
# The kernel says why (6.1 drops a dump start's message: the module gives
# it from the dump instead), and the tool prints it.
rmmod tpstat
insmod "$KO" views=drops
"$TP" retrans > /dev/null 2> "$TMP/err"
check_eq "views=drops: retrans is refused" 1 $?
check "... with the kernel's reason, in one line" \
	test "$(wc -l < "$TMP/err")" = 1 -a -n "$(grep 'loaded with views=' "$TMP/err")"
sed 's/^/# /' "$TMP/err"
check "... and drops still works" "$TP" drops > /dev/null

suite_end
