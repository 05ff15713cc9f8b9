# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Helpers for the guest-side tests: TAP output, counters, ftrace, namespaces.

T=0 PASSED=0 FAILED=0
# jq 1.6 compiles its library of builtins at every start: 0.5 s under
# TCG, 1.3 to 2 s on the debug kernels, and the suites run it hundreds
# of times.  gojq (Debian's, the same language) starts ten times faster.
# Where a suite hands jq to another program (xargs, bash -c), jq runs.
if command -v gojq >/dev/null; then
	jq() { gojq "$@"; }
fi
DBG=/sys/kernel/debug/tpstat
TRACING=/sys/kernel/tracing
# ECONNREFUSED as the guest's kernel numbers it: MIPS numbers its errno
# values its own way (146 there, 111 on the other architectures).
case $(uname -m) in
mips*) ECONNREFUSED=146 ;;
*) ECONNREFUSED=111 ;;
esac
export ECONNREFUSED

# TPSTAT_TIMES=1: a "# +S.SSSs" line before each test, the time since the
# one before (to find what a slow kernel spends its time on).
# In microseconds, with no program started (an awk per test took a
# tenth of a second each under TCG, more than many tests).
LAST_TAP=${EPOCHREALTIME/[.,]/}
tap_time() {
	[ "${TPSTAT_TIMES:-0}" = 1 ] || return 0
	local now=${EPOCHREALTIME/[.,]/} d
	d=$((now - LAST_TAP))
	printf '# +%d.%03ds\n' $((d / 1000000)) $((d % 1000000 / 1000))
	LAST_TAP=$now
}
ok() { tap_time; T=$((T + 1)); PASSED=$((PASSED + 1)); echo "ok $T - $*"; }
not_ok() { tap_time; T=$((T + 1)); FAILED=$((FAILED + 1)); echo "not ok $T - $*"; }
# check <description> <command...>: ok if the command succeeds.
check() {
	local what=$1
	shift
	if "$@"; then ok "$what"; else not_ok "$what"; fi
}
# check_eq <description> <expected> <got>
check_eq() {
	if [ "$2" = "$3" ]; then
		ok "$1 ($3)"
	else
		not_ok "$1"
		echo "# expected $2, got $3"
	fi
}
# The basic tier (make check's kernel matrix: TPSTAT_TIER=basic) leaves
# out the long stress parts; the full tier (the default) runs everything.
full_tier() { [ "${TPSTAT_TIER:-full}" = full ]; }
finish() {
	echo "# $PASSED passed, $FAILED failed"
	[ "$FAILED" = 0 ]
}

# ---- a suite's start and end --------------------------------------------------
# Every guest suite starts and ends the same way, so that each one looks
# for the same faults in the kernel log:
#   set -uo pipefail
#   # shellcheck source=tests/net/lib.sh
#   . "$(dirname "$0")/lib.sh"
#   suite_begin "$@"      # here, KO, TP, NETLOAD..., TMP; the log cleared
#   ...                   # what must be set up before the module
#   suite_load [PARAM=VALUE...]   # insmod "$KO" with them, checked
#   ...                   # the tests; log_check "<what>" for a part's log
#   suite_end             # last line: rmmod, kmemleak, the kernel log, and
#                         # the suite's status ("# N passed, M failed")
# A suite that stops early ends with "suite_end; exit".

# Lines no clean kernel log has: every report any suite looked for (BUG,
# also SLUB's "BUG <cache>"; WARNING; lockdep's "INFO: possible ..."
# and "possible ... deadlock"; RCU's; KASAN, UBSAN, kmemleak; sleeping
# in atomic; oopses and list and refcount corruption; the allocation
# failures and OOM killer params.sh pushes toward).
SPLATS='BUG|WARNING|KASAN|UBSAN|kmemleak|lockdep|INFO: possible|INFO: trying|possible .*deadlock'
SPLATS+='|suspicious RCU|RCU stall|sleeping function|Call Trace|general protection|Oops'
SPLATS+='|Unable to handle|corruption|refcount_t'
SPLATS+='|Out of memory|oom-kill|page allocation failure|vmalloc error'
KMEMLEAK=/sys/kernel/debug/kmemleak
# Made by a suite's end once its scans are done and cleared: the guest's
# /tmp lasts for the boot.
KMEMLEAK_SCANNED=/tmp/tpstat-kmemleak-scanned

# suite_begin <tpstat.ko>: a suite's start.  Sets here (the suites'
# directory, tests/net), KO, the tool (TP) and
# test tools (NETLOAD, NLPROBE, NLFUZZ, NSARM: TPSTAT_BUILD_SUFFIX=-arm64
# or -armhf takes them from build/*-arm64, cross-built) and TMP (readable
# by nobody: the suites' containers use it); mounts debugfs and tracefs
# where they are not; has kmemleak forget what leaked before; clears
# the kernel log; sets lo up.
# part_took <part> [CLOCK]: how long the part just done took (each
# suite's time on each kernel is what make check's plan is made of);
# restarts the clock, PART_START (which suite_begin starts) or the
# variable CLOCK names: a suite's parts timed around others' own.
part_took() {
	local -n clock=${2:-PART_START}
	echo "# $1 took $((SECONDS - ${clock:-0}))s"
	clock=$SECONDS
}

suite_begin() {
	local top
	# shellcheck disable=SC2034 # part_took's clock, by its name
	PART_START=$SECONDS
	KO=${1:?"usage: $0 <tpstat.ko>"}
	here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
	top=$(cd "$here/../.." && pwd)
	# shellcheck disable=SC2034 # each suite uses its own
	TP=$top/build/ctl${TPSTAT_BUILD_SUFFIX:-}/tpstat \
		NETLOAD=$top/build/tools${TPSTAT_BUILD_SUFFIX:-}/netload \
		NLPROBE=$top/build/tools${TPSTAT_BUILD_SUFFIX:-}/nlprobe \
		NLFUZZ=$top/build/tools${TPSTAT_BUILD_SUFFIX:-}/nlfuzz \
		NSARM=$top/build/tools${TPSTAT_BUILD_SUFFIX:-}/nsarm
	TMP=$(mktemp -d)
	chmod 755 "$TMP"
	# tests/vm/boot.sh mounts both; $(<) reads without a fork.
	[[ $(</proc/mounts) == *" /sys/kernel/debug debugfs "* ]] ||
		mount -t debugfs none /sys/kernel/debug
	[[ $(</proc/mounts) == *" $TRACING tracefs "* ]] ||
		mount -t tracefs none "$TRACING"
	# Leaks from before tpstat (5.10 leaks PCI resources at boot) are
	# found and forgotten: "clear" forgets only leaks already reported,
	# and kmemleak reports an object only once a second scan finds it
	# unchanged.  A scan reports in the kernel log: cleared after.  After
	# an earlier suite of this boot, whose end scanned twice and cleared
	# (suite_end), there is nothing to find: a scan takes 15 to 70 s on
	# a debug kernel under TCG.
	if [ -w "$KMEMLEAK" ] && [ ! -e "$KMEMLEAK_SCANNED" ]; then
		echo scan >"$KMEMLEAK"
		echo scan >"$KMEMLEAK"
		echo clear >"$KMEMLEAK"
	fi
	dmesg -C
	ip link set lo up
}

# suite_load [PARAM=VALUE...]: loads the module with these parameters;
# a TAP line says whether it did.
# shellcheck disable=SC2120 # most suites load it with no parameter
suite_load() {
	insmod "$KO" "$@"
	check "insmod${*:+ $*}" test -d "$DBG"
}

# log_splats: the lines of the kernel log, since it was last cleared,
# that report a fault.
log_splats() { dmesg | grep -E "$SPLATS"; }
# log_clear: clears the kernel log (for a test that reads what the
# module logs next); a fault it held is kept for the next log_check.
log_clear() {
	local log
	log=$(dmesg -c)
	[[ $log =~ $SPLATS ]] && printf '%s\n' "$log" >>"$TMP/faults.log"
	return 0
}
# log_check <what>: a TAP line: no fault reported in the kernel log since
# the last log_check (or suite_begin), log_clear's kept ones too; the
# log is then cleared (the console keeps it all).  A fault's first report
# is printed whole.
log_check() {
	local log splats
	log=$(cat "$TMP/faults.log" 2>/dev/null; dmesg -c)
	rm -f "$TMP/faults.log"
	splats=$(grep -E "$SPLATS" <<<"$log")
	if [ -z "$splats" ]; then
		ok "$1"
		return 0
	fi
	not_ok "$1: $(wc -l <<<"$splats") lines report a fault"
	head -20 <<<"$splats" | sed 's/^/# /'
	echo "# the first report:"
	grep -E -B2 -A40 -m1 "$SPLATS" <<<"$log" | sed 's/^/#   /'
	return 1
}

# suite_end: a suite's end (its last command): unloads tpstat if it is
# loaded; kmemleak finds nothing (where the kernel has it: two scans 5 s
# apart, as it reports only objects it saw twice); log_check; prints the
# counts and returns the suite's status.
suite_end() {
	if [ -d /sys/module/tpstat ]; then
		rmmod tpstat
		check "rmmod" test ! -d /sys/module/tpstat
	fi
	if [ -w "$KMEMLEAK" ]; then
		echo scan >"$KMEMLEAK"
		nap 5
		echo scan >"$KMEMLEAK"
		check_eq "kmemleak finds nothing" 0 "$(grep -c unreferenced "$KMEMLEAK")"
		head -40 "$KMEMLEAK" | sed 's/^/# /'
		# Reported: forgotten, and the next suite need not scan first.
		echo clear >"$KMEMLEAK"
		: >"$KMEMLEAK_SCANNED"
	fi
	log_check "kernel log clean"
	rm -rf "$TMP"
	finish
}

nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
# skb_dev_read: the build reads an skb's device (skb_dev.h); where it
# cannot tell a device from UDP's scratch value (s390x, MIPS32), it
# never does, and a drop without a socket has no namespace.
skb_dev_read() {
	grep -q "^#define TPSTAT_HAVE_SKB_DEV_ADDR " "$(dirname "$KO")/generated/tpstat_features.h"
}
# A second unprivileged user, who is not nobody (a tenant of its own).
UID2=4242
user2() { setpriv --reuid=$UID2 --regid=$UID2 --clear-groups "$@"; }
# until_ok <tenths of a second> <command...>: until the command succeeds.
until_ok() {
	local n=$1 i
	shift
	for ((i = 0; i < n; i++)); do "$@" && return 0; nap 0.1; done
	return 1
}

# stall_watch <seconds> <what>: if a step takes longer than that (under
# TCG a guest has stalled for its whole timeout with nothing said), name
# every process and what each blocked task and CPU is doing, so that the
# console says where.  stall_watch_end when the step is over.  The sleep
# holds no output: the guest's output is a pipe, which an orphaned sleep
# holding it would keep open, and the guest waiting, for its whole time.
stall_watch() {
	(
		sleep "$1" >/dev/null 2>&1 </dev/null
		echo "# $2 stalled for $1s; processes and kernel stacks:"
		ps -eo pid,ppid,stat,wchan:24,args 2>/dev/null | sed 's/^/# /'
		echo w >/proc/sysrq-trigger
		echo l >/proc/sysrq-trigger
	) &
	STALL_WATCH=$!
}
stall_watch_end() {
	kill "$STALL_WATCH" 2>/dev/null
	wait "$STALL_WATCH" 2>/dev/null
}

# Namespaces a and b, WireGuard netns.sh style: "na cmd" runs in a.
na() { ip netns exec tpa "$@"; }
nb() { ip netns exec tpb "$@"; }

# snapshot <file>: the counters file, one "name value" per line, kept in
# SNAP too when taken in this shell: delta then runs no program (a fork
# and exec is most of a check's time on a KASAN kernel under TCG).
declare -A SNAP=() SNAPPED=()
snapshot() {
	local k v
	cat "$DBG/counters" > "$1"
	if [ -n "${SNAPPED[$1]:-}" ]; then
		for k in "${!SNAP[@]}"; do
			[[ $k == "$1 "* ]] && unset "SNAP[$k]"
		done
	fi
	SNAPPED[$1]=1
	while read -r k v; do SNAP[$1 $k]=$v; done < "$1"
}
# value <snapshot> <name>: a line's value, 0 if absent.
value() {
	if [ -n "${SNAPPED[$1]:-}" ]; then
		echo "${SNAP[$1 $2]:-0}"
	else
		awk -v k="$2" '$1 == k { v = $2 } END { print v + 0 }' "$1"
	fi
}
# delta <before> <after> <name>
delta() { echo $(($(value "$2" "$3") - $(value "$1" "$3"))); }
# delta_to <var> <before> <after> <name>: the same into <var>, with no
# subshell, for loops over a hundred events (both snapshots taken in
# this shell).
delta_to() { printf -v "$1" %d $((${SNAP[$3 $4]:-0} - ${SNAP[$2 $4]:-0})); }

# The recorder's debugfs file (module/debugfs/debugfs_history.c).
HIST=$DBG/history
# history_newest: the number of the newest interval recorded (-1: none).
history_newest() { awk '$1 == "@" { s = $2 } END { print (s == "" ? -1 : s) }' "$HIST"; }
# history_after <seq>: waits (up to 40 s) until an interval numbered
# after <seq> is recorded, and prints the newest's number.
history_after() {
	local i s
	for ((i = 0; i < 160; i++)); do
		s=$(history_newest)
		[ "$s" -gt "$1" ] && { echo "$s"; return 0; }
		nap 0.25
	done
	echo "$s"
	return 1
}
# history_sums <from seq> <to seq>: "<name> <sum>" over those intervals,
# sorted by name.
history_sums() {
	awk -v a="$1" -v b="$2" '$1 == "@" { on = $2 >= a && $2 <= b; next }
		on { s[$1] += $2 } END { for (k in s) print k, s[k] }' "$HIST" | LC_ALL=C sort
}

# mon_field <name>: a value of debugfs's monitor file (armed, requests...).
mon_field() { awk -v k="$1" '$1 == k { print $2 }' "$DBG/monitor"; }

attached_events() { awk '$2 == "attached" { print $1 }' "$DBG/events"; }

# hist_hits <group:name> <trigger prefix>: Hits of the histogram whose
# trigger starts with the prefix.
hist_section() {
	awk -v t="# trigger info: $2" '
		index($0, "# trigger info:") == 1 { on = index($0, t) == 1 }
		on' "$TRACING/events/${1%%:*}/${1#*:}/hist"
}
hist_hits() { hist_section "$1" "$2" | awk '/^ *Hits:/ { print $2 }'; }
hist_dropped() { hist_section "$1" "$2" | awk '/^ *Dropped:/ { print $2 }'; }

# Append: opening a trigger file with O_TRUNC removes all its triggers.
trigger() { echo "$2" >> "$TRACING/events/${1%%:*}/${1#*:}/trigger"; }
untrigger() { echo "!$2" >> "$TRACING/events/${1%%:*}/${1#*:}/trigger"; }
# births_count_begin <port>: ftrace counting the TCP births and closes of
# <port>'s connections on sock:inet_sock_set_state: the active ends by
# destination port, the passive ends by source port.  Hist triggers
# where the kernel has them; elsewhere (bookworm's MIPS kernels, Debian
# 11's, or TPSTAT_JUDGE=ring) the event, filtered to the port, into the
# ring buffer.
births_count_begin() {
	BIRTHS_PORT=$1 BIRTHS_EV=$TRACING/events/sock/inet_sock_set_state
	if [ "${TPSTAT_JUDGE:-}" != ring ] &&
		grep -qw hist "$TRACING/events/sched/sched_switch/trigger" 2>/dev/null; then
		BIRTHS_RING=
		BIRTHS_ACT="hist:keys=newstate if dport == $1"
		BIRTHS_PAS="hist:keys=oldstate,newstate if sport == $1"
		trigger sock:inet_sock_set_state "$BIRTHS_ACT"
		trigger sock:inet_sock_set_state "$BIRTHS_PAS"
		return
	fi
	BIRTHS_RING=1
	echo 0 >"$TRACING/tracing_on"
	: >"$TRACING/trace"
	echo "dport == $1 || sport == $1" >"$BIRTHS_EV/filter"
	echo 1 >"$BIRTHS_EV/enable"
	echo 1 >"$TRACING/tracing_on"
}
# births_count_end: what they counted, and the triggers or the event
# removed.  Sets act_born (CLOSE -> SYN_SENT), act_closed, pas_born
# (LISTEN -> SYN_RECV) and pas_closed (newstate CLOSE; a listener's own
# LISTEN -> CLOSE aside: it was never born).  Numbers as TCP_* states
# are in include/net/tcp_states.h: 2 SYN_SENT, 3 SYN_RECV, 7 CLOSE,
# 10 LISTEN.  A ring buffer that lost an event makes every count -1.
# shellcheck disable=SC2034 # the callers' variables
births_count_end() {
	if [ -n "$BIRTHS_RING" ]; then
		echo 0 >"$BIRTHS_EV/enable"
		echo 0 >"$BIRTHS_EV/filter"
		local -A num=([SYN_SENT]=2 [SYN_RECV]=3 [CLOSE]=7 [LISTEN]=10)
		local sport dport old new lost
		lost=$(grep -c 'LOST [0-9]* EVENTS' "$TRACING/trace")
		: >"$TMP/births.act"
		: >"$TMP/births.pas"
		while read -r sport dport old new; do
			[ "$dport" = "$BIRTHS_PORT" ] &&
				echo "${num[$new]:-0} 1" >>"$TMP/births.act"
			[ "$sport" = "$BIRTHS_PORT" ] &&
				echo "${num[$old]:-0} ${num[$new]:-0} 1" >>"$TMP/births.pas"
		done < <(sed -nE 's/.*inet_sock_set_state: .* sport=([0-9]+) dport=([0-9]+) .*oldstate=TCP_([A-Z0-9_]+) newstate=TCP_([A-Z0-9_]+).*/\1 \2 \3 \4/p' \
			"$TRACING/trace")
		: >"$TRACING/trace"
		[ "$lost" = 0 ] || { echo "# births: the ring buffer lost events"; act_born=-1 act_closed=-1 pas_born=-1 pas_closed=-1; return; }
	else
		# "{ newstate: 2 } hitcount: 12" -> "2 12"; with oldstate first: "10 3 12".
		hist_section sock:inet_sock_set_state 'hist:keys=newstate:' |
			sed -nE 's/^\{ newstate: +([0-9]+) \} hitcount: +([0-9]+).*/\1 \2/p' >"$TMP/births.act"
		hist_section sock:inet_sock_set_state 'hist:keys=oldstate,newstate:' |
			sed -nE 's/^\{ oldstate: +([0-9]+), newstate: +([0-9]+) \} hitcount: +([0-9]+).*/\1 \2 \3/p' >"$TMP/births.pas"
		untrigger sock:inet_sock_set_state "$BIRTHS_ACT"
		untrigger sock:inet_sock_set_state "$BIRTHS_PAS"
	fi
	act_born=$(awk '$1 == 2 { s += $2 } END { print s + 0 }' "$TMP/births.act")
	act_closed=$(awk '$1 == 7 { s += $2 } END { print s + 0 }' "$TMP/births.act")
	pas_born=$(awk '$2 == 3 { s += $3 } END { print s + 0 }' "$TMP/births.pas")
	pas_closed=$(awk '$2 == 7 && $1 != 10 { s += $3 } END { print s + 0 }' "$TMP/births.pas")
}

# nap SECONDS: sleeps without a fork (read times out on a FIFO no one
# writes): fork and exec cost most of a second on the debug kernel, and
# the suites wait in loops.
NAP_FD=
nap() {
	local fifo
	if [ -z "$NAP_FD" ]; then
		fifo=$(mktemp -u)
		mkfifo "$fifo"
		exec {NAP_FD}<>"$fifo"
		rm -f "$fifo"
	fi
	read -rt "$1" -u "$NAP_FD" _ || true
}

# serve OUT COMMAND...: starts a netload server in the background and
# returns once it listens (its first line, "listening=1", is in OUT).  A
# fixed sleep lost that race on a loaded 32-bit ARM guest: the client was
# refused and the server waited for it forever.  The pid joins SERVERS.
SERVERS=()
serve() {
	local out=$1 line i
	shift
	# Emptied here: the child's own ">" may come after the first read,
	# which would then see the last server's line.
	: >"$out"
	"$@" >>"$out" &
	SERVERS+=($!)
	for ((i = 0; i < 600; i++)); do
		line=
		read -r line <"$out" 2>/dev/null
		[ "$line" = listening=1 ] && return 0
		kill -0 "${SERVERS[-1]}" 2>/dev/null || break
		nap 0.05
	done
	echo "# server never listened: $*"
	return 1
}
# reap: waits for the servers started by serve.  One still waiting after
# 60 s (its client failed) is killed, so a failed client fails its checks
# rather than hanging the suite.
reap() {
	local pid i
	for pid in "${SERVERS[@]}"; do
		for ((i = 0; i < 600; i++)); do
			kill -0 "$pid" 2>/dev/null || break
			nap 0.1
		done
		kill "$pid" 2>/dev/null && echo "# killed a server still waiting for clients: pid $pid"
		wait "$pid" 2>/dev/null
	done
	SERVERS=()
}

# Waits until no TCP socket in any namespace (the initial one and those
# in /run/netns) is in a state that will still send (only TIME-WAIT may
# remain) and the counters stop moving.  One ss per namespace, and
# nothing else forked.
quiesce() {
	local a b i ns busy
	for ((i = 0; i < 120; i++)); do
		busy=$(
			ss -tanH exclude time-wait
			for ns in /run/netns/*; do
				[ -e "$ns" ] || continue
				ss -tanH -N "${ns##*/}" exclude time-wait
			done 2>/dev/null
		)
		[ -z "$busy" ] && break
		nap 0.5
	done
	for ((i = 0; i < 60; i++)); do
		read -rd '' a <"$DBG/counters"
		nap 1
		read -rd '' b <"$DBG/counters"
		[ "$a" = "$b" ] && return 0
	done
	return 1
}

# quiet_ipv6 [command prefix...]: IPv6 on, but quiet: no duplicate
# address detection, no router solicitations (the MLD reports of a link
# coming up end within a second or two; quiesce waits for them).
quiet_ipv6() {
	local c knobs=()
	for c in all default; do
		knobs+=("net.ipv6.conf.$c.disable_ipv6=0" "net.ipv6.conf.$c.accept_dad=0"
			"net.ipv6.conf.$c.router_solicitations=0")
	done
	# One sysctl for all six: each program costs on the debug kernel.
	"$@" sysctl -qw "${knobs[@]}"
}

# Two namespaces joined by a veth pair, quiet: IPv6 quiet, static
# neighbours.
#   tpa: va 10.99.0.1  <--->  tpb: vb 10.99.0.2
make_namespaces() {
	ip netns add tpa
	ip netns add tpb
	for n in tpa tpb; do
		quiet_ipv6 ip netns exec $n
		ip -n $n link set lo up
	done
	ip link add va netns tpa type veth peer name vb netns tpb
	ip -n tpa addr add 10.99.0.1/24 dev va
	ip -n tpb addr add 10.99.0.2/24 dev vb
	# No TSO/GSO on va: vb then receives single segments, so the loss
	# below hits segments, not 64k GSO packets.
	ip netns exec tpa ethtool -K va tso off gso off >/dev/null
	ip -n tpa link set va up
	ip -n tpb link set vb up
	ip -n tpa neigh add 10.99.0.2 lladdr "$(ip -n tpb -j link show vb | jq -r '.[0].address')" dev va nud permanent
	ip -n tpb neigh add 10.99.0.1 lladdr "$(ip -n tpa -j link show va | jq -r '.[0].address')" dev vb nud permanent
}

# The devices view against ip -s link.  link_stats <ns> <dev> <tx|rx>
# <bytes|packets>: one of a device's counters.  link_stats_save <file>
# "<ns> <dev>"...: all four of each now.  link_stats_moved <file>: 0 if
# the devices view (reset since the save) moved exactly as ip -s link did,
# else 1, with a line per difference.
link_stats() {
	ip -n "$1" -s -j link show "$2" | jq ".[0].stats64.$3.$4"
}
link_stats_save() {
	local out=$1 d ns dev dir f
	shift
	for d in "$@"; do
		read -r ns dev <<< "$d"
		for dir in tx rx; do for f in bytes packets; do
			echo "$ns $dev $dir $f $(link_stats "$ns" "$dev" $dir $f)"
		done; done
	done > "$out"
}
link_stats_moved() {
	local bad=0 ns dev dir f before want got
	while read -r ns dev dir f before; do
		want=$(($(link_stats "$ns" "$dev" "$dir" "$f") - before))
		got=$("$TP" -j devices | jq -r ".devices[] | select(.ifname == \"$dev\") | .${dir}_$f")
		[ "$want" = "$got" ] || { bad=1; echo "# $dev $dir $f: ip -s link $want, tpstat $got"; }
	done < "$1"
	return $bad
}

# make_lossy: tpa->tpb data loses 2% at random (netem on va) and, so
# that every run has retransmits, exactly every 50th packet arriving at
# vb (gact's deterministic mode on vb's ingress).
make_lossy() {
	tc -n tpa qdisc add dev va root netem loss 2% &&
		tc -n tpb qdisc add dev vb clsact &&
		tc -n tpb filter add dev vb ingress matchall \
			action gact ok random determ drop 50
}

# veth_bytes <tx|rx>: bytes over both ends, as the devices count them.
veth_bytes() {
	echo $(( $(na ip -s -j link show va | jq ".[0].stats64.$1.bytes") +
		 $(nb ip -s -j link show vb | jq ".[0].stats64.$1.bytes") ))
}

# bulk <bytes>: a transfer from tpa to tpb; prints the bytes received.
bulk() {
	local got
	serve /tmp/bulk.out nb "$NETLOAD" bulk-server 10.99.0.2 5004
	na "$NETLOAD" bulk-client 10.99.0.2 5004 "$1" > /dev/null
	reap
	got=$(sed -n 's/^received=//p' /tmp/bulk.out)
	echo "${got:-0}"
}

# every_event_attached: after attaching '*' (tpstat attach '*', or
# events='*'), TAP lines: events lists every tracepoint the build's
# headers declared (module/probes/genprobes.sh's list, beside the .ko), and
# every event the kernel has is attached; a comment lists the missing
# ones (events.sh, contract.sh).
every_event_attached() {
	local gen not_attached
	gen=$(dirname "$KO")/generated/tpstat_gen_events.h
	if [ -f "$gen" ]; then
		check_eq "events lists every generated tracepoint" \
			"$(grep -c '^TPSTAT_GEN_EVENT(' "$gen")" \
			"$(sed -nE 's/^TPSTAT_GEN_EVENT\(([a-z0-9_]+), ([a-z0-9_]+),.*/\1:\2/p' "$gen" |
				grep -cxFf - <(awk '{ print $1 }' "$DBG/events"))"
	fi
	not_attached=$(awk '$2 == "detached"' "$DBG/events")
	check_eq "every event the kernel has is attached" "" "$not_attached"
	echo "# $(grep -c ' attached$' "$DBG/events") attached," \
		"$(grep -c ' missing$' "$DBG/events") missing:" \
		"$(awk '$2 == "missing" { printf "%s ", $1 }' "$DBG/events")"
}

# default_events_attached: after a load with the default events= (none
# given), TAP lines: events lists every hand-written probe's tracepoint
# (module/counters/events.h), sorted; those are attached where tracefs has them,
# the others detached, missing where the kernel lacks them (run.sh,
# contract.sh).  Sets is_known[<event>] for every event listed.
declare -A is_known=()
default_events_attached() {
	local hand known ev state dir want bad_state=0
	local -A is_hand=()
	hand=$(sed -nE 's/^TPSTAT_EVENT\([A-Z0-9_]+, ([a-z0-9_]+), ([a-z0-9_]+)\)$/\1:\2/p' \
		"$here/../../module/counters/events.h")
	known=$(awk '{ print $1 }' "$DBG/events")
	check_eq "events lists every hand-written tracepoint" \
		"$(echo "$hand" | wc -l)" "$(grep -cxFf <(echo "$hand") <<<"$known")"
	check "events is sorted" bash -c "LC_ALL=C sort -c '$DBG/events'"
	# Forks nothing per event: a fork costs most of a second on the
	# debug kernel, and there are a hundred events.
	is_known=()
	for ev in $hand; do is_hand[$ev]=1; done
	# shellcheck disable=SC2034 # read by run.sh
	for ev in $known; do is_known[$ev]=1; done
	while read -r ev state; do
		dir=$TRACING/events/${ev%%:*}/${ev#*:}
		if [ -n "${is_hand[$ev]:-}" ]; then
			want=missing
			[ -d "$dir" ] && want=attached
		elif [ -d "$dir" ]; then
			want=detached
		else
			# No trace event: missing, or a bare tracepoint
			# (DECLARE_TRACE), which only the kernel's tracepoint
			# list has.
			want=missing
			[ "$state" = detached ] && want=detached
		fi
		[ "$state" = "$want" ] ||
			{ bad_state=1; echo "# $ev: $state, expected $want"; }
	done <"$DBG/events"
	check_eq "hand-written events attached where tracefs has them, others detached, missing where the kernel lacks them" \
		0 $bad_state
}

# nsarm_hold <n> [user]: <user> (nobody, or user2) makes <n> user
# namespaces, each with a network namespace whose root arms its counters
# (SET_FILTER; build/tools/nsarm), and holds them: sets ARM to the result
# line and ARM_ENOSPC to the first refusal's text.  nsarm_release lets
# them go.
# shellcheck disable=SC2034 # ARM and ARM_ENOSPC are the callers'
nsarm_hold() {
	local line
	coproc ARMER { "${2:-nobody}" "$NSARM" "$1" 2>&1; }
	# shellcheck disable=SC2153 # set by coproc
	armer_pid=$ARMER_PID
	ARM='' ARM_ENOSPC=''
	while read -r -t 600 line <&"${ARMER[0]}"; do
		case $line in
		armed=*) ARM=$line ;;
		"first ENOSPC: "*) ARM_ENOSPC=${line#first ENOSPC: } ;;
		"first other: "?*) echo "# nsarm: $line" ;;
		held) break ;;
		*) echo "# nsarm: $line" ;;
		esac
	done
}
nsarm_release() {
	echo go >&"${ARMER[1]}"
	wait "$armer_pid"
}
