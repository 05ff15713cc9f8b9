/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit suites for tpstat, one test file per unit or small group of
 * units (the top-level Kbuild lists them; suites.c registers every
 * suite).  The code under test is compiled into this module: each test
 * file #includes the units it tests, so static functions, the probes
 * among them, can be driven directly with synthetic skbs and sockets and
 * a private set of per-CPU counters; the tpstat module need not be
 * loaded.  Each unit is included by exactly one test file, so the
 * module links as tpstat.ko does; a test that needs another file's unit
 * calls it through that unit's header.
 *
 * What several test files share is here: the suites, the tpstat_views
 * suite's cases that live beside their own units, and the table tests'
 * key.
 */
#ifndef TPSTAT_KUNIT_H
#define TPSTAT_KUNIT_H

#include <kunit/test.h>
#include <linux/types.h>

/* KUnit gained the NULL assertions in 5.15; before, they are these. */
#ifndef KUNIT_ASSERT_NOT_NULL
#define KUNIT_ASSERT_NOT_NULL(test, ptr) KUNIT_ASSERT_TRUE(test, (ptr) != NULL)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) KUNIT_EXPECT_TRUE(test, (ptr) != NULL)
#define KUNIT_ASSERT_NULL(test, ptr) KUNIT_ASSERT_TRUE(test, (ptr) == NULL)
#define KUNIT_EXPECT_NULL(test, ptr) KUNIT_EXPECT_TRUE(test, (ptr) == NULL)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_ASSERT_TRUE_MSG(test, (ptr) != NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_EXPECT_TRUE_MSG(test, (ptr) != NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_ASSERT_TRUE_MSG(test, (ptr) == NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_EXPECT_TRUE_MSG(test, (ptr) == NULL, fmt, ##__VA_ARGS__)
#endif

/* The suites, registered in suites.c. */
extern struct kunit_suite tpstat_glob_suite;
extern struct kunit_suite tpstat_registry_suite;
extern struct kunit_suite tpstat_params_suite;
extern struct kunit_suite tpstat_counters_suite;
extern struct kunit_suite tpstat_views_suite;
extern struct kunit_suite tpstat_alerts_suite;
extern struct kunit_suite tpstat_filter_suite;
extern struct kunit_suite tpstat_alert_window_suite;
extern struct kunit_suite tpstat_reasons_suite;
extern struct kunit_suite tpstat_recorder_suite;

/* The tpstat_views suite's cases (views_test.c) in other test files. */
void tpstat_table_insert_lookup_test(struct kunit *test);	/* table_test.c */
void tpstat_table_size_test(struct kunit *test);
void tpstat_table_hints_test(struct kunit *test);
void tpstat_table_collision_test(struct kunit *test);
void tpstat_table_full_test(struct kunit *test);
void tpstat_table_concurrent_test(struct kunit *test);
void tpstat_view_copy_test(struct kunit *test);		/* view_copy_test.c */
void tpstat_snap_sort_test(struct kunit *test);
void tpstat_netns_index_test(struct kunit *test);	/* netns_test.c */
void tpstat_netns_buckets_test(struct kunit *test);	/* netns_test.c */
void tpstat_netns_bucket_mates_test(struct kunit *test);	/* netns_test.c */
void tpstat_netns_pass_test(struct kunit *test);	/* netns_test.c */
void tpstat_comm_copy_test(struct kunit *test);		/* births_test.c */
void tpstat_birth_direction_test(struct kunit *test);
void tpstat_birth_shares_test(struct kunit *test);

/* A table test's key: two u64 words, the second the first's complement. */
struct tkey {
	u64 a, b;
};

static inline struct tkey tkey(u64 a)
{
	struct tkey k = { .a = a, .b = ~a };

	return k;
}

#endif /* TPSTAT_KUNIT_H */
