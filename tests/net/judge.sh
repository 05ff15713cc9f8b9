# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The independent count the suites compare tpstat with: ftrace on the same
# tracepoints, over the same quiesced window.
#
# Where the kernel has CONFIG_HIST_TRIGGERS, a hist trigger per event
# counts its hits.  Where it does not (Debian 11's 5.10), every event is
# enabled into the trace ring buffer instead and its lines are counted;
# a ring buffer that overran or dropped an event makes the count void.
# TPSTAT_JUDGE=ring forces the ring buffer, to test it on a kernel that
# has both.
#
#   judge_begin <dir> <event>...   start counting (an empty dir of its own)
#   ... workload, quiesce ...
#   judge_end                      stop; then read:
#   judge_hits <event>             the event's hits
#   judge_void                     why the counts are void, or nothing
#   judge_xmit_len / judge_xmit_errors
#                                  net:net_dev_xmit: bytes sent with rc 0,
#                                  sends with rc != 0
#   judge_tcp_states               inet_sock_set_state for TCP, a line
#                                  "OLD NEW hits" per pair (names as
#                                  tpstat's counters spell them)
# Needs lib.sh (TRACING, hist_section, trigger, untrigger).

JUDGE_DIR='' JUDGE_EVENTS=''
# Keyed by CPU, not by pid: only Hits is read, and a key per pid can fill
# the hist map (2048 entries) on a run that forks many senders; an entry
# the map could not take is "Dropped" and voids the count (trixie's 7.3
# RT kernel lost one of sock:sock_send_length's 392 that way).
JUDGE_HITS=hist:keys=common_cpu
# Each trigger's map at ftrace's least, 128 entries, not 2048: their keys
# take a few values, and on the debug 7.3 kernel under TCG allocating a
# default map took 2.4 s and freeing it 1.8 s, for each of the 36 events
# adversary.sh judges.  Added where a trigger is set and removed; the
# trigger info's line, which the reads find by its start, ends with it.
JUDGE_MAP=:size=128
JUDGE_XMIT=hist:keys=rc:vals=hitcount,len
JUDGE_STATES='hist:keys=oldstate,newstate:vals=hitcount'
JUDGE_TCP_STATES=(UNKNOWN ESTABLISHED SYN_SENT SYN_RECV FIN_WAIT1 FIN_WAIT2
	TIME_WAIT CLOSE CLOSE_WAIT LAST_ACK LISTEN CLOSING NEW_SYN_RECV
	BOUND_INACTIVE)

judge_mode() {
	if [ "${TPSTAT_JUDGE:-}" != ring ] &&
		grep -qw hist "$TRACING/events/sched/sched_switch/trigger" 2>/dev/null; then
		echo hist
	else
		echo ring
	fi
}

judge_begin() {
	local ev
	JUDGE_DIR=$1
	shift
	JUDGE_EVENTS="$*"
	: >"$JUDGE_DIR/void"
	if [ "$(judge_mode)" = hist ]; then
		for ev in $JUDGE_EVENTS; do
			trigger "$ev" "$JUDGE_HITS$JUDGE_MAP"
		done
		judge_has net:net_dev_xmit && trigger net:net_dev_xmit "$JUDGE_XMIT"
		judge_has sock:inet_sock_set_state &&
			trigger sock:inet_sock_set_state "$JUDGE_STATES if protocol == 6"
		return 0
	fi
	echo 0 >"$TRACING/tracing_on"
	echo 0 >"$TRACING/events/enable"
	# Room for a few hundred thousand events per CPU; an overrun voids.
	echo 16384 >"$TRACING/buffer_size_kb"
	echo nocontext-info >"$TRACING/trace_options"
	: >"$TRACING/trace"
	for ev in $JUDGE_EVENTS; do
		echo 1 >"$TRACING/events/${ev%%:*}/${ev#*:}/enable"
	done
	echo 1 >"$TRACING/tracing_on"
}

# ring_take <dir>: the stopped ring buffer's text into <dir>/trace, and
# into <dir>/void why its counts are void (an overrun, a dropped or lost
# event); then the buffer emptied and tracing back as it was.
ring_take() {
	cat "$TRACING/trace" >"$1/trace"
	cat "$TRACING"/per_cpu/cpu*/stats | awk -F': *' '
		($1 == "overrun" || $1 == "dropped events" || $1 == "commit overrun") && $2 != 0 {
			print "ring buffer " $1 ": " $2
		}' >>"$1/void"
	grep -q 'LOST [0-9]* EVENTS' "$1/trace" &&
		echo "ring buffer lost events" >>"$1/void"
	: >"$TRACING/trace"
	echo context-info >"$TRACING/trace_options"
	echo 1 >"$TRACING/tracing_on"
}

judge_has() { [[ " $JUDGE_EVENTS " == *" $1 "* ]]; }

# judge_read <trigger> <void file> <event>...: "<event> <hits>" for each
# event's hist trigger that starts with <trigger>, in one awk (three
# programs per event took minutes for a hundred events on the debug
# kernel); an entry the map dropped goes to <void file>.
judge_read() {
	local t=$1 void=$2 ev files=()
	shift 2
	for ev in "$@"; do
		files+=("$TRACING/events/${ev%%:*}/${ev#*:}/hist")
	done
	awk -v t="# trigger info: $t" -v void="$void" '
		FNR == 1 { n = split(FILENAME, p, "/"); ev = p[n - 2] ":" p[n - 1]; on = 0 }
		index($0, "# trigger info:") == 1 { on = index($0, t) == 1 }
		on && /^ *Hits:/ { print ev, $2 }
		on && /^ *Dropped:/ && $2 != 0 { print ev ": ftrace dropped entries" >> void }
	' "${files[@]}"
}

# A window left open over a whole suite, read at each quiesced point:
# on the debug kernels, setting and removing a trigger on each of a
# hundred events took minutes, once per window.  Its own key
# (common_flags: a few values) keeps its triggers apart from those of
# judge_begin and ft_begin (common_cpu) on the same events.  Hist mode
# only: judge_window_open fails where the kernel lacks hist triggers.
#   judge_window_open <event>...
#   judge_window_read <file>       "<event> <hits>" lines so far; a
#                                  dropped entry goes to <file>.void
#   judge_window_close
JUDGE_WIN=hist:keys=common_flags JUDGE_WIN_EVENTS=''
judge_window_open() {
	local ev
	[ "$(judge_mode)" = hist ] || return 1
	JUDGE_WIN_EVENTS="$*"
	for ev in $JUDGE_WIN_EVENTS; do
		trigger "$ev" "$JUDGE_WIN$JUDGE_MAP" || return 1
	done
}
judge_window_read() {
	: >"$1.void"
	# shellcheck disable=SC2086 # a list of events
	judge_read "$JUDGE_WIN" "$1.void" $JUDGE_WIN_EVENTS >"$1"
}
judge_window_close() {
	local ev
	for ev in $JUDGE_WIN_EVENTS; do
		untrigger "$ev" "$JUDGE_WIN$JUDGE_MAP"
	done
	JUDGE_WIN_EVENTS=''
}

judge_end() {
	local ev
	if [ "$(judge_mode)" = hist ]; then
		# shellcheck disable=SC2086 # a list of events
		judge_read "$JUDGE_HITS" "$JUDGE_DIR/void" $JUDGE_EVENTS >>"$JUDGE_DIR/hits"
		for ev in $JUDGE_EVENTS; do
			untrigger "$ev" "$JUDGE_HITS$JUDGE_MAP"
		done
		if judge_has net:net_dev_xmit; then
			hist_section net:net_dev_xmit "$JUDGE_XMIT" | awk '
				/^\{ rc:/ {
					for (i = 1; i < NF; i++) {
						if ($i == "len:" && $3 == "0") len += $(i + 1)
						if ($i == "hitcount:" && $3 != "0") err += $(i + 1)
					}
				}
				END { print len + 0, err + 0 }' >"$JUDGE_DIR/xmit"
			untrigger net:net_dev_xmit "$JUDGE_XMIT"
		fi
		if judge_has sock:inet_sock_set_state; then
			hist_section sock:inet_sock_set_state "$JUDGE_STATES" |
				sed -nE 's/^\{ oldstate: +([0-9]+), newstate: +([0-9]+) \} hitcount: +([0-9]+).*/\1 \2 \3/p' |
				while read -r from to n; do
					echo "${JUDGE_TCP_STATES[$from]} ${JUDGE_TCP_STATES[$to]} $n"
				done >"$JUDGE_DIR/states"
			untrigger sock:inet_sock_set_state "$JUDGE_STATES if protocol == 6"
		fi
		return 0
	fi
	echo 0 >"$TRACING/tracing_on"
	for ev in $JUDGE_EVENTS; do
		echo 0 >"$TRACING/events/${ev%%:*}/${ev#*:}/enable"
	done
	ring_take "$JUDGE_DIR"
	# Without context, a line starts with the event's name (no system):
	# the events tpstat counts have names unique across systems.
	local -A seen=()
	local name n
	while read -r name n; do seen[$name]=$n; done < <(
		awk '{ i = index($0, ": ") } i > 1 { c[substr($0, 1, i - 1)]++ }
		     END { for (e in c) print e, c[e] }' "$JUDGE_DIR/trace")
	for ev in $JUDGE_EVENTS; do
		echo "$ev ${seen[${ev#*:}]:-0}"
	done >"$JUDGE_DIR/hits"
	judge_has net:net_dev_xmit &&
		sed -nE 's/^net_dev_xmit: .* len=([0-9]+) rc=(-?[0-9]+)$/\1 \2/p' \
			"$JUDGE_DIR/trace" |
		awk '$2 == 0 { len += $1 } $2 != 0 { err++ } END { print len + 0, err + 0 }' \
			>"$JUDGE_DIR/xmit"
	judge_has sock:inet_sock_set_state &&
		sed -nE 's/^inet_sock_set_state: .*protocol=IPPROTO_TCP .*oldstate=TCP_([A-Z0-9_]+) newstate=TCP_([A-Z0-9_]+)$/\1 \2/p' \
			"$JUDGE_DIR/trace" | sort | uniq -c |
		awk '{ print $2, $3, $1 }' >"$JUDGE_DIR/states"
	return 0
}

judge_hits() {
	local ev n
	while read -r ev n; do
		[ "$ev" = "$1" ] && { echo "$n"; return; }
	done <"$JUDGE_DIR/hits"
}
# judge_hits_all: every event's hits into the array JUDGE_HIT, for loops
# that must not fork per event.
declare -A JUDGE_HIT=()
judge_hits_all() {
	local ev n
	JUDGE_HIT=()
	# shellcheck disable=SC2034 # read by the suites
	while read -r ev n; do JUDGE_HIT[$ev]=$n; done <"$JUDGE_DIR/hits"
}
judge_void() { cat "$JUDGE_DIR/void"; }
judge_xmit_len() { awk '{ print $1 }' "$JUDGE_DIR/xmit"; }
judge_xmit_errors() { awk '{ print $2 }' "$JUDGE_DIR/xmit"; }
judge_tcp_states() { cat "$JUDGE_DIR/states"; }

# Filtered counts, one filter per event at a time, in ftrace's own filter
# language either way: a hist trigger "if FILTER", or without hist
# triggers the event's filter file and the ring buffer.
#   ft_begin <dir> "<event> [FILTER]"...   start counting
#   ... workload, quiesce ...
#   ft_end                                 stop
#   ft_hits <event>                        the event's hits since ft_begin,
#                                          or "void: why" if they were lost
FT_DIR='' FT_SPECS=()
ft_begin() {
	local spec ev
	FT_DIR=$1
	shift
	FT_SPECS=("$@")
	: >"$FT_DIR/void"
	: >"$FT_DIR/hits"
	if [ "$(judge_mode)" = ring ]; then
		echo 0 >"$TRACING/tracing_on"
		echo 16384 >"$TRACING/buffer_size_kb"
		echo nocontext-info >"$TRACING/trace_options"
		: >"$TRACING/trace"
	fi
	for spec in "${FT_SPECS[@]}"; do
		ev=${spec%% *}
		if [ "$(judge_mode)" = hist ]; then
			trigger "$ev" "$JUDGE_HITS$JUDGE_MAP${spec#"$ev"}"
		else
			[ "$spec" = "$ev" ] ||
				echo "${spec#"$ev" if }" >"$TRACING/events/${ev%%:*}/${ev#*:}/filter"
			echo 1 >"$TRACING/events/${ev%%:*}/${ev#*:}/enable"
		fi
	done
	[ "$(judge_mode)" = hist ] || echo 1 >"$TRACING/tracing_on"
}

ft_end() {
	local spec ev dir
	if [ "$(judge_mode)" = hist ]; then
		for spec in "${FT_SPECS[@]}"; do
			ev=${spec%% *}
			echo "$ev $(hist_hits "$ev" "$JUDGE_HITS")" >>"$FT_DIR/hits"
			[ "$(hist_dropped "$ev" "$JUDGE_HITS")" = 0 ] ||
				echo "$ev: ftrace dropped entries" >>"$FT_DIR/void"
			untrigger "$ev" "$JUDGE_HITS$JUDGE_MAP${spec#"$ev"}"
		done
		return 0
	fi
	echo 0 >"$TRACING/tracing_on"
	for spec in "${FT_SPECS[@]}"; do
		ev=${spec%% *}
		dir=$TRACING/events/${ev%%:*}/${ev#*:}
		echo 0 >"$dir/enable"
		echo 0 >"$dir/filter"
	done
	ring_take "$FT_DIR"
	for spec in "${FT_SPECS[@]}"; do
		ev=${spec%% *}
		echo "$ev $(grep -c "^${ev#*:}: " "$FT_DIR/trace")" >>"$FT_DIR/hits"
	done
}

ft_hits() {
	local ev n
	if [ -s "$FT_DIR/void" ]; then
		echo "void: $(head -1 "$FT_DIR/void")"
		return
	fi
	while read -r ev n; do
		[ "$ev" = "$1" ] && { echo "${n:-0}"; return; }
	done <"$FT_DIR/hits"
}

# judge_attached <dir> <workload command...>: every attached trace event
# against ftrace over one quiesced window of the workload, a TAP line
# each (events.sh, contract.sh).  The workload runs in this shell, its
# output into <dir>/workload (and printed as comments); the counters at
# the window's inner edges are the snapshots <dir>/a and <dir>/b.  A bare
# tracepoint (DECLARE_TRACE) has no trace event, so nothing can judge
# it: listed, not judged.  Sets JUDGED (the events judged) and FIRED
# (how many of them moved).
JUDGED=() FIRED=0
judge_attached() {
	local dir=$1 ev n=0 outer=0 f bare=() t0=$SECONDS t1 t2
	# A hist trigger per event, keyed on the event's own type: one entry
	# each, in the smallest map ftrace allows (the default's 2048
	# entries, allocated for every one of a hundred events, took minutes
	# on KASAN).  Local: judge_begin and judge_end, called from here, see
	# them.
	local JUDGE_HITS=hist:keys=common_type:vals=hitcount:sort=hitcount:size=128 JUDGE_MAP=
	shift
	JUDGED=() FIRED=0
	for ev in $(attached_events); do
		if [ -d "$TRACING/events/${ev%%:*}/${ev#*:}" ]; then
			JUDGED+=("$ev")
		else
			bare+=("$ev")
		fi
	done
	[ ${#bare[@]} -eq 0 ] || echo "# bare tracepoints, not judged: ${bare[*]}"
	# tpstat's counters are read on both sides of each edge of ftrace's
	# window: starting or stopping a hundred triggers takes seconds, and a
	# kernel timer (ARP, IGMP, route expiry) may fire a tracepoint
	# meanwhile.  ftrace's window holds the inner one (a..b) and lies
	# inside the outer one (a0..b1).
	quiesce
	snapshot "$dir/a0"
	mkdir -p "$dir/judge"
	judge_begin "$dir/judge" "${JUDGED[@]}"
	snapshot "$dir/a"
	t1=$SECONDS
	"$@" >"$dir/workload"
	quiesce || echo "# counters never settled"
	t2=$SECONDS
	snapshot "$dir/b"
	judge_end
	snapshot "$dir/b1"

	sed 's/^/# workload: /' "$dir/workload"
	echo "# judge: ftrace $(judge_mode); quiesced and opened in $((t1 - t0))s," \
		"workload and quiesce $((t2 - t1))s, closed and read in $((SECONDS - t2))s"
	check_eq "ftrace's count is whole (nothing dropped or overrun)" "" "$(judge_void)"
	judge_hits_all
	for ev in "${JUDGED[@]}"; do
		delta_to n "$dir/a" "$dir/b" "$ev"
		delta_to outer "$dir/a0" "$dir/b1" "$ev"
		f=${JUDGE_HIT[$ev]:-}
		if [ "$outer" = "$n" ]; then
			check_eq "$ev equals ftrace's hit count" "$f" "$n"
		else
			# It fired while the judge started or stopped: ftrace's
			# count lies between the two windows', or one of them
			# miscounted.
			echo "# $ev fired at the window's edges: tpstat $n inside, $outer outside, ftrace $f"
			check "$ev agrees with ftrace's hit count ($n <= $f <= $outer)" \
				test "$n" -le "${f:--1}" -a "${f:--1}" -le "$outer"
		fi
		[ "$n" -gt 0 ] && FIRED=$((FIRED + 1))
	done
	echo "# $FIRED of ${#JUDGED[@]} judged events fired"
}
