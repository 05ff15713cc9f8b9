#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tpstat on a small board: run in a guest booted with 128 MB
# (tests/vm/boot.sh --bench --mem 128 ... -- bench/smallmem.sh [KO]), it
# loads tpstat at its default sizes with every view, runs the benchmark's
# workloads and a burst of retransmitted connects, and prints what the
# guest and tpstat report: MemTotal and MemAvailable before and after,
# tpstat info, and each view's rows and overflow (its debugfs header).
# KO: the module (build/<release>/tpstat.ko); give a copy stripped of its
# debug information (strip --strip-debug) as a board installs it: the
# 11 MB build with it does not fit insmod's copy in 128 MB.
# Exit status 1 if tpstat did not load or a workload failed.
set -uo pipefail

top=$(pwd)
kver=$(uname -r)
LOAD=$top/build/bench${TPSTAT_BUILD_SUFFIX:-}/benchload
TOOL=$top/build/ctl${TPSTAT_BUILD_SUFFIX:-}/tpstat
DBG=/sys/kernel/debug/tpstat
# shellcheck source=../tests/net/lib.sh
. "$top/tests/net/lib.sh"

mem() { awk '$1 == "MemTotal:" || $1 == "MemAvailable:" { printf "%s %s kB  ", $1, $2 }' /proc/meminfo; echo; }
fail=0
echo "== $kver, $(nproc) CPU"
echo "== before tpstat: $(mem)"
insmod "${1:-$top/build/$kver/tpstat.ko}" || { echo "tpstat did not load"; exit 1; }
echo "== tpstat loaded, every view, default sizes: $(mem)"
"$TOOL" info
make_namespaces
sysctl -qw net.ipv4.tcp_max_tw_buckets=0
"$LOAD" server 127.0.0.1 7000 > /tmp/srv.out 2>&1 &
srv=$!
for _ in $(seq 1 100); do grep -q ready /tmp/srv.out && break; sleep 0.1; done
for w in "udp-rr 127.0.0.1 7000 5000" "tcp-rr 127.0.0.1 7000 5000" \
	 "tcp-conn 127.0.0.1 7000 1000" "tcp-bulk 127.0.0.1 7000 33554432"; do
	# shellcheck disable=SC2086 # the arguments, split
	echo "== $w: $("$LOAD" $w)" || fail=1
done
echo "== tcp-bulk over veth: $(na "$LOAD" tcp-bulk 10.99.0.2 7000 8388608 tpb)" || fail=1
# More flows than the flow table holds: each connect retransmits its SYN.
tc qdisc add dev lo root netem loss 100% &&
	echo "== syn-flows 2000: $("$LOAD" syn-flows 127.0.0.1 7002 2000 3)"
tc qdisc del dev lo root 2>/dev/null
kill "$srv"
echo "== after the workloads: $(mem)"
"$TOOL" info
echo "== each view: rows, and its debugfs header"
# Every view the module made a file for (not its counters, events and
# monitor): a new view is listed without a change here.
for f in "$DBG"/*; do
	v=${f##*/}
	case $v in counters | events | monitor) continue ;; esac
	n=$("$TOOL" -j "$v" 2>/dev/null | jq -r '.entries // (.rows | length) // "?"' 2>/dev/null)
	h=$(head -1 "$DBG/$v" 2>/dev/null)
	printf '%-10s %6s rows  %s\n' "$v" "${n:-?}" "${h:-(no debugfs file)}"
done
exit "$fail"
