// SPDX-License-Identifier: GPL-2.0
/*
 * NEIGH: neighbours (ARP, ND) whose resolution failed, per device and
 * address (uapi/linux/tpstat.h).  Its probes are neigh:neigh_update and
 * neigh:neigh_timer_handler (probes.c); recording runs in probe context,
 * like them.
 *
 * A neighbour's fields are written under neigh->lock, which a probe may
 * not take (it can sleep on PREEMPT_RT, and the probe may have
 * interrupted its holder); both tracepoints fire outside it.  So every
 * field is read once (READ_ONCE) and may be a moment old or new: what
 * that can cost is said at each caller in probes.c.  The neighbour
 * itself cannot go: the timer holds a reference until after its
 * tracepoint, and neigh_update()'s callers hold one.  Its device,
 * table and key are fixed for its life.
 *
 * debugfs: count netns dev family address (family: ipv4|ipv6|<number>).
 */
#include <linux/netdevice.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <net/neighbour.h>

#include "base/compat.h"
#include "counters/val_add.h"
#include "format/nlput.h"
#include "format/view_fmt.h"
#include "netlink/netlink.h"
#include "base/params.h"
#include "record/record.h"
#include "tables/view_type.h"

/* A neighbour by its device and address (the neighbour table's key). */
struct tpstat_neigh_key {
	u64 ns_cookie;
	u32 ns_inum;
	u32 ifindex;
	u16 family;		/* the table's: AF_INET (ARP), AF_INET6 (ND) */
	u16 pad[3];
	u8 daddr[16];		/* IPv4 in the first 4 bytes */
} __aligned(8);

enum { TPSTAT_NEIGH_COUNT, TPSTAT_NEIGH_NR };

tpstat_view_keys_param(neigh_keys, 128, 524288,
		       tpstat_neigh_key, TPSTAT_NEIGH_NR,
		       "Neighbour failures view: distinct (device, address) keys kept");

/*
 * neigh:neigh_timer_handler: a neighbour's timer ran.  When its probes
 * have run out, the handler sets NUD_FAILED (the kernel's res_failed
 * counts it), drops neigh->lock and only then fires the tracepoint:
 * FAILED seen here is that failure; a run that did anything else leaves
 * another state.  The state is read without the lock, as ftrace's event
 * reads it, and shares two races with it, both within the microseconds
 * the handler runs: a packet that starts a new resolution between the
 * unlock and this read hides the failure (not counted), and an update
 * that failed the neighbour while this run waited for the lock (counted
 * by neigh_update) is seen once more here.
 */
static notrace bool tpstat_neigh_timer_failed(const struct neighbour *n)
{
	return READ_ONCE(n->nud_state) == NUD_FAILED;
}

/*
 * neigh:neigh_update: an update is about to set the neighbour's state to
 * @new.  It fires before neigh->lock is taken, so the state read here is
 * the one the update replaces.  A resolution in progress (INCOMPLETE,
 * PROBE) set FAILED is a failure, as res_failed counts it: "ip neigh
 * del" or "arp -d" of an unresolved neighbour.  One already FAILED, a
 * resolved one deleted, a dead one (not updated) and an update that only
 * marks it used or managed are not.  Should the timer fail the neighbour
 * between this read and the lock, that failure is counted here and by
 * the timer.
 */
static notrace bool tpstat_neigh_update_fails(const struct neighbour *n,
					      u8 new, u32 flags)
{
	return new == NUD_FAILED && !(flags & TPSTAT_NEIGH_UPDATE_KEEPS_STATE) &&
	       !READ_ONCE(n->dead) &&
	       (READ_ONCE(n->nud_state) & (NUD_INCOMPLETE | NUD_PROBE));
}

static notrace void tpstat_record_neigh(struct tpstat_views *v,
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
	vals = tpstat_table_get(&v->table[TPSTAT_VIEW_NEIGH], &key);
	if (vals)
		tpstat_val_inc(&vals[TPSTAT_NEIGH_COUNT]);
}

notrace void tpstat_feed_neigh_timer_handler(const struct neighbour *n)
{
	struct tpstat_views *v = tpstat_views(TPSTAT_VIEW_NEIGH);

	if (v && tpstat_neigh_timer_failed(n))
		tpstat_record_neigh(v, n);
}

notrace void tpstat_feed_neigh_update(const struct neighbour *n, u8 new,
				      u32 flags)
{
	struct tpstat_views *v = tpstat_views(TPSTAT_VIEW_NEIGH);

	if (v && tpstat_neigh_update_fails(n, new, flags))
		tpstat_record_neigh(v, n);
}

static int tpstat_neigh_put(struct sk_buff *skb, const void *key,
			    const u64 *vals)
{
	const struct tpstat_neigh_key *k = key;

	if (nla_put_u32(skb, TPSTAT_A_IFINDEX, k->ifindex) ||
	    tpstat_put_ifname(skb, k->ns_cookie, k->ifindex) ||
	    nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	    tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
	    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_NEIGH_COUNT]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_neigh_seq(struct seq_file *m, const void *key,
			     const u64 *v)
{
	const struct tpstat_neigh_key *k = key;

	seq_printf(m, "%llu %u", v[TPSTAT_NEIGH_COUNT], k->ns_inum);
	tpstat_seq_dev(m, k->ns_cookie, k->ifindex);
	if (k->family == AF_INET)
		seq_printf(m, " ipv4 %pI4", k->daddr);
	else if (k->family == AF_INET6)
		seq_printf(m, " ipv6 %pI6c", k->daddr);
	else
		seq_printf(m, " %u %*phN", k->family, 16, k->daddr);
}

#define TPSTAT_NEIGH_MISSING \
	TPSTAT_MSG("this view is unavailable: the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler")

const struct tpstat_view_type tpstat_view_neigh = {
	TPSTAT_VIEW_WRITERS(neigh),
	.columns = "count netns dev family address",
	.privacy = TPSTAT_VIEW_PRIVATE,
	TPSTAT_VIEW_TABLE(tpstat_neigh_key, TPSTAT_NEIGH_NR, neigh_keys),
	.needs = {
		{ TPSTAT_EV_NEIGH_UPDATE, TPSTAT_NEIGH_MISSING },
		{ TPSTAT_EV_NEIGH_TIMER_HANDLER, TPSTAT_NEIGH_MISSING },
	},
};
