#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The tpstat tool against the module, inside a test kernel as root: every
# command, JSON checked with jq, numbers equal to debugfs and to ftrace
# after reset/attach/detach, permissions as documented, and attach/detach/
# reset hammered from two processes under traffic.
#   tests/net/ctl.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
quiet() { "$@" > /dev/null; }

# --- without the module ------------------------------------------------------
# The family's alias makes the kernel modprobe tpstat on lookup: where one
# is installed for this kernel (DKMS, make install), it loads, and the
# test below cannot pass.  Say so.
[ -d /sys/module/tpstat ] && echo "# tpstat is loaded before the test"
installed=$(modprobe -n -v tpstat 2>/dev/null)
[ -n "$installed" ] && echo "# modprobe finds an installed tpstat: $installed"
"$TP" show > "$TMP/out" 2> "$TMP/err"
st=$?
check_eq "show without the module exits 1" 1 $st
check "... and says how to load it" grep -q 'not loaded (load it with' "$TMP/err"
check_eq "... in one line" 1 "$(wc -l < "$TMP/err")"
[ "$st" = 1 ] || head -5 "$TMP/err" "$TMP/out" | sed 's/^/# /'
rmmod tpstat 2> /dev/null
tool_version=$(sed -n 's/^#define TPSTAT_VERSION "\(.*\)"$/\1/p' "$here/../../module/base/version.h")
"$TP" -V > "$TMP/out" 2> "$TMP/err"
check_eq "-V without the module exits 0" 0 $?
check_eq "... and prints the tool's version alone" "tpstat $tool_version" "$(cat "$TMP/out")"
check_eq "... without a warning" "" "$(cat "$TMP/err")"
check "... and does not load the module" test ! -d /sys/module/tpstat
rmmod tpstat 2> /dev/null

suite_load

# --- info, list --------------------------------------------------------------------
"$TP" --version > "$TMP/out" 2> "$TMP/err"
check_eq "--version with the module exits 0" 0 $?
check_eq "... and prints both versions" "tpstat $tool_version|module $(cat /sys/module/tpstat/version)" \
	"$(paste -sd'|' "$TMP/out")"
check_eq "... the same: no warning" "" "$(cat "$TMP/err")"
"$TP" -j info > "$TMP/info"
check "info -j is JSON with schema_version 1" quiet jq -e '.schema_version == 1' "$TMP/info"
check_eq "info names the running kernel" "$(uname -r)" "$(jq -r .kernel "$TMP/info")"
check_eq "info counts the known events" "$(wc -l < "$DBG/events")" "$(jq -r .events "$TMP/info")"
"$TP" -j list -v | jq -r '.events[] | "\(.name) \(.state)"' > "$TMP/list"
check "list -j equals debugfs events" diff "$DBG/events" "$TMP/list"
check "list -v -j gives every present event its variant" \
	quiet jq -e '[.events[] | select(.state != "missing") | .variant | strings] | length > 0' \
	<("$TP" -j list -v)
check "list -j gives each event its group" quiet jq -e \
	'all(.events[]; (.group + ":") as $p | .group != "" and (.name | startswith($p)))' \
	<("$TP" -j list)
# tcp's tracepoints: 9 hand-written, and from 6.3 more with generated probes.
check_eq "list GLOB selects" "$(grep -c '^tcp:' "$DBG/events")" \
	"$("$TP" list 'tcp:*' | wc -l)"

# --- show equals debugfs ---------------------------------------------------------
"$NETLOAD" tcp-refused 127.0.0.1 5002 5 > /dev/null
quiesce
# Netlink replies are skbs too (consume_skb): compare the other groups.
# A kernel timer (a TCP retransmit, an ARP probe) can fire between the two
# reads: they are compared when debugfs read the same before and after.
G='tcp:*,sock:*,net:*,napi:*'
for _ in 1 2 3 4 5; do
	grep -E '^(tcp|sock|net|napi):' "$DBG/counters" > "$TMP/dbg"
	"$TP" -j show -z "$G" | jq -r '.counters[] | "\(.name) \(.value)"' > "$TMP/nl"
	grep -E '^(tcp|sock|net|napi):' "$DBG/counters" > "$TMP/dbg2"
	cmp -s "$TMP/dbg" "$TMP/dbg2" && break
	echo "# counters moved while read: $(diff "$TMP/dbg" "$TMP/dbg2" | grep '^>' | tr '\n' ' ')"
	sleep 1
done
check "show -z -j equals debugfs counters" diff "$TMP/dbg" "$TMP/nl"
check "show hides zeros" bash -c "! '$TP' show '$G' | awk '\$2 == 0' | grep -q ."

# --- reset, detach, attach; ftrace still agrees ------------------------------------
# A TCP timer of a connection run.sh left in a deleted namespace can fire
# between the reset and the read (7.3): a reset that zeroes nothing fails
# every time, a race only sometimes.
for _ in 1 2 3 4 5; do
	"$TP" reset 'tcp:*'
	tcp_after=$("$TP" -j show -z 'tcp:*' | jq '[.counters[].value] | add')
	[ "$tcp_after" = 0 ] && break
	echo "# tcp counters moved right after the reset: $("$TP" show 'tcp:*' | tr -s ' ' | tr '\n' ' ')"
done
check_eq "reset tcp:* zeroes tcp counters" 0 "$tcp_after"
check "reset tcp:* leaves the others" test \
	"$("$TP" -j show 'sock:inet_sock_set_state' | jq '.counters[0].value')" -gt 0
"$TP" detach 'skb:kfree_skb'
check_eq "detach shows in list" "skb:kfree_skb detached" \
	"$(grep '^skb:kfree_skb ' "$DBG/events")"
before=$(value "$DBG/counters" skb:kfree_skb)
"$NETLOAD" udp-send 127.0.0.1 5003 5 > /dev/null
check_eq "a detached counter stays still" "$before" "$(value "$DBG/counters" skb:kfree_skb)"
"$TP" attach 'skb:kfree_skb'
"$TP" reset all
judged="skb:kfree_skb tcp:tcp_destroy_sock sock:inet_sock_set_state net:net_dev_xmit"
mkdir "$TMP/judge"
# shellcheck disable=SC2086 # a list of events
judge_begin "$TMP/judge" $judged
"$NETLOAD" tcp-refused 127.0.0.1 5002 4 > /dev/null
"$NETLOAD" udp-send 127.0.0.1 5003 6 > /dev/null
quiesce
judge_end
check_eq "ftrace's count is whole (nothing dropped or overrun)" "" "$(judge_void)"
for ev in $judged; do
	check_eq "$ev after reset/detach/attach equals ftrace" "$(judge_hits "$ev")" \
		"$("$TP" -j show -z "$ev" | jq --arg n "$ev" '.counters[] | select(.name == $n) | .value')"
done

# --- watch -----------------------------------------------------------------------
"$NETLOAD" flood 127.0.0.1 5007 3 > /dev/null &
"$TP" -j watch -i 0.5 -c 3 'skb:kfree_skb' > "$TMP/watch"
wait
check_eq "watch -j -c 3 writes 3 JSON lines" 3 "$(jq -c . "$TMP/watch" | wc -l)"
check "watch deltas add up to the change" test \
	"$(jq -s '[.[].counters[] | select(.name == "skb:kfree_skb") | .delta] | add' "$TMP/watch")" -gt 0

# --- a view per interval: what moved, not the totals ------------------------------
# Refused connects to 4 closed ports, 1 to 4 of them each, all between
# the first and the second read: the second block is exactly those
# ports (the client's received resets, remote port; 6.10+ adds the
# kernel's sent ones, local port), by change, biggest first.  Then a
# reset of everything and 1 connect to 5404: the third block shows 5404
# with 1 (its count went from 4 to 1: a reset, its new value is the
# change), and the ports that vanished not at all (no negative change).
wait_lines() {	# FILE N: until FILE has N lines, at most 20 s
	local i
	for ((i = 0; i < 200; i++)); do
		[ "$(wc -l < "$1")" -ge "$2" ] && return 0
		sleep 0.1
	done
	return 1
}
quiesce
"$TP" -j resets -i 3 -c 3 > "$TMP/iv.json" 2> "$TMP/iv.err" &
iv=$!
sleep 0.2
wait_lines "$TMP/iv.json" 1
for p in 1 2 3 4; do
	"$NETLOAD" tcp-refused 127.0.0.1 $((5400 + p)) $p > /dev/null
done
wait_lines "$TMP/iv.json" 2
"$TP" reset all
"$NETLOAD" tcp-refused 127.0.0.1 5404 1 > /dev/null
wait $iv
check_eq "resets -j -i 3 -c 3: exits 0" "0|" "$?|$(cat "$TMP/iv.err")"
check_eq "... 3 JSON lines, each with time and interval" 3 \
	"$(jq -c 'select(.view == "resets" and .time and .interval_s > 0)' "$TMP/iv.json" | wc -l)"
active() {	# the active (client) rows of block $1: port=received, in order
	sed -n "$1p" "$TMP/iv.json" |
		jq -r '[.resets[] | select(.direction == "active") | "\(.port)=\(.received)"] | join(" ")'
}
check_eq "block 2: exactly the 4 refused ports, their connects, biggest first" \
	"5404=4 5403=3 5402=2 5401=1" "$(active 2)"
sent=$(sed -n 2p "$TMP/iv.json" |
	jq -r '[.resets[] | select(.direction == "passive") | "\(.port)=\(.sent)"] | join(" ")')
if [ -n "$sent" ]; then
	check_eq "... and the kernel's sent resets to them, the same counts (6.10+)" \
		"5404=4 5403=3 5402=2 5401=1" "$sent"
fi
check_eq "block 2: nothing else moved" 0 \
	"$(sed -n 2p "$TMP/iv.json" | jq '[.resets[] | select(.port < 5401 or .port > 5404)] | length')"
check_eq "block 3, after reset all: 5404's new count, the vanished ports not at all" \
	"5404=1" "$(active 3)"
check_eq "block 3: no negative change anywhere" 0 \
	"$(sed -n 3p "$TMP/iv.json" | jq '[.resets[] | select(.sent < 0 or .received < 0)] | length')"
"$NETLOAD" flood 127.0.0.1 5007 2 > /dev/null &
"$TP" drops -i 0.5 -c 2 > "$TMP/iv.txt" 2>&1
wait
check_eq "drops -i piped: one '--- TIME' block per interval" 2 \
	"$(grep -c '^--- [0-9-]* [0-9:]*  drops: changes in ' "$TMP/iv.txt")"
check "... and no escape sequence" test -z "$(grep -l $'\e' "$TMP/iv.txt")"
check_eq "a bare reset is refused (exit 2), in one line" "2|1" \
	"$("$TP" reset 2> "$TMP/err"; echo "$?|$(wc -l < "$TMP/err")")"
check "... naming its scope" grep -q "reset all" "$TMP/err"

# --- show --delta: what changed since this user's last look ----------------------
# Refused connects are one tcp:tcp_receive_reset each (the client's).
# The first --delta sets the baseline; each later one shows the change
# since the previous and moves it on; --no-update shows without moving.
export TPSTAT_HISTORY=$TMP/history
rr() { "$TP" -j show "$@" tcp:tcp_receive_reset | jq '[.counters[] | select(.name == "tcp:tcp_receive_reset") | .value] | add // 0'; }
quiesce
"$TP" show --delta > /dev/null
check_eq "--delta makes its history 0600, the user's" "600 0" "$(stat -c '%a %u' "$TMP/history")"
"$NETLOAD" tcp-refused 127.0.0.1 5501 3 > /dev/null
check_eq "--delta: the first workload's 3 resets received" 3 "$(rr --delta)"
"$NETLOAD" tcp-refused 127.0.0.1 5502 5 > /dev/null
check_eq "--delta --no-update: the second workload's 5 only" 5 "$(rr --delta --no-update)"
check_eq "--delta again: still 5 (--no-update kept the baseline)" 5 "$(rr --delta)"
check_eq "--delta once more: nothing moved" 0 "$(rr --delta)"
"$TP" reset all
"$NETLOAD" tcp-refused 127.0.0.1 5503 2 > /dev/null
check_eq "--delta after reset all: the count went down, its new value (2), not negative" 2 "$(rr --delta)"
check_eq "--reset-history: the change since the reset again" 2 "$(rr --reset-history)"
ln -s "$TMP/planted" "$TMP/link"
TPSTAT_HISTORY=$TMP/link "$TP" show --delta > /dev/null 2> "$TMP/err"
check_eq "a history that is a symbolic link is refused (exit 1)" 1 $?
check "... saying so" grep -q 'symbolic link: refused' "$TMP/err"
check "... and nothing written where it points" test ! -e "$TMP/planted"
chmod 644 "$TMP/history"
"$TP" show --delta > /dev/null 2> "$TMP/err"
check_eq "a history others may read is refused (exit 1)" 1 $?
unset TPSTAT_HISTORY

# --- permissions and bad input -------------------------------------------------
for cmd in "reset all" "attach tcp:*" "detach tcp:*"; do
	# shellcheck disable=SC2086 # the command and its glob are two words
	nobody "$TP" $cmd 2> "$TMP/err"
	check_eq "as nobody, $cmd exits 1" 1 $?
	check "... naming CAP_NET_ADMIN" grep -q CAP_NET_ADMIN "$TMP/err"
done
check "as nobody, show works" quiet nobody "$TP" show
check "as nobody, list works" quiet nobody "$TP" list
check "as nobody, info works" quiet nobody "$TP" info
"$TP" attach 'bogus:x' 2> "$TMP/err"
check_eq "attach bogus:x exits 1" 1 $?
# Before 6.2 the reason is a fixed text (an extack has no buffer of its own there).
check "... with the kernel's reason" grep -qxE \
	"tpstat: ('bogus:x'|a glob that) matches no tracepoint tpstat knows" "$TMP/err"
"$TP" show -q 2> "$TMP/err"
check_eq "a bad option exits 2" 2 $?
check_eq "... with one line" 1 "$(wc -l < "$TMP/err")"
# One exit-code convention: 0 done, 1 the kernel said no (above), 2 usage.
for bad in "hist frob" "show -n web" "show --top 3" "retrans dev lo" "retrans dst 10.0.0.0/33" \
	"errors --sort bogus" "drops --by trap reason NO_SOCKET" "watch -c 0" "info x" "frob" "show -- tcp:* -z"; do
	# shellcheck disable=SC2086 # a command line
	"$TP" $bad > /dev/null 2> "$TMP/err"
	check_eq "$bad: a usage error, exit 2" 2 $?
	check_eq "... with one line" 1 "$(wc -l < "$TMP/err")"
done
check "watch -z -c 1 runs (zeros too)" quiet "$TP" watch -z -i 0.1 -c 1 'skb:*'
check_eq "watch --zeros prints every counter, as show -z" \
	"$("$TP" -j show -z 'tcp:*' | jq '.counters | length')" \
	"$("$TP" -j watch --zeros --interval 0.1 --count 1 'tcp:*' | jq '.counters | length')"
check "drops --top 1 runs" quiet "$TP" drops --top 1
"$TP" drops -n 1 > /dev/null 2> "$TMP/err"
check_eq "drops -n 1 still runs, for one release" 0 $?
check "... with a deprecation line naming --top" grep -q 'deprecated.*--top' "$TMP/err"
check "-- ends the options" quiet "$TP" show -- 'tcp:*'

# --- selectors, --sort, --top, -h, -H, init: the tool's rows against jq's ---------
# Datagrams to a closed port on lo are drops (NO_SOCKET) on lo in the
# initial namespace; a namespace of ip netns drops its own.  What the
# selectors keep is checked against jq's selection of the whole view.
"$TP" reset all
ip netns add tpsel
ip -n tpsel link set lo up
"$NETLOAD" flood 127.0.0.1 5009 1 > /dev/null
ip netns exec tpsel "$NETLOAD" flood 127.0.0.1 5009 1 > /dev/null
quiesce
init_ns=$(stat -L -c %i /proc/1/ns/net) sel_ns=$(stat -L -c %i /run/netns/tpsel)
"$TP" -j drops --by dev > "$TMP/all.json"
lo_init=$(jq --argjson n "$init_ns" '[.drops[] | select(.ifname == "lo" and .netns == $n) | .count] | add // 0' "$TMP/all.json")
lo_sel=$(jq --argjson n "$sel_ns" '[.drops[] | select(.ifname == "lo" and .netns == $n) | .count] | add // 0' "$TMP/all.json")
check "both namespaces dropped on lo ($lo_init, $lo_sel)" test "$lo_init" -gt 0 -a "$lo_sel" -gt 0
check_eq "drops --by dev dev lo netns init: only the initial namespace's lo" "$lo_init" \
	"$("$TP" -j drops --by dev dev lo netns init | jq '[.drops[].count] | add // 0')"
check_eq "... netns tpsel: the namespace's, by its name" "$lo_sel" \
	"$("$TP" -j drops --by dev dev lo netns tpsel | jq '[.drops[].count] | add // 0')"
check_eq "... netns INODE: the same" "$lo_sel" \
	"$("$TP" -j drops --by dev netns "$sel_ns" dev lo | jq '[.drops[].count] | add // 0')"
check_eq "netns init or tpsel: both" "$((lo_init + lo_sel))" \
	"$("$TP" -j drops --by dev dev lo netns init netns tpsel | jq '[.drops[].count] | add // 0')"
check_eq "text: the namespaces by name, init and tpsel" "init tpsel" \
	"$("$TP" -H drops --by dev dev lo | awk '!/^overflow:/ { print $3 }' | sort | paste -sd' ')"
check_eq "--numeric-netns: their numbers" "$(printf '%s\n' "$init_ns" "$sel_ns" | sort | paste -sd' ')" \
	"$("$TP" -H --numeric-netns drops --by dev dev lo | awk '!/^overflow:/ { print $3 }' | sort | paste -sd' ')"
check_eq "JSON names the initial namespace init, keeps its number" "$init_ns init" \
	"$("$TP" -j drops --by netns netns init | jq -r '.drops[0] | "\(.netns) \(.netns_name)"')"
check_eq "a header line, which -H leaves out" "1 0" \
	"$("$TP" drops --by dev dev lo | grep -c '^ *COUNT  DEVICE') $("$TP" -H drops --by dev dev lo | grep -c COUNT)"
check_eq "reason NO_SOCKET: jq's NO_SOCKET rows" \
	"$("$TP" -j drops --by reason | jq '[.drops[] | select(.reason == "NO_SOCKET") | .count] | add // 0')" \
	"$("$TP" -j drops --by reason reason no_socket | jq '[.drops[].count] | add // 0')"
check_eq "--sort name --top 1: the first name as sort(1) orders them" \
	"$("$TP" -j drops --by location | jq -r '.drops[].location' | LC_ALL=C sort | head -1)" \
	"$("$TP" -j drops --by location --sort name --top 1 | jq -r '.drops[].location')"
"$TP" drops netns nosuch > /dev/null 2> "$TMP/err"
check_eq "netns of no namespace: exit 1, one line" "1 1" "$? $(wc -l < "$TMP/err")"
check_eq "-h: counts of 1000 and more as 1.23k" "$(jq '[.drops[] | select(.count >= 1000)] | length' "$TMP/all.json")" \
	"$("$TP" -h -H drops --by dev | awk '$1 ~ /^[0-9.]+[kMG]$/' | wc -l)"
check_eq "-h: JSON keeps the numbers" "$(jq -c '[.drops[].count]' "$TMP/all.json")" \
	"$("$TP" -h -j drops --by dev | jq -c '[.drops[].count]')"
ip netns del tpsel

# --- a dump over several messages ------------------------------------------------
serve "$TMP/server.out" "$NETLOAD" tcp-server 127.0.0.1 5001 3
"$NETLOAD" tcp-connect 127.0.0.1 5001 3 > /dev/null
reap
quiesce
"$NLPROBE" dump > "$TMP/dump" 2> "$TMP/batches"
check_eq "raw counters dump ends cleanly" 0 $?
batches=$(sed -n 's/^batches=//p' "$TMP/batches")
check "the dump spans several messages ($batches)" test "${batches:-0}" -ge 2
check "... and holds every counter once, in order, as debugfs" \
	diff <(awk '{ print $1 }' "$DBG/counters") <(awk '{ print $1 }' "$TMP/dump")

# --- raw netlink: malformed and random requests ----------------------------------
"$NLPROBE" bad > "$TMP/bad"
check_eq "every malformed request gets an error" 0 $?
sed 's/^/# /' "$TMP/bad"
# Random requests and two writers under traffic: the full tier only
if full_tier; then
	"$NLPROBE" random 3000 12345 > "$TMP/rand"
	check_eq "3000 random requests (seed 12345) all answered" 0 $?
	sed 's/^/# root: /' "$TMP/rand"
	nobody "$NLPROBE" random 1000 777 > "$TMP/rand"
	check_eq "1000 random requests as nobody all answered" 0 $?
	sed 's/^/# nobody: /' "$TMP/rand"
	# Random writes may have detached or reset things: count exactly again.
	"$TP" attach '*'
	"$TP" reset all
	mkdir "$TMP/judge2"
	judge_begin "$TMP/judge2" skb:kfree_skb
	"$NETLOAD" udp-send 127.0.0.1 5003 7 > /dev/null
	quiesce
	judge_end
	check_eq "after the random requests kfree_skb still equals ftrace" \
		"$(judge_hits skb:kfree_skb)" \
		"$("$TP" -j show -z skb:kfree_skb | jq '.counters[] | select(.name == "skb:kfree_skb") | .value')"

	# --- hammer: two writers under traffic --------------------------------------------
	"$NETLOAD" flood 127.0.0.1 5008 8 > /dev/null &
	flood=$!
	hammer() {
		local end=$((SECONDS + 6))
		while [ $SECONDS -lt $end ]; do
			"$TP" detach "$1" && "$TP" attach "$1" && "$TP" reset "$1" || return 1
		done
	}
	hammer 'tcp:*,skb:*' & h1=$!
	hammer 'skb:*,net:*' & h2=$!
	wait $h1; r1=$?
	wait $h2; r2=$?
	wait $flood
	check_eq "two processes attach/detach/reset under traffic" "0 0" "$r1 $r2"
	check_eq "every event attached again" 0 "$(grep -c ' detached$' "$DBG/events")"
fi

suite_end
