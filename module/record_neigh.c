// SPDX-License-Identifier: GPL-2.0
/*
 * The neighbour failures view: neighbours (ARP, ND) whose resolution
 * failed, per device and address.  Probe context, like probes.c.
 *
 * A neighbour's fields are written under neigh->lock, which a probe may
 * not take (it can sleep on PREEMPT_RT, and the probe may have
 * interrupted its holder); both tracepoints fire outside it.  So every
 * field is read once (READ_ONCE) and may be a moment old or new: what
 * that can cost is said at each caller in probes.c.  The neighbour
 * itself cannot go: the timer holds a reference until after its
 * tracepoint, and neigh_update()'s callers hold one.  Its device,
 * table and key are fixed for its life.
 */
#include <linux/netdevice.h>
#include <linux/string.h>
#include <net/neighbour.h>

#include "compat.h"
#include "record.h"

notrace bool tpstat_neigh_timer_failed(const struct neighbour *n)
{
	return READ_ONCE(n->nud_state) == NUD_FAILED;
}

notrace bool tpstat_neigh_update_fails(const struct neighbour *n, u8 new,
				       u32 flags)
{
	return new == NUD_FAILED && !(flags & TPSTAT_NEIGH_UPDATE_KEEPS_STATE) &&
	       !READ_ONCE(n->dead) &&
	       (READ_ONCE(n->nud_state) & (NUD_INCOMPLETE | NUD_PROBE));
}

notrace void tpstat_record_neigh(struct tpstat_views *v,
				 const struct neighbour *n)
{
	const struct net_device *dev = n->dev;
	struct tpstat_neigh_key key = {};
	const struct neigh_table *tbl = n->tbl;
	atomic64_t *vals;

	if (!dev)
		return;
	tpstat_key_ns(&key, dev_net(dev));
	key.ifindex = dev->ifindex;
	key.family = tbl->family;
	/* ARP's key is 4 bytes, ND's 16; none is longer. */
	memcpy(key.daddr, n->primary_key,
	       min_t(unsigned int, tbl->key_len, sizeof(key.daddr)));
	vals = tpstat_table_get(&v->table[TPSTAT_T_NEIGH], &key);
	if (vals)
		atomic64_inc(&vals[TPSTAT_NEIGH_COUNT]);
}
