// SPDX-License-Identifier: GPL-2.0
/*
 * RETRANS: TCP retransmits per flow, with SYN-ACK retransmits and the
 * flow's state at the last one (uapi/linux/tpstat.h).  Its probes are
 * tcp:tcp_retransmit_skb and tcp:tcp_retransmit_synack (probes.c);
 * recording runs in probe context, like them.
 *
 * debugfs: retrans synack_retrans state netns local remote.
 */
#include <linux/in6.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <net/sock.h>

#include "alerts/alerts.h"
#include "base/compat.h"
#include "counters/val_add.h"
#include "format/nlput.h"
#include "format/view_fmt.h"
#include "base/params.h"
#include "record/record.h"
#include "record/retrans.h"
#include "tables/view_type.h"

#if BITS_PER_LONG == 64
#define TPSTAT_FLOW_KEYS_MAX	1048576
#else
#define TPSTAT_FLOW_KEYS_MAX	262144
#endif
tpstat_view_keys_param_within(flow_keys, 1024, TPSTAT_FLOW_KEYS_MAX,
			      TPSTAT_FLOW_TABLE_MAX_BYTES,
			      tpstat_flow_key, TPSTAT_FLOW_NR,
			      "Retransmits view: distinct TCP flows kept");

static bool tpstat_v4_mapped(const void *addr6)
{
	const __be32 *w = addr6;

	return !w[0] && !w[1] && w[2] == htonl(0x0000ffff);
}

notrace void tpstat_flow_key_fill(struct tpstat_flow_key *key,
				  const struct net *net, u16 family,
				  __be32 saddr4, __be32 daddr4,
				  const void *saddr6, const void *daddr6,
				  u16 sport, u16 dport)
{
	memset(key, 0, sizeof(*key));
	tpstat_key_ns(key, net);
	key->sport = sport;
	key->dport = dport;
	if (family == AF_INET6 && tpstat_v4_mapped(saddr6) &&
	    tpstat_v4_mapped(daddr6)) {
		family = AF_INET;
		saddr4 = ((const __be32 *)saddr6)[3];
		daddr4 = ((const __be32 *)daddr6)[3];
	}
	key->family = family;
	if (family == AF_INET) {
		memcpy(key->saddr, &saddr4, 4);
		memcpy(key->daddr, &daddr4, 4);
	} else {
		memcpy(key->saddr, saddr6, 16);
		memcpy(key->daddr, daddr6, 16);
	}
}

notrace void tpstat_flow_key_from(struct tpstat_flow_key *key,
				  const struct sock_common *c)
{
	const void *s6 = NULL, *d6 = NULL;

#if IS_ENABLED(CONFIG_IPV6)
	s6 = &c->skc_v6_rcv_saddr;
	d6 = &c->skc_v6_daddr;
#endif
	if (c->skc_family == AF_INET6 && !s6)
		return;
	tpstat_flow_key_fill(key, read_pnet(&c->skc_net),
			     c->skc_family, c->skc_rcv_saddr, c->skc_daddr,
			     s6, d6, c->skc_num, ntohs(c->skc_dport));
}

notrace void tpstat_record_retrans(struct tpstat_views *v,
				   const struct sock_common *c,
				   unsigned int val, int state)
{
	struct tpstat_flow_key key = {};
	atomic64_t *vals;

	tpstat_flow_key_from(&key, c);
	vals = tpstat_table_get(&v->table[TPSTAT_VIEW_RETRANS], &key);
	if (!vals)
		return;
	tpstat_val_inc(&vals[val]);
	atomic64_set(&vals[TPSTAT_FLOW_STATE], state);
}

static int tpstat_retrans_put(struct sk_buff *skb, const void *key,
			      const u64 *vals)
{
	const struct tpstat_flow_key *k = key;

	if (nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	    tpstat_put_addr(skb, TPSTAT_A_SADDR, k->family, k->saddr) ||
	    nla_put_u16(skb, TPSTAT_A_SPORT, k->sport) ||
	    tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
	    nla_put_u16(skb, TPSTAT_A_DPORT, k->dport) ||
	    tpstat_put_u64(skb, TPSTAT_A_RETRANS, vals[TPSTAT_FLOW_RETRANS]) ||
	    tpstat_put_u64(skb, TPSTAT_A_SYNACK_RETRANS,
			   vals[TPSTAT_FLOW_SYNACK]) ||
	    nla_put_u8(skb, TPSTAT_A_NEW_STATE, vals[TPSTAT_FLOW_STATE]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_retrans_seq(struct seq_file *m, const void *key,
			       const u64 *v)
{
	const struct tpstat_flow_key *k = key;

	seq_printf(m, "%llu %llu %s %u", v[TPSTAT_FLOW_RETRANS],
		   v[TPSTAT_FLOW_SYNACK],
		   tpstat_state_or_dash(v[TPSTAT_FLOW_STATE]), k->ns_inum);
	tpstat_seq_addr(m, k->family, k->saddr, k->sport);
	tpstat_seq_addr(m, k->family, k->daddr, k->dport);
}

/* The recorder ranks a flow by all its retransmits. */
static u64 tpstat_retrans_moved(const u64 *change)
{
	return change[TPSTAT_FLOW_RETRANS] + change[TPSTAT_FLOW_SYNACK];
}

const struct tpstat_view_type tpstat_view_retrans = {
	TPSTAT_VIEW_WRITERS(retrans),
	.columns = "retrans synack_retrans state netns local remote",
	.privacy = TPSTAT_VIEW_PRIVATE,
	TPSTAT_VIEW_TABLE(tpstat_flow_key, TPSTAT_FLOW_NR, flow_keys),
	.counts = TPSTAT_FLOW_STATE,
	.moved = tpstat_retrans_moved,
};

/* A retransmit's alert: the flow, and the socket's state then. */
static int tpstat_retrans_alert_put(struct sk_buff *skb,
				    const struct tpstat_alert_key *k)
{
	return nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	       tpstat_put_addr(skb, TPSTAT_A_SADDR, k->family, k->saddr) ||
	       nla_put_u16(skb, TPSTAT_A_SPORT, k->sport) ||
	       tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
	       nla_put_u16(skb, TPSTAT_A_DPORT, k->dport) ||
	       nla_put_u8(skb, TPSTAT_A_NEW_STATE, k->new_state);
}

const struct tpstat_alert_ops tpstat_retrans_alert_ops = {
	.name = "retrans",
	.put_key = tpstat_retrans_alert_put,
};
