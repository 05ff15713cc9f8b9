/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A network namespace's own counters, and its own filter.
 *
 * A namespace other than the initial one starts counting its own events
 * when its root sets its filter (SET_FILTER there, with or without
 * fields): from then on, every probe that can tell an event's namespace
 * (from its socket, device or skb, as the filter does) also adds the
 * event to that namespace's per-CPU counters, if the namespace's own
 * filter lets it through.  The system's filter plays no part there (its
 * user could infer it from what counts), and the namespace's filter
 * narrows only its own counters: what the system counts, the views and
 * the alerts stay as they were.  The generated probes read no argument, so
 * their events are never a namespace's.
 *
 * Probes pay one patched jump for this while no namespace counts, and
 * while some do, the events of the others pay an inline look at their
 * namespace (struct tpstat_peek) and its bucket or slot.  The jump is
 * patched off only a second after the last namespace stops counting, if
 * none started since: patching every probe (and an IPI to every CPU) at
 * most a few times a second, however fast namespaces come and go.  The
 * counters go with the namespace, or with the module.
 *
 * Each counting namespace is charged to its owner, the user who made its
 * user namespaces (root for the initial user namespace's): at most
 * netns_max count at once, at most netns_user_max of them one user's
 * other than root, and users other than root hold at most netns_max less
 * netns_user_max together, so that root's containers always find room.
 * A counting namespace keeps its own history too, an interval for each
 * of the recorder's (recorder.h), charged and capped with its counters.
 */
#ifndef _TPSTAT_NETNS_COUNTS_H
#define _TPSTAT_NETNS_COUNTS_H

#include <linux/hash.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/uidgid.h>
#include <net/net_namespace.h>
#include <net/netns/generic.h>

#include "base/compat.h"
#include "counters/counters.h"
#include "probes/filter.h"

struct sock;
struct sk_buff;
struct net_device;
struct netlink_ext_ack;
struct tpstat_clock;
struct tpstat_history;

/* One reader's dumps of a namespace's own entries open (netlink_views.c). */
struct tpstat_dump_user {
	struct list_head node;	/* in tpstat_net.dump_users, but the admin's */
	kuid_t uid;		/* the reader (netlink_views.c) */
	unsigned int dumps;
};

/* net_generic()'s per-namespace part. */
struct tpstat_net {
	struct tpstat_ns_counts __rcu *counts;	/* NULL: counts nothing */
	/* Its own entries' dumps open, per reader (netlink_views.c). */
	spinlock_t dumps_lock;
	struct list_head dump_users;	/* users other than its administrator */
	struct tpstat_dump_user dump_admin;	/* CAP_NET_ADMIN over it */
};

/* On while any namespace counts its own events, and a second after. */
DECLARE_STATIC_KEY_FALSE(tpstat_netns_counting);
/* Our net_generic() slot; set once, when the module loads. */
extern unsigned int tpstat_net_id;

static __always_inline bool tpstat_netns_hot(void)
{
	return static_branch_unlikely(&tpstat_netns_counting);
}

/*
 * A namespace's counting, as the probes see it: its per-CPU counters and
 * its own filter, freed a grace period after the namespace stops (the
 * filter's rcu_head frees the whole).  The rest is netns_counts.c's.
 */
struct tpstat_ns_counts {
	struct tpstat_pcpu __percpu *pcpu;
	const struct net *net;		/* whose: only compared */
	struct tpstat_filter filter;
	struct list_head node;		/* in netns_counts.c's list */
	kuid_t owner;			/* charged (tpstat_netns_owner()) */
	/*
	 * Its own history (interval.h), NULL while the recorder is off.
	 * It outlives a new filter, which gets it, and goes when the
	 * namespace stops counting; no probe reads it, so it is used and
	 * freed under netns_counts.c's lock alone.
	 */
	struct tpstat_history *history;
};

/*
 * Probe context, pinned (tpstat_probe_pin(), compat.h), while
 * tpstat_netns_hot(), for an event of namespace @net that is not the
 * initial one (struct tpstat_peek): @net's counting, NULL if it counts
 * nothing.  Only then does a probe go out of line, to run its body again
 * for that namespace, with what this returned (tpstat_netns_pass_out()):
 * the namespace is found once per event.  Inline, so that the events of
 * every other namespace cost a few loads: the initial namespace never
 * counts its own (its figures are the system's), and another one's slot
 * says whether it counts.  Not net_generic(), whose rcu_read_lock() is
 * two calls on preemptible-RCU kernels: pinned, the probe is an RCU reader
 * on every kernel, and both the slot array (net->gen) and the counting
 * are freed after a grace period.  The slot itself lives as long as the
 * namespace, which the event's socket or device holds; it is still NULL
 * while a new namespace is set up, before our init.
 */
static __always_inline const struct tpstat_ns_counts *
tpstat_netns_slot(const struct net *net)
{
	const struct tpstat_net *tn;

	tn = rcu_dereference_sched(net->gen)->ptr[tpstat_net_id];
	return tn ? rcu_dereference_sched(tn->counts) : NULL;
}

/*
 * The counting namespaces by a hash of their struct net: each of the
 * buckets holds the counting of one namespace that hashes there, and
 * tpstat_netns_nobody while none does (netns_counts.c keeps it so, under
 * its lock).  At 4096 buckets, 64 namespaces counting leave the others'
 * events about one chance in 64 of looking at their slot in vain, and a
 * counting one's the same chance of not finding itself in its bucket.
 * Nobody's is a counting of no namespace (its net is NULL, no event's),
 * so that a bucket's namespace is compared with no test for NULL first.
 */
#define TPSTAT_NETNS_BUCKET_BITS	12
extern struct tpstat_ns_counts __rcu *
	tpstat_netns_buckets[1 << TPSTAT_NETNS_BUCKET_BITS];
extern struct tpstat_ns_counts tpstat_netns_nobody;

static __always_inline u32 tpstat_netns_bucket(const struct net *net)
{
	return hash_32((u32)(unsigned long)net, TPSTAT_NETNS_BUCKET_BITS);
}

/*
 * Probe context, unpinned, for an event of namespace @net, which is not
 * the initial one: @net's counting, with the probe pinned
 * (tpstat_probe_pin(), compat.h); NULL, unpinned, if it counts nothing.
 * Where the bucket costs an event less than the slot alone
 * (TPSTAT_NETNS_BUCKETS_FIRST, compat.h), an empty bucket says so before
 * the pin, and the counting in the bucket is @net's own all but once in
 * a while: then neither net->gen nor the slot is read.
 */
static __always_inline const struct tpstat_ns_counts *
tpstat_netns_find(const struct net *net)
{
	const struct tpstat_ns_counts *c;
#ifdef TPSTAT_NETNS_BUCKETS_FIRST
	struct tpstat_ns_counts __rcu **bucket =
		&tpstat_netns_buckets[tpstat_netns_bucket(net)];

#ifdef TPSTAT_HAVE_PROBES_PREEMPT_OFF
	/* Pinned by the kernel already: one load. */
	tpstat_probe_pin();
	c = rcu_dereference_sched(*bucket);
	if (c == &tpstat_netns_nobody) {
		tpstat_probe_unpin();
		return NULL;
	}
#else
	/*
	 * Unpinned, only whether it is empty, in one load that may be
	 * stale: a bucket filled too late or emptied too soon only means
	 * the slot, read after it, says nothing yet or any more.  Not
	 * READ_ONCE(), which x86 would not fold into the compare.
	 */
	if (data_race((__force const void *)*bucket) == &tpstat_netns_nobody)
		return NULL;
	tpstat_probe_pin();
	c = rcu_dereference_sched(*bucket);
#endif
	if (likely(c->net == net)) {
		/*
		 * Not NULL, which the kernel's -fno-delete-null-pointer-checks
		 * keeps the compiler from inferring from the load: the
		 * caller's test of what this returns goes.
		 */
		if (!c)
			__builtin_unreachable();
		return c;
	}
#else
	tpstat_probe_pin();
#endif
	c = tpstat_netns_slot(net);
	if (!c)
		tpstat_probe_unpin();
	return c;
}

/*
 * What the peek (TPSTAT_PROBE_PEEK, probe_body.h) found of the event's
 * namespace: whether it is the initial one, and if not, which.  On x86
 * (TPSTAT_NETNS_CMP_IN_PLACE, compat.h) the initial namespace's events,
 * most of them, find it in one compare of where the event holds its
 * namespace with a constant, and only the others read it: a register
 * holding it for them would cost every event a load.
 */
struct tpstat_peek {
	bool initial;
	const struct net *net;		/* if not initial */
};

/*
 * The peek: stores what the event's namespace @net is where @where
 * points (the initial one for an event that names none: neither counts
 * it), and returns true, which ends the body.
 */
static __always_inline bool tpstat_netns_peek(void *where,
					      const struct net *net)
{
	struct tpstat_peek *peek = where;

	peek->initial = net_eq(net, &init_net);
	peek->net = net;
	return true;
}

/* The same, for the namespace held at @place. */
#ifdef TPSTAT_NETNS_CMP_IN_PLACE
static __always_inline bool tpstat_netns_peek_at(void *where,
						 const possible_net_t *place)
{
	struct tpstat_peek *peek = where;

	peek->initial = net_eq(read_pnet(place), &init_net);
#ifdef CONFIG_NET_NS
	/* Read again, in a load that the compare is not. */
	if (!peek->initial)
		peek->net = (const struct net __force *)READ_ONCE(place->net);
#endif
	return true;
}
#else
#define tpstat_netns_peek_at(where, place) \
	tpstat_netns_peek(where, read_pnet(place))
#endif

/* Out of line, netns_counts.c: the namespace's filter's call. */
void *tpstat_netns_filtered_data(const struct tpstat_ns_counts *c,
				 const struct sock *sk,
				 const struct sk_buff *skb,
				 const struct net_device *dev);

/*
 * Probe context, pinned: the namespace pass's test (probe_body.h).  Where
 * @data points is the counting tpstat_netns_find() found for the event (SK,
 * SKB, DEV).  True if the namespace's own filter leaves the event out;
 * else false, with @data pointed at the namespace's per-CPU counters.
 * Only that filter: were the system's applied too, the namespace's user
 * could learn it from what counts.  A filter of no fields (the namespace
 * counts all of its events) needs no call.  The call returns the
 * counters, not a yes or no: nothing of @c is needed after it, so the
 * pass of a namespace that filters nothing keeps no register across it
 * and needs no frame.
 */
static __always_inline bool
tpstat_netns_pass_out(void **data, const struct sock *sk,
		      const struct sk_buff *skb, const struct net_device *dev)
{
	const struct tpstat_ns_counts *c = *data;

	if (!c->filter.fields) {
		*data = tpstat_pcpu_data(c->pcpu);
		return false;
	}
	*data = tpstat_netns_filtered_data(c, sk, skb, dev);
	return !*data;
}

int tpstat_netns_counts_init(void);
/* Caller: every probe is unregistered and synchronised. */
void tpstat_netns_counts_exit(void);

/*
 * Starts @net counting its own events from 0, under @f (fields 0: all of
 * them; a netns field must be @net's own).  Its memory is charged to the
 * caller's memory cgroup, its slot to its owner; -ENOSPC where netns_max
 * namespaces count already, or its owner's netns_user_max, or users'
 * share; -ENOMEM; either with an extack message naming the cap.
 * Process context.
 */
int tpstat_netns_set_filter(struct net *net, const struct tpstat_filter *f,
			    struct netlink_ext_ack *extack);
/* @net's filter; false if it does not count. */
bool tpstat_netns_get_filter(struct net *net, struct tpstat_filter *out);
/* @net's counters, summed; false if it does not count. */
bool tpstat_netns_read(struct net *net, struct tpstat_totals *totals);
/* What the namespaces counting now hold (at most netns_max of them). */
size_t tpstat_netns_bytes(void);

/*
 * Each namespace's own history (interval.h): a ring of @bytes for each
 * that starts counting from now on (0: none), as the recorder says
 * (recorder.h, history_netns_kb) when it starts.
 */
void tpstat_netns_history_size(u32 bytes);
/*
 * The recorder's tick: ends the interval of every counting namespace's
 * history at @now, @flags added; @sums and @rec are its scratch.
 */
void tpstat_netns_history_take(const struct tpstat_clock *now, u32 flags,
			       struct tpstat_totals *sums, u8 *rec);
/*
 * @read(@net's history, @arg), under the lock that keeps it: its
 * return value, or -ENOENT where @net counts nothing or has no history.
 */
int tpstat_netns_history_read(struct net *net,
			      int (*read)(const struct tpstat_history *h,
					  void *arg),
			      void *arg);
struct seq_file;
/*
 * debugfs tpstat/netns: "<name> <value>" lines: counting (namespaces
 * counting now), counting_users (of them, owned by users other than
 * root), key (on or off) and key_switches (since load).
 */
void tpstat_netns_show(struct seq_file *m);

#endif /* _TPSTAT_NETNS_COUNTS_H */
