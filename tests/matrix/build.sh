#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/build.sh: builds tpstat for one kernel of the matrix the
# way a user of its distribution does: in that suite's chroot (see
# tests/matrix/chroot.sh), with its gcc, from the files DKMS ships (the
# Makefile's DKMS_FILES), by "make module".  An amd64 kernel is built with
# the chroot's gcc and its linux-headers package; another architecture's
# (a kernel of a suite later than the host's, tests/matrix/cross.sh) is
# cross-built with the chroot's gcc-<triplet>, "make module ARCH=...
# CROSS_COMPILE=<triplet>-", against the headers fetch.sh unpacked, which
# are mounted read-only in the chroot for the build (with the suite's
# amd64 kbuild they hold, whose binaries need the chroot's glibc).
#
# Usage: tests/matrix/build.sh NAME OUTDIR [ANSWERS]
#   NAME    a kernel of tests/matrix/kernels.conf built in a chroot (its
#           build env in fetch.sh's line is a directory, not "cross")
#   OUTDIR  gets tpstat.ko, tpstat_kunit.ko where the kernel has KUnit, and
#           build.log (the compiler's version first, then make's output)
#   ANSWERS a directory that keeps the feature tests' answers and their
#           keys (module/build.sh's generated/) between builds: put in the
#           build before it, replaced by the build's own after it succeeds
# Runs tests/matrix/fetch.sh NAME first (quick when cached).  Exit status:
# make's (non-zero when the module does not build), 1 on other failures.
set -euo pipefail
# shellcheck source=tests/matrix/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/matrix/cross.sh
. "$matrix_dir/cross.sh"

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
case ${1:-} in -h | --help) usage; exit 0 ;; esac
(($# == 2 || $# == 3)) || { usage >&2; exit 2; }
name=$1 out=$2 answers=${3:-}
top=$(cd "$matrix_dir/../.." && pwd)

suite=$(matrix_kernels | awk -v n="$name" '$1 == n { print $2 }')
[[ -n $suite ]] || die "no kernel '$name' in kernels.conf"
line=$("$matrix_dir/fetch.sh" "$name") || die "fetching $name failed"
read -r _ arch _ kdir rel modroot root <<<"$line"
[[ $root != cross ]] || die "$name ($arch) is cross-built on the host, not in a chroot"
kdir_in=${kdir#"$root"}
# A cross build: the kernel's unpacked packages (modules root, headers
# and kbuild) mounted at a fixed path in the chroot, for its ccache too.
make_vars=() mnt='' triplet=''
if [[ $arch != amd64 ]]; then
	read -r karch triplet < <(cross_of "$arch") || die "$name: no cross compiler known for $arch"
	make_vars=("ARCH=$karch" "CROSS_COMPILE=$triplet-")
	[[ $kdir == "$modroot"/* ]] || die "$name: its headers $kdir are not in $modroot"
	mnt=/tmp/tpstat-kernel-$name
	kdir_in=$mnt/${kdir#"$modroot"/}
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/tpstat.ko" "$out/tpstat_kunit.ko" "$out"/generated/tpstat_*.h
log=$out/build.log

# The chroot stays while we build in it (chroot.sh replaces it exclusively).
lock "$matrix_cache/chroot/$suite.lock" -s
[[ -d $root ]] || die "the chroot $root went away"
# A fixed path, so that the chroot's ccache (its own compiler, its own
# /var/cache/ccache) finds the objects of the last build of this kernel.
work=$root/tmp/tpstat-build-$name
rm -rf "$work"
mkdir "$work"
trap 'rm -rf "$work"' EXIT
read -ra files < <(sed -n 's/^DKMS_FILES *:= *//p' "$top/Makefile")
((${#files[@]})) || die "no DKMS_FILES in the Makefile"
(cd "$top" && cp -R "${files[@]}" "$work/")
# build.sh asks again what its keys say is stale.
if [[ -n $answers && -d $answers ]]; then
	mkdir -p "$work/build/$rel/generated"
	cp -p "$answers"/* "$work/build/$rel/generated/"
fi

# The compiler the headers' kbuild calls: CC in .kernelvariables (gcc-14,
# x86_64-linux-gnu-gcc-14...), else gcc; after CROSS_COMPILE's prefix
# where the kernel is cross-built.
# shellcheck disable=SC2016 # expanded in the chroot
script='
cd "$1"
kdir=$2 rel=$3 prefix=$4
shift 4
export PATH=/usr/lib/ccache:$PATH CCACHE_DIR=/var/cache/ccache CCACHE_MAXSIZE=1G
cc=$(sed -n "s/^CC *= *.*) *//p" "$kdir/.kernelvariables" 2>/dev/null)
cc=${cc:-gcc}
[ -n "$prefix" ] && cc=$prefix${cc#"$prefix"}
echo "kernel $rel, built with: $(sed -n "s/^CONFIG_CC_VERSION_TEXT=//p" "$kdir/.config")"
echo "compiler: $cc: $($cc --version | head -n 1)"
echo "make module KVER=$rel KDIR=$kdir${*:+ $*}"
make module KVER="$rel" KDIR="$kdir" "$@"'
run=("$matrix_dir/chroot.sh" --run "$root")
if [[ -n $mnt ]]; then
	# The mount goes with this namespace when the build ends; chroot.sh's
	# own namespace, made inside it, inherits it.
	mkdir -p "$root$mnt"
	# shellcheck disable=SC2016 # expanded by the inner shell
	run=(unshare --mount --propagation private -- /bin/sh -c '
		mount --bind "$1" "$2" && mount -o remount,bind,ro "$2" || exit 1
		shift 2
		exec "$@"' sh "$modroot" "$root$mnt" "${run[@]}")
fi
start=$SECONDS
status=0
"${run[@]}" /bin/bash -c "$script" sh "${work#"$root"}" "$kdir_in" "$rel" \
	"${triplet:+$triplet-}" "${make_vars[@]}" >"$log" 2>&1 || status=$?
for ko in tpstat.ko tpstat_kunit.ko; do
	[[ -f $work/build/$rel/$ko ]] && cp "$work/build/$rel/$ko" "$out/"
done
# What the feature tests answered and the generated probes' list, to read
# beside the build's log (the guest tests compare the events with it).
for f in tpstat_features.h tpstat_gen_events.h; do
	[[ -f $work/build/$rel/generated/$f ]] || continue
	mkdir -p "$out/generated"
	cp "$work/build/$rel/generated/$f" "$out/generated/"
done
# The answers kept whole or not at all.
if ((status == 0)) && [[ -n $answers ]] && mkdir -p "$(dirname "$answers")" &&
	kept=$(mktemp -d "$answers.new.XXXXXX"); then
	if cp -p "$work/build/$rel/generated"/tpstat_*.h "$work/build/$rel/generated"/*.key \
		"$work/build/$rel/generated"/*.notes "$kept/"; then
		rm -rf "$answers" && mv "$kept" "$answers"
	else
		rm -rf "$kept"
	fi
fi
if ((status == 0)); then
	log "$name: built against $rel in $(elapsed "$start"): $out"
else
	log "$name: build against $rel FAILED (status $status) in $(elapsed "$start"): $log"
fi
exit "$status"
