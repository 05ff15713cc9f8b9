#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/ctl_qemu_user.sh: the tool's unit tests (ctl/tests/unit_*.c
# and ctl/tests/hostile_*.c, what "make -C ctl test" runs first) built for
# each foreign architecture of the matrix and run there under qemu-user:
# its byte order, word size and alignment are the guest's, without
# booting one.  The reply parser reads the kernel's netlink attributes in
# host order, so a big-endian (s390x) or 32-bit (i386, armhf, mipsel) bug
# in it shows here first.
#
# Usage: tests/matrix/ctl_qemu_user.sh [ARCH...]
#   ARCH  a Debian architecture of tests/matrix/cross.sh; default: arm64
#         armhf i386 mips64el mipsel ppc64el riscv64 s390x
# Each is cross-built with the host's <triplet>-gcc into
# build/ctl-qemu-<arch>/ against a root of that architecture, and run
# with qemu-<arch>-static -L <root> from ctl/ (as make -C ctl test runs
# them).  The root: TPSTAT_QEMU_USER_ROOT=vm (default) the guests' root,
# tests/vm/root.sh ARCH; =suite the small sysroot of the suite the
# arch's kernel comes from in kernels.conf (bookworm where none),
# tests/matrix/sysroot.sh.
# Prints TAP lines:
#   ok - <arch>: ctl unit tests under qemu-user: <N> passed
#   ok - <arch>: ctl hostile tests under qemu-user: <N> passed
# and "# <arch>: built in <s>s, ran in <s>s" (logs in build/ctl-qemu-<arch>/).
# Exit status 1 if any failed.  Needs qemu-user-static and gcc-<triplet>.
set -euo pipefail
# shellcheck source=tests/matrix/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/matrix/cross.sh
. "$matrix_dir/cross.sh"

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
case ${1:-} in -h | --help) usage; exit 0 ;; esac
top=$(cd "$matrix_dir/../.." && pwd)
(($#)) || set -- arm64 armhf i386 mips64el mipsel ppc64el riscv64 s390x

# qemu-user's name of Debian architecture ARCH.
qemu_of() {
	case $1 in
	arm64) echo aarch64 ;;
	armhf) echo arm ;;
	ppc64el) echo ppc64le ;;
	*) echo "$1" ;;
	esac
}

# root_of ARCH: the root to build against and run in.
root_of() {
	local suite
	case ${TPSTAT_QEMU_USER_ROOT:-vm} in
	vm) "$top/tests/vm/root.sh" "$1" ;;
	suite)
		suite=$(matrix_kernels | awk -v a="$1" '$3 == a { print $2; exit }')
		"$matrix_dir/sysroot.sh" "${suite:-bookworm}" "$1"
		;;
	*) die "TPSTAT_QEMU_USER_ROOT is vm or suite" ;;
	esac
}

tap() { if [[ $1 == 0 ]]; then echo "ok - $2"; else echo "not ok - $2"; fi; }

status=0
for arch; do
	read -r _ triplet < <(cross_of "$arch") || die "no cross compiler known for $arch"
	cc=$triplet-gcc qemu=qemu-$(qemu_of "$arch")-static
	out=$top/build/ctl-qemu-$arch
	mkdir -p "$out"
	start=$SECONDS
	if ! command -v "$cc" >/dev/null || ! command -v "$qemu" >/dev/null; then
		tap 1 "$arch: ctl unit tests under qemu-user: $cc or $qemu is missing (tests/deps.sh)"
		status=1
		continue
	fi
	if ! root=$(root_of "$arch" 2>"$out/root.log"); then
		tail -n 5 "$out/root.log" | sed 's/^/# /'
		tap 1 "$arch: ctl unit tests under qemu-user: no root of $arch"
		status=1
		continue
	fi
	# ctl/Makefile builds again what another root or compiler line changes.
	if ! make -s -C "$top/ctl" O="$out" CC="$cc" SYSROOT="$root" \
		"$out/unit" "$out/hostile" >"$out/build.log" 2>&1; then
		tail -n 20 "$out/build.log" | sed 's/^/# /'
		tap 1 "$arch: ctl unit tests under qemu-user: the build failed ($cc)"
		status=1
		continue
	fi
	built=$((SECONDS - start))
	start=$SECONDS
	for t in unit hostile; do
		st=0
		(cd "$top/ctl" && "$qemu" -L "$root" "$out/$t") >"$out/$t.log" 2>&1 || st=$?
		sed -n 's/^FAIL /# FAIL /p' "$out/$t.log"
		if [[ $st == 0 ]] && n=$(sed -n 's/^\([0-9][0-9]*\) passed, 0 failed$/\1/p' "$out/$t.log") &&
			[[ -n $n ]]; then
			tap 0 "$arch: ctl $t tests under qemu-user: $n passed"
		else
			tail -n 3 "$out/$t.log" | sed 's/^/# /'
			tap 1 "$arch: ctl $t tests under qemu-user: exit status $st, $(tail -n 1 "$out/$t.log")"
			status=1
		fi
	done
	echo "# $arch: built in ${built}s, ran in $((SECONDS - start))s ($cc, root $(basename "$root"))"
done
exit "$status"
