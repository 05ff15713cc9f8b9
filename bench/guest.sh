#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The benchmark, inside one guest booted by bench/bench.sh with
# tests/vm/boot.sh --bench (one vCPU, -icount shift=0: 1 guest ns per
# instruction).  Runs every workload under every configuration in this one
# boot and writes raw rows to /tmp/out/bench.tsv:
#   kernel config workload rep ns iters bytes events status
# rep 0 is the warm-up run (not timed in the report); events is the sum of
# hits over tpstat's tracepoints during the timed part, read from tpstat's
# counters by benchload in the warm-up run where tpstat is loaded ("-"
# elsewhere, and in the measured runs: see run_load).  Also /tmp/out/memory.tsv and
# /tmp/out/configs.tsv (what each configuration ran, or why it could not),
# and what the peers counted, each in its own file (perf-stat.out,
# bpftrace-count.out, bpftrace-views.out, rawtp-count.out, rawtp-views.out:
# the last round's).  The BPF peer's loader is build/bench[-ARCH]/bpf/rawtp.
#   bench/guest.sh        (run from the top of the tree)
#   TPSTAT_BENCH_REPS            measured rounds (5); round 0 is the warm-up
#   TPSTAT_BENCH_SCALE           divides the workloads' sizes (1): shorter runs
#   TPSTAT_BENCH_FLOWS           flow counts for the scaling runs ("1 16 1024 65536")
#   TPSTAT_BENCH_CONFIGS         configurations to run (all), e.g. "none floor tpstat_views"
#   TPSTAT_BENCH_WORKLOADS       workloads to run (all), e.g. "tcp_conn"
#   TPSTAT_BENCH_DUMP_ONLY=1     only the flow table dumps (memory.tsv's
#                                flow_dump rows): what reading a view costs
#   TPSTAT_BENCH_GENL_ONLY=1     only bench/genl_stall.sh (other netlink users
#                                during a 65,536-entry dump), which a full run does
#                                after the rest
#   TPSTAT_BENCH_NETNS_ONLY=1    only bench/netns_scale.sh (reads and monitor
#                                windows among 1,000 namespaces), which a full run
#                                does after genl_stall.sh
#   TPSTAT_BENCH_RECORDER_ONLY=1 only bench/recorder.sh (the flight recorder's
#                                snapshots), which a full run does last
#   TPSTAT_BENCH_VIEWS           views= for "every view" (all): what one view costs
#   TPSTAT_BENCH_DUMPS=1         the flow table dumps in a partial run too
#                                (make bench's boots with the targets' configurations)
# With either of TPSTAT_BENCH_CONFIGS and TPSTAT_BENCH_WORKLOADS set, the
# run is partial, for profiling (no scaling, and no flow dump unless
# TPSTAT_BENCH_DUMPS): build as bench.sh does, then tests/vm/boot.sh --bench
# --mem 4096 --kernel ... --modules-release ... --out DIR -- bench/guest.sh,
# and read DIR/bench.tsv.
set -uo pipefail

top=$(pwd)
[ -n "${TPSTAT_BENCH_GENL_ONLY:-}" ] && exec "$top/bench/genl_stall.sh"
[ -n "${TPSTAT_BENCH_NETNS_ONLY:-}" ] && exec "$top/bench/netns_scale.sh"
[ -n "${TPSTAT_BENCH_RECORDER_ONLY:-}" ] && exec "$top/bench/recorder.sh"
kver=$(uname -r)
out=/tmp/out
LOAD=$top/build/bench${TPSTAT_BUILD_SUFFIX:-}/benchload
TPSTAT_KO=$top/build/$kver/tpstat.ko
FLOOR_KO=$top/build/bench/$kver/floor/tpstat_floor.ko
TRACING=/sys/kernel/tracing
DBG=/sys/kernel/debug/tpstat
REPS=${TPSTAT_BENCH_REPS:-5}
FLOWS=${TPSTAT_BENCH_FLOWS:-1 16 1024 65536}
# benchload reports the events of its timed part where tpstat is loaded.
# A debugfs mount of its own: ip netns exec remounts /sys, and with it
# /sys/kernel/debug, for the client in tpa.
mkdir -p /tmp/bench-debugfs
mount -t debugfs debugfs /tmp/bench-debugfs
export TPSTAT_BENCH_COUNTERS=/tmp/bench-debugfs/tpstat/counters
# shellcheck source=../tests/net/lib.sh
. "$top/tests/net/lib.sh"

# Workloads: name and arguments, @N a size divided by TPSTAT_BENCH_SCALE.
# At scale 1 each run takes some 45-170 M guest ns with nothing attached
# (6.1).  Loopback bulk moves 128 MB: at 32 MB its 1/4 run was 6.5 M ns
# and 3,562 events, and its runs with nothing attached differed by up to
# 21,000 ns in one boot (steps of some 3,000 to 10,000 ns: a timer tick
# more or less), 6 ns an event, more than the cost it measures.
WORKLOADS=(
	"udp_rr|udp-rr 127.0.0.1 7000 @5000"
	"tcp_rr|tcp-rr 127.0.0.1 7000 @5000"
	"tcp_bulk|tcp-bulk 127.0.0.1 7000 @134217728"
	"veth_bulk|tcp-bulk 10.99.0.2 7000 @8388608 tpb"
	"tcp_conn|tcp-conn 127.0.0.1 7000 @1000"
)
SCALE=${TPSTAT_BENCH_SCALE:-1}
# wl_args <workload line>: its benchload arguments, sizes scaled.
wl_args() {
	local a args=()
	for a in ${1#*|}; do
		[[ $a == @* ]] && a=$(( ${a#@} / SCALE ))
		args+=("$a")
	done
	echo "${args[*]}"
}
FLOW_ITERS=4096
if [ -n "${TPSTAT_BENCH_WORKLOADS:-}" ]; then
	mapfile -t WORKLOADS < <(printf '%s\n' "${WORKLOADS[@]}" |
		grep -E "^($(tr ' ' '|' <<< "$TPSTAT_BENCH_WORKLOADS"))\|")
fi

log() { echo "bench: $*" >&2; }
row() { local IFS=$'\t'; echo "$kver$IFS$*" >> "$out/bench.tsv"; }

# The tracepoints of module/counters/events.h this kernel has: group:name lines.
sed -nE 's/^TPSTAT_EVENT\([A-Z0-9_]+, ([a-z0-9_]+), ([a-z0-9_]+)\)$/\1:\2/p' \
	"$top/module/counters/events.h" | while read -r ev; do
	[ -d "$TRACING/events/${ev%%:*}/${ev#*:}" ] && echo "$ev"
done > /tmp/events.list
mapfile -t EVENTS < /tmp/events.list
log "${#EVENTS[@]} tracepoints: ${EVENTS[*]}"

# ---- configurations: cfg_<name> on|off; "on" prints nothing on success,
# ---- or returns 3 after writing the reason to /tmp/na.
has_views=0
modinfo -p "$TPSTAT_KO" 2>/dev/null | grep -q '^views:' && has_views=1

cfg_none() { :; }
cfg_floor() {
	if [ "$1" = on ]; then insmod "$FLOOR_KO"; else rmmod tpstat_floor; fi
}
cfg_tpstat_count() {
	if [ "$1" = on ]; then
		if ((has_views)); then insmod "$TPSTAT_KO" views=none; else insmod "$TPSTAT_KO"; fi
	else
		rmmod tpstat
	fi
}
cfg_tpstat_views() {
	if [ "$1" = on ]; then
		if ! ((has_views)); then
			echo "not available in this build (tpstat.ko has no views= parameter)" > /tmp/na
			return 3
		fi
		insmod "$TPSTAT_KO" ${TPSTAT_BENCH_VIEWS:+views=$TPSTAT_BENCH_VIEWS}
	else
		rmmod tpstat
	fi
}
# The monitor (tpstat monitor, issue 15): every view, and alerts either
# armed once and left (no listener: the probes' static key is off again)
# or flowing to a listener that reads them all.
TOOL=$top/build/ctl${TPSTAT_BUILD_SUFFIX:-}/tpstat
mon_pid=''
monitor_field() { awk -v k="$1" '$1 == k { print $2 }' "$DBG/monitor"; }
# monitor_wait <yes|no>: until debugfs says the monitor is armed or not.
monitor_wait() {
	local i
	for i in $(seq 1 600); do
		[ "$(monitor_field armed)" = "$1" ] && return 0
		sleep 0.1
	done
	echo "the monitor never became armed=$1" > /tmp/na
	return 3
}
monitor_start() {
	"$TOOL" -j monitor > /tmp/monitor.out 2>&1 &
	mon_pid=$!
	monitor_wait yes
}
monitor_stop() {
	kill -INT "$mon_pid"
	wait "$mon_pid"
}
cfg_monitor_idle() {
	if [ "$1" = on ]; then
		insmod "$TPSTAT_KO" && monitor_start || return 3
		monitor_stop
		monitor_wait no
	else
		rmmod tpstat
	fi
}
cfg_monitor_listen() {
	if [ "$1" = on ]; then
		insmod "$TPSTAT_KO" && monitor_start
	else
		monitor_stop
		cp "$DBG/monitor" "$out/monitor-listen.txt"
		rmmod tpstat
	fi
}
# Namespaces counting their own events (issue 15): every view, and tpa
# and tpb, veth_bulk's two ends, each counting all of its own; the
# loopback workloads run in the initial namespace, whose events the
# namespace pass looks at and leaves.
cfg_netns_count() {
	if [ "$1" = on ]; then
		insmod "$TPSTAT_KO" || return 3
		if ! ip netns exec tpa "$TOOL" filter clear 2> /tmp/na ||
		   ! ip netns exec tpb "$TOOL" filter clear 2> /tmp/na; then
			rmmod tpstat
			return 3
		fi
	else
		rmmod tpstat
	fi
}
# Namespaces counting their own that are not the workload's: every view,
# and IDLE_NS idle namespaces (netns_max's default number) each counting
# all of its own, while every workload runs in namespaces that count
# nothing (the initial one, and tpa and tpb).  What the probes then cost
# each event is what any namespace's events pay while some other
# namespace counts: issue 25 and 27.
# The namespaces are made once, before round 0 (idle_ns_make), and stay
# through every configuration and baseline run until the last round:
# made before each netns_idle run and deleted after it, their setup and
# their teardown (the kernel's cleanup_net() runs later, from a
# workqueue) fell into that run and the baselines beside it.  Only their
# counting is switched: on, tpstat is loaded and each namespace's root
# sets its filter (filter clear: count all of its own); off, unloading
# tpstat stops them all (a namespace's counters go with the module:
# module/probes/netns_counts.h).
IDLE_NS=64
idle_ns_make() {
	local i
	for i in $(seq 1 "$IDLE_NS"); do
		ip netns add "tpidle$i" 2> /tmp/na || return 3
	done
}
idle_ns_del() {
	local i
	for i in $(seq 1 "$IDLE_NS"); do
		ip netns del "tpidle$i" 2>/dev/null
	done
	return 0
}
cfg_netns_idle() {
	local i
	if [ "$1" = on ]; then
		insmod "$TPSTAT_KO" || return 3
		for i in $(seq 1 "$IDLE_NS"); do
			ip netns exec "tpidle$i" "$TOOL" filter clear 2> /tmp/na || return 3
		done
	else
		rmmod tpstat
	fi
}
# Every network tracepoint, counting only (events='*').
cfg_tpstat_all() {
	if [ "$1" = on ]; then
		insmod "$TPSTAT_KO" events='*' views=none
	else
		rmmod tpstat
	fi
}
# One tracepoint without a hand-written probe, that fires once per packet
# on loopback: the floor's empty probe on it, and tpstat's generated one.
GEN_TP=net:netif_rx_exit
cfg_floor_gen() {
	if [ "$1" = on ]; then
		insmod "$FLOOR_KO" only="${GEN_TP#*:}"
	else
		rmmod tpstat_floor
	fi
}
cfg_tpstat_gen() {
	if [ "$1" = on ]; then
		insmod "$TPSTAT_KO" events="$GEN_TP" views=none
	else
		rmmod tpstat
	fi
}
perf_pid=''
cfg_perf_stat() {
	local evs i
	if [ "$1" = on ]; then
		evs=$(IFS=,; echo "${EVENTS[*]}")
		perf stat -a -x, -o /tmp/perf.out -e "$evs" -- sleep 100000 &
		perf_pid=$!
		# perf execs the command once its counters are enabled.
		for i in $(seq 1 600); do
			pgrep -x sleep -P "$perf_pid" >/dev/null && return 0
			kill -0 "$perf_pid" 2>/dev/null || break
			sleep 0.1
		done
		echo "perf stat did not start: $(head -c 300 /tmp/perf.out 2>/dev/null)" > /tmp/na
		return 3
	else
		pkill -x sleep -P "$perf_pid"
		wait "$perf_pid"
		cp /tmp/perf.out "$out/perf-stat.out"
	fi
}
cfg_ftrace_events() {
	local ev
	for ev in "${EVENTS[@]}"; do
		echo "$([ "$1" = on ] && echo 1 || echo 0)" > "$TRACING/events/${ev%%:*}/${ev#*:}/enable"
	done
	if [ "$1" = on ]; then echo 1 > "$TRACING/tracing_on"; else : > "$TRACING/trace"; fi
}
# hist triggers: a count per tracepoint, and the views' keys where a
# tracepoint has them (the same list as bench/views.bt).  A flow is the
# socket and its ports: hist keys cannot be array fields like saddr
# (tcp_send_reset has no ports from 6.10: the socket alone there).
hist_triggers() {
	local ev
	for ev in "${EVENTS[@]}"; do echo "$ev hist:keys=common_cpu"; done
	cat <<'EOT'
skb:kfree_skb hist:keys=location.sym,reason
tcp:tcp_retransmit_skb hist:keys=skaddr,sport,dport
tcp:tcp_send_reset hist:keys=skaddr
tcp:tcp_receive_reset hist:keys=skaddr,sport,dport
sock:inet_sock_set_state hist:keys=oldstate,newstate
net:net_dev_xmit hist:keys=name:vals=hitcount,len
net:netif_receive_skb hist:keys=name:vals=hitcount,len
net:net_dev_xmit hist:keys=len.log2
EOT
}
cfg_ftrace_hist() {
	local ev t
	while read -r ev t; do
		grep -qx "$ev" /tmp/events.list || continue
		if [ "$1" = on ]; then
			trigger "$ev" "$t" || { echo "hist trigger '$t' on $ev refused" > /tmp/na; return 3; }
		else
			untrigger "$ev" "$t" 2>/dev/null
		fi
	done < <(hist_triggers)
	return 0
}
# A peer running beside the workloads (bpftrace, the BPF peer's loader):
# peer_start <name> <output> <command...> runs it in the background and
# waits for the READY line it prints once every probe is attached;
# peer_stop <output> <saved name> interrupts it (the peers print their
# totals on SIGINT) and keeps its output.
peer_pid=''
peer_start() {
	local name=$1 output=$2 i
	shift 2
	"$@" > "$output" 2>&1 &
	peer_pid=$!
	for i in $(seq 1 3000); do
		grep -q '^READY' "$output" && return 0
		kill -0 "$peer_pid" 2>/dev/null || break
		sleep 0.1
	done
	echo "$name did not start: $(grep -v '^[Aa]ttach' "$output" | head -c 300)" > /tmp/na
	kill -INT "$peer_pid" 2>/dev/null
	wait "$peer_pid"
	return 3
}
peer_stop() {
	kill -INT "$peer_pid"
	wait "$peer_pid"
	cp "$1" "$out/$2.out"
}
# bpftrace_start <script>: its BEGIN probe prints READY once every probe
# is attached.
bpftrace_start() {
	peer_start bpftrace /tmp/bt.out bpftrace -B line "$1"
}
bpftrace_stop() {
	peer_stop /tmp/bt.out "$1"
}
# count_script [bpftrace script]: a count per tracepoint, for those the
# script does not probe itself.
count_script() {
	local list
	list=$(printf 'tracepoint:%s\n' "${EVENTS[@]}" |
		grep -vxF -f <(grep -o '^tracepoint:[a-z0-9_]*:[a-z0-9_]*' "${1:-/dev/null}") |
		sed 's/$/,/; $ s/,$//')
	printf 'BEGIN { printf("READY\\n"); }\n%s\n{ @hits[probe] = count(); }\n' "$list"
}
cfg_bpftrace_count() {
	if [ "$1" = on ]; then
		count_script > /tmp/count.bt
		bpftrace_start /tmp/count.bt
	else
		bpftrace_stop bpftrace-count
	fi
}
cfg_bpftrace_views() {
	if [ "$1" = on ]; then
		{ count_script "$top/bench/views.bt"; cat "$top/bench/views.bt"; } > /tmp/views.bt
		bpftrace_start /tmp/views.bt
	else
		bpftrace_stop bpftrace-views
	fi
}

# The BPF peer (bench/bpf/): raw tracepoint programs built with clang
# and loaded with libbpf, on the same tracepoints.  rawtp_count is a
# count per tracepoint in a per-CPU array; rawtp_views adds the views'
# keys as far as the tracepoints' raw arguments give them
# (bench/bpf/rawtp.bpf.c).
RAWTP=$top/build/bench${TPSTAT_BUILD_SUFFIX:-}/bpf/rawtp
# rawtp_start <count|views>: the loader prints READY once every program
# is attached.  The JIT on first, as anyone after BPF's speed would have
# it: Debian's armmp kernel leaves it off (bpf_jit_enable 0), which made
# each event cost several times more; the x86 and arm64 kernels have it
# on already.  The loader prints how many of its programs were JITed.
rawtp_start() {
	sysctl -qw net.core.bpf_jit_enable=1 2>/dev/null
	peer_start rawtp /tmp/rawtp.out "$RAWTP" "$1" "${EVENTS[@]}"
}
# rawtp_stop <name>: on SIGINT the loader prints its maps' totals.
rawtp_stop() {
	peer_stop /tmp/rawtp.out "$1"
}
cfg_rawtp_count() {
	if [ "$1" = on ]; then rawtp_start count; else rawtp_stop rawtp-count; fi
}
cfg_rawtp_views() {
	if [ "$1" = on ]; then rawtp_start views; else rawtp_stop rawtp-views; fi
}

# The configurations, each run between two runs with nothing attached
# (none), in rounds: round 0 warms up, rounds 1..REPS are measured.  A
# configuration's cost is its run against the mean of the two baseline
# runs beside it, so a baseline that drifts during the boot drifts out
# of the difference (bench/report.py).
CONFIGS=(floor tpstat_count tpstat_views monitor_idle monitor_listen
	 netns_idle netns_count tpstat_all floor_gen tpstat_gen
	 perf_stat ftrace_events ftrace_hist bpftrace_count bpftrace_views
	 rawtp_count rawtp_views)
# shellcheck disable=SC2206 # a list of names
[ -n "${TPSTAT_BENCH_CONFIGS:-}" ] && CONFIGS=(${TPSTAT_BENCH_CONFIGS//none/})
# A partial run is for profiling: the table alone.
partial=
[ -n "${TPSTAT_BENCH_CONFIGS:-}${TPSTAT_BENCH_WORKLOADS:-}" ] && partial=1
dump_only=
if [ -n "${TPSTAT_BENCH_DUMP_ONLY:-}" ]; then
	dump_only=1 partial=
	CONFIGS=()
fi

# ---- running --------------------------------------------------------------

# run_load <config> <workload> <round> <benchload args...>: one run, one row.
# Only the warm-up round (0) reads tpstat's counters for its events:
# reading them allocates and frees in the kernel just before the timed
# part, which made short connections measurably dearer (about 1.3 ns per
# event on 6.1), and the configurations without tpstat read nothing.  A
# run's events repeat from run to run (bench/results.md shows them).
run_load() {
	local cfg=$1 wl=$2 rep=$3 res
	local -a load=("$LOAD")
	shift 3
	((rep > 0)) && load=(env -u TPSTAT_BENCH_COUNTERS "$LOAD")
	[ "$wl" = veth_bulk ] && load=(na "${load[@]}")
	res=$("${load[@]}" "$@")
	put_row "$cfg" "$wl" "$rep" "$res"
}
# put_row <config> <workload> <rep> <benchload output line>
put_row() {
	local ns iters bytes ev
	ns=$(sed -n 's/.*ns=\([0-9]*\).*/\1/p' <<< "$4")
	iters=$(sed -n 's/.*iters=\([0-9]*\).*/\1/p' <<< "$4")
	bytes=$(sed -n 's/.*bytes=\([0-9]*\).*/\1/p' <<< "$4")
	ev=$(sed -n 's/.*events=\(-\{0,1\}[0-9]*\).*/\1/p' <<< "$4")
	[ "$ev" = -1 ] && ev=-
	if [ -z "$ns" ]; then
		row "$1" "$2" "$3" - - - - "workload failed"
		return 1
	fi
	row "$1" "$2" "$3" "$ns" "$iters" "$bytes" "${ev:--}" ok
}
# run_round <config> <round>: every workload once.  In the warm-up round
# with counting only, also each counter's change over the workload (the
# event mix, for profiling).
run_round() {
	local cfg=$1 rnd=$2 w wl mix=
	[ "$cfg" = tpstat_count ] && ((rnd == 0)) && mix=1
	for w in "${WORKLOADS[@]}"; do
		wl=${w%%|*}
		[ -n "$mix" ] && cat "$DBG/counters" > /tmp/mix0
		# shellcheck disable=SC2046 # the arguments, split
		run_load "$cfg" "$wl" "$rnd" $(wl_args "$w")
		[ -n "$mix" ] &&
			awk -v k="$kver" -v w="$wl" \
				'NR == FNR { a[$1] = $2; next }
				 $2 != a[$1] { print k "\t" w "\t" $1 "\t" $2 - a[$1] "\t" 1 }' \
				/tmp/mix0 "$DBG/counters" >> "$out/mix.tsv"
	done
}

: > "$out/bench.tsv"
: > "$out/configs.tsv"
: > "$out/mix.tsv"
make_namespaces
# No TIME_WAIT sockets: each tcp_conn run would leave one per connection
# (the guest clock is far from the 60 s that ends them), and the growing
# pile makes every later connect search longer, so runs drift.
sysctl -qw net.ipv4.tcp_max_tw_buckets=0
# The echo server for the round trips and connections (the bulk runs are
# both ends in one process); output to a file: boot.sh's tee ends only
# when nothing holds the console pipe.
"$LOAD" server 127.0.0.1 7000 > /tmp/srv-lo.out 2>&1 &
srv_lo=$!
for _ in $(seq 1 100); do
	grep -q ready /tmp/srv-lo.out && break
	sleep 0.1
done

declare -A cfg_na=()
# netns_idle's namespaces, for the whole of the rounds (cfg_netns_idle).
idle_ns=
if [[ " ${CONFIGS[*]} " == *" netns_idle "* ]]; then
	rm -f /tmp/na
	if idle_ns_make; then
		idle_ns=1
	else
		printf '%s\t%s\t%s\n' "$kver" netns_idle \
			"n/a: $(cat /tmp/na 2>/dev/null || echo "ip netns add failed")" >> "$out/configs.tsv"
		log "netns_idle: could not make its namespaces"
		idle_ns_del	# those it did make
		cfg_na[netns_idle]=1
	fi
fi
for rnd in $(seq 0 "$REPS"); do
	for cfg in "${CONFIGS[@]}"; do
		[ -n "${cfg_na[$cfg]:-}" ] && continue
		rm -f /tmp/na
		log "round $rnd: none, then $cfg"
		run_round none "$rnd"
		"cfg_$cfg" on
		st=$?
		if [ $st != 0 ]; then
			reason=$(cat /tmp/na 2>/dev/null || echo "setup failed ($st)")
			"cfg_$cfg" off >/dev/null 2>&1	# undo what did get set up
			printf '%s\t%s\t%s\n' "$kver" "$cfg" "n/a: $reason" >> "$out/configs.tsv"
			log "$cfg: $reason"
			cfg_na[$cfg]=1
			continue
		fi
		((rnd == 0)) && printf '%s\t%s\t%s\n' "$kver" "$cfg" ok >> "$out/configs.tsv"
		if [ "$cfg" = tpstat_count ] && ((rnd == 0)); then
			# Memory at default sizes, and guest time to read the counters.
			core=$(cat /sys/module/tpstat/coresize)
			rd=$("$LOAD" read "$DBG/counters")
			printf '%s\tcoresize\t%s\n%s\tcounters_read\t%s\n' "$kver" "$core" \
				"$kver" "$rd" >> "$out/memory.tsv"
			grep -i percpu /proc/meminfo | sed "s/^/$kver\tmeminfo\t/" >> "$out/memory.tsv"
		fi
		run_round "$cfg" "$rnd"
		"cfg_$cfg" off
	done
	# The last configuration's baseline after it.
	run_round none "$rnd"
done
log "configurations done"
# Before the rest, which measure other things (netns_scale.sh starts with
# no namespace but the initial one and the workloads').
[ -n "$idle_ns" ] && idle_ns_del

# ---- memory: what tpstat info reports at default sizes, and with each
# ---- table size parameter (the *_keys and sockets) at 1 instead: the
# ---- difference is that table's cost at its default size (less one
# ---- key's worth, which report.py adds back).  Every table is allocated
# ---- whatever views= says, so views= alone would not show it.  Then the
# ---- retransmits view's flow table at each size up to flow_keys' maximum.
# tpstat_memory <insmod arguments...>: tpstat info's memory, or why not.
tpstat_memory() {
	local m
	insmod "$TPSTAT_KO" "$@" 2> /tmp/na || { echo "refused: $(head -c 200 /tmp/na)"; return; }
	m=$("$TOOL" info | awk '$1 == "memory" { print $2 }')
	rmmod tpstat
	echo "$m"
}
if ((has_views)) && [ -z "$dump_only" ]; then
	log "memory per table"
	printf '%s\tview_memory\tdefault\t-\t%s\n' "$kver" "$(tpstat_memory)" >> "$out/memory.tsv"
	modinfo -p "$TPSTAT_KO" |
		sed -nE 's/^([a-z_]+_keys|sockets):.*\(default ([0-9]+)\).*/\1 \2/p' |
		while read -r p def; do
			printf '%s\tview_memory\t%s\t%s\t%s\n' "$kver" "$p" "$def" \
				"$(tpstat_memory "$p=1")" >> "$out/memory.tsv"
		done
	for n in 1024 4096 16384 65536 262144 1048576; do
		printf '%s\tflow_memory\t%s\t%s\n' "$kver" "$n" \
			"$(tpstat_memory flow_keys="$n")" >> "$out/memory.tsv"
	done
fi

# ---- a full flow table, and the guest time to read it: debugfs (open to
# EOF), the tool (tpstat -j retrans and tpstat retrans, the netlink dump,
# parsing, sorting and printing, process start included) and the
# kernel's part of that alone (benchload dump: the same dump, thrown
# away).  lo drops every packet for a while, so each of more connects
# than the table holds retransmits its SYN: one flow each.
# While the guest waits for the host (a file opened over its 9p root) its
# clock jumps to its next timer, anything up to seconds away: with 4,096
# flows that once made the tool's time 10 times what it spent, and even
# the fastest of several runs had 2 times.  So the timed runs start the
# tool from a copy in the guest's tmpfs, with its libraries, through
# their dynamic loader (tool_tmpfs), and take the fastest of 3 after an
# untimed one.
# flow_dump <flow_keys> [memory]: prints "ns=N bytes=N tool_ns=N
# text_ns=N dump_ns=N rss_kib=N # overflow ..." (the file's header;
# rss_kib: tpstat -j retrans's peak resident memory, benchload time's); with
# "memory", also records tpstat info's memory at default sizes.
flow_dump() {
	local keys=$1 n rd hdr tool text dump rss
	rm -f /tmp/na
	if ! ((has_views)) || ! insmod "$TPSTAT_KO" flow_keys="$keys"; then
		echo "n/a: no views, or flow_keys=$keys refused"
		return
	fi
	# What tpstat holds at default sizes, every view on (tpstat info).
	[ "${2:-}" = memory ] && printf '%s\tviews_memory\t%s\n' "$kver" \
		"$("$TOOL" info | awk '$1 == "memory" { print $2 }')" \
		>> "$out/memory.tsv"
	# A small table overflows by 1,000 flows; a large one is filled.
	n=$((keys + 1000))
	((keys >= 65536)) && n=$keys
	tc qdisc add dev lo root netem loss 100% &&
		"$LOAD" syn-flows 127.0.0.1 7002 "$n" 3 > /dev/null
	tc qdisc del dev lo root 2>/dev/null
	hdr=$(head -1 "$DBG/retrans")
	"${TOOL_TMPFS[@]}" -j retrans > /dev/null
	rd=$("$LOAD" read "$DBG/retrans")
	dump=$(fastest 3 "$LOAD" dump 2)
	tool=$(fastest 3 "$LOAD" time "${TOOL_TMPFS[@]}" -j retrans)
	text=$(fastest 3 "$LOAD" time "${TOOL_TMPFS[@]}" retrans)
	rss=$("$LOAD" time "${TOOL_TMPFS[@]}" -j retrans | sed -n 's/.*rss_kib=\([0-9]*\).*/\1/p')
	rmmod tpstat
	echo "$rd tool_ns=$tool text_ns=$text dump_ns=$dump rss_kib=${rss:-0} $hdr"
}
# The tool, its libraries and their loader copied to /tmp/tool (tmpfs):
# TOOL_TMPFS runs it from there.
tool_tmpfs() {
	local d=/tmp/tool lib
	mkdir -p "$d"
	cp "$TOOL" "$d/tpstat"
	for lib in $(ldd "$TOOL" | awk '$2 == "=>" { print $3 }
				       $2 != "=>" && $1 ~ /^\// { print $1 }'); do
		cp -L "$lib" "$d/"
	done
	TOOL_TMPFS=("$(ls "$d"/ld-linux*)" --library-path "$d" "$d/tpstat")
}
# fastest <runs> <benchload command...>: the smallest ns= of the runs.
fastest() {
	local runs=$1
	shift
	for _ in $(seq 1 "$runs"); do
		"$@" | sed -n 's/^ns=\([0-9]*\).*/\1/p'
	done | sort -n | head -1
}
FLOW_KEYS=$(modinfo -p "$TPSTAT_KO" | sed -n 's/^flow_keys:.*default \([0-9]*\).*/\1/p')
FLOW_KEYS=${FLOW_KEYS:-4096}
if ((has_views)) && { [ -z "$partial" ] || [ -n "${TPSTAT_BENCH_DUMPS:-}" ]; }; then
	tool_tmpfs
	log "flow table dump"
	printf '%s\tflow_dump\t%s\n' "$kver" "$(flow_dump "$FLOW_KEYS" memory)" >> "$out/memory.tsv"
	log "flow table dump, 65536 flows"
	printf '%s\tflow_dump_65536\t%s\n' "$kver" "$(flow_dump 65536)" >> "$out/memory.tsv"
	# A million flows where flow_keys allows it (64-bit kernels).
	max=$(modinfo -p "$TPSTAT_KO" | sed -n 's/^flow_keys:.* 1 to \([0-9]*\).*/\1/p')
	if ((${max:-0} >= 1048576)); then
		log "flow table dump, 1048576 flows"
		printf '%s\tflow_dump_1048576\t%s\n' "$kver" "$(flow_dump 1048576)" >> "$out/memory.tsv"
	fi
fi

# ---- scaling: one set of flows at a time, configurations switched under
# ---- it in rounds, each between two runs with nothing attached.
[ -n "$partial$dump_only" ] && FLOWS=
for n in $FLOWS; do
	log "flows $n"
	coproc FL { "$LOAD" flows 127.0.0.1 7000 "$n" "$FLOW_ITERS"; }
	read -r line <&"${FL[0]}"
	if [ "$line" != "flows=$n" ]; then
		row none "flows_$n" 0 - - - - "could not open $n flows"
		continue
	fi
	# flow_run <config> <round>: one run over the open flows.
	flow_run() {
		echo go >&"${FL[1]}"
		read -r res <&"${FL[0]}"
		put_row "$1" "flows_$n" "$2" "$res"
	}
	for rnd in $(seq 0 "$REPS"); do
		for cfg in floor tpstat_count tpstat_views; do
			rm -f /tmp/na
			flow_run none "$rnd"
			"cfg_$cfg" on || {
				row "$cfg" "flows_$n" "$rnd" - - - - "n/a: $(cat /tmp/na 2>/dev/null)"
				"cfg_$cfg" off >/dev/null 2>&1
				continue
			}
			flow_run "$cfg" "$rnd"
			"cfg_$cfg" off
		done
		flow_run none "$rnd"
	done
	exec {FL[1]}>&-
	wait "$FL_PID"
done

[ -z "$partial$dump_only" ] && { "$top/bench/genl_stall.sh" || log "genl_stall.sh failed"; }
[ -z "$partial$dump_only" ] && { "$top/bench/netns_scale.sh" || log "netns_scale.sh failed"; }
[ -z "$partial$dump_only" ] && { "$top/bench/recorder.sh" || log "recorder.sh failed"; }
kill "$srv_lo" 2>/dev/null
wait "$srv_lo" 2>/dev/null
log "done"
