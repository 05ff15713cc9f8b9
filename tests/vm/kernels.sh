#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernels tpstat is tested on, one per line:
#   <name> <bzImage> <kernel build dir> <modules release or -> [extra cmdline]
# Debian's kernels: every /boot/vmlinuz-<release> whose headers are
# installed (/lib/modules/<release>/build), named deb-<release>.  The
# debug kernel (tests/kernel/debug-kernel.sh), named debug-<version>,
# when it is built; --with-debug builds it first.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)

for image in /boot/vmlinuz-*; do
	[ -e "$image" ] || continue
	release=${image#/boot/vmlinuz-}
	kbuild=/lib/modules/$release/build
	[ -f "$kbuild/Makefile" ] || continue
	echo "deb-$release $image $kbuild $release"
done

if [ "${1:-}" = --with-debug ]; then
	kbuild=$("$here/../kernel/debug-kernel.sh")
else
	kbuild=$("$here/../kernel/debug-kernel.sh" --cached 2>/dev/null) || exit 0
fi
release=$(cat "$kbuild/include/config/kernel.release")
echo "debug-${release%%-*} $kbuild/arch/x86/boot/bzImage $kbuild - acpi=noirq"
