#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/sysroot.sh: a sysroot of one Debian suite and architecture
# for cross-building the tool and the tests' tools against, and for
# running them under qemu-user (qemu-<arch>-static -L <root>): libc6-dev
# and libmnl-dev with the libraries they need, unpacked (dpkg-deb -x,
# nothing installed or run).  A root the guests boot (tests/vm/root.sh)
# serves as well; this one is quick to make (a few small packages) for
# architectures whose guest root is not there.
#
# Usage: tests/matrix/sysroot.sh SUITE ARCH
#   prints the sysroot's directory (made first if needed)
# A merged-/usr suite's packages ship usr/lib only: lib (and lib64, where
# the dynamic loader's path has it) are made links to usr/lib, usr/lib64.
# Cache: <cache>/matrix/sysroot/<SUITE>_<ARCH>-<key>, the key a hash of
# this script and the packages' names and versions; made in <dir>.tmp and
# renamed when complete (.done last), under an flock per suite and
# architecture; older keys are removed.
set -euo pipefail
# shellcheck source=tests/matrix/lib.sh
. "$(dirname "$0")/lib.sh"

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
case ${1:-} in -h | --help) usage; exit 0 ;; esac
(($# == 2)) || { usage >&2; exit 2; }
suite=$1 arch=$2

# libc6-dev's own dependencies (linux-libc-dev, libcrypt-dev) and the
# run-time libraries of what links against it; libgcc-s1 for the
# compiler's helpers.
packages=(libc6 libc6-dev linux-libc-dev libcrypt1 libcrypt-dev libgcc-s1 libmnl0 libmnl-dev)

# The candidates' "name=version", from the suite's lists.
versions=$("$matrix_dir/apt.sh" "$suite" "$arch" apt-cache show --no-all-versions "${packages[@]}" |
	awk '/^Package: / { p = $2 } /^Version: / { print p "=" $2 }') ||
	die "$suite/$arch lacks one of: ${packages[*]}"
top=$matrix_cache/sysroot
dir=$top/${suite}_$arch-$(key "$0" "$matrix_dir/lib.sh" -- "$versions")

lock "$top/${suite}_$arch.lock"
if [[ ! -f $dir/.done ]]; then
	start=$SECONDS
	rm -rf --one-file-system "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp/.debs"
	# shellcheck disable=SC2086 # one package=version a word
	(cd "$dir.tmp/.debs" && "$matrix_dir/apt.sh" "$suite" "$arch" apt-get download -qq $versions >&2) ||
		die "downloading the $suite/$arch sysroot's packages failed"
	for deb in "$dir.tmp"/.debs/*.deb; do
		dpkg-deb -x "$deb" "$dir.tmp"
	done
	rm -rf "$dir.tmp/.debs"
	for d in lib lib64; do
		[[ -d $dir.tmp/usr/$d && ! -e $dir.tmp/$d ]] && ln -s "usr/$d" "$dir.tmp/$d"
	done
	# The dynamic loader's path (/lib/ld-linux-riscv64-lp64d.so.1,
	# /lib64/ld64.so.2...) then resolves in the root.
	[[ -d $dir.tmp/lib ]] || die "no lib in the $suite/$arch packages"
	# Absolute links point into the root, not at this machine's files,
	# for the linker and qemu-user alike: mips64el's /lib64/ld.so.1 ->
	# /lib/mips64el-linux-gnuabi64/ld.so.1.
	while IFS= read -r -d '' l; do
		t=$(readlink "$l")
		ln -sfn "$(realpath -m --relative-to="$(dirname "$l")" "$dir.tmp$t")" "$l"
	done < <(find "$dir.tmp" -type l -lname '/*' -print0)
	printf '%s\n' "$versions" >"$dir.tmp/.packages"
	mv "$dir.tmp" "$dir"
	touch "$dir/.done"
	log "$suite/$arch sysroot made in $(elapsed "$start"): $dir"
	for old in "$top/${suite}_$arch"-*; do
		[[ ${old##*/} =~ ^${suite}_$arch-[0-9a-f]{16}$ && $old != "$dir" ]] || continue
		rm -rf --one-file-system "$old"
	done
fi
unlock "$top/${suite}_$arch.lock"
echo "$dir"
