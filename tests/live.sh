#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Loads tpstat, keeps some loopback traffic going (TCP connections, a
# refused connect, UDP to a closed port) and prints the counters that
# moved, once a second: what `make run` shows.
#   tests/live.sh <tpstat.ko>
set -euo pipefail

ko=$1
seconds=${TPSTAT_RUN_SECONDS:-6}
top=$(cd "$(dirname "$0")/.." && pwd)
netload=$top/build/tools${TPSTAT_BUILD_SUFFIX:-}/netload
dbg=/sys/kernel/debug/tpstat

ip link set lo up
insmod "$ko"
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null; rmmod tpstat' EXIT

echo "=== tpstat live on $(uname -r)"
echo "--- $dbg/events"
cat "$dbg/events"

"$netload" flood 127.0.0.1 5201 "$((seconds + 3))" >/dev/null 2>&1 &

prev=$(cat "$dbg/counters")
for i in $(seq 1 "$seconds"); do
	sleep 1
	cur=$(cat "$dbg/counters")
	echo "--- $dbg/counters after ${i}s: name, total, change in the last second"
	LC_ALL=C join -a 2 -e 0 -o 0,1.2,2.2 <(echo "$prev") <(echo "$cur") |
		awk '$3 != $2 { printf "%-48s %12d %+10d\n", $1, $3, $3 - $2 }'
	prev=$cur
done
echo "=== end"
