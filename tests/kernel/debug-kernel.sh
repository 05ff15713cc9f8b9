#!/usr/bin/env bash
# tests/kernel/debug-kernel.sh: build (once) and cache tpstat's debug/KUnit test kernel.
#
# Usage: tests/kernel/debug-kernel.sh [--source | --cached [--source] | --help]
#   (no option)  build the kernel if it is not cached yet, then print its build (O=) dir.
#   --source     same, but print the kernel source dir (for tools/testing/kunit/kunit.py).
#   --cached     build nothing: print the dir if the kernel is already built, else exit 1.
#
# The kernel is Debian's linux-source-6.1 (/usr/src/linux-source-6.1.tar.xz): 'make
# tinyconfig', merged with tests/kernel/debug.config, 'make olddefconfig', then every '=y'
# line of the fragment is checked to have survived and CONFIG_BPF_SYSCALL to be off.
# It is cached outside the checkout in
#   ${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}/debug-kernel-<key>/{src,build}
# where <key> is the first 16 hex digits of the sha256 of the fragment, the package version
# of linux-source-6.1 and this script. A '.done' stamp is written last: a build that was
# interrupted is redone from scratch. The bzImage is <build>/arch/x86/boot/bzImage;
# out-of-tree modules build with 'make -C <build> M=<dir>'.
# Only the path goes to stdout; progress goes to stderr, the build log to <cache>/build.log.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
fragment=$here/debug.config
self=$here/$(basename "$0")
tarball=/usr/src/linux-source-6.1.tar.xz

want=build
cached_only=0
while (($#)); do
	case $1 in
	--source) want=source ;;
	--cached) cached_only=1 ;;
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

pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "package linux-source-6.1 is not installed (run tests/vm/deps.sh)"
[[ -f $tarball ]] || die "$tarball is missing (run tests/vm/deps.sh)"

key=$({
	cat "$fragment"
	echo "linux-source-6.1 $pkgver"
	cat "$self"
} | sha256sum | cut -c1-16)
cache_root=${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}
dir=$cache_root/debug-kernel-$key
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

log "unpacking $tarball (linux-source-6.1 $pkgver)"
run tar -xf "$tarball" -C "$src" --strip-components=1

kmake() { run make -C "$src" O="$build" "$@"; }

log "configuring: tinyconfig + debug.config + olddefconfig"
kmake tinyconfig
run "$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "$fragment"
kmake olddefconfig

missing=()
while IFS= read -r opt; do
	grep -qxF "$opt" "$build/.config" || missing+=("$opt")
done < <(grep -E '^CONFIG_[A-Za-z0-9_]+=y$' "$fragment")
if ((${#missing[@]})); then
	log "these options of debug.config did not survive olddefconfig:"
	for opt in "${missing[@]}"; do
		sym=${opt%%=*}
		echo "  $opt  (got: $(grep -E "^$sym=|^# $sym is not set" "$build/.config" || echo absent))" >&2
	done
	die "fix tests/kernel/debug.config (missing dependencies?)"
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
