# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What a hostile or careless user does, and the judge of what it did to
# the counters, shared by the suites that send it: adversary.sh (all of
# it, with its floods, namespaces and every kind of reader at rmmod) and
# contract.sh (the fuzzing, the bad requests and a dump held at rmmod, on
# every kernel).  Needs lib.sh (after suite_begin) and judge.sh.
#
#   hostile_begin               after suite_load: the default events
#                               remembered, the judge's window opened
#   part_begin / exact          a part's exactness against ftrace (below)
#   part_fuzz [open]            nlfuzz's TPSTAT_FUZZ_N (10,000) requests as
#                               root, nobody and a user namespace's root,
#                               judged; "open" leaves the part open for
#                               part_bad joined
#   part_bad [joined]           the targeted bad requests and concurrent
#                               errors, judged; "joined": in the part
#                               part_fuzz open left open (one judged
#                               part for both, one workload and quiesce
#                               fewer)
#   part_tenants [joined]       a second unprivileged user takes every
#                               namespace and dump slot it may, while
#                               nobody and the administrator go on;
#                               "joined": in an open part (part_fuzz open)
#   hold_dump <what> [last]     rmmod while a dump (nlfuzz hold-dump's
#                               counters, events or "view NAME") is held
#                               half-read; then the module loaded again
#                               (with "last", left unloaded)
#   hostile_end                 the judge's window closed

N=${TPSTAT_FUZZ_N:-10000}
SEED=${TPSTAT_FUZZ_SEED:-$((RANDOM * 32768 + RANDOM))}

# Root of a new user namespace (made by nobody) with a network namespace.
userns() { nobody unshare --user --map-root-user --net "$@"; }

# log_clean <part>: no fault in the kernel log since the last call.
log_clean() { log_check "$1: kernel log clean"; }

# workload <dir>: connections, refused connects, datagrams.
workload() {
	serve "$1/srv" "$NETLOAD" tcp-server 127.0.0.1 5101 3
	"$NETLOAD" tcp-connect 127.0.0.1 5101 3 >/dev/null
	reap
	"$NETLOAD" tcp-refused 127.0.0.1 5102 3 >/dev/null
	"$NETLOAD" udp-send 127.0.0.1 5103 5 >/dev/null
}

# The judge of every part: each ends with every attached counter exact
# against ftrace.  Where the kernel has hist triggers, one window stays
# open over the whole run (judge_window_open: on the debug kernels,
# setting a hundred triggers takes minutes, so not once per part);
# part_begin reads it, and the counters, at a part's start, and exact
# at its end after a small workload, so that the part's own requests,
# floods and namespaces are judged too.  Without hist triggers (5.10's
# ring buffer, which ft_begin empties), part_begin ... ring opens a ring
# window over the rest of a part that makes no ft_begin window of its
# own; other parts' exact opens one over its workload only.
WINDOW=0 PART_DIR=''
# snapshot_judged <snapshot> <ftrace file>: the counters and the window's
# counts at one point: the window read before and after the snapshot, and
# again (after quiesce) until nothing hit between the two reads.  An
# event the counters settled too early for (a namespace's sockets torn
# down late, on a slow guest) would otherwise fall on one side only.
snapshot_judged() {
	local i
	for ((i = 0; i < 10; i++)); do
		judge_window_read "$2.before"
		snapshot "$1"
		judge_window_read "$2"
		cmp -s "$2.before" "$2" && return 0
		echo "# events hit while the counters were read; reading again"
		quiesce
	done
	return 1
}
# part_begin <part> [ring]
part_begin() {
	PART_DIR=$(mktemp -d "$TMP/part.XXXX")
	PART_EVENTS=$(attached_events)
	quiesce || echo "# $1: counters never settled before"
	if [ "$WINDOW" = 1 ]; then
		snapshot_judged "$PART_DIR/a" "$PART_DIR/ft.a" ||
			echo "# $1: events never stopped while the counters were read"
		return
	fi
	snapshot "$PART_DIR/a"
	if [ "${2:-}" = ring ]; then
		# shellcheck disable=SC2086 # a list of events
		judge_begin "$PART_DIR" $PART_EVENTS
	fi
}
# exact <part>: the part's counters against ftrace since part_begin (a
# small workload added: connections, refused connects, datagrams), then
# a clean kernel log.
exact() {
	local part=$1 d=$PART_DIR ev n bad=0 events void
	local -A had=()
	events=$(attached_events)
	check_eq "$part: the attached events are the ones at its start" \
		"$(cksum <<<"$PART_EVENTS")" "$(cksum <<<"$events")"
	if [ "$WINDOW" = 0 ] && [ -z "$JUDGE_DIR" ]; then
		# The part's own ft_begin windows used the ring buffer: judged
		# over the workload alone, so counted from here, not from
		# part_begin (trixie's riscv64: tpstat 8062, the ring 46).
		quiesce || echo "# $part: counters never settled before"
		snapshot "$d/a"
		# shellcheck disable=SC2086 # a list of events
		judge_begin "$d" $events
	fi
	workload "$d"
	quiesce || echo "# $part: counters never settled after"
	if [ "$WINDOW" = 1 ]; then
		snapshot_judged "$d/b" "$d/ft.b" ||
			echo "# $part: events never stopped while the counters were read"
		void=$(cat "$d/ft.a.void" "$d/ft.b.void")
		while read -r ev n; do had[$ev]=$n; done <"$d/ft.a"
		JUDGE_HIT=()
		while read -r ev n; do
			# shellcheck disable=SC2004 # the default needs ${}
			JUDGE_HIT[$ev]=$((n - ${had[$ev]:-0}))
		done <"$d/ft.b"
	else
		snapshot "$d/b"
		judge_end
		void=$(judge_void)
		judge_hits_all
		JUDGE_DIR=''
	fi
	for ev in $events; do
		delta_to n "$d/a" "$d/b" "$ev"
		[ "$n" = "${JUDGE_HIT[$ev]:-}" ] ||
			{ bad=$((bad + 1)); echo "# $part: $ev: tpstat $n, ftrace ${JUDGE_HIT[$ev]:-none}"; }
	done
	check_eq "$part: ftrace's count is whole" "" "$void"
	check_eq "$part: all $(wc -w <<<"$events") attached counters exact against ftrace" 0 $bad
	check "$part: the workload reached tcp:tcp_receive_reset" \
		test "$(delta "$d/a" "$d/b" tcp:tcp_receive_reset)" -ge 3
	log_clean "$part"
	part_took "$part: exactness"
}

# nlfuzz's lines to TAP: PASS ok, FAIL not ok, INFO ok (what happened);
# others are comments.
cases() {
	local label=$1 line
	shift
	while IFS= read -r line; do
		case $line in
		"PASS "*) ok "$label: ${line#PASS }" ;;
		"INFO "*) ok "$label: ${line#INFO } (informational)" ;;
		"FAIL "*) not_ok "$label: ${line#FAIL }" ;;
		alive=*) check_eq "$label: the module still answers" alive=1 "$line" ;;
		*) echo "# $line" ;;
		esac
	done < <("$@" 2>&1)
}

# attach_only <events>: detach everything, attach exactly these (in
# globs of at most 255 characters), clear the filter.
attach_only() {
	local list='' ev
	"$TP" filter clear
	"$TP" detach '*'
	for ev in $1; do
		if [ $((${#list} + ${#ev} + 1)) -gt 250 ]; then
			"$TP" attach "$list"
			list=
		fi
		list=${list:+$list,}$ev
	done
	[ -n "$list" ] && "$TP" attach "$list"
}

# hostile_begin: the default events (default_events) and, where the
# kernel has hist triggers, the window every part is judged in.
hostile_begin() {
	echo "# fuzz: $N requests per sender, seed $SEED (TPSTAT_FUZZ_SEED=$SEED to repeat)"
	default_events=$(attached_events)
	# shellcheck disable=SC2086 # a list of events
	if judge_window_open $default_events; then
		WINDOW=1
	else
		judge_window_close
		echo "# no hist triggers: each part's exactness over its small workload (ring buffer)"
	fi
}
hostile_end() {
	[ "$WINDOW" = 1 ] && judge_window_close
	return 0
}

# part_fuzz [open]: nlfuzz as root (the default events attached again
# after it), then as nobody and a user namespace's root, judged (with
# "open", by part_bad joined).
part_fuzz() {
	local t0
	t0=$SECONDS
	"$NLFUZZ" fuzz root "$N" "$SEED" >"$TMP/fuzz.root" 2>&1
	check_eq "fuzz: $N requests as root, each with a clean end, the module alive" 0 $?
	sed 's/^/# root: /' "$TMP/fuzz.root" | head -40
	echo "# fuzz as root took $((SECONDS - t0))s"
	attach_only "$default_events"
	check_eq "fuzz: after root's run, the default events attached again" \
		"$(cksum <<<"$default_events")" "$(attached_events | cksum)"
	log_clean "fuzz as root"

	# nobody and a user namespace's root, judged from before their runs to
	# after a small workload: nothing they send may reset, detach or filter
	# the system's counters, and root's run must have left them counting.
	part_begin "fuzz" ring
	t0=$SECONDS
	nobody "$NLFUZZ" fuzz nobody "$N" "$((SEED + 1))" >"$TMP/fuzz.nobody" 2>&1
	check_eq "fuzz: $N requests as nobody, no change succeeded, every refusal EPERM or a validation error" 0 $?
	sed 's/^/# nobody: /' "$TMP/fuzz.nobody" | head -40
	echo "# fuzz as nobody took $((SECONDS - t0))s"
	t0=$SECONDS
	# shellcheck disable=SC2016 # expanded by the inner shell
	userns bash -c 'ip link set lo up; exec "$0" fuzz userns "$1" "$2"' \
		"$NLFUZZ" "$N" "$((SEED + 2))" >"$TMP/fuzz.userns" 2>&1
	check_eq "fuzz: $N requests as a user namespace's root, no system-wide change succeeded" 0 $?
	sed 's/^/# userns: /' "$TMP/fuzz.userns" | head -40
	echo "# fuzz as a user namespace's root took $((SECONDS - t0))s"
	check_eq "fuzz: no filter after them" false "$("$TP" -j filter show | jq .active)"
	part_took "fuzz"
	[ "${1:-}" = open ] && return 0
	exact "fuzz (nobody's and a user namespace's root's runs)"
}

# part_bad [joined]: the targeted bad requests of each sender, and two
# processes' concurrent errors, judged (with "joined", together with
# part_fuzz open's runs).
part_bad() {
	local race part="bad requests"
	if [ "${1:-}" = joined ]; then
		part="fuzz (nobody's and a user namespace's root's runs), tenants and bad requests"
	else
		part_begin "bad requests" ring
	fi
	cases "bad (root)" "$NLFUZZ" bad root
	cases "bad (nobody)" nobody "$NLFUZZ" bad nobody
	# shellcheck disable=SC2016 # expanded by the inner shell
	cases "bad (userns)" userns bash -c 'ip link set lo up; exec "$0" bad userns' "$NLFUZZ"
	"$NLFUZZ" race 300 >"$TMP/race" 2>&1
	race=$?
	sed 's/^/# race: /' "$TMP/race"
	check_eq "bad: two processes' concurrent errors each carry their own text" 0 "$race"
	part_took "bad requests"
	exact "$part"
}

# part_tenants [joined]: a second unprivileged user (user2) takes every
# slot it may: it arms netns_user_max + 2 namespaces of its own (nsarm:
# netns_user_max count, 2 are refused, naming it) and holds as many
# dumps of the initial namespace as it may open (nlprobe hold: 8, the
# ninth refused with EBUSY).  Meanwhile nobody's container arms its
# counters and reads its own drops exactly, nobody and the administrator
# read the initial namespace's, and a container of the administrator's
# arms and reads: none of them fails (no EBUSY, no ENOSPC).  Judged (with
# "joined", in the part left open, by its end).
part_tenants() {
	local d=$TMP/tenants cap hold_pid hold_w drops=7 got
	mkdir -p "$d"
	[ "${1:-}" = joined ] || part_begin "tenants" ring
	cap=$(</sys/module/tpstat/parameters/netns_user_max)
	nsarm_hold $((cap + 2)) user2
	check_eq "tenants: of a second user's $((cap + 2)) namespaces, netns_user_max ($cap) arm, 2 are refused" \
		"armed=$cap enospc=2 other=0" "$ARM"
	check "tenants: ... the refusal names netns_user_max" grep -q netns_user_max <<<"$ARM_ENOSPC"
	mkfifo "$d/hold.in"
	user2 "$NLPROBE" hold 24 <"$d/hold.in" >"$d/hold.out" 2>&1 &
	hold_pid=$!
	exec {hold_w}>"$d/hold.in"
	until_ok 600 grep -qx held "$d/hold.out"
	sed 's/^/# user2: /' "$d/hold.out"
	check_eq "tenants: the second user holds 8 dumps open, the ninth is refused (EBUSY)" \
		"8 -16" "$(awk '$1 == "dumps" { d = $2 } $1 == "errno" { e = $2 } END { print d, e }' "$d/hold.out")"
	check "tenants: ... with a message naming the cap" \
		grep -q "^message .*you have 8 view dumps" "$d/hold.out"

	# Its datagrams' drops: by reason (NO_SOCKET) where the kernel has
	# drop reasons, else by location, UDP's receive path.  Read until
	# they settle, for 5 s at most: a loopback datagram may be received
	# (in softirq) after its sender returned.
	sel='[.drops[] | select(.reason == "NO_SOCKET" or
		((.location // "") | test("^(__udp4_lib_rcv|udp_rcv)\\+"))) | .count] | add // 0'
	# shellcheck disable=SC2016 # expanded by the inner shell
	userns bash -c 'ip link set lo up && "$0" filter clear &&
		"$1" udp-send 127.0.0.1 5003 "$2" >/dev/null || exit 1
		for i in $(seq 50); do
			out=$("$0" -j drops) || exit 1
			[ "$(jq "$3" <<<"$out")" = "$2" ] && break
			sleep 0.1
		done
		echo "$out"' "$TP" "$NETLOAD" "$drops" "$sel" >"$d/container.json" 2>"$d/container.err"
	check_eq "tenants: meanwhile nobody's container arms its counters and reads its drops" 0 $?
	sed 's/^/# nobody'"'"'s container: /' "$d/container.err"
	echo "# nobody's container's drops: $(jq -c .drops "$d/container.json" 2>&1 | cut -c1-600)"
	got=$(jq "$sel" "$d/container.json" 2>/dev/null)
	if skb_dev_read; then
		check_eq "tenants: ... exactly its $drops datagrams to a closed port" "$drops" "$got"
	else
		# No freed skb's device is read here (skb_dev.h: s390x, MIPS32),
		# so a drop without a socket has no namespace: none is its.
		check_eq "tenants: ... none of its datagrams' drops (this build reads no freed skb's device)" \
			0 "$got"
	fi
	nobody "$TP" drops >/dev/null 2>"$d/nobody.err"
	check_eq "tenants: meanwhile nobody reads the initial namespace's drops" 0 $?
	sed 's/^/# nobody: /' "$d/nobody.err"
	"$TP" drops >/dev/null 2>"$d/root.err"
	check_eq "tenants: meanwhile the administrator reads them" 0 $?
	sed 's/^/# root: /' "$d/root.err"
	ip netns add tpten
	ip netns exec tpten "$TP" filter clear 2>"$d/rootns.err" &&
		ip netns exec tpten "$TP" drops >/dev/null 2>>"$d/rootns.err"
	check_eq "tenants: meanwhile the administrator's container arms its counters and reads" 0 $?
	sed 's/^/# root'"'"'s container: /' "$d/rootns.err"
	ip netns del tpten

	exec {hold_w}>&-
	wait "$hold_pid"
	nsarm_release
	part_took "tenants"
	[ "${1:-}" = joined ] && return 0
	exact "tenants"
}

# rmmod_held <what>: rmmod while a reader holds something; sets RM to
# unloaded or refused.
rmmod_held() {
	local out
	if out=$(rmmod tpstat 2>&1); then
		RM=unloaded
	elif [ -d /sys/module/tpstat ] && grep -qiE 'in use|busy|temporarily' <<<"$out"; then
		RM=refused
	else
		RM="failed: $out"
	fi
	check "rmmod with $1: unloads or refuses as in use ($RM)" \
		test "$RM" = unloaded -o "$RM" = refused
}
# reload: rmmod if still loaded (the reader is gone: it must unload), insmod.
reload() {
	if [ -d /sys/module/tpstat ]; then
		check "rmmod once $1 is gone" rmmod tpstat
	fi
	insmod "$KO"
}


# hold_dump <what> [last]: nlfuzz hold-dump <what> (counters, events,
# "view NAME") reads a dump's first part; rmmod meanwhile unloads or
# refuses, the dump then ends cleanly, and the module is loaded again
# (with "last", unloaded and left so).
hold_dump() {
	local what=$1 hold_pid line st
	# A view's table of a few hundred entries (refused connects), so
	# that its dump spans many parts.
	[[ $what == view* ]] && "$NLFUZZ" refuse 127.0.0.1 30000 300 >/dev/null
	# shellcheck disable=SC2086 # "view NAME" is two words
	coproc HOLD { "$NLFUZZ" hold-dump $what 2>&1; }
	# shellcheck disable=SC2153 # set by coproc
	hold_pid=$HOLD_PID
	line=''
	read -r -t 60 line <&"${HOLD[0]}"
	check "a $what dump held half-read ($line)" test "${line%% *}" = held
	rmmod_held "a $what dump half-read"
	# A dump that ended in its first part has taken its pipe with it.
	[ -n "${HOLD[1]:-}" ] && echo go >&"${HOLD[1]}"
	line=''
	[ -n "${HOLD[0]:-}" ] && read -r -t 60 line <&"${HOLD[0]}"
	wait "$hold_pid"
	st=$?
	check "the held $what dump then ends cleanly (exit $st: $line)" test $st = 0
	if [ "${2:-}" = last ]; then
		if [ -d /sys/module/tpstat ]; then
			check "rmmod once the $what dump is gone" rmmod tpstat
		fi
		return 0
	fi
	reload "the $what dump"
}
