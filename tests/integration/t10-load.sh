#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Default load: the events file lists the 25 known tracepoints, sorted;
# each is attached if the running kernel has it and missing if not, where
# "has it" is decided independently by tracefs (events/<group>/<name>).
# The counters file is sorted, has exactly two fields per line, a line
# for each event the kernel has and none for the missing ones, and only
# derived lines of the documented shapes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

check "insmod with default events=" load
check "debugfs directory appears" test -d "$DBG"

# --- events -------------------------------------------------------------------
cp "$DBG/events" "$TMP/events"
check "events is sorted (byte order)" env LC_ALL=C sort -c "$TMP/events"
check_eq "events lists exactly the 25 known tracepoints" \
	"$(printf '%s\n' "${KNOWN_EVENTS[@]}" | LC_ALL=C sort | tr '\n' ' ')" \
	"$(awk '{ print $1 }' "$TMP/events" | tr '\n' ' ')"
check_eq "events lines are '<group>:<name> <attached|detached|missing>'" "" \
	"$(awk 'NF != 2 || $2 !~ /^(attached|detached|missing)$/' "$TMP/events")"

wrong=()
while read -r ev state; do
	if [ -d "$(tp_dir "$ev")" ]; then want=attached; else want=missing; fi
	[ "$state" = "$want" ] || wrong+=("$ev is $state, want $want (tracefs $(tp_dir "$ev"))")
done <"$TMP/events"
if [ ${#wrong[@]} = 0 ]; then
	pass "every tracepoint in tracefs is attached, every other one missing"
else
	fail "every tracepoint in tracefs is attached, every other one missing" "${wrong[@]}"
fi
missing=$(events_in_state missing | tr '\n' ' ')
comment "missing on $(uname -r): ${missing:-none}"

# --- counters -------------------------------------------------------------------
cp "$DBG/counters" "$TMP/counters"
check "counters is sorted (byte order)" env LC_ALL=C sort -c "$TMP/counters"
check_eq "counters lines have exactly two fields, the second a number" "" \
	"$(awk 'NF != 2 || $2 !~ /^[0-9]+$/' "$TMP/counters")"
check_eq "counters has one plain line per event the kernel has" \
	"$(awk '$2 != "missing" { print $1 }' "$TMP/events" | tr '\n' ' ')" \
	"$(awk '$1 !~ /\./ { print $1 }' "$TMP/counters" | tr '\n' ' ')"

# Derived lines: <event the kernel has>.<metric>, metric one of the
# documented ones; transitions only between known TCP states, non-zero.
states=$(printf '%s|' "${TCP_STATES[@]:1}")
states=${states%|}
bad=$(awk -v ev="$(awk '$2 != "missing" { print $1 }' "$TMP/events" | tr '\n' ' ')" \
	-v re="^(${states})->(${states})\$" '
	BEGIN { n = split(ev, e, " "); for (i = 1; i <= n; i++) have[e[i]] = 1 }
	$1 ~ /\./ {
		base = $1; sub(/\..*/, "", base)
		metric = substr($1, length(base) + 2)
		if (!(base in have)) { print $0 " (no such event here)"; next }
		if (base == "net:net_dev_xmit" && (metric == "bytes" || metric == "errors")) next
		if (base == "net:netif_receive_skb" && metric == "bytes") next
		if (base == "skb:kfree_skb" && metric == "drops") next
		if (base == "sock:inet_sock_set_state" && metric ~ re) {
			if ($2 == 0) print $0 " (transition lines must be non-zero)"
			next
		}
		print $0 " (unknown metric)"
	}' "$TMP/counters")
check_eq "derived lines are the documented metrics" "" "$bad"
for line in net:net_dev_xmit.bytes net:net_dev_xmit.errors \
	net:netif_receive_skb.bytes skb:kfree_skb.drops; do
	grep -q "^${line%%.*} " "$TMP/counters" || continue
	check "counters has $line" grep -q "^$line " "$TMP/counters"
done

check "rmmod" unload
check "debugfs directory is gone after rmmod" test ! -e "$DBG"
