#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tpstat's guest suites on Debian 12's ARM kernel under QEMU (TCG): what
# the x86 check does with the host's own kernels, for an architecture
# this machine can only emulate.  Everything comes from the cache or is
# made on first use:
#   the kernel    tests/matrix/fetch.sh bookworm-arm64 | bookworm-armmp
#                 (image, depmod'ed modules, headers with amd64 kbuild)
#   the root      tests/vm/root.sh ARCH (the guest's /)
#   the module    make module ARCH=arm64|arm CROSS_COMPILE=... against
#                 those headers: build/<release>/tpstat.ko
#   the tools     make ctl tools CC=<cross gcc>: build/ctl-ARCH, tools-ARCH
# then boots it (tests/vm/boot.sh --arch ARCH) and runs tests/net/all.sh.
#
#   tests/arm/run.sh arm64|armhf [suite.sh...]    (default: all.sh's)
#   TPSTAT_ARM_TIMEOUT   seconds before QEMU is killed (default 5400)
# Logs: build/arm/<arch>/ (console.log, output.log, build logs).  Prints
# the suites' TAP lines and how long each step took; exits with all.sh's
# status (124 on timeout, 125 if the guest never ran it).
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
die() {
	echo "arm/run.sh: $*" >&2
	exit 2
}

arch=${1:-}
case $arch in
arm64) name=bookworm-arm64 karch=arm64 cross=aarch64-linux-gnu- ;;
armhf) name=bookworm-armmp karch=arm cross=arm-linux-gnueabihf- ;;
*) die "usage: tests/arm/run.sh arm64|armhf [suite.sh...]" ;;
esac
shift
logs=build/arm/$arch
mkdir -p "$logs"
step() { echo "# $arch: $1 in $((SECONDS - t0))s"; }

t0=$SECONDS
read -r _ _ image kdir release modroot _ < <(tests/matrix/fetch.sh "$name" 2>"$logs/fetch.log") ||
	die "tests/matrix/fetch.sh $name failed (see $logs/fetch.log)"
[[ -n $release ]] || die "tests/matrix/fetch.sh printed nothing for $name"
step "kernel $release ready"

t0=$SECONDS
root=$(tests/vm/root.sh "$arch")
step "root ready"

t0=$SECONDS
make -s module KVER="$release" KDIR="$kdir" ARCH="$karch" CROSS_COMPILE="$cross" \
	>"$logs/module.log" 2>&1 || { tail -20 "$logs/module.log" >&2; die "the module did not cross-build"; }
make -s ctl tools CC="${cross}gcc" SYSROOT="$root" >"$logs/tools.log" 2>&1 ||
	{ tail -20 "$logs/tools.log" >&2; die "the tools did not cross-build"; }
step "module and tools cross-built"

t0=$SECONDS
status=0
tests/vm/boot.sh --arch "$arch" --root "$root" --kernel "$image" \
	--modules-release "$release" --modules-root "$modroot" \
	--timeout "${TPSTAT_ARM_TIMEOUT:-5400}" --out "$logs" -- \
	tests/net/all.sh "build/$release/tpstat.ko" "$@" >/dev/null 2>"$logs/boot.err" || status=$?
grep -E '^(not )?ok |^# ' "$logs/output.log" 2>/dev/null || cat "$logs/boot.err" >&2
step "booted and ran the suites (status $status)"
exit "$status"
