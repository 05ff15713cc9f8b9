// SPDX-License-Identifier: GPL-2.0
/*
 * Recording into the AUTH view's table (record.h): probe context, like
 * probes_auth.c.
 */
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <net/sock.h>

#include "record.h"

/*
 * The peer is the segment's source, not the socket's: a listener has none.
 * The tracepoints' own fast_assign reads the TCP header at skb->data, as
 * the receive path leaves it when it checks the signature; the family is
 * the segment's, so an IPv4 peer of an IPv6 socket is an IPv4 address.
 */
notrace void tpstat_record_auth(struct tpstat_views *v, const struct sock *sk,
				const struct sk_buff *skb,
				enum tpstat_auth_kind kind)
{
	const struct tcphdr *th = (const struct tcphdr *)skb->data;
	struct tpstat_auth_key key = {};
	atomic64_t *vals;

	tpstat_key_ns(&key, sock_net(sk));
	key.lport = ntohs(th->dest);
	key.kind = kind;
	if (skb->protocol == htons(ETH_P_IP)) {
		key.family = AF_INET;
		memcpy(key.peer, &ip_hdr(skb)->saddr, 4);
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		key.family = AF_INET6;
		memcpy(key.peer, &ipv6_hdr(skb)->saddr, 16);
	}
	vals = tpstat_table_get(&v->table[TPSTAT_T_AUTH], &key);
	if (vals)
		atomic64_inc(&vals[TPSTAT_AUTH_COUNT]);
}
