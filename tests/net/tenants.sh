#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tenants against each other, inside a test kernel as root
# (tests/vm/boot.sh):
#   1. slots: nobody holds 100 user namespaces, each with a network
#      namespace whose root armed its counters (nsarm); at most
#      netns_user_max of them count, the rest are refused with a text
#      naming it, and a second unprivileged user's container and root's
#      still arm theirs.  With netns_max lowered so that users other than
#      root have no slot left, the second user is refused and root's
#      container still arms (root's reserve); netns_user_max is held to
#      its limits;
#   1b. overflow: with reset_keys=16 (two keys a quota bucket), nobody
#      holds up to 33 containers, until two of them (A and B) share a
#      quota bucket; A makes more resets than its quota holds.  A's
#      reader is told its own losses, exactly the events the counters
#      saw less those its view kept, the administrator the same, and
#      B's reader none: B's overflow is its own (0), not its bucket's.
#      Two resets clear A's count in both generations;
#   2. key switches: 200 cycles of "new namespace, arm its counters,
#      exit" by nobody may switch the static key that the namespaces'
#      counting patches into every probe at most twice a second (a
#      couple of times in all where a cycle takes less than a second),
#      as a kprobe on jump_label_update() and debugfs tpstat/netns count
#      them;
#   3. birth table: nobody's container holds 2,200 loopback connections
#      open (4,400 sockets, more than the 4,096 slots of the default
#      sockets=2048; outside the full tier 300 against sockets=256);
#      meanwhile K connections of the host, and K of a second user's
#      container, each have their lifetime recorded, as
#      many as ftrace's sock:inet_sock_set_state saw close; nobody's
#      namespace keeps its share of the births (an eighth of sockets=),
#      the rest counted lost, which its container's reader is told and a
#      second user's is not, and has it whole again once its
#      connections closed;
#   4. dump slots: in the initial namespace and in root's container,
#      nobody asks for 24 dumps of the namespace's own entries and holds
#      them open: 8 are open, the next is refused with a text naming
#      the cap, and meanwhile a second user and the namespace's root
#      read `tpstat drops`.  In nobody's own container, a reader without
#      capabilities holds its 8 and the container's root still reads;
#      and a user namespace of nobody's that maps 3 uids holds 8 dumps
#      of the initial namespace's entries among them, as nobody.
#   tests/net/tenants.sh <tpstat.ko>
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"

P=/sys/module/tpstat/parameters
# <user> container <command...>: the command as root of a fresh user and
# network namespace that <user> (nobody or user2) made.
container() {
	local who=$1
	shift
	"$who" unshare --user --map-root-user --net "$@"
}
# netns_field <name>: a line of debugfs tpstat/netns ("" without it).
netns_field() { awk -v k="$1" '$1 == k { print $2 }' "$DBG/netns" 2>/dev/null; }
# counting_settles <n>: no more than <n> namespaces count, once the dead
# ones' exits ran (they run in a workqueue).
counting_settles() {
	local i n
	[ -e "$DBG/netns" ] || return 1
	for ((i = 0; i < 300; i++)); do
		n=$(netns_field counting)
		[ -n "$n" ] && [ "$n" -le "$1" ] && return 0
		nap 0.2
	done
	return 1
}

if ! container nobody true 2>"$TMP/unshare.err"; then
	not_ok "an unprivileged user can make a container (unshare -Urn): $(cat "$TMP/unshare.err")"
	suite_end
	exit
fi
suite_load
echo "# netns_max $(<$P/netns_max), netns_user_max $(cat $P/netns_user_max 2>&1)"

# --- 1. one user's namespaces take no one else's slot ------------------------------
nsarm_hold 100
echo "# nobody's 100 namespaces: $ARM; the first refusal: $ARM_ENOSPC"
cap=$(cat $P/netns_user_max 2>/dev/null)
check_eq "slots: of nobody's 100 namespaces, netns_user_max (${cap:-none}) count, the rest are refused" \
	"armed=${cap:-8} enospc=$((100 - ${cap:-8})) other=0" "$ARM"
check "slots: the refusal names netns_user_max" grep -q netns_user_max <<<"$ARM_ENOSPC"

container user2 "$TP" filter clear 2>"$TMP/user2.err"
check_eq "slots: meanwhile a second user's container arms its counters" 0 $?
sed 's/^/# user2: /' "$TMP/user2.err"
ip netns add tpten1
ip netns exec tpten1 "$TP" filter clear 2>"$TMP/root.err"
check_eq "slots: meanwhile root's container arms its counters" 0 $?
sed 's/^/# root: /' "$TMP/root.err"

# Users other than root hold netns_user_max + 1: a netns_max that leaves
# them no more keeps the rest for root.
max0=$(<$P/netns_max)
echo $((${cap:-8} + 4)) >$P/netns_max
echo "# netns_max lowered to $(<$P/netns_max)"
container user2 "$TP" filter clear 2>"$TMP/user2.err"
check_eq "slots: users other than root have their share: a second container of the second user is refused" 1 $?
check "... in one line naming netns_max and netns_user_max" \
	test "$(wc -l <"$TMP/user2.err")" = 1 -a -n "$(grep netns_max "$TMP/user2.err" | grep netns_user_max)"
sed 's/^/# user2: /' "$TMP/user2.err"
ip netns add tpten2
ip netns exec tpten2 "$TP" filter clear 2>"$TMP/root.err"
check_eq "slots: root's second container still arms (root's reserve)" 0 $?
sed 's/^/# root: /' "$TMP/root.err"
echo "$max0" >$P/netns_max
ip netns del tpten1
ip netns del tpten2
nsarm_release
check "slots: every namespace's slot is given back when it goes" counting_settles 0

# netns_user_max is held to its limits, at run time and at load.
echo 4097 >$P/netns_user_max 2>/dev/null
check_eq "netns_user_max=4097 is refused at run time (above 4096)" "${cap:-8}" \
	"$(cat $P/netns_user_max 2>/dev/null)"
check "... and the log says so" bash -c "dmesg | grep -q 'netns_user_max=4097: must be a number from 0 to 4096'"
rmmod tpstat
insmod "$KO" netns_user_max=-1 2>/dev/null
check_eq "netns_user_max=-1 fails the load" 1 $?
[ -d /sys/module/tpstat ] && rmmod tpstat
suite_load netns_user_max=0
container nobody "$TP" filter clear 2>"$TMP/zero.err"
check_eq "netns_user_max=0: no namespace of nobody's counts" 1 $?
sed 's/^/# /' "$TMP/zero.err"
rmmod tpstat
suite_load

# --- 1b. overflow is each namespace's own -------------------------------------------
# The containers' cookies come from SO_NETNS_COOKIE, read with Python:
# where the root has no Python (the foreign architectures'), or where
# the kernel has no u64 net_cookie and tpstat numbers the namespaces
# itself (5.10: tpstat_features.h beside the module says which), the
# buckets cannot be told apart from here.
ovf_why=''
[ -x /usr/bin/python3 ] || ovf_why="no /usr/bin/python3 in this root to read SO_NETNS_COOKIE"
grep -q 'define TPSTAT_HAVE_NET_COOKIE_U64' "$(dirname "$KO")/generated/tpstat_features.h" 2>/dev/null ||
	ovf_why=${ovf_why:-"this kernel has no u64 net_cookie: tpstat numbers its namespaces itself"}
if [ -n "$ovf_why" ]; then
	echo "# overflow: not run here: $ovf_why"
else
	rmmod tpstat
	suite_load reset_keys=16
	# A quota bucket of the tables (table.c): hash_64(cookie, 5), bash's
	# 64-bit arithmetic wrapping as the kernel's does.
	ns_bucket() { echo $(((($1 * 0x61C8864680B583EB) >> 59) & 31)); }
	ns_cookie_py='import socket; s = socket.socket(); print(int.from_bytes(s.getsockopt(socket.SOL_SOCKET, 71, 8), "little"))'
	# ovf_ready <pid>: its container is made (in its namespace, exec'd).
	ovf_ready() {
		[ "$(readlink "/proc/$1/ns/net")" != "$(readlink /proc/self/ns/net)" ] &&
			[ "$(readlink "/proc/$1/exe")" = "$(readlink -f "$(command -v sleep)")" ]
	}
	declare -A ovf_pid ovf_first
	ovf_jobs=()
	pair=''
	for ((i = 0; i < 33; i++)); do
		# setpriv and unshare exec: the job is the container's sleep (not
		# through nobody(), a function: its job would be a subshell).
		setpriv --reuid=nobody --regid=nogroup --clear-groups \
			unshare --user --map-root-user --net sleep 600 &
		ovf_jobs+=($!)
		ovf_pid[$i]=$!
		until_ok 100 ovf_ready "$!" || continue
		c=$(nsenter -t "${ovf_pid[$i]}" -n /usr/bin/python3 -c "$ns_cookie_py" 2>/dev/null)
		[ -n "$c" ] || continue
		b=$(ns_bucket "$c")
		if [ -n "${ovf_first[$b]:-}" ]; then
			pair="${ovf_first[$b]} $i"
			echo "# containers ${ovf_first[$b]} and $i share quota bucket $b (cookie $c)"
			break
		fi
		ovf_first[$b]=$i
	done
	# in_ovf <i> <command...>: as root of container <i>.
	in_ovf() { local p=${ovf_pid[$1]}; shift; nsenter -t "$p" -U -n "$@"; }
	if [ -z "$pair" ]; then
		not_ok "overflow: two of 33 containers share a quota bucket (no SO_NETNS_COOKIE?)"
	else
		read -r a b <<<"$pair"
		in_ovf "$a" ip link set lo up
		in_ovf "$b" ip link set lo up
		rsts() { awk '$1 == "tcp:tcp_send_reset" || $1 == "tcp:tcp_receive_reset" { s += $2 } END { print s + 0 }' "$DBG/counters"; }
		r0=$(rsts)
		for p in 5401 5402 5403 5404 5405 5406 5407 5408; do
			in_ovf "$a" "$NETLOAD" tcp-refused 127.0.0.1 $p 1 >/dev/null
		done
		quiesce
		events=$(($(rsts) - r0))
		in_ovf "$a" "$TP" -j resets >"$TMP/ovfA.json" 2>"$TMP/ovfA.err"
		in_ovf "$b" "$TP" -j resets >"$TMP/ovfB.json" 2>"$TMP/ovfB.err"
		"$TP" -j resets >"$TMP/ovfR.json"
		landed=$(jq '[.resets[] | .sent + .received] | add // 0' "$TMP/ovfA.json")
		lostA=$(jq '.overflow' "$TMP/ovfA.json")
		echo "# A: $events reset events (counters), $landed in its view, overflow $lostA; B: overflow $(jq '.overflow' "$TMP/ovfB.json"); root: overflow $(jq '.overflow' "$TMP/ovfR.json")"
		check "overflow: A's resets overflowed its quota" test "${lostA:-0}" -gt 0
		check_eq "overflow: A is told its own losses, its events less what its view kept" \
			$((events - landed)) "$lostA"
		check_eq "overflow: B, in the same quota bucket, is told none of A's losses" \
			"0 0" "$(jq -r '"\(.overflow) \(.resets | length)"' "$TMP/ovfB.json")"
		check_eq "overflow: the administrator is told every loss" "$lostA" "$(jq '.overflow' "$TMP/ovfR.json")"
		"$TP" reset all && "$TP" reset all
		check_eq "overflow: two resets clear A's count in both generations" 0 \
			"$(in_ovf "$a" "$TP" -j resets | jq '.overflow')"
	fi
	kill "${ovf_jobs[@]}" 2>/dev/null
	wait "${ovf_jobs[@]}" 2>/dev/null
	rmmod tpstat
	suite_load
fi

# --- 2. no patching on demand --------------------------------------------------------
# key_probe_begin: a kprobe event on jump_label_update() for tpstat's key
# (tpstat_netns_counting), which every switch of the key on or off
# calls; fails where the kernel has no such probe point.
key_probe_begin() {
	local addr
	addr=$(awk '$3 == "tpstat_netns_counting" { print $1; exit }' /proc/kallsyms)
	[ -n "$addr" ] && [ "$((16#$addr))" != 0 ] || return 1
	echo 0 >"$TRACING/tracing_on"
	echo "p:tpstat_tenants/key_update jump_label_update key=\$arg1:x64" \
		2>/dev/null >>"$TRACING/kprobe_events" || return 1
	echo "key == 0x$addr" >"$TRACING/events/tpstat_tenants/key_update/filter" || return 1
	: >"$TRACING/trace"
	echo 1 >"$TRACING/events/tpstat_tenants/key_update/enable"
	echo 1 >"$TRACING/tracing_on"
}
# key_probe_end: the switches it saw.
key_probe_end() {
	echo 0 >"$TRACING/tracing_on"
	echo 0 >"$TRACING/events/tpstat_tenants/key_update/enable"
	grep -c 'key_update:' "$TRACING/trace"
	echo "-:tpstat_tenants/key_update" >>"$TRACING/kprobe_events"
	: >"$TRACING/trace"
}
# Far from the caps: every cycle arms, whatever the workqueue's delay.
echo 64 >$P/netns_user_max 2>/dev/null
echo 128 >$P/netns_max
nap 2
sw0=$(netns_field key_switches)
probe=1
key_probe_begin || probe=0
[ $probe = 1 ] || echo "# no kprobe on jump_label_update here: debugfs counts alone"
armed=0
t0=$SECONDS
for ((i = 0; i < 200; i++)); do
	container nobody "$TP" filter clear 2>/dev/null && armed=$((armed + 1))
done
took=$((SECONDS - t0))
counting_settles 0
nap 2
[ $probe = 1 ] && kp=$(key_probe_end)
window=$((SECONDS - t0))
sw1=$(netns_field key_switches)
sw=''
[ -n "$sw0" ] && [ -n "$sw1" ] && sw=$((sw1 - sw0))
echo "# 200 cycles in ${took}s, $armed armed; key switches: kprobe ${kp:-none}, debugfs ${sw:-none}, key now $(netns_field key)"
check_eq "switches: each of the 200 cycles armed its namespace's counters" 200 "$armed"
# The key goes off only a second after the last namespace stopped, and
# on again only after that: within t seconds, at most t + 1 offs and one
# on more.  Where a cycle takes less than a second (not on a debug
# kernel, whose fork and exec take most of one), that is far below the
# 400 switches of a key that follows every namespace.
bound=$((2 * window + 3))
if [ $probe = 1 ]; then
	check "switches: the kprobe saw at most 2 switches of the key a second over the 200 cycles ($kp in ${window}s)" \
		test "$kp" -le $bound
fi
check "switches: debugfs counts at most 2 switches of the key a second over the 200 cycles (${sw:-none} in ${window}s)" \
	test -n "$sw" -a "${sw:-999999}" -le $bound
[ $probe = 1 ] && [ -n "$sw" ] &&
	check_eq "switches: debugfs counts what the kprobe saw" "$kp" "$sw"
check_eq "switches: a second after the last namespace goes, the key is off" off "$(netns_field key)"


# --- 3. the birth table: one user's connections leave the others' lifetimes -------
# Nobody's container holds H loopback connections, both ends open: 2H
# sockets born, more than the table's slots.  Then the host makes K
# connections, and a second user's container K, each closed: every one
# of them has its lifetime, as many as ftrace saw born and close.
# The basic tier (emulated architectures) at an eighth of the scale:
# sockets=256 (512 slots) and 300 connections.
H=2200
K=20
if ! full_tier; then
	rmmod tpstat
	suite_load sockets=256
	H=300
fi
quiesce
"$TP" reset all
# life_count <direction> <port>: the count of the lifetimes row.
life_count() {
	"$TP" -j lifetimes | jq -r --arg d "$1" --argjson p "$2" \
		'[.lifetimes[] | select(.direction == $d and .port == $p) | .count] | add // 0'
}
# container_conns <user> <port> <k>: in a fresh container of <user>, <k>
# loopback connections to <port>, each closed; prints how many were made.
container_conns() {
	# shellcheck disable=SC2016 # the container's shell expands them
	container "$1" bash -c 'ip link set lo up &&
		coproc S { "$0" tcp-server 127.0.0.1 "$1" "$2"; }
		read -r _ <&"${S[0]}"
		"$0" tcp-connect 127.0.0.1 "$1" "$2"
		wait' "$NETLOAD" "$2" "$3" | sed -n 's/^connections=//p'
}
# The host's births and closes on port 5102 (its listener's own LISTEN
# -> CLOSE aside: never born), as views.sh counts them.
births_count_begin 5102
# As a user would, up to the hard limit: root raises it first (2H + 1
# descriptors), as a host's default hard limit (systemd's 524288) allows.
# shellcheck disable=SC2016 # the container's shell expands them
coproc HOLDER {
	ulimit -n $((2 * H + 64))
	nobody unshare --user --map-root-user --net bash -c \
		'ip link set lo up && exec "$0" tcp-hold 127.0.0.1 5101 "$1"' "$NETLOAD" $H 2>&1
}
# shellcheck disable=SC2153 # set by coproc
holder_pid=$HOLDER_PID
held=''
while read -r -t 600 line <&"${HOLDER[0]}"; do
	case $line in
	held=*) held=${line#held=}; break ;;
	*) echo "# holder: $line" ;;
	esac
done
echo "# births: $(head -1 "$DBG/lifetimes")"
held_lost=$("$TP" -j lifetimes | jq .overflow)
# Each container's reader is told of its own lost lifetimes alone: the
# holder's root, nobody's losses; a fresh container of user2's, none.
holder_ns=$(pgrep -f "tcp-hold 127.0.0.1 5101" | head -1)
own_lost=$(nsenter -t "$holder_ns" -U -n "$TP" -j lifetimes | jq .overflow)
# shellcheck disable=SC2016 # the container's shell expands it
other_lost=$(container user2 bash -c 'ip link set lo up && "$0" -j lifetimes' "$TP" | jq .overflow)
serve "$TMP/host.out" "$NETLOAD" tcp-server 127.0.0.1 5102 $K
C=$("$NETLOAD" tcp-connect 127.0.0.1 5102 $K | sed -n 's/^connections=//p')
reap
C2=$(container_conns user2 5103 $K)
quiesce
births_count_end
echo "# nobody holds $held connections; the host made $C, user2 $C2;" \
	"ftrace (port 5102): active $act_born born, $act_closed closed; passive $pas_born born, $pas_closed closed"
echo "# after: $(head -1 "$DBG/lifetimes")"
"$TP" lifetimes | sed 's/^/# /'
check_eq "births: nobody's container holds H connections open (2H sockets, more than sockets=$(<$P/sockets)'s slots)" \
	$H "$held"
# One user's share: an eighth of sockets=; what it refused is lost.
share=$(($(<$P/sockets) / 8))
check_eq "births: nobody's namespace kept its share, sockets/8 ($share) births, the rest counted lost" \
	$((2 * H - share)) "$held_lost"
check_eq "births: nobody's container's reader is told of those losses, its own" \
	"$held_lost" "$own_lost"
check_eq "births: a second user's container's reader is told of none" 0 "$other_lost"
check_eq "births: meanwhile the host made K connections, ftrace saw each end born and close" \
	"$K $K $K $K $K" "$C $act_born $act_closed $pas_born $pas_closed"
check_eq "births: every one of the host's has its lifetime (active, remote port 5102; passive, local port 5102)" \
	"$act_closed $pas_closed" "$(life_count active 5102) $(life_count passive 5102)"
check_eq "births: a second user's container's K connections have theirs too" \
	"$K $K $K" "$C2 $(life_count active 5103) $(life_count passive 5103)"
echo go >&"${HOLDER[1]}"
wait "$holder_pid"
# Each close gave back exactly its charge: nobody's share is whole again.
C3=$(container_conns nobody 5104 $K)
quiesce
check_eq "births: once nobody's connections closed, its next K connections have their lifetimes" \
	"$K $K $K" "$C3 $(life_count active 5104) $(life_count passive 5104)"
log_check "births"

# --- 4. one reader's dumps take no other's slots -------------------------------------
# hold_dumps.py needs Python, which the foreign architectures' roots do
# not have; the dumps' slots are the same C on every architecture, and
# the amd64 kernels' tiers run this part.
if [ ! -x /usr/bin/python3 ]; then
	echo "# dump slots: not run in this root (no /usr/bin/python3 for hold_dumps.py)"
	suite_end
	exit
fi
# dumps_hold <who> <command...>: starts <command> (hold_dumps.py, as
# <who>, through a prefix), and once it holds its dumps, sets out to
# what it said.  dumps_release closes them.
dumps_hold() {
	local who=$1 line
	shift
	out=''
	coproc HOLDER { "$@" 2>&1; }
	# shellcheck disable=SC2153 # set by coproc
	holder_pid=$HOLDER_PID holder_in=${HOLDER[1]}
	while read -r -t 120 line <&"${HOLDER[0]}"; do
		[ "$line" = held ] && break
		out+=$line$'\n'
	done
	# shellcheck disable=SC2001 # a prefix on every line
	sed "s/^/# $who: /" <<<"${out%$'\n'}"
}
dumps_release() {
	exec {holder_in}>&-
	wait "$holder_pid"
}
field() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print }' <<<"$out"; }
HOLD=(/usr/bin/python3 "$here/hold_dumps.py" "$here")
# As nobody and as the second user, through a prefix such as ip netns exec.
AS_NOBODY=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
AS_USER2=(setpriv "--reuid=$UID2" "--regid=$UID2" --clear-groups)
# nobody_reads_again <prefix...>: nobody's `tpstat drops` there works
# within 10 s (a closed socket's dump may end in a workqueue).
nobody_reads_again() {
	local i
	for ((i = 0; i < 50; i++)); do
		"$@" "${AS_NOBODY[@]}" "$TP" drops >/dev/null 2>"$TMP/nobody.err" &&
			return 0
		nap 0.2
	done
	return 1
}

# dump_slots <where> [prefix...]: in <where> (prefix: the command that
# runs a command there), nobody holds as many dumps of the namespace's
# own entries as it may (it asks for 24), while a second user, the
# namespace's root and nobody itself read `tpstat drops`.
dump_slots() {
	local where=$1
	shift
	dumps_hold nobody "$@" "${AS_NOBODY[@]}" "${HOLD[@]}" 24
	check_eq "dumps, $where: nobody holds 8 dumps of the namespace's entries open" \
		8 "$(field dumps)"
	check_eq "dumps, $where: ... the ninth is refused: EBUSY" -16 "$(field errno)"
	check "dumps, $where: ... with a message naming the cap" \
		grep -q "you have 8 view dumps of this namespace's entries open already" \
		<<<"$(field message)"
	"$@" "${AS_USER2[@]}" "$TP" drops >/dev/null 2>"$TMP/user2.err"
	check_eq "dumps, $where: meanwhile a second user reads tpstat drops" 0 $?
	sed 's/^/# user2: /' "$TMP/user2.err"
	"$@" "$TP" drops >/dev/null 2>"$TMP/root.err"
	check_eq "dumps, $where: meanwhile root reads tpstat drops" 0 $?
	sed 's/^/# root: /' "$TMP/root.err"
	"$@" "${AS_NOBODY[@]}" "$TP" drops >/dev/null 2>"$TMP/nobody.err"
	check "dumps, $where: nobody's own read is refused, naming the cap" \
		grep -q "you have 8 view dumps" "$TMP/nobody.err"
	sed 's/^/# nobody: /' "$TMP/nobody.err"
	dumps_release
	check "dumps, $where: once they are closed, nobody reads again" \
		nobody_reads_again "$@"
}
dump_slots "the initial namespace"
ip netns add tpten3
dump_slots "root's container" ip netns exec tpten3
ip netns del tpten3

# In nobody's own container, a process of its root's uid without
# capabilities holds its 8 dumps: the container's root (CAP_NET_ADMIN
# there) still reads.
dumps_hold "nobody's container" container nobody \
	setpriv --inh-caps=-all --bounding-set=-all "${HOLD[@]}" 24
check_eq "dumps, nobody's container: a reader without capabilities holds 8 dumps open" \
	8 "$(field dumps)"
check_eq "dumps, nobody's container: ... the ninth is refused: EBUSY" -16 "$(field errno)"
nsenter -t "$(field pid)" -U -n "$TP" drops >/dev/null 2>"$TMP/croot.err"
check_eq "dumps, nobody's container: meanwhile the container's root reads tpstat drops" 0 $?
sed 's/^/# container root: /' "$TMP/croot.err"
dumps_release

# A user's user namespaces read the initial namespace as that user,
# whatever uids they map: in nobody's, where root maps 3 uids (as
# newuidmap maps subordinate ids), those uids hold 8 dumps among them,
# not 8 each, and nobody's own read is refused meanwhile; a second
# user still reads.
dumps_hold "nobody's 3 uids" "${HOLD[@]}" 8 3
check_eq "dumps, nobody's namespace of 3 uids: 8 dumps open among them, not 8 a uid" \
	8 "$(field dumps)"
check_eq "dumps, nobody's namespace of 3 uids: ... the rest are refused: EBUSY" \
	-16 "$(field errno)"
user2 "$TP" drops >/dev/null 2>"$TMP/user2.err"
check_eq "dumps, nobody's namespace of 3 uids: meanwhile a second user reads tpstat drops" \
	0 $?
sed 's/^/# user2: /' "$TMP/user2.err"
nobody "$TP" drops >/dev/null 2>"$TMP/nobody.err"
check "dumps, nobody's namespace of 3 uids: nobody's own read is refused meanwhile" \
	grep -q "you have 8 view dumps" "$TMP/nobody.err"
dumps_release
check "dumps, nobody's namespace of 3 uids: once they are closed, nobody reads again" \
	nobody_reads_again

suite_end
