#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/fetch.sh: fetches the kernel matrix (tests/matrix/kernels.conf)
# into the cache, so QEMU can boot each kernel with its own modules and
# tpstat can be built for it the way that distribution's users build it.
#
# Usage: tests/matrix/fetch.sh [NAME...]     (default: every kernel)
# For each kernel: resolves its image metapackage to the newest kernel at
# run time; downloads the image packages (linux-image-*, and linux-binary-*,
# linux-modules-*, linux-base-* where the suite splits them) with
# tests/matrix/apt.sh and unpacks them with dpkg-deb -x (never installed);
# runs depmod on the modules; and sets up where to build:
#   amd64:  the suite's chroot (tests/matrix/chroot.sh) with the kernel's
#           linux-headers-<release> installed by the chroot's apt;
#   another architecture: the kernel's headers unpacked beside the image
#           (nothing is installed), with an amd64 linux-kbuild of the same
#           version (or of the same upstream version, where the mirror has
#           moved on) so the headers' scripts run on this machine:
#     bookworm (arm64, armhf, i386, mips64el, mipsel): the host's own
#           suite's kbuild, for cross-building here with the host's
#           gcc-<triplet> (make module ARCH=... CROSS_COMPILE=...);
#     a later suite (trixie's riscv64, sid's s390x and ppc64el): its
#           kbuild, whose binaries need its glibc, for cross-building in
#           the suite's chroot with the chroot's gcc-<triplet>
#           (tests/matrix/build.sh; tests/matrix/cross.sh says which).
# Prints one line a kernel, in kernels.conf's order:
#   <name> <arch> <image> <kernel build dir> <modules release> <modules root> <build env>
#   image             what to boot: Debian's vmlinuz (or vmlinux), or the
#                     Image it gzips (arm64, riscv64)
#   kernel build dir  the headers tree (KDIR); for an amd64 chroot build it is
#                     inside the chroot: the same path less the chroot's prefix
#                     there; for a chroot cross build it is in the cache
#                     (build.sh mounts the modules root in the chroot)
#   modules release   the /lib/modules/<release> name (KVER)
#   modules root      DIR holding DIR/lib/modules/<release>, depmod run
#                     (tests/vm/boot.sh --modules-root DIR)
#   build env         "cross" (make module on the host), or the chroot's
#                     directory (tests/matrix/build.sh NAME OUTDIR builds it
#                     there, native or cross as the arch field says)
# On stderr: "resolved: <name> = <package> <version>, ..." and each step's
# time.  Exit status 1 if any kernel failed (the others are still printed).
# TPSTAT_MATRIX_JOBS: kernels fetched at once (default 4).
# Cache: <cache>/matrix/kernels/<name>-<key>/, the key a hash of this script
# and the packages' names and versions, made in <name>-<key>.tmp and renamed
# when complete (.done last), under an flock per kernel; older keys of the
# kernel are removed.
set -euo pipefail
# shellcheck source=tests/matrix/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/matrix/cross.sh
. "$matrix_dir/cross.sh"

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
apt_() { "$matrix_dir/apt.sh" "$@"; }
top=$matrix_cache/kernels

# deps DEPENDS PATTERN: the first alternative of each dependency in DEPENDS
# (a Depends field's value) whose name matches PATTERN, as NAME or
# NAME=VERSION (for "=").
deps() {
	local dep name ver re='^ *([^ :(]+)(:[a-z0-9]+)? *(\(= *([^)]+)\))?'
	while IFS= read -r dep; do
		[[ ${dep%%|*} =~ $re ]] || continue
		name=${BASH_REMATCH[1]} ver=${BASH_REMATCH[4]}
		[[ $name =~ ^($2)$ ]] && echo "$name${ver:+=$ver}"
	done < <(tr ',' '\n' <<<"$1")
	return 0
}

# records SUITE ARCH PACKAGE[=VERSION]...: one line a package, its candidate
# (or that version): name, version and its Pre-Depends and Depends, tab-separated.
records() {
	local suite=$1 arch=$2
	shift 2
	apt_ "$suite" "$arch" apt-cache show --no-all-versions "$@" 2>/dev/null |
		awk -F': ' -v OFS='\t' '
			/^Package: / { p = $2 } /^Version: / { v = $2 }
			/^(Pre-)?Depends: / { d = d ", " $2 }
			/^$/ && p != "" { print p, v, d; p = v = d = "" }
			END { if (p != "") print p, v, d }' ||
		die "$suite/$arch lacks one of: $*"
}

# resolve SUITE ARCH PACKAGE PATTERN: "name version" of PACKAGE's candidate
# (or PACKAGE=VERSION) and, following Depends, of every package it needs
# whose name matches PATTERN (one apt-cache call a level).
resolve() {
	local suite=$1 arch=$2 pattern=$4 item name ver dep
	local -a queue=("$3") batch
	local -A seen=()
	while ((${#queue[@]})); do
		batch=()
		for item in "${queue[@]}"; do
			[[ -z ${seen[${item%%=*}]:-} ]] || continue
			seen[${item%%=*}]=1
			batch+=("$item")
		done
		queue=()
		((${#batch[@]})) || break
		while IFS=$'\t' read -r name ver dep; do
			echo "$name $ver"
			mapfile -t -O "${#queue[@]}" queue < <(deps "$dep" "$pattern")
		done < <(records "$suite" "$arch" "${batch[@]}")
	done
}
image_pattern='linux-(image|binary|modules|base)-[^ ]+'

# download SUITE ARCH DIR NAME=VERSION...
download() {
	local suite=$1 arch=$2 dir=$3
	shift 3
	(cd "$dir" && apt_ "$suite" "$arch" apt-get download -qq "$@" >&2) ||
		die "downloading $* from $suite/$arch failed"
}

# The release of an unpacked tree: its one lib/modules/<release>.
release_of() {
	local rels
	rels=$(cd "$1/lib/modules" && ls -d -- *) || die "no lib/modules in $1"
	[[ $rels != *$'\n'* ]] || die "several releases in $1/lib/modules: $rels"
	echo "$rels"
}

# image_of ROOT RELEASE: where the kernel's image is, relative to ROOT:
# boot/vmlinuz-<release>, or lib/modules/<release>/vmlinuz (7.x packages);
# vmlinux for the architectures whose package ships that (ppc64el's ELF,
# riscv64's Image).
image_of() {
	local f
	for f in "boot/vmlinuz-$2" "lib/modules/$2/vmlinuz" \
		"boot/vmlinux-$2" "lib/modules/$2/vmlinux"; do
		[[ -f $1/$f ]] && { echo "$f"; return 0; }
	done
	return 1
}

# unpack NAME SUITE ARCH PKGFILE: downloads and unpacks the packages listed in
# PKGFILE ("name version [suite arch]" lines) into the kernel's cache entry
# and prints its directory.
unpack() {
	local name=$1 suite=$2 arch=$3 pkgs=$4 dir tmp rel start=$SECONDS
	local pkg ver psuite parch deb image
	dir=$top/$name-$(key "$0" "$matrix_dir/lib.sh" "$pkgs" -- "$arch")
	lock "$top/$name.lock"
	if [[ ! -f $dir/.done ]]; then
		# Under the lock, any <name>-<key>.tmp is left from a run that died.
		for tmp in "$top/$name"-*.tmp; do
			[[ ${tmp##*/} =~ ^$name-[0-9a-f]{16}\.tmp$ ]] && rm -rf --one-file-system "$tmp"
		done
		tmp=$dir.tmp
		mkdir -p "$tmp/.debs"
		# One apt-get download for each suite and architecture.
		declare -A by=()
		while read -r pkg ver psuite parch; do
			by["${psuite:-$suite} ${parch:-$arch}"]+=" $pkg=$ver"
		done <"$pkgs"
		for from in "${!by[@]}"; do
			# shellcheck disable=SC2086 # "suite arch" and the package list
			download $from "$tmp/.debs" ${by[$from]}
		done
		log "$name: downloaded $(du -sh "$tmp/.debs" | cut -f1) in $(elapsed "$start")"
		start=$SECONDS
		for deb in "$tmp"/.debs/*.deb; do
			dpkg-deb -x "$deb" "$tmp"
		done
		rm -rf "$tmp/.debs"
		# Packages of merged-/usr suites ship usr/lib/modules.
		if [[ -d $tmp/usr/lib/modules && ! -e $tmp/lib ]]; then
			ln -s usr/lib "$tmp/lib"
		fi
		rel=$(release_of "$tmp")
		image=$(image_of "$tmp" "$rel") || die "$name: no vmlinuz for $rel in its packages"
		# QEMU boots arm64's and riscv64's Image: should a vmlinuz be
		# that gzipped.
		if [[ $arch == @(arm64|riscv64) ]] && gzip -t "$tmp/$image" 2>/dev/null; then
			gzip -dc "$tmp/$image" >"$tmp/boot/Image-$rel"
			image=boot/Image-$rel
		fi
		echo "$image" >"$tmp/.image"
		depmod -b "$tmp" "$rel"
		[[ $arch == amd64 ]] || headers_fixup "$tmp" "$rel"
		cp "$pkgs" "$tmp/.packages"
		mv "$tmp" "$dir"
		touch "$dir/.done"
		log "$name: unpacked $(du -sh "$dir" | cut -f1), depmod run, in $(elapsed "$start")"
		for old in "$top/$name"-*; do
			[[ ${old##*/} =~ ^$name-[0-9a-f]{16}$ && $old != "$dir" ]] || continue
			rm -rf --one-file-system "$old"
		done
	fi
	unlock "$top/$name.lock"
	echo "$dir"
}

# headers_fixup ROOT RELEASE: the flavour's Makefile includes the common
# headers' Makefile by its installed path, and 7.x's sets KBUILD_OUTPUT to
# its own; make them relative to itself, and lib/modules/<release>/build
# point at the unpacked headers.
headers_fixup() {
	local mk=$1/usr/src/linux-headers-$2/Makefile
	[[ -f $mk ]] || die "no usr/src/linux-headers-$2 in $1"
	ln -sfn "$(realpath --relative-to="$(realpath "$1/lib/modules/$2")" \
		"$1/usr/src/linux-headers-$2")" "$1/lib/modules/$2/build"
	rm -f "$1/lib/modules/$2/source"
	# shellcheck disable=SC2016 # make's $(...)
	sed -i -e 's|^include /usr/src/\(linux-headers-[^/]*\)/Makefile$|include $(realpath $(dir $(lastword $(MAKEFILE_LIST))))/../\1/Makefile|' \
		-e 's|^KBUILD_OUTPUT=/usr/src/linux-headers-[^/]*$|KBUILD_OUTPUT := $(realpath $(dir $(lastword $(MAKEFILE_LIST))))|' "$mk"
	[[ -x $1/usr/src/linux-headers-$2/scripts/basic/fixdep ]] ||
		die "linux-headers-$2: the scripts it links to are not there"
}

# host_version SUITE PACKAGE VERSION: VERSION if SUITE/amd64 has PACKAGE
# at it, else the newest there of the same upstream version.  While Debian
# publishes a kernel update, one architecture's headers may still be at
# a revision whose kbuild the host's architecture has replaced already.
host_version() {
	local suite=$1 v best=''
	shift
	while read -r v; do
		[[ $v == "$2" ]] && { echo "$v"; return 0; }
		[[ ${v%-*} == "${2%-*}" ]] || continue
		if [[ -z $best ]] || dpkg --compare-versions "$v" gt "$best"; then
			best=$v
		fi
	done < <(apt_ "$suite" amd64 apt-cache show "$1" 2>/dev/null |
		sed -n 's/^Version: //p')
	[[ -n $best ]] || die "$suite/amd64 has no $1 of upstream version ${2%-*}"
	echo "$best"
}

# resolve_kernel NAME SUITE ARCH META FILE: writes the packages to fetch to FILE.
resolve_kernel() {
	local name=$1 suite=$2 arch=$3 meta=$4 file=$5 image rel ver rec dep kbuild_suite
	resolve "$suite" "$arch" "$meta" "$image_pattern" >"$file"
	image=$(awk '$1 ~ /^linux-image-[0-9]+\.[0-9]/ { print $1 " " $2; exit }' "$file")
	[[ -n $image ]] || die "$name: $meta depends on no linux-image-<release>"
	rel=${image%% *} ver=${image#* }
	rel=${rel#linux-image-}
	echo "$name = linux-image-$rel $ver" >"$file.resolved"
	echo "$rel $ver" >"$file.release"
	[[ $arch == amd64 ]] && return 0
	# Cross: the headers, and an amd64 kbuild at the same version: the
	# host's own suite's, or in a chroot, the kernel's suite's.
	kbuild_suite=bookworm
	cross_in_chroot "$suite" && kbuild_suite=$suite
	rec=$(records "$suite" "$arch" "linux-headers-$rel=$ver" | cut -f3)
	echo "linux-headers-$rel $ver" >>"$file"
	while read -r dep; do
		case $dep in
		linux-headers-*) echo "${dep%%=*} $ver" ;;
		linux-kbuild-*)
			echo "${dep%%=*} $(host_version "$kbuild_suite" "${dep%%=*}" "$ver") $kbuild_suite amd64" ;;
		esac
	done < <(deps "$rec" 'linux-(headers|kbuild)-[^ ]+') >>"$file"
	# What the kbuild needs in the chroot that it is not installed in
	# (pahole: modules get BTF where the headers carry vmlinux).
	: >"$file.needs"
	cross_in_chroot "$suite" || return 0
	rec=$(awk '$4 == "amd64" && $1 ~ /^linux-kbuild-/ { print $1 "=" $2 }' "$file")
	[[ -n $rec ]] || die "$name: linux-headers-$rel depends on no linux-kbuild"
	deps "$(records "$kbuild_suite" amd64 "$rec" | cut -f3)" '[^ ]+' |
		sed 's/=.*//' >"$file.needs"
}

# fetch_kernel NAME SUITE ARCH FILE: the kernel's output line.
fetch_kernel() {
	local name=$1 suite=$2 arch=$3 file=$4 dir rel ver image chroot kdir triplet
	read -r rel ver <"$file.release"
	dir=$(unpack "$name" "$suite" "$arch" "$file")
	[[ -d $dir/lib/modules/$rel ]] || die "$name: the image's modules are not for $rel"
	image=$dir/$(cat "$dir/.image")
	if [[ $arch == amd64 ]]; then
		local start=$SECONDS
		chroot=$("$matrix_dir/chroot.sh" "$suite" "linux-headers-$rel=$ver")
		log "$name: build chroot ready in $(elapsed "$start")"
		kdir=$chroot/usr/src/linux-headers-$rel
	elif cross_in_chroot "$suite"; then
		# The suite's cross gcc the kernel was built with, in the chroot:
		# gcc-14-<triplet> for CC = $(CROSS_COMPILE)gcc-14 in the
		# headers' .kernelvariables, else gcc-<triplet>.
		local start=$SECONDS gcc needs
		read -r _ triplet < <(cross_of "$arch") || die "$name: no cross compiler known for $arch"
		kdir=$dir/usr/src/linux-headers-$rel
		gcc=$(sed -n 's/^CC *=.*[) ]\(gcc-[0-9]*\)$/\1/p' "$kdir/.kernelvariables" 2>/dev/null)
		gcc=${gcc:-gcc}-$triplet
		mapfile -t needs <"$file.needs"
		chroot=$("$matrix_dir/chroot.sh" "$suite" "$gcc" "${needs[@]}")
		log "$name: build chroot with $gcc ${needs[*]} ready in $(elapsed "$start")"
	else
		chroot=cross
		kdir=$dir/usr/src/linux-headers-$rel
	fi
	[[ -f $kdir/Makefile ]] || die "$name: no headers at $kdir"
	echo "$name $arch $image $kdir $rel $dir $chroot"
}

case ${1:-} in -h | --help) usage; exit 0 ;; esac
declare -A wanted=()
for n; do wanted[$n]=1; done
names=() suites=() arches=() metas=()
while read -r name suite arch meta _; do
	[[ $# == 0 || -n ${wanted[$name]:-} ]] || continue
	unset "wanted[$name]"
	names+=("$name") suites+=("$suite") arches+=("$arch") metas+=("$meta")
done < <(matrix_kernels)
((${#wanted[@]} == 0)) || die "not in kernels.conf: ${!wanted[*]}"
((${#names[@]})) || die "no kernels to fetch"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$top"

# Each chroot's suite is debootstrapped meanwhile (the slowest step).
declare -A chroots=()
for i in "${!names[@]}"; do
	[[ -z ${chroots[${suites[i]}]:-} ]] || continue
	[[ ${arches[i]} == amd64 ]] || cross_in_chroot "${suites[i]}" || continue
	"$matrix_dir/chroot.sh" "${suites[i]}" >/dev/null &
	chroots[${suites[i]}]=$!
done

# The lists of every suite and architecture needed, at once.  A kernel
# whose lists failed is left out; the others go on.
start=$SECONDS
declare -A lists=() update_pids=() list_ok=()
needs_lists() {
	echo "$1 $2"
	[[ $2 == amd64 ]] && return 0
	# The amd64 kbuild's suite.
	if cross_in_chroot "$1"; then echo "$1 amd64"; else echo "bookworm amd64"; fi
}
for i in "${!names[@]}"; do
	while read -r sa; do lists[$sa]=1; done < <(needs_lists "${suites[i]}" "${arches[i]}")
done
for sa in "${!lists[@]}"; do
	# shellcheck disable=SC2086 # "suite arch"
	apt_ $sa update &
	update_pids[$sa]=$!
done
for sa in "${!lists[@]}"; do
	if wait "${update_pids[$sa]}"; then list_ok[$sa]=1; else log "the lists of $sa failed"; fi
done
log "package lists ready in $(elapsed "$start")"

start=$SECONDS
pids=()
for i in "${!names[@]}"; do
	(
		while read -r sa; do
			[[ -n ${list_ok[$sa]:-} ]] || die "${names[i]}: no lists for $sa"
		done < <(needs_lists "${suites[i]}" "${arches[i]}")
		resolve_kernel "${names[i]}" "${suites[i]}" "${arches[i]}" "${metas[i]}" "$work/${names[i]}"
	) &
	pids+=($!)
done
for i in "${!pids[@]}"; do
	wait "${pids[i]}" || rm -f "$work/${names[i]}.resolved"
done
echo "resolved: $(for n in "${names[@]}"; do cat "$work/$n.resolved" 2>/dev/null; done |
	paste -sd, - | sed 's/,/, /g')" >&2
log "resolved in $(elapsed "$start")"

start=$SECONDS
jobs_max=${TPSTAT_MATRIX_JOBS:-4}
for i in "${!names[@]}"; do
	[[ -f $work/${names[i]}.resolved ]] || continue
	while (($(jobs -rp | wc -l) >= jobs_max + ${#chroots[@]})); do wait -n || true; done
	(
		fetch_kernel "${names[i]}" "${suites[i]}" "${arches[i]}" "$work/${names[i]}" \
			>"$work/${names[i]}.line"
	) &
done
wait
status=0
for name in "${names[@]}"; do
	if [[ -s $work/$name.line ]]; then
		cat "$work/$name.line"
	else
		log "$name: FAILED"
		status=1
	fi
done
log "fetched in $(elapsed "$start")"
exit "$status"
