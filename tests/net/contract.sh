#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The contract: what can differ by kernel and architecture, in one boot
# of every kernel make check runs, within 150 s of an x86-64 TCG guest
# (300 s emulated).  The deep suites check the same parts at length on
# some kernels; this one takes the parts of them whose answer depends on
# the kernel (its tracepoints, its netlink, its structures' layout), with
# their own functions (hostile.sh, judge.sh, workloads.sh, lib.sh):
#   1. the module loads with the default events: the hand-written probes'
#      tracepoints attached where the kernel has them (run.sh's check);
#      nlfuzz's TPSTAT_CONTRACT_FUZZ_N (1,000) requests as root, nobody and a
#      user namespace's root; a second unprivileged user who takes every
#      namespace and dump slot it may while nobody's container and the
#      administrator arm and read; and the targeted bad requests, with
#      every attached counter exact against ftrace over them
#      (adversary.sh's parts 1, 2 and 3, judged as one);
#   2. it loads again with events='*': every tracepoint the kernel has is
#      attached, and over one window of workloads that touch every view's
#      tracepoints (events.sh's, over a lossy link so that TCP
#      retransmits, then UDP over its memory limit and SYNs without the
#      TCP-MD5 key a listener wants: workloads.sh) each attached trace event is exact against ftrace:
#      hist triggers, or the ring buffer where the kernel has none (5.10);
#   3. every view dumps and decodes through netlink (tpstat -j VIEW) and
#      through its debugfs file: the two say the same
#      header (overflow, entries, capacity) and the same total, and the
#      total is what the workload made, as the judged counters say;
#   the recorder (history=2): once an interval has closed, its intervals
#      since load add up to every counter, in debugfs and through netlink
#      (tpstat history -j);
#   doctor: connects refused by a closed port make the findings the
#      errors and resets views' counts call for (doctor.sh's closed port);
#   4. rmmod with every event attached while a view's dump (a few
#      hundred entries) is held half-read: it unloads or refuses, the dump
#      then ends cleanly and the module unloads (adversary.sh's part 6,
#      one reader); the kernel log clean throughout (no BUG, WARNING,
#      KASAN, lockdep, sleeping in atomic; kmemleak finds nothing).
# Needs bash, coreutils, iproute2, jq, util-linux, kmod and the built
# tools (build/tools*/netload, nlfuzz; build/ctl*/tpstat): no Python, as
# the foreign architectures' roots have none.
#   tests/net/contract.sh <tpstat.ko>
# TPSTAT_CONTRACT_FUZZ_N: nlfuzz's requests per sender (default 1,000;
# the deep suites' TPSTAT_FUZZ_N in the same boot is theirs).
# TPSTAT_BUILD_SUFFIX=-arm64 (-armhf...) takes the tools from build/*-ARCH.
# shellcheck disable=SC2016 # awk's fields and jq's programs, single-quoted
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
# shellcheck source=tests/net/judge.sh
. "$here/judge.sh"
# shellcheck source=tests/net/workloads.sh
. "$here/workloads.sh"
TPSTAT_FUZZ_N=${TPSTAT_CONTRACT_FUZZ_N:-1000}
# shellcheck source=tests/net/hostile.sh
. "$here/hostile.sh"
quiet_ipv6
make_namespaces
check "lossy link between the namespaces (netem, every 50th packet dropped)" make_lossy

# The contract's own parts, around hostile.sh's: since the script began.
# shellcheck disable=SC2034 # part_took's clock, by its name
CONTRACT_CLOCK=0
part_took "contract: setup" CONTRACT_CLOCK

# --- 1. the default events, a hostile user, rmmod under a held dump --------------
suite_load
default_events_attached
hostile_begin
part_fuzz open
part_took "contract: fuzz" CONTRACT_CLOCK
part_tenants joined
part_took "contract: tenants" CONTRACT_CLOCK
part_bad joined
part_took "contract: bad requests, and the exactness of all three" CONTRACT_CLOCK
hostile_end
rmmod tpstat
check "rmmod with the default events" test ! -d /sys/module/tpstat
log_check "the default events: kernel log clean"
part_took "contract: rmmod" CONTRACT_CLOCK

# --- 2. every event, judged against ftrace ----------------------------------------
# Intervals of 2 s, so that the recorder's check waits little.
suite_load events='*' history=2
every_event_attached
part_took "contract: load with events='*'" CONTRACT_CLOCK
# events.sh's workloads, then the two whose views only some suites feed:
# UDP over its memory limit (sockmem) and SYNs without the TCP-MD5 key a
# listener wants (auth).
contract_workload() {
	wl_events
	wl_udp_mem
	wl_tcp_md5
}
judge_attached "$TMP" contract_workload
part_took "contract: workload and judge" CONTRACT_CLOCK

# --- 3. every view, through netlink and debugfs ----------------------------------
quiesce || echo "# counters never settled before the views were read"
snapshot "$TMP/v"
cval() { value "$TMP/v" "$1"; }
# sum_counters <pattern>: the counters whose names match, added.
sum_counters() { awk -v p="$1" '$1 ~ p { s += $2 } END { print s + 0 }' "$TMP/v"; }

# view <name> <jq total> <awk total over debugfs rows> <expected> <what>:
# tpstat -j <name> succeeds; the JSON's overflow, entries and capacity
# are the debugfs file's header's, with no lost update; its total (jq
# over the JSON) is the debugfs rows' (awk, after the two header lines)
# and <expected>, what <what> says the workload made.  Three programs a
# view (a program's start costs most under TCG); debugfs's first lines
# are printed as comments.
view() {
	local name=$1 jt=$2 at=$3 want=$4 what=$5 f=$TMP/view.$1 nl dbg
	"$TP" -j "$name" >"$f.json" 2>"$f.err"
	check_eq "$name: tpstat -j $name exits 0" 0 $?
	[ -s "$f.err" ] && sed 's/^/# stderr: /' "$f.err"
	nl=$(jq -r "\"\\(.overflow) \\(.entries) \\(.capacity) \\($jt)\"" "$f.json")
	dbg=$(awk -v v="$name" "NR <= 4 { print \"# \" v \" debugfs: \" \$0 }
		NR == 1 { h = \$3 \" \" \$5 \" \" \$7 } NR > 2 { $at } END { print h, s + 0 }" "$DBG/$name")
	printf '%s\n' "${dbg%$'\n'*}"
	dbg=${dbg##*$'\n'}
	check_eq "$name: netlink's overflow, entries, capacity and total ($jt) are debugfs's" \
		"$dbg" "$nl"
	check_eq "$name: no lost update; the total is $what" "0 $want" "${nl%% *} ${nl##* }"
}
# has_event <group:name>: the kernel has the trace event.
has_event() { [ -d "$TRACING/events/${1%%:*}/${1#*:}" ]; }
# refused <name> <events>: a kernel without the view's tracepoints refuses
# the view, naming one of them; debugfs has no file for it.
refused() {
	"$TP" "$1" >/dev/null 2>"$TMP/err"
	check_eq "$1: refused where the kernel lacks $2" 1 $?
	check "... saying so ($(head -1 "$TMP/err"))" grep -qE "${2// /|}" "$TMP/err"
}
wl() { sed -n "s/^$1: .*$2=\\([0-9]*\\).*/\\1/p" "$TMP/workload"; }

view drops '[.drops[].count] | add // 0' 's += $1' \
	"$(cval skb:kfree_skb.drops)" "skb:kfree_skb.drops"
view traps '[.drops[].count] | add // 0' 's += $1' \
	"$(cval devlink:devlink_trap_report)" "devlink:devlink_trap_report (no netdevsim here: none)"
check "the lossy bulk transfer retransmitted" test "$(cval tcp:tcp_retransmit_skb)" -gt 0
view retrans '[.flows[].retransmits] | add // 0' 's += $1' \
	"$(cval tcp:tcp_retransmit_skb)" "tcp:tcp_retransmit_skb"
view resets '[.resets[] | .sent + .received] | add // 0' 's += $1 + $2' \
	"$(($(cval tcp:tcp_send_reset) + $(cval tcp:tcp_receive_reset)))" \
	"tcp:tcp_send_reset + tcp:tcp_receive_reset"
refused_n=$(wl sock_refused refused)
if has_event sock:inet_sk_error_report; then
	# Each refused connect is one ECONNREFUSED on the client's socket;
	# its service is the remote port, 5302 (wl_sock_refused).
	view errors "[.errors[] | select(.errno == $ECONNREFUSED and .port == 5302) | .count] | add // 0" \
		"if (\$2 == $ECONNREFUSED && \$5 == 5302) s += \$1" "$refused_n" \
		"wl_sock_refused's refused connects ($refused_n ECONNREFUSED, remote port 5302)"
else
	refused errors sock:inet_sk_error_report
fi
if has_event udp:udp_fail_queue_rcv_skb || has_event sock:sock_rcvqueue_full; then
	# UDP's full queues (the kernel's UdpRcvbufErrors over wl_udp_full;
	# wl_udp_mem's refusals fire udp_fail_queue_rcv_skb too, but with
	# -ENOBUFS, no full queue) and the raw socket's (sock_rcvqueue_full,
	# up to 6.x: 7.x's raw sockets drop without it).
	rcvbuf_errors=$(wl udp_overflow udp_rcvbuf_errors)
	view rcvq '[.rcvq[].count] | add // 0' 's += $1' \
		"$((rcvbuf_errors + $(cval sock:sock_rcvqueue_full)))" \
		"wl_udp_full's UdpRcvbufErrors ($rcvbuf_errors) + sock:sock_rcvqueue_full"
else
	refused rcvq "udp_fail_queue_rcv_skb sock_rcvqueue_full"
fi
if has_event neigh:neigh_timer_handler && has_event neigh:neigh_update; then
	check_eq "wl_neigh_fail's neighbour failed" FAILED "$(sed -n 's/^neigh_fail: state=//p' "$TMP/workload")"
	view neigh '[.neighbours[].failures] | add // 0' 's += $1' 1 \
		"wl_neigh_fail's one unanswered neighbour"
else
	refused neigh "neigh:neigh_"
fi
if has_event tcp:tcp_hash_md5_required; then
	# A kernel built without CONFIG_TCP_MD5SIG (the debug kernels) has
	# the tracepoint but refuses the listener's key: no connects then.
	md5=$(wl tcp_md5 connects)
	if [ -n "$md5" ]; then
		check "wl_tcp_md5's SYNs without a key were dropped" \
			test "$(cval tcp:tcp_hash_md5_required)" -ge "$md5"
	else
		echo "# this kernel refuses TCP_MD5SIG: no SYNs without a key to count"
	fi
	view auth '[.auth_failures[].count] | add // 0' 's += $1' \
		"$(sum_counters '^tcp:tcp_(hash|ao)_[a-z0-9_]+$')" "the TCP-MD5 and TCP-AO failure events"
else
	refused auth "tcp_hash_md5 tcp_ao"
fi
view states '[.transitions[].count] | add // 0' 'if ($1 != "opens") s += $3' \
	"$(sum_counters '^sock:inet_sock_set_state\.')" "the counters' TCP transitions"
# Every connect is an active open that succeeds or fails.
check_eq "states: active and failed opens add up to the counters' CLOSE->SYN_SENT" \
	"$(cval 'sock:inet_sock_set_state.CLOSE->SYN_SENT')" \
	"$(jq '.active_opens + .failed_opens' "$TMP/view.states.json")"
conns=$(wl tcp_connect connections)
view lifetimes '[.lifetimes[] | select(.direction == "active" and .port == 5001) | .count] | add // 0' \
	'if ($2 == "active" && $3 == 5001) s += $5' "$conns" \
	"wl_events' connections to port 5001 ($conns)"
view devices '[.devices[].tx_bytes] | add // 0' 's += $4' \
	"$(cval net:net_dev_xmit.bytes)" "net:net_dev_xmit.bytes"
check_eq "devices: rx_bytes are netif_receive_skb.bytes" "$(cval net:netif_receive_skb.bytes)" \
	"$(jq '[.devices[].rx_bytes] | add // 0' "$TMP/view.devices.json")"
view hists '[.histograms[] | select(.name == "rx_len") | .sum] | add // 0' \
	'if ($1 == "rx_len") s += $3' "$(cval net:netif_receive_skb.bytes)" "net:netif_receive_skb.bytes"
if has_event sock:sock_exceed_buf_limit; then
	check "wl_udp_mem's datagrams were refused memory" \
		test "$(cval sock:sock_exceed_buf_limit)" -gt 0
	view sockmem '[.sockmem[].count] | add // 0' 's += $1' \
		"$(cval sock:sock_exceed_buf_limit)" "sock:sock_exceed_buf_limit"
else
	refused sockmem sock_exceed_buf_limit
fi
part_took "contract: views" CONTRACT_CLOCK

# --- the recorder: everything since load, read back ---------------------------
# Once an interval has closed after the counters are read (nothing
# runs between: the views' netlink replies were skbs too, so the reading
# is after them), the intervals since load add up to every counter:
# none moved that they lack, and they name none that did not.
snapshot "$TMP/h"
history_after "$(history_newest)" >/dev/null
history_sums 0 "$(history_newest)" >"$TMP/history.sums"
check "history: debugfs's history holds the workload" test -s "$TMP/history.sums"
check_eq "history: the intervals since load add up to every counter" "" \
	"$(awk 'NR == FNR { h[$1] = $2; next } $2 != (h[$1] + 0) { print $1, $2, h[$1] + 0 } { delete h[$1] }
		END { for (k in h) print k, "absent", h[k] }' "$TMP/history.sums" "$TMP/h" | head -5)"
"$TP" history -j >"$TMP/history.json" 2>"$TMP/err"
check_eq "history: tpstat history -j exits 0" 0 $?
sed 's/^/# stderr: /' "$TMP/err"
check_eq "history: through netlink, the same sums as debugfs's" "$(cat "$TMP/history.sums")" \
	"$(jq -r '.values | to_entries[] | "\(.key) \(.value)"' "$TMP/history.json" |
		awk '{ s[$1] += $2 } END { for (k in s) print k, s[k] }' | LC_ALL=C sort)"
part_took "contract: history" CONTRACT_CLOCK

# --- doctor: one scenario, its findings against the views' own counts ---------
# Connects refused by a closed port: the clients' ECONNREFUSED
# (connect_errors, from the errors view: 5.14 on) and the resets sent
# without a socket (closed_port, from the resets view: 6.10 on), each a
# finding where its view counts 10 or more, with that count.
"$TP" reset all
refused=$("$NETLOAD" tcp-refused 127.0.0.1 5339 12 | sed -n 's/^refused=//p')
quiesce || echo "# counters never settled after the refused connects"
check_eq "doctor's workload: 12 connects refused" 12 "$refused"
errs=$("$TP" -j errors 2>/dev/null |
	jq '[.errors[]? | select(.error == "ECONNREFUSED" and .port == 5339 and .port_side == "remote") | .count] | add // 0')
rsts=$("$TP" -j resets 2>/dev/null |
	jq '[.resets[]? | select(.direction == "passive" and .port == 5339 and .reason == "NO_SOCKET") | .sent] | add // 0')
"$TP" -j doctor >"$TMP/doctor.json" 2>"$TMP/err"
st=$?
sed 's/^/# stderr: /' "$TMP/err"
found() {
	jq "[.findings[] | select(.rule == \"$1\" and .who.port == 5339) | .count] | add // 0" "$TMP/doctor.json"
}
at_least() { if [ "${1:-0}" -ge 10 ]; then echo "$1"; else echo 0; fi; }
check_eq "doctor: connect_errors and closed_port on port 5339 as the errors ($errs) and resets ($rsts) views count them" \
	"$(at_least "$errs") $(at_least "$rsts")" "$(found connect_errors) $(found closed_port)"
check_eq "doctor: exit status 3 with a finding, 0 without" \
	"$([ "$(jq '.findings | length' "$TMP/doctor.json")" -gt 0 ] && echo 3 || echo 0)" "$st"
if has_event sock:inet_sk_error_report; then
	check_eq "doctor: the errors view has the 12 refusals" 12 "$errs"
fi
part_took "contract: doctor" CONTRACT_CLOCK

# --- 4. rmmod with every event attached, a view's dump held; the kernel log ------
hold_dump "view resets" last
check "unloaded with every event attached" test ! -d /sys/module/tpstat
part_took "contract: rmmod with a held dump" CONTRACT_CLOCK
ip netns del tpa
ip netns del tpb
suite_end
