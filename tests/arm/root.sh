#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A Debian bookworm root of an ARM architecture for the ARM guests: the
# guest mounts it over 9p as its / (tests/vm/boot.sh --arch ARCH --root
# DIR), since this machine's own root holds amd64 binaries.  It carries
# every command the guest suites (tests/net/*.sh, tests/live.sh) run, the
# libraries the cross-built tool needs (libmnl0), and libmnl-dev so the
# root doubles as the sysroot the tool is cross-built against
# (make ctl ARCH=...).
#   tests/arm/root.sh arm64|armhf
# Prints the root's directory,
#   ${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}/armroot-<arch>-<key>
# where key hashes this script (and so the package list).  Built once:
# "<dir>.done" is written last, and concurrent callers wait on a lock.
#
# debootstrap --foreign unpacks the packages here; the second stage runs
# the ARM maintainer scripts under qemu-user-static through binfmt_misc
# (registered with update-binfmts when it is not; the F flag, so the
# chroot needs no emulator of its own).  Cold: 8 minutes for arm64, 16
# for armhf, measured on 2 busy cores (most of it the second stage under
# emulation); warm: an instant.  The mirror is the one this machine's
# apt uses for bookworm (TPSTAT_DEBIAN_MIRROR overrides it).
set -euo pipefail

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
die() {
	echo "root.sh: $*" >&2
	exit 2
}

arch=${1:-}
case $arch in
arm64) qarch=aarch64 ;;
armhf) qarch=arm ;;
*) die "usage: tests/arm/root.sh arm64|armhf" ;;
esac

# What the guest runs: bash and coreutils, sed, grep, mawk, diffutils
# (minbase has those), and: ip, tc, ss, devlink (iproute2), sysctl
# (procps), insmod/rmmod/modprobe (kmod), ethtool, jq, dmesg and setpriv
# (util-linux), find (findutils); the user nobody and group nogroup come
# with base-passwd.  libmnl0 for the tool; libmnl-dev and libc6-dev for
# cross-building against this root.
packages=(
	bash coreutils util-linux procps kmod iproute2 ethtool jq mawk sed
	grep diffutils findutils base-passwd libmnl0 libmnl-dev libc6-dev
)
# Commands checked in the finished root (as the suites call them).
commands=(
	bash awk sed grep diff find sort join seq mktemp stat tee wc cat
	sleep ip tc ss devlink sysctl insmod rmmod modprobe ethtool jq dmesg
	setpriv
)

cache_root=${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}
key=$({
	cat "$self"
	printf '%s\n' "${packages[@]}"
} | sha256sum | cut -c1-12)
root=$cache_root/armroot-$arch-$key

if [[ -f $root.done ]]; then
	echo "$root"
	exit 0
fi

for tool in debootstrap chroot flock; do
	command -v "$tool" >/dev/null || die "$tool is missing (run tests/deps.sh)"
done
mkdir -p "$cache_root"
exec 9>"$cache_root/armroot-$arch.lock"
flock 9
if [[ -f $root.done ]]; then
	echo "$root"
	exit 0
fi

# shellcheck disable=SC2016 # apt's format, not the shell's
mirror=${TPSTAT_DEBIAN_MIRROR:-$(apt-get indextargets --format '$(RELEASE) $(REPO_URI)' 2>/dev/null |
	awk '$1 == "bookworm" { print $2; exit }')}
[[ -n $mirror ]] || die "this machine's apt has no bookworm source (set TPSTAT_DEBIAN_MIRROR)"

# qemu-user-static through binfmt_misc runs the root's ARM binaries here.
binfmt=/proc/sys/fs/binfmt_misc
if [[ ! -f $binfmt/register ]]; then
	mount -t binfmt_misc binfmt_misc "$binfmt" ||
		die "cannot mount binfmt_misc: this kernel runs no ARM binaries"
fi
if ! grep -qx enabled "$binfmt/qemu-$qarch" 2>/dev/null; then
	if ! command -v update-binfmts >/dev/null || [[ ! -e /usr/share/binfmts/qemu-$qarch ]]; then
		die "no binfmt format qemu-$qarch (run tests/deps.sh: qemu-user-static, binfmt-support)"
	fi
	update-binfmts --enable "qemu-$qarch" >&2 ||
		die "update-binfmts --enable qemu-$qarch failed"
fi
grep -qx 'flags: .*F.*' "$binfmt/qemu-$qarch" ||
	die "binfmt format qemu-$qarch lacks the F flag: a chroot cannot find the emulator"

SECONDS=0
echo "root.sh: debootstrap $arch into $root" >&2
rm -rf "$root" "$root.tmp"
include=$(
	IFS=,
	echo "${packages[*]}"
)
log=$cache_root/armroot-$arch-$key.log
if ! debootstrap --foreign --arch="$arch" --variant=minbase --include="$include" \
	bookworm "$root.tmp" "$mirror" >"$log" 2>&1; then
	tail -20 "$log" >&2
	die "debootstrap (first stage) failed; log: $log"
fi
echo "root.sh: first stage done after ${SECONDS}s; second stage under qemu-$qarch" >&2
# No fsync per file: a half-made root is thrown away anyway.
echo force-unsafe-io >"$root.tmp/etc/dpkg/dpkg.cfg.d/tpstat-unsafe-io"
if ! chroot "$root.tmp" /debootstrap/debootstrap --second-stage >>"$log" 2>&1; then
	tail -20 "$log" >&2
	die "debootstrap --second-stage failed; log: $log"
fi
rm -f "$root.tmp/etc/dpkg/dpkg.cfg.d/tpstat-unsafe-io"

# The guest mounts this read-only: what boot.sh mounts over must exist.
mkdir -p "$root.tmp/lib/modules" "$root.tmp/sys/kernel/debug" "$root.tmp/tmp/out"
echo "tpstat-$arch" >"$root.tmp/etc/hostname"
rm -f "$root.tmp"/var/cache/apt/archives/*.deb "$root.tmp"/var/cache/apt/*.bin

# shellcheck disable=SC2016 # the root's bash expands it
missing=$(chroot "$root.tmp" /bin/bash -c 'for c; do command -v "$c" >/dev/null || echo "$c"; done' \
	- "${commands[@]}")
[[ -z $missing ]] || die "the root lacks: $missing"

mv "$root.tmp" "$root"
touch "$root.done"
echo "root.sh: $arch root ready after ${SECONDS}s" >&2
echo "$root"
