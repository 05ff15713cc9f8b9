#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What the administrator's reads and the monitor cost with many network
# namespaces present.  In a guest booted by tests/vm/boot.sh (make
# bench's: --bench, one vCPU, 1 guest ns per instruction), run from the
# top of the tree, tpstat built for the running kernel.  bench/guest.sh
# runs it at its end (TPSTAT_BENCH_NETNS_ONLY=1: only this); alone:
#   tests/vm/boot.sh --bench --kernel ... --modules-release ... \
#       --out DIR -- bench/netns_scale.sh
# Three phases:
#   none:   no namespace but the initial one (and the listener's);
#   idle:   NS more, with nothing in them;
#   drops:  the same NS, each with a drop of its own on its lo, so that
#           the view holds an entry per namespace, each to be named.
# In each, REPS reads of "tpstat -j drops --by dev", which names each
# entry's device by its namespace's cookie, each timed in the kernel
# (its dump's start, parts and end: see phase); and the
# monitor's windows while one listener, in a namespace made after all
# the others (the last a walk of every namespace would reach), has the
# alerts armed: the function graph tracer times each window's check for
# a listener (tpstat_alerts_listened()) and its merge and send
# (tpstat_alert_window_run()).  drop_keys=4096, so that the drops table
# holds every namespace's entry.  Rows appended to
# /tmp/out/netns_scale.tsv:
#   kernel phase what seq ns entries
# what: "read" (ns: one read; entries: the view's) or "listened" or
# "window" (ns: one call); bench/netns_report.py makes the report.
#   TPSTAT_NETNS_N      namespaces (1000)
#   TPSTAT_NETNS_REPS   reads per phase (5)
#   TPSTAT_NETNS_KO     the tpstat.ko to load (build/<release>/tpstat.ko)
set -uo pipefail
top=$(pwd)
kver=$(uname -r)
out=/tmp/out
NS=${TPSTAT_NETNS_N:-1000}
REPS=${TPSTAT_NETNS_REPS:-5}
KO=${TPSTAT_NETNS_KO:-$top/build/$kver/tpstat.ko}
TSV=$out/netns_scale.tsv
TRACING=/sys/kernel/tracing
TMP=$(mktemp -d)

log() { echo "netns_scale: $*" >&2; }
touch "$TSV"
# The tool from the guest's tmpfs: a file read over the 9p root makes
# the guest clock jump while the host answers (bench/guest.sh).
cp "$top/build/ctl${TPSTAT_BUILD_SUFFIX:-}/tpstat" /tmp/tpstat-netns || exit 1
TP=/tmp/tpstat-netns

if lsmod | grep -q '^tpstat '; then
	log "tpstat is loaded already"
	exit 1
fi
insmod "$KO" drop_keys=4096 netns_monitor=1 || exit 1

# A listener in a namespace of its own, made after every other: its
# monitor arms the alerts, and each window asks who listens.
listener_start() {
	unshare --net "$TP" -j monitor >/dev/null 2>"$TMP/monitor.err" &
	listener=$!
}
listener_stop() {
	kill -INT "$listener" 2>/dev/null
	wait "$listener" 2>/dev/null
}

# shellcheck source=bench/graph.sh
. "$top/bench/graph.sh"

# phase <name>: the reads, then the windows of a few seconds of monitor.
# A read's time is the kernel's part of it: its dump's start (the copy
# and sort), each part of the dump (where each entry's device is named
# by its namespace's cookie) and its end, by the function graph tracer.
# The whole command's wall time would be the 9p root's: under -icount,
# each file the guest reads from the host makes its clock jump.
phase() {
	local i entries
	"$TP" -j drops --by dev >/dev/null
	for ((i = 1; i <= REPS; i++)); do
		graph_on 'tpstat_nl_view_start tpstat_nl_view_dump tpstat_nl_view_done' || return 1
		: >"$TRACING/trace"
		"$TP" -j drops --by dev >"$TMP/read.json"
		graph_off "$TMP/trace"
		entries=$(jq '.drops | length' "$TMP/read.json")
		calls "$TMP/trace" 'tpstat_nl_view_(start|dump|done)' |
			awk -v k="$kver" -v p="$1" -v i="$i" -v e="$entries" 'BEGIN { OFS = "\t" }
				{ ns += $2 } END { print k, p, "read", i, ns + 0, e }' >>"$TSV"
	done
	listener_start
	graph_on 'tpstat_alerts_listened tpstat_alert_window_run' || return 1
	: >"$TRACING/trace"
	sleep 5
	graph_off "$TMP/trace"
	listener_stop
	calls "$TMP/trace" 'tpstat_(alerts_listened|alert_window_run)' |
		awk -v k="$kver" -v p="$1" 'BEGIN { OFS = "\t" }
			{ w = $1 ~ /listened/ ? "listened" : "window"
			  print k, p, w, ++n[w], $2, "-" }' >>"$TSV"
	log "$1: $(grep -c "	$1	read" "$TSV") reads, $(grep -c "	$1	listened" "$TSV") windows"
}

phase none

# A process holds NS network namespaces by their files; "drop" sends a
# datagram to a closed port on each one's lo.
cat >"$TMP/hold.py" <<'EOT'
import ctypes, os, resource, socket, struct, fcntl, sys
n = int(sys.argv[1])
libc = ctypes.CDLL(None, use_errno=True)
resource.setrlimit(resource.RLIMIT_NOFILE, (n + 64, n + 64))
home = os.open("/proc/self/ns/net", os.O_RDONLY)
held = []
for i in range(n):
    if libc.unshare(0x40000000):
        sys.exit("unshare: errno %d" % ctypes.get_errno())
    held.append(os.open("/proc/self/ns/net", os.O_RDONLY))
libc.setns(home, 0x40000000)
print("held", flush=True)
for line in sys.stdin:
    if line.strip() != "drop":
        break
    for fd in held:
        libc.setns(fd, 0x40000000)
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        ifr = struct.pack("16sH14s", b"lo", 0x1 | 0x40, b"")
        fcntl.ioctl(s, 0x8914, ifr)  # SIOCSIFFLAGS: lo up
        s.sendto(b"x", ("127.0.0.1", 5003))
        s.close()
    libc.setns(home, 0x40000000)
    print("dropped", flush=True)
EOT
coproc HOLD { python3 "$TMP/hold.py" "$NS"; }
read -r line <&"${HOLD[0]}"
log "$NS namespaces: $line"
phase idle
echo drop >&"${HOLD[1]}"
read -r line <&"${HOLD[0]}"
log "$line"
phase drops
echo go >&"${HOLD[1]}"
wait
rmmod tpstat
rm -rf "$TMP"
