// SPDX-License-Identifier: GPL-2.0
/*
 * RESETS: TCP resets sent and received, per service port and side, peer
 * and reason (uapi/linux/tpstat.h).  Its probes are tcp:tcp_send_reset
 * and tcp:tcp_receive_reset (probes.c); recording runs in probe context,
 * like them.
 *
 * debugfs: sent received netns direction port peer reason (direction:
 * active, the port is the remote service's; passive, the local one).
 */
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/seq_file.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <net/sock.h>

#include "alerts/alerts.h"
#include "base/compat.h"
#include "format/nlput.h"
#include "format/reasons.h"
#include "format/view_fmt.h"
#include "base/params.h"
#include "probes/skb_dev.h"
#include "record/record.h"
#include "record/resets.h"
#include "record/retrans.h"
#include "tables/view_type.h"

tpstat_view_keys_param(reset_keys, 256, 524288,
		       tpstat_reset_key, TPSTAT_RST_NR,
		       "Resets view: distinct (service port and side, peer, reason) keys kept");

/* Where a socket's state says which end it is; UNKNOWN once established. */
static u8 tpstat_state_direction(int state)
{
	switch (state) {
	case TCP_SYN_SENT:
		return TPSTAT_DIRECTION_ACTIVE;
	case TCP_LISTEN:
	case TCP_SYN_RECV:
	case TCP_NEW_SYN_RECV:
		return TPSTAT_DIRECTION_PASSIVE;
	}
	return TPSTAT_DIRECTION_UNKNOWN;
}

/*
 * A reset without a socket answers @skb: its source is the peer, its
 * destination port ours.  A SYN without ACK was sent to a local service
 * (a connect to a closed port); any other segment may be for a client's
 * end that is gone: the ports decide.
 */
static u8 tpstat_reset_key_skb(struct tpstat_reset_key *key,
			       const struct sk_buff *skb, u16 *lport,
			       u16 *rport)
{
	const struct tcphdr *th = (const struct tcphdr *)skb->data;

	tpstat_key_ns(key, tpstat_dev_net(tpstat_reset_skb_dev(NULL, skb)));
	*lport = ntohs(th->dest);
	*rport = ntohs(th->source);
	if (skb->protocol == htons(ETH_P_IP)) {
		key->family = AF_INET;
		memcpy(key->peer, &ip_hdr(skb)->saddr, 4);
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		key->family = AF_INET6;
		memcpy(key->peer, &ipv6_hdr(skb)->saddr, 16);
	}
	return th->syn && !th->ack ? TPSTAT_DIRECTION_PASSIVE :
				     TPSTAT_DIRECTION_UNKNOWN;
}

/*
 * Which side of a reset is the service: the socket's state where it
 * tells (SYN_SENT: a client; LISTEN, SYN_RECV, a request: a server),
 * else a local port in the namespace's ephemeral range with a remote
 * port is a client's, as in the errors view; anything else a server's.
 */
notrace void tpstat_reset_key_fill(struct tpstat_reset_key *key,
				   const struct sock *sk,
				   const struct sk_buff *skb, u32 reason,
				   bool by_service)
{
	const struct net_device *dev;
	const struct net *net = NULL;
	u8 dir = TPSTAT_DIRECTION_UNKNOWN;
	u16 lport = 0, rport = 0;

	key->reason = reason;
	if (sk) {
		struct tpstat_flow_key flow = {};

		tpstat_flow_key_from(&flow, &sk->__sk_common);
		key->ns_cookie = flow.ns_cookie;
		key->ns_inum = flow.ns_inum;
		key->family = flow.family;
		lport = flow.sport;
		rport = flow.dport;
		memcpy(key->peer, flow.daddr, sizeof(key->peer));
		net = sock_net(sk);
		dir = tpstat_state_direction(sk->sk_state);
	} else if (skb) {
		dir = tpstat_reset_key_skb(key, skb, &lport, &rport);
		dev = tpstat_reset_skb_dev(NULL, skb);
		net = dev ? dev_net(dev) : NULL;
	}
	if (!by_service) {
		key->port = lport;
		return;
	}
	if (dir == TPSTAT_DIRECTION_UNKNOWN)
		dir = tpstat_ephemeral(net, lport, rport) ?
		      TPSTAT_DIRECTION_ACTIVE : TPSTAT_DIRECTION_PASSIVE;
	key->direction = dir;
	key->port = dir == TPSTAT_DIRECTION_ACTIVE ? rport : lport;
}

notrace void tpstat_record_reset(struct tpstat_views *v,
				 const struct sock *sk,
				 const struct sk_buff *skb, u32 reason,
				 unsigned int val)
{
	struct tpstat_reset_key key = {};

	tpstat_reset_key_fill(&key, sk, skb, reason, true);
	tpstat_table_add(&v->table[TPSTAT_VIEW_RESETS], &key, val, 1);
}

static int tpstat_resets_put(struct sk_buff *skb, const void *key,
			     const u64 *vals)
{
	const struct tpstat_reset_key *k = key;

	if (nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	    nla_put_u8(skb, TPSTAT_A_DIRECTION, k->direction) ||
	    tpstat_put_service(skb, k->direction, k->port) ||
	    tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->peer) ||
	    (vals[TPSTAT_RST_SENT] && tpstat_put_rst_reason(skb, k->reason)) ||
	    tpstat_put_u64(skb, TPSTAT_A_RST_SENT, vals[TPSTAT_RST_SENT]) ||
	    tpstat_put_u64(skb, TPSTAT_A_RST_RECEIVED,
			   vals[TPSTAT_RST_RECEIVED]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_resets_seq(struct seq_file *m, const void *key,
			      const u64 *v)
{
	const struct tpstat_reset_key *k = key;

	seq_printf(m, "%llu %llu %u %s %u", v[TPSTAT_RST_SENT],
		   v[TPSTAT_RST_RECEIVED], k->ns_inum,
		   tpstat_direction_name(k->direction), k->port);
	tpstat_seq_peer(m, k->family, k->peer);
	if ((TPSTAT_FEATURES & TPSTAT_F_RST_REASON) && v[TPSTAT_RST_SENT])
		tpstat_seq_reason(m, tpstat_rst_reason_name(k->reason),
				  k->reason);
	else
		seq_puts(m, " -");
}

/* The recorder ranks a key by its resets, sent and received. */
static u64 tpstat_resets_moved(const u64 *change)
{
	return change[TPSTAT_RST_SENT] + change[TPSTAT_RST_RECEIVED];
}

const struct tpstat_view_type tpstat_view_resets = {
	TPSTAT_VIEW_WRITERS(resets),
	.columns = "sent received netns direction port peer reason",
	.privacy = TPSTAT_VIEW_PRIVATE,
	TPSTAT_VIEW_TABLE(tpstat_reset_key, TPSTAT_RST_NR, reset_keys),
	.moved = tpstat_resets_moved,
};

/* A reset's alert: port and peer, and a sent one's reason. */
static int tpstat_resets_alert_put(struct sk_buff *skb,
				   const struct tpstat_alert_key *k)
{
	return nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	       nla_put_u16(skb, TPSTAT_A_SPORT, k->sport) ||
	       tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
	       (k->what == TPSTAT_A_RST_SENT &&
		tpstat_put_rst_reason(skb, k->reason));
}

const struct tpstat_alert_ops tpstat_resets_alert_ops = {
	.name = "resets",
	.put_key = tpstat_resets_alert_put,
};
