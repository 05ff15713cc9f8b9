#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# 50 load/unload cycles: each load creates the debugfs directory with both
# files readable, each unload removes it and the module.  Leaks and
# refcount or registration mistakes that one cycle hides add up here
# (kmemleak and the log are read by t99-kernel-log).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

CYCLES=50

errors=()
for i in $(seq 1 $CYCLES); do
	out=$(insmod "$KO" 2>&1) || { errors+=("cycle $i: insmod: $out"); continue; }
	[ -d "$DBG" ] || errors+=("cycle $i: no $DBG after insmod")
	for f in events counters; do
		cat "$DBG/$f" >/dev/null 2>&1 || errors+=("cycle $i: cannot read $DBG/$f")
	done
	out=$(rmmod tpstat 2>&1) || errors+=("cycle $i: rmmod: $out")
	[ ! -e "$DBG" ] || errors+=("cycle $i: $DBG still there after rmmod")
	[ ! -e /sys/module/tpstat ] || errors+=("cycle $i: /sys/module/tpstat still there")
	# One failure tends to repeat: stop early, the first ones say it all.
	[ ${#errors[@]} -lt 5 ] || break
done
if [ ${#errors[@]} = 0 ]; then
	pass "$CYCLES load/unload cycles, debugfs appears and disappears each time"
else
	fail "$CYCLES load/unload cycles, debugfs appears and disappears each time" \
		"${errors[@]}"
fi
