#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The SOCKMEM view (sock:sock_exceed_buf_limit) against the same
# tracepoint's ftrace hist trigger, /proc/net/sockstat and the sysctl
# limits, inside a test kernel as root (tests/vm/boot.sh).
#   tests/net/sockmem.sh <tpstat.ko>
#
# UDP over IPv4 and IPv6: net.ipv4.udp_mem is set tiny (restored at the
# end), and one socket on lo that reads nothing, with a receive buffer
# far above its datagrams, is sent M datagrams of 60,000 bytes.  Once
# the protocol's pages pass the hard limit, each further datagram is
# refused (kind recv).  Loopback delivers each datagram before sendto()
# returns, so with the last sendto() back the socket, the view and
# sockstat are still: the workload reads the debugfs file,
# /proc/net/sockstat and the sysctl then, and only then closes the
# socket.  The view's row must hold ftrace's hits (a trigger filtered on
# the protocol's name and counting by kind), the pages sockstat's UDP mem
# shows, and udp_mem's third figure.
#
# TCP over IPv4: net.ipv4.tcp_mem tiny, a receiver that reads nothing and
# a sender that writes for two seconds.  The view's tcp rows must hold
# ftrace's hits for both kinds, and tcp_mem's third figure.  TCP goes on
# retransmitting into the closed window, so there is no still point to
# hold its allocation against sockstat.
#
# The tool's rows must be the debugfs file's, and the tool as nobody is
# refused (CAP_NET_ADMIN).  Where TPSTAT_YNL names the kernel's YNL
# client (tests/ynl/fetch.sh), the netlink dump's attributes are checked
# too.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
SPEC=$here/../../uapi/tpstat.yaml
EV=sock:sock_exceed_buf_limit
M=40

quiet_ipv6
suite_load
check "... with the sockmem file" test -f "$DBG/sockmem"
if [ ! -d "$TRACING/events/sock/sock_exceed_buf_limit" ]; then
	echo "# no $EV in this kernel: nothing to check"
	suite_end
	exit
fi
ns=$(stat -L -c %i /proc/self/ns/net)
udp_mem=$(sysctl -n net.ipv4.udp_mem)
tcp_mem=$(sysctl -n net.ipv4.tcp_mem)
restore() {
	sysctl -qw net.ipv4.udp_mem="$udp_mem" net.ipv4.tcp_mem="$tcp_mem"
}
trap restore EXIT
LIMIT=16
restart() { quiesce; "$TP" reset all; }

# hist_kind <trigger prefix> <kind>: that kind's hitcount (0 if none).
hist_kind() {
	hist_section "$EV" "$1" |
		awk -v k="$2" '$1 == "{" && $2 == "kind:" && $3 == k { n = $6 } END { print n + 0 }'
}

# udp_flood <4|6> <addr> <port>: M datagrams to a socket that reads
# nothing; writes the debugfs file as it was then to $TMP/dbg, and
# "mem <UDP mem> limit <udp_mem's third>" to $TMP/mem.
udp_flood() {
	python3 - "$@" "$M" "$DBG/sockmem" "$TMP" <<'PY'
import socket, sys
fam = socket.AF_INET6 if sys.argv[1] == "6" else socket.AF_INET
addr, port, n, dbg, tmp = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
r = socket.socket(fam, socket.SOCK_DGRAM)
# SO_RCVBUFFORCE (33): Python's socket module does not name it.
r.setsockopt(socket.SOL_SOCKET, getattr(socket, "SO_RCVBUFFORCE", 33), 64 << 20)
r.bind((addr, port))
s = socket.socket(fam, socket.SOCK_DGRAM)
for _ in range(n):
    s.sendto(b"x" * 60000, (addr, port))
# Still: nothing is in flight, nothing reads.
view = open(dbg).read()
mem = [l.split() for l in open("/proc/net/sockstat") if l.startswith("UDP:")][0]
limit = open("/proc/sys/net/ipv4/udp_mem").read().split()[2]
open(tmp + "/dbg", "w").write(view)
open(tmp + "/mem", "w").write("mem %s limit %s\n" % (mem[mem.index("mem") + 1], limit))
r.close()
s.close()
PY
}

# udp_case <4|6> <addr> <port> <proto name> <family word>
udp_case() {
	local want hits row mem=- limit=-
	restart
	sysctl -qw net.ipv4.udp_mem="4 8 $LIMIT"
	trigger "$EV" "hist:keys=kind if name == \"$4\""
	udp_flood "$1" "$2" "$3"
	check_eq "IPv$1 UDP: the workload ran" 0 $?
	sysctl -qw net.ipv4.udp_mem="$udp_mem"
	quiesce
	hits=$(hist_kind "hist:keys=kind" 1)
	untrigger "$EV" "hist:keys=kind if name == \"$4\""
	sed 's/^/# /' "$TMP/dbg" "$TMP/mem"
	[ -f "$TMP/mem" ] && read -r _ mem _ limit < "$TMP/mem"
	check "IPv$1 UDP: the flood passed udp_mem (ftrace saw $hits refusals)" \
		test "$hits" -gt 0
	row=$(awk -v p="$3" -v f="$5" '$4 == "recv" && $5 == f && $6 == "udp" && $7 == p' "$TMP/dbg")
	check_eq "IPv$1 UDP port $3: COUNT = ftrace's recv hits, ALLOCATED = sockstat's UDP mem, LIMIT = udp_mem[2]" \
		"$hits $mem $limit recv $5 udp $3 $ns" "$row"
	check_eq "... the limit was the one set" "$LIMIT" "$limit"
	check_eq "... and no other row" 1 "$(tail -n +3 "$TMP/dbg" | wc -l)"
	check_eq "... and no lost update" "0 1" "$(awk 'NR == 1 { print $3, $5 }' "$TMP/dbg")"
	want=$hits
	check_eq "tpstat sockmem: the same row" "$hits $mem $limit recv" \
		"$("$TP" -j sockmem | jq -r ".sockmem[] | select(.family == \"$5\" and .protocol == \"udp\" and .port == $3 and .netns == $ns) | \"\\(.count) \\(.allocated_pages) \\(.limit_pages) \\(.kind)\"")"
	nobody "$TP" sockmem > /dev/null 2> "$TMP/err"
	check_eq "tpstat sockmem as nobody: refused (exit 1)" 1 $?
	check "... saying it needs CAP_NET_ADMIN" grep -q CAP_NET_ADMIN "$TMP/err"
	if [ -f "${TPSTAT_YNL:-}/tools/net/ynl/cli.py" ]; then
		ynl_view "$3" "$want $mem $limit"
	fi
}

# The netlink dump through the kernel's YNL client (6.12's), without a
# schema: 7.3's judges the spec, as ynl.sh says.
ynl_cli() {
	/usr/bin/python3 "$TPSTAT_YNL/tools/net/ynl/cli.py" --output-json \
		--spec "$SPEC" --no-schema \
		--dump get-view --json '{"view": "sockmem"}'
}
# ynl_view <port> <"count allocated limit">: the dump's row for the port.
ynl_view() {
	ynl_cli > "$TMP/view.json" 2> "$TMP/err"
	check_eq "get-view sockmem dumps" 0 $?
	check_eq "... its row: mem-kind recv, count, mem-allocated, mem-limit" "$2 recv" \
		"$(jq -r ".[] | select(.sport == $1) | \"\(.count) \(.[\"mem-allocated\"]) \(.[\"mem-limit\"]) \(.[\"mem-kind\"])\"" "$TMP/view.json")"
}

udp_case 4 127.0.0.1 5401 UDP ipv4
udp_case 6 ::1 5402 UDPv6 ipv6

# --- TCP: a receiver that reads nothing, a sender for two seconds -------------
restart
sysctl -qw net.ipv4.tcp_mem="4 8 $LIMIT"
trigger "$EV" 'hist:keys=kind if name == "TCP"'
python3 - "$DBG/sockmem" "$TMP" <<'PY'
import socket, sys, time
l = socket.socket()
l.bind(("127.0.0.1", 5403))
l.listen(1)
c = socket.socket()
c.connect(("127.0.0.1", 5403))
a, _ = l.accept()
c.setblocking(False)
end = time.time() + 2
while time.time() < end:
    try:
        c.send(b"x" * 65536)
    except OSError:  # full (EAGAIN), or refused memory
        time.sleep(0.01)
open(sys.argv[2] + "/tcpmem", "w").write(open("/proc/sys/net/ipv4/tcp_mem").read())
for s in (c, a, l):
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")
    s.close()
PY
check_eq "TCP: the workload ran" 0 $?
sysctl -qw net.ipv4.tcp_mem="$tcp_mem"
quiesce
recv=$(hist_kind "hist:keys=kind" 1)
send=$(hist_kind "hist:keys=kind" 0)
untrigger "$EV" 'hist:keys=kind if name == "TCP"'
cat "$DBG/sockmem" > "$TMP/dbg"
sed 's/^/# /' "$TMP/dbg"
echo "# ftrace: TCP recv $recv, send $send"
check "TCP: the transfer passed tcp_mem (ftrace saw $((recv + send)) refusals)" \
	test $((recv + send)) -gt 0
for kind in recv send; do
	want=$recv
	[ $kind = send ] && want=$send
	check_eq "TCP $kind: the view's ipv4 tcp rows hold ftrace's hits" "$want" \
		"$(awk -v k=$kind '$4 == k && $5 == "ipv4" && $6 == "tcp" { n += $1 } END { print n + 0 }' "$TMP/dbg")"
done
check_eq "TCP: every row's LIMIT is tcp_mem[2] as set" "" \
	"$(tail -n +3 "$TMP/dbg" | awk -v l="$LIMIT" '$3 != l')"
check_eq "TCP: no row is another protocol's" "" \
	"$(tail -n +3 "$TMP/dbg" | awk '$6 != "tcp"')"

restore
suite_end
