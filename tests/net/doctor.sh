#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tpstat doctor against workloads with known answers, inside a test
# kernel as root (tests/vm/boot.sh):
#   tests/net/doctor.sh <tpstat.ko>
#
# Its sockets and services; the paths and devices are doctor_paths.sh's.
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
# - A TCP-MD5 key that differs: a listener on 127.0.0.1:5345 keyed
#   "right" for 127.0.0.1 and 10 connects signed "wrong" (auth.sh's
#   tcp_md5.py): auth_failures names peer 127.0.0.1, port 5345 and the
#   auth view's md5_mismatch count (6.7 on); with the right key the 10
#   connect and there is none.
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
#   quiet scenarios none (doctor_paths.sh's scenarios write there too, and
#   test theirs).  tests/fleet/captured/ is one such run's.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
quiet_ipv6
suite_load
# shellcheck source=tests/net/doctor_lib.sh
. "$here/doctor_lib.sh"
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
# Until the recorder holds all of them: a burst that straddles two
# views intervals is in the second one only once that one ends, and a
# reset forgets what the views counted since their last interval.
for _ in $(seq 1 100); do
	held=$("$TP" -j history rcvq 2> /dev/null |
		jq -s '[.[] | .. | objects | select(.port? == 5350) | .count? // 0] | add // 0')
	[ "${held:-0}" -ge "$view" ] && break
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
# over the interval, nstat's own count.  The script closes its clients
# before the listener: at 3 s, as it ended, their SYNs are due again,
# and one sent between the listener's close and its own was refused (a
# 6.12 guest on a loaded host: 18 resets and ECONNREFUSEDs beside it).
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
# The clients first: a SYN of theirs retransmitted once the listener is
# gone would be answered with a reset (closed_port, connect_errors).
for c in cs:
    c.close()
l.close()
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