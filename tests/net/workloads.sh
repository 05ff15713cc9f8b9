# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Workloads that make the networking trace systems beyond TCP fire, for
# the guest suites (events.sh).  Each is bounded, talks only to loopback
# and to namespaces it makes, removes them again, and prints what it did
# as name=value.  Needs lib.sh (NETLOAD).
#
#   wl_udp_full      UDP and raw sockets with full receive queues
#                    (udp:udp_fail_queue_rcv_skb, sock:sock_rcvqueue_full);
#                    prints the kernel's UdpRcvbufErrors over it
#   wl_sock_refused  connects to a closed port (sock:inet_sk_error_report)
#   wl_neigh_fail    a neighbour that never answers (neigh:*)
#   wl_qdisc         a pfifo qdisc with traffic (qdisc:*)
#   wl_fib           IPv4 and IPv6 routed between namespaces (fib:*, fib6:*)
#   wl_all           all of them but wl_sockmem
#   wl_events        TCP connections, datagrams to a closed port and a
#                    bulk transfer from tpa to tpb (make_namespaces),
#                    then wl_all (events.sh, contract.sh)
#   wl_sockmem       UDP over its protocol memory limit
#                    (sock:sock_exceed_buf_limit); prints the refusals
#   wl_udp_mem       the same without Python (netload udp-mem)
#   wl_tcp_md5       SYNs without the TCP-MD5 key a listener wants
#                    (tcp:tcp_hash_md5_required, 6.7 on)

# snmp_value <proto> <field>: a field of /proc/net/snmp, e.g. Udp RcvbufErrors.
snmp_value() {
	awk -v p="$1:" -v f="$2" '
		$1 == p && !names { for (i = 2; i <= NF; i++) col[$i] = i; names = 1; next }
		$1 == p && names { print $col[f]; exit }' /proc/net/snmp
}

wl_udp_full() {
	local before after out
	before=$(snmp_value Udp RcvbufErrors)
	out=$("$NETLOAD" udp-overflow 127.0.0.1 5301 200)
	after=$(snmp_value Udp RcvbufErrors)
	echo "udp_overflow: $out udp_rcvbuf_errors=$((after - before))"
}

# wl_sockmem: net.ipv4.udp_mem set tiny (and restored), and 40 datagrams
# of 60,000 bytes to a socket on 127.0.0.1:5304 that reads nothing, with
# a receive buffer far above them: once UDP's pages pass the limit, each
# further datagram is refused.  Not in wl_all: the limit is system-wide.
wl_sockmem() {
	local old out
	old=$(sysctl -n net.ipv4.udp_mem)
	sysctl -qw net.ipv4.udp_mem="4 8 16"
	out=$(/usr/bin/python3 - <<'PY'
import socket
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
r.setsockopt(socket.SOL_SOCKET, 33, 64 << 20)  # SO_RCVBUFFORCE
r.bind(("127.0.0.1", 5304))
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(40):
    s.sendto(b"x" * 60000, ("127.0.0.1", 5304))
udp = [l.split() for l in open("/proc/net/sockstat") if l.startswith("UDP:")][0]
print("sent=40 udp_pages=%s" % udp[udp.index("mem") + 1])
PY
)
	sysctl -qw net.ipv4.udp_mem="$old"
	echo "sockmem: $out"
}

# wl_udp_mem: wl_sockmem's workload from netload (the foreign
# architectures' roots have no Python): net.ipv4.udp_mem tiny, and
# restored, around 40 datagrams of 60,000 bytes to a socket on
# 127.0.0.1:5306 that reads nothing, its receive buffer forced far above
# them.  Not in wl_all: the limit is system-wide.
wl_udp_mem() {
	local old out
	old=$(sysctl -n net.ipv4.udp_mem)
	sysctl -qw net.ipv4.udp_mem="4 8 16"
	out=$("$NETLOAD" udp-mem 127.0.0.1 5306 40)
	sysctl -qw net.ipv4.udp_mem="$old"
	echo "udp_mem: $out"
}

# wl_tcp_md5: 4 connects from 127.0.0.1 without a key to a listener on
# 127.0.0.1:5307 that has one for it.
wl_tcp_md5() {
	echo "tcp_md5: $("$NETLOAD" tcp-md5 127.0.0.1 5307 4)"
}

wl_sock_refused() {
	echo "sock_refused: $("$NETLOAD" tcp-refused 127.0.0.1 5302 5)"
}

# One namespace, tpn, whose veth peer has no address: ARP for 10.99.7.2
# is never answered, and with one solicitation 100 ms apart the entry is
# FAILED at once.  No IPv6 there, so nothing else talks.
wl_neigh_fail() {
	local state=
	ip netns add tpn
	ip netns exec tpn sysctl -qw net.ipv6.conf.all.disable_ipv6=1
	ip netns exec tpn sysctl -qw net.ipv6.conf.default.disable_ipv6=1
	ip -n tpn link add nv0 type veth peer name nv1
	ip -n tpn addr add 10.99.7.1/24 dev nv0
	ip netns exec tpn sysctl -qw net.ipv4.neigh.nv0.mcast_solicit=1
	ip netns exec tpn sysctl -qw net.ipv4.neigh.nv0.retrans_time_ms=100
	ip -n tpn link set nv1 up
	ip -n tpn link set nv0 up
	ip netns exec tpn "$NETLOAD" udp-send 10.99.7.2 5303 1 > /dev/null
	for _ in $(seq 1 50); do
		state=$(ip -n tpn neigh show 10.99.7.2 dev nv0 | awk '{ print $NF }')
		[ "$state" = FAILED ] && break
		sleep 0.1
	done
	ip netns del tpn
	echo "neigh_fail: state=${state:-none}"
}

# Two namespaces, tpwa and tpwb, on a veth pair whose tpwb end drops every
# 10th packet arriving (gact's deterministic mode), and 1 MB from tpwa
# to tpwb: retrans view's retransmits past the handshake. veth sends
# segments of up to 64 kB whole, so 200 kB could be seven packets with
# the handshake and the FIN, none of them the 10th; 1 MB is at least 16
# data packets, and the 10th is one of them.
wl_retrans() {
	local out n
	for n in tpwa tpwb; do
		ip netns add $n
		ip -n $n link set lo up
	done
	ip link add xv netns tpwa type veth peer name yv netns tpwb
	ip -n tpwa addr add 10.99.9.1/24 dev xv
	ip -n tpwb addr add 10.99.9.2/24 dev yv
	ip -n tpwa link set xv up
	ip -n tpwb link set yv up
	tc -n tpwb qdisc add dev yv clsact
	tc -n tpwb filter add dev yv ingress matchall action gact ok random determ drop 10
	serve "$TMP/wl_retrans.out" ip netns exec tpwb "$NETLOAD" bulk-server 10.99.9.2 5306
	out=$(ip netns exec tpwa "$NETLOAD" bulk-client 10.99.9.2 5306 1000000)
	reap
	for n in tpwa tpwb; do
		ip netns del $n
	done
	echo "retrans: $out"
}

# A pfifo qdisc on tpa's va (make_namespaces), 50 datagrams through it,
# and the qdisc removed again (create, enqueue and dequeue, reset, destroy).
wl_qdisc() {
	local out
	tc -n tpa qdisc replace dev va root pfifo limit 1000
	out=$(na "$NETLOAD" udp-send 10.99.0.2 5304 50)
	tc -n tpa qdisc del dev va root
	echo "qdisc: $out"
}

# Three namespaces, tpr1 - tpr0 - tpr2, tpr0 forwarding both families:
#   tpr1 10.99.1.1 fd99:1::1 <-> 10.99.1.2 fd99:1::2 tpr0
#   tpr0 10.99.2.2 fd99:2::2 <-> 10.99.2.1 fd99:2::1 tpr2
# datagrams from tpr1 to a closed port on tpr2, answered by an ICMP error
# routed back.
wl_fib() {
	local n v4 v6
	for n in tpr0 tpr1 tpr2; do
		ip netns add $n
		ip -n $n link set lo up
		ip netns exec $n sysctl -qw net.ipv6.conf.all.disable_ipv6=0
		ip netns exec $n sysctl -qw net.ipv6.conf.default.disable_ipv6=0
		ip netns exec $n sysctl -qw net.ipv6.conf.default.accept_dad=0
	done
	ip netns exec tpr0 sysctl -qw net.ipv4.ip_forward=1
	ip netns exec tpr0 sysctl -qw net.ipv6.conf.all.forwarding=1
	ip link add r1 netns tpr1 type veth peer name r01 netns tpr0
	ip link add r2 netns tpr2 type veth peer name r02 netns tpr0
	ip -n tpr1 addr add 10.99.1.1/24 dev r1
	ip -n tpr1 addr add fd99:1::1/64 dev r1 nodad
	ip -n tpr0 addr add 10.99.1.2/24 dev r01
	ip -n tpr0 addr add fd99:1::2/64 dev r01 nodad
	ip -n tpr0 addr add 10.99.2.2/24 dev r02
	ip -n tpr0 addr add fd99:2::2/64 dev r02 nodad
	ip -n tpr2 addr add 10.99.2.1/24 dev r2
	ip -n tpr2 addr add fd99:2::1/64 dev r2 nodad
	for n in tpr0:r01 tpr0:r02 tpr1:r1 tpr2:r2; do
		ip -n "${n%%:*}" link set "${n#*:}" up
	done
	ip -n tpr1 route add default via 10.99.1.2
	ip -n tpr1 -6 route add default via fd99:1::2
	ip -n tpr2 route add default via 10.99.2.2
	ip -n tpr2 -6 route add default via fd99:2::2
	v4=$(ip netns exec tpr1 "$NETLOAD" udp-send 10.99.2.1 5305 20)
	v6=$(ip netns exec tpr1 "$NETLOAD" udp-send fd99:2::1 5305 20)
	for n in tpr0 tpr1 tpr2; do
		ip netns del $n
	done
	echo "fib: ipv4 $v4 ipv6 $v6"
}

wl_all() {
	wl_udp_full
	wl_sock_refused
	wl_neigh_fail
	wl_qdisc
	wl_fib
}

# Ports 5001 (10 connections) and 5003 (10 datagrams), and bulk's 5004.
wl_events() {
	serve "$TMP/wl_server.out" "$NETLOAD" tcp-server 127.0.0.1 5001 10
	echo "tcp_connect: $("$NETLOAD" tcp-connect 127.0.0.1 5001 10)"
	reap
	echo "udp_send: $("$NETLOAD" udp-send 127.0.0.1 5003 10)"
	echo "bulk: received=$(bulk 200000)"
	wl_all
}
