#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Kbuild feature tests: answer each question about the target kernel by
# compiling a tiny file against its headers with the module's own flags.
#   conftest.sh <kernel build dir> <work dir> <output header> [make variables...]
# Questions: every file in conftest/ (TPSTAT_HAVE_<FILE NAME>), and for
# every tracepoint in counters/events.h whether the headers declare it
# (TPSTAT_HAVE_TP_<ID>).  All objects are built in one make -k run (a
# second one only for a header that lacks one of tpstat's tracepoints);
# an object that exists afterwards is a "yes".  The make variables (ARCH=,
# CROSS_COMPILE=, CC=...) are the ones the module is built with.
#
# A "no" is only trusted if the same run compiled a file that needs
# nothing but the headers (sanity.c): when the compiler itself cannot run
# (a wrong CROSS_COMPILE, a missing gcc-N), every question would fail and
# every feature be recorded as absent.  Then nothing is written and the
# compiler's error is shown.
set -euo pipefail

kdir=$1 work=$2 out=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$work"
mkdir -p "$work" "$(dirname "$out")"
cp "$here"/conftest/*.c "$work"/

# TPSTAT_EVENT(ID, group, name) lines of counters/events.h: "ID group name".
mapfile -t tps < <(sed -nE \
	's/^TPSTAT_EVENT\(([A-Z0-9_]+), ([a-z0-9_]+), ([a-z0-9_]+)\)$/\1 \2 \3/p' \
	"$here/counters/events.h")
# tp_test FILE GROUP NAME...: a file that compiles only if the header
# declares every one of the tracepoints.
tp_test() {
	local file=$1 group=$2 name
	shift 2
	{
		echo '// SPDX-License-Identifier: GPL-2.0'
		echo "#include <trace/events/$group.h>"
		echo
		echo 'static inline void __maybe_unused conftest(void)'
		echo '{'
		for name in "$@"; do
			echo "	typeof(&check_trace_callback_type_$name) $name __maybe_unused = NULL;"
		done
		echo '}'
	} > "$file"
}
# Each compile costs a second or two of kernel headers, and most kernels
# declare every tracepoint: one test per header asks for all of its
# tracepoints at once, and only a header that fails gets one test per
# tracepoint, in a second make run.
for group in $(printf '%s\n' "${tps[@]}" | cut -d' ' -f2 | sort -u); do
	# shellcheck disable=SC2046 # the names are separate words
	tp_test "$work/tpgroup_$group.c" "$group" \
		$(printf '%s\n' "${tps[@]}" | awk -v g="$group" '$2 == g { print $3 }')
done
cat > "$work/sanity.c" <<'EOT'
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>

static inline int __maybe_unused conftest(void)
{
	return 0;
}
EOT

# make_objects OBJECT...: builds what it can; failing objects are the
# "no" answers, so their errors are expected.  The objects are listed in
# obj-m, as older Kbuild (5.10) builds a single object only if a Makefile
# names it; only the objects are asked for, never the modules.
make_objects() {
	{
		echo 'ccflags-y := -Werror'
		echo "obj-m := $*"
	} > "$work/Kbuild"
	make -k -j"$(nproc)" -C "$kdir" M="$work" "${kbuild_vars[@]}" "$@" \
		>>"$work/build.log" 2>&1 || true
}
kbuild_vars=("$@")
objs=()
for c in "$work"/*.c; do
	objs+=("$(basename "$c" .c).o")
done
make_objects "${objs[@]}"

if [ ! -s "$work/sanity.o" ]; then
	echo "conftest: cannot compile even an empty module against $kdir" \
	     "with '$*'; no feature answers recorded.  The compiler said:" >&2
	grep -m 20 -E 'error|No such file|not found' "$work/build.log" >&2 ||
		tail -n 20 "$work/build.log" >&2
	exit 1
fi

# Which tracepoints the headers declare: those of a header whose test
# compiled, and, of a header whose test failed, each that compiles alone.
declare -A have_tp
objs=()
for tp in "${tps[@]}"; do
	read -r id group name <<<"$tp"
	if [ -s "$work/tpgroup_$group.o" ]; then
		have_tp[$id]=1
	else
		tp_test "$work/tp_$id.c" "$group" "$name"
		objs+=("tp_$id.o")
	fi
done
if [ ${#objs[@]} -gt 0 ]; then
	make_objects "${objs[@]}"
	for tp in "${tps[@]}"; do
		read -r id _ <<<"$tp"
		[ -s "$work/tp_$id.o" ] && have_tp[$id]=1
	done
fi

# A tracepoint whose prototype changed has one test per known prototype
# (#define TPSTAT_VARIANT_OF <tracepoint> in each).  If the headers declare
# it and none matched, the kernel is newer than tpstat: stop, naming the
# tracepoint and showing the prototype the compiler found, rather than
# build a probe of the wrong type.
unknown=0
for tp in $(sed -n 's/^#define TPSTAT_VARIANT_OF \([a-z0-9_]*\)$/\1/p' "$work"/*.c | sort -u); do
	id=$(echo "$tp" | tr '[:lower:]' '[:upper:]')
	[ -n "${have_tp[$id]:-}" ] || continue
	matched=0 tried=()
	for c in $(grep -l "^#define TPSTAT_VARIANT_OF $tp\$" "$work"/*.c); do
		base=$(basename "$c" .c)
		tried+=("$base")
		[ -s "$work/$base.o" ] && matched=1
	done
	[ $matched = 1 ] && continue
	unknown=1
	echo "conftest: tracepoint $tp has a prototype tpstat does not know" \
	     "(tried: ${tried[*]}).  The headers declare:" >&2
	grep -h -A1 -E "(${tried[0]}|${tried[-1]})\.c:.*check_trace_callback_type_$tp" \
		"$work/build.log" | grep -m 2 -E "expected|note:" >&2 ||
		echo "  (see $work/build.log)" >&2
done
[ $unknown = 0 ] || exit 1

tmp=$out.tmp
{
	echo "/* Generated by module/conftest.sh -- do not edit. */"
	for c in "$here"/conftest/*.c; do
		base=$(basename "$c" .c)
		macro=TPSTAT_HAVE_$(echo "$base" | tr '[:lower:]' '[:upper:]')
		if [ -s "$work/$base.o" ]; then
			echo "#define $macro 1"
		else
			echo "/* #undef $macro */"
		fi
	done
	for tp in "${tps[@]}"; do
		read -r id _ <<<"$tp"
		if [ -n "${have_tp[$id]:-}" ]; then
			echo "#define TPSTAT_HAVE_TP_$id 1"
		else
			echo "/* #undef TPSTAT_HAVE_TP_$id */"
		fi
	done
} > "$tmp"
mv "$tmp" "$out"
