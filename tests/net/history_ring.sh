#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The flight recorder's ring full (module/counters/ring.c): the smallest
# ring (history_kb=8), an interval a second, every event attached.
# Under a flood it drops its oldest intervals and counts them, so the
# first interval it holds is numbered as many as it dropped, and none is
# missing from there to the newest, through tpstat history -j.  The
# ring's code is the same on every kernel (and KUnit's on the debug
# ones): one kernel runs this.
#   tests/net/history_ring.sh <tpstat.ko>
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"

suite_load events='*' history=1 history_kb=8
ring_lost() { "$TP" history -j 2>/dev/null | jq -s 'map(.lost) | max // 0'; }
for ((i = 0; i < 48; i++)); do
	"$NETLOAD" flood 127.0.0.1 5009 5 >/dev/null
	[ "$(ring_lost)" -gt 0 ] && break
done
"$TP" history -j >"$TMP/full.json"
read -r lost first newest held < <(jq -rs \
	'[(map(.lost) | max), (map(.seq) | min), (map(.seq) | max), (map(.seq) | unique | length)] | @tsv' \
	"$TMP/full.json")
echo "# the full ring: $held intervals held, $first to $newest; $lost dropped"
check "the full ring drops its oldest intervals and counts them (${lost:-none})" \
	test "${lost:-0}" -gt 0
check_eq "... the first it holds is numbered as many as it dropped" "$lost" "$first"
check_eq "... and none is missing from there to the newest" "$((newest - first + 1))" "$held"

suite_end
