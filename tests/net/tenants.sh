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
#      them.
#   tests/net/tenants.sh <tpstat.ko>
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"

P=/sys/module/tpstat/parameters
# A second unprivileged user, who is not nobody.
UID2=4242
user2() { setpriv --reuid=$UID2 --regid=$UID2 --clear-groups "$@"; }
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

suite_end
