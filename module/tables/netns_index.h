/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every network namespace by its cookie (tpstat_net_cookie()): a fixed
 * hash table, so that finding one namespace costs the same with 10 or
 * 10,000 of them, where walking for_each_net_rcu() cost one step each.
 *
 * A namespace's entry lives in its net_generic() part, put in the table
 * by our pernet init, which runs after the cookie's (netns_cookie.c,
 * registered first), and taken out by our pre_exit.  cleanup_net(), and
 * the pernet core when the module unregisters, waits a grace period
 * (synchronize_rcu()) between pre_exit and freeing that part, so a
 * reader under rcu_read_lock() never sees it freed.  A namespace is not
 * in the table before its init or after its pre_exit: there, and for a
 * cookie of 0 (tpstat_net_cookie() of a namespace still being made,
 * where the kernel has no u64 net_cookie), a lookup finds nothing.
 *
 * Each entry also holds that namespace's lost updates of every view's
 * table in both generations (views.c), counted in table.c when a quota
 * refuses one of its keys, and its sockets' births the lifetimes' share
 * refused: what a reader in that namespace is told, and nothing of the
 * other namespaces'.
 */
#ifndef _TPSTAT_NETNS_INDEX_H
#define _TPSTAT_NETNS_INDEX_H

#include <linux/tpstat.h>
#include <linux/types.h>

struct net;

/*
 * A place for lost updates in each entry: a table's (views.c), then the
 * lifetimes' births (views/lifetimes.c), which outlive a generation.
 */
#define TPSTAT_NETNS_LOST_BIRTHS	(2 * __TPSTAT_VIEW_CNT)
#define TPSTAT_NETNS_LOST_SLOTS		(TPSTAT_NETNS_LOST_BIRTHS + 1)

/*
 * The namespace of @cookie, not held, or NULL.  Caller: rcu_read_lock()
 * held, for as long as it uses the namespace, or maybe_get_net() it.
 */
struct net *tpstat_net_by_cookie(u64 cookie);

/*
 * Lost updates of @cookie's namespace in slot @slot: one more (any
 * context, probes' included: no lock, no allocation, one lookup), and
 * the count; 0 for a namespace not in the table.
 */
void tpstat_netns_lost_inc(u64 cookie, u32 slot);
u64 tpstat_netns_lost(u64 cookie, u32 slot);
/*
 * Every namespace's count in @slot back to 0: its table is being
 * cleared, and no probe writes to it (views.c's reset).  Process
 * context; one step per namespace.
 */
void tpstat_netns_lost_clear(u32 slot);

/* Module load, after tpstat_net_cookie_init(); exit before its exit. */
int tpstat_netns_index_init(void);
void tpstat_netns_index_exit(void);

#endif /* _TPSTAT_NETNS_INDEX_H */
