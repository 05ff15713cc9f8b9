#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The filter's addresses (laddr, raddr) against ftrace, inside a test
# kernel as root (tests/vm/boot.sh): the hits tpstat counts under each
# filter equal those of a hist trigger whose predicate says the same on
# the same tracepoint, sock:inet_sock_set_state, whose saddr and daddr
# are the socket's IPv4 addresses (an IPv6 socket's IPv4 peer's too).
# And a refused request, from the tool or raw, leaves the filter and
# the counts as they were.
#   tests/net/filter.sh <tpstat.ko>
#
#   servers  127.0.0.2:5021  127.0.0.3:5021  [::1]:5021
#   clients  2 to 127.0.0.2, 2 to ::ffff:127.0.0.2 (IPv6 sockets, IPv4
#            peer), 3 to 127.0.0.3, 2 to ::1; all from 127.0.0.1 or ::1
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
EV=sock:inet_sock_set_state

quiet_ipv6
suite_load

# An IPv4 address as ftrace compares saddr/daddr (__u8[4]): the bytes
# read as one native-endian u32.
ftrace_ip() {
	python3 -c 'import socket, struct, sys
print(hex(struct.unpack("=I", socket.inet_aton(sys.argv[1]))[0]))' "$1"
}
X2=$(ftrace_ip 127.0.0.2) X3=$(ftrace_ip 127.0.0.3)

hits() { awk -v e="$EV" '$1 == e { print $2 }' "$DBG/counters"; }

workload() {
	serve "$TMP/s2.out" "$NETLOAD" tcp-server 127.0.0.2 5021 4
	serve "$TMP/s3.out" "$NETLOAD" tcp-server 127.0.0.3 5021 3
	serve "$TMP/s6.out" "$NETLOAD" tcp-server ::1 5021 2
	"$NETLOAD" tcp-connect 127.0.0.2 5021 2 > /dev/null
	"$NETLOAD" tcp-connect ::ffff:127.0.0.2 5021 2 > /dev/null
	"$NETLOAD" tcp-connect 127.0.0.3 5021 3 > /dev/null
	"$NETLOAD" tcp-connect ::1 5021 2 > /dev/null
	reap
	quiesce
}

# vs_ftrace <ftrace predicate> <tpstat filter args...>: hits under the
# filter equal ftrace's under the predicate, over the whole workload.
vs_ftrace() {
	local ff=$1 want got
	shift
	"$TP" filter "$@"
	check_eq "filter $*: set" 0 $?
	quiesce
	"$TP" reset all
	trigger $EV "hist:keys=common_pid if $ff"
	workload
	want=$(hist_hits $EV "hist:keys=common_pid:")
	untrigger $EV "hist:keys=common_pid if $ff"
	got=$(hits)
	check "filter $*: something passed" test "${got:-0}" -gt 0
	check_eq "filter $*: hits equal ftrace's $ff" "${want:-x}" "$got"
}

# --- the same port on two addresses: only the address tells them apart ---
# The IPv6 sockets' IPv4 peers must be among them: counted apart too.
trigger $EV "hist:keys=sport if family == 10 && daddr == $X2"
vs_ftrace "daddr == $X2" raddr 127.0.0.2
mapped=$(hist_hits $EV "hist:keys=sport:")
untrigger $EV "hist:keys=sport if family == 10 && daddr == $X2"
check "raddr 127.0.0.2: IPv6 sockets' IPv4 peer among them (ftrace: $mapped)" \
	test "${mapped:-0}" -gt 0
vs_ftrace "daddr == $X2" raddr ::ffff:127.0.0.2
check_eq "raddr ::ffff:127.0.0.2 is shown as IPv4" "raddr 127.0.0.2/32" \
	"$("$TP" filter show)"
vs_ftrace "saddr == $X2 || saddr == $X3" laddr 127.0.0.2/31
vs_ftrace "saddr == $X3 && sport == 5021" laddr 127.0.0.3 lport 5021
vs_ftrace "daddr == $X2 && comm == \"netload\"" raddr 127.0.0.2 comm netload \
	laddr 127.0.0.0/8
# IPv6 networks match IPv6 peers only, ::/0 too: not the IPv4-mapped
# ones.  ftrace compares no 16-byte address, and what an IPv6 socket's
# IPv4 fields hold differs by kernel and side: here every IPv6 socket
# with a peer talks to ::1 or to 127.0.0.2 (IPv4-mapped), and the
# listener has none (dport 0).
V6="family == 10 && daddr != $X2 && dport != 0"
vs_ftrace "$V6" raddr ::/0
vs_ftrace "$V6 && dport == 5021" raddr ::1/128 rport 5021

# --- show ----------------------------------------------------------------------
"$TP" filter laddr ::ffff:127.0.0.0/104 raddr fd99::/16 rport 443
check_eq "show: the networks as the kernel holds them" \
	"rport 443|laddr 127.0.0.0/8|raddr fd99::/16" \
	"$("$TP" filter show | paste -sd'|')"
check_eq "show -j: local_network, remote_network" "127.0.0.0/8 fd99::/16" \
	"$("$TP" -j filter show | jq -r '"\(.local_network) \(.remote_network)"')"
# As the tool shows it (for the docs).
"$TP" filter show | sed 's/^/# /'
"$TP" -j -p filter show | sed 's/^/# /'

# --- refused: nothing changes -----------------------------------------------------
"$TP" filter raddr 127.0.0.2
quiesce
"$TP" reset all
workload
before=$(hits)
check "counts before the refusals" test "${before:-0}" -gt 0
"$TP" filter raddr 127.0.0.3/24 2> "$TMP/err"
check_eq "tool: host bits are a usage error" 2 $?
check_eq "... with the network meant" \
	"tpstat: raddr: 127.0.0.3/24 has bits set beyond its prefix (the network is 127.0.0.0/24) (see: tpstat help)" \
	"$(cat "$TMP/err")"
"$NLPROBE" filter-bad > "$TMP/bad"
check_eq "raw: every bad address refused" 0 $?
sed 's/^/# /' "$TMP/bad"
# EINVAL from tpstat; ERANGE from the policy (17 bytes, prefix 129).
check_eq "... 8 of them, each with its reason" 8 \
	"$(grep -cE ': (Invalid argument|Numerical result out of range): .+' "$TMP/bad")"
check "... the prefix of an IPv4 address" \
	grep -qx 'IPv4 raddr, prefix 33: Invalid argument: an IPv4 prefix is at most 32 bits' "$TMP/bad"
check "... host bits" \
	grep -q '^raddr 127.0.0.3/24, host bits: Invalid argument: the address has bits set beyond its prefix' "$TMP/bad"
check "... a prefix alone" \
	grep -qx 'raddr prefix, no raddr: Invalid argument: a prefix without its address' "$TMP/bad"
check "... an IPv4-mapped address's IPv4 prefix" \
	grep -q '^raddr ::ffff:127.0.0.1/120, IPv4 prefix 24: Invalid argument: the address has bits' "$TMP/bad"
check_eq "the filter is the one before" "raddr 127.0.0.2/32" "$("$TP" filter show)"
check_eq "the counts were not started over" "$before" "$(hits)"
"$TP" filter clear
check_eq "clear" "no filter" "$("$TP" filter show)"

suite_end
