/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What probes record into the views' tables (views.h): key building and
 * updates.  Probe context: no locks, no allocation, bounded work.
 */
#ifndef _TPSTAT_RECORD_H
#define _TPSTAT_RECORD_H

#include <linux/types.h>

#include "views.h"

struct sock;
struct sock_common;
struct sk_buff;
struct net_device;
struct devlink;
struct devlink_trap_metadata;

/*
 * Fills a flow key from addresses in network order (v4 when family is
 * AF_INET, else the v6 pointers).  An IPv6 flow whose two addresses are
 * v4-mapped is stored as the IPv4 flow it is.
 */
void tpstat_flow_key_fill(struct tpstat_flow_key *key, u32 netns, u16 family,
			  __be32 saddr4, __be32 daddr4, const void *saddr6,
			  const void *daddr6, u16 sport, u16 dport);

void tpstat_record_drop(struct tpstat_views *v, const struct sk_buff *skb,
			const void *location, u32 reason);
void tpstat_record_trap(struct tpstat_views *v, const struct devlink *devlink,
			const struct devlink_trap_metadata *meta);
void tpstat_record_retrans(struct tpstat_views *v, const struct sock_common *c,
			   unsigned int val, int state);
void tpstat_record_reset(struct tpstat_views *v, const struct sock *sk,
			 const struct sk_buff *skb, u32 reason,
			 unsigned int val);
void tpstat_record_state(struct tpstat_views *v, const struct sock *sk,
			 int newstate);
void tpstat_record_dev(struct tpstat_views *v, const struct net_device *dev,
		       unsigned int val, u64 n);

#endif /* _TPSTAT_RECORD_H */
