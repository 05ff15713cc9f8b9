#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernels tpstat is tested on, one per line:
#   <name> <bzImage> <kernel build dir> <modules release or -> [extra cmdline]
# Debian's kernels: every /boot/vmlinuz-<release> whose headers are
# installed (/lib/modules/<release>/build), named deb-<release>.  The
# debug kernels (tests/kernel/debug-kernel.sh --version 6.1, 7.3, then
# 5.10), named debug-<version> (debug-6.1.<n>, debug-7.3.<n>,
# debug-5.10.<n>), each when it is built; --with-debug builds them first.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)

for image in /boot/vmlinuz-*; do
	[ -e "$image" ] || continue
	release=${image#/boot/vmlinuz-}
	kbuild=/lib/modules/$release/build
	[ -f "$kbuild/Makefile" ] || continue
	echo "deb-$release $image $kbuild $release"
done

for version in 6.1 7.3 5.10; do
	if [ "${1:-}" = --with-debug ]; then
		kbuild=$("$here/../kernel/debug-kernel.sh" --version "$version")
	else
		kbuild=$("$here/../kernel/debug-kernel.sh" --version "$version" --cached 2>/dev/null) ||
			continue
	fi
	release=$(cat "$kbuild/include/config/kernel.release")
	echo "debug-${release%%-*} $kbuild/arch/x86/boot/bzImage $kbuild - acpi=noirq"
done
