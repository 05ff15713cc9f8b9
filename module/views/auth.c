// SPDX-License-Identifier: GPL-2.0
/*
 * AUTH: TCP segments whose TCP-MD5 or TCP-AO check failed, per peer,
 * local port and kind (uapi/linux/tpstat.h).  Its probes are in
 * probes_auth.c; recording runs in probe context, like them.
 *
 * debugfs: count kind peer lport netns (kind: the tracepoint's name,
 * e.g. tcp_hash_md5_mismatch).
 */
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/seq_file.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <net/sock.h>

#include "control/registry.h"
#include "counters/val_add.h"
#include "format/nlput.h"
#include "format/view_fmt.h"
#include "netlink/netlink.h"
#include "base/params.h"
#include "probes/probes_auth.h"
#include "record/record.h"
#include "tables/view_type.h"

/*
 * A failed TCP-MD5/AO check: the segment's source (IPv4 in the first 4
 * bytes), the local port it was sent to, enum tpstat_auth_kind.
 */
struct tpstat_auth_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 lport;
	u8 kind;
	u8 pad[7];
	u8 peer[16];
} __aligned(8);

enum { TPSTAT_AUTH_COUNT, TPSTAT_AUTH_NR };

tpstat_view_keys_param(auth_keys, 128, 524288,
		       tpstat_auth_key, TPSTAT_AUTH_NR,
		       "Auth view: distinct (peer, local port, kind) keys kept");

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
	vals = tpstat_table_get(&v->table[TPSTAT_VIEW_AUTH], &key);
	if (vals)
		tpstat_val_inc(&vals[TPSTAT_AUTH_COUNT]);
}

static int tpstat_auth_put(struct sk_buff *skb, const void *key,
			   const u64 *vals)
{
	const struct tpstat_auth_key *k = key;

	if (nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	    tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->peer) ||
	    nla_put_u16(skb, TPSTAT_A_SPORT, k->lport) ||
	    nla_put_u8(skb, TPSTAT_A_AUTH_KIND, k->kind) ||
	    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_AUTH_COUNT]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_auth_seq(struct seq_file *m, const void *key, const u64 *v)
{
	const struct tpstat_auth_key *k = key;

	seq_printf(m, "%llu %s", v[TPSTAT_AUTH_COUNT],
		   k->kind < __TPSTAT_AUTH_CNT ?
		   tpstat_events[tpstat_auth_events[k->kind]].name : "-");
	tpstat_seq_peer(m, k->family, k->peer);
	seq_printf(m, " %u %u", k->lport, k->ns_inum);
}

/* Whether the running kernel has any of the view's tracepoints. */
static bool tpstat_auth_available(void)
{
	int i;

	for (i = 0; i < __TPSTAT_AUTH_CNT; i++)
		if (tpstat_event_state(tpstat_auth_events[i]) !=
		    TPSTAT_STATE_MISSING)
			return true;
	return false;
}

const struct tpstat_view_type tpstat_view_auth = {
	TPSTAT_VIEW_WRITERS(auth),
	.columns = "count kind peer lport netns",
	.privacy = TPSTAT_VIEW_PRIVATE,
	TPSTAT_VIEW_TABLE(tpstat_auth_key, TPSTAT_AUTH_NR, auth_keys),
	/* Each kind has its own tracepoint: any one of them will do. */
	.available = tpstat_auth_available,
	.refusal = TPSTAT_MSG("this view is unavailable: the kernel has none of the TCP-MD5/AO failure tracepoints tcp:tcp_hash_* and tcp:tcp_ao_* (6.7 on)"),
};
