#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Network namespaces asking about themselves, inside a test kernel as
# root: two containers (unshare: a user namespace of their own, as
# nobody, and a network namespace) with traffic in both at once, each
# counting its own events under its own filter, reading its views and
# watching its monitor; neither may see the other's figures or change
# system-wide state.  Then ip netns's names: tpstat -n NAME and ip netns
# exec NAME tpstat, and a device's name found by its namespace's cookie
# (netns_index.c) while the namespace lives, and none once it is gone,
# though its drops stay and every namespace has an lo of ifindex 1.
#   tests/net/netns.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
# Every tracepoint, so that generated probes count too (a namespace's
# counters must leave their events out).
suite_load events='*'
"$TP" -v -j list | jq '[.events[] | select(.variant == "generated" and .state == "attached") | .name]' \
	> "$TMP/generated.json"

# --- two containers -------------------------------------------------------------
# Each one: lo up, its counters started under its filter, a monitor,
# then on "go" N datagrams to a closed port and K refused connects, then
# on "stop" its reads.  Files in its dir.
container() { # <dir> <N> <K> <filter words>
	local d=$1
	cat > "$d/run.sh" <<EOT
ip link set lo up
stat -L -c %i /proc/self/ns/net > $d/ns
"$TP" show > /dev/null 2> $d/before.err
echo \$? > $d/before.rc
"$TP" filter $4 2> $d/filter.err
echo \$? > $d/filter.rc
"$TP" -j filter show > $d/filter.json
"$TP" filter netns 1 2> $d/other.err
echo \$? > $d/other.rc
"$TP" -j monitor > $d/mon.out 2> $d/mon.err &
mon=\$!
while [ ! -e $d/go ]; do sleep 0.1; done
"$NETLOAD" udp-send 127.0.0.1 5003 $2 > $d/udp.out
"$NETLOAD" tcp-refused 127.0.0.1 5302 $3 > $d/tcp.out
"$NETLOAD" udp-overflow 127.0.0.1 5007 20 > $d/ovf.out 2>&1
echo \$? > $d/ovf.rc
touch $d/sent
while [ ! -e $d/stop ]; do sleep 0.1; done
kill -INT \$mon
wait \$mon
echo \$? > $d/mon.rc
"$TP" -j drops --by netns > $d/drops.json 2> $d/drops.err
echo \$? > $d/drops.rc
"$TP" -j drops --by location > $d/drops_loc.json
"$TP" -j resets > $d/resets.json 2> $d/resets.err
echo \$? > $d/resets.rc
"$TP" -j show > $d/show.json 2> $d/show.err
echo \$? > $d/show.rc
for c in reset states; do
	a=; [ \$c = reset ] && a=all
	"$TP" \$c \$a > /dev/null 2> "$d/\$c.err"
	echo \$? > "$d/\$c.rc"
done
EOT
	chmod 777 "$d"
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		unshare --user --map-root-user --net bash "$d/run.sh" \
		> "$d/out" 2>&1 &
}
if ! setpriv --reuid=nobody --regid=nogroup --clear-groups \
	unshare --user --map-root-user --net true 2> "$TMP/unshare.err"; then
	not_ok "an unprivileged user can make a container (unshare -Urn): $(cat "$TMP/unshare.err")"
	suite_end
	exit
fi
r0=$(mon_field requests)
mkdir "$TMP/c1" "$TMP/c2"
# c1 counts everything in its namespace; c2 only its sockets whose
# remote port is 5302 (its refused connects' clients).
container "$TMP/c1" 23 6 clear
c1=$!
container "$TMP/c2" 31 9 "rport 5302"
c2=$!
requests_reach() { [ "$(mon_field requests)" -ge "$1" ]; }
check "both containers' monitors are taken (CAP_NET_ADMIN over their own namespace)" \
	until_ok 300 requests_reach $((r0 + 2))
mkdir "$TMP/judge"
judge_begin "$TMP/judge" tcp:tcp_send_reset tcp:tcp_receive_reset \
	sock:inet_sock_set_state
touch "$TMP/c1/go" "$TMP/c2/go"
check "both made their traffic at once" \
	until_ok 600 test -e "$TMP/c1/sent" -a -e "$TMP/c2/sent"
windows_reach() { [ "$(mon_field windows)" -ge "$1" ]; }
w=$(mon_field windows)
until_ok 100 windows_reach $((w + 2))
judge_end
touch "$TMP/c1/stop" "$TMP/c2/stop"
wait $c1 $c2
rst_all=0 rcv_all=0 set_all=0
# own <desc> <expected> <got> <none>: a count of datagrams sent to a
# closed port.  Those drops have no socket: their namespace is their
# device's, which a build that reads no freed skb's device (skb_dev.h:
# s390x, 32-bit MIPS) cannot tell.  There no namespace has them, and
# what a reader sees of them is <none>.
own() {
	if skb_dev_read; then
		check_eq "$1" "$2" "$3"
	else
		check_eq "$1: none, as this build reads no freed skb's device" "$4" "$3"
	fi
}
# <dir> <counter>: the counter in the container's own show, 0 if absent.
ns_counter() {
	jq --arg n "$2" '[.counters[] | select(.name == $n) | .value] | add // 0' "$1/show.json"
}

for c in c1:23:6 c2:31:9; do
	IFS=: read -r name n k <<< "$c"
	d=$TMP/$name
	ns=$(cat "$d/ns")
	[ -s "$d/out" ] && sed "s/^/# $name: /" "$d/out" | head -5
	check_eq "$name: its monitor ran and stopped with status 0" 0 "$(cat "$d/mon.rc")"
	own "$name: its drops alerts at __udp4_lib_rcv add up to its N" "$n" \
		"$(jq -s '[.[] | select(.kind == "drops" and (.location | test("^(__udp4_lib_rcv|udp_rcv)\\+"))) | .count] | add // 0' "$d/mon.out")" 0
	check_eq "$name: every alert it heard is its own namespace's" 0 \
		"$(jq -s --argjson ns "$ns" '[.[] | select(.netns != null and .netns != $ns)] | length' "$d/mon.out")"
	rst=$(jq -s '[.[] | select(.kind == "resets") | (.count // 0) + (.events_lost // 0)] | add // 0' "$d/mon.out")
	check "$name: its resets alerts and losses are K to 2K ($rst)" \
		test "$rst" -ge "$k" -a "$rst" -le $((2 * k))
	rst_all=$((rst_all + rst))
	check_eq "$name: drops reads as its own" 0 "$(cat "$d/drops.rc")"
	check_eq "$name: ... one namespace, its own" "1 $ns" \
		"$(jq -r '"\(.drops | length) \(.drops[0].netns)"' "$d/drops.json")"
	own "$name: ... and its N drops at __udp4_lib_rcv" "$n" \
		"$(jq '[.drops[] | select(.location | test("^(__udp4_lib_rcv|udp_rcv)\\+")) | .count] | add // 0' "$d/drops_loc.json")" 0
	check_eq "$name: its root reads its resets (CAP_NET_ADMIN over its namespace)" 0 \
		"$(cat "$d/resets.rc")"
	check_eq "$name: ... which are its own only" 0 \
		"$(jq --argjson ns "$ns" '[.resets[] | select(.netns != $ns)] | length' "$d/resets.json")"
	for cmd in states reset; do
		check_eq "$name: $cmd, system-wide, is refused" 1 "$(cat "$d/$cmd.rc")"
		check "$name: ... in one line saying so" \
			test "$(wc -l < "$d/$cmd.err")" = 1 -a -n "$(grep 'system-wide' "$d/$cmd.err")"
		sed "s/^/# $name: $cmd: /" "$d/$cmd.err"
	done
	# Its own counters, under its own filter.
	check_eq "$name: show before its counters started is refused" 1 "$(cat "$d/before.rc")"
	check "$name: ... in one line saying how to start them" \
		test "$(wc -l < "$d/before.err")" = 1 -a -n "$(grep 'counts nothing yet' "$d/before.err")"
	check_eq "$name: datagrams read from a UDP queue while it counts (consume_skb there has no device)" \
		"0 sent=20" "$(cat "$d/ovf.rc") $(awk '{ print $1 }' "$d/ovf.out")"
	check_eq "$name: its root sets its filter (CAP_NET_ADMIN over its namespace)" 0 \
		"$(cat "$d/filter.rc")"
	check_eq "$name: a filter naming another namespace is refused" 1 "$(cat "$d/other.rc")"
	check "$name: ... in one line" test "$(wc -l < "$d/other.err")" = 1
	check_eq "$name: show reads its own counters" 0 "$(cat "$d/show.rc")"
	rcv=$(ns_counter "$d" tcp:tcp_receive_reset)
	set=$(ns_counter "$d" sock:inet_sock_set_state)
	drops=$(ns_counter "$d" skb:kfree_skb.drops)
	rcv_all=$((rcv + rcv_all)) set_all=$((set + set_all))
	check_eq "$name: its tcp_receive_reset is its K" "$k" "$rcv"
	check_eq "$name: it shows no generated probe's event (they cannot tell a namespace)" 0 \
		"$(jq --slurpfile gen "$TMP/generated.json" \
			'[.counters[] | select(.name as $n | $gen[0] | index($n))] | length' "$d/show.json")"
	if [ "$name" = c1 ]; then
		check_eq "c1: its filter is none (everything in its namespace)" false \
			"$(jq '.active' "$d/filter.json")"
		if skb_dev_read; then
			check "c1: its kfree_skb.drops count at least its N ($drops)" test "$drops" -ge "$n"
		else
			check "c1: its kfree_skb.drops count fewer than its N, as this build reads no freed skb's device ($drops)" \
				test "$drops" -lt "$n"
		fi
	else
		check_eq "c2: its filter holds rport 5302" 5302 "$(jq '.remote_port' "$d/filter.json")"
		check_eq "c2: its filter kept its socketless drops out of its own counters" 0 "$drops"
	fi
	echo "$ns" >> "$TMP/nslist"
done
check "the containers had two namespaces" test "$(sort -u "$TMP/nslist" | wc -l)" = 2
void=$(judge_void)
[ -z "$void" ] || echo "# the ftrace counts are void: $void"
# A refused connect's reset is sent with no socket (tcp:tcp_send_reset
# has one from 6.10): its namespace is the device's of the segment it
# answers, which every build reads (skb_dev.h).
check_eq "their resets alerts and losses equal ftrace's resets" \
	$(($(judge_hits tcp:tcp_send_reset) + $(judge_hits tcp:tcp_receive_reset))) "$rst_all"
check_eq "their own tcp_receive_reset counters add up to ftrace's" \
	"$(judge_hits tcp:tcp_receive_reset)" "$rcv_all"
# A refused connect is CLOSE -> SYN_SENT -> CLOSE, and c2's filter keeps
# its clients (remote port 5302).
check_eq "their own TCP transitions are two per refused connect, 2 x (6 + 9)" 30 "$set_all"
check "... and no more than ftrace saw everywhere" \
	test "$set_all" -le "$(judge_hits sock:inet_sock_set_state)"
own "the initial namespace sees both containers' drops" 2 \
	"$("$TP" -j drops --by netns | jq --slurpfile ns <(cat "$TMP/nslist") \
		'[.drops[] | select(.netns as $n | $ns | index($n)) | select(.count >= 23)] | length')" 0
check "no reset from a container touched the counters (kfree_skb.drops >= their 54)" \
	test "$(awk '$1 == "skb:kfree_skb.drops" { print $2 }' "$DBG/counters")" -ge 54
check "the system counts generated probes' events (so the check above can fail)" \
	test "$("$TP" -j show | jq --slurpfile gen "$TMP/generated.json" \
		'[.counters[] | select((.name as $n | $gen[0] | index($n)) and .value > 0)] | length')" -gt 0

# --- the administrator's filter is not a namespace's --------------------------------
# A container's own counters pass its own filter alone: were the
# system's applied too, its user could make traffic on chosen ports and
# learn from its counts what the administrator filters on.
"$TP" filter rport 1
mkdir "$TMP/c3"
cat > "$TMP/c3/run.sh" <<EOT
ip link set lo up
"$TP" filter clear
"$NETLOAD" tcp-refused 127.0.0.1 5302 5 > /dev/null
"$TP" -j show > $TMP/c3/show.json
EOT
chmod 777 "$TMP/c3"
setpriv --reuid=nobody --regid=nogroup --clear-groups \
	unshare --user --map-root-user --net bash "$TMP/c3/run.sh" > "$TMP/c3/out" 2>&1
check_eq "under the system's filter (rport 1), a container's own tcp_receive_reset is its 5" \
	5 "$(ns_counter "$TMP/c3" tcp:tcp_receive_reset)"
"$TP" filter clear

# --- ip netns names ---------------------------------------------------------------
ip netns add tpn
ip -n tpn link set lo up
nsn=$(ip netns exec tpn stat -L -c %i /proc/self/ns/net)
ip netns exec tpn "$NETLOAD" udp-send 127.0.0.1 5003 7 > /dev/null
own "tpstat -n tpn drops: tpn's drops only" "7 0" \
	"$("$TP" -n tpn -j drops --by netns | jq --argjson ns "$nsn" \
		'"\([.drops[].count] | add) \([.drops[] | select(.netns != $ns)] | length)"' -r)" "null 0"
own "ip netns exec tpn tpstat drops: the same" "7" \
	"$(ip netns exec tpn "$TP" -j drops --by netns | jq '[.drops[].count] | add')" null
own "the initial namespace names it: netns_name tpn" "tpn" \
	"$("$TP" -j drops --by netns | jq -r --argjson ns "$nsn" '.drops[] | select(.netns == $ns) | .netns_name')" ""
"$TP" filter netns tpn
check_eq "filter netns tpn: the filter holds tpn's inode" "$nsn" \
	"$("$TP" -j filter show | jq '.netns')"
ip netns exec tpn "$NETLOAD" udp-send 127.0.0.1 5003 5 > /dev/null
"$NETLOAD" udp-send 127.0.0.1 5003 3 > /dev/null
own "... and only tpn's drops are counted: 5, not the initial namespace's 3" 5 \
	"$("$TP" -j drops --by netns | jq '[.drops[].count] | add')" null
"$TP" filter clear
"$TP" filter netns nosuchns 2> "$TMP/err"
check_eq "filter netns with an unknown name is refused" 1 $?
check_eq "... in one line" 1 "$(wc -l < "$TMP/err")"
"$TP" -n nosuchns drops > /dev/null 2> "$TMP/err"
check_eq "tpstat -n with an unknown name exits 1" 1 $?
check_eq "... in one line" 1 "$(wc -l < "$TMP/err")"
# tpn's drops on its lo, as the administrator reads them by device (the
# filter's changes above reset the views: these drops are new).
ip netns exec tpn "$NETLOAD" udp-send 127.0.0.1 5003 4 > /dev/null
tpn_dev() {
	"$TP" -j drops --by dev | jq -r --argjson ns "$nsn" \
		'[.drops[] | select(.netns == $ns) | "\(.ifname // "-") \(.count)"] | join(",")'
}
before=$(tpn_dev)
if skb_dev_read; then
	check "drops by device: tpn's are on its lo, named by its cookie ($before)" \
		grep -qE '^lo [1-9][0-9]*$' <<< "$before"
else
	check_eq "drops by device: none is tpn's, as this build reads no freed skb's device" "" "$before"
fi
# A veth pair's end in the initial namespace goes when tpn's devices go,
# after its pre_exit: then tpn is out of the index.
ip link add tpnv0 type veth peer name tpnv1 netns tpn
ip netns del tpn
tpnv0_gone() { ! ip link show tpnv0 > /dev/null 2>&1; }
check "tpn's devices went with it" until_ok 300 tpnv0_gone
own "... then its drops stay, with no device name (its cookie names no namespace)" \
	"- ${before#lo }" "$(tpn_dev)" ""
suite_end
