// SPDX-License-Identifier: GPL-2.0
/* Every network namespace by its cookie: see netns_index.h. */
#include <linux/atomic.h>
#include <linux/hashtable.h>
#include <linux/rculist.h>
#include <linux/spinlock.h>
#include <net/net_namespace.h>
#include <net/netns/generic.h>

#include "base/compat.h"
#include "tables/netns_index.h"

/*
 * 1,024 chains: a few namespaces a chain with thousands of them, and
 * 8 KiB.  Cookies are handed out in sequence: hash_64() spreads them.
 */
#define TPSTAT_NETNS_INDEX_BITS	10

struct tpstat_netns_entry {
	struct hlist_node node;	/* in tpstat_netns_index; unhashed: not */
	u64 cookie;
	struct net *net;
	atomic64_t lost[TPSTAT_NETNS_LOST_SLOTS];
};

static DEFINE_HASHTABLE(tpstat_netns_index, TPSTAT_NETNS_INDEX_BITS);
/* Writers: pernet init and pre_exit.  Readers: RCU. */
static DEFINE_SPINLOCK(tpstat_netns_index_lock);
static unsigned int tpstat_netns_index_id;

/*
 * Our slot in @net's generic part: filled before our init runs, until
 * after our exit, which is all the time @net is in the table.
 */
static struct tpstat_netns_entry *tpstat_netns_entry_of(struct net *net)
{
	return net_generic(net, tpstat_netns_index_id);
}

/*
 * The cookie's pernet init (netns_cookie.c) ran before this one, where
 * the kernel has no u64 net_cookie: it was registered first, and the
 * pernet core runs inits in the order of registration.  Still, a cookie
 * of 0 would name no namespace: such a namespace is left out.
 */
static int __net_init tpstat_netns_index_init_net(struct net *net)
{
	struct tpstat_netns_entry *e = tpstat_netns_entry_of(net);

	e->cookie = tpstat_net_cookie(net);
	e->net = net;
	if (WARN_ON_ONCE(!e->cookie))
		return 0;
	spin_lock(&tpstat_netns_index_lock);
	hash_add_rcu(tpstat_netns_index, &e->node, e->cookie);
	spin_unlock(&tpstat_netns_index_lock);
	return 0;
}

static void __net_exit tpstat_netns_index_pre_exit_net(struct net *net)
{
	struct tpstat_netns_entry *e = tpstat_netns_entry_of(net);

	spin_lock(&tpstat_netns_index_lock);
	if (hash_hashed(&e->node))
		hash_del_rcu(&e->node);
	spin_unlock(&tpstat_netns_index_lock);
}

static struct pernet_operations tpstat_netns_index_ops = {
	.init = tpstat_netns_index_init_net,
	.pre_exit = tpstat_netns_index_pre_exit_net,
	.id = &tpstat_netns_index_id,
	.size = sizeof(struct tpstat_netns_entry),
};

/* Caller: rcu_read_lock().  Bounded: one chain. */
static notrace struct tpstat_netns_entry *tpstat_netns_entry(u64 cookie)
{
	struct tpstat_netns_entry *e;

	if (!cookie)
		return NULL;
	hash_for_each_possible_rcu(tpstat_netns_index, e, node, cookie)
		if (e->cookie == cookie)
			return e;
	return NULL;
}

struct net *tpstat_net_by_cookie(u64 cookie)
{
	struct tpstat_netns_entry *e = tpstat_netns_entry(cookie);

	return e ? e->net : NULL;
}

notrace void tpstat_netns_lost_inc(u64 cookie, u32 slot)
{
	struct tpstat_netns_entry *e;

	if (WARN_ON_ONCE(slot >= TPSTAT_NETNS_LOST_SLOTS))
		return;
	rcu_read_lock();
	e = tpstat_netns_entry(cookie);
	if (e)
		atomic64_inc(&e->lost[slot]);
	rcu_read_unlock();
}

u64 tpstat_netns_lost(u64 cookie, u32 slot)
{
	struct tpstat_netns_entry *e;
	u64 lost = 0;

	if (WARN_ON_ONCE(slot >= TPSTAT_NETNS_LOST_SLOTS))
		return 0;
	rcu_read_lock();
	e = tpstat_netns_entry(cookie);
	if (e)
		lost = atomic64_read(&e->lost[slot]);
	rcu_read_unlock();
	return lost;
}

void tpstat_netns_lost_clear(u32 slot)
{
	struct tpstat_netns_entry *e;
	unsigned int b;

	if (WARN_ON_ONCE(slot >= TPSTAT_NETNS_LOST_SLOTS))
		return;
	rcu_read_lock();
	hash_for_each_rcu(tpstat_netns_index, b, e, node)
		atomic64_set(&e->lost[slot], 0);
	rcu_read_unlock();
}

/*
 * Registering runs our init for every namespace there is; unregistering
 * runs pre_exit for every one, then synchronize_rcu(), then frees.
 */
int tpstat_netns_index_init(void)
{
	return register_pernet_subsys(&tpstat_netns_index_ops);
}

void tpstat_netns_index_exit(void)
{
	unregister_pernet_subsys(&tpstat_netns_index_ops);
}
