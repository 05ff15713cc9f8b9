#!/usr/bin/env bash
# tests/vm/kernels.sh: list the kernels tpstat is tested on, one per line:
#   <name> <bzImage> <kbuild dir> <modules release or -> [extra kernel cmdline...]
#
# Usage: tests/vm/kernels.sh [--with-debug]
#   Debian's kernels: every /boot/vmlinuz-<ver> whose kbuild dir /lib/modules/<ver>/build
#   is installed (linux-headers), named deb-<ver>, booted with --modules-release <ver>.
#   The debug/KUnit kernel (tests/kernel/debug-kernel.sh), named debug-<major.minor>, only
#   when it is built; --with-debug builds it first (several minutes, once). Its kbuild dir
#   is its O= build dir (make -C <dir> M=<moddir> builds a module against it); it has
#   everything built in (modules release '-') and boots with acpi=noirq.
# Read a line with: read -r name image kbuild release append
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
with_debug=0
case ${1:-} in
'') ;;
--with-debug) with_debug=1 ;;
-h | --help)
	sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$here/$(basename "$0")"
	exit 0
	;;
*)
	echo "kernels.sh: unknown argument '$1' (try --help)" >&2
	exit 2
	;;
esac

for image in /boot/vmlinuz-*; do
	[[ -f $image ]] || continue
	ver=${image#/boot/vmlinuz-}
	kbuild=/lib/modules/$ver/build
	[[ -f $kbuild/Makefile ]] || continue
	echo "$ver $image $kbuild"
done | sort -V | while read -r ver image kbuild; do
	echo "deb-$ver $image $kbuild $ver"
done

debug=$here/../kernel/debug-kernel.sh
if ((with_debug)); then
	kbuild=$("$debug")
else
	kbuild=$("$debug" --cached) || exit 0
fi
release=$(cat "$kbuild/include/config/kernel.release")
major_minor=$(echo "$release" | cut -d. -f1,2)
echo "debug-$major_minor $kbuild/arch/x86/boot/bzImage $kbuild - acpi=noirq"
