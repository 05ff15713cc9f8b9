#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kbuild/own_text.sh: whether every function in a tpstat.ko is
# tpstat's own.  The kernel's helpers that the probes use on every event
# (per-CPU adds, the CPU offset's read, atomics) are header inlines; gcc
# may still emit one as a local out-of-line copy and call it, as it did
# for arm64's per-CPU add in probes.c until module/objects.mk raised its
# unit-growth limit.  Such a copy is a text symbol without tpstat's
# prefix: this lists them, one a line, and exits 1 if there is any.
# For production kernels: a debug kernel's config (sanitizers, tinyconfig)
# outlines helpers on cold paths, and its figures are not what users run.
#   tests/kbuild/own_text.sh KO
set -u

ko=${1:?usage: tests/kbuild/own_text.sh KO}
syms=$(nm --defined-only "$ko") || exit 2
# Not a module of ours, or no symbols left to judge.
grep -q ' [tT] tpstat_probe_' <<<"$syms" || { echo "$ko: no tpstat probe"; exit 2; }
# $a, $d, $t, $x: ARM mapping symbols; __pfx_: x86's function padding;
# .L: local labels riscv64's assembler keeps for the linker's relaxation;
# __SCT__tpstat_: the trampolines of tpstat's own static calls (x86-64).
others=$(awk '$2 ~ /^[tT]$/ { print $3 }' <<<"$syms" |
	 grep -v -E '^(__pfx_)?(__SCT__)?(tpstat_|init_module$|cleanup_module$)|^\$[adtx]|^\.L' |
	 sort -u)
[ -z "$others" ] && exit 0
echo "$others"
exit 1
