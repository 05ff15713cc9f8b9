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

/* A bucket's count as an int: 5.10's KUNIT_EXPECT_EQ() wants one type. */
static int tpstat_bucket_now(const u16 *bucket)
{
	return READ_ONCE(*bucket);
}

/*
 * A counting namespace's bucket (netns_counts.h): raised while it counts,
 * so that a probe which finds its bucket at 0 rightly skips its slot;
 * left as it is by a new filter; back where it was once it stops.
 */
void tpstat_netns_buckets_test(struct kunit *test)
{
	u16 *bucket = &tpstat_netns_buckets[tpstat_netns_bucket(&init_net)];
	enum tpstat_netns_refusal why;
	struct tpstat_filter all = {};
	int was;

	KUNIT_ASSERT_EQ(test, 0, tpstat_netns_counts_init());
	was = tpstat_bucket_now(bucket);
	KUNIT_EXPECT_EQ(test, 0, tpstat_netns_set_filter(&init_net, NULL, NULL));
	KUNIT_EXPECT_EQ(test, was + 1, tpstat_bucket_now(bucket));
	KUNIT_EXPECT_TRUE(test, tpstat_netns_may_count(&init_net));
	KUNIT_EXPECT_EQ(test, 0, tpstat_netns_set_filter(&init_net, &all, NULL));
	KUNIT_EXPECT_EQ(test, was + 1, tpstat_bucket_now(bucket));
	tpstat_netns_replace(&init_net, NULL, NULL, &why);
	KUNIT_EXPECT_EQ(test, was, tpstat_bucket_now(bucket));
	tpstat_netns_counts_exit();
}
