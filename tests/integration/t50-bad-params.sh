#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Bad events= values: insmod fails, the kernel log has a "tpstat: " line
# that quotes the value, and nothing stays loaded (no module, no debugfs
# directory).  Then traffic over every tracepoint: a probe left behind by
# a failed load would run module code that is gone (t99 reads the log),
# and a default load must still attach everything tracefs has.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

BAD=(
	'nosuch:thing'          # matches no known tracepoint
	'nosuch'                # a name alone, in no group
	'tcp:*,,'               # empty item
	',tcp:*'                # empty item first
	'tcp:*,skb:nosuch*'     # one good pattern does not save a bad one
	'tcp:$x'                # invalid character
	'Tcp:*'                 # upper case is not in the allowed set
)

for bad in "${BAD[@]}"; do
	before=$(dmesg | wc -l)
	st=0
	err=$(insmod "$KO" "events=$bad" 2>&1) || st=$?
	if [ "$st" != 0 ]; then
		pass "insmod events=$bad fails"
	else
		fail "insmod events=$bad fails" "insmod succeeded"
	fi
	# Only what this insmod logged; the log cannot wrap within one insmod.
	new=$(dmesg -t | tail -n +$((before + 1)))
	says=$(printf '%s\n' "$new" | grep -F -- "$bad" | grep '^tpstat: ' || true)
	if [ -n "$says" ]; then
		pass "events=$bad: kernel log says why"
		comment "$says"
	else
		fail "events=$bad: kernel log says why" \
			"no line starting 'tpstat: ' quoting '$bad'; insmod said: $err" \
			"new kernel log lines:" "${new:-(none)}"
	fi
	check "events=$bad: module not loaded" test ! -e /sys/module/tpstat
	check "events=$bad: no debugfs directory" test ! -e "$DBG"
	if loaded; then
		rmmod tpstat
	fi
done

# Every tracepoint tpstat could have touched fires now.
make_netns
spawn echo ip netns exec "$NS1" "$NETLOAD" tcp-server -n 4 127.0.0.1 5301
wait_listening echo
n1 "$NETLOAD" tcp-connect 127.0.0.1 5301 3 >/dev/null
n1 "$NETLOAD" tcp-reset 127.0.0.1 5301 1 >/dev/null
reap echo
n1 "$NETLOAD" tcp-refused 127.0.0.1 5302 3 >/dev/null
n1 "$NETLOAD" udp-send 127.0.0.1 5302 3 >/dev/null
pass "traffic after the failed loads"

check "a default load works after the failed ones" load
wrong=$(while read -r ev state; do
	if [ -d "$(tp_dir "$ev")" ]; then want=attached; else want=missing; fi
	[ "$state" = "$want" ] || echo "$ev is $state, want $want"
done <"$DBG/events")
check_eq "and attaches everything tracefs has" "" "$wrong"
check "rmmod" unload
