#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The flight recorder (module/history/recorder.c), in debugfs's history file and
# through netlink (tpstat history): two bursts at known times, TCP resets
# to a closed port and then UDP datagrams to a full receive queue, with
# quiet between.  Each burst's events are in the intervals that overlap
# it and in no other.  Over a window whose edges are interval edges
# passed while nothing ran, the intervals' changes add up exactly to
# what ftrace counted and to the counters' own change, a reset in the
# middle of the second burst included (the recorder reads the sums,
# which a reset leaves alone).  Intervals are numbered from 0 without a
# gap, follow each other without a gap in time, each holding a
# multiple of history= seconds of the wall clock (one, unless the guest
# ran the tick a step late), and say what happened
# in them (partial, reset).  A recording saved and loaded back is what
# the module gives, counters and views.  A namespace counting its own
# events has its own history, whole across a new filter.  The views
# intervals keep each burst's key
# among the first keys that moved (the resets view's closed port, the
# receive queues view's full one) in the intervals that overlap it and
# no other, and their changes add up to the burst.
#   tests/net/history.sh <tpstat.ko>
# shellcheck disable=SC2016 # awk's fields, single-quoted
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"

STEP_S=2
STEP_NS=$((STEP_S * 1000000000))
# Views intervals of two counters' intervals.
VSTEP_S=4
suite_load history=$STEP_S history_views=$VSTEP_S
check "debugfs has the history file" test -r "$HIST"

now_ns() { date +%s%N; }
# burst <seconds> <awk expression> <command...>: runs the command again
# and again for that long; prints the sum of the expression over its
# lines, "name=value" pairs each an awk variable (refused, sent...).
burst() {
	local secs=$1 expr=$2 n=0 start=$SECONDS
	shift 2
	while ((SECONDS - start < secs)); do
		n=$((n + $("$@" | awk "{ for (i = 1; i <= NF; i++) { split(\$i, kv, \"=\"); v[kv[1]] = kv[2] } }
			END { print $expr + 0 }")))
	done
	echo $n
}
# moved_outside <name> <from ns> <to ns>: how many intervals where <name>
# moved do not overlap [from, to].
moved_outside() {
	local at s st len fl k v n=0 out=0
	while read -r at s st len fl; do
		if [ "$at" = @ ]; then
			out=0
			((st + len <= $2 || st >= $3)) && out=1
			continue
		fi
		k=$at v=$s
		[ "$k" = "$1" ] && ((v > 0 && out)) && n=$((n + 1))
	done <"$HIST"
	echo $n
}

quiet_ipv6
quiesce || echo "# counters never settled before the window"
# The window's first edge: an interval ends while nothing runs, then the
# counters and ftrace start.
first=$(($(history_after "$(history_newest)") + 1))
events=$(attached_events)
snapshot "$TMP/a"
mkdir "$TMP/judge"
# shellcheck disable=SC2086 # a list of events
judge_begin "$TMP/judge" $events

b1s=$(now_ns)
R=$(burst 3 'v["refused"]' "$NETLOAD" tcp-refused 127.0.0.1 5002 10)
b1e=$(now_ns)
quiesce || echo "# counters never settled after the resets"
# A whole quiet interval between the bursts.
history_after $(($(history_after "$(history_newest)") + 1)) >/dev/null

b2s=$(now_ns)
# What the full queue refused: all but what it took.
full='v["sent"] - v["received"]'
U=$(burst 2 "$full" "$NETLOAD" udp-overflow 127.0.0.1 5003 20)
"$TP" reset 'udp:*'
check_eq "tpstat reset 'udp:*' in the middle of the second burst" 0 $?
U=$((U + $(burst 2 "$full" "$NETLOAD" udp-overflow 127.0.0.1 5003 20)))
b2e=$(now_ns)
quiesce || echo "# counters never settled after the drops"
judge_end
snapshot "$TMP/b"
# The last edge: the interval that holds the end closes while nothing runs.
last=$(history_after "$(history_newest)")
echo "# window: intervals $first to $last; $R refused connects, $U datagrams sent to a full queue"
sed -n '1,/^@ [0-9]* /p' "$HIST" | head -3 | sed 's/^/# history: /'

part_took "history: the bursts, with ftrace on"
# --- the intervals ----------------------------------------------------------
# Their numbers, starts, lengths and flags, in bash's 64-bit integers
# (awk's doubles would round a time in ns).
seqs=() starts=() lens=() flags=()
while read -r at s st len fl; do
	[ "$at" = @ ] || continue
	seqs+=("$s") starts+=("$st") lens+=("$len") flags+=("$fl")
done <"$HIST"
gaps=0 edges=0 spans=0 long=0 late=0 partial=0 resets=0
for i in "${!seqs[@]}"; do
	[ "${seqs[i]}" = "$i" ] || gaps=$((gaps + 1))
	((flags[i] & 1 && i > 0)) && partial=$((partial + 1))
	((flags[i] & 2)) && resets=$((resets + 1))
	((i == 0)) && continue
	e=$((starts[i - 1] + lens[i - 1] - starts[i]))
	((e > 20000000 || e < -20000000)) && edges=$((edges + 1))
	# The tick is queued for just after the next multiple of the step,
	# and runs as late as the guest lets it: each interval holds at least
	# one, and more only when a starved guest ran its tick a step late.
	end=$((starts[i] + lens[i]))
	held=$((end / STEP_NS - starts[i] / STEP_NS))
	((held >= 1)) || spans=$((spans + 1))
	((held > 1)) && long=$((long + 1))
	((starts[i] % STEP_NS > late)) && late=$((starts[i] % STEP_NS))
done
echo "# the latest tick ran $((late / 1000000)) ms after its multiple of $STEP_S s;" \
	"$long intervals held more than one multiple (a tick a step late)"
check_eq "intervals are numbered from 0 without a gap" 0 $gaps
check_eq "the first interval is partial (it began at load), no other is" "1 0" \
	"$((flags[0] & 1)) $partial"
check_eq "each interval begins where the one before ended (within 20 ms)" 0 $edges
check_eq "each interval after the first holds a multiple of $STEP_S s of the wall clock (no two ticks in one step)" 0 $spans
check_eq "exactly one interval says a reset happened in it" 1 $resets

part_took "history: the intervals"
# --- the bursts in their intervals ------------------------------------------
check "the first burst reset connections" test "$R" -gt 0
check "the second burst met a full queue" test "$U" -gt 0
# The client's side of each refused connect: the server's RST to a
# closed port fires tcp_send_reset only from 6.10 on (with no socket).
check_eq "tcp:tcp_receive_reset moved in no interval outside the first burst" 0 \
	"$(moved_outside tcp:tcp_receive_reset "$b1s" "$b1e")"
check_eq "udp:udp_fail_queue_rcv_skb moved in no interval outside the second burst" 0 \
	"$(moved_outside udp:udp_fail_queue_rcv_skb "$b2s" "$b2e")"
history_sums "$first" "$last" >"$TMP/sums"
# The window's sums by name, read once: a fork per event costs a second
# or more on the debug kernels, and the loops below ask for every event.
declare -A SUM=()
while read -r k v; do SUM[$k]=$v; done <"$TMP/sums"
sum_of() { echo "${SUM[$1]:-0}"; }
check_eq "the window's tcp:tcp_receive_reset are the refused connects" "$R" \
	"$(sum_of tcp:tcp_receive_reset)"
if [ -d "$TRACING/events/udp/udp_fail_queue_rcv_skb" ]; then
	check_eq "the window's udp:udp_fail_queue_rcv_skb are the datagrams the full queue refused" \
		"$U" "$(sum_of udp:udp_fail_queue_rcv_skb)"
fi

part_took "history: the bursts in their intervals"
# --- the views intervals -----------------------------------------------------
# view_rows <view>: "<start> <end> <rank> <row...>" for each of its keys
# kept, rank 1 the most moved of its interval (bash: times in ns).
view_rows() {
	local at s st len fl view rest line istart=0 iend=0 rank=0 on=0
	while read -r line; do
		read -r at s st len fl view rest <<<"$line"
		if [ "$at" = @ ]; then
			on=0 rank=0 istart=$st iend=$((st + len))
			[ "$view" = "$1" ] && on=1
			continue
		fi
		((on)) || continue
		rank=$((rank + 1))
		echo "$istart $iend $rank $line"
	done <"$DBG/history_views"
}
check "debugfs has the history_views file" test -r "$DBG/history_views"
sed -n '1,3p' "$DBG/history_views" | sed 's/^#* */# history_views: /'
# burst_key <view> <from ns> <to ns> <awk: the burst's key> <awk: its count>:
# "<sum of its count> <intervals where it was not among the first two>
# <intervals outside the burst where it moved>".  Two: each burst moves
# two keys as much, the client's and the server's (the resets sent and
# received on the closed port; the UDP socket's full queue and the raw
# socket's copy of each datagram).
burst_key() {
	view_rows "$1" | awk -v a="$2" -v b="$3" "$4 {
			s += $5; if (\$3 > 2) notfirst++
			if (\$2 <= a || \$1 >= b) outside++
		} END { print s + 0, notfirst + 0, outside + 0 }"
}
# resets: sent received netns direction port peer reason (from $4 on).
check_eq "resets: the clients' key for the closed port, among the first two in each views interval where it moved, only in those that overlap the first burst, its resets received the refused connects" \
	"$R 0 0" "$(burst_key resets "$b1s" "$b1e" '$8 == 5002 && $5 > 0' '$5')"
if [ -d "$TRACING/events/udp/udp_fail_queue_rcv_skb" ]; then
	# rcvq: count rcvbuf family protocol port netns (from $4 on).
	check_eq "rcvq: the full queue's UDP key, among the first two where it moved, only in the second burst, its count the datagrams refused" \
		"$U 0 0" "$(burst_key rcvq "$b2s" "$b2e" '$7 == "udp" && $8 == 5003' '$4')"
fi

part_took "history: the views intervals"
# --- exact against ftrace and the counters ----------------------------------
bad=0 n=0
judge_hits_all
for ev in $events; do
	[ -d "$TRACING/events/${ev%%:*}/${ev#*:}" ] || continue
	got=${SUM[$ev]:-0}
	want=${JUDGE_HIT[$ev]:-}
	n=$((n + 1))
	[ "$got" = "$want" ] || { bad=$((bad + 1)); echo "# $ev: history $got, ftrace $want"; }
done
void=$(judge_void)
check_eq "ftrace's counts are whole${void:+ ($void)}" "" "$void"
check_eq "each of $n attached events: the window's intervals add up to ftrace's hits" 0 $bad
bad=0
while read -r name; do
	[[ $name == udp:* ]] && continue	# reset in the window
	delta_to d "$TMP/a" "$TMP/b" "$name"
	[ "$d" = "${SUM[$name]:-0}" ] || { bad=$((bad + 1)); echo "# $name: history ${SUM[$name]:-0}, counters $d"; }
done < <(awk '{ print $1 }' "$TMP/b")
check_eq "every counter but the reset ones: the intervals add up to its change" 0 $bad

part_took "history: exact against ftrace and the counters"
# --- through netlink ----------------------------------------------------------
if "$TP" history -j >"$TMP/history.json" 2>"$TMP/err"; then
	nl=$(jq -r --argjson a "$first" --argjson b "$last" \
		'select(.seq >= $a and .seq <= $b) | .values | to_entries[] | "\(.key) \(.value)"' \
		"$TMP/history.json" | awk '{ s[$1] += $2 } END { for (k in s) print k, s[k] }' | sort)
	check_eq "tpstat history -j: the window's sums are debugfs's" "$(cat "$TMP/sums")" "$nl"
else
	check_eq "tpstat history -j exits 0 ($(head -1 "$TMP/err"))" 0 1
fi

part_took "history: through netlink"
# --- saved and loaded back -------------------------------------------------------
# A recording saved, then read from the file: what the module gives for
# the same intervals (new ones may have come since), counters and views.
"$TP" history --save "$TMP/saved" 2>"$TMP/err"
check_eq "tpstat history --save exits 0" 0 $?
sed 's/^/# stderr: /' "$TMP/err"
# upto <json lines> <file>: the lines up to the file's last interval,
# as jq writes them, as canon does the file's.
upto() {
	jq -c --argjson m "$(jq -s 'map(.seq) | max // -1' "$2")" 'select(.seq <= $m)' "$1"
}
canon() { jq -c . "$1"; }
for what in "" resets; do
	# shellcheck disable=SC2086 # no word, or a view's name
	"$TP" history --load "$TMP/saved" -j $what >"$TMP/loaded.json" 2>"$TMP/err"
	# shellcheck disable=SC2086
	"$TP" history -j $what >"$TMP/live.json"
	upto "$TMP/live.json" "$TMP/loaded.json" >"$TMP/live.upto"
	canon "$TMP/loaded.json" >"$TMP/loaded.canon"
	check "tpstat history --load${what:+ $what} -j: what the module gives for the same intervals" \
		cmp -s "$TMP/live.upto" "$TMP/loaded.canon"
	diff "$TMP/live.upto" "$TMP/loaded.canon" | head -6 | cut -c1-300 | sed 's/^/# /'
	check "... and not nothing" test -s "$TMP/loaded.canon"
done

part_took "history: saved and loaded back"
# --- a namespace's own -------------------------------------------------------
# A namespace that counts its own events keeps its own history, which
# tpstat history there gives: its intervals add up to its counters, and
# what it sent to what its loopback device says it sent, across a new
# filter too (its counters start again from 0, its history goes on).
# Its filter counts its loopback's events alone: not those of the tool's
# own netlink messages, which would move its counters while they are read.
NS=tphist
ip netns add $NS
ip -n $NS link set lo up
in_ns() { ip netns exec $NS "$@"; }
in_ns "$TP" history >/dev/null 2>"$TMP/err"
check_eq "a namespace that counts nothing: tpstat history there fails" 1 $?
check "... saying its root starts its counters by setting its filter ($(head -1 "$TMP/err"))" \
	grep -q "filter" "$TMP/err"
lo_tx() { ip -n $NS -s -j link show lo | jq '.[0].stats64.tx.packets'; }
# ns_quiet: the namespace's interval that holds this moment closes while
# nothing runs there.
ns_quiet() {
	local t i
	t=$(now_ns)
	for ((i = 0; i < 80; i++)); do
		in_ns "$TP" history -j >"$TMP/ns.json" 2>/dev/null &&
			jq -e --argjson t "$t" 'select(.start_ns + .duration_ns >= $t)' "$TMP/ns.json" \
				>/dev/null && return 0
		nap 0.25
	done
	return 1
}
ns_sums() { jq -r '.values | to_entries[] | "\(.key) \(.value)"' "$TMP/ns.json" |
	awk '{ s[$1] += $2 } END { for (k in s) if (s[k]) print k, s[k] }' | LC_ALL=C sort; }
ns_counters() { in_ns "$TP" -j show | jq -r '.counters[] | select(.value > 0) | "\(.name) \(.value)"' |
	LC_ALL=C sort; }
tx0=$(lo_tx)
in_ns "$TP" filter dev lo 2>"$TMP/err"
check_eq "its root starts its counters (tpstat filter dev lo there)" 0 $?
in_ns "$NETLOAD" udp-send 127.0.0.1 5003 40 >/dev/null
check "an interval after the traffic closes in its own history" ns_quiet
ns_sums >"$TMP/ns.sums1"
ns_counters >"$TMP/ns.counters1"
check_eq "its intervals add up to each of its counters" "$(cat "$TMP/ns.counters1")" \
	"$(cat "$TMP/ns.sums1")"
check_eq "... net:net_dev_xmit to its loopback's packets sent" "$(($(lo_tx) - tx0))" \
	"$(awk '$1 == "net:net_dev_xmit" { print $2 }' "$TMP/ns.sums1")"
first_partial() { jq -se '.[0].flags | index("partial") != null' "$TMP/ns.json" >/dev/null; }
check "... and the first is partial" first_partial
in_ns "$TP" filter dev lo 2>"$TMP/err"
check_eq "a new filter: its counters start again" 0 $?
in_ns "$NETLOAD" udp-send 127.0.0.1 5003 25 >/dev/null
check "an interval after the second traffic closes" ns_quiet
ns_counters >"$TMP/ns.counters2"
sum_both=$(cat "$TMP/ns.counters1" "$TMP/ns.counters2" |
	awk '{ s[$1] += $2 } END { for (k in s) print k, s[k] }' | LC_ALL=C sort)
check_eq "its intervals add up to its counters before the new filter and after" \
	"$sum_both" "$(ns_sums)"
check_eq "... net:net_dev_xmit to its loopback's packets sent, both times" "$(($(lo_tx) - tx0))" \
	"$(ns_sums | awk '$1 == "net:net_dev_xmit" { print $2 }')"
check "... the interval of the new filter says so" \
	jq -se 'map(select(.flags | index("filter"))) | length == 1' "$TMP/ns.json"
ip netns del $NS

part_took "history: a namespace's own"
rmmod tpstat
check "rmmod" test ! -d /sys/module/tpstat
suite_load history=0
check "history=0: no history file" test ! -e "$HIST"
"$TP" history >/dev/null 2>"$TMP/err"
check_eq "history=0: tpstat history fails" 1 $?
check "... saying the recorder is off ($(head -1 "$TMP/err"))" grep -q "history=0" "$TMP/err"
part_took "history: history=0"
rmmod tpstat
suite_end
