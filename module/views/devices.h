/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DEVICES view's key, values and inline recording: packet events
 * update it on every packet, so the probes (probes.c) inline the lookup
 * through a per-CPU hint.  The rest is views/devices.c.
 */
#ifndef _TPSTAT_VIEWS_DEVICES_H
#define _TPSTAT_VIEWS_DEVICES_H

#include <linux/atomic.h>
#include <linux/netdevice.h>
#include <linux/types.h>
#include <net/net_namespace.h>

#include "compat.h"
#include "table.h"
#include "views.h"

struct tpstat_dev_key {
	u64 ns_cookie;
	u32 ns_inum;
	u32 ifindex;
} __aligned(8);
static_assert(sizeof(struct tpstat_dev_key) <= TPSTAT_TABLE_HINTED_KEY_MAX);

/* Each *_PACKETS is followed by its *_BYTES (tpstat_record_dev()). */
enum {
	TPSTAT_DEV_TX_PACKETS, TPSTAT_DEV_TX_BYTES, TPSTAT_DEV_RX_PACKETS,
	TPSTAT_DEV_RX_BYTES, TPSTAT_DEV_XMIT_ERRORS, TPSTAT_DEV_XMIT_TIMEOUTS,
	TPSTAT_DEV_GRO, TPSTAT_DEV_NAPI_POLLS, TPSTAT_DEV_NAPI_WORK,
	TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED, TPSTAT_DEV_NR
};

/*
 * Packet events come from a few devices, so the table keeps hints
 * (table.h), one per CPU and ifindex modulo TPSTAT_TABLE_HINTS: where
 * that device's entry was last found.  They spare a packet the hash and
 * the probing; a hint that knows nothing has ifindex 0, which no device
 * has.
 */
static inline unsigned int tpstat_dev_hint(const struct net_device *dev)
{
	return (unsigned int)dev->ifindex % TPSTAT_TABLE_HINTS;
}

struct tpstat_slot_hdr *tpstat_dev_slot_slow(struct tpstat_table *t,
					     const struct net_device *dev);

/*
 * The device's values in the live views; if its entry is lost (counted),
 * values that nobody reads.  Both ways a slot, so that the values' offset
 * folds into the adds' addresses.
 */
static __always_inline atomic64_t *tpstat_dev_vals(struct tpstat_views *v,
						   const struct net_device *dev)
{
	struct tpstat_table *t = &v->table[TPSTAT_VIEW_DEVICES];
	struct tpstat_slot_hdr *s = tpstat_table_hint(t, tpstat_dev_hint(dev));
	const struct tpstat_dev_key *k = tpstat_slot_key(s);

	/* The cookie names the namespace; ns_inum only shows it. */
	if (unlikely(k->ifindex != dev->ifindex ||
		     k->ns_cookie != tpstat_net_cookie(dev_net(dev))))
		s = tpstat_dev_slot_slow(t, dev);
	return tpstat_slot_vals_after(s, sizeof(*k));
}

/*
 * n to the device's value @val; with @packet, 1 to @val and n to the next.
 * @dev is never NULL: every tracepoint that records one names it in its
 * own event (dev->name, skb->dev->name).
 */
static __always_inline void tpstat_record_dev(struct tpstat_views *v,
					      const struct net_device *dev,
					      unsigned int val, u64 n,
					      bool packet)
{
	atomic64_t *vals = tpstat_dev_vals(v, dev);

	if (packet) {
		atomic64_inc(&vals[val]);
		val++;
	}
	atomic64_add(n, &vals[val]);
}

/* A NAPI poll of @dev that did @work of @budget. */
static __always_inline void tpstat_record_napi(struct tpstat_views *v,
					       const struct net_device *dev,
					       int work, int budget)
{
	atomic64_t *vals = tpstat_dev_vals(v, dev);

	atomic64_inc(&vals[TPSTAT_DEV_NAPI_POLLS]);
	atomic64_add(work, &vals[TPSTAT_DEV_NAPI_WORK]);
	if (work >= budget)
		atomic64_inc(&vals[TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED]);
}

#endif /* _TPSTAT_VIEWS_DEVICES_H */
