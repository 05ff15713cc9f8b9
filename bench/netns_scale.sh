#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What the administrator's reads cost with many network namespaces
# present (issue 47, finding 7), inside a test kernel as root
# (tests/vm/boot.sh): the time of "tpstat -j drops --by dev", which names
# each entry's device by its namespace's cookie, with
#   none:   no namespace but the initial one;
#   idle:   1,000 more, with nothing in them;
#   drops:  the same 1,000, each with a drop of its own on its lo (so
#           the view holds an entry per namespace, each to be named).
# drop_keys=4096, so that the drops table holds every namespace's entry
# (the default 256 holds 192 namespaces': the tenants' three quarters).
# Informative, not a test: it prints the times, it asserts nothing.
#   bench/netns_scale.sh <tpstat.ko> [repetitions (default 5)] [namespaces (default 1000)]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
KO=${1:?"usage: $0 <tpstat.ko> [reps] [namespaces]"}
REPS=${2:-5}
NS=${3:-1000}
TP=$top/build/ctl/tpstat
TMP=$(mktemp -d)

insmod "$KO" drop_keys=4096 || exit 1
# time_reads <label>: REPS reads, each one's wall time in ms.
time_reads() {
	local i t0 t1 out=()
	"$TP" -j drops --by dev > /dev/null
	for ((i = 0; i < REPS; i++)); do
		t0=$(date +%s%N)
		"$TP" -j drops --by dev > "$TMP/read.json"
		t1=$(date +%s%N)
		out+=($(((t1 - t0) / 1000000)))
	done
	echo "$1: entries $(jq '.drops | length' "$TMP/read.json"), ms ${out[*]}"
}
time_reads none

# A process holds NS network namespaces by their files; "drop" sends a
# datagram to a closed port on each one's lo.
cat > "$TMP/hold.py" <<'EOT'
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
echo "# $NS namespaces: $line"
time_reads idle
echo drop >&"${HOLD[1]}"
read -r line <&"${HOLD[0]}"
echo "# $line"
time_reads drops
echo go >&"${HOLD[1]}"
wait
rmmod tpstat
