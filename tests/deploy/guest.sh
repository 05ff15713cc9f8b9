#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Deployment tests inside a test kernel (tests/vm/boot.sh), after the
# host installed the Debian packages (tests/deploy/host.sh): modprobe
# loads the DKMS build, it counts exactly (ftrace hist triggers), tpstat
# export passes promtool and agrees with tpstat show -j, the installed
# tpstat-export.service's exporter, run with the unit's own user and
# capabilities (unit.sh), writes every metric family (and one without
# its capabilities would not), the examples for modprobe.d and
# modules-load.d work, the module autoloads for the tool, doctor says
# why tpstat is not running (not loaded; built for another kernel), and the
# package's autopkgtest (debian/tests) passes as autopkgtest runs it.
#   tests/deploy/guest.sh <version>
# Prints TAP lines and ends with "# <P> passed, <F> failed".
set -uo pipefail

VERSION=$1
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
NETLOAD=$top/build/tools/netload
TP=$top/build/ctl/tpstat
EXAMPLES=$top/dkms/examples
# shellcheck source=tests/net/lib.sh
. "$top/tests/net/lib.sh"
# shellcheck source=tests/net/workloads.sh
. "$top/tests/net/workloads.sh"
# shellcheck source=tests/deploy/fill_views.sh
. "$here/fill_views.sh"
UNIT=/lib/systemd/system/tpstat-export.service
TMP=$(mktemp -d)
release=$(uname -r)

dmesg -C
ip link set lo up

# --- modprobe loads what DKMS installed --------------------------------------
check "tpstat is not loaded at boot" test ! -d /sys/module/tpstat
check "modprobe tpstat" modprobe tpstat
path=$(modinfo -n tpstat)
case $path in
"/lib/modules/$release/updates/dkms/tpstat.ko"*) ok "modprobe resolves to DKMS's copy ($path)" ;;
*) not_ok "modprobe resolves to DKMS's copy (got '$path')" ;;
esac
srcversion=$(cat /sys/module/tpstat/srcversion 2>/dev/null)
check "the loaded module has a srcversion (${srcversion:-none})" test -n "$srcversion"
check_eq "the loaded module is that file (srcversion)" \
	"$(modinfo -F srcversion tpstat)" "$srcversion"
check_eq "module version is module/base/version.h's" "$VERSION" \
	"$(cat /sys/module/tpstat/version)"
check "debugfs is there" test -r "$DBG/counters"

# --- it counts exactly: counter deltas against ftrace --------------------------
EVENTS="skb:kfree_skb tcp:tcp_destroy_sock sock:inet_sock_set_state net:net_dev_xmit net:netif_receive_skb"
HIST='hist:keys=common_pid'
quiesce
snapshot "$TMP/a"
for ev in $EVENTS; do trigger "$ev" "$HIST"; done
"$NETLOAD" tcp-refused 127.0.0.1 5002 7 > /dev/null
"$NETLOAD" udp-send 127.0.0.1 5003 5 > /dev/null
quiesce
snapshot "$TMP/b"
for ev in $EVENTS; do
	hits=$(hist_hits "$ev" "$HIST")
	check_eq "$ev: ftrace saw the workload and dropped nothing" "0 yes" \
		"$(hist_dropped "$ev" "$HIST") $([ "${hits:-0}" -gt 0 ] && echo yes)"
	check_eq "$ev: DKMS-built counter delta equals ftrace" "$hits" \
		"$(delta "$TMP/a" "$TMP/b" "$ev")"
	untrigger "$ev" "$HIST"
done

# --- export: promtool, and the same numbers as show -j ------------------------
G='tcp:*,sock:*,net:*,napi:*'	# not skb: netlink replies are skbs
quiesce
"$TP" export "$G" > "$TMP/prom"
check_eq "export exits 0" 0 $?
"$TP" -j show -z "$G" > "$TMP/json"
check "export passes promtool check metrics" promtool check metrics < "$TMP/prom"
# Back from the exposition to the dump's names (docs/deployment.md, Prometheus).
awk '
	/^#/ { next }
	{ v = $NF; m = $1 }
	m ~ /^tpstat_tracepoint_hits_total\{/ {
		match(m, /tracepoint="[^"]*"/)
		print substr(m, RSTART + 12, RLENGTH - 13), v
	}
	m == "tpstat_net_dev_xmit_bytes_total" { print "net:net_dev_xmit.bytes", v }
	m == "tpstat_net_dev_xmit_errors_total" { print "net:net_dev_xmit.errors", v }
	m == "tpstat_netif_receive_skb_bytes_total" { print "net:netif_receive_skb.bytes", v }
	m == "tpstat_skb_drops_total" { print "skb:kfree_skb.drops", v }
	m ~ /^tpstat_tcp_state_transitions_total\{/ {
		match(m, /old="[^"]*"/); o = substr(m, RSTART + 5, RLENGTH - 6)
		match(m, /new="[^"]*"/); n = substr(m, RSTART + 5, RLENGTH - 6)
		print "sock:inet_sock_set_state." o "->" n, v
	}
	m ~ /^tpstat_derived_total\{/ {
		match(m, /tracepoint="[^"]*"/); t = substr(m, RSTART + 12, RLENGTH - 13)
		match(m, /value="[^"]*"/); d = substr(m, RSTART + 7, RLENGTH - 8)
		print t "." d, v
	}' "$TMP/prom" | LC_ALL=C sort > "$TMP/from-prom"
jq -r '.counters[] | "\(.name) \(.value)"' "$TMP/json" | LC_ALL=C sort > "$TMP/from-json"
check "export agrees with show -z -j, every counter" diff "$TMP/from-json" "$TMP/from-prom"
check "... and there were transitions and bytes to compare" \
	grep -q '^sock:inet_sock_set_state\..*->.* [1-9]' "$TMP/from-prom"
check "export has no tpstat_derived_total today (every value has a family)" \
	bash -c "! grep -q '^tpstat_derived_total' '$TMP/prom'"

"$TP" export > "$TMP/all"
cp "$TMP/all" /tmp/out/export.prom 2>/dev/null	# kept for docs/deployment.md's example
check_eq "tpstat_up 1" 1 "$(awk '$1 == "tpstat_up" { print $2 }' "$TMP/all")"
check "tpstat_info has the version and the kernel" \
	grep -qxF "tpstat_info{version=\"$VERSION\",kernel=\"$release\"} 1" "$TMP/all"
check_eq "tpstat_tracepoint_attached: a sample per present event" \
	"$(grep -vc ' missing$' "$DBG/events")" \
	"$(grep -c '^tpstat_tracepoint_attached{' "$TMP/all")"
check "skb drops exported" grep -q '^tpstat_skb_drops_total [0-9]' "$TMP/all"
check "full export passes promtool" promtool check metrics < "$TMP/all"

# --- --textfile: atomic replacement --------------------------------------------
TF=$TMP/textfile
mkdir "$TF"
check "export --textfile" "$TP" export --textfile "$TF"
check_eq "it wrote tpstat.prom and nothing else" "tpstat.prom" "$(ls -A "$TF")"
check_eq "tpstat.prom is 0644" 644 "$(stat -c %a "$TF/tpstat.prom")"
check "tpstat.prom passes promtool" promtool check metrics < "$TF/tpstat.prom"
series() { awk '!/^#/ { print $1 }' "$1" | LC_ALL=C sort; }
check "tpstat.prom has the series stdout has" diff <(series "$TMP/all") <(series "$TF/tpstat.prom")
# A reader during 100 rewrites must see whole files only.
want=$(wc -l < "$TF/tpstat.prom")
( for _ in $(seq 1 100); do "$TP" export --textfile "$TF" || exit 1; done ) &
writer=$!
bad=0 reads=0
while kill -0 "$writer" 2>/dev/null; do
	n=$(wc -l < "$TF/tpstat.prom")
	last=$(tail -c 1 "$TF/tpstat.prom" | od -An -c | tr -d ' ')
	reads=$((reads + 1))
	[ "$n" = "$want" ] && [ "$last" = '\n' ] || bad=$((bad + 1))
done
wait "$writer"
check_eq "100 rewrites succeeded" 0 $?
check_eq "$reads reads during them saw only whole files" 0 $bad
check_eq "no temporary files left" "tpstat.prom" "$(ls -A "$TF")"

# --- the installed export unit, run as systemd would run it -------------------
# unit.sh's "ok - what" lines, as this script's TAP lines.
tap_lines() {
	local line
	while IFS= read -r line; do
		case $line in
		"ok - "*) ok "${line#ok - }" ;;
		"not ok - "*) not_ok "${line#not ok - }" ;;
		*) echo "$line" ;;
		esac
	done
}
fill_views "$TMP"
tap_lines < <("$here/unit.sh" "$UNIT" /usr/sbin/tpstat "${UNIT##*/}")
# The unit as it was before (CapabilityBoundingSet= empty, "reading
# tpstat needs no privilege"): the same test must fail, naming the
# families the module keeps from it.
sed 's/^CapabilityBoundingSet=.*/CapabilityBoundingSet=/' "$UNIT" > "$TMP/nocaps.service"
"$here/unit.sh" "$TMP/nocaps.service" /usr/sbin/tpstat "no capabilities" > "$TMP/nocaps.log"
check_eq "unit.sh fails for the unit with an empty CapabilityBoundingSet=" 1 $?
check "... because metric families are missing" \
	grep -q '^not ok - .*every metric family.*(missing: ' "$TMP/nocaps.log"
check "... while its file says tpstat_up 1" grep -qx 'ok - .*: tpstat_up 1' "$TMP/nocaps.log"
grep '^not ok' "$TMP/nocaps.log" | sed 's/^/# /'

# --- the examples: modules-load.d list, modprobe.d options --------------------------
rmmod tpstat
conf=$EXAMPLES/modprobe.d/tpstat.conf
mods=$(grep -v '^#' "$EXAMPLES/modules-load.d/tpstat.conf")
# What systemd-modules-load does with the list, with the example options.
# shellcheck disable=SC2086
check "modprobe -a <modules-load.d list> with the modprobe.d example" \
	modprobe -C "$conf" -a $mods
spec=$(sed -n 's/^options tpstat events=//p' "$conf")
check_eq "events= from the modprobe.d example" "$spec" \
	"$(cat /sys/module/tpstat/parameters/events)"
wrong=0
while read -r ev state; do
	[ "$state" = missing ] && continue
	want_state=detached
	IFS=, read -ra globs <<< "$spec"
	for g in "${globs[@]}"; do
		# shellcheck disable=SC2053
		[[ $ev == $g ]] && want_state=attached
	done
	[ "$state" = "$want_state" ] || { wrong=1; echo "# $ev: $state, want $want_state"; }
done < "$DBG/events"
check_eq "attached exactly what those globs match" 0 $wrong

# --- the tool loads the module itself (genetlink family alias) ---------------------
rmmod tpstat
quiet_info() { "$TP" info > /dev/null; }
check "tpstat info with the module unloaded succeeds" quiet_info
check "tpstat info autoloads tpstat" test -d /sys/module/tpstat
rmmod tpstat
check "rmmod tpstat" test ! -d /sys/module/tpstat

# --- doctor where tpstat is not running: why, from this machine -------------------
# The kernel loads the module on demand for the tool's request; with that
# off (kernel.modprobe), doctor finds DKMS's file installed, not loaded.
modprobe_path=$(cat /proc/sys/kernel/modprobe)
echo /bin/false > /proc/sys/kernel/modprobe
"$TP" doctor > "$TMP/absent"
check_eq "doctor, module unloaded and no loading on demand: exit status 4" 4 $?
check "... it names DKMS's file and kernel.modprobe" grep -qxF \
	"[1] not_loaded: $path is installed but not loaded, and the kernel does not load modules on demand (kernel.modprobe = /bin/false)" \
	"$TMP/absent"
check "... and what to do: modprobe tpstat" grep -q '^    do: modprobe tpstat ' "$TMP/absent"
sed 's/^/# /' "$TMP/absent"
# DKMS's build for Debian 12's other kernel, which this one refuses.
other=
for ko in /lib/modules/*/updates/dkms/tpstat.ko*; do
	v=$(modinfo -F vermagic "$ko" 2>/dev/null)
	[ -n "$v" ] && [ "${v%% *}" != "$release" ] && { other=$ko; break; }
done
if [ -n "$other" ]; then
	insmod "$other" 2>/dev/null
	check_eq "insmod of the build for another kernel ($other) fails" 1 $?
	"$TP" -j doctor > "$TMP/absent.json"
	check_eq "doctor -j after it: exit status 4" 4 $?
	check "... the kernel's refusal, quoted, with the rebuild for this kernel" \
		python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1]))
c = d["causes"][0]
# 6.1 says "tpstat: disagrees about version of symbol module_layout",
# 6.12 "module tpstat: .gnu.linkonce.this_module section size must match".
sys.exit(not (d["loaded"] is False and d["release"] == sys.argv[2] and
	      c["cause"] == "other_kernel" and
	      re.match(r"the kernel refused a tpstat built for another kernel: \"(module )?tpstat: ", c["what"]) and
	      "dkms install tpstat -k " + sys.argv[2] in c["fix"]))' "$TMP/absent.json" "$release"
	sed 's/^/# /' "$TMP/absent.json"
	dmesg | grep 'tpstat: ' | tail -2 | sed 's/^/# kernel: /'
else
	not_ok "a DKMS build for another kernel to refuse (none in /lib/modules/*/updates/dkms)"
fi
echo "$modprobe_path" > /proc/sys/kernel/modprobe
check "tpstat is still not loaded" test ! -d /sys/module/tpstat

# --- the package's autopkgtest, as autopkgtest runs it -------------------------
# Each test of debian/tests/control with AUTOPKGTEST_TMP set: it passes
# when it exits 0 and, unless it allows stderr, writes nothing there.
ctl=$top/debian/tests/control
read -ra adt_tests <<< "$(sed -n 's/^Tests: *//p' "$ctl" | tr '\n' ' ')"
for t in "${adt_tests[@]}"; do
	restrictions=$(awk -v t="$t" '/^Tests:/ { on = ($2 == t) } on && /^Restrictions:/' "$ctl")
	mkdir "$TMP/adt-$t"
	AUTOPKGTEST_TMP=$TMP/adt-$t "$top/debian/tests/$t" > "$TMP/adt-$t.out" 2> "$TMP/adt-$t.err"
	st=$?
	sed "s/^/# $t: /" "$TMP/adt-$t.out"
	check_eq "autopkgtest $t: exit status" 0 $st
	if [[ $restrictions != *allow-stderr* ]]; then
		check_eq "autopkgtest $t: nothing on stderr" "" "$(head -3 "$TMP/adt-$t.err")"
	fi
done
check "autopkgtest left tpstat unloaded, as it found it" test ! -d /sys/module/tpstat

if dmesg | grep -qE 'BUG:|WARNING:|Oops|general protection'; then
	not_ok "kernel log clean"
	dmesg | grep -E 'BUG:|WARNING:|Oops' | head -5 | sed 's/^/# /'
else
	ok "kernel log clean"
fi
rm -rf "$TMP"
finish
