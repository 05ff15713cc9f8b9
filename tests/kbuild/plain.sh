#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kbuild/plain.sh: tpstat.ko built the way Buildroot and Yocto build
# it, by the kernel's plain external-module build (module/Kbuild), from a
# fresh copy of the source tree as a tarball or checkout has it: no
# build/, no generated headers.
#   tests/kbuild/plain.sh KDIR[=RELEASE]...
# KDIR is a kernel build directory; its .config says the architecture
# (arm64 and arm are cross-compiled with aarch64-linux-gnu- and
# arm-linux-gnueabihf-).  RELEASE is the release its modules carry
# (default: UTS_RELEASE of its headers).  The two invocations are the
# ones the build systems run (contrib/buildroot, contrib/yocto cannot be
# run here: this is their test), with W=1 added:
#   buildroot  package/pkg-kernel-module.mk with linux.mk's LINUX_MAKE_FLAGS:
#              make -C KDIR HOSTCC=gcc ARCH= INSTALL_MOD_PATH= CROSS_COMPILE=
#                   DEPMOD= PWD=<src>/module M=<src>/module modules
#              and the same with modules_install
#   yocto      meta/classes-recipe/module.bbclass (module-base.bbclass
#              exports ARCH, CROSS_COMPILE, KBUILD_OUTPUT), in <src>/module:
#              make KERNEL_SRC=KDIR KERNEL_PATH=KDIR KERNEL_VERSION= CC= LD=
#                   AR= OBJCOPY= STRIP= O=KDIR KBUILD_EXTRA_SYMBOLS=
#              (CC as Yocto gives it: with flags), then KERNEL_SRC=KDIR
#              DEPMOD=echo MODLIB=<dest>/lib/modules/<release> ...
#              modules_install (KERNEL_SRC is in its EXTRA_OEMAKE)
# Each checks: the build succeeds with no 'warning:' line, tpstat.ko has
# the kernel's ELF machine and its vermagic starts with RELEASE,
# modules_install puts it under the destination, and
# generated/tpstat_features.h is byte for byte the one "make module"
# (module/build.sh) computes for the same kernel (run here, cached there).
# TAP lines, then "<N> passed, <M> failed".  TPSTAT_KBUILD_FORMS chooses
# the invocations (default "buildroot yocto").  Scratch:
# build/kbuild/<release>/<form>/, wiped first; a fixed path, so that
# ccache finds the objects of the last run.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
forms=${TPSTAT_KBUILD_FORMS:-buildroot yocto}
pass=0 fail=0
tap() {
	if [ "$1" = 0 ]; then
		echo "ok - $2"
		pass=$((pass + 1))
	else
		echo "not ok - $2"
		fail=$((fail + 1))
		return 1
	fi
}

# The files a checkout holds: what git tracks (and new files not yet
# committed), else everything but build/.
source_files() {
	if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git -C "$top" ls-files -co --exclude-standard -z
	else
		find . -path ./build -prune -o -type f -print0
	fi
}

# one KDIR RELEASE FORM: build, install and check with one invocation.
one() {
	local kdir=$1 rel=$2 form=$3 cfg=$1/.config
	local arch cross machine cc name dir src log dest ko ref
	if grep -q '^CONFIG_ARM64=y' "$cfg"; then
		arch=arm64 cross=aarch64-linux-gnu- machine=AArch64
	elif grep -q '^CONFIG_ARM=y' "$cfg"; then
		arch=arm cross=arm-linux-gnueabihf- machine=ARM
	elif grep -q '^CONFIG_X86_64=y' "$cfg"; then
		arch=x86 cross='' machine='Advanced Micro Devices X86-64'
	else
		tap 1 "$rel: an architecture this test knows in $cfg"
		return
	fi
	# The compiler the kernel was built with, as Yocto's KERNEL_CC names
	# it: Debian's headers say it in .kernelvariables (gcc-12...).
	cc=$(sed -n 's/^CC *= *.*) *//p' "$kdir/.kernelvariables" 2>/dev/null)
	cc=${cc:-gcc}
	[[ $cc == "$cross"* ]] || cc=$cross$cc
	name="$rel ($arch, $form)"
	dir=$top/build/kbuild/$rel/$form
	src=$dir/src dest=$dir/dest log=$dir/build.log
	rm -rf "$dir"
	mkdir -p "$src" "$dest"
	source_files | (cd "$top" && tar --null -T - -cf -) | tar -xf - -C "$src"
	rm -rf "$src/build" "$src/module/generated"

	local vars=(ARCH="$arch" CROSS_COMPILE="$cross")
	[ -z "$cross" ] && vars=(ARCH="$arch")
	case $form in
	buildroot)
		make -C "$kdir" HOSTCC=gcc "${vars[@]}" INSTALL_MOD_PATH="$dest" \
			DEPMOD=true PWD="$src/module" M="$src/module" W=1 modules &&
		make -C "$kdir" HOSTCC=gcc "${vars[@]}" INSTALL_MOD_PATH="$dest" \
			DEPMOD=true PWD="$src/module" M="$src/module" modules_install
		;;
	yocto)
		local ycc="$cc -fuse-ld=bfd -fdebug-prefix-map=$src=/usr/src/debug/tpstat"
		(
			export "${vars[@]}" KBUILD_OUTPUT="$kdir"
			cd "$src/module" &&
			make KERNEL_SRC="$kdir" KERNEL_PATH="$kdir" KERNEL_VERSION="$rel" \
				CC="$ycc" LD="${cross}ld" AR="${cross}ar" \
				OBJCOPY="${cross}objcopy" STRIP="${cross}strip" \
				O="$kdir" KBUILD_EXTRA_SYMBOLS= W=1 &&
			make KERNEL_SRC="$kdir" DEPMOD=echo MODLIB="$dest/lib/modules/$rel" \
				INSTALL_FW_PATH="$dest/lib/firmware" \
				CC="$ycc" LD="${cross}ld" OBJCOPY="${cross}objcopy" \
				STRIP="${cross}strip" O="$kdir" KBUILD_EXTRA_SYMBOLS= \
				modules_install
		)
		;;
	esac >"$log" 2>&1
	if ! tap $? "$name: make -C <kernel> M=<src>/module builds and installs from a clean tree"; then
		tail -n 10 "$log" | sed 's/^/# /'
	fi
	if grep -q 'warning:' "$log"; then
		tap 1 "$name: no warnings (W=1)"
		grep -m 5 'warning:' "$log" | sed 's/^/# /'
	else
		tap 0 "$name: no warnings (W=1)"
	fi

	ko=$src/module/tpstat.ko
	readelf -h "$ko" 2>/dev/null | grep -q "Machine: *$machine\$"
	tap $? "$name: tpstat.ko is an ELF for $machine"
	[ "$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1)" = "$rel" ]
	tap $? "$name: its vermagic is $rel"
	# tpstat.ko.xz where the kernel compresses its modules (Debian's 6.12).
	find "$dest/lib/modules/$rel" -name 'tpstat.ko*' 2>/dev/null | grep -q .
	tap $? "$name: modules_install puts tpstat.ko under lib/modules/$rel"

	ref=build/$rel/generated/tpstat_features.h
	[ -s "$ref" ] && cmp -s "$ref" "$src/module/generated/tpstat_features.h"
	tap $? "$name: its feature answers equal make module's"
}

[ $# -gt 0 ] || { sed -n '4,9s/^# \{0,1\}//p' "$0" >&2; exit 2; }
for arg; do
	kdir=${arg%%=*} rel=
	[[ $arg == *=* ]] && rel=${arg#*=}
	[ -n "$rel" ] || rel=$(sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' \
		"$kdir/include/generated/utsrelease.h" 2>/dev/null)
	if [ -z "$rel" ] || [ ! -f "$kdir/.config" ]; then
		tap 1 "$arg: a kernel build directory with a release"
		continue
	fi
	# The reference answers: "make module" for this kernel (cached if
	# make check's job built it already).
	v=()
	grep -q '^CONFIG_ARM64=y' "$kdir/.config" && v=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
	grep -q '^CONFIG_ARM=y' "$kdir/.config" && v=(ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-)
	mkdir -p "build/kbuild/$rel"
	make -s module KVER="$rel" KDIR="$kdir" "${v[@]}" >"build/kbuild/$rel/reference.log" 2>&1
	tap $? "$rel: make module builds (the reference answers)"
	t=$SECONDS
	for form in $forms; do
		one "$kdir" "$rel" "$form"
	done
	echo "# $rel: the plain builds took $((SECONDS - t))s"
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
