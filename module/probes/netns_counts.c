// SPDX-License-Identifier: GPL-2.0
/* A network namespace's own counters and filter (netns_counts.h). */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/list.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>
#include <linux/workqueue.h>
#include <net/net_namespace.h>
#include <net/netlink.h>
#include <net/netns/generic.h>

#include "counters/interval.h"
#include "base/params.h"
#include "base/compat.h"
#include "probes/netns_counts.h"
#include "probes/probes.h"

/* Why a namespace may not start counting: the cap it would pass. */
enum tpstat_netns_refusal {
	TPSTAT_NETNS_MAY,
	TPSTAT_NETNS_FULL,		/* netns_max */
	TPSTAT_NETNS_OWNER_FULL,	/* netns_user_max, its owner's */
	TPSTAT_NETNS_USERS_FULL,	/* root's reserve */
};

DEFINE_STATIC_KEY_FALSE(tpstat_netns_counting);
unsigned int tpstat_net_id __read_mostly;
struct tpstat_ns_counts __rcu *
	tpstat_netns_buckets[1 << TPSTAT_NETNS_BUCKET_BITS];
struct tpstat_ns_counts tpstat_netns_nobody;
/*
 * Serialises replacing a namespace's counts, the list, the numbers below
 * and the static key.
 */
static DEFINE_MUTEX(tpstat_netns_lock);
/* The counts of every namespace counting its own events now. */
static LIST_HEAD(tpstat_netns_list);
/* Namespaces counting their own events now; of them, not root's. */
static unsigned int tpstat_netns_nr, tpstat_netns_users_nr;
/* Times the static key was switched on or off since load. */
static unsigned long tpstat_netns_key_switches;
/* The ring of each namespace's history; 0: none (the recorder is off). */
static u32 tpstat_netns_history_bytes;

/*
 * Most namespaces that may count their own events at once.  Each one
 * holds a struct tpstat_pcpu per possible CPU (charged to the memory
 * cgroup of the root that set its filter).
 */
#define TPSTAT_NETNS_MAX_LIMIT	4096
static unsigned int netns_max = 64;

tpstat_param_uint_rw(netns_max, 0, TPSTAT_NETNS_MAX_LIMIT);
MODULE_PARM_DESC(netns_max,
		 "Most network namespaces other than the initial one that count their own events at once, 0 to 4096 (default 64); lowering it stops none");

/*
 * Most of them that one user other than root may own
 * (tpstat_netns_owner()).  It is also root's reserve: users other than
 * root, all together, hold at most netns_max less netns_user_max.
 */
static unsigned int netns_user_max = 8;
tpstat_param_uint_rw(netns_user_max, 0, TPSTAT_NETNS_MAX_LIMIT);
MODULE_PARM_DESC(netns_user_max,
		 "Most of those namespaces one user other than root may own, 0 to 4096 (default 8); users other than root hold at most netns_max less netns_user_max together; lowering it stops none");

/*
 * The static key stays on this long after the last namespace stops
 * counting, so that no loop of unprivileged requests can make the
 * kernel patch every probe more than a few times a second.
 */
#define TPSTAT_NETNS_KEY_HOLD	HZ

/*
 * The key on or off, and where the probes tail-call the namespace pass
 * (probe_body.h), every tracepoint's call with it.
 */
static void tpstat_netns_switch(bool on)
{
	int id;

	for (id = 0; id < TPSTAT_NR_HAND_EVENTS; id++)
		if (tpstat_probes[id].netns_tail)
			tpstat_probes[id].netns_tail(on);
	if (on)
		static_branch_enable(&tpstat_netns_counting);
	else
		static_branch_disable(&tpstat_netns_counting);
	tpstat_netns_key_switches++;
}

static void tpstat_netns_key_off(struct work_struct *work)
{
	mutex_lock(&tpstat_netns_lock);
	if (!tpstat_netns_nr && static_key_enabled(&tpstat_netns_counting))
		tpstat_netns_switch(false);
	mutex_unlock(&tpstat_netns_lock);
}
static DECLARE_DELAYED_WORK(tpstat_netns_key_work, tpstat_netns_key_off);

/*
 * Who is charged for @net's counting: the owner of the outermost of its
 * user namespaces below the initial one, i.e. the user who made the
 * chain, whatever ids the namespaces below map it to; root
 * (GLOBAL_ROOT_UID) for a namespace of the initial user namespace.
 */
static kuid_t tpstat_netns_owner(const struct net *net)
{
	const struct user_namespace *ns = net->user_ns;

	if (ns == &init_user_ns)
		return GLOBAL_ROOT_UID;
	while (ns->parent != &init_user_ns)
		ns = ns->parent;
	return ns->owner;
}

/* Namespaces counting now that @owner is charged for. */
static unsigned int tpstat_netns_owned(kuid_t owner)
{
	const struct tpstat_ns_counts *c;
	unsigned int n = 0;

	lockdep_assert_held(&tpstat_netns_lock);
	list_for_each_entry(c, &tpstat_netns_list, node)
		n += uid_eq(c->owner, owner);
	return n;
}

/* 0, or why @owner may not have another namespace count. */
static enum tpstat_netns_refusal tpstat_netns_may_charge(kuid_t owner)
{
	unsigned int max = READ_ONCE(netns_max);
	unsigned int user_max = READ_ONCE(netns_user_max);

	lockdep_assert_held(&tpstat_netns_lock);
	if (tpstat_netns_nr >= max)
		return TPSTAT_NETNS_FULL;
	if (uid_eq(owner, GLOBAL_ROOT_UID))
		return TPSTAT_NETNS_MAY;
	if (tpstat_netns_owned(owner) >= user_max)
		return TPSTAT_NETNS_OWNER_FULL;
	if (tpstat_netns_users_nr + user_max >= max)
		return TPSTAT_NETNS_USERS_FULL;
	return TPSTAT_NETNS_MAY;
}

/*
 * Under tpstat_netns_lock, once the list says who counts: @net's
 * counting is now @c (NULL: none) in place of @old (NULL: none).  Its
 * bucket takes @c where it held @old or nobody's; where @old leaves it,
 * another counting namespace of the same bucket, if any, takes it, so
 * that the bucket holds nobody's only while none counts.
 */
static void tpstat_netns_bucket_set(const struct net *net,
				    const struct tpstat_ns_counts *old,
				    struct tpstat_ns_counts *c)
{
	u32 b = tpstat_netns_bucket(net);
	struct tpstat_ns_counts __rcu **bucket = &tpstat_netns_buckets[b];
	struct tpstat_ns_counts *held, *other;

	held = rcu_dereference_protected(*bucket,
					 lockdep_is_held(&tpstat_netns_lock));
	if (held != &tpstat_netns_nobody && held != old)
		return;
	if (!c) {
		c = &tpstat_netns_nobody;
		list_for_each_entry(other, &tpstat_netns_list, node)
			if (tpstat_netns_bucket(other->net) == b) {
				c = other;
				break;
			}
	}
	rcu_assign_pointer(*bucket, c);
}

/*
 * Probe context, pinned: @c's counters as a probe's data, or NULL where
 * its filter leaves the event out (tpstat_netns_pass_out()).  A per-CPU
 * allocation is never at 0.
 */
notrace void *tpstat_netns_filtered_data(const struct tpstat_ns_counts *c,
					 const struct sock *sk,
					 const struct sk_buff *skb,
					 const struct net_device *dev)
{
	return tpstat_filter_match_one(&c->filter, sk, skb, dev) ?
	       tpstat_pcpu_data(c->pcpu) : NULL;
}

static struct tpstat_net *tpstat_net(const struct net *net)
{
	return net_generic(net, tpstat_net_id);
}

static void tpstat_ns_counts_free_rcu(struct rcu_head *head)
{
	struct tpstat_ns_counts *c =
		container_of(head, struct tpstat_ns_counts, filter.rcu);

	free_percpu(c->pcpu);	/* may be called from atomic context */
	kfree(c);
}

static void tpstat_netns_history_free(struct tpstat_history *h)
{
	if (h)
		tpstat_history_free(h);
	kfree(h);
}

/*
 * A history for a namespace that starts counting now, from 0, charged
 * to the caller as its counters are; NULL if the recorder is off.
 */
static int tpstat_netns_history_new(struct tpstat_history **hp)
{
	u32 bytes = READ_ONCE(tpstat_netns_history_bytes);
	struct tpstat_history *h;
	struct tpstat_clock now;

	*hp = NULL;
	if (!bytes)
		return 0;
	h = kzalloc_obj(*h, GFP_KERNEL_ACCOUNT);
	if (!h)
		return -ENOMEM;
	tpstat_clock_now(&now);
	if (tpstat_history_init(h, bytes, GFP_KERNEL_ACCOUNT, NULL, &now)) {
		kfree(h);
		return -ENOMEM;
	}
	*hp = h;
	return 0;
}

/*
 * Publishes @c (NULL: none) as @net's; the old one goes after a grace
 * period.  A namespace that starts counting is charged to its owner
 * until it stops.  Refused (-ENOSPC, and nothing changed, *@why saying
 * which cap) where @net would be one more counting namespace than
 * netns_max allows, or one more of its owner's than netns_user_max
 * does.
 */
static int tpstat_netns_replace(struct net *net, struct tpstat_ns_counts *c,
				struct tpstat_totals *final,
				enum tpstat_netns_refusal *why)
{
	struct tpstat_net *tn = tpstat_net(net);
	struct tpstat_history *gone = NULL;
	struct tpstat_ns_counts *old;

	mutex_lock(&tpstat_netns_lock);
	old = rcu_dereference_protected(tn->counts,
					lockdep_is_held(&tpstat_netns_lock));
	if (c && old) {
		c->owner = old->owner;
		list_replace(&old->node, &c->node);
		/*
		 * The history goes on: the new counters start at 0, the old
		 * ones' last sums (@final) taken off its base.  What a probe
		 * adds to the old ones from now on, before the grace period,
		 * is in neither: the interval says the filter changed.
		 */
		if (old->history) {
			swap(gone, c->history);
			swap(c->history, old->history);
			tpstat_counters_sum(old->pcpu, final);
			tpstat_history_restart(c->history, final);
		}
	} else if (c) {
		c->owner = tpstat_netns_owner(net);
		*why = tpstat_netns_may_charge(c->owner);
		if (*why) {
			mutex_unlock(&tpstat_netns_lock);
			return -ENOSPC;
		}
		list_add(&c->node, &tpstat_netns_list);
		tpstat_netns_nr++;
		if (!uid_eq(c->owner, GLOBAL_ROOT_UID))
			tpstat_netns_users_nr++;
		/* A pending switch off finds a namespace counting again. */
		if (!static_key_enabled(&tpstat_netns_counting))
			tpstat_netns_switch(true);
	}
	rcu_assign_pointer(tn->counts, c);
	if (!c && old) {
		swap(gone, old->history);
		list_del(&old->node);
		tpstat_netns_nr--;
		if (!uid_eq(old->owner, GLOBAL_ROOT_UID))
			tpstat_netns_users_nr--;
		/* Off a while after the last one stops, if none started. */
		if (!tpstat_netns_nr)
			mod_delayed_work(system_percpu_wq, &tpstat_netns_key_work,
					 TPSTAT_NETNS_KEY_HOLD);
	}
	if (c || old)
		tpstat_netns_bucket_set(net, old, c);
	mutex_unlock(&tpstat_netns_lock);
	tpstat_netns_history_free(gone);
	if (old)
		call_rcu(&old->filter.rcu, tpstat_ns_counts_free_rcu);
	return 0;
}

int tpstat_netns_set_filter(struct net *net, const struct tpstat_filter *f,
			    struct netlink_ext_ack *extack)
{
	enum tpstat_netns_refusal why = TPSTAT_NETNS_MAY;
	struct tpstat_totals *final = NULL;
	struct tpstat_ns_counts *c;
	int err;

	/*
	 * Whatever a namespace's root makes us hold is charged to it: a
	 * history too, given up again where the namespace already has one.
	 */
	c = kzalloc_obj(*c, GFP_KERNEL_ACCOUNT);
	if (!c)
		goto nomem;
	c->pcpu = tpstat_counters_alloc_account();
	if (!c->pcpu || tpstat_netns_history_new(&c->history))
		goto nomem;
	final = kmalloc(sizeof(*final), GFP_KERNEL_ACCOUNT);
	if (!final)
		goto nomem;
	c->net = net;
	if (f)
		c->filter = *f;
	err = tpstat_netns_replace(net, c, final, &why);
	kfree(final);
	final = NULL;
	switch (why) {
	case TPSTAT_NETNS_MAY:
		break;
	case TPSTAT_NETNS_FULL:
		NL_SET_ERR_MSG_MOD(extack,
				   "as many namespaces count their own events as the module parameter netns_max allows: this one may start when another stops");
		break;
	case TPSTAT_NETNS_OWNER_FULL:
		NL_SET_ERR_MSG_MOD(extack,
				   "as many namespaces of this user (who made this user namespace) count their own events as the module parameter netns_user_max allows: this one may start when another of theirs stops");
		break;
	case TPSTAT_NETNS_USERS_FULL:
		NL_SET_ERR_MSG_MOD(extack,
				   "users other than root have as many namespaces counting as the module parameters allow (netns_max less netns_user_max, kept for root's): this one may start when another stops");
		break;
	}
	if (err)
		goto free;
	return 0;

nomem:
	NL_SET_ERR_MSG_MOD(extack,
			   "no memory for this namespace's counters (charged to its memory cgroup)");
	err = -ENOMEM;
free:
	if (c) {
		free_percpu(c->pcpu);
		tpstat_netns_history_free(c->history);
	}
	kfree(c);
	kfree(final);
	return err;
}

bool tpstat_netns_get_filter(struct net *net, struct tpstat_filter *out)
{
	const struct tpstat_ns_counts *c;
	bool counting;

	rcu_read_lock();
	c = rcu_dereference(tpstat_net(net)->counts);
	counting = c;
	if (c)
		*out = c->filter;
	rcu_read_unlock();
	return counting;
}

/*
 * The counters are summed under the mutex, so that a filter set at the
 * same time cannot free them under the reader.
 */
bool tpstat_netns_read(struct net *net, struct tpstat_totals *totals)
{
	const struct tpstat_ns_counts *c;

	mutex_lock(&tpstat_netns_lock);
	c = rcu_dereference_protected(tpstat_net(net)->counts,
				      lockdep_is_held(&tpstat_netns_lock));
	if (c)
		tpstat_counters_sum(c->pcpu, totals);
	mutex_unlock(&tpstat_netns_lock);
	return c;
}

static int __net_init tpstat_netns_init_net(struct net *net)
{
	struct tpstat_net *tn = tpstat_net(net);

	spin_lock_init(&tn->dumps_lock);
	INIT_LIST_HEAD(&tn->dump_users);
	return 0;
}

static void __net_exit tpstat_netns_exit_net(struct net *net)
{
	struct tpstat_net *tn = tpstat_net(net);
	struct tpstat_dump_user *u, *next;
	enum tpstat_netns_refusal why;

	tpstat_netns_replace(net, NULL, NULL, &why);	/* never refused */
	/*
	 * A dump's socket holds its namespace until the dump is done (and
	 * the dump holds the module): no dump is left to give back a slot,
	 * and each reader's entry went with its last dump.  Should one be
	 * left, it is freed with the rest.
	 */
	WARN_ON_ONCE(tn->dump_admin.dumps || !list_empty(&tn->dump_users));
	list_for_each_entry_safe(u, next, &tn->dump_users, node)
		kfree(u);
}

static struct pernet_operations tpstat_netns_ops = {
	.init = tpstat_netns_init_net,
	.exit = tpstat_netns_exit_net,
	.id = &tpstat_net_id,
	.size = sizeof(struct tpstat_net),
};

int tpstat_netns_counts_init(void)
{
	unsigned int b;

	/* Before any probe reads them: the static key is off. */
	for (b = 0; b < ARRAY_SIZE(tpstat_netns_buckets); b++)
		RCU_INIT_POINTER(tpstat_netns_buckets[b], &tpstat_netns_nobody);
	return register_pernet_subsys(&tpstat_netns_ops);
}

void tpstat_netns_counts_exit(void)
{
	unregister_pernet_subsys(&tpstat_netns_ops);
	/* No namespace counts now: the key off, its work gone with it. */
	cancel_delayed_work_sync(&tpstat_netns_key_work);
	if (static_key_enabled(&tpstat_netns_counting))
		tpstat_netns_switch(false);
	rcu_barrier();	/* the call_rcu() frees, before the module goes */
}

size_t tpstat_netns_bytes(void)
{
	u32 history = READ_ONCE(tpstat_netns_history_bytes);

	return (size_t)READ_ONCE(tpstat_netns_nr) *
	       (sizeof(struct tpstat_ns_counts) +
		sizeof(struct tpstat_pcpu) * num_possible_cpus() +
		(history ? sizeof(struct tpstat_history) + history +
			   sizeof(struct tpstat_totals) : 0));
}

void tpstat_netns_history_size(u32 bytes)
{
	WRITE_ONCE(tpstat_netns_history_bytes, bytes);
}

void tpstat_netns_history_take(const struct tpstat_clock *now, u32 flags,
			       struct tpstat_totals *sums, u8 *rec)
{
	struct tpstat_ns_counts *c;

	mutex_lock(&tpstat_netns_lock);
	list_for_each_entry(c, &tpstat_netns_list, node) {
		if (!c->history)
			continue;
		tpstat_counters_sum(c->pcpu, sums);
		tpstat_history_take(c->history, sums, now, flags, rec);
	}
	mutex_unlock(&tpstat_netns_lock);
}

int tpstat_netns_history_read(struct net *net,
			      int (*read)(const struct tpstat_history *h,
					  void *arg),
			      void *arg)
{
	const struct tpstat_ns_counts *c;
	int ret = -ENOENT;

	mutex_lock(&tpstat_netns_lock);
	c = rcu_dereference_protected(tpstat_net(net)->counts,
				      lockdep_is_held(&tpstat_netns_lock));
	if (c && c->history)
		ret = read(c->history, arg);
	mutex_unlock(&tpstat_netns_lock);
	return ret;
}

void tpstat_netns_show(struct seq_file *m)
{
	mutex_lock(&tpstat_netns_lock);
	seq_printf(m, "counting %u\n", tpstat_netns_nr);
	seq_printf(m, "counting_users %u\n", tpstat_netns_users_nr);
	seq_printf(m, "key %s\n",
		   static_key_enabled(&tpstat_netns_counting) ? "on" : "off");
	seq_printf(m, "key_switches %lu\n", tpstat_netns_key_switches);
	mutex_unlock(&tpstat_netns_lock);
}
