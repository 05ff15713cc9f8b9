#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The auth view (tpstat auth) against TCP authentication failures of known
# causes, inside a test kernel as root (tests/vm/boot.sh).  Every count is
# checked against an ftrace hist trigger on its tracepoint and against the
# kernel's own counters (tpb's MIBs through nstat, the TCP-AO listener's
# TCP_AO_INFO), and read four ways: tpstat -j auth, its text, debugfs and
# tpstat export.  A kernel without the tracepoints (before 6.7) refuses
# the view: that is checked, and the rest skipped, in seconds.  The
# TCP-MD5 failures are provoked over IPv4 and again over IPv6, the TCP-AO
# ones over IPv4 and two of them over IPv6.
#   tests/net/auth.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tool from build/ctl-arm64, cross-built.
#
#   tpa: va2 10.99.1.1  <--->  tpb: vb2 10.99.1.2   (no loss: every SYN arrives)
#            fd99:1::1                  fd99:1::2    (quiet IPv6: no DAD, no RS,
#                                                     static neighbours)
#   10.99.1.5: nobody's (crafted segments come from it; tpb's answers are lost)
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
PY=/usr/bin/python3
MD5=$here/tcp_md5.py
AO=$here/tcp_ao.py

has_tp() { [ -d "$TRACING/events/tcp/$1" ]; }

suite_load

if ! compgen -G "$TRACING/events/tcp/tcp_hash_*" >/dev/null &&
	! compgen -G "$TRACING/events/tcp/tcp_ao_*" >/dev/null; then
	ok "auth view against TCP-MD5 and TCP-AO failures # SKIP the kernel has no tcp:tcp_hash_* or tcp:tcp_ao_* tracepoints"
	"$TP" auth > /dev/null 2> "$TMP/err"
	check_eq "no tcp_hash_*/tcp_ao_*: auth is refused" 1 $?
	check "... in one line, naming the tracepoints" \
		test "$(wc -l < "$TMP/err")" = 1 -a -n "$(grep -F 'tcp:tcp_hash_*' "$TMP/err")"
	sed 's/^/# /' "$TMP/err"
	suite_end
	exit
fi

# The failures are made by Python (tcp_md5.py, tcp_ao.py: the MD5 and AO
# socket options, crafted SYNs) and judged by hist triggers.  A foreign
# architecture's root has no Python, and some Debian kernels no hist
# triggers (riscv64's): there the view is read, and the rest is skipped.
why=
[ -x "$PY" ] || why="this root has no $PY for tcp_md5.py and tcp_ao.py"
grep -qw hist "$TRACING/events/sched/sched_switch/trigger" 2>/dev/null ||
	why="${why:+$why; }the kernel has no hist triggers"
if [ -n "$why" ]; then
	ok "auth view against TCP-MD5 and TCP-AO failures # SKIP $why"
	"$TP" -j auth > "$TMP/auth.json" 2> "$TMP/err"
	check_eq "the auth view reads, empty (exit 0)" "0 0" "$? $(jq '.entries' "$TMP/auth.json")"
	suite_end
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
ip -n tpa addr add fd99:1::1/64 dev va2 nodad
ip -n tpb addr add fd99:1::2/64 dev vb2 nodad
ip -n tpa link set va2 up
ip -n tpb link set vb2 up
mac() { ip -n "$1" -j link show "$2" | jq -r '.[0].address'; }
ip -n tpa neigh add 10.99.1.2 lladdr "$(mac tpb vb2)" dev va2 nud permanent
ip -n tpb neigh add 10.99.1.1 lladdr "$(mac tpa va2)" dev vb2 nud permanent
ip -n tpa -6 neigh add fd99:1::2 lladdr "$(mac tpb vb2)" dev va2 nud permanent
ip -n tpb -6 neigh add fd99:1::1 lladdr "$(mac tpa va2)" dev vb2 nud permanent
# tpb answers 10.99.1.5 at a link address nobody has: tpa drops it unread.
ip -n tpb neigh add 10.99.1.5 lladdr 02:00:00:00:00:05 dev vb2 nud permanent
nsb=$(stat -L -c %i /run/netns/tpb)
restart() { quiesce; "$TP" reset all; }

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
# JSON name; WORDS its text) from PEER (family ipv4, or ipv6 for an
# address with a colon) to PORT in tpb equals ftrace's hits on
# TRACEPOINT, in JSON, text, export and debugfs, as does the module's
# plain counter of the tracepoint.  Export's netns_cookie is the one the
# JSON gives tpb's entry (empty where it gives none).
judge() {
	local kind=$1 tp=$2 words=$3 peer=$4 port=$5 fam=ipv4 f got ck
	[[ $peer == *:* ]] && fam=ipv6
	f=$(hits "$tp")
	# One line: the entries' count, then the first one's cookie (if any).
	read -r got ck < <(jq -r --arg k "$kind" --arg peer "$peer" --argjson p "$port" --argjson ns "$nsb" --arg fam "$fam" \
		'[.auth_failures[] | select(.kind == $k and .peer == $peer and .port == $p and .netns == $ns and .family == $fam)] |
		 "\(map(.count) | add // 0) \(first.netns_cookie // "")"' \
		"$TMP/auth.json")
	check_eq "auth: $kind from $peer ($fam) to port $port in tpb equals ftrace's $tp" "$f" "$got"
	check "... the text says it: count, $words, peer, port, netns" \
		grep -qE "^ +$f  $words +${peer//./\\.} +$port  tpb$" "$TMP/auth.txt"
	check "... export says it" grep -qxF \
		"tpstat_tcp_auth_failures_total{kind=\"$kind\",peer=\"$peer\",port=\"$port\",netns=\"$nsb\",netns_cookie=\"$ck\"} $f" \
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

# --- TCP-MD5: a wrong key, none, one too many, over IPv4 and IPv6 ------------------
# In tpb a listener on :5400 has an MD5 key for 10.99.1.1, one on :5401 none.
# From tpa, W connects sign with the wrong key (md5_mismatch: the MIB
# TcpExtTCPMD5Failure), M do not sign (md5_required: TCPMD5NotFound), U
# sign for the plain listener (md5_unexpected: TCPMD5Unexpected).  Then
# the same over IPv6, W6, M6 and U6 of them: listeners on [fd99:1::2]:5402
# (a key for fd99:1::1) and :5403, the peer fd99:1::1, family ipv6 in the
# view; the MIBs count both families, the tracepoints fire for both.
W=3 M=2 U=2
W6=2 M6=2 U6=2
# md5_part LABEL SERVER PEER KEYED_PORT PLAIN_PORT W M U: the three kinds
# from PEER (tpa) to SERVER (tpb), alone in the view; LABEL is put
# after the first checks' names.
md5_part() {
	local label=$1 server=$2 peer=$3 kport=$4 pport=$5 w=$6 m=$7 u=$8 k kc n port mib words f
	restart
	mibs TcpExtTCPMD5Failure TcpExtTCPMD5NotFound TcpExtTCPMD5Unexpected > "$TMP/mib.a"
	for k in mismatch required unexpected; do
		trigger "tcp:tcp_hash_md5_$k" 'hist:keys=common_cpu'
	done
	ip netns exec tpb "$PY" "$MD5" listen "$server" "$kport:$peer:right" "$pport" \
		> "$TMP/md5.l" 2>&1 &
	L=$!
	check_eq "a TCP-MD5 listener and a plain one in tpb$label" listening "$(listening "$TMP/md5.l")"
	na "$PY" "$MD5" connect "$server" "$kport:$w:$TMO:wrong" "$kport:$m:$TMO" \
		"$pport:$u:$TMO:right" > "$TMP/c.out"
	kill "$L"
	wait "$L" 2>/dev/null
	check_eq "the listeners are gone" "" "$(nb ss -tlnH)"
	quiesce
	count_hits tcp_hash_md5_mismatch tcp_hash_md5_required tcp_hash_md5_unexpected
	mibs TcpExtTCPMD5Failure TcpExtTCPMD5NotFound TcpExtTCPMD5Unexpected > "$TMP/mib.b"
	check_eq "W wrong-key, M unsigned, U unexpected connects all time out$label" \
		"attempts=$w connected=0 timedout=$w refused=0 attempts=$m connected=0 timedout=$m refused=0 attempts=$u connected=0 timedout=$u refused=0" \
		"$(head -n 3 "$TMP/c.out" | tr '\n' ' ' | sed 's/ $//')"
	read_view
	for kc in mismatch:$w:$kport:TcpExtTCPMD5Failure:MD5_mismatch \
		  required:$m:$kport:TcpExtTCPMD5NotFound:MD5_required \
		  unexpected:$u:$pport:TcpExtTCPMD5Unexpected:MD5_unexpected; do
		IFS=: read -r k n port mib words <<<"$kc"
		f=$(hits "tcp_hash_md5_$k")
		check "md5_$k$label: ftrace saw $f SYNs, at least one for each of the $n connects" \
			test "$f" -ge "$n"
		check_eq "md5_$k$label: $mib (nstat in tpb) equals ftrace" "$f" "$(mib_delta "$mib")"
		judge "md5_$k" "tcp_hash_md5_$k" "${words/_/ }" "$peer" "$port"
	done
	check_eq "auth: those three entries and nothing else$label" 3 \
		"$(jq '.auth_failures | length' "$TMP/auth.json")"
	check_eq "auth: no lost update" 0 "$(jq .overflow "$TMP/auth.json")"
}
if has_tp tcp_hash_md5_mismatch && has_tp tcp_hash_md5_required &&
	has_tp tcp_hash_md5_unexpected; then
	md5_part "" 10.99.1.2 10.99.1.1 5400 5401 $W $M $U
	md5_part " over IPv6" fd99:1::2 fd99:1::1 5402 5403 $W6 $M6 $U6
else
	ok "auth view against TCP-MD5 failures, over IPv4 and IPv6 # SKIP the kernel has no tcp:tcp_hash_md5_* tracepoints"
fi

# --- TCP-AO: a wrong key, an unknown key id, a wrong MAC length, none; bad options -
# In tpb a listener on :5410 has a TCP-AO key for 10.99.1.1 (HMAC-SHA1,
# key ids 100/100, a 12-byte MAC), one on :5411 none.  From tpa to :5410:
#   AW connects with the wrong secret (ao_mismatch: TcpExtTCPAOBad),
#   AK with key id 7, which the listener lacks (ao_key_not_found:
#      TcpExtTCPAOKeyNotFound),
#   AL with the right key but a 16-byte MAC (ao_wrong_maclen: TCPAOBad),
#   AR unsigned (ao_required: TcpExtTCPAORequired).
# Crafted through a raw socket, to :5411 (any listener does: the checks
# come before any key's):
#   AD SYNs from 10.99.1.1 with two MD5 options and AB with both an MD5
#      and an AO option (bad_header: no MIB; the drop reason
#      TCP_AUTH_HDR, skb:kfree_skb),
#   AH unsigned SYNs from 10.99.1.5, each followed by an ACK of the same
#      4-tuple with an AO option (ao_handshake_failure: TCPAOBad): the
#      request socket began without TCP-AO.
# Crafted segments are sent once: exactly AD + AB and AH.  TCPAOBad
# counts three kinds; the listener's own pkt_bad two of them.  A kernel
# with the tracepoints but without CONFIG_TCP_AO (Debian's 6.12) takes
# no AO key and parses no AO option (an MD5 option beside one is just
# unexpected there, an AO-signed ACK just an ACK): there only the two
# MD5 options are sent, and only bad_header counted.
AW=3 AK=2 AL=2 AR=2 AD=3 AB=4 AH=3
AOTPS=()
for tp in tcp_ao_mismatch tcp_ao_key_not_found tcp_ao_wrong_maclen \
	tcp_hash_ao_required tcp_hash_bad_header tcp_ao_handshake_failure; do
	has_tp $tp && AOTPS+=("$tp")
done
ao_keys=yes
"$PY" "$AO" probe 2> "$TMP/probe" || ao_keys=no
sed 's/^/# /' "$TMP/probe"
# The drop reason's number, from the tracepoint's format.
auth_hdr=$(sed -nE 's/.*\{ *([0-9]+), "TCP_AUTH_HDR" \}.*/\1/p' \
	"$TRACING/events/skb/kfree_skb/format" 2>/dev/null | head -n 1)
AOMIBS=(TcpExtTCPAOBad TcpExtTCPAOKeyNotFound TcpExtTCPAORequired TcpExtTCPAOGood)
if [ ${#AOTPS[@]} -gt 0 ]; then
	restart
	mibs "${AOMIBS[@]}" > "$TMP/mib.a"
	for tp in "${AOTPS[@]}"; do
		trigger "tcp:$tp" 'hist:keys=common_cpu'
	done
	[ -n "$auth_hdr" ] && trigger skb:kfree_skb "hist:keys=common_cpu if reason == $auth_hdr"
	if [ $ao_keys = yes ]; then
		specs=(5410:10.99.1.1:right:100:100 5411)
	else
		specs=(5411)
	fi
	ip netns exec tpb "$PY" "$AO" listen 10.99.1.2 "${specs[@]}" > "$TMP/ao.l" 2>&1 &
	L=$!
	check_eq "listeners in tpb: ${specs[*]}" listening "$(listening "$TMP/ao.l")"
	if [ $ao_keys = yes ]; then
		na "$PY" "$AO" connect 10.99.1.2 5410:$AW:$TMO:wrong:100:100 \
			5410:$AK:$TMO:right:7:7 5410:$AL:$TMO:right:100:100:16 \
			5410:$AR:$TMO > "$TMP/c.out" 2>&1
		check_eq "AW wrong-key, AK unknown-id, AL long-MAC, AR unsigned connects all time out" \
			"attempts=$AW connected=0 timedout=$AW refused=0 attempts=$AK connected=0 timedout=$AK refused=0 attempts=$AL connected=0 timedout=$AL refused=0 attempts=$AR connected=0 timedout=$AR refused=0" \
			"$(tr '\n' ' ' < "$TMP/c.out" | sed 's/ $//')"
	fi
	bad=0
	if has_tp tcp_hash_bad_header; then
		check_eq "AD SYNs with two MD5 options sent" sent=$AD \
			"$(na "$PY" "$AO" raw 10.99.1.1 10.99.1.2 5411 twomd5 $AD 2>&1)"
		bad=$AD
	fi
	if has_tp tcp_hash_bad_header && [ $ao_keys = yes ]; then
		check_eq "AB SYNs with MD5 and AO options sent" sent=$AB \
			"$(na "$PY" "$AO" raw 10.99.1.1 10.99.1.2 5411 badheader $AB 2>&1)"
		bad=$((bad + AB))
	fi
	if has_tp tcp_ao_handshake_failure && [ $ao_keys = yes ]; then
		check_eq "AH unsigned SYNs, each then an AO-signed ACK, sent" sent=$AH \
			"$(na "$PY" "$AO" raw 10.99.1.5 10.99.1.2 5411 handshake $AH 2>&1)"
	fi
	kill "$L"
	wait "$L" 2>/dev/null
	check_eq "the listeners are gone" "" "$(nb ss -tlnH)"
	quiesce
	count_hits "${AOTPS[@]}"
	if [ -n "$auth_hdr" ]; then
		dropped=$(hist_hits skb:kfree_skb 'hist:keys=common_cpu')
		untrigger skb:kfree_skb "hist:keys=common_cpu if reason == $auth_hdr"
	fi
	mibs "${AOMIBS[@]}" > "$TMP/mib.b"
	sed 's/^/# listener: /' "$TMP/ao.l"
	read_view
	entries=0
	if [ $ao_keys = yes ]; then
		for kc in tcp_ao_mismatch:ao_mismatch:AO_mismatch:$AW \
			  tcp_ao_key_not_found:ao_key_not_found:AO_key_not_found:$AK \
			  tcp_ao_wrong_maclen:ao_wrong_maclen:AO_wrong_MAC_length:$AL \
			  tcp_hash_ao_required:ao_required:AO_required:$AR; do
			IFS=: read -r tp k words n <<<"$kc"
			check "$k: ftrace saw $(hits "$tp") SYNs, at least one for each of the $n connects" \
				test "$(hits "$tp")" -ge "$n"
			judge "$k" "$tp" "${words//_/ }" 10.99.1.1 5410
			entries=$((entries + 1))
		done
		check_eq "TcpExtTCPAOKeyNotFound (nstat in tpb) equals ftrace's tcp_ao_key_not_found" \
			"$(hits tcp_ao_key_not_found)" "$(mib_delta TcpExtTCPAOKeyNotFound)"
		check_eq "TcpExtTCPAORequired equals ftrace's tcp_hash_ao_required" \
			"$(hits tcp_hash_ao_required)" "$(mib_delta TcpExtTCPAORequired)"
		check_eq "TcpExtTCPAOGood: no segment passed" 0 "$(mib_delta TcpExtTCPAOGood)"
		# The listener's own counters: its pkt_bad has no handshake failure.
		check_eq "the listener's TCP_AO_INFO: bad = mismatch + wrong MAC length, key_not_found, ao_required as ftrace" \
			"5410 good=0 bad=$(($(hits tcp_ao_mismatch) + $(hits tcp_ao_wrong_maclen))) key_not_found=$(hits tcp_ao_key_not_found) ao_required=$(hits tcp_hash_ao_required)" \
			"$(grep '^5410 ' "$TMP/ao.l")"
	else
		ok "TCP-AO: mismatch, key not found, wrong MAC length, required, handshake failure # SKIP no CONFIG_TCP_AO: $(head -n 1 "$TMP/probe")"
	fi
	if has_tp tcp_ao_handshake_failure && [ $ao_keys = yes ]; then
		check_eq "ao_handshake_failure: ftrace saw exactly the AH ACKs" $AH \
			"$(hits tcp_ao_handshake_failure)"
		judge ao_handshake_failure tcp_ao_handshake_failure "AO handshake failure" 10.99.1.5 5411
		entries=$((entries + 1))
	fi
	check_eq "TcpExtTCPAOBad equals ftrace's ao_mismatch + ao_wrong_maclen + ao_handshake_failure" \
		$(($(hits tcp_ao_mismatch) + $(hits tcp_ao_wrong_maclen) + $(hits tcp_ao_handshake_failure))) \
		"$(mib_delta TcpExtTCPAOBad)"
	if has_tp tcp_hash_bad_header; then
		check_eq "bad_header: ftrace saw exactly the $bad crafted SYNs" $bad \
			"$(hits tcp_hash_bad_header)"
		if [ -n "$auth_hdr" ]; then
			check_eq "... as skb:kfree_skb dropped for TCP_AUTH_HDR ($auth_hdr)" \
				"$(hits tcp_hash_bad_header)" "${dropped:-0}"
		else
			echo "# no TCP_AUTH_HDR drop reason in skb:kfree_skb's format"
		fi
		judge bad_header tcp_hash_bad_header "bad MD5/AO option" 10.99.1.1 5411
		entries=$((entries + 1))
	fi
	check_eq "auth: those $entries entries and nothing else" $entries \
		"$(jq '.auth_failures | length' "$TMP/auth.json")"
	check_eq "auth: no lost update" 0 "$(jq .overflow "$TMP/auth.json")"
else
	ok "auth view against TCP-AO failures and bad options # SKIP the kernel has none of tcp:tcp_ao_*, tcp_hash_ao_required, tcp_hash_bad_header"
fi

# --- TCP-AO over IPv6: a wrong key, none -------------------------------------------
# In tpb a listener on [fd99:1::2]:5412 has a TCP-AO key for fd99:1::1
# (HMAC-SHA1, key ids 100/100, a 12-byte MAC, the peer's /128).  From
# tpa, AW6 connects with the wrong secret (ao_mismatch: TcpExtTCPAOBad)
# and AR6 unsigned (ao_required: TcpExtTCPAORequired); the other kinds
# take the same code over either family and are left to the IPv4 part.
AW6=2 AR6=2
if has_tp tcp_ao_mismatch && has_tp tcp_hash_ao_required && [ $ao_keys = yes ]; then
	restart
	mibs "${AOMIBS[@]}" > "$TMP/mib.a"
	for tp in tcp_ao_mismatch tcp_hash_ao_required; do
		trigger "tcp:$tp" 'hist:keys=common_cpu'
	done
	ip netns exec tpb "$PY" "$AO" listen fd99:1::2 5412:fd99:1::1:right:100:100 \
		> "$TMP/ao.l" 2>&1 &
	L=$!
	check_eq "a TCP-AO listener in tpb on [fd99:1::2]:5412" listening "$(listening "$TMP/ao.l")"
	na "$PY" "$AO" connect fd99:1::2 5412:$AW6:$TMO:wrong:100:100 5412:$AR6:$TMO \
		> "$TMP/c.out" 2>&1
	kill "$L"
	wait "$L" 2>/dev/null
	check_eq "the listener is gone" "" "$(nb ss -tlnH)"
	quiesce
	count_hits tcp_ao_mismatch tcp_hash_ao_required
	mibs "${AOMIBS[@]}" > "$TMP/mib.b"
	sed 's/^/# listener: /' "$TMP/ao.l"
	check_eq "AW6 wrong-key, AR6 unsigned connects over IPv6 all time out" \
		"attempts=$AW6 connected=0 timedout=$AW6 refused=0 attempts=$AR6 connected=0 timedout=$AR6 refused=0" \
		"$(tr '\n' ' ' < "$TMP/c.out" | sed 's/ $//')"
	read_view
	for kc in tcp_ao_mismatch:ao_mismatch:AO_mismatch:$AW6:TcpExtTCPAOBad \
		  tcp_hash_ao_required:ao_required:AO_required:$AR6:TcpExtTCPAORequired; do
		IFS=: read -r tp k words n mib <<<"$kc"
		check "$k over IPv6: ftrace saw $(hits "$tp") SYNs, at least one for each of the $n connects" \
			test "$(hits "$tp")" -ge "$n"
		check_eq "$k over IPv6: $mib (nstat in tpb) equals ftrace" \
			"$(hits "$tp")" "$(mib_delta "$mib")"
		judge "$k" "$tp" "${words//_/ }" fd99:1::1 5412
	done
	check_eq "TcpExtTCPAOGood: no segment passed" 0 "$(mib_delta TcpExtTCPAOGood)"
	check_eq "the listener's TCP_AO_INFO: bad = mismatch, no key_not_found, ao_required as ftrace" \
		"5412 good=0 bad=$(hits tcp_ao_mismatch) key_not_found=0 ao_required=$(hits tcp_hash_ao_required)" \
		"$(grep '^5412 ' "$TMP/ao.l")"
	check_eq "auth: those two IPv6 entries and nothing else" 2 \
		"$(jq '.auth_failures | length' "$TMP/auth.json")"
	check_eq "auth: no lost update" 0 "$(jq .overflow "$TMP/auth.json")"
elif [ $ao_keys = no ]; then
	ok "TCP-AO over IPv6: mismatch, required # SKIP no CONFIG_TCP_AO: $(head -n 1 "$TMP/probe")"
else
	ok "TCP-AO over IPv6: mismatch, required # SKIP the kernel lacks tcp:tcp_ao_mismatch or tcp:tcp_hash_ao_required"
fi

ip netns del tpa
ip netns del tpb
suite_end
