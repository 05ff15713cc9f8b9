#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Derived bytes against the devices' own statistics (ip -s link): in a
# phase where the only traffic anywhere is one bulk transfer between two
# namespaces over a veth pair, net_dev_xmit.bytes moves by the TX bytes
# of both veth ends and netif_receive_skb.bytes by their RX bytes; the
# hit counts move by the packet counts (veth counts one packet per skb,
# as the tracepoints fire once per skb).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

BULK=2000000
PORT=5101

# sum <tx|rx> <bytes|packets|dropped>: over both veth ends.
sum() {
	echo $(($(link_stat "$NS1" veth1 "$1" "$2") + $(link_stat "$NS2" veth2 "$1" "$2")))
}
# stats: one line, every number this test compares.
stats() {
	echo "$(sum tx bytes) $(sum rx bytes) $(sum tx packets) $(sum rx packets)" \
		"$(sum tx dropped) $(sum rx dropped)"
}

make_netns
load
quiesce
read -r tx0 rx0 txp0 rxp0 txd0 rxd0 < <(stats)
snap "$TMP/a"

spawn bulk ip netns exec "$NS2" "$NETLOAD" bulk-server "$ADDR2" $PORT
wait_listening bulk
n1 "$NETLOAD" bulk-client "$ADDR2" $PORT $BULK >"$TMP/client.out"
reap bulk
quiesce

snap "$TMP/b"
read -r tx1 rx1 txp1 rxp1 txd1 rxd1 < <(stats)

tx=$((tx1 - tx0)) rx=$((rx1 - rx0))
comment "bulk: sent $(outval client sent), received $(outval bulk bytes)" \
	"veth pair: tx $tx bytes $((txp1 - txp0)) packets, rx $rx bytes $((rxp1 - rxp0)) packets"
check_eq "bulk transfer arrived whole" "$(outval client sent)" "$(outval bulk bytes)"
# Frames carry headers on top of the payload: fewer bytes means the
# devices did not see the transfer, and the comparisons below are void.
check_ge "the veth pair carried the transfer" "$BULK" "$tx"
check_eq "the veth pair dropped nothing (else its counts exclude frames tpstat saw)" \
	"0 0" "$((txd1 - txd0)) $((rxd1 - rxd0))"
check_eq "net_dev_xmit.bytes moved by the veth TX bytes (ip -s link)" \
	"$tx" "$(delta "$TMP/a" "$TMP/b" net:net_dev_xmit.bytes)"
check_eq "netif_receive_skb.bytes moved by the veth RX bytes (ip -s link)" \
	"$rx" "$(delta "$TMP/a" "$TMP/b" net:netif_receive_skb.bytes)"
check_eq "net_dev_xmit moved by the veth TX packets" \
	$((txp1 - txp0)) "$(delta "$TMP/a" "$TMP/b" net:net_dev_xmit)"
check_eq "netif_receive_skb moved by the veth RX packets" \
	$((rxp1 - rxp0)) "$(delta "$TMP/a" "$TMP/b" net:netif_receive_skb)"
check_eq "net_dev_xmit.errors did not move" 0 \
	"$(delta "$TMP/a" "$TMP/b" net:net_dev_xmit.errors)"

check "rmmod" unload
