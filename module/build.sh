#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds tpstat.ko (and, where the kernel has KUnit, tpstat_kunit.ko) for
# one kernel into its own directory, so builds for several kernels never
# share objects:
#   module/build.sh <kernel release> <kernel build dir> <output dir> [make variables...]
# The make variables (ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- ...) go
# to both the feature tests and the build.  The output dir mirrors the
# source tree with symlinks and adds generated/tpstat_features.h from
# conftest.sh, and the generated probes' list from genprobes.sh.
set -euo pipefail

kver=$1 kdir=$2 out=$3
shift 3
top=$(cd "$(dirname "$0")/.." && pwd)

if [ ! -f "$kdir/Makefile" ]; then
	echo "no kernel build directory for $kver at $kdir" \
	     "(install linux-headers-$kver, or pass KDIR=)" >&2
	exit 1
fi

# A kernel built with clang takes its modules from clang too (mixing
# compilers fails on flags gcc does not know): LLVM=1, unless the
# caller chose a toolchain.
if grep -qsx 'CONFIG_CC_IS_CLANG=y' "$kdir/.config" "$kdir/include/config/auto.conf" &&
	! printf '%s\n' "$@" | grep -qE '^(LLVM|CC)='; then
	echo "  $kver was built with clang: building with LLVM=1"
	set -- "$@" LLVM=1
fi

mkdir -p "$out/module" "$out/kunit" "$out/generated"
out=$(cd "$out" && pwd)
ln -sfn "$top/Kbuild" "$out/Kbuild"
ln -sfn "$top/uapi" "$out/uapi"
# The module's sources: its top and its layers' folders (not the feature
# tests of conftest/, which conftest.sh compiles on its own).
for f in "$top"/module/*.[ch] "$top"/module/*/*.[ch] "$top"/module/objects.mk \
	 "$top"/kunit/*.[ch]; do
	[ -e "$f" ] || continue
	rel=${f#"$top"/}
	case $rel in module/conftest/*) continue ;; esac
	mkdir -p "$out/${rel%/*}"
	ln -sfn "$f" "$out/$rel"
done
# Drop links whose source file is gone.
find "$out/module" "$out/kunit" -xtype l -delete

# The generated answers are kept with a key of everything they were
# computed from: the scripts that asked, the make variables, and the
# kernel's configuration and headers as the build dir holds them.  Any
# change asks them again.
make_vars=("$@")
# inputs_key FILE...: that key, for answers computed from FILE...
inputs_key() {
	local f
	{
		cat "$@"
		printf '%s\n' "$kdir" "${make_vars[@]}"
		for f in Makefile .config include/generated/autoconf.h \
			 include/config/kernel.release; do
			if [ -e "$kdir/$f" ]; then cksum < "$kdir/$f"; fi
		done
	} | sha256sum | cut -c1-16
}

features=$out/generated/tpstat_features.h
key=$(inputs_key "$top/module/conftest.sh" "$top/module/counters/events.h" \
	"$top"/module/conftest/*.c)
if [ "$(cat "$features.key" 2>/dev/null)" != "$key" ] || [ ! -f "$features" ]; then
	echo "  CONFTEST $kver"
	rm -f "$features.key"
	"$top/module/conftest.sh" "$kdir" "$out/.conftest" "$features" "$@"
	echo "$key" > "$features.key"
fi

# The generated probes' list, kept the same way.  What genprobes.sh could
# not read it says on every build, cached or not.
gen_key=$(inputs_key "$top/module/probes/genprobes.sh" \
	"$top/module/counters/events.h")
gen=$out/generated/tpstat_gen_events.h
if [ "$(cat "$gen.key" 2>/dev/null)" != "$gen_key" ] || [ ! -f "$gen" ]; then
	echo "  GENPROBES $kver"
	rm -f "$gen.key"
	if ! "$top/module/probes/genprobes.sh" "$kdir" "$out/.genprobes" \
		"$out/generated" "$@" 2> "$gen.notes"; then
		cat "$gen.notes" >&2
		exit 1
	fi
	echo "$gen_key" > "$gen.key"
fi
sed 's/^/  /' "$gen.notes" >&2

make -C "$kdir" M="$out" W=1 "$@" modules
