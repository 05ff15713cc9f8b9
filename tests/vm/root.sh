#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A Debian root of a foreign architecture for the guests of that
# architecture: the guest mounts it over 9p as its / (tests/vm/boot.sh
# --arch ARCH --root DIR), since this machine's own root holds amd64
# binaries.  It carries every command the guest suites (tests/net/*.sh,
# tests/live.sh) run, the libraries the cross-built tool needs (libmnl0),
# and libmnl-dev and libc6-dev so the root doubles as the sysroot the tool
# is cross-built against (make ctl CC=...); arm64's and armhf's also
# libbpf, for make bench's BPF peer (bench/bpf/).
#   tests/vm/root.sh arm64|armhf|i386|mips64el|mipsel|riscv64|s390x|ppc64el
# Each architecture's root is of the release its kernel comes from
# (tests/matrix/kernels.conf): Debian 12 (bookworm) for arm64, armhf, i386,
# mips64el and mipsel; Debian 13 (trixie) for riscv64, not in bookworm at
# all; sid for s390x and ppc64el, whose trixie debs of its point releases
# (libc6, base-files...) the mirror lists but answers 404 for, as it does
# for their trixie kernels.
# Prints the root's directory,
#   ${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}/root-<arch>-<key>
# where key hashes this script (and so the package list and the release).
# Built once: "<dir>.done" is written last, and concurrent callers wait on
# a lock.
#
# debootstrap --foreign downloads every package and unpacks the essential
# ones; the rest are unpacked here with dpkg-deb, and the little their
# maintainer scripts would have done that the suites need is done by hand
# (the users and groups, the awk alternative).  No foreign code runs on
# this machine, so no binfmt_misc or qemu-user is needed, and a cold root
# takes about a minute (most of it the download) where a second stage
# under qemu-user-static took 8 (arm64) and 16 (armhf).  The root is never
# booted as a full system: the guest runs the suites from an initramfs
# with it mounted as /, so an unconfigured dpkg database costs nothing.
# The mirror is the one this machine's apt uses for bookworm, for every
# release (TPSTAT_DEBIAN_MIRROR overrides it).
set -euo pipefail

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
die() {
	echo "root.sh: $*" >&2
	exit 2
}

# The release of each architecture's root, one line each.
releases='
arm64    bookworm
armhf    bookworm
i386     bookworm
mips64el bookworm
mipsel   bookworm
riscv64  trixie
s390x    sid
ppc64el  sid
'
arch=${1:-}
release=$(awk -v a="$arch" '$1 == a { print $2 }' <<<"$releases")
[[ -n $arch && -n $release ]] ||
	die "usage: tests/vm/root.sh $(awk 'NF { printf "%s%s", sep, $1; sep = "|" }' <<<"$releases")"

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
# The ARM guests of make bench also run its BPF peer (bench/bpf/), whose
# loader is cross-built against this root: libbpf and its headers.
case $arch in
arm64 | armhf) packages+=(libbpf1 libbpf-dev) ;;
esac
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
root=$cache_root/root-$arch-$key

if [[ -f $root.done ]]; then
	echo "$root"
	exit 0
fi

for tool in debootstrap dpkg-deb flock readelf; do
	command -v "$tool" >/dev/null || die "$tool is missing (run tests/deps.sh)"
done
mkdir -p "$cache_root"
exec 9>"$cache_root/root-$arch.lock"
flock 9
if [[ -f $root.done ]]; then
	echo "$root"
	exit 0
fi

# shellcheck disable=SC2016 # apt's format, not the shell's
mirror=${TPSTAT_DEBIAN_MIRROR:-$(apt-get indextargets --format '$(RELEASE) $(REPO_URI)' 2>/dev/null |
	awk '$1 == "bookworm" { print $2; exit }')}
[[ -n $mirror ]] || die "this machine's apt has no bookworm source (set TPSTAT_DEBIAN_MIRROR)"

SECONDS=0
echo "root.sh: debootstrap $release $arch into $root" >&2
rm -rf "$root" "$root.tmp"
include=$(
	IFS=,
	echo "${packages[*]}"
)
log=$cache_root/root-$arch-$key.log
if ! debootstrap --foreign --arch="$arch" --variant=minbase --include="$include" \
	"$release" "$root.tmp" "$mirror" >"$log" 2>&1; then
	tail -20 "$log" >&2
	die "debootstrap (first stage) failed; log: $log"
fi
# Every package, essential or not, over what the first stage unpacked;
# --skip-old-files keeps the merged-/usr symlinks (/bin -> usr/bin) that
# tar would otherwise replace with directories, as debootstrap's own
# extraction does.
for deb in "$root.tmp"/var/cache/apt/archives/*.deb; do
	dpkg-deb --fsys-tarfile "$deb" | tar -C "$root.tmp" --skip-old-files -xf - ||
		die "cannot unpack $deb"
done
# What the second stage would have fixed and the maintainer scripts made
# that the suites need: a real /proc to mount on (the first stage leaves a
# symlink to the host's), /var/run and /var/lock in the /run the guest
# mounts (ip netns keeps its namespaces there), the users and groups
# (base-passwd), /etc/profile (base-files), the awk alternative (mawk).
rm -f "$root.tmp/proc"
mkdir -p "$root.tmp/proc"
rm -rf "$root.tmp/var/run" "$root.tmp/var/lock"
ln -s /run "$root.tmp/var/run"
ln -s /run/lock "$root.tmp/var/lock"
cp "$root.tmp/usr/share/base-passwd/passwd.master" "$root.tmp/etc/passwd"
cp "$root.tmp/usr/share/base-passwd/group.master" "$root.tmp/etc/group"
cp "$root.tmp/usr/share/base-files/profile" "$root.tmp/etc/profile"
ln -sfn /usr/bin/mawk "$root.tmp/usr/bin/awk"

# The root is also the sysroot the tool is cross-built against: the
# linker follows a library's symlink on this machine, so an absolute one
# (mips64el's /usr/lib64/ld.so.1) must point inside the root: relative.
while IFS= read -r -d '' link; do
	target=$(readlink "$link")
	ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$root.tmp$target")" "$link"
done < <(find "$root.tmp"/usr/lib* -type l -lname '/*' -print0)

# The guest mounts this read-only: what boot.sh mounts over must exist.
mkdir -p "$root.tmp/lib/modules" "$root.tmp/sys/kernel/debug" "$root.tmp/tmp/out"
echo "tpstat-$arch" >"$root.tmp/etc/hostname"
rm -f "$root.tmp"/var/cache/apt/archives/*.deb "$root.tmp"/var/cache/apt/*.bin

# Every command the suites call, looked up as the guest will: in the
# root's /usr/bin and /usr/sbin, absolute symlinks resolved inside it.
missing=
for c in "${commands[@]}"; do
	found=
	for d in usr/bin usr/sbin; do
		f=$root.tmp/$d/$c
		[[ -L $f ]] && f=$(readlink "$f") && [[ $f = /* ]] && f=$root.tmp$f ||
			f=$root.tmp/$d/$c
		[[ -e $f ]] && found=1
	done
	[[ -n $found ]] || missing+=" $c"
done
[[ -z $missing ]] || die "the root lacks:$missing"
# The dynamic loader the guest's programs name (/lib/ld-linux-armhf.so.3,
# /lib64/ld64.so.2, /lib/ld64.so.1...): reachable only if the merged-/usr
# symlinks debootstrap made cover that architecture's library directory.
interp=$(readelf -lW "$root.tmp/usr/bin/bash" |
	sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
f=$root.tmp$interp
[[ -L $f ]] && f=$(readlink "$f") && [[ $f = /* ]] && f=$root.tmp$f || f=$root.tmp$interp
[[ -n $interp && -e $f ]] || die "the root lacks bash's loader '$interp'"

mv "$root.tmp" "$root"
touch "$root.done"
echo "root.sh: $arch root ready after ${SECONDS}s" >&2
echo "$root"
