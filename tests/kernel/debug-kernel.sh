#!/usr/bin/env bash
# tests/kernel/debug-kernel.sh: build (once) and cache tpstat's debug/KUnit test kernels.
#
# Usage: tests/kernel/debug-kernel.sh [--version 6.1|7.3|5.10] [--refresh]
#            [--source | --cached [--source] | --help]
#   --version V  which kernel: 6.1 (the default), 7.3 or 5.10.
#   (no option)  build the kernel if it is not cached yet, then print its build (O=) dir.
#   --source     same, but print the kernel source dir (for tools/testing/kunit/kunit.py).
#   --cached     build nothing: print the dir if the kernel is already built, else exit 1.
#   --refresh    7.3 and 5.10: look for a newer linux-source-V on the mirror (otherwise
#                the newest one fetched before is used, without the network).
#
# 6.1 is Debian 12's linux-source-6.1 (/usr/src/linux-source-6.1.tar.xz, installed by
# tests/deps.sh): its tracepoints call probes with preemption off. 7.3 is
# trixie-backports' linux-source-7.3, whose tracepoints call probes under SRCU-fast,
# preemptible. 5.10 is Debian 11's linux-source-5.10, the newest of bullseye and
# bullseye-security. For 7.3 and 5.10 tests/matrix/apt.sh downloads the .deb with apt
# configured apart from the system's, and 'dpkg-deb -x' unpacks it into
# <cache>/linux-source-V-<package version>/; nothing is installed on the host.
# All build with the host's gcc, so modules for them build with it too.
# Each is 'make tinyconfig', merged with tests/kernel/debug.config and, if there is one,
# the version's own tests/kernel/debug-<version>.config, 'make olddefconfig', then every
# '=y' line of the fragments is checked to have survived and CONFIG_BPF_SYSCALL to be off.
# It is cached outside the checkout in
#   ${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}/debug-kernel-<key>/{src,build}
# (6.1) or .../debug-kernel-V-<key>/{src,build} (7.3, 5.10), where <key> is the first 16 hex
# digits of the sha256 of the fragments, the source package's name and version, and this
# script's code. A '.done' stamp is written last: a build that was interrupted is redone from
# scratch. The bzImage is <build>/arch/x86/boot/bzImage; out-of-tree modules build with
# 'make -C <build> M=<dir>'.
# Only the path goes to stdout; progress goes to stderr, the build log to <cache>/build.log.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
fragment=$here/debug.config
self=$here/$(basename "$0")

version=6.1
want=build
cached_only=0
refresh=0
while (($#)); do
	case $1 in
	--version)
		version=${2?--version takes 6.1, 7.3 or 5.10}
		shift
		;;
	--source) want=source ;;
	--cached) cached_only=1 ;;
	--refresh) refresh=1 ;;
	-h | --help)
		sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$self"
		exit 0
		;;
	*)
		echo "debug-kernel.sh: unknown option '$1' (try --help)" >&2
		exit 2
		;;
	esac
	shift
done

log() { echo "debug-kernel.sh: $*" >&2; }
die() {
	log "error: $*"
	exit 1
}

cache_root=${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}
pkg=linux-source-$version

# The newest $pkg unpacked in the cache: "<version> <dir>", or nothing.
fetched_source() {
	local d best='' bestdir=''
	for d in "$cache_root/$pkg"-*/; do
		[[ -f $d/.done ]] || continue
		d=${d%/}
		if [[ -z $best ]] || dpkg --compare-versions "${d#"$cache_root/$pkg"-}" gt "$best"; then
			best=${d#"$cache_root/$pkg"-} bestdir=$d
		fi
	done
	[[ -n $best ]] && echo "$best $bestdir"
}

# Downloads the newest $pkg of suite $1 with apt configured apart from the system's
# (tests/matrix/apt.sh), and unpacks it with dpkg-deb -x into <cache>/$pkg-<version>/root.
fetch_source() {
	local suite=$1
	local get=$cache_root/download-$pkg deb ver dest
	mkdir -p "$get"
	exec 8>"$get.lock"
	flock 8
	log "downloading the newest $pkg of $suite (tests/matrix/apt.sh)"
	rm -f "$get"/*.deb
	(cd "$get" && "$here/../matrix/apt.sh" "$suite" amd64 apt-get -qq download "$pkg" >&2) ||
		die "apt-get download $pkg ($suite) failed"
	deb=$(echo "$get/${pkg}_"*.deb)
	ver=$(dpkg-deb -f "$deb" Version)
	dest=$cache_root/$pkg-$ver
	if [[ ! -f $dest/.done ]]; then
		log "unpacking $pkg $ver into $dest"
		rm -rf "$dest"
		mkdir -p "$dest"
		dpkg-deb -x "$deb" "$dest/root" || die "dpkg-deb -x $deb failed"
		touch "$dest/.done"
	fi
	rm -f "$deb"
	exec 8>&-
}

case $version in
6.1)
	tarball=/usr/src/linux-source-6.1.tar.xz
	pkgver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) ||
		die "package $pkg is not installed (run tests/deps.sh)"
	[[ -f $tarball ]] || die "$tarball is missing (run tests/deps.sh)"
	name=debug-kernel
	;;
7.3 | 5.10)
	suite=trixie-backports
	[[ $version == 5.10 ]] && suite=bullseye
	if ((refresh)) || ! fetched_source >/dev/null; then
		((cached_only)) && exit 1
		fetch_source "$suite"
	fi
	read -r pkgver pkgdir < <(fetched_source) || die "no $pkg in $cache_root"
	tarball=$pkgdir/root/usr/src/$pkg.tar.xz
	[[ -f $tarball ]] || die "$tarball is missing"
	name=debug-kernel-$version
	;;
*) die "unknown --version '$version' (6.1, 7.3 or 5.10)" ;;
esac
fragments=("$fragment")
[[ -f $here/debug-$version.config ]] && fragments+=("$here/debug-$version.config")

# The script's comments are not part of the key: rewording them rebuilds nothing.
key=$({
	cat "${fragments[@]}"
	echo "$pkg $pkgver"
	grep -v '^[[:space:]]*#' "$self"
} | sha256sum | cut -c1-16)
dir=$cache_root/$name-$key
src=$dir/src
build=$dir/build

print_result() {
	if [[ $want == source ]]; then echo "$src"; else echo "$build"; fi
}

if [[ -f $dir/.done ]]; then
	print_result
	exit 0
fi
((cached_only)) && exit 1

mkdir -p "$cache_root"
# One build at a time per key; a second caller waits, then finds the stamp.
exec 9>"$dir.lock"
flock 9
if [[ -f $dir/.done ]]; then
	print_result
	exit 0
fi

rm -rf "$dir"
mkdir -p "$src" "$build"
buildlog=$dir/build.log
: >"$buildlog"
log "building the debug kernel in $dir (log: $buildlog)"

run() {
	if ! "$@" >>"$buildlog" 2>&1; then
		tail -n 40 "$buildlog" >&2
		die "failed: $*"
	fi
}

log "unpacking $tarball ($pkg $pkgver)"
run tar -xf "$tarball" -C "$src" --strip-components=1

kmake() { run make -C "$src" O="$build" "$@"; }

log "configuring: tinyconfig + ${fragments[*]##*/} + olddefconfig"
kmake tinyconfig
run "$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "${fragments[@]}"
kmake olddefconfig

missing=()
while IFS= read -r opt; do
	grep -qxF "$opt" "$build/.config" || missing+=("$opt")
done < <(grep -hE '^CONFIG_[A-Za-z0-9_]+=y$' "${fragments[@]}")
if ((${#missing[@]})); then
	log "these options of ${fragments[*]##*/} did not survive olddefconfig:"
	for opt in "${missing[@]}"; do
		sym=${opt%%=*}
		echo "  $opt  (got: $(grep -E "^$sym=|^# $sym is not set" "$build/.config" || echo absent))" >&2
	done
	die "fix the fragments in tests/kernel/ (missing dependencies?)"
fi
if grep -qx 'CONFIG_BPF_SYSCALL=y' "$build/.config"; then
	die "CONFIG_BPF_SYSCALL=y in the final .config: the test kernel must have no BPF"
fi

jobs=$(nproc)
log "building bzImage and modules (make -j$jobs; several minutes)"
SECONDS=0
kmake -j"$jobs" bzImage modules
[[ -f $build/arch/x86/boot/bzImage ]] || die "no bzImage after the build"
[[ -f $build/Module.symvers ]] || die "no Module.symvers after the build"
[[ -f $build/Makefile ]] || die "no forwarding Makefile in $build"
log "built in ${SECONDS}s: $build/arch/x86/boot/bzImage"

touch "$dir/.done"
print_result
