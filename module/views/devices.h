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
#include <linux/percpu.h>
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

/* Each *_PACKETS is followed by its *_BYTES (tpstat_record_dev()). */
enum {
	TPSTAT_DEV_TX_PACKETS, TPSTAT_DEV_TX_BYTES, TPSTAT_DEV_RX_PACKETS,
	TPSTAT_DEV_RX_BYTES, TPSTAT_DEV_XMIT_ERRORS, TPSTAT_DEV_XMIT_TIMEOUTS,
	TPSTAT_DEV_GRO, TPSTAT_DEV_NAPI_POLLS, TPSTAT_DEV_NAPI_WORK,
	TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED, TPSTAT_DEV_NR
};

/*
 * Where each device's entry was last found, per CPU, by ifindex: packet
 * events come from a few devices, and a hint spares them the hash and
 * the probing.  A hint is only a guess, checked every time: it must be a
 * slot of the live table, published, and hold this device's key.  It is
 * one pointer, read and written whole, so nesting cannot tear it.
 */
#define TPSTAT_DEV_HINTS 16
DECLARE_PER_CPU(struct tpstat_slot_hdr *, tpstat_dev_hints[TPSTAT_DEV_HINTS]);

static inline unsigned int tpstat_dev_hint(const struct net_device *dev)
{
	return (unsigned int)dev->ifindex % TPSTAT_DEV_HINTS;
}

atomic64_t *tpstat_dev_vals_slow(struct tpstat_table *t,
				 const struct net_device *dev);

/*
 * The device's values in the live views; NULL if lost (counted).  A NULL
 * hint fails tpstat_table_holds() too: the table is far from address 0.
 */
static __always_inline atomic64_t *tpstat_dev_vals(struct tpstat_views *v,
						   const struct net_device *dev)
{
	struct tpstat_table *t = &v->table[TPSTAT_VIEW_DEVICES];
	struct tpstat_slot_hdr *s = this_cpu_read(tpstat_dev_hints[tpstat_dev_hint(dev)]);
	const struct tpstat_dev_key *k;

	/* The cookie names the namespace; ns_inum only shows it. */
	if (likely(tpstat_table_holds(t, s) && tpstat_slot_ready(s))) {
		k = tpstat_slot_key(s);
		if (k->ns_cookie == tpstat_net_cookie(dev_net(dev)) &&
		    k->ifindex == dev->ifindex)
			return tpstat_slot_vals_after(s, sizeof(*k));
	}
	return tpstat_dev_vals_slow(t, dev);
}

/* n to the device's value @val; with @packet, 1 to @val and n to the next. */
static __always_inline void tpstat_record_dev(struct tpstat_views *v,
					      const struct net_device *dev,
					      unsigned int val, u64 n,
					      bool packet)
{
	atomic64_t *vals;

	if (!dev)
		return;
	vals = tpstat_dev_vals(v, dev);
	if (!vals)
		return;
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

	if (!vals)
		return;
	atomic64_inc(&vals[TPSTAT_DEV_NAPI_POLLS]);
	atomic64_add(work, &vals[TPSTAT_DEV_NAPI_WORK]);
	if (work >= budget)
		atomic64_inc(&vals[TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED]);
}

#endif /* _TPSTAT_VIEWS_DEVICES_H */
