/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The RETRANS view's flow key, which the resets view and the alerts
 * share (views/retrans.c).
 */
#ifndef _TPSTAT_VIEWS_RETRANS_H
#define _TPSTAT_VIEWS_RETRANS_H

#include <linux/types.h>

struct net;
struct sock_common;

/* IPv4 addresses in the first 4 bytes; v4-mapped IPv6 is stored as IPv4. */
struct tpstat_flow_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 sport;
	u16 dport;
	u16 pad[3];
	u8 saddr[16];
	u8 daddr[16];
} __aligned(8);

enum {
	TPSTAT_FLOW_RETRANS, TPSTAT_FLOW_SYNACK, TPSTAT_FLOW_STATE,
	TPSTAT_FLOW_NR
};

/*
 * Fills a flow key from addresses in network order (v4 when family is
 * AF_INET, else the v6 pointers).  An IPv6 flow whose two addresses are
 * v4-mapped is stored as the IPv4 flow it is.
 */
void tpstat_flow_key_fill(struct tpstat_flow_key *key, const struct net *net,
			  u16 family, __be32 saddr4, __be32 daddr4, const void *saddr6,
			  const void *daddr6, u16 sport, u16 dport);
/* A socket's flow; wants a zeroed key. */
void tpstat_flow_key_from(struct tpstat_flow_key *key,
			  const struct sock_common *c);

#endif /* _TPSTAT_VIEWS_RETRANS_H */
