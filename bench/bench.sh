#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: what tpstat costs per event, next to the floor (empty
# probes), perf stat, ftrace and bpftrace.  Installs what is missing,
# builds tpstat, the floor module and the workloads for Debian's 6.1 and
# 6.12 kernels, boots each once under QEMU with tests/vm/boot.sh --bench
# (one vCPU, -icount shift=0: the guest clock counts instructions) and
# runs bench/guest.sh there; then writes bench/results.md and
# bench/overhead.png from what the guests measured.
# Raw data and guest logs: build/bench/vm-<kernel>/.
#   TPSTAT_BENCH_REPS, TPSTAT_BENCH_FLOWS   passed to bench/guest.sh
set -euo pipefail
# The whole table: no partial run (guest.sh) here.
unset TPSTAT_BENCH_CONFIGS TPSTAT_BENCH_WORKLOADS

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
SECONDS=0

bench/deps.sh >&2
make -s -C bench/load O="$top/build/bench"
make -s ctl && [ -x build/ctl/tpstat ]

raw=build/bench/raw
rm -rf "$raw"
mkdir -p "$raw"
kernels=0
while read -r name image kbuild modrel _; do
	case $name in deb-6.1.* | deb-6.1-* | deb-6.12.*) ;; *) continue ;; esac
	kver=$modrel
	echo "=== $name: building" >&2
	nice -n 10 make -s module KVER="$kver" KDIR="$kbuild" >"$raw/$name.build.log" 2>&1 ||
		{ tail -20 "$raw/$name.build.log" >&2; exit 1; }
	nice -n 10 bench/floor/build.sh "$kver" "$kbuild" "build/bench/$kver/floor" \
		>>"$raw/$name.build.log" 2>&1 ||
		{ tail -20 "$raw/$name.build.log" >&2; exit 1; }
	echo "=== $name: benchmark (one boot)" >&2
	vm=build/bench/vm-$name
	rm -rf "$vm"
	tests/vm/boot.sh --bench --mem 4096 --kernel "$image" --modules-release "$modrel" \
		--timeout 3000 --out "$vm" -- bench/guest.sh ||
		{ echo "bench: the guest run on $name failed (log: $vm/console.log)" >&2; exit 1; }
	for f in bench.tsv configs.tsv memory.tsv genl_stall.tsv; do
		cat "$vm/$f" >>"$raw/$f"
	done
	kernels=$((kernels + 1))
done < <(tests/vm/kernels.sh)
((kernels == 2)) || { echo "bench: expected Debian's 6.1 and 6.12 kernels, ran $kernels" >&2; exit 1; }

python3 bench/report.py "$raw" bench/results.md build/bench/overhead.dat
python3 bench/genl_report.py "$raw/genl_stall.tsv" >> bench/results.md
gnuplot -e "data='build/bench/overhead.dat'; out='bench/overhead.png'" bench/overhead.gp
echo "bench: bench/results.md and bench/overhead.png written in $((SECONDS / 60)) min $((SECONDS % 60)) s" >&2
