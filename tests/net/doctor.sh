#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tpstat doctor against workloads with known answers, inside a test
# kernel as root (tests/vm/boot.sh):
#   tests/net/doctor.sh <tpstat.ko>
#
# - A quiet host (everything reset): no finding, exit status 0.
# - A UDP receiver on 127.0.0.1:5331 that asks for SO_RCVBUF 1 (the
#   kernel gives its minimum) and reads nothing, sent 40 datagrams of
#   1000 bytes: doctor's rcvq_overflow names udp port 5331, the buffer
#   getsockopt() gives, the rcvq view's count, and net.core.rmem_default
#   and rmem_max as sysctl says them; exit status 3; text and JSON agree.
# - The same receiver with a 1 MiB SO_RCVBUF after tpstat reset all (the
#   counts are since the last reset): nothing dropped, no finding, 0.
# - Fewer drops than the minimum (10): no finding, 0.
# - As nobody, who may not read rcvq (it names sockets): rcvq is named as
#   not read, and where the kernel names the drops SOCKET_RCVBUFF the
#   finding comes from the drops view, without a port.
# - Refused connects and datagrams to closed ports: closed_port names the
#   TCP port (from 6.10, where the kernel's reset without a socket fires
#   tcp_send_reset) and the UDP drops (drop reasons, 5.17 on), most first.
# - The same refused connects, from the clients' side: connect_errors
#   names ECONNREFUSED on tcp port 5333 with the errors view's count;
#   with a listener there, the same connects make no finding.
# - Connects into a dummy device, which drops all it sends, with
#   net.ipv4.tcp_syn_retries 1: connect_errors names ETIMEDOUT on that
#   port and tcp_syn_retries' value; with the address made local and a
#   listener on it, none.
# - UDP over its memory limit: net.ipv4.udp_mem set to 4 8 16 pages and
#   40 datagrams of 60,000 bytes to a socket with a 64 MiB buffer that
#   reads nothing: sockmem_pressure names udp, port 5341, the sockmem
#   view's count and udp_mem's value, and rcvq_overflow names nothing
#   (the socket's own buffer was not full); with udp_mem as it was, the
#   same flood makes no finding.
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
# - A TCP-MD5 key that differs: a listener on 127.0.0.1:5345 keyed
#   "right" for 127.0.0.1 and 10 connects signed "wrong" (auth.sh's
#   tcp_md5.py): auth_failures names peer 127.0.0.1, port 5345 and the
#   auth view's md5_mismatch count (6.7 on); with the right key the 10
#   connect and there is none.
# - A firewall that drops: an nftables rule with a counter dropping UDP
#   to port 5347, 40 datagrams to a receiver there: netfilter_drops
#   names the initial namespace with nft's count (the drops view's
#   NETFILTER_DROP); without the rule, all 40 arrive and none.
# - Retransmits to one peer: 2 MB from namespace tpda to tpdb over a
#   veth pair whose tpdb end drops every 50th packet arriving (gact):
#   retrans_peer names 10.99.11.2 in tpda with the retrans view's count
#   and tpda's TcpRetransSegs (nstat);
# - Retransmits spread over peers: the same pair, tpdb's end answering
#   on 10.99.11.2, .3 and .4 and dropping every 50th packet again, and
#   700 kB to each: retrans_spread names tpda, 3 peers, the retrans
#   view's count (all of it TcpRetransSegs' increase) and
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
# - Heavy but healthy: a 20 MB bulk transfer and 20 request/response
#   connections on loopback: no finding.
# - The receiver in namespace tpdoc, doctor with -n tpdoc: the port, and
#   the knobs as that namespace's /proc/sys says them.
# - Inside a container (nobody's user namespace and network namespace,
#   made by unshare), whose root floods its own receiver while the
#   initial namespace's overflows too: the container's doctor names its
#   port in its namespace and never the initial namespace's; root's
#   names both.
# - What happened then: views intervals of 2 s, a receiver on port 5350
#   overflowing, then tpstat reset all: doctor finds nothing since the
#   reset, doctor --since the burst names rcvq_overflow on 5350 with the
#   count the rcvq view had before the reset, --since after it nothing.
# - What moves from now on: doctor -i 2 -c 1 finds nothing of a burst
#   before its interval, and -i 15 -c 1 names one 2 s into it, with its
#   count.  A listener with a backlog of 1 and 20 connects at
#   once in such an interval: listen_overflow from TcpExtListenOverflows,
#   with nstat's count.
# Each run's text and JSON go to the log ("# " lines): docs/doctor.md's
# example is taken from there.
# - Prometheus's rules (contrib/prometheus/tpstat.rules.yml) against
#   doctor: each scenario's tpstat export before and after it, with root's
#   doctor -j of the same moment, go to doctor-exports/ in the guest's
#   /tmp/out (tests/vm/boot.sh's --out); tests/fleet/promtest.py makes
#   them promtool's series, and promtool test rules must find each alert
#   firing exactly where doctor's finding is, with its count, and on the
#   quiet scenarios none.  tests/fleet/captured/ is one such run's.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
quiet_ipv6
suite_load
restart() { quiesce; "$TP" reset all; }
# jqv <view command> <jq filter>: the tool's JSON through jq.
# shellcheck disable=SC2086 # the command's words: drops --by reason
jqv() { "$TP" -j $1 | jq -r "$2"; }
has_reasons=$("$TP" -j info | jq '.features | index("drop_reason") != null')

# The receiver and its sender, one program: a UDP socket on
# 127.0.0.1:PORT asking for SO_RCVBUF WANT that reads nothing while N
# datagrams of 1000 bytes are sent to it (loopback delivers each before
# sendto() returns), then reads what was queued.  Prints
# "rcvbuf=<the kernel's> received=<queued>".
cat > "$TMP/flood.py" << 'EOF'
import socket
import sys

port, want, n = (int(a) for a in sys.argv[1:4])
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
r.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, want)
r.bind(("127.0.0.1", port))
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(n):
    s.sendto(b"x" * 1000, ("127.0.0.1", port))
r.setblocking(False)
got = 0
try:
    while True:
        r.recv(2000)
        got += 1
except BlockingIOError:
    pass
print("rcvbuf=%d received=%d" % (r.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF), got))
EOF
# flood [ip netns exec NS] PORT WANT N: sets rcvbuf and received.
flood() {
	local out
	out=$("${@:1:$#-3}" python3 "$TMP/flood.py" "${@: -3}")
	echo "# flood ${*: -3}: $out"
	rcvbuf=$(sed -n 's/^rcvbuf=\([0-9]*\) .*/\1/p' <<< "$out")
	received=$(sed -n 's/.* received=\([0-9]*\)$/\1/p' <<< "$out")
}
# N non-blocking connects to ADDR:PORT at once, each waited for:
# prints each outcome and how many ("ETIMEDOUT=10", "ok=10").
cat > "$TMP/connects.py" << 'EOF'
import errno
import select
import socket
import sys

addr, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
pending, outcome = [], {}
for _ in range(n):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    s.connect_ex((addr, port))
    pending.append(s)
while pending:
    _, done, _ = select.select([], pending, [], 60)
    if not done:
        break
    for s in done:
        e = s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        k = errno.errorcode.get(e, str(e)) if e else "ok"
        outcome[k] = outcome.get(k, 0) + 1
        pending.remove(s)
        s.close()
outcome["unfinished"] = len(pending)
print(" ".join("%s=%d" % kv for kv in sorted(outcome.items()) if kv[1]))
EOF
# doctor [ARGS...]: the tool's doctor, its text in OUT and its exit
# status in ST, both in the log.
doctor() {
	OUT=$("$TP" "$@" doctor 2> "$TMP/err")
	ST=$?
	echo "# \$ tpstat $* doctor  (exit status $ST)"
	{ printf '%s\n' "$OUT"; cat "$TMP/err"; } | sed 's/^/# /'
}
# doctor_since T [ARGS...]: doctor --since T, as doctor does.
doctor_since() {
	OUT=$("$TP" "${@:2}" doctor --since "$1" 2> "$TMP/err")
	ST=$?
	echo "# \$ tpstat ${*:2} doctor --since $1  (exit status $ST)"
	{ printf '%s\n' "$OUT"; cat "$TMP/err"; } | sed 's/^/# /'
}
# The exports for the Prometheus rules: snap_before NAME after the
# scenario's reset, snap_after NAME once it ran (with root's doctor -j in
# the initial namespace, as the export sees every namespace).
FLEET=$TMP/doctor-exports
[ -d /tmp/out ] && [ -w /tmp/out ] && FLEET=/tmp/out/doctor-exports
rm -rf "$FLEET"
mkdir -p "$FLEET"
snap_before() { "$TP" export > "$FLEET/$1.before.prom"; }
snap_after() {
	"$TP" export > "$FLEET/$1.after.prom"
	"$TP" -j doctor > "$FLEET/$1.doctor.json"
}
# fleet_check: promtool's unit test of the rules over the exports.
fleet_check() {
	local top=$here/../..
	if ! command -v promtool > /dev/null || ! python3 -c 'import yaml' 2> /dev/null; then
		echo "# no promtool or python3-yaml (tests/deps.sh installs them): the rules not tested"
		return
	fi
	check "the rules file is tpstat doctor --prometheus" \
		cmp -s "$top/contrib/prometheus/tpstat.rules.yml" <("$TP" doctor --prometheus)
	# The redirections inside: check's own TAP line goes to stdout.
	promtest() {
		python3 "$top/tests/fleet/promtest.py" "$FLEET" \
			"$top/contrib/prometheus/tpstat.rules.yml" > "$TMP/fleet.yml" 2> "$TMP/fleet.err"
	}
	check "promtool's test made of $(find "$FLEET" -name '*.doctor.json' | wc -l) scenarios' exports" \
		promtest
	sed 's/^/# /' "$TMP/fleet.err"
	# An empty file is a test of nothing, which promtool passes.
	check "promtool test rules: each alert fires where doctor's finding is, with its count, and nowhere else" \
		promtool_test "$TMP/fleet.yml"
	sed -n '/./s/^/# /p' "$TMP/promtool.log"
	dashboard() {
		python3 "$top/tests/fleet/dashboard.py" "$top/contrib/grafana/tpstat.json" \
			"$FLEET"/*.prom > "$TMP/dashboard.log"
	}
	check "the Grafana dashboard's queries name only what these exports write" dashboard
	grep -v '^ok ' "$TMP/dashboard.log" | sed 's/^/# /'
}
# promtool_test <test file>: promtool test rules on a file with tests.
promtool_test() {
	grep -q '^- name: ' "$1" && promtool test rules "$1" > "$TMP/promtool.log" 2>&1
}
# rule_count <json> <rule> <jq condition>: the count of that finding.
rule_count() {
	jq -r "[.findings[] | select(.rule == \"$2\" and ($3)) | .count] | add // 0" <<< "$1"
}

# --- a quiet host ----------------------------------------------------------------
restart
snap_before quiet
snap_after quiet
doctor
check_eq "quiet: exit status 0" 0 "$ST"
check "quiet: no findings, said so" grep -q '^no findings; counted since' <<< "$OUT"
doctor -j
check_eq "quiet: JSON: no findings" 0 "$(jq '.findings | length' <<< "$OUT")"
# auth (6.7 on) where the kernel has its tracepoints.
read_views='"devices","drops","errors","neigh","rcvq","resets","retrans","sockmem"'
"$TP" auth > /dev/null 2>&1 && read_views="\"auth\",$read_views"
check_eq "quiet: JSON: auth, devices, drops, errors, neigh, rcvq, resets, retrans and sockmem read" \
	"$read_views" \
	"$(jq -c '.views_read | sort' <<< "$OUT" | tr -d '[]')"

if ! "$TP" rcvq > /dev/null 2> "$TMP/err"; then
	echo "# the rcvq view is not there: $(cat "$TMP/err"); no receive-queue parts"
	suite_end
	exit
fi
rmem_default=$(sysctl -n net.core.rmem_default)
rmem_max=$(sysctl -n net.core.rmem_max)

part_took "doctor: a quiet host"
# --- a receive queue that overflows --------------------------------------------
restart
snap_before rcvq
flood 5331 1 40
quiesce
snap_after rcvq
dropped=$((40 - received))
check "the tiny buffer dropped at least 10" test "$dropped" -ge 10
view=$(jqv rcvq '[.rcvq[] | select(.protocol == "udp" and .port == 5331) | .count] | add // 0')
check_eq "the rcvq view counts the drops" "$dropped" "$view"
doctor
check_eq "rcvq overflow: exit status 3" 3 "$ST"
check "... the text names udp port 5331 and its buffer" \
	grep -q "who:    udp port 5331, netns init, receive buffer $rcvbuf bytes at the last drop" <<< "$OUT"
check "... and rmem_default and rmem_max as sysctl says them" \
	grep -qF "knobs:  net.core.rmem_default = $rmem_default; net.core.rmem_max = $rmem_max" <<< "$OUT"
check "... and the command that shows more" grep -qx '    more:   tpstat rcvq port 5331' <<< "$OUT"
doctor -j
J=$OUT
check "rcvq overflow: the JSON is valid" jq -e . <<< "$J" > /dev/null
check_eq "... the first finding is rcvq_overflow on udp port 5331" "rcvq_overflow udp 5331" \
	"$(jq -r '.findings[0] | "\(.rule) \(.who.protocol) \(.who.port)"' <<< "$J")"
check_eq "... its count is the view's" "$view" "$(jq '.findings[0].count' <<< "$J")"
check_eq "... its buffer getsockopt()'s" "$rcvbuf" "$(jq '.findings[0].who.rcvbuf' <<< "$J")"
check_eq "... rmem_default's value" "$rmem_default" \
	"$(jq -r '.findings[0].knobs[] | select(.name == "net.core.rmem_default") | .value' <<< "$J")"
check_eq "... rmem_max's value" "$rmem_max" \
	"$(jq -r '.findings[0].knobs[] | select(.name == "net.core.rmem_max") | .value' <<< "$J")"
check_eq "... the window" since_load "$(jq -r '.findings[0].window' <<< "$J")"
check_eq "... and more" "tpstat rcvq port 5331" "$(jq -r '.findings[0].more' <<< "$J")"

part_took "doctor: a receive queue that overflows"
# --- a larger buffer: nothing dropped, no finding --------------------------------
# The counts are since the last reset: the tiny buffer's drops stay until
# one.
restart
snap_before larger_buffer
flood 5331 1048576 40
quiesce
snap_after larger_buffer
check_eq "a 1 MiB buffer queued every datagram" 40 "$received"
doctor
check_eq "larger buffer: exit status 0" 0 "$ST"
# shellcheck disable=SC2016 # $1 is the inner shell's
check "... no rcvq_overflow" bash -c '! grep -q rcvq_overflow <<< "$1"' _ "$OUT"

part_took "doctor: a larger buffer"
# --- fewer drops than the minimum ---------------------------------------------------
restart
snap_before below_minimum
flood 5332 1 8
quiesce
snap_after below_minimum
few=$(jqv rcvq '[.rcvq[] | select(.port == 5332) | .count] | add // 0')
check "8 datagrams to the tiny buffer: drops, fewer than 10 ($few)" \
	test "$few" -gt 0 -a "$few" -lt 10
doctor
check_eq "below the minimum: exit status 0" 0 "$ST"

part_took "doctor: fewer drops than the minimum"
# --- as nobody: rcvq refused, drops read ------------------------------------------
restart
flood 5331 1 40
quiesce
rcvbuff=$(jqv 'drops --by reason' '[.drops[] | select(.reason == "SOCKET_RCVBUFF") | .count] | add // 0')
OUT=$(nobody "$TP" doctor 2> "$TMP/err")
ST=$?
echo "# \$ tpstat doctor  (as nobody; exit status $ST)"
{ printf '%s\n' "$OUT"; cat "$TMP/err"; } | sed 's/^/# /'
check "as nobody: rcvq is named as not read, CAP_NET_ADMIN" \
	grep -q '^not read: rcvq: .*CAP_NET_ADMIN' <<< "$OUT"
if [ "$rcvbuff" -ge 10 ]; then
	check_eq "as nobody: SOCKET_RCVBUFF from drops is a finding: exit status 3" 3 "$ST"
	check "... counted from drops, without a port" \
		grep -q "^\[1\] rcvq_overflow: $rcvbuff packets dropped because a socket's receive queue was full (SOCKET_RCVBUFF)" <<< "$OUT"
else
	echo "# this kernel names no SOCKET_RCVBUFF drop ($rcvbuff): nothing for nobody to find"
	check_eq "as nobody: exit status 0" 0 "$ST"
fi

part_took "doctor: as nobody"
# --- closed ports ------------------------------------------------------------------
restart
snap_before closed_ports
"$NETLOAD" tcp-refused 127.0.0.1 5333 12 > /dev/null
"$NETLOAD" udp-send 127.0.0.1 5334 15 > /dev/null
quiesce
snap_after closed_ports
doctor -j
J=$OUT
tcp_resets=$(jqv resets '[.resets[] | select(.direction == "passive" and .port == 5333 and .reason == "NO_SOCKET") | .sent] | add // 0')
if [ "$tcp_resets" -gt 0 ]; then
	check_eq "closed_port: tcp port 5333, the resets sent" "$tcp_resets" \
		"$(rule_count "$J" closed_port '.who.port == 5333 and .who.protocol == "tcp"')"
else
	echo "# no reset without a socket in the resets view (before 6.10): no TCP port to name"
fi
if [ "$has_reasons" = true ]; then
	check_eq "closed_port: the 15 UDP datagrams to no socket" 15 \
		"$(rule_count "$J" closed_port '.who.protocol == "udp"')"
	check_eq "... exit status 3" 3 "$ST"
fi
# shellcheck disable=SC2016 # jq's variable
check "closed_port: ranked most first" jq -e \
	'[.findings[].count] as $c | $c == ($c | sort | reverse)' <<< "$J" > /dev/null
has_errors=$("$TP" errors > /dev/null 2>&1 && echo yes)
if [ -n "$has_errors" ]; then
	refused=$(jqv errors '[.errors[] | select(.error == "ECONNREFUSED" and .port == 5333 and .port_side == "remote") | .count] | add // 0')
	check_eq "connect_errors: the 12 refused connects, as the errors view counts them" "12 12" \
		"$refused $(rule_count "$J" connect_errors '.who.port == 5333 and .who.protocol == "tcp" and (.what | test("with ECONNREFUSED"))')"
else
	echo "# no errors view (inet_sk_error_report, 5.14 on): no connect_errors"
fi
doctor
if [ -n "$has_errors" ]; then
	# The fix: a listener on the port.  The same 12 connects find it.
	restart
	serve "$TMP/listener.out" "$NETLOAD" tcp-server 127.0.0.1 5333 12
	"$NETLOAD" tcp-connect 127.0.0.1 5333 12 > /dev/null
	reap
	quiesce
	doctor -j
	check_eq "with a listener on 5333: no finding, exit status 0" "0 0" \
		"$ST $(jq '.findings | length' <<< "$OUT")"
fi

part_took "doctor: closed ports"
# --- connects that time out --------------------------------------------------------
# A dummy device sends nothing anywhere: each SYN is lost, and with
# tcp_syn_retries 1 a connect gives up after about 3 s with ETIMEDOUT.
if [ -n "$has_errors" ] && ip link add tpdummy type dummy 2> /dev/null; then
	syn_retries=$(sysctl -n net.ipv4.tcp_syn_retries)
	retries2=$(sysctl -n net.ipv4.tcp_retries2)
	ip addr add 10.99.7.1/24 dev tpdummy
	ip link set tpdummy up
	sysctl -qw net.ipv4.tcp_syn_retries=1
	restart
	snap_before timeouts
	got=$(python3 "$TMP/connects.py" 10.99.7.2 5338 10)
	quiesce
	snap_after timeouts
	check_eq "10 connects into the dummy device time out" ETIMEDOUT=10 "$got"
	doctor -j
	J=$OUT
	check_eq "timeouts: exit status 3" 3 "$ST"
	check_eq "... connect_errors: ETIMEDOUT on tcp port 5338, its count the errors view's" \
		"$(jqv errors '[.errors[] | select(.error == "ETIMEDOUT" and .port == 5338) | .count] | add // 0') 10" \
		"$(rule_count "$J" connect_errors '.who.port == 5338 and (.what | test("with ETIMEDOUT"))') 10"
	check_eq "... tcp_syn_retries and tcp_retries2 as sysctl says them" "1 $retries2" \
		"$(jq -r '[.findings[] | select(.rule == "connect_errors") | .knobs[].value] | join(" ")' <<< "$J")"
	doctor
	# The fix: a peer that answers (the address made local, a listener).
	ip addr add 10.99.7.2/32 dev lo
	restart
	serve "$TMP/listener.out" "$NETLOAD" tcp-server 10.99.7.2 5338 10
	got=$(python3 "$TMP/connects.py" 10.99.7.2 5338 10)
	reap
	quiesce
	check_eq "with a peer that answers, the 10 connects succeed" ok=10 "$got"
	doctor -j
	check_eq "... and no finding, exit status 0" "0 0" \
		"$ST $(jq '.findings | length' <<< "$OUT")"
	ip addr del 10.99.7.2/32 dev lo
	ip link del tpdummy
	sysctl -qw net.ipv4.tcp_syn_retries="$syn_retries"
else
	echo "# no errors view, or no dummy device here: no timeouts scenario"
fi

part_took "doctor: connects that time out"
# --- UDP over its memory limit -------------------------------------------------
# 40 datagrams of 60,000 bytes into a socket with a 64 MiB buffer (its
# own limit far away) that reads nothing; prints how many it queued.
cat > "$TMP/memflood.py" << 'EOF'
import socket
import sys

port, n = int(sys.argv[1]), int(sys.argv[2])
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
# SO_RCVBUFFORCE (33): Python's socket module does not name it.
r.setsockopt(socket.SOL_SOCKET, getattr(socket, "SO_RCVBUFFORCE", 33), 64 << 20)
r.bind(("127.0.0.1", port))
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(n):
    s.sendto(b"x" * 60000, ("127.0.0.1", port))
r.setblocking(False)
got = 0
try:
    while True:
        r.recv(65536)
        got += 1
except BlockingIOError:
    pass
print("received=%d" % got)
EOF
if "$TP" sockmem > /dev/null 2>&1 && [ -d "$TRACING/events/sock/sock_exceed_buf_limit" ]; then
	udp_mem=$(sysctl -n net.ipv4.udp_mem | tr -s '\t' ' ')
	restart
	snap_before sockmem
	sysctl -qw net.ipv4.udp_mem="4 8 16"
	got=$(python3 "$TMP/memflood.py" 5341 40)
	quiesce
	snap_after sockmem
	refused=$(jqv sockmem '[.sockmem[] | select(.protocol == "udp") | .count] | add // 0')
	echo "# 40 datagrams with udp_mem 4 8 16: $got, $refused refused"
	check "udp_mem 4 8 16 refused at least 10 of the 40 datagrams ($refused)" \
		test "$refused" -ge 10
	doctor -j
	J=$OUT
	check_eq "udp memory: exit status 3" 3 "$ST"
	check_eq "... sockmem_pressure: udp, port 5341, the sockmem view's count" \
		"udp 5341 $refused" \
		"$(jq -r '[.findings[] | select(.rule == "sockmem_pressure") | "\(.who.protocol) \(.who.port) \(.count)"] | join(",")' <<< "$J")"
	check_eq "... udp_mem as sysctl says it" "4 8 16" \
		"$(jq -r '.findings[] | select(.rule == "sockmem_pressure") | .knobs[] | select(.name == "net.ipv4.udp_mem") | .value' <<< "$J")"
	check_eq "... and no rcvq_overflow: the socket's own buffer was not full" 0 \
		"$(rule_count "$J" rcvq_overflow true)"
	doctor
	# The fix: udp_mem as it was.
	sysctl -qw net.ipv4.udp_mem="$udp_mem"
	restart
	got=$(python3 "$TMP/memflood.py" 5341 40)
	quiesce
	check_eq "with udp_mem $udp_mem, the 40 datagrams queued" received=40 "$got"
	doctor -j
	check_eq "... and no finding, exit status 0" "0 0" \
		"$ST $(jq '.findings | length' <<< "$OUT")"
else
	echo "# no sockmem view or no sock:sock_exceed_buf_limit: no memory scenario"
fi

part_took "doctor: UDP over its memory limit"
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

part_took "doctor: a next hop that does not answer"
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
part_took "doctor: a neighbour table full"
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

part_took "doctor: a queue discipline that drops"
# --- a TCP-MD5 key that differs ------------------------------------------------------
# A listener on 127.0.0.1:5345 with the TCP-MD5 key "right" for
# 127.0.0.1 (tcp_md5.py, as auth.sh's), and 10 connects signed with
# "wrong", each given up after 1.5 s: every SYN fails its check.
md5_run() { # KEY: 10 connects signed with KEY; prints how they ended
	local l
	python3 "$here/tcp_md5.py" listen 127.0.0.1 5345:127.0.0.1:right > "$TMP/md5.l" 2>&1 &
	l=$!
	for _ in $(seq 1 600); do
		grep -q listening "$TMP/md5.l" && break
		sleep 0.1
	done
	python3 "$here/tcp_md5.py" connect 127.0.0.1 "5345:10:1.5:$1"
	kill "$l"
	wait "$l" 2> /dev/null
}
if "$TP" auth > /dev/null 2>&1 && [ -d "$TRACING/events/tcp/tcp_hash_md5_mismatch" ]; then
	restart
	snap_before md5
	got=$(md5_run wrong)
	quiesce
	snap_after md5
	failed=$(jqv auth '[.auth_failures[] | select(.peer == "127.0.0.1" and .kind == "md5_mismatch") | .count] | add // 0')
	echo "# 10 connects with the wrong key: $got; $failed md5_mismatch"
	check "10 connects with the wrong key: none connected, at least 10 failures ($failed)" \
		test "${got#*connected=0 }" != "$got" -a "$failed" -ge 10
	doctor -j
	J=$OUT
	check_eq "md5: exit status 3" 3 "$ST"
	check_eq "... auth_failures: peer 127.0.0.1, port 5345, the auth view's count" \
		"127.0.0.1 5345 $failed" \
		"$(jq -r '[.findings[] | select(.rule == "auth_failures") | "\(.who.address) \(.who.port) \(.count)"] | join(",")' <<< "$J")"
	check "... a key mismatch" grep -q 'most for md5_mismatch' \
		<<< "$(jq -r '.findings[] | select(.rule == "auth_failures") | .what' <<< "$J")"
	doctor
	# The fix: the same key on both sides.
	restart
	got=$(md5_run right)
	quiesce
	check "with the right key, the 10 connect ($got)" grep -q 'connected=10 ' <<< "$got"
	doctor -j
	check_eq "... and no finding, exit status 0" "0 0" \
		"$ST $(jq '.findings | length' <<< "$OUT")"
else
	echo "# no auth view or no tcp:tcp_hash_md5_* (6.7 on): no TCP-MD5 scenario"
fi

part_took "doctor: a TCP-MD5 key that differs"
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

part_took "doctor: a firewall that drops"
# --- retransmits concentrated on one peer -------------------------------------------
# Two namespaces of this suite's own (other suites of the same boot may
# leave tpa and tpb) on a veth pair, every 50th packet arriving at tpdb's
# end dropped (gact's deterministic mode on its ingress), and 2 MB sent
# from tpda to tpdb: tpda retransmits to 10.99.11.2 alone.  No TSO or
# GSO on tpda's end: one retransmitted skb is one segment.
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
	local mib0 mib1 view all few
	tc -n tpdb qdisc add dev dvb clsact &&
		tc -n tpdb filter add dev dvb ingress matchall action gact ok random determ drop 50
	restart
	mib0=$(ip netns exec tpda nstat -saz TcpRetransSegs | awk 'NR > 1 { print $2 }')
	snap_before spread
	spread_bulk
	quiesce
	snap_after spread
	mib1=$(ip netns exec tpda nstat -saz TcpRetransSegs | awk 'NR > 1 { print $2 }')
	view=$(jqv 'retrans netns tpda' '[.flows[] | select(.state != "SYN_SENT" and .state != "SYN_RECV") | .retransmits] | add // 0')
	all=$(jqv 'retrans netns tpda' '[.flows[].retransmits] | add // 0')
	echo "# 700 kB to each of 10.99.11.2, .3 and .4: $view retransmits past the handshake, $all in all, tpda's TcpRetransSegs $mib0 -> $mib1"
	# A SYN can be the 50th packet: its retransmit is the MIB's, not the rule's.
	check_eq "the retrans view's retransmits are TcpRetransSegs' increase" \
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
	restart
	spread_bulk
	quiesce
	doctor -j
	# An emulated CPU that a busy host stalls can time out a segment
	# that was not lost (a tail loss probe): a few, never 10.
	few=$(jqv 'retrans netns tpda' '[.flows[].retransmits] | add // 0')
	check_eq "without the loss: under 10 retransmits ($few), no finding, exit status 0" "true 0 0" \
		"$([ "$few" -lt 10 ] && echo true) $ST $(jq '.findings | length' <<< "$OUT")"
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
	mib=$(ip netns exec tpda nstat -saz TcpRetransSegs | awk 'NR > 1 { print $2 }')
	echo "# 2 MB with every 50th packet dropped: $view retransmits to 10.99.11.2, tpda's TcpRetransSegs $mib"
	check_eq "the bulk transfer's 2,000,000 bytes arrived, with at least 10 retransmits" \
		"received=2000000 true" "$(grep '^received=' "$TMP/bulk_ab.out") $([ "$view" -ge 10 ] && echo true)"
	doctor -j
	J=$OUT
	check_eq "retransmits: exit status 3" 3 "$ST"
	check_eq "... retrans_peer: 10.99.11.2 in tpda, the retrans view's count, tpda's TcpRetransSegs" \
		"10.99.11.2 $(stat -L -c %i /run/netns/tpda) $view $mib" \
		"$(jq -r '[.findings[] | select(.rule == "retrans_peer") | "\(.who.address) \(.who.netns) \(.count) \(.count)"] | join(",")' <<< "$J")"
	doctor
	# The fix: a path that loses nothing.
	tc -n tpdb qdisc del dev dvb clsact
	restart
	bulk_ab
	quiesce
	doctor -j
	# An emulated CPU that a busy host stalls can time out a segment
	# that was not lost (a tail loss probe): a few, never 10.
	few=$(jqv 'retrans netns tpda' '[.flows[].retransmits] | add // 0')
	check_eq "without the loss: under 10 retransmits ($few), no finding, exit status 0" "true 0 0" \
		"$([ "$few" -lt 10 ] && echo true) $ST $(jq '.findings | length' <<< "$OUT")"
	spread_scenario
	ip netns del tpda
	ip netns del tpdb
else
	echo "# no retrans view: no retransmits scenario"
fi

part_took "doctor: retransmits concentrated on one peer"
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

part_took "doctor: a driver that refuses"
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
part_took "doctor: a CPU's backlog full"
# --- heavy but healthy: a bulk transfer and 20 request/response connections -------
restart
snap_before healthy
serve "$TMP/bulk.out" "$NETLOAD" bulk-server 127.0.0.1 5336
"$NETLOAD" bulk-client 127.0.0.1 5336 20000000 > /dev/null
serve "$TMP/server.out" "$NETLOAD" tcp-server 127.0.0.1 5337 20
"$NETLOAD" tcp-connect 127.0.0.1 5337 20 > /dev/null
reap
quiesce
snap_after healthy
check_eq "healthy: the bulk transfer's 20,000,000 bytes arrived" "received=20000000" \
	"$(grep '^received=' "$TMP/bulk.out")"
doctor
check_eq "healthy: no finding, exit status 0" 0 "$ST"

part_took "doctor: heavy but healthy"
# --- in a namespace of its own: -n ------------------------------------------------
ip netns add tpdoc
ip -n tpdoc link set lo up
restart
snap_before netns
flood ip netns exec tpdoc 5335 1 40
quiesce
snap_after netns
doctor -n tpdoc -j
J=$OUT
check_eq "-n tpdoc: exit status 3" 3 "$ST"
check_eq "-n tpdoc: rcvq_overflow on udp port 5335" "rcvq_overflow 5335" \
	"$(jq -r '.findings[0] | "\(.rule) \(.who.port)"' <<< "$J")"
check_eq "-n tpdoc: rmem_default as tpdoc's /proc/sys says it" \
	"$(ip netns exec tpdoc sysctl -n net.core.rmem_default)" \
	"$(jq -r '.findings[0].knobs[] | select(.name == "net.core.rmem_default") | .value' <<< "$J")"
doctor -n tpdoc
ip netns del tpdoc

part_took "doctor: in a namespace of its own"
# --- inside a container: doctor sees that namespace alone ---------------------------
# nobody's user namespace with a network namespace of its own (unshare,
# as a rootless container makes it), whose root floods its receiver on
# port 5346, while the initial namespace's receiver on 5331 overflows too:
# the container's doctor names 5346 in its namespace, and never 5331.
if nobody unshare --user --map-root-user --net true 2> /dev/null; then
	restart
	flood 5331 1 40
	# shellcheck disable=SC2016 # the inner shell's
	nobody unshare --user --map-root-user --net bash -c '
		ip link set lo up
		stat -L -c %i /proc/self/ns/net
		python3 "$1" 5346 1 40 > /dev/null
		"$2" -j doctor
		echo "status=$?"' _ "$TMP/flood.py" "$TP" > "$TMP/container.out" 2>&1
	quiesce
	sed 's/^/# container: /' "$TMP/container.out"
	cns=$(sed -n 1p "$TMP/container.out")
	J=$(sed -n 2p "$TMP/container.out")
	check_eq "in a container: exit status 3" status=3 "$(sed -n 3p "$TMP/container.out")"
	check_eq "... one finding: rcvq_overflow on udp port 5346 in its own namespace" \
		"rcvq_overflow udp 5346 $cns" \
		"$(jq -r '[.findings[] | "\(.rule) \(.who.protocol) \(.who.port) \(.who.netns)"] | join(",")' <<< "$J")"
	check_eq "... and the initial namespace's port 5331 is nowhere in it" 0 \
		"$(jq '[.findings[] | select(.who.port == 5331)] | length' <<< "$J")"
	doctor -j
	check_eq "the initial namespace's root sees both" "5331 5346" \
		"$(jq -r '[.findings[] | select(.rule == "rcvq_overflow") | .who.port] | sort | map(tostring) | join(" ")' <<< "$OUT")"
else
	echo "# no unprivileged user namespaces here: no container scenario"
fi

part_took "doctor: inside a container"
# --- what happened then: the flight recorder's window, after a reset ---------------
# The module again, with views intervals of 2 s: a receiver on
# 127.0.0.1:5350 with the least buffer sent 40 datagrams, the views
# interval that holds them recorded, then tpstat reset all.  Doctor
# (since the reset) finds nothing; doctor --since the burst's start
# names rcvq_overflow on port 5350 with the rcvq view's count before the
# reset, and says its window is the recorder's; --since after the
# interval, nothing.
rmmod tpstat
check "rmmod, for views intervals of 2 s" test ! -d /sys/module/tpstat
suite_load history=1 history_views=2
t0=$(date +%H:%M:%S)
nap 1
flood 5350 1 40
quiesce
view=$(jqv rcvq '[.rcvq[] | select(.port == 5350) | .count] | add // 0')
for _ in $(seq 1 100); do
	"$TP" -j history rcvq 2> /dev/null | grep -q '"port":5350' && break
	nap 0.1
done
"$TP" reset all
nap 1
t1=$(date +%H:%M:%S)
doctor -j
check_eq "after tpstat reset all: no finding, exit status 0" "0 0" \
	"$ST $(jq '.findings | length' <<< "$OUT")"
doctor_since "$t0" -j
J=$OUT
check_eq "--since $t0: exit status 3, the recorder's window" "3 recorder" "$ST $(jq -r .window <<< "$J")"
check_eq "... rcvq_overflow on udp port 5350 with the rcvq view's count before the reset" \
	"rcvq_overflow udp 5350 $view" \
	"$(jq -r '[.findings[] | "\(.rule) \(.who.protocol) \(.who.port) \(.count)"] | join(",")' <<< "$J")"
check "... at least 10 of the 40 dropped ($view)" test "$view" -ge 10
doctor_since "$t0"
doctor_since "$t1" -j
check_eq "--since $t1, after that interval: no finding, exit status 0" "0 0" \
	"$ST $(jq '.findings | length' <<< "$OUT")"

part_took "doctor: what happened then"
# --- what moves from now on: doctor -i ------------------------------------------
# A receiver on port 5351 overflowed before doctor -i 2 -c 1 starts: not
# in its interval, no finding.  One on port 5352 that overflows 2 s into
# an interval of 15 (python's start and the 40 datagrams take a few
# seconds on a busy emulated CPU): named, with the rcvq view's count,
# and nothing of 5351.
flood 5351 1 40
OUT=$("$TP" -j -i 2 -c 1 doctor 2> "$TMP/err")
ST=$?
echo "# \$ tpstat -j -i 2 -c 1 doctor, after a burst  (exit status $ST)"
printf '%s\n' "$OUT" | sed 's/^/# /'
check_eq "-i 2 -c 1 after the burst: exit status 0, the interval's window, no finding" \
	"0 interval 2 0" "$ST $(jq -r '"\(.window) \(.window_s) \(.findings | length)"' <<< "$OUT")"
"$TP" -j -i 15 -c 1 doctor > "$TMP/during.json" 2> "$TMP/err" &
during=$!
nap 2
flood 5352 1 40
wait "$during"
ST=$?
OUT=$(cat "$TMP/during.json")
echo "# \$ tpstat -j -i 15 -c 1 doctor, a burst in it  (exit status $ST)"
printf '%s\n' "$OUT" | sed 's/^/# /'
view=$(jqv rcvq '[.rcvq[] | select(.port == 5352) | .count] | add // 0')
check_eq "-i 15 -c 1 with a burst in it: exit status 3, rcvq_overflow on 5352 with the rcvq view's count, alone" \
	"3 rcvq_overflow 5352 $view" \
	"$ST $(jq -r '[.findings[] | "\(.rule) \(.who.port) \(.count)"] | join(",")' <<< "$OUT")"

# A listener on 127.0.0.1:5360 with a backlog of 1 that accepts nothing,
# and 20 connects to it at once, 2 s into doctor -i 15 -c 1: the kernel
# consumes the segments its full queue refuses (no drop reason, no
# tracepoint), and listen_overflow names them from TcpExtListenOverflows
# over the interval, nstat's own count.
cat > "$TMP/backlog.py" << 'EOF'
import socket
import time

l = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
l.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
l.bind(("127.0.0.1", 5360))
l.listen(1)
cs = []
for _ in range(20):
    c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    c.setblocking(False)
    c.connect_ex(("127.0.0.1", 5360))
    cs.append(c)
time.sleep(3)
EOF
overflows() { nstat -saz TcpExtListenOverflows | awk 'NR > 1 { print $2 }'; }
m0=$(overflows)
"$TP" -j -i 15 -c 1 doctor > "$TMP/backlog.json" 2> "$TMP/err" &
during=$!
nap 2
python3 "$TMP/backlog.py"
wait "$during"
ST=$?
m1=$(overflows)
OUT=$(cat "$TMP/backlog.json")
echo "# \$ tpstat -j -i 15 -c 1 doctor, a full accept queue in it  (exit status $ST); TcpExtListenOverflows $m0 -> $m1"
printf '%s\n' "$OUT" | sed 's/^/# /'
check "a backlog of 1 and 20 connects: at least 10 listen overflows ($((m1 - m0)))" \
	test $((m1 - m0)) -ge 10
check_eq "... listen_overflow in the initial namespace, with nstat's count over the interval" \
	"3 listen_overflow $(stat -L -c %i /proc/self/ns/net) $((m1 - m0))" \
	"$ST $(jq -r '[.findings[] | "\(.rule) \(.who.netns) \(.count)"] | join(",")' <<< "$OUT")"

part_took "doctor: what moves from now on"
fleet_check
part_took "doctor: the fleet's rules"
suite_end
