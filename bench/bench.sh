#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: what tpstat costs per event, next to the floor (empty
# probes), perf stat, ftrace, bpftrace and raw tracepoint BPF programs
# (bench/bpf/), and whether it meets its targets.  Installs what is
# missing, builds tpstat, the floor module and the workloads for each
# kernel (and the BPF peer once), then boots each once under QEMU with
# tests/vm/boot.sh --bench (one vCPU, -icount shift=0: the guest clock
# counts instructions), two guests at a time, and runs bench/guest.sh
# there; then writes bench/results.md and bench/overhead.png from what
# the guests measured, and README.md's tables of costs and targets from
# them (bench/readme_table.py), and bench/check.py fails (exit 1) if a
# target was missed or unresolved.
# The kernels: Debian 12's installed 6.1 and 6.12 (tests/vm/kernels.sh),
# trixie-backports' 7.3 (built in its chroot: bench/build_chroot.sh) and
# Debian 12's arm64 and armmp kernels under qemu-system-aarch64 and
# qemu-system-arm (cross-built, as tests/arm/run.sh does), all fetched by
# tests/matrix/fetch.sh.
# Raw data and guest logs: build/bench/vm-<kernel>/ (boot.log: what
# boot.sh said, printed when its guest ends).
#   TPSTAT_BENCH_REPS, TPSTAT_BENCH_FLOWS   passed to bench/guest.sh
#   TPSTAT_BENCH_KERNELS   the kernels to run (default: "6.1 6.12 7.3
#                          arm64 armmp"); fewer is a partial run whose
#                          results.md lacks the others
#   TPSTAT_BENCH_SCALE     the x86 guests' workloads are this many times
#                          shorter than guest.sh's full size (default 4)
#   TPSTAT_BENCH_ARM_SCALE the same for the ARM guests (default 16)
#   TPSTAT_BENCH_JOBS      how many guests run at once (default 2); 1
#                          boots them one after another
# Every configuration (perf, ftrace, bpftrace and the BPF peer beside
# tpstat) and the flow scaling run on 6.12; the other kernels run the
# configurations the targets need and the BPF peer.  Every kernel runs
# the dumps (the tool's targets).  Each configuration runs between
# nothing-attached runs, in rounds (guest.sh).
# With 3 rounds after the warm-up the whole run took 34 min on 2 cores
# alone, with make check's caches filled.  With 5 rounds (the default,
# guest.sh) and the BPF peer it took 126 min, one guest at a time, with
# make check and other guests sharing the cores: 6.1 17 min, 6.12 38,
# 7.3 17, arm64 29, armmp 15, the rest building; the figures are
# instructions (-icount), which sharing does not change, only the wall
# time.
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
jobs=${TPSTAT_BENCH_JOBS:-2}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "bench: TPSTAT_BENCH_JOBS=$jobs is no positive number" >&2; exit 1; }

bench/deps.sh >&2
make -s -C bench/load O="$top/build/bench"
make -s ctl && [ -x build/ctl/tpstat ]
nice -n 10 make -s -C bench/bpf O="$top/build/bench/bpf"

raw=build/bench/raw
rm -rf "$raw"
mkdir -p "$raw"
# What was measured, for bench/results.md's first line.
git -C "$top" describe --always --dirty > "$raw/commit" 2>/dev/null || rm -f "$raw/commit"
# The guests, queued while everything is built and booted after: each
# boot's short name (as TPSTAT_BENCH_KERNELS says it), its name and its
# command (printf %q words), in the order the builds queue them, which
# is the order their rows are gathered in (report.py's order, whichever
# guest ends first).
boot_short=() boot_names=() boot_cmds=()
# queue_boot <short> <name> [VAR=value...] -- <boot.sh arguments...>
queue_boot() {
	local vm=build/bench/vm-$2 cmd=(env)
	boot_short+=("$1")
	boot_names+=("$2")
	shift 2
	while [[ $1 != -- ]]; do
		cmd+=("$1")
		shift
	done
	shift
	cmd+=(tests/vm/boot.sh --bench "$@" --timeout 7200 --out "$vm" -- bench/guest.sh)
	boot_cmds+=("$(printf '%q ' "${cmd[@]}")")
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
	deb-6.1.* | deb-6.1-*) short=6.1 ;;
	deb-6.12.*) short=6.12 ;;
	*) continue ;;
	esac
	wanted "$short" || continue
	build_x86 "$name" "$modrel" "$kbuild"
	echo "$modrel build/$modrel/tpstat.ko build/bench/$modrel/floor/tpstat_floor.ko objdump" >>"$raw/asm.list"
	if [[ $short == 6.12 ]]; then
		queue_boot "$short" "$name" -- --mem 4096 --kernel "$image" --modules-release "$modrel"
	else
		queue_boot "$short" "$name" TPSTAT_BENCH_CONFIGS="$BOOT_CONFIGS" -- \
			--mem 4096 --kernel "$image" --modules-release "$modrel"
	fi
done < <(tests/vm/kernels.sh)

# 7.3: trixie-backports' kernel, not a debug one (KASAN is no timing).
if wanted 7.3; then
	read -r name _ image kdir modrel modroot chroot < <(tests/matrix/fetch.sh trixie-bpo)
	echo "=== $name ($modrel): building in its chroot" >&2
	nice -n 10 bench/build_chroot.sh "$name" "$modrel" "$chroot" "$kdir" \
		>"$raw/$name.build.log" 2>&1 || { tail -20 "$raw/$name.build.log" >&2; exit 1; }
	echo "$modrel build/$modrel/tpstat.ko build/bench/$modrel/floor/tpstat_floor.ko objdump" >>"$raw/asm.list"
	queue_boot 7.3 "$name-$modrel" TPSTAT_BENCH_CONFIGS="$BOOT_CONFIGS" -- --mem 4096 \
		--kernel "$image" --modules-release "$modrel" --modules-root "$modroot"
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
	queue_boot "$short" "$kname-$modrel" TPSTAT_BENCH_SCALE="${TPSTAT_BENCH_ARM_SCALE:-16}" \
		TPSTAT_BENCH_CONFIGS="$BOOT_CONFIGS" -- --arch "$arch" --root "$root" --mem 2048 \
		--kernel "$image" --modules-release "$modrel" --modules-root "$modroot"
done
((${#boot_names[@]} > 0)) || { echo "bench: no kernel ran (TPSTAT_BENCH_KERNELS=$want)" >&2; exit 1; }

# The boots, TPSTAT_BENCH_JOBS at once: each guest has one vCPU and its
# figures count instructions (-icount), so guests beside each other
# change the wall time only, not what is measured.  Everything above is
# built before the first boot, so no build writes what a running guest
# reads; nor does one overwrite another's: the ARM builds write
# build/ctl-<arch> and build/bench-<arch> (TPSTAT_BUILD_SUFFIX in the
# guest), and each kernel's modules are in build/<release> and
# build/bench/<release>.  Each boot has its own out dir and share
# (boot.sh).  The longest first, so that both slots end near together:
# 6.12 runs every configuration, and arm64 is the slowest of the others.
start_order="6.12 arm64 6.1 7.3 armmp"
running=() boot_t0=()
# start_boot <index>: one guest in the background, boot.sh's output kept
# in its out dir and printed when it ends (not interleaved with another's).
start_boot() {
	local i=$1 vm=build/bench/vm-${boot_names[$1]} cmd
	eval "cmd=(${boot_cmds[i]})"
	echo "=== ${boot_names[i]}: benchmark (one boot)" >&2
	rm -rf "$vm"
	mkdir -p "$vm"
	"${cmd[@]}" >"$vm/boot.log" 2>&1 &
	running[$!]=$i
	boot_t0[i]=$SECONDS
}
# reap_boot: waits for one of the running guests to end; fails if it
# failed.  It looks every second: bash 5.2's wait -n was seen to miss a
# job that had ended while another command ran (under bash -c), and
# wait <pid> has the status of one that ended at any time.
reap_boot() {
	local pid status=0 i vm
	while :; do
		for pid in "${!running[@]}"; do
			kill -0 "$pid" 2>/dev/null || break 2
		done
		sleep 1
	done
	wait "$pid" || status=$?
	i=${running[pid]}
	unset "running[pid]"
	vm=build/bench/vm-${boot_names[i]}
	cat "$vm/boot.log" >&2
	((status == 0)) ||
		{ echo "bench: the guest run on ${boot_names[i]} failed (log: $vm/console.log)" >&2; return 1; }
	echo "=== ${boot_names[i]}: $(((SECONDS - boot_t0[i]) / 60)) min $(((SECONDS - boot_t0[i]) % 60)) s" >&2
}
# stop_boots: on the way out (a guest failed, or make was interrupted),
# the guests still running end too (boot.sh kills its QEMU on SIGTERM).
# shellcheck disable=SC2317 # called by the trap
stop_boots() {
	local pid
	((${#running[@]})) || return 0
	kill "${!running[@]}" 2>/dev/null || true
	for pid in "${!running[@]}"; do
		wait "$pid" 2>/dev/null || true
		echo "=== ${boot_names[running[pid]]}: stopped" >&2
	done
}
trap stop_boots EXIT
trap 'exit 130' INT TERM
for short in $start_order; do
	for i in "${!boot_names[@]}"; do
		[[ ${boot_short[i]} == "$short" ]] || continue
		while ((${#running[@]} >= jobs)); do
			reap_boot || exit 1
		done
		start_boot "$i"
	done
done
while ((${#running[@]})); do
	reap_boot || exit 1
done
for name in "${boot_names[@]}"; do
	for f in bench.tsv configs.tsv memory.tsv mix.tsv genl_stall.tsv netns_scale.tsv recorder.tsv; do
		[ -f "build/bench/vm-$name/$f" ] && cat "build/bench/vm-$name/$f" >>"$raw/$f"
	done
done

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
