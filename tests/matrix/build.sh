#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/build.sh: builds tpstat for one amd64 kernel of the matrix
# the way a user of its distribution does: in that suite's chroot (see
# tests/matrix/chroot.sh), with its gcc and its linux-headers package, from
# the files DKMS ships (the Makefile's DKMS_FILES), by "make module".
#
# Usage: tests/matrix/build.sh NAME OUTDIR
#   NAME    a kernel of tests/matrix/kernels.conf built in a chroot (amd64)
#   OUTDIR  gets tpstat.ko, tpstat_kunit.ko where the kernel has KUnit, and
#           build.log (the compiler's version first, then make's output)
# Runs tests/matrix/fetch.sh NAME first (quick when cached).  Exit status:
# make's (non-zero when the module does not build), 1 on other failures.
set -euo pipefail
# shellcheck source=tests/matrix/lib.sh
. "$(dirname "$0")/lib.sh"

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
case ${1:-} in -h | --help) usage; exit 0 ;; esac
(($# == 2)) || { usage >&2; exit 2; }
name=$1 out=$2
top=$(cd "$matrix_dir/../.." && pwd)

suite=$(matrix_kernels | awk -v n="$name" '$1 == n { print $2 }')
[[ -n $suite ]] || die "no kernel '$name' in kernels.conf"
line=$("$matrix_dir/fetch.sh" "$name") || die "fetching $name failed"
read -r _ arch _ kdir rel _ root <<<"$line"
[[ $root != cross ]] || die "$name ($arch) is cross-built, not in a chroot"
kdir_in=${kdir#"$root"}

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

# The compiler the headers' kbuild calls: CC in .kernelvariables (gcc-14,
# x86_64-linux-gnu-gcc-14...), else gcc.
# shellcheck disable=SC2016 # expanded in the chroot
script='
cd "$1"
export PATH=/usr/lib/ccache:$PATH CCACHE_DIR=/var/cache/ccache CCACHE_MAXSIZE=1G
cc=$(sed -n "s/^CC *= *.*) *//p" "$2/.kernelvariables" 2>/dev/null)
echo "kernel $3, built with: $(sed -n "s/^CONFIG_CC_VERSION_TEXT=//p" "$2/.config")"
echo "compiler: ${cc:-gcc}: $(${cc:-gcc} --version | head -n 1)"
echo "make module KVER=$3 KDIR=$2"
make module KVER="$3" KDIR="$2"'
start=$SECONDS
status=0
"$matrix_dir/chroot.sh" --run "$root" /bin/bash -c "$script" sh \
	"${work#"$root"}" "$kdir_in" "$rel" >"$log" 2>&1 || status=$?
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
if ((status == 0)); then
	log "$name: built against $rel in $(elapsed "$start"): $out"
else
	log "$name: build against $rel FAILED (status $status) in $(elapsed "$start"): $log"
fi
exit "$status"
