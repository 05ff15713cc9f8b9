#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tpstat monitor against workloads with known answers, inside a test
# kernel as root (tests/vm/boot.sh): alerts must add up to the events the
# workload made, which ftrace hist triggers on the same tracepoints count
# too; above the rate limit, alerts plus the lost count must; stopping,
# unloading under a running monitor and permissions.
#   tests/net/monitor.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
#
# The workloads run in their own namespace, tpm, so that its inode picks
# their alerts out of anything else the guest does.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
nm() { ip netns exec tpm "$@"; }
jqe() { jq -e "$@" > /dev/null; }

ip netns add tpm
ip -n tpm link set lo up
NS=$(nm stat -L -c %i /proc/self/ns/net)

# monitor <name> [ARGS...]: starts tpstat ARGS monitor in the background,
# output in $TMP/<name>.out and .err, pid in MON[<name>]; returns once
# the module has taken its request (it joins the group before it asks).
declare -A MON=()
monitor() {
	local name=$1 i want=$(($(mon_field requests) + 1))
	shift
	"$TP" "$@" monitor > "$TMP/$name.out" 2> "$TMP/$name.err" &
	MON[$name]=$!
	for ((i = 0; i < 100; i++)); do
		[ "$(mon_field requests)" -ge $want ] &&
			[ "$(mon_field armed)" = yes ] && return 0
		sleep 0.1
	done
	echo "# the monitor never armed: $(cat "$TMP/$name.err")"
	return 1
}
# stop <name>: SIGINT, and its exit status.
stop() {
	kill -INT "${MON[$1]}"
	wait "${MON[$1]}"
}
# windows_pass <n>: returns after n more windows were sent.
windows_pass() {
	local want=$(($(mon_field windows) + $1)) i
	for ((i = 0; i < 200; i++)); do
		[ "$(mon_field windows)" -ge "$want" ] && return 0
		sleep 0.1
	done
	return 1
}
# alerts <name> <kind> [<netns>]: the count of <kind>'s alerts in tpm
# (or <netns>).
alerts() {
	jq -s --arg k "$2" --argjson ns "${3:-$NS}" \
		'[.[] | select(.kind == $k and .netns == $ns) | .count] | add // 0' \
		"$TMP/$1.out"
}
# lost <name> <kind>: events of <kind> no alert carried.
lost() {
	jq -s --arg k "$2" '[.[] | select(.kind == $k) | .events_lost // empty] | add // 0' \
		"$TMP/$1.out"
}
# judged <event...>: the sum of ftrace's hits (judge.sh) of the events.
judged() {
	local ev n=0 h
	for ev in "$@"; do
		h=$(judge_hits "$ev")
		n=$((n + ${h:-0}))
	done
	echo $n
}

suite_load
check_eq "the monitor is off after load" no "$(mon_field armed)"

# --- permissions ----------------------------------------------------------------
nobody "$TP" monitor > "$TMP/nobody.out" 2> "$TMP/nobody.err"
check_eq "as nobody, monitor exits 1" 1 $?
check_eq "... with one line" 1 "$(wc -l < "$TMP/nobody.err")"
sed 's/^/# nobody: /' "$TMP/nobody.err"
check_eq "... and leaves the monitor off" no "$(mon_field armed)"

# --- a burst of N drops: alerts summing to N, nothing lost ----------------------
N=37
quiesce
check "a JSON monitor starts" monitor drops -j
check "a text monitor beside it" monitor text
mkdir "$TMP/j1"
judge_begin "$TMP/j1" skb:kfree_skb
U=$(nm "$NETLOAD" udp-send 127.0.0.1 5003 $N | sed -n 's/^datagrams=//p')
check_eq "N datagrams to a closed port in tpm" $N "$U"
check "two more windows pass" windows_pass 2
stop drops
check_eq "the JSON monitor stops on SIGINT with status 0" 0 $?
stop text
check_eq "so does the text one" 0 $?
judge_end
kfree=$(judged skb:kfree_skb)
check "every line is one JSON object" jqe -s 'length > 0 and all(.[]; type == "object")' \
	"$TMP/drops.out"
# Datagrams to a closed port have no socket: their namespace is their
# device's, which a build that reads no freed skb's device (skb_dev.h:
# s390x, 32-bit MIPS) cannot tell; there they are namespace 0's.
DROP_NS=$NS DROP_NSNAME=tpm
skb_dev_read || DROP_NS=0 DROP_NSNAME=0
check_eq "the drops alerts in tpm (namespace $DROP_NSNAME) add up to N" $N \
	"$(alerts drops drops "$DROP_NS")"
check_eq "... all at __udp4_lib_rcv" $N \
	"$(jq -s --argjson ns "$DROP_NS" '[.[] | select(.kind == "drops" and .netns == $ns and (.location | test("^(__udp4_lib_rcv|udp_rcv)\\+"))) | .count] | add // 0' "$TMP/drops.out")"
check_eq "... and the drops view says the same for tpm" $N \
	"$("$TP" -j drops --by netns | jq --argjson ns "$DROP_NS" '[.drops[] | select(.netns == $ns) | .count] | add // 0')"
check "ftrace saw at least the N kfree_skb" test "$kfree" -ge $N
check_eq "nothing was lost" 0 "$(jq -s '[.[] | select(.events_lost != null)] | length' "$TMP/drops.out")"
# The burst may straddle a window: its lines, one per window, add up to N.
check_eq "the text monitor's lines, with the netns name, add up to N" $N \
	"$(awk -v ns="$DROP_NSNAME" '$0 ~ "^[0-9][0-9]:[0-9][0-9]:[0-9][0-9] [0-9]+ drops? at (__udp4_lib_rcv|udp_rcv)\\+.* netns " ns "( |$)" { s += $2 }
		END { print s + 0 }' "$TMP/text.out")"
sed -n '1,3s/^/# text: /p' "$TMP/text.out"
check_eq "the monitor disarms once no one listens" 0 \
	"$(for _ in $(seq 1 50); do [ "$(mon_field armed)" = no ] && break; sleep 0.1; done
	   [ "$(mon_field armed)" = no ]; echo $?)"

# --- TCP transitions in the initial namespace ------------------------------------
# Probes count these in a per-CPU matrix, not as keys (module/alerts/alerts.h):
# their alerts must still add up to what ftrace saw, in the right family
# and states.  A refused connect is two: CLOSE -> SYN_SENT -> CLOSE.
R=23
R6=11
INIT_NS=$(stat -L -c %i /proc/self/ns/net)
sysctl -qw net.ipv6.conf.lo.disable_ipv6=0
quiesce
check "a monitor starts for the initial namespace" monitor init -j
mkdir "$TMP/j0"
judge_begin "$TMP/j0" sock:inet_sock_set_state
C=$("$NETLOAD" tcp-refused 127.0.0.1 5301 $R | sed -n 's/^refused=//p')
check_eq "R connects refused in the initial namespace" $R "$C"
C=$("$NETLOAD" tcp-refused ::1 5301 $R6 | sed -n 's/^refused=//p')
check_eq "R6 connects refused over IPv6" $R6 "$C"
check "two more windows pass" windows_pass 2
stop init
check_eq "the monitor stops with status 0" 0 $?
judge_end
set=$(judged sock:inet_sock_set_state)
check_eq "ftrace saw 2(R + R6) transitions" $((2 * (R + R6))) "$set"
# init_states <family> <old> <new>: the initial namespace's alerts of one transition.
init_states() {
	jq -s --argjson ns "$INIT_NS" --arg f "$1" --arg o "$2" --arg n "$3" \
		'[.[] | select(.kind == "states" and .netns == $ns and .family == $f and
			       .old_state == $o and .new_state == $n) | .count] | add // 0' \
		"$TMP/init.out"
}
check_eq "the initial namespace's states alerts add up to ftrace's count" "$set" \
	"$(jq -s --argjson ns "$INIT_NS" '[.[] | select(.kind == "states" and .netns == $ns) | .count] | add // 0' "$TMP/init.out")"
check_eq "... R of them IPv4 CLOSE -> SYN_SENT" $R "$(init_states ipv4 CLOSE SYN_SENT)"
check_eq "... R IPv4 SYN_SENT -> CLOSE" $R "$(init_states ipv4 SYN_SENT CLOSE)"
check_eq "... R6 IPv6 CLOSE -> SYN_SENT" $R6 "$(init_states ipv6 CLOSE SYN_SENT)"
check_eq "... R6 IPv6 SYN_SENT -> CLOSE" $R6 "$(init_states ipv6 SYN_SENT CLOSE)"
check_eq "... and nothing was lost" 0 "$(lost init states)"

# --- above the rate limit: alerts plus the lost count equal the events ---------
# Every refused connect is a reset sent and one received, an error
# (ECONNREFUSED) and two TCP transitions; the received resets and the
# errors each have their own key (the client's port), so 40 connects are
# about 80 keys for a limit of 5 alerts a second.
rmmod tpstat
insmod "$KO" alert_rate=5
check_eq "alert_rate=5 is taken" 5 "$(mon_field alert_rate)"
R=40
quiesce
check "a monitor starts under alert_rate=5" monitor rate -j
w0=$(mon_field windows)
s0=$(mon_field alerts_sent)
mkdir "$TMP/j2"
judge_begin "$TMP/j2" tcp:tcp_send_reset tcp:tcp_receive_reset
# Errors: those with an error (a failed connect is reported again, with
# sk_err 0, when connect() disconnects the socket), where hist triggers
# can say so.
has_err=0
[ -d "$TRACING/events/sock/inet_sk_error_report" ] && [ "$(judge_mode)" = hist ] &&
	has_err=1
ERR_HIST='hist:keys=common_cpu if error != 0'
[ $has_err = 1 ] && trigger sock:inet_sk_error_report "$ERR_HIST"
C=$(nm "$NETLOAD" tcp-refused 127.0.0.1 5302 $R | sed -n 's/^refused=//p')
check_eq "R connects refused in tpm" $R "$C"
check "two more windows pass" windows_pass 2
stop rate
check_eq "the monitor stops with status 0" 0 $?
judge_end
void=$(judge_void)
[ -z "$void" ] || echo "# the ftrace counts are void: $void"
rst=$(judged tcp:tcp_send_reset tcp:tcp_receive_reset)
# Received resets: R.  Sent ones: R where tcp_send_reset fires for a
# reset without a socket (not on 6.1).
check "ftrace saw R to 2R resets ($rst)" test "$rst" -ge $R -a "$rst" -le $((2 * R))
# A reset sent with no socket has its namespace from the device of the
# segment it answers, which every build reads (skb_dev.h).
rst_alerts=$(alerts rate resets)
check_eq "resets: alerts plus lost events equal ftrace's count" "$rst" \
	$((rst_alerts + $(lost rate resets)))
check "resets: some were lost to the limit" test "$(lost rate resets)" -gt 0
if [ $has_err = 1 ]; then
	# The hist file shows the trigger as hist:keys=common_cpu:vals=...
	err=$(hist_hits sock:inet_sk_error_report 'hist:keys=common_cpu')
	untrigger sock:inet_sk_error_report "$ERR_HIST"
	check_eq "errors: ftrace saw R with an error" $R "${err:-0}"
	check_eq "errors: alerts plus lost events equal ftrace's count" "$err" \
		$(($(alerts rate errors) + $(lost rate errors)))
fi
check_eq "states: alerts plus lost equal 2R transitions" $((2 * R)) \
	$(($(alerts rate states) + $(lost rate states)))
sent=$(($(mon_field alerts_sent) - s0))
windows=$(($(mon_field windows) - w0))
check "no window sent more than the limit (sent $sent in $windows windows)" \
	test "$sent" -le $((5 * windows))
check_eq "the tool got every alert the module sent" "$sent" \
	"$(jq -s '[.[] | select(.count != null)] | length' "$TMP/rate.out")"
check "the lost lines carry the limit" jqe -s \
	'[.[] | select(.events_lost != null) | .rate] | length > 0 and all(. == 5)' "$TMP/rate.out"

# --- rmmod under a running monitor, with traffic --------------------------------
rmmod tpstat
insmod "$KO"
check "a monitor starts" monitor unload -j
nm "$NETLOAD" flood 127.0.0.1 5302 8 > /dev/null &
flood=$!
sleep 2
SECONDS=0
rmmod tpstat
check_eq "rmmod under a running monitor succeeds" 0 $?
# A hang would be the monitor's work waiting forever; a KASAN kernel on a
# loaded host took 6 s once, so the bound is 10.
check "... at once (${SECONDS}s)" test $SECONDS -le 10
st=timeout
for _ in $(seq 1 50); do
	kill -0 "${MON[unload]}" 2> /dev/null || { wait "${MON[unload]}"; st=$?; break; }
	sleep 0.1
done
check_eq "the monitor exits 0 when tpstat goes" 0 "$st"
check "... saying so" grep -q 'unloaded' "$TMP/unload.err"
check "... after alerts it printed" jqe -s 'length > 0' "$TMP/unload.out"
wait $flood

ip netns del tpm
suite_end
