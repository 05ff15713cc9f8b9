#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The privilege table (uapi/tpstat.yaml, "Who may do what"), row by
# row, as three callers inside a test kernel:
#   root      root in the initial namespaces
#   nobody    an unprivileged user in the initial namespaces
#   userns    root of a user namespace nobody made, with its own network
#             namespace (unshare -Urn as nobody): CAP_NET_ADMIN over that
#             namespace only
# Then what an unprivileged caller may make the module hold or do:
#   - an unprivileged reader in the initial namespace sees none of another
#     namespace's devices, ports or counts;
#   - a drop location whose module is gone reads "?", never an address;
#   - counting namespaces are capped (netns_max, and netns_user_max a
#     user) with a message, and their counters are charged to the memory
#     cgroup of the root that set them;
#   - a namespace flooding RESETS with refused connects keeps to its quota:
#     the administrator's later entries are still kept, as ftrace counts;
#   - a namespace's root (its administrator) holds at most 8 view dumps
#     open at once, each a copy of its own entries only, charged to its
#     memory cgroup.
#   tests/net/privilege.sh <tpstat.ko>
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
# userns <script>: the script as root of a fresh user and network namespace.
userns() {
	nobody unshare --user --map-root-user --net bash -c "ip link set lo up; $1"
}
# as <who> <command...>: its exit status, its stderr in $TMP/err.
as() {
	local who=$1
	shift
	case $who in
	root) "$@" > "$TMP/out" 2> "$TMP/err" ;;
	nobody) nobody "$@" > "$TMP/out" 2> "$TMP/err" ;;
	userns) userns "$(printf '%q ' "$@")" > "$TMP/out" 2> "$TMP/err" ;;
	esac
}
# row <what> <root> <nobody> <userns> <command...>: each caller is allowed
# (ok) or refused (no) as the table says; a refusal in one line.
row() {
	local what=$1 want rc who
	local -A exp=([root]=$2 [nobody]=$3 [userns]=$4)
	shift 4
	for who in root nobody userns; do
		as "$who" "$@"
		rc=$?
		want=${exp[$who]}
		if [ "$want" = ok ]; then
			check_eq "$what as $who is allowed" 0 "$rc"
			[ "$rc" = 0 ] || sed 's/^/# /' "$TMP/err"
		else
			check_eq "$what as $who is refused" 1 "$rc"
			check "... in one line" test "$(wc -l < "$TMP/err")" = 1
		fi
	done
}

if ! userns true 2> "$TMP/unshare.err"; then
	not_ok "an unprivileged user can make a container (unshare -Urn): $(cat "$TMP/unshare.err")"
	suite_end
	exit
fi
# Each userns row makes a namespace that counts until it is cleaned up
# (asynchronously): the cap is lowered to 2 only for its own test.
suite_load reset_keys=64 netns_max=64

# --- the table, row by row ---------------------------------------------------------
row "list" ok ok ok "$TP" list
row "info" ok ok ok "$TP" info
row "show (system-wide in the initial namespace)" ok ok no "$TP" show
row "reset" ok no no "$TP" reset all
row "detach" ok no no "$TP" detach skb:consume_skb
row "attach" ok no no "$TP" attach skb:consume_skb
row "filter (set)" ok no ok "$TP" filter lport 9
row "filter show" ok no no "$TP" filter show
"$TP" filter clear
userns "$TP filter clear && $TP show" > /dev/null
check_eq "userns: show, once its own filter is set" 0 $?
userns "$TP filter rport 5 && $TP -j filter show" > "$TMP/f.json"
check_eq "userns: filter show, its own filter" 5 "$(jq .remote_port "$TMP/f.json")"
for v in drops devices; do
	row "$v" ok ok ok "$TP" "$v"
done
for v in states hist; do
	row "$v (system-wide)" ok ok no "$TP" "$v"
done
for v in retrans resets lifetime; do
	row "$v" ok no ok "$TP" "$v"
	err=$(nobody "$TP" "$v" 2>&1 > /dev/null)
	check "... nobody hears it needs CAP_NET_ADMIN" grep -q CAP_NET_ADMIN <<< "$err"
done
row "drops --by trap (TRAPS)" ok no no "$TP" drops --by trap
row "monitor" ok no ok timeout --preserve-status -s INT 3 "$TP" monitor
echo 0 > /sys/module/tpstat/parameters/netns_monitor
as userns timeout --preserve-status -s INT 3 "$TP" monitor
check_eq "netns_monitor=0: monitor as userns is refused" 1 $?
check "... saying netns_monitor" grep -q netns_monitor "$TMP/err"
as root timeout --preserve-status -s INT 3 "$TP" monitor
check_eq "netns_monitor=0: monitor as root still works" 0 $?
echo 1 > /sys/module/tpstat/parameters/netns_monitor
for f in counters events monitor drops devices resets; do
	check "debugfs $f: root reads it" cat "$DBG/$f" > /dev/null
	nobody cat "$DBG/$f" > /dev/null 2>&1
	check_eq "debugfs $f: nobody may not" 1 $?
done

# --- an unprivileged reader in the initial namespace -----------------------------
ip netns add tpx
ip -n tpx link set lo up
ip -n tpx link add tpsecret type dummy
ip -n tpx link set tpsecret up
ip -n tpx addr add 10.99.77.1/24 dev tpsecret
ip -n tpx neigh add 10.99.77.2 lladdr 02:00:00:00:00:02 dev tpsecret
nsx=$(ip netns exec tpx stat -L -c %i /proc/self/ns/net)
ns0=$(stat -L -c %i /proc/self/ns/net)
ip netns exec tpx "$NETLOAD" udp-send 10.99.77.2 5003 5 > /dev/null
ip netns exec tpx "$NETLOAD" udp-send 127.0.0.1 5003 4 > /dev/null
"$NETLOAD" udp-send 127.0.0.1 5003 3 > /dev/null
# ip netns names tpx for root's reads: look for the inode and the name.
for v in devices drops; do
	by=()
	[ "$v" = drops ] && by=(--by netns)
	"$TP" -j "$v" "${by[@]}" > "$TMP/root.json"
	nobody "$TP" -j "$v" "${by[@]}" > "$TMP/nobody.json"
	check "$v: root sees tpx's entries (so the next check can fail)" \
		grep -qE "tpsecret|\"netns\": ?$nsx\b" "$TMP/root.json"
	check_eq "$v: nobody sees only the initial namespace's" "[$ns0]" \
		"$(jq -c '[.. | objects | .netns? // empty] | unique' "$TMP/nobody.json")"
	check "$v: ... and no tpx device name" bash -c "! grep -q tpsecret '$TMP/nobody.json'"
done
check_eq "drops: nobody's count is the initial namespace's 3 at the UDP port" 3 \
	"$(nobody "$TP" -j drops --by location | jq '[.drops[] | select(.location | test("^(__udp4_lib_rcv|udp_rcv)\\+")) | .count] | add // 0')"
ip netns del tpx

# --- a drop location whose module is gone -------------------------------------------
# vxlan_xmit drops what has no remote (no fdb entry, no default); then
# the module goes, and kallsyms knows the address no more.
if ip link add tpvx type vxlan id 42 dstport 4789 nolearning 2>/dev/null; then
	echo 1 > /proc/sys/net/ipv6/conf/tpvx/disable_ipv6
	ip link set tpvx up
	ip addr add 10.99.88.1/24 dev tpvx
	ip neigh add 10.99.88.2 lladdr 02:00:00:00:00:02 dev tpvx
	"$TP" reset all
	"$NETLOAD" udp-send 10.99.88.2 5003 6 > "$TMP/vx.out" 2>&1
	vx=$("$TP" -j drops --by location | jq '[.drops[] | select(.location | startswith("vxlan_xmit")) | .count] | add // 0')
	check_eq "6 drops at vxlan_xmit while vxlan is loaded" 6 "$vx"
	[ "$vx" = 6 ] || { cat "$TMP/vx.out"; ip route get 10.99.88.2; ip neigh show dev tpvx; "$TP" drops --by location; ip -s link show tpvx; } | sed 's/^/# /'
	ip link del tpvx
	if rmmod vxlan 2>/dev/null; then
		"$TP" -j drops --by location > "$TMP/loc.json"
		check_eq "... after rmmod vxlan, the same 6 at location \"?\"" 6 \
			"$(jq '[.drops[] | select(.location == "?") | .count] | add // 0' "$TMP/loc.json")"
		check_eq "... no location is a number" 0 \
			"$(jq '[.drops[] | select(.location | test("^(0x)?[0-9a-f]{6,}"))] | length' "$TMP/loc.json")"
		check_eq "... nor in debugfs" 0 \
			"$(awk 'NR > 2 && $2 ~ /^(0x)?[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/' "$DBG/drops" | wc -l)"
		# shellcheck disable=SC2016
		check "... where it reads ? too" awk 'NR > 2 && $2 == "?" && $1 == 6 { f = 1 } END { exit !f }' "$DBG/drops"
	else
		ok "# SKIP vxlan cannot be unloaded here"
	fi
else
	ok "# SKIP no vxlan"
fi

# --- the cap on counting namespaces, and their memory cgroup -----------------------
# netns_user_max=2: two of nobody's containers count, a third is
# refused; when one goes, another may start.  netns_max=4 leaves users
# other than root 4 - 2 slots (tenants.sh tests each cap).
CG=/sys/fs/cgroup
cg=''
mountpoint -q "$CG" || mount -t cgroup2 none "$CG" 2> /dev/null
if grep -qw memory "$CG/cgroup.controllers" 2>/dev/null; then
	echo +memory > "$CG/cgroup.subtree_control" 2>/dev/null
	mkdir -p "$CG/tpstat-priv" && cg=$CG/tpstat-priv
fi
percpu() { awk '$1 == "percpu" { print $2 }' "$cg/memory.stat"; }
holder() { # <dir>: a container that counts, until <dir>/stop
	local d=$1
	mkdir -p "$d"
	chmod 777 "$d"
	cat > "$d/run.sh" <<EOT
"$TP" info > /dev/null
[ -n "$cg" ] && awk '\$1 == "percpu" { print \$2 }' $cg/memory.stat > $d/before
# A namespace of an earlier row may still be on its way out.
rc=1
for i in \$(seq 100); do
	if "$TP" filter clear 2> $d/filter.err; then rc=0; break; fi
	sleep 0.2
done
echo \$rc > $d/filter.rc
[ -n "$cg" ] && awk '\$1 == "percpu" { print \$2 }' $cg/memory.stat > $d/after
touch $d/ready
while [ ! -e $d/stop ]; do sleep 0.1; done
EOT
	# Into the cgroup first (moving needs root over both ends).
	(
		[ -z "$cg" ] || echo "$BASHPID" > "$cg/cgroup.procs"
		userns "bash $d/run.sh"
	) > "$d/out" 2>&1 &
}
echo 4 > /sys/module/tpstat/parameters/netns_max
echo 2 > /sys/module/tpstat/parameters/netns_user_max
holder "$TMP/h1"
h1=$!
until_ok 300 test -e "$TMP/h1/ready"
holder "$TMP/h2"
h2=$!
until_ok 300 test -e "$TMP/h2/ready"
check_eq "netns_user_max=2: nobody's first namespace counts" 0 "$(cat "$TMP/h1/filter.rc")"
check_eq "... the second too" 0 "$(cat "$TMP/h2/filter.rc")"
userns "$TP filter clear" 2> "$TMP/err"
check_eq "... a third is refused" 1 $?
check "... in one line naming netns_user_max" \
	test "$(wc -l < "$TMP/err")" = 1 -a -n "$(grep netns_user_max "$TMP/err")"
sed 's/^/# /' "$TMP/err"
if [ -n "$cg" ] && [ -n "$(percpu)" ]; then
	b=$(cat "$TMP/h1/before") a=$(cat "$TMP/h1/after")
	echo "# memcg percpu: $b before the filter, $a after"
	check "its per-CPU counters are charged to its memory cgroup (percpu grew by $((a - b)) >= 4096)" \
		test $((a - b)) -ge 4096
else
	ok "# SKIP no memory cgroup with a percpu figure here"
fi
touch "$TMP/h1/stop"
wait "$h1"
third() { userns "$TP filter clear" 2> /dev/null; }
check "when the first namespace is gone, another may count" until_ok 300 third
touch "$TMP/h2/stop"
wait "$h2"
echo 9999 > /sys/module/tpstat/parameters/netns_max 2> /dev/null
check_eq "netns_max=9999 is refused (above 4096)" 4 \
	"$(cat /sys/module/tpstat/parameters/netns_max)"
echo 64 > /sys/module/tpstat/parameters/netns_max
echo 8 > /sys/module/tpstat/parameters/netns_user_max
[ -n "$cg" ] && { echo $$ > "$CG/cgroup.procs"; rmdir "$cg" 2> /dev/null; }

# --- a namespace flooding RESETS ------------------------------------------------------
# reset_keys=64: another namespace's keys may take 8 of them.  It makes
# refused connects to 100 ports (a key per port for the received reset,
# and from 6.2 on one for the sent one, socketless); then the
# administrator's refused connects must still be kept, and counted as
# ftrace counts them.
"$TP" reset all
cat > "$TMP/flood.py" <<'PY'
import socket
for port in range(20000, 20100):
    s = socket.socket()
    try:
        s.connect(("127.0.0.1", port))
    except ConnectionRefusedError:
        pass
    s.close()
PY
userns "python3 $TMP/flood.py; $TP -j resets" > "$TMP/flood.json"
check "the flooding namespace reads its own resets" test -s "$TMP/flood.json"
fl=$(jq '.resets | length' "$TMP/flood.json")
check "... at most its quota, 8 keys and a few racing ($fl)" test "${fl:-99}" -le 10
check "... and hears it lost the rest (overflow $(jq .overflow "$TMP/flood.json"))" \
	test "$(jq .overflow "$TMP/flood.json")" -ge 90
quiesce
mkdir "$TMP/judge"
judge_begin "$TMP/judge" tcp:tcp_send_reset tcp:tcp_receive_reset
"$NETLOAD" tcp-refused 127.0.0.1 5302 7 > /dev/null
quiesce
judge_end
void=$(judge_void)
[ -z "$void" ] || echo "# the ftrace counts are void: $void"
"$TP" -j resets > "$TMP/admin.json"
got=$(jq --argjson ns "$ns0" '[.resets[] | select(.netns == $ns) | .sent + .received] | add // 0' "$TMP/admin.json")
check_eq "the administrator's resets are all kept: equal to ftrace's" \
	$(($(judge_hits tcp:tcp_send_reset) + $(judge_hits tcp:tcp_receive_reset))) "$got"
check "... which are one or two per refused connect (6.2 on: sent ones too)" \
	test "$got" -ge 7 -a "$got" -le 14
check "... and the system's overflow counts the flood's losses" \
	test "$(jq .overflow "$TMP/admin.json")" -ge 90

# --- what a namespace's readers make the module hold -------------------------------
# reset_keys=65536: a namespace's keys may take 8192.  Its root makes
# refused connects to 300 ports, then opens RESETS dumps and reads only
# their first part, so that each stays open with its copy, from a memory
# cgroup of its own: the ninth is refused, with a message, and closing
# one makes room for another.  The eight copies hold the namespace's own
# entries, charged to its cgroup: 8 x (2 x (entries + 64)) records of at
# most 256 bytes, and 1 MiB for the sockets, where a copy of every slot
# of the table (131,072) would be that many records each.
rmmod tpstat
suite_load reset_keys=65536
cg='' mem=-
if grep -qw memory "$CG/cgroup.controllers" 2>/dev/null; then
	mkdir -p "$CG/tpstat-dumps" && cg=$CG/tpstat-dumps mem=$cg/memory.current
fi
sed -i 's/range(20000, 20100)/range(20000, 20300)/' "$TMP/flood.py"
(
	[ -z "$cg" ] || echo "$BASHPID" > "$cg/cgroup.procs"
	userns "python3 $TMP/flood.py
		echo entries \$($TP -j resets | jq '.resets | length')
		python3 $here/view_dumps.py $here $mem"
) > "$TMP/dumps.out" 2> "$TMP/dumps.err"
sed 's/^/# /' "$TMP/dumps.out" "$TMP/dumps.err"
field() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "$TMP/dumps.out"; }
n=$(field entries)
check "the namespace has entries enough for a dump of many messages ($n)" \
	test "${n:-0}" -ge 100
check_eq "a namespace's root holds 8 view dumps of its own entries open at once" 8 "$(field held)"
check_eq "... the ninth is refused: EBUSY" -16 "$(field errno)"
check "... with a message saying why" \
	grep -q "view dumps of this namespace's entries open already" <<< "$(field message)"
check_eq "... and once one is closed, another may start" 0 "$(field again)"
b=$(field memory_before) a=$(field memory_during)
if [ -n "$cg" ] && [ "${b:--1}" -ge 0 ]; then
	most=$((8 * 2 * (n + 64) * 256 + 1048576))
	echo "# memcg: $b bytes before the dumps, $a with 8 open; at most $most"
	check "... their copies, as its cgroup sees them, are its entries, not the table ($((a - b)) <= $most)" \
		test $((a - b)) -le "$most"
else
	ok "# SKIP no memory cgroup here"
fi
[ -n "$cg" ] && rmdir "$cg" 2> /dev/null

suite_end
