#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A namespace's inode number is reused: the IDA behind it hands out the
# lowest free number.  A namespace that dies must leave nothing to the
# next one that gets its number: none of its entries in any view, and no
# filter that named it.  Inside a test kernel as root.
#
#   tpold: nx 10.99.97.1  <--->  tpoldp: ny (no address: nobody answers)
#          (10.99.97.2 is a static neighbour: ny's address, so SYNs to it
#          leave and are never answered; 10.99.97.3 never resolves)
#
# In tpold, with the filter naming tpold: refused connects (resets,
# errors, lifetimes), an unanswered SYN (retrans), datagrams to a closed
# port (drops), a full UDP queue (rcvq), an unresolved neighbour (neigh),
# traffic on nx (devices).  Then tpold goes, and namespaces are made
# until one has its inode number: that one must read nothing in any
# view, and its traffic must not pass tpold's filter.
#   tests/net/netns_reuse.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
VIEWS="drops resets retrans errors rcvq lifetime devices neigh"
# rows <netns> <view>: how many rows the view has, read in that namespace.
rows() {
	ip netns exec "$1" "$TP" -j "$2" 2> "$TMP/err" |
		jq '[.[] | arrays | length] | add // 0'
}
# on <netns> <view>: whether that namespace may read the view here (a
# kernel without its tracepoints refuses it).
on() {
	ip netns exec "$1" "$TP" -j "$2" > /dev/null 2>&1
}

suite_load
check "... with every view" test -f "$DBG/drops"

ip netns add tpold
ip netns add tpoldp
ip link add nx netns tpold type veth peer name ny netns tpoldp
ip -n tpold link set lo up
ip -n tpold addr add 10.99.97.1/24 dev nx
ip -n tpold link set nx up
ip -n tpoldp link set ny up
ip -n tpold neigh add 10.99.97.2 lladdr "$(ip -n tpoldp -j link show ny | jq -r '.[0].address')" dev nx nud permanent
ip netns exec tpold sysctl -qw net.ipv4.neigh.nx.mcast_solicit=1
ip netns exec tpold sysctl -qw net.ipv4.neigh.nx.retrans_time_ms=100
old=$(stat -L -c %i /run/netns/tpold)
echo "# tpold is netns $old"

"$TP" filter netns tpold
check_eq "the filter names tpold" "$old" "$("$TP" -j filter show | jq '.netns')"

ip netns exec tpold "$NETLOAD" tcp-refused 127.0.0.1 4444 3 > /dev/null
ip netns exec tpold "$NETLOAD" udp-send 127.0.0.1 5003 7 > /dev/null
ip netns exec tpold "$NETLOAD" udp-overflow 127.0.0.1 5007 20 > /dev/null 2>&1
ip netns exec tpold "$NETLOAD" udp-send 10.99.97.3 9 1 > /dev/null
# A SYN nobody answers, retransmitted after 1 s (a loaded TCG guest may
# take longer): the connect is given up once the view has it.
ip netns exec tpold "$NETLOAD" tcp-connect 10.99.97.2 5000 1 > /dev/null 2>&1 &
syn=$!
for ((i = 0; i < 300; i++)); do
	[ "$(rows tpold retrans)" -gt 0 ] 2> /dev/null && break
	sleep 0.1
done
kill "$syn"
wait "$syn" 2> /dev/null
for v in $VIEWS; do
	if on tpold "$v"; then
		n=$(rows tpold "$v")
		check "tpold has entries in $v ($n)" test "${n:-0}" -gt 0
	else
		echo "# $v: unavailable here: $(head -1 "$TMP/err")"
	fi
done
# Datagrams to a closed port, as netns.sh counts them.
udp_drops() {
	"$TP" -j drops --by location |
		jq '[.drops[] | select(.location | test("^(__udp4_lib_rcv|udp_rcv)\\+")) | .count] | add // 0'
}
drops_before=$(udp_drops)
check_eq "tpold's 7 datagrams to a closed port are counted" 7 "$drops_before"
sed 's/^/# before: /' "$DBG/drops"
# The kernel's own cookie of a namespace (SO_NETNS_COOKIE, 5.14 on); empty
# where it has none.
cookie() {
	ip netns exec "$1" python3 -c 'import socket
s = socket.socket()
print(int.from_bytes(s.getsockopt(socket.SOL_SOCKET, 71, 8), "little"))' 2> /dev/null
}
c_old=$(cookie tpold)
if [ -n "$c_old" ]; then
	check_eq "tpold's rows carry its SO_NETNS_COOKIE as netns_cookie" "$c_old" \
		"$("$TP" -j drops --by netns | jq -r --argjson n "$old" \
			'[.drops[] | select(.netns == $n) | .netns_cookie] | unique | map(tostring) | join(" ")')"
fi

ip netns del tpold
ip netns del tpoldp
# Namespaces until one has tpold's number (its cleanup runs later, in a
# workqueue); each one that does not is kept, so that it takes its
# number out of the way.
new=
for ((i = 0; i < 60; i++)); do
	ip netns add "tpnew$i"
	if [ "$(stat -L -c %i "/run/netns/tpnew$i")" = "$old" ]; then
		new=tpnew$i
		break
	fi
	sleep 0.25
done
check "a new namespace got tpold's inode number ($new)" test -n "$new"
if [ -n "$new" ]; then
	check_eq "... as readlink /proc/self/ns/net says in it" "net:[$old]" \
		"$(ip netns exec "$new" readlink /proc/self/ns/net)"
	for v in $VIEWS; do
		on "$new" "$v" || continue
		check_eq "$new reads nothing of tpold in $v" 0 "$(rows "$new" "$v")"
	done
	c_new=$(cookie "$new")
	[ -z "$c_old" ] || check "... but not its cookie ($c_old, $c_new)" \
		test -n "$c_new" -a "$c_new" != "$c_old"
	# The administrator's "netns NAME" is the namespace that has the
	# name now, by cookie: tpold's rows under the same inode number are
	# not its.  The number itself still selects them.
	if [ -n "$c_old" ]; then
		check_eq "drops netns $new selects none of tpold's rows" 0 \
			"$("$TP" -j drops netns "$new" | jq '.drops | length')"
		check "... while drops netns $old (the number) does" test \
			"$("$TP" -j drops netns "$old" | jq '.drops | length')" -gt 0
	fi
	# tpold's filter must not pass the new namespace's events.
	ip -n "$new" link set lo up
	ip netns exec "$new" "$NETLOAD" udp-send 127.0.0.1 5003 5 > /dev/null
	sed 's/^/# after: /' "$DBG/drops"
	check_eq "tpold's filter keeps $new's 5 datagrams to a closed port out" \
		"$drops_before" "$(udp_drops)"
	check_eq "... and $new reads none" 0 "$(rows "$new" drops)"
fi
"$TP" filter clear
for ((j = 0; j <= i && j < 60; j++)); do
	ip netns del "tpnew$j" 2> /dev/null
done

suite_end
