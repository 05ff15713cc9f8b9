#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# events= selection: loaded with events=tcp:*,skb:kfree_skb, exactly the
# tracepoints those globs match (of those the kernel has) are attached and
# every other one the kernel has is detached.  Under traffic, ftrace hist
# triggers on every tracepoint show which ones fired: the attached
# counters move by exactly ftrace's hits, the detached ones (base and
# derived lines) stay at 0 although ftrace saw their tracepoints fire.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SELECT='tcp:*,skb:kfree_skb'
PORT_ECHO=5201 PORT_CLOSED=5202 PORT_BULK=5203

# The selection, evaluated here with bash's own glob matching.
selected() {
	local pat
	for pat in ${SELECT//,/ }; do
		# shellcheck disable=SC2053 # $pat is a glob on purpose
		[[ $1 == $pat ]] && return 0
	done
	return 1
}

make_netns
check "insmod events=$SELECT" load "events=$SELECT"

wrong=()
while read -r ev state; do
	if [ ! -d "$(tp_dir "$ev")" ]; then
		want=missing
	elif selected "$ev"; then
		want=attached
	else
		want=detached
	fi
	[ "$state" = "$want" ] || wrong+=("$ev is $state, want $want")
done <"$DBG/events"
if [ ${#wrong[@]} = 0 ]; then
	pass "exactly the selected tracepoints are attached, the others detached"
else
	fail "exactly the selected tracepoints are attached, the others detached" "${wrong[@]}"
fi
mapfile -t attached < <(events_in_state attached)
mapfile -t detached < <(events_in_state detached)
check_ge "some tracepoints are detached" 1 ${#detached[@]}

quiesce
snap "$TMP/a"
for ev in "${attached[@]}" "${detached[@]}"; do
	trig_add "$ev" 'hist:keys=common_pid'
done

spawn echo ip netns exec "$NS1" "$NETLOAD" tcp-server -n 7 127.0.0.1 $PORT_ECHO
wait_listening echo
n1 "$NETLOAD" tcp-connect 127.0.0.1 $PORT_ECHO 5 >/dev/null
n1 "$NETLOAD" tcp-reset 127.0.0.1 $PORT_ECHO 2 >/dev/null
reap echo
n1 "$NETLOAD" tcp-refused 127.0.0.1 $PORT_CLOSED 5 >/dev/null
n1 "$NETLOAD" udp-send 127.0.0.1 $PORT_CLOSED 10 >/dev/null
spawn bulk ip netns exec "$NS2" "$NETLOAD" bulk-server "$ADDR2" $PORT_BULK
wait_listening bulk
n1 "$NETLOAD" bulk-client "$ADDR2" $PORT_BULK 200000 >/dev/null
reap bulk
quiesce

for ev in "${attached[@]}" "${detached[@]}"; do
	echo "$ev $(hist_total "$ev" common_pid Hits)"
done >"$TMP/hist"
snap "$TMP/b"
trig_del_all

for ev in "${attached[@]}"; do
	hits=$(awk -v e="$ev" '$1 == e { print $2 }' "$TMP/hist")
	check_eq "attached $ev moved by ftrace's hit count ($hits)" "$hits" \
		"$(delta "$TMP/a" "$TMP/b" "$ev")"
done
for ev in tcp:tcp_probe tcp:tcp_destroy_sock tcp:tcp_receive_reset skb:kfree_skb; do
	check_ge "attached $ev moved" 1 "$(delta "$TMP/a" "$TMP/b" "$ev")"
done

fired=()
for ev in "${detached[@]}"; do
	hits=$(awk -v e="$ev" '$1 == e { print $2 }' "$TMP/hist")
	[ "$hits" -gt 0 ] && fired+=("$ev")
	# Its line (a detached event keeps it) and derived lines, since load.
	check_eq "detached $ev stays 0 (ftrace: $hits hits)" \
		"$(awk -v e="$ev" 'BEGIN { print e, 0 }
			index($1, e ".") == 1 { print $1, 0 }' "$TMP/b")" \
		"$(awk -v e="$ev" '$1 == e || index($1, e ".") == 1' "$TMP/b")"
done
comment "detached tracepoints that fired meanwhile: ${fired[*]:-none}"
# A detached counter at 0 means something only if its tracepoint fired.
for ev in net:net_dev_xmit net:netif_receive_skb skb:consume_skb \
	sock:inet_sock_set_state napi:napi_poll; do
	[[ " ${detached[*]} " == *" $ev "* ]] || continue
	check "ftrace saw detached $ev fire" test \
		"$(awk -v e="$ev" '$1 == e { print $2 }' "$TMP/hist")" -gt 0
done

check "rmmod" unload
