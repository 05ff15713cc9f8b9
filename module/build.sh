#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds tpstat.ko (and, where the kernel has KUnit, tpstat_kunit.ko) for
# one kernel into its own directory, so builds for several kernels never
# share objects:
#   module/build.sh <kernel release> <kernel build dir> <output dir>
# The output dir mirrors the source tree with symlinks and adds
# generated/tpstat_features.h from conftest.sh.
set -euo pipefail

kver=$1 kdir=$2 out=$3
top=$(cd "$(dirname "$0")/.." && pwd)

if [ ! -f "$kdir/Makefile" ]; then
	echo "no kernel build directory for $kver at $kdir" \
	     "(install linux-headers-$kver, or pass KDIR=)" >&2
	exit 1
fi

mkdir -p "$out/module" "$out/kunit" "$out/generated"
out=$(cd "$out" && pwd)
ln -sfn "$top/Kbuild" "$out/Kbuild"
ln -sfn "$top/uapi" "$out/uapi"
for f in "$top"/module/*.[ch] "$top"/kunit/*.[ch]; do
	[ -e "$f" ] || continue
	rel=${f#"$top"/}
	ln -sfn "$f" "$out/$rel"
done
# Drop links whose source file is gone.
find "$out/module" "$out/kunit" -xtype l -delete

# Feature tests again only when their inputs changed.
features=$out/generated/tpstat_features.h
if [ ! -f "$features" ] ||
   [ -n "$(find "$top/module/conftest" "$top/module/conftest.sh" \
		"$top/module/events.h" -newer "$features" 2>/dev/null)" ]; then
	echo "  CONFTEST $kver"
	"$top/module/conftest.sh" "$kdir" "$out/.conftest" "$features"
fi

make -C "$kdir" M="$out" W=1 modules
