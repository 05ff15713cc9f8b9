#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: what tpstat costs per event, next to the floor (empty
# probes), perf stat, ftrace, bpftrace and raw tracepoint BPF programs
# (bench/bpf/), and whether it meets its targets.  Installs what is
# missing, builds tpstat, the floor module and the workloads for each
# kernel (and the BPF peer once), boots each once under QEMU with
# tests/vm/boot.sh --bench (one vCPU, -icount shift=0: the guest clock
# counts instructions) and runs bench/guest.sh there; then writes
# bench/results.md and bench/overhead.png from what the guests measured,
# and README.md's tables of costs and targets from them (bench/readme_table.py),
# and bench/check.py fails (exit 1) if a target was missed or unresolved.
# The kernels: Debian 12's installed 6.1 and 6.12 (tests/vm/kernels.sh),
# trixie-backports' 7.3 (built in its chroot: bench/build_chroot.sh) and
# Debian 12's arm64 and armmp kernels under qemu-system-aarch64 and
# qemu-system-arm (cross-built, as tests/arm/run.sh does), all fetched by
# tests/matrix/fetch.sh.
# Raw data and guest logs: build/bench/vm-<kernel>/.
#   TPSTAT_BENCH_REPS, TPSTAT_BENCH_FLOWS   passed to bench/guest.sh
#   TPSTAT_BENCH_KERNELS   the kernels to run (default: "6.1 6.12 7.3
#                          arm64 armmp"); fewer is a partial run whose
#                          results.md lacks the others
#   TPSTAT_BENCH_SCALE     the x86 guests' workloads are this many times
#                          shorter than guest.sh's full size (default 4)
#   TPSTAT_BENCH_ARM_SCALE the same for the ARM guests (default 16)
# Every configuration (perf, ftrace, bpftrace and the BPF peer beside
# tpstat) and the flow scaling run on 6.12; the other kernels run the
# configurations the targets need and the BPF peer.  Every kernel runs
# the dumps (the tool's targets).  Each configuration runs between
# nothing-attached runs, in rounds (guest.sh).
# With 3 rounds after the warm-up the whole run took 34 min on 2 cores
# alone, with make check's caches filled.  With 5 rounds (the default,
# guest.sh) and the BPF peer it took 126 min with make check and other
# guests sharing the cores: 6.1 17 min, 6.12 38, 7.3 17, arm64 29,
# armmp 15, the rest building; the figures are instructions (-icount),
# which sharing does not change, only the wall time.
set -euo pipefail
# The whole table: no partial run (guest.sh) here.
unset TPSTAT_BENCH_CONFIGS TPSTAT_BENCH_WORKLOADS
export TPSTAT_BENCH_DUMPS=1
export TPSTAT_BENCH_SCALE=${TPSTAT_BENCH_SCALE:-4}
TARGETS="floor tpstat_count tpstat_views monitor_listen netns_idle netns_count"
# Every kernel but 6.12 (which runs all) runs the targets' configurations
# and the strongest peer beside them, the BPF one (bench/bpf/: built once
# for the host, whose root the x86 guests share, and cross-built for each
# ARM root, which carries libbpf).
BOOT_CONFIGS="$TARGETS rawtp_count rawtp_views"

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
SECONDS=0
want=" ${TPSTAT_BENCH_KERNELS:-6.1 6.12 7.3 arm64 armmp} "
wanted() { [[ $want == *" $1 "* ]]; }

bench/deps.sh >&2
make -s -C bench/load O="$top/build/bench"
make -s ctl && [ -x build/ctl/tpstat ]
nice -n 10 make -s -C bench/bpf O="$top/build/bench/bpf"

raw=build/bench/raw
rm -rf "$raw"
mkdir -p "$raw"
# What was measured, for bench/results.md's first line.
git -C "$top" describe --always --dirty > "$raw/commit" 2>/dev/null || rm -f "$raw/commit"
kernels=0
# boot_bench <name> <boot.sh arguments...>: one guest, its rows gathered.
boot_bench() {
	local name=$1 vm=build/bench/vm-$1 t0=$SECONDS
	shift
	echo "=== $name: benchmark (one boot)" >&2
	rm -rf "$vm"
	tests/vm/boot.sh --bench "$@" --timeout 7200 --out "$vm" -- bench/guest.sh ||
		{ echo "bench: the guest run on $name failed (log: $vm/console.log)" >&2; exit 1; }
	for f in bench.tsv configs.tsv memory.tsv mix.tsv genl_stall.tsv netns_scale.tsv recorder.tsv; do
		[ -f "$vm/$f" ] && cat "$vm/$f" >>"$raw/$f"
	done
	echo "=== $name: $(((SECONDS - t0) / 60)) min $(((SECONDS - t0) % 60)) s" >&2
	kernels=$((kernels + 1))
}
# build_x86 <name> <kver> <kbuild>: tpstat and the floor with the host's gcc.
build_x86() {
	echo "=== $1: building" >&2
	{ nice -n 10 make -s module KVER="$2" KDIR="$3" &&
	  nice -n 10 bench/floor/build.sh "$2" "$3" "build/bench/$2/floor"; } \
		>"$raw/$1.build.log" 2>&1 || { tail -20 "$raw/$1.build.log" >&2; exit 1; }
}

while read -r name image kbuild modrel _; do
	case $name in
	deb-6.1.* | deb-6.1-*) wanted 6.1 || continue ;;
	deb-6.12.*) wanted 6.12 || continue ;;
	*) continue ;;
	esac
	build_x86 "$name" "$modrel" "$kbuild"
	echo "$modrel build/$modrel/tpstat.ko build/bench/$modrel/floor/tpstat_floor.ko objdump" >>"$raw/asm.list"
	if [[ $name == deb-6.12.* ]]; then
		boot_bench "$name" --mem 4096 --kernel "$image" --modules-release "$modrel"
	else
		TPSTAT_BENCH_CONFIGS=$BOOT_CONFIGS \
			boot_bench "$name" --mem 4096 --kernel "$image" --modules-release "$modrel"
	fi
done < <(tests/vm/kernels.sh)

# 7.3: trixie-backports' kernel, not a debug one (KASAN is no timing).
if wanted 7.3; then
	read -r name _ image kdir modrel modroot chroot < <(tests/matrix/fetch.sh trixie-bpo)
	echo "=== $name ($modrel): building in its chroot" >&2
	nice -n 10 bench/build_chroot.sh "$name" "$modrel" "$chroot" "$kdir" \
		>"$raw/$name.build.log" 2>&1 || { tail -20 "$raw/$name.build.log" >&2; exit 1; }
	echo "$modrel build/$modrel/tpstat.ko build/bench/$modrel/floor/tpstat_floor.ko objdump" >>"$raw/asm.list"
	TPSTAT_BENCH_CONFIGS=$BOOT_CONFIGS boot_bench "$name-$modrel" --mem 4096 --kernel "$image" \
		--modules-release "$modrel" --modules-root "$modroot"
fi

# ARM: Debian 12's arm64 and armmp kernels, cross-built as tests/arm/run.sh.
for arch in arm64 armhf; do
	case $arch in
	arm64) kname=bookworm-arm64 short=arm64 karch=arm64 cross=aarch64-linux-gnu- ;;
	armhf) kname=bookworm-armmp short=armmp karch=arm cross=arm-linux-gnueabihf- ;;
	esac
	wanted "$short" || continue
	read -r _ _ image kdir modrel modroot _ < <(tests/matrix/fetch.sh "$kname")
	root=$(tests/vm/root.sh "$arch")
	echo "=== $kname: cross-building" >&2
	log=$raw/$kname.build.log
	{ nice -n 10 make -s module KVER="$modrel" KDIR="$kdir" ARCH="$karch" \
		CROSS_COMPILE="$cross" &&
	  nice -n 10 make -s ctl CC="${cross}gcc" SYSROOT="$root" &&
	  nice -n 10 make -s -C bench/load CC="${cross}gcc --sysroot=$root" O="$top/build/bench-$arch" &&
	  nice -n 10 make -s -C bench/bpf CC="${cross}gcc" SYSROOT="$root" O="$top/build/bench-$arch/bpf" &&
	  nice -n 10 bench/floor/build.sh "$modrel" "$kdir" "build/bench/$modrel/floor" \
		ARCH="$karch" CROSS_COMPILE="$cross"; } >"$log" 2>&1 ||
		{ tail -20 "$log" >&2; exit 1; }
	echo "$modrel build/$modrel/tpstat.ko build/bench/$modrel/floor/tpstat_floor.ko ${cross}objdump" >>"$raw/asm.list"
	TPSTAT_BENCH_SCALE=${TPSTAT_BENCH_ARM_SCALE:-16} TPSTAT_BENCH_CONFIGS=$BOOT_CONFIGS \
		boot_bench "$kname-$modrel" --arch "$arch" --root "$root" --mem 2048 \
		--kernel "$image" --modules-release "$modrel" --modules-root "$modroot"
done
((kernels > 0)) || { echo "bench: no kernel ran (TPSTAT_BENCH_KERNELS=$want)" >&2; exit 1; }

python3 bench/report.py "$raw" bench/results.md build/bench/overhead.dat
bench/probes_asm.sh "$raw/asm.list" >> bench/results.md
[ -s "$raw/genl_stall.tsv" ] &&
	python3 bench/genl_report.py "$raw/genl_stall.tsv" >> bench/results.md
netns_verdict=0
if [ -s "$raw/netns_scale.tsv" ]; then
	python3 bench/netns_report.py "$raw/netns_scale.tsv" --into bench/results.md ||
		netns_verdict=1
fi
[ -s "$raw/recorder.tsv" ] &&
	python3 bench/recorder_report.py "$raw/recorder.tsv" --into bench/results.md
gnuplot -e "data='build/bench/overhead.dat'; out='bench/overhead.png'" bench/overhead.gp
# The README's tables of costs and targets, from the same results.
python3 bench/readme_table.py bench/results.md README.md
echo "bench: bench/results.md and bench/overhead.png written in $((SECONDS / 60)) min $((SECONDS % 60)) s" >&2
status=0
python3 bench/check.py "$raw/targets.tsv" || status=1
((netns_verdict == 0)) || { echo "bench: missed: the read among 1,000 idle namespaces (bench/results.md)" >&2; status=1; }
exit $status
