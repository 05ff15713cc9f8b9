#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Unload while traffic flows: netload flood keeps loopback busy (TCP
# connections, refused connects, UDP drops) while tpstat is loaded and
# unloaded a few times.  Each round waits until the counters show the
# probes are being hit, then rmmod must succeed with the flood still
# running; afterwards the flood must finish cleanly, so the network stack
# kept working through every unload.  (A use-after-free or lockdep splat
# shows up in t99-kernel-log.)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ROUNDS=3
PORT=5401

# The flood stops by itself after a while; we stop it sooner with SIGTERM.
spawn flood "$NETLOAD" flood 127.0.0.1 $PORT 300
wait_listening flood

for round in $(seq 1 $ROUNDS); do
	check "round $round: insmod under traffic" load
	# Probes are live once the counters move under the flood.
	c0=$(ctr skb:consume_skb)
	moved=0
	for i in $(seq 1 100); do
		sleep 0.1
		[ "$(ctr skb:consume_skb)" -gt "$c0" ] && { moved=1; break; }
	done
	check_eq "round $round: counters move under the flood" 1 "$moved"
	check "round $round: flood still running before rmmod" kill -0 "$SPAWN_flood"
	check "round $round: rmmod under traffic" unload
	check "round $round: module gone" test ! -e /sys/module/tpstat
	check "round $round: flood still running after rmmod" kill -0 "$SPAWN_flood"
done

kill -TERM "$SPAWN_flood"
st=0
reap flood || st=$?
check_eq "flood ends cleanly after the unloads" 0 "$st"
comment "flood: $(tr '\n' ' ' <"$TMP/flood.out")"
check_ge "flood made connections" 1 "$(outval flood connections)"
