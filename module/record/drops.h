/* SPDX-License-Identifier: GPL-2.0 */
/* The DROPS view's key, which the alerts share (views/drops.c). */
#ifndef _TPSTAT_VIEWS_DROPS_H
#define _TPSTAT_VIEWS_DROPS_H

#include <linux/types.h>

struct sk_buff;

struct tpstat_drop_key {
	u64 location;
	u64 ns_cookie;
	u32 reason;
	u32 ns_inum;
	u32 ifindex;
	u32 pad;
} __aligned(8);

enum { TPSTAT_DROP_COUNT, TPSTAT_DROP_NR };

/* Fills a zeroed key. */
void tpstat_drop_key_fill(struct tpstat_drop_key *key,
			  const struct sk_buff *skb, const void *location,
			  u32 reason);

#endif /* _TPSTAT_VIEWS_DROPS_H */
