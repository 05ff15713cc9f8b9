// SPDX-License-Identifier: GPL-2.0
/*
 * A never-reused number for each network namespace where the kernel has
 * no usable net_cookie (compat.h, tpstat_net_cookie()).
 */
#include <linux/atomic.h>
#include <linux/rcupdate.h>
#include <net/net_namespace.h>
#include <net/netns/generic.h>

#include "base/compat.h"

#ifdef TPSTAT_HAVE_NET_COOKIE_U64

int tpstat_net_cookie_init(void)
{
	return 0;
}

void tpstat_net_cookie_exit(void)
{
}

#else

static unsigned int tpstat_cookie_id;
static atomic64_t tpstat_cookie_last = ATOMIC64_INIT(0);

/* Every namespace at registration, then each new one as it is made. */
static int __net_init tpstat_cookie_init_net(struct net *net)
{
	u64 *c = net_generic(net, tpstat_cookie_id);

	WRITE_ONCE(*c, atomic64_inc_return(&tpstat_cookie_last));
	return 0;
}

static struct pernet_operations tpstat_cookie_ops = {
	.init = tpstat_cookie_init_net,
	.id = &tpstat_cookie_id,
	.size = sizeof(u64),
};

/*
 * A namespace being made may run probes before our init reaches it: its
 * generic array may not have our slot yet, or the slot is NULL.  Then 0.
 * So too before our pernet_operations are registered (KUnit calls this
 * without them): id 0 is no slot, as ptr[0] shares its place with the
 * array's own length.
 */
notrace u64 tpstat_net_cookie(const struct net *net)
{
	const struct net_generic *ng;
	const u64 *c = NULL;
	u64 cookie = 0;

	rcu_read_lock();
	ng = rcu_dereference(net->gen);
	if (tpstat_cookie_id && tpstat_cookie_id < ng->s.len)
		c = ng->ptr[tpstat_cookie_id];
	if (c)
		cookie = READ_ONCE(*c);
	rcu_read_unlock();
	return cookie;
}

int tpstat_net_cookie_init(void)
{
	return register_pernet_subsys(&tpstat_cookie_ops);
}

/*
 * The core frees our slots but neither clears them nor our id: back to
 * no slot, for a caller after this one (KUnit registers and unregisters
 * within one load of its module).
 */
void tpstat_net_cookie_exit(void)
{
	unregister_pernet_subsys(&tpstat_cookie_ops);
	tpstat_cookie_id = 0;
}

#endif
