#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The auth view (tpstat auth) against TCP authentication failures of known
# causes, inside a test kernel as root (tests/vm/boot.sh).  Every count is
# checked against an ftrace hist trigger on its tracepoint and against the
# kernel's own counters (tpb's MIBs through nstat), and read four ways:
# tpstat -j auth, its text, debugfs and tpstat export.  A kernel without the tracepoints (before 6.7) refuses
# the view: that is checked, and the rest skipped, in seconds.
#   tests/net/auth.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tool from build/ctl-arm64, cross-built.
#
#   tpa: va2 10.99.1.1  <--->  tpb: vb2 10.99.1.2   (no loss: every SYN arrives)
set -uo pipefail

KO=$1
here=$(cd "$(dirname "$0")" && pwd)
TP=$here/../../build/ctl${TPSTAT_BUILD_SUFFIX:-}/tpstat
# shellcheck source=tests/net/lib.sh
. "$here/lib.sh"
TMP=$(mktemp -d)
PY=/usr/bin/python3
MD5=$here/tcp_md5.py

has_tp() { [ -d "$TRACING/events/tcp/$1" ]; }

dmesg -C
insmod "$KO"
check "insmod" test -d /sys/module/tpstat

if ! compgen -G "$TRACING/events/tcp/tcp_hash_*" >/dev/null &&
	! compgen -G "$TRACING/events/tcp/tcp_ao_*" >/dev/null; then
	ok "auth view against TCP-MD5 and TCP-AO failures # SKIP the kernel has no tcp:tcp_hash_* or tcp:tcp_ao_* tracepoints"
	"$TP" auth > /dev/null 2> "$TMP/err"
	check_eq "no tcp_hash_*/tcp_ao_*: auth is refused" 1 $?
	check "... in one line, naming the tracepoints" \
		test "$(wc -l < "$TMP/err")" = 1 -a -n "$(grep -F 'tcp:tcp_hash_*' "$TMP/err")"
	sed 's/^/# /' "$TMP/err"
	rmmod tpstat
	check "rmmod" test ! -d /sys/module/tpstat
	finish
	exit
fi

# A suite before may have left its own tpa and tpb.
ip netns del tpa 2>/dev/null
ip netns del tpb 2>/dev/null
ip netns add tpa
ip netns add tpb
for n in tpa tpb; do
	quiet_ipv6 ip netns exec $n
	ip -n $n link set lo up
done
ip link add va2 netns tpa type veth peer name vb2 netns tpb
ip -n tpa addr add 10.99.1.1/24 dev va2
ip -n tpb addr add 10.99.1.2/24 dev vb2
ip -n tpa link set va2 up
ip -n tpb link set vb2 up
mac() { ip -n "$1" -j link show "$2" | jq -r '.[0].address'; }
ip -n tpa neigh add 10.99.1.2 lladdr "$(mac tpb vb2)" dev va2 nud permanent
ip -n tpb neigh add 10.99.1.1 lladdr "$(mac tpa va2)" dev vb2 nud permanent
nsb=$(stat -L -c %i /run/netns/tpb)
restart() { quiesce; "$TP" reset; }

# mibs NAME...: tpb's MIB counters, "name value" a line.  mib_delta NAME:
# how far one moved from $TMP/mib.a to $TMP/mib.b, "-" if tpb has none.
mibs() { nb nstat -saz "$@" | awk 'NR > 1 { print $1, $2 }'; }
mib_delta() {
	awk -v m="$1" '$1 == m { v[FILENAME] = $2 }
		END { if (!((ARGV[2]) in v)) print "-"; else print v[ARGV[2]] - v[ARGV[1]] }' \
		"$TMP/mib.a" "$TMP/mib.b"
}
# hits TRACEPOINT: what its hist trigger counted (0 if the kernel lacks it).
hits() { cat "$TMP/f.$1" 2>/dev/null || echo 0; }
count_hits() { # <tracepoint>...: reads the triggers into $TMP/f.*, removes them
	local tp f
	for tp in "$@"; do
		f=$(hist_hits "tcp:$tp" 'hist:keys=common_cpu')
		echo "${f:-0}" > "$TMP/f.$tp"
		untrigger "tcp:$tp" 'hist:keys=common_cpu'
	done
}
read_view() { # the view four ways, into $TMP, and into the log
	"$TP" -j auth > "$TMP/auth.json"
	"$TP" auth > "$TMP/auth.txt"
	"$TP" export > "$TMP/auth.prom"
	cat "$DBG/auth" > "$TMP/auth.dbg"
	cat "$DBG/counters" > "$TMP/counters"
	sed 's/^/# /' "$TMP/auth.txt"
	sed 's/^/# /' "$TMP/auth.json"
	sed 's/^/# /' "$TMP/auth.dbg"
	grep '^tpstat_tcp_auth' "$TMP/auth.prom" | sed 's/^/# /'
}
# judge KIND TRACEPOINT WORDS PEER PORT: the view's count of KIND (its
# JSON name; WORDS its text) from PEER to PORT in tpb equals ftrace's
# hits on TRACEPOINT, in JSON, text, export and debugfs, as does the
# module's plain counter of the tracepoint.
judge() {
	local kind=$1 tp=$2 words=$3 peer=$4 port=$5 f got
	f=$(hits "$tp")
	got=$(jq -r --arg k "$kind" --arg peer "$peer" --argjson p "$port" --argjson ns "$nsb" \
		'[.auth_failures[] | select(.kind == $k and .peer == $peer and .port == $p and .netns == $ns and .family == "ipv4") | .count] | add // 0' \
		"$TMP/auth.json")
	check_eq "auth: $kind from $peer to port $port in tpb equals ftrace's $tp" "$f" "$got"
	check "... the text says it: count, $words, peer, port, netns" \
		grep -qE "^ +$f  $words +${peer//./\\.} +$port  tpb$" "$TMP/auth.txt"
	check "... export says it" grep -qxF \
		"tpstat_tcp_auth_failures_total{kind=\"$kind\",peer=\"$peer\",port=\"$port\",netns=\"$nsb\"} $f" \
		"$TMP/auth.prom"
	check "... debugfs says it" grep -qx "$f $tp $peer $port $nsb" "$TMP/auth.dbg"
	check_eq "... and the tcp:$tp counter" "$f" \
		"$(awk -v e="tcp:$tp" '$1 == e { print $2 }' "$TMP/counters")"
}
# listening FILE: waits for a listener's "listening" line.
listening() {
	for _ in $(seq 1 600); do
		grep -q listening "$1" && break
		sleep 0.1
	done
	head -n 1 "$1"
}

# Each failing connect is given up after TMO seconds: its SYN and one
# retransmit arrive, each dropped and counted (as ftrace and the MIBs
# count them): at least one per connect.  The listeners go before
# quiesce, which waits for every socket but TIME-WAIT to close: started
# without a shell function, so that $! is the listener itself (ip netns
# exec execs it).
TMO=1.5

# --- TCP-MD5: a wrong key, none, one too many ------------------------------------
# In tpb a listener on :5400 has an MD5 key for 10.99.1.1, one on :5401 none.
# From tpa, W connects sign with the wrong key (md5_mismatch: the MIB
# TcpExtTCPMD5Failure), M do not sign (md5_required: TCPMD5NotFound), U
# sign for the plain listener (md5_unexpected: TCPMD5Unexpected).
W=3 M=2 U=2
if has_tp tcp_hash_md5_mismatch && has_tp tcp_hash_md5_required &&
	has_tp tcp_hash_md5_unexpected; then
	restart
	mibs TcpExtTCPMD5Failure TcpExtTCPMD5NotFound TcpExtTCPMD5Unexpected > "$TMP/mib.a"
	for k in mismatch required unexpected; do
		trigger "tcp:tcp_hash_md5_$k" 'hist:keys=common_cpu'
	done
	ip netns exec tpb "$PY" "$MD5" listen 10.99.1.2 5400:10.99.1.1:right 5401 \
		> "$TMP/md5.l" 2>&1 &
	L=$!
	check_eq "a TCP-MD5 listener and a plain one in tpb" listening "$(listening "$TMP/md5.l")"
	na "$PY" "$MD5" connect 10.99.1.2 5400:$W:$TMO:wrong 5400:$M:$TMO \
		5401:$U:$TMO:right > "$TMP/c.out"
	kill "$L"
	wait "$L" 2>/dev/null
	check_eq "the listeners are gone" "" "$(nb ss -tlnH)"
	quiesce
	count_hits tcp_hash_md5_mismatch tcp_hash_md5_required tcp_hash_md5_unexpected
	mibs TcpExtTCPMD5Failure TcpExtTCPMD5NotFound TcpExtTCPMD5Unexpected > "$TMP/mib.b"
	check_eq "W wrong-key, M unsigned, U unexpected connects all time out" \
		"attempts=$W connected=0 timedout=$W refused=0 attempts=$M connected=0 timedout=$M refused=0 attempts=$U connected=0 timedout=$U refused=0" \
		"$(head -n 3 "$TMP/c.out" | tr '\n' ' ' | sed 's/ $//')"
	read_view
	for kc in mismatch:$W:5400:TcpExtTCPMD5Failure:MD5_mismatch \
		  required:$M:5400:TcpExtTCPMD5NotFound:MD5_required \
		  unexpected:$U:5401:TcpExtTCPMD5Unexpected:MD5_unexpected; do
		IFS=: read -r k n port mib words <<<"$kc"
		f=$(hits "tcp_hash_md5_$k")
		check "md5_$k: ftrace saw $f SYNs, at least one for each of the $n connects" \
			test "$f" -ge "$n"
		check_eq "md5_$k: $mib (nstat in tpb) equals ftrace" "$f" "$(mib_delta "$mib")"
		judge "md5_$k" "tcp_hash_md5_$k" "${words/_/ }" 10.99.1.1 "$port"
	done
	check_eq "auth: those three entries and nothing else" 3 \
		"$(jq '.auth_failures | length' "$TMP/auth.json")"
	check_eq "auth: no lost update" 0 "$(jq .overflow "$TMP/auth.json")"
else
	ok "auth view against TCP-MD5 failures # SKIP the kernel has no tcp:tcp_hash_md5_* tracepoints"
fi

ip netns del tpa
ip netns del tpb
rmmod tpstat
check "rmmod" test ! -d /sys/module/tpstat
check_eq "kernel log has no warning" 0 \
	"$(dmesg | grep -cE 'BUG:|WARNING:|KASAN|INFO: possible|sleeping function|RCU stall')"
finish
