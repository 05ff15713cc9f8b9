#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every module parameter at, below and above its limits, inside a test
# kernel as root (tests/vm/boot.sh):
#  - each bad value (0, one past the limit, huge, negative, garbage, no
#    value, overlong text) fails insmod with EINVAL, leaves nothing
#    loaded, and the kernel log names the parameter and its limits;
#  - each table at its limit loads with that capacity, and counts:
#    resets and lifetimes at their largest and smallest against ftrace
#    and the workload;
#  - every table at its limit at once loads, or is refused for want of
#    memory, without a warning or the OOM killer;
#  - errors of concurrent requests keep their own extack message (5.10
#    and 6.1 kept it in one buffer, read after genl_mutex was dropped).
# No WARNING, BUG, KASAN or "sleeping function" line in the kernel log.
#   tests/net/params.sh <tpstat.ko>
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf) takes the tools from build/*-arm64, cross-built.
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"

# The limits (module/base/params.h), and each table's debugfs view file.  The
# flow table may hold a million flows on a 64-bit kernel only.
[ "$(getconf LONG_BIT)" = 64 ] && flow_max=1048576 || flow_max=262144
declare -A MAX=(
	[drop_keys]=524288 [trap_keys]=131072 [flow_keys]=$flow_max
	[reset_keys]=524288 [lifetime_keys]=32768 [device_keys]=262144
	[error_keys]=524288 [rcvq_keys]=524288 [neigh_keys]=524288
	[auth_keys]=524288 [sockmem_keys]=524288 [sockets]=1048576
)
declare -A VIEW=(
	[drop_keys]=drops [trap_keys]=traps [flow_keys]=retrans
	[reset_keys]=resets [lifetime_keys]=lifetimes [device_keys]=devices
	[error_keys]=errors [rcvq_keys]=rcvq [neigh_keys]=neigh
	[auth_keys]=auth [sockmem_keys]=sockmem
)
PARAMS="drop_keys trap_keys flow_keys reset_keys lifetime_keys device_keys
	error_keys rcvq_keys neigh_keys auth_keys sockmem_keys sockets"

rmmod tpstat 2>/dev/null

# refuse <description> <expected log text> <insmod argument>...: the
# load fails with EINVAL, nothing stays loaded, the log has the text,
# and no splat.
refuse() {
	local what=$1 want=$2 why=''
	shift 2
	log_clear
	if insmod "$KO" "$@" 2>"$TMP/err"; then
		rmmod tpstat
		why='loaded'
	fi
	[ -z "$why" ] && ! grep -qE 'Invalid (argument|parameters)' "$TMP/err" &&
		why="insmod said: $(cat "$TMP/err")"
	[ -z "$why" ] && [ -d /sys/module/tpstat ] && why='left loaded'
	[ -z "$why" ] && ! dmesg | grep -qF -- "$want" && why="no log line: $want"
	[ -z "$why" ] && [ -n "$(log_splats)" ] && why='a splat'
	if [ -z "$why" ]; then
		ok "$what is refused: $want"
	else
		not_ok "$what is refused ($why)"
		dmesg | tail -20 | sed 's/^/# /'
	fi
}

# --- table sizes: bad values ---------------------------------------------------
# Every size parameter just past both of its limits and without a value;
# the one parser they share gets every kind of bad number once (on
# drop_keys): an insmod takes a second or more under TCG.
for p in $PARAMS; do
	m=${MAX[$p]}
	lim="must be a number from 1 to $m"
	values="0 $((m + 1))"
	[ "$p" = drop_keys ] && values="$values $((m * 2)) 2097152 4294967295 4294967296
		18446744073709551616 -1 abc 12abc '' 1e3"
	eval "set -- $values"
	for v in "$@"; do
		refuse "$p=$v" "tpstat: $p=$v: $lim" "$p=$v"
	done
	refuse "$p without a value" "tpstat: $p=: $lim" "$p"
done
# A page of digits: refused, and the log shows only its start.
long=$(printf '9%.0s' $(seq 1 4000))
refuse "drop_keys=<4000 digits>" "tpstat: drop_keys=${long:0:32}...: must be a number" \
	"drop_keys=$long"

# --- table sizes: the limits load, with that capacity ----------------------------
# capacity <view>: the "# overflow N entries N capacity N" line's capacity.
capacity() { sed -n '1s/^# overflow [0-9]* entries [0-9]* capacity \([0-9]*\)$/\1/p' "$DBG/$1"; }
memory() { "$TP" -j info | jq -r .memory_bytes; }
suite_load
mem_default=$(memory)
rmmod tpstat
for p in $PARAMS; do
	for v in 1 ${MAX[$p]}; do
		log_clear
		if ! insmod "$KO" "$p=$v" 2>"$TMP/err"; then
			not_ok "$p=$v loads ($(cat "$TMP/err"))"
			dmesg | tail -5 | sed 's/^/# /'
			continue
		fi
		if [ "$p" = sockets ]; then
			# Birth slots: twice the sockets, a power of two, 32 bytes.
			mem=$(memory)
			check_eq "sockets=$v loads: births take (2 * $v - 2 * 2048) * 32 bytes more" \
				$(((2 * v - 2 * 2048) * 32)) $((mem - mem_default))
		elif [ -f "$DBG/${VIEW[$p]}" ]; then
			check_eq "$p=$v loads: ${VIEW[$p]} says capacity $v" "$v" "$(capacity "${VIEW[$p]}")"
		else
			not_ok "$p=$v loads: no debugfs file ${VIEW[$p]}"
		fi
		rmmod tpstat
		check_eq "$p=$v: nothing in the kernel log but the load" "" "$(log_splats)"
	done
done

# --- resets and lifetimes count at their limits --------------------------------
# P refused connects, each to its own port: one reset received on the
# client's end per port (and from 6.10 one sent without a socket), each
# a key of its own; K connections, each one active and one passive
# lifetime.  resets against ftrace, lifetimes against the workload.
P=40
K=6
# count_workload <judge dir>: sets RESETS (ftrace), C (connections
# made) and REFUSED (connects refused).
count_workload() {
	local port n
	mkdir -p "$1"
	"$TP" reset all
	judge_begin "$1" tcp:tcp_send_reset tcp:tcp_receive_reset
	REFUSED=0
	for ((port = 6000; port < 6000 + P; port++)); do
		n=$("$NETLOAD" tcp-refused 127.0.0.1 $port 1 | sed -n 's/^refused=//p')
		REFUSED=$((REFUSED + ${n:-0}))
	done
	serve "$TMP/server.out" "$NETLOAD" tcp-server 127.0.0.1 5001 $K
	C=$("$NETLOAD" tcp-connect 127.0.0.1 5001 $K | sed -n 's/^connections=//p')
	reap
	quiesce
	judge_end
	RESETS=$(($(judge_hits tcp:tcp_send_reset) + $(judge_hits tcp:tcp_receive_reset)))
	echo "# ftrace: $RESETS resets; $C connections, $REFUSED refused"
}
insmod "$KO" reset_keys="${MAX[reset_keys]}" lifetime_keys="${MAX[lifetime_keys]}" \
	sockets="${MAX[sockets]}"
check "insmod with resets, lifetimes and sockets at their limits" test -d "$DBG"
count_workload "$TMP/judge-max"
check_eq "ftrace's count is not void" "" "$(judge_void)"
check_eq "K connections made, P refused" "$K $P" "$C $REFUSED"
check_eq "resets at the limit: every reset counted, as ftrace" "$RESETS" \
	"$("$TP" -j resets | jq '[.resets[] | .sent + .received] | add')"
check "resets at the limit: a key per port" \
	test "$("$TP" -j resets | jq '.resets | length')" -ge $P
check_eq "resets at the limit: none lost" 0 "$("$TP" -j resets | jq .overflow)"
# Each connection's two ends, and each refused connect's (born at SYN_SENT).
check_eq "lifetimes at the limit: 2K + P closes" $((2 * K + P)) \
	"$("$TP" -j lifetime | jq '[.lifetimes[].count] | add')"
check_eq "lifetimes at the limit: none lost" 0 "$("$TP" -j lifetime | jq .overflow)"
rmmod tpstat

insmod "$KO" reset_keys=1 lifetime_keys=1 sockets=1
check "insmod with resets, lifetimes and sockets at 1" test -d "$DBG"
snapshot "$TMP/c0"
count_workload "$TMP/judge-min"
snapshot "$TMP/c1"
updates=$(($(delta "$TMP/c0" "$TMP/c1" tcp:tcp_send_reset) +
	$(delta "$TMP/c0" "$TMP/c1" tcp:tcp_receive_reset)))
landed=$("$TP" -j resets | jq '[.resets[] | .sent + .received] | add')
lost=$("$TP" -j resets | jq .overflow)
echo "# reset_keys=1: $updates updates, $landed landed, $lost lost"
check_eq "reset_keys=1: one key" 1 "$("$TP" -j resets | jq .entries)"
check_eq "reset_keys=1: the counters saw ftrace's resets" "$RESETS" "$updates"
check_eq "reset_keys=1: what did not land is counted lost" $((updates - landed)) "$lost"
check_eq "lifetime_keys=1: one key" 1 "$("$TP" -j lifetime | jq .entries)"
rmmod tpstat
check_eq "counting at the limits: nothing in the kernel log" "" "$(log_splats)"

# --- every table at its limit at once -------------------------------------------
# Over a gigabyte: loads, or fails for want of memory and says so (more
# than half of what is available is refused before any allocation);
# never the OOM killer or an allocation warning.
args=()
for p in $PARAMS; do args+=("$p=${MAX[$p]}"); done
log_clear
if insmod "$KO" "${args[@]}" 2>"$TMP/err"; then
	mem=$(memory)
	echo "# every table at its limit: $mem bytes"
	check "every table at its limit: loaded, over 900 MiB" test "$mem" -gt $((900 << 20))
	"$TP" drops >/dev/null
	rmmod tpstat
else
	echo "# every table at its limit: $(cat "$TMP/err")"
	check "every table at its limit: refused for want of memory, and says so" \
		bash -c "dmesg | grep 'cannot allocate the view tables (-12)' |
			grep -qF 'the *_keys and sockets parameters ask for more than there is'"
	# What it asked for counts the socket births' slots (twice the
	# sockets, a power of two, 32 bytes each) beside both generations of
	# the tables.
	read -r asked tables births < <(dmesg | sed -nE \
		's/.*view tables \(-12\): ([0-9]+) bytes \(tables ([0-9]+), socket births ([0-9]+)\).*/\1 \2 \3/p' |
		tail -1)
	check_eq "every table at its limit: the births' $((2 * MAX[sockets] * 32)) bytes are in what it asked for" \
		"$((2 * MAX[sockets] * 32)) $((${tables:-0} + ${births:-0}))" "${births:-none} ${asked:-none}"
fi
check_eq "every table at its limit: nothing in the kernel log" "" "$(log_splats)"

# --- events= and views= --------------------------------------------------------
# items <length> <item> <pad>...: a comma-separated list of exactly
# <length> characters, of <item>s padded with '*' where it has to be.
glob_list() {
	local want=$1 s='' item
	while [ $((${#s} + 61)) -lt "$want" ]; do
		item="tcp:$(printf '*%.0s' $(seq 1 56))"
		s=${s:+$s,}$item
	done
	item="tcp:"
	while [ $((${#s} + ${#item} + 1)) -lt "$want" ]; do item="$item*"; done
	echo "${s:+$s,}$item"
}
ev1024=$(glob_list 1024)
check_eq "a list of 1024 characters" 1024 ${#ev1024}
log_clear
insmod "$KO" events="$ev1024"
check "events= of 1024 characters (the limit) loads" test -d "$DBG"
check_eq "... and attaches tcp:*" \
	"$(grep -c '^tcp:' "$DBG/events" | tr -d ' ')" \
	"$(awk '$1 ~ /^tcp:/ && $2 != "detached"' "$DBG/events" | wc -l)"
rmmod tpstat
refuse "events= of 1025 characters" "tpstat: events=${ev1024:0:32}...: longer than 1024 characters" \
	events="$ev1024*"
refuse "events= of 4000 characters" "longer than 1024 characters" events="$long"
refuse "events without a value" "tpstat: events: needs a value (events=...)" events
item64="tcp:$(printf '*%.0s' $(seq 1 60))"
# shellcheck disable=SC2016 # a literal '$' is the bad character
# (Not ' ': module arguments are split at spaces, so that is events=.)
for bad in 'nosuch:thing' 'tcp:*,,' ',' 'tcp:$x' 'a:b:c' 'TCP:*' "$item64"; do
	refuse "events=$bad" "tpstat: events=$bad: " events="$bad"
done
# The log escapes these bytes: only the reason, which names the first
# bad byte, is looked for.
for bad in $'tcp:\x01' $'tcp:\xc3\xa9' $'tcp:\x1b[31m'; do
	byte=$(printf %s "${bad:4:1}" | od -An -tx1 | awk '{ print $1 }')
	refuse "events=$(printf %q "$bad")" "character 0x$byte is not one of a-z 0-9 _ : * ?" \
		events="$bad"
done

views127="drops,drops,drops$(printf ',rcvq%.0s' $(seq 1 22))"
check_eq "a list of 127 characters" 127 ${#views127}
insmod "$KO" views="$views127"
check "views= of 127 characters (the limit) loads" test -f "$DBG/rcvq"
check "... with only those views" test ! -e "$DBG/resets"
rmmod tpstat
refuse "views= of 128 characters" "tpstat: views=${views127:0:32}...: longer than 127 characters" \
	views="$views127,"
refuse "views= of 4000 characters" "longer than 127 characters" views="$long"
refuse "views without a value" "tpstat: views: needs a value (views=...)" views
for bad in bogus '' 'drops,' ',' 'DROPS' 'drops,,rcvq' 'all,none'; do
	refuse "views=$bad" "tpstat: views=$bad: unknown view" views="$bad"
done

# --- alert_rate (module/netlink/monitor.c) --------------------------------------
for bad in 0 100001 4294967296 -1 abc; do
	refuse "alert_rate=$bad" "tpstat: alert_rate=$bad: must be a number from 1 to 100000" alert_rate="$bad"
done

# --- concurrent errors keep their own extack message -------------------------------
# Two processes send LIST_EVENTS dumps with a bad GLOB, each its own
# kind of error, 2000 times each; every reply must give its own
# request's reason.  A dump's start runs with genl_mutex dropped before
# its ACK is built: a message kept in one buffer was another's half the
# time on 6.1.
insmod "$KO"
python3 - "$here" <<'PY' >"$TMP/extack.out" 2>&1
import os, sys

sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
from genl import (NLM_F_ACK, NLM_F_DUMP, NLM_F_REQUEST, TPSTAT_A_GLOB,
                  TPSTAT_CMD_LIST_EVENTS, TPSTAT_GENL_VERSION, attr, family,
                  request, sock)

family = family(sock())
# Each glob, and what its reason must say (the detail where the kernel
# formats into the extack, the literal where it cannot).
kinds = [(b"a:b:c", "more than one ':'"),
         (b"zzzzqqq", "matches no tracepoint")]
N = 2000
pids = []
for glob, want in kinds:
    pid = os.fork()
    if pid == 0:
        s = sock()
        bad = 0
        for i in range(N):
            err, text, _ = request(s, family, NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP,
                                   TPSTAT_CMD_LIST_EVENTS, TPSTAT_GENL_VERSION,
                                   attr(TPSTAT_A_GLOB, glob + b"\0"), i + 2)
            if err != -22 or text is None or want not in text or \
                    not text.startswith("tpstat: "):
                if bad < 3:
                    print("%s: err %d, message %r" % (glob.decode(), err, text))
                bad += 1
        print("%s: %d of %d replies wrong" % (glob.decode(), bad, N))
        sys.stdout.flush()
        os._exit(1 if bad else 0)
    pids.append(pid)
status = 0
for pid in pids:
    status |= os.waitpid(pid, 0)[1]
sys.exit(1 if status else 0)
PY
check_eq "4000 concurrent bad GLOBs: each reply has its own request's reason" 0 $?
sed 's/^/# /' "$TMP/extack.out"
suite_end
