#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds the floor module for one kernel, W=1, the way module/build.sh
# builds tpstat: a per-kernel directory of symlinks plus the feature
# header module/conftest.sh generates for that kernel.
#   bench/floor/build.sh <kernel release> <kernel build dir> <output dir>
#                        [make variables: ARCH=arm64 CROSS_COMPILE=...]
set -euo pipefail

kver=$1 kdir=$2 out=$3
shift 3
top=$(cd "$(dirname "$0")/../.." && pwd)

[ -f "$kdir/Makefile" ] || { echo "no kernel build directory for $kver at $kdir" >&2; exit 1; }
mkdir -p "$out/module/base" "$out/module/counters" "$out/generated"
out=$(cd "$out" && pwd)
ln -sfn "$top/bench/floor/Kbuild" "$out/Kbuild"
ln -sfn "$top/bench/floor/floor.c" "$out/floor.c"
for f in base/compat.h counters/events.h; do
	ln -sfn "$top/module/$f" "$out/module/$f"
done
features=$out/generated/tpstat_features.h
# tpstat's own build for this kernel answered the same questions: take
# its answers when they are as new as the questions (conftest takes
# minutes).
tpstat_features=$top/build/$kver/generated/tpstat_features.h
if [ -f "$tpstat_features" ] &&
   [ -z "$(find "$top/module/conftest" "$top/module/conftest.sh" \
		"$top/module/counters/events.h" -newer "$tpstat_features" 2>/dev/null)" ]; then
	cp "$tpstat_features" "$features"
fi
if [ ! -f "$features" ] ||
   [ -n "$(find "$top/module/conftest" "$top/module/conftest.sh" \
		"$top/module/counters/events.h" -newer "$features" 2>/dev/null)" ]; then
	echo "  CONFTEST $kver"
	"$top/module/conftest.sh" "$kdir" "$out/.conftest" "$features" "$@"
fi
make -C "$kdir" M="$out" W=1 "$@" modules
