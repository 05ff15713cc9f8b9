#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Exactness, the core test: over one window, every attached tracepoint's
# counter moves by exactly what an ftrace hist trigger on the same
# tracepoint counts, and every derived value by what ftrace's fields give:
#   net_dev_xmit.bytes/.errors     hist keys=rc vals=len (rc 0 / rc != 0)
#   netif_receive_skb.bytes        hist keys=name vals=len, plus each
#                                  device's link-layer header per packet
#   kfree_skb.drops                hist keys=reason, minus SKB_CONSUMED
#   inet_sock_set_state.<A>-><B>   hist keys=oldstate,newstate, TCP only
# The workload (loopback TCP connections, aborted connections, refused
# connects, UDP to a closed port, a bulk transfer over a lossy veth) must
# also reach what it is built to reach, in amounts derived from what
# netload reports it did.
#
# The window: counters A, triggers on, workload, quiesce (no socket that
# can still send, counters still), ftrace totals, counters B, ftrace
# totals again (to prove nothing fired between the two reads), triggers off.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

CONNS=20        # orderly request/response connections
ABORTS=5        # connections closed with RST (SO_LINGER 0)
REFUSED=10      # connects to a closed port
DATAGRAMS=30    # UDP datagrams to a closed port
BULK=2000000    # bytes over the lossy veth
LOSS=2%         # netem loss on the sender's veth: retransmits
PORT_ECHO=5001 PORT_CLOSED=5002 PORT_BULK=5003

make_netns
n1 tc qdisc add dev veth1 root netem loss "$LOSS"
load
mapfile -t attached < <(events_in_state attached)
has() { [[ " ${attached[*]} " == *" $1 "* ]]; }

quiesce
snap "$TMP/a"
for ev in "${attached[@]}"; do
	trig_add "$ev" 'hist:keys=common_pid'
done
has net:net_dev_xmit && trig_add net:net_dev_xmit 'hist:keys=rc:vals=len'
has net:netif_receive_skb && trig_add net:netif_receive_skb 'hist:keys=name:vals=len'
has skb:kfree_skb && trig_add skb:kfree_skb 'hist:keys=reason'
has sock:inet_sock_set_state &&
	trig_add sock:inet_sock_set_state 'hist:keys=oldstate,newstate if protocol == 6'

# --- the workload ------------------------------------------------------------------
spawn echo ip netns exec "$NS1" "$NETLOAD" tcp-server -n $((CONNS + ABORTS)) 127.0.0.1 $PORT_ECHO
wait_listening echo
n1 "$NETLOAD" tcp-connect 127.0.0.1 $PORT_ECHO $CONNS >"$TMP/connect.out"
n1 "$NETLOAD" tcp-reset 127.0.0.1 $PORT_ECHO $ABORTS >"$TMP/reset.out"
reap echo
n1 "$NETLOAD" tcp-refused 127.0.0.1 $PORT_CLOSED $REFUSED >"$TMP/refused.out"
n1 "$NETLOAD" udp-send 127.0.0.1 $PORT_CLOSED $DATAGRAMS >"$TMP/udp.out"
spawn bulk ip netns exec "$NS2" "$NETLOAD" bulk-server "$ADDR2" $PORT_BULK
wait_listening bulk
n1 "$NETLOAD" bulk-client "$ADDR2" $PORT_BULK $BULK >"$TMP/client.out"
reap bulk
netem_drops=$(n1 tc -s -j qdisc show dev veth1 | jq '.[0].drops')

quiesce

# --- read ftrace, then the counters, then ftrace again ------------------------------
totals() {
	local ev
	for ev in "${attached[@]}"; do
		echo "$ev $(hist_total "$ev" common_pid Hits) $(hist_total "$ev" common_pid Dropped)"
	done
}
totals >"$TMP/hist"
has net:net_dev_xmit && hist_rows net:net_dev_xmit rc >"$TMP/xmit"
has net:netif_receive_skb && hist_rows net:netif_receive_skb name >"$TMP/recv"
has skb:kfree_skb && hist_rows skb:kfree_skb reason >"$TMP/kfree"
has sock:inet_sock_set_state && hist_rows sock:inet_sock_set_state oldstate,newstate >"$TMP/states"
snap "$TMP/b"
totals >"$TMP/hist.again"
trig_del_all

# --- what the workload did ----------------------------------------------------------
conns=$(outval connect connections)
aborts=$(outval reset resets)
refused=$(outval refused refused)
datagrams=$(outval udp datagrams)
sent=$(outval client sent)
comment "workload: connections=$conns aborted=$aborts refused=$refused" \
	"datagrams=$datagrams bulk_sent=$sent bulk_received=$(outval bulk bytes)" \
	"netem dropped $netem_drops packets on veth1"
check_eq "echo server saw every connection" $((conns + aborts)) "$(outval echo connections)"
check_eq "echo server saw every abort as a reset" "$aborts" "$(outval echo resets)"
check_eq "bulk transfer arrived whole" "$sent" "$(outval bulk bytes)"
check_ge "netem dropped packets (so TCP had to retransmit)" 1 "$netem_drops"

# --- hits -------------------------------------------------------------------------------
check_eq "nothing fired between reading ftrace and reading the counters" \
	"$(cat "$TMP/hist")" "$(cat "$TMP/hist.again")"
check_eq "ftrace dropped no event" "" "$(awk '$3 != 0' "$TMP/hist")"
while read -r ev hits _; do
	d=$(delta "$TMP/a" "$TMP/b" "$ev")
	check_eq "$ev: counter moved by ftrace's hit count ($hits)" "$hits" "$d"
done <"$TMP/hist"

# What this workload must reach; each is a tracepoint of the loopback or
# veth paths, the TCP state machine, or the drops it provokes.
for ev in tcp:tcp_retransmit_skb tcp:tcp_send_reset tcp:tcp_receive_reset \
	tcp:tcp_destroy_sock tcp:tcp_probe sock:inet_sock_set_state \
	skb:kfree_skb skb:consume_skb net:net_dev_queue net:net_dev_start_xmit \
	net:net_dev_xmit net:netif_rx net:netif_receive_skb napi:napi_poll; do
	has "$ev" || { fail "$ev is attached (the workload needs it)"; continue; }
	check_ge "workload reached $ev" 1 "$(delta "$TMP/a" "$TMP/b" "$ev")"
done
# Lower bounds from what netload did: each abort sends an RST and the
# server receives it, each refused connect receives one; every connection
# (echo, abort, bulk) destroys two sockets, every refused connect one; each
# datagram and each refused SYN is dropped for want of a socket.
check_ge "tcp_send_reset: at least one per aborted connection" \
	"$aborts" "$(delta "$TMP/a" "$TMP/b" tcp:tcp_send_reset)"
check_ge "tcp_receive_reset: at least one per abort and refused connect" \
	$((aborts + refused)) "$(delta "$TMP/a" "$TMP/b" tcp:tcp_receive_reset)"
check_ge "tcp_destroy_sock: two per connection, one per refused connect" \
	$((2 * (conns + aborts + 1) + refused)) "$(delta "$TMP/a" "$TMP/b" tcp:tcp_destroy_sock)"
check_ge "skb:kfree_skb.drops: one per datagram and refused SYN at least" \
	$((datagrams + refused)) "$(delta "$TMP/a" "$TMP/b" skb:kfree_skb.drops)"

# --- net_dev_xmit.bytes / .errors ----------------------------------------------------------
if has net:net_dev_xmit; then
	# rows: rc hitcount len
	check_eq "net_dev_xmit.bytes moved by ftrace's sum of len where rc == 0" \
		"$(awk '$1 == 0 { s += $3 } END { print s + 0 }' "$TMP/xmit")" \
		"$(delta "$TMP/a" "$TMP/b" net:net_dev_xmit.bytes)"
	check_eq "net_dev_xmit.errors moved by ftrace's hits where rc != 0" \
		"$(awk '$1 != 0 { s += $2 } END { print s + 0 }' "$TMP/xmit")" \
		"$(delta "$TMP/a" "$TMP/b" net:net_dev_xmit.errors)"
fi

# --- netif_receive_skb.bytes -------------------------------------------------------------
# ftrace's len is skb->len after the driver pulled the link-layer header;
# the device counted the frame with it.  lo and veth both frame with an
# Ethernet header (ETH_HLEN, 14); another device here would be a surprise.
if has net:netif_receive_skb; then
	{
		ip -j link show
		for ns in "$NS1" "$NS2"; do ip -n "$ns" -j link show; done
	} | jq -r '.[] | "\(.ifname) \(.link_type)"' | sort -u >"$TMP/links"
	# rows: device hitcount len
	expect=$(awk 'NR == FNR { type[$1] = $2; next }
		type[$1] == "ether" || type[$1] == "loopback" { s += $3 + 14 * $2; next }
		{ bad = bad " " $1 "(" type[$1] ")" }
		END { print bad ? "frames on unexpected devices:" bad : s + 0 }' \
		"$TMP/links" "$TMP/recv")
	check_eq "netif_receive_skb.bytes moved by ftrace's len plus 14 per frame" \
		"$expect" "$(delta "$TMP/a" "$TMP/b" net:netif_receive_skb.bytes)"
fi

# --- kfree_skb.drops -------------------------------------------------------------------------
# SKB_CONSUMED's number, if this kernel has it, from the event's own format.
if has skb:kfree_skb; then
	consumed=$(grep -o '{ [0-9]*, "CONSUMED" }' "$(tp_dir skb:kfree_skb)/format" |
		tr -dc '0-9' || true)
	comment "SKB_CONSUMED is ${consumed:-not a kfree_skb reason} on this kernel"
	check_eq "kfree_skb.drops moved by ftrace's hits with reason != SKB_CONSUMED" \
		"$(awk -v c="${consumed:--1}" '$1 != c { s += $2 } END { print s + 0 }' "$TMP/kfree")" \
		"$(delta "$TMP/a" "$TMP/b" skb:kfree_skb.drops)"
fi

# --- TCP state transitions -------------------------------------------------------------------
if has sock:inet_sock_set_state; then
	# rows: oldstate newstate hitcount -> "<OLD>-><NEW> count"
	names=$(printf '%s ' "${TCP_STATES[@]}")
	awk -v names="$names" 'BEGIN { split(names, n, " ") }
		{ print n[$1 + 1] "->" n[$2 + 1], $3 }' "$TMP/states" |
		LC_ALL=C sort >"$TMP/ftrace-transitions"
	# Every transition either side knows: ftrace's, and tpstat's lines.
	{
		awk '{ print $1 }' "$TMP/ftrace-transitions"
		sed -n 's/^sock:inet_sock_set_state\.\([^ ]*\) .*/\1/p' "$TMP/a" "$TMP/b"
	} | LC_ALL=C sort -u >"$TMP/all-transitions"
	check_ge "ftrace saw TCP transitions" 1 "$(wc -l <"$TMP/ftrace-transitions")"
	while read -r tr; do
		want=$(awk -v t="$tr" '$1 == t { print $2 }' "$TMP/ftrace-transitions")
		check_eq "inet_sock_set_state.$tr moved by ftrace's count" "${want:-0}" \
			"$(delta "$TMP/a" "$TMP/b" "sock:inet_sock_set_state.$tr")"
	done <"$TMP/all-transitions"
	check_ge "SYN_SENT->ESTABLISHED: at least one per connection netload made" \
		$((conns + aborts + 1)) \
		"$(delta "$TMP/a" "$TMP/b" 'sock:inet_sock_set_state.SYN_SENT->ESTABLISHED')"
fi

check "rmmod" unload
