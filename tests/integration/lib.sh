# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Sourced by every tests/integration/t*.sh.  Those run as separate bash
# processes started by run.sh, so TAP numbering and the pass/fail tally
# live in files under $TPSTAT_IT_WORK, which run.sh creates.
#
# What is here: TAP output, loading/unloading the module, reading the
# counters, ftrace hist triggers (the independent count every counter is
# checked against), two quiet network namespaces joined by a veth pair,
# background netload processes, and cleanup that runs however a test ends.

IT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TOP=$(cd "$IT_DIR/../.." && pwd)
DBG=/sys/kernel/debug/tpstat
TRACING=/sys/kernel/tracing
KO=${TPSTAT_KO:?run the tests through tests/integration/run.sh}
WORK=${TPSTAT_IT_WORK:?run the tests through tests/integration/run.sh}
NETLOAD=${TPSTAT_NETLOAD:-$TOP/build/tools/netload}
TEST=$(basename "$0" .sh)
TMP=$WORK/$TEST
mkdir -p "$TMP"

# The contract's tracepoints; the module must list exactly these.
KNOWN_EVENTS=(
	tcp:tcp_retransmit_skb tcp:tcp_retransmit_synack tcp:tcp_send_reset
	tcp:tcp_receive_reset tcp:tcp_destroy_sock tcp:tcp_probe
	tcp:tcp_rcv_space_adjust tcp:tcp_bad_csum tcp:tcp_cong_state_set
	sock:inet_sock_set_state sock:sock_rcvqueue_full
	sock:sock_exceed_buf_limit
	net:net_dev_queue net:net_dev_start_xmit net:net_dev_xmit
	net:net_dev_xmit_timeout net:netif_receive_skb net:netif_rx
	net:netif_receive_skb_entry net:netif_rx_entry
	net:napi_gro_receive_entry net:napi_gro_frags_entry
	skb:kfree_skb skb:consume_skb
	napi:napi_poll
)

# TCP states by number, as tcpstates names them (index 0 is unused).
TCP_STATES=(0 ESTABLISHED SYN_SENT SYN_RECV FIN_WAIT1 FIN_WAIT2 TIME_WAIT
	CLOSE CLOSE_WAIT LAST_ACK LISTEN CLOSING NEW_SYN_RECV BOUND_INACTIVE)

# ---- TAP ---------------------------------------------------------------------

_tap() { # <ok|not ok> <description>
	local n
	n=$(($(cat "$WORK/count") + 1))
	echo "$n" >"$WORK/count"
	echo "$1" >>"$WORK/results"
	echo "$1 $n - $TEST: $2"
}
# comment <line>...: "# " lines, for details and numbers worth keeping.
comment() {
	local line
	for line in "$@"; do
		printf '%s\n' "$line" | sed 's/^/# /'
	done
}
pass() { _tap ok "$1"; }
fail() { # <description> [detail line]...
	_tap "not ok" "$1"
	shift
	comment "$@"
}
# check <description> <command>...: passes if the command succeeds.
check() {
	local what=$1 out st=0
	shift
	out=$("$@" 2>&1) || st=$?
	if [ "$st" = 0 ]; then
		pass "$what"
	else
		fail "$what" "command failed (status $st): $*" ${out:+"$out"}
	fi
}
# check_eq <description> <expected> <got>
check_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "expected: $2" "got:      $3"
	fi
}
# check_ge <description> <minimum> <got>: numbers.
check_ge() {
	if [[ $3 =~ ^-?[0-9]+$ ]] && [ "$3" -ge "$2" ]; then
		pass "$1"
	else
		fail "$1" "expected at least $2, got $3"
	fi
}

# With set -e a failing command ends the test; say which one first.
_on_err() {
	comment "$TEST: line $1: command failed (status $2): $3"
}
set -E
trap '_on_err "$LINENO" "$?" "$BASH_COMMAND"' ERR
trap _cleanup EXIT

# ---- cleanup -----------------------------------------------------------------

_BG_PIDS=()
_NETNS=()

_cleanup() {
	local st=$? pid ns
	trap - ERR
	set +e
	for pid in "${_BG_PIDS[@]}"; do
		kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	done
	trig_del_all
	loaded && rmmod tpstat
	for ns in "${_NETNS[@]}"; do
		ip netns del "$ns" 2>/dev/null
	done
	exit "$st"
}

# ---- the module ---------------------------------------------------------------

loaded() { [ -d /sys/module/tpstat ]; }

# load [param=value]...: insmod, echoed like every command that changes state.
load() {
	comment "${SECONDS}s insmod $(basename "$KO") $*"
	insmod "$KO" "$@"
}
unload() {
	comment "${SECONDS}s rmmod tpstat"
	rmmod tpstat
}

# snap <file>: a copy of the counters file, so deltas are over one read.
snap() { cat "$DBG/counters" >"$1"; }
# val <snapshot> <name>: the value on that line, 0 if there is no line
# (transition lines appear only once non-zero).
val() { awk -v k="$2" '$1 == k { v = $2 } END { print v + 0 }' "$1"; }
# delta <before> <after> <name>
delta() { echo $(($(val "$2" "$3") - $(val "$1" "$3"))); }
# ctr <name>: the live value.
ctr() { awk -v k="$1" '$1 == k { v = $2 } END { print v + 0 }' "$DBG/counters"; }
# events_in_state <state>: names from the events file.
events_in_state() { awk -v s="$1" '$2 == s { print $1 }' "$DBG/events"; }

# ---- ftrace ---------------------------------------------------------------------

# The tracefs directory of "<group>:<name>".
tp_dir() { echo "$TRACING/events/${1%%:*}/${1#*:}"; }

# trig_add <event> <trigger>: appends, never truncates: opening a trigger
# file with O_TRUNC removes every trigger already on the event.
trig_add() {
	echo "$2" >>"$(tp_dir "$1")/trigger"
	printf '%s\t%s\n' "$1" "$2" >>"$TMP/triggers"
}
trig_del() {
	echo "!$2" >>"$(tp_dir "$1")/trigger"
	awk -F'\t' -v e="$1" -v t="$2" '!($1 == e && $2 == t)' \
		"$TMP/triggers" >"$TMP/triggers.new"
	mv "$TMP/triggers.new" "$TMP/triggers"
}
trig_del_all() {
	local ev spec
	[ -f "$TMP/triggers" ] || return 0
	while IFS=$'\t' read -r ev spec; do
		echo "!$spec" >>"$(tp_dir "$ev")/trigger" 2>/dev/null
	done <"$TMP/triggers"
	rm -f "$TMP/triggers"
}

# hist_block <event> <keys>: the part of the event's hist file that belongs
# to the trigger "hist:keys=<keys>" (an event can carry several).
hist_block() {
	awk -v t="# trigger info: hist:keys=$2:" '
		/^# event histogram/ { on = 0 }
		index($0, t) == 1 { on = 1 }
		on' "$(tp_dir "$1")/hist"
}
# hist_total <event> <keys> <Hits|Entries|Dropped>
hist_total() {
	hist_block "$1" "$2" | awk -v f="$3:" '$1 == f { v = $2 } END { print v }'
}
# hist_rows <event> <keys>: one line per entry, the values with their
# names dropped, keys first: "{ rc: 0 } hitcount: 38  len: 3256" gives
# "0 38 3256".
hist_rows() {
	hist_block "$1" "$2" | awk '/^\{ / {
		out = ""
		for (i = 1; i < NF; i++) {
			if ($i !~ /:$/)
				continue
			v = $(i + 1)
			sub(/,$/, "", v)
			out = out (out == "" ? "" : " ") v
			i++
		}
		print out
	}'
}

# ---- processes -----------------------------------------------------------------

# spawn <name> <command>...: runs it in the background, its output in
# $TMP/<name>.out and .err; $SPAWN_<name> is its pid.
spawn() {
	local name=$1
	shift
	"$@" >"$TMP/$name.out" 2>"$TMP/$name.err" &
	_BG_PIDS+=($!)
	eval "SPAWN_$name=\$!"
}
# reap <name>: its exit status; its stderr goes to the log on failure.
reap() {
	local pid st=0
	eval "pid=\$SPAWN_$1"
	wait "$pid" || st=$?
	[ "$st" = 0 ] || comment "$1 exited with status $st:" "$(cat "$TMP/$1.err")"
	return "$st"
}
# wait_listening <name>: until the server prints listening=, at most 30 s.
wait_listening() {
	local i pid
	eval "pid=\$SPAWN_$1"
	for i in $(seq 1 300); do
		grep -q '^listening=' "$TMP/$1.out" && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	comment "$1 never started listening:" "$(cat "$TMP/$1.err")"
	return 1
}
# outval <name> <key>: the key=value netload printed.
outval() { sed -n "s/^$2=//p" "$TMP/$1.out"; }

# ---- namespaces -----------------------------------------------------------------

NS1=tpstat-n1
NS2=tpstat-n2
ADDR1=198.18.0.1 # RFC 2544 benchmarking range: no one else's network
ADDR2=198.18.0.2

# n1/n2 <command>...: run in namespace 1/2, echoing it (WireGuard netns.sh
# style) so the log shows what the test did; stdout stays the command's.
# The time since the test started leads, to show where the time goes.
n1() { comment "${SECONDS}s [n1] $*" >&2; ip netns exec "$NS1" "$@"; }
n2() { comment "${SECONDS}s [n2] $*" >&2; ip netns exec "$NS2" "$@"; }

# make_netns: $NS1 (veth1, $ADDR1) <-> $NS2 (veth2, $ADDR2), both with lo
# up.  Quiet on purpose, so counting windows contain only the workload:
# IPv6 off before any device exists (no DAD, RS, MLD), permanent
# neighbour entries (no ARP).  TSO/GSO are off on veth1 so netem, when a
# test adds it, drops single segments: 2% loss then gives retransmits on
# every run, not only when one of a few 64 KB super-packets is hit.
make_netns() {
	local ns mac1 mac2
	for ns in "$NS1" "$NS2"; do
		ip netns del "$ns" 2>/dev/null || true
		ip netns add "$ns"
		_NETNS+=("$ns")
		ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 \
			net.ipv6.conf.default.disable_ipv6=1
		ip -n "$ns" link set lo up
	done
	ip -n "$NS1" link add veth1 type veth peer name veth2 netns "$NS2"
	ip -n "$NS1" addr add "$ADDR1/24" dev veth1
	ip -n "$NS2" addr add "$ADDR2/24" dev veth2
	ip netns exec "$NS1" ethtool -K veth1 tso off gso off >/dev/null
	mac1=$(ip -n "$NS1" -j link show veth1 | jq -r '.[0].address')
	mac2=$(ip -n "$NS2" -j link show veth2 | jq -r '.[0].address')
	ip -n "$NS1" neigh replace "$ADDR2" lladdr "$mac2" dev veth1 nud permanent
	ip -n "$NS2" neigh replace "$ADDR1" lladdr "$mac1" dev veth2 nud permanent
	ip -n "$NS1" link set veth1 up
	ip -n "$NS2" link set veth2 up
}

# link_stat <ns> <dev> <tx|rx> <bytes|packets|dropped>: the device's own count.
link_stat() {
	ip -n "$1" -s -j link show dev "$2" | jq ".[0].stats64.$3.$4"
}

# tcp_busy: TCP sockets, in every namespace, in a state that may still send
# something (a FIN or ACK retransmitted later); TIME-WAIT answers only.
tcp_busy() {
	local ns
	{
		ss -tanH
		for ns in "${_NETNS[@]}"; do ip netns exec "$ns" ss -tanH; done
	} | awk '$1 != "TIME-WAIT"'
}

# quiesce: waits until no TCP socket can still send and the counters have
# stopped moving; fails (with what is still busy) after about a minute.
quiesce() {
	local i a b
	comment "${SECONDS}s quiesce"
	for i in $(seq 1 120); do
		[ -z "$(tcp_busy)" ] && break
		sleep 0.5
	done
	if [ -n "$(tcp_busy)" ]; then
		comment "quiesce: sockets still busy after 60 s:" "$(tcp_busy)"
		return 1
	fi
	loaded || return 0
	b=$(cat "$DBG/counters")
	for i in $(seq 1 60); do
		sleep 1
		a=$b
		b=$(cat "$DBG/counters")
		[ "$a" = "$b" ] && return 0
	done
	comment "quiesce: counters still moving after 60 s"
	return 1
}

echo "# === $TEST"
