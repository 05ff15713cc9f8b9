// SPDX-License-Identifier: GPL-2.0
/*
 * Namespaces: their cookies (netns_cookie.c), the index by cookie
 * (netns_index.c) and a table's tenants; netns_counts.c, each
 * namespace's counters, is compiled in here too.  A case of the
 * tpstat_views suite (views_test.c).
 */
#include "tpstat_kunit.h"

#include "../module/tables/netns_cookie.c"
/* netns_counts.c names its messages; kunit/test.h defined pr_fmt first. */
#undef pr_fmt
#include "../module/probes/netns_counts.c"
#include "../module/tables/netns_index.c"
#include "tables/table.h"

/*
 * The namespaces by cookie (netns_index.c), and each namespace's own
 * losses: a table whose home is a namespace that does not exist, so
 * init_net is a tenant.  Its quota (8 keys: one a bucket) takes one of
 * init_net's keys and loses the next three, which init_net is told;
 * another cookie of init_net's bucket is told none, the home what is
 * left (none), and a clear zeroes init_net's count.
 */
void tpstat_netns_index_test(struct kunit *test)
{
	u64 me, mate, home;
	struct tpstat_table *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, 0, tpstat_net_cookie_init());
	if (tpstat_netns_index_init()) {
		tpstat_net_cookie_exit();
		KUNIT_FAIL(test, "netns index: registering its pernet operations failed");
		return;
	}
	me = tpstat_net_cookie(&init_net);
	KUNIT_EXPECT_NE(test, 0ULL, me);
	rcu_read_lock();
	KUNIT_EXPECT_PTR_EQ(test, &init_net, tpstat_net_by_cookie(me));
	KUNIT_EXPECT_NULL(test, tpstat_net_by_cookie(0));
	KUNIT_EXPECT_NULL(test, tpstat_net_by_cookie(U64_MAX));
	rcu_read_unlock();

	/* Far above any cookie handed out: never a namespace's. */
	home = U64_MAX - 1;
	for (mate = U64_MAX - 2;
	     hash_64(mate, TPSTAT_TABLE_NS_BITS) != hash_64(me, TPSTAT_TABLE_NS_BITS);
	     mate--)
		;
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, 8, sizeof(struct tkey), 1));
	tpstat_table_set_tenancy(t, 0, home, 5);
	for (i = 0; i < 4; i++) {
		struct tkey k = { .a = me, .b = i };

		KUNIT_EXPECT_EQ(test, i == 0, tpstat_table_get(t, &k) != NULL);
	}
	KUNIT_EXPECT_EQ(test, 3LL, atomic64_read(&t->overflow));
	KUNIT_EXPECT_EQ(test, 3ULL, tpstat_table_ns_overflow(t, me));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_ns_overflow(t, mate));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_ns_overflow(t, home));
	KUNIT_EXPECT_EQ(test, 3ULL, tpstat_netns_lost(me, 5));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_netns_lost(me, 4));
	tpstat_table_clear(t);
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_ns_overflow(t, me));
	tpstat_table_free(t);

	tpstat_netns_index_exit();
	tpstat_net_cookie_exit();
	rcu_read_lock();
	KUNIT_EXPECT_NULL(test, tpstat_net_by_cookie(me));
	rcu_read_unlock();
}

/* The counting in @net's bucket now; NULL for nobody's. */
static const struct tpstat_ns_counts *tpstat_bucket_now(const struct net *net)
{
	const struct tpstat_ns_counts *c =
		rcu_access_pointer(tpstat_netns_buckets[tpstat_netns_bucket(net)]);

	return c == &tpstat_netns_nobody ? NULL : c;
}

/*
 * The counting tpstat_netns_find() finds for @net, in a probe's context:
 * with preemption off, as kernels before 7.2 call probes (compat.h).
 */
static const struct tpstat_ns_counts *tpstat_found(const struct net *net)
{
	const struct tpstat_ns_counts *c;

	preempt_disable();
	c = tpstat_netns_find(net);
	if (c)
		tpstat_probe_unpin();
	preempt_enable();
	return c;
}

/*
 * A counting namespace's bucket (netns_counts.h): empty, then holding
 * its counting while it counts, the new one after a new filter, which
 * the probes' look finds; empty again, and found nothing, once it stops.
 */
void tpstat_netns_buckets_test(struct kunit *test)
{
	const struct tpstat_ns_counts *first, *now;
	enum tpstat_netns_refusal why;
	struct tpstat_filter all = {};

	KUNIT_ASSERT_EQ(test, 0, tpstat_netns_counts_init());
	KUNIT_EXPECT_NULL(test, tpstat_bucket_now(&init_net));
	KUNIT_EXPECT_EQ(test, 0, tpstat_netns_set_filter(&init_net, NULL, NULL));
	first = rcu_access_pointer(tpstat_net(&init_net)->counts);
	KUNIT_EXPECT_NOT_NULL(test, first);
	KUNIT_EXPECT_PTR_EQ(test, first, tpstat_bucket_now(&init_net));
	KUNIT_EXPECT_PTR_EQ(test, first, tpstat_found(&init_net));
	KUNIT_EXPECT_EQ(test, 0, tpstat_netns_set_filter(&init_net, &all, NULL));
	KUNIT_EXPECT_PTR_NE(test, first, tpstat_bucket_now(&init_net));
	now = rcu_access_pointer(tpstat_net(&init_net)->counts);
	KUNIT_EXPECT_PTR_EQ(test, now, tpstat_bucket_now(&init_net));
	KUNIT_EXPECT_PTR_EQ(test, tpstat_bucket_now(&init_net),
			    tpstat_found(&init_net));
	tpstat_netns_replace(&init_net, NULL, NULL, &why);
	KUNIT_EXPECT_NULL(test, tpstat_bucket_now(&init_net));
	KUNIT_EXPECT_NULL(test, tpstat_found(&init_net));
	tpstat_netns_counts_exit();
}

/* What the pass tells of @c: the counters, or NULL (filtered out). */
static void *tpstat_passed(const struct tpstat_ns_counts *c)
{
	void *data = (void *)c;
	bool out = tpstat_netns_pass_out(&data, NULL, NULL, NULL);

	return out ? NULL : data;
}

/*
 * The namespace pass (netns_counts.h): a namespace that filters nothing
 * gets its counters; one whose filter takes the event (this task's
 * pid) gets them from the filter's call, and one whose filter leaves
 * it out (another pid), none.
 */
void tpstat_netns_pass_test(struct kunit *test)
{
	struct tpstat_ns_counts *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->pcpu = tpstat_counters_alloc_account();
	KUNIT_ASSERT_NOT_NULL(test, c->pcpu);
	KUNIT_EXPECT_PTR_EQ(test, tpstat_pcpu_data(c->pcpu), tpstat_passed(c));
	c->filter.fields = TPSTAT_FILTER_PID;
	c->filter.pid = current->tgid;
	KUNIT_EXPECT_PTR_EQ(test, tpstat_pcpu_data(c->pcpu), tpstat_passed(c));
	c->filter.pid = current->tgid + 1;
	KUNIT_EXPECT_NULL(test, tpstat_passed(c));
	free_percpu(c->pcpu);
}

/*
 * Under the namespaces' lock: @c, of a fake namespace, starts (@on) or
 * stops counting; then its bucket holds @holder, which (where the bucket
 * comes first) the look finds for its own namespace.  Const, as the
 * bucket's readers see it (5.10's KUnit compares pointers' types).
 */
static void tpstat_mate_switch(struct kunit *test, struct tpstat_ns_counts *c,
			       bool on, const struct tpstat_ns_counts *holder)
{
	if (on)
		list_add(&c->node, &tpstat_netns_list);
	else
		list_del(&c->node);
	tpstat_netns_bucket_set(c->net, on ? NULL : c, on ? c : NULL);
	KUNIT_EXPECT_PTR_EQ(test, holder, tpstat_bucket_now(c->net));
#ifdef TPSTAT_NETNS_BUCKETS_FIRST
	if (holder)
		KUNIT_EXPECT_PTR_EQ(test, holder, tpstat_found(holder->net));
#endif
}

/*
 * Two counting namespaces of one bucket (two addresses that hash alike,
 * never read): the first to count holds the bucket; when it stops, the
 * other takes it, and the bucket is empty only when both have stopped.
 */
void tpstat_netns_bucket_mates_test(struct kunit *test)
{
	struct tpstat_ns_counts a = {}, b = {};
	unsigned long base = (unsigned long)&a;
	unsigned long i;

	a.net = (const struct net *)base;
	for (i = 64; tpstat_netns_bucket((const struct net *)(base + i)) !=
		     tpstat_netns_bucket(a.net); i += 64)
		;
	b.net = (const struct net *)(base + i);

	KUNIT_ASSERT_EQ(test, 0, tpstat_netns_counts_init());
	mutex_lock(&tpstat_netns_lock);
	tpstat_mate_switch(test, &a, true, &a);
	tpstat_mate_switch(test, &b, true, &a);
	tpstat_mate_switch(test, &a, false, &b);
	tpstat_mate_switch(test, &b, false, NULL);
	mutex_unlock(&tpstat_netns_lock);
	tpstat_netns_counts_exit();
}
