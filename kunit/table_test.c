// SPDX-License-Identifier: GPL-2.0
/*
 * Keyed tables (table.c): insertion and look-up, sizes, hints,
 * collisions, a full table, and inserters racing.  Cases of the
 * tpstat_views suite (views_test.c).
 */
#include <linux/completion.h>
#include <linux/kthread.h>

#include "tpstat_kunit.h"

#include "../module/tables/table.c"
/* The flow table's key: the largest budget (tpstat_table_size_test()). */
#include "record/retrans.h"

/* ---- keyed tables ------------------------------------------------------ */

void tpstat_table_insert_lookup_test(struct kunit *test)
{
	struct tpstat_table t;
	struct tkey k1 = tkey(1), k2 = tkey(2);
	atomic64_t *v1, *v2;

	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(&t, 8, sizeof(struct tkey), 2));
	KUNIT_EXPECT_EQ(test, 16U, t.nr_slots);
	v1 = tpstat_table_get(&t, &k1);
	KUNIT_ASSERT_NOT_NULL(test, v1);
	atomic64_add(5, &v1[1]);
	v2 = tpstat_table_get(&t, &k2);
	KUNIT_ASSERT_NOT_NULL(test, v2);
	KUNIT_EXPECT_PTR_NE(test, v1, v2);
	/* The same key finds the same values. */
	KUNIT_EXPECT_PTR_EQ(test, v1, tpstat_table_get(&t, &k1));
	KUNIT_EXPECT_EQ(test, 5LL, atomic64_read(&tpstat_table_get(&t, &k1)[1]));
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&t.used));
	KUNIT_EXPECT_EQ(test, 0LL, atomic64_read(&t.overflow));
	tpstat_table_clear(&t);
	KUNIT_EXPECT_EQ(test, 0, atomic_read(&t.used));
	KUNIT_EXPECT_EQ(test, 0LL, atomic64_read(&tpstat_table_get(&t, &k1)[1]));
	tpstat_table_free(&t);
}

/*
 * A table's size: twice its keys in slots, rounded up to a power of two;
 * none past the largest budget, the flow table's, or for a key that is
 * not whole u64 words.  A million flows fit only a 64-bit kernel's.
 */
void tpstat_table_size_test(struct kunit *test)
{
	u64 flow_slot = sizeof(struct tpstat_slot_hdr) +
			sizeof(struct tpstat_flow_key) +
			TPSTAT_FLOW_NR * sizeof(u64);

	KUNIT_EXPECT_EQ(test, 16 * 32ULL, tpstat_table_size(5, 8, 2, false));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_size(0, 8, 2, false));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_size(5, 12, 2, false));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_size(U32_MAX, 8, 2, false));
	KUNIT_EXPECT_EQ(test, (1ULL << 19) * flow_slot,
			tpstat_table_size(262144, sizeof(struct tpstat_flow_key),
					  TPSTAT_FLOW_NR, false));
	KUNIT_EXPECT_EQ(test, BITS_PER_LONG == 64 ? (1ULL << 21) * flow_slot : 0,
			tpstat_table_size(1048576, sizeof(struct tpstat_flow_key),
					  TPSTAT_FLOW_NR, false));
	KUNIT_EXPECT_EQ(test, 0ULL,
			tpstat_table_size(2097152, sizeof(struct tpstat_flow_key),
					  TPSTAT_FLOW_NR, false));
}

/*
 * Hints: each starts at the empty slot, which nobody owns; one set on
 * this CPU reads back; an owner set reads back until it is forgotten, and
 * forgetting another owner, or the owner of a key not in the table,
 * leaves it; a clear puts every CPU's hint back
 * to the empty slot, and every owner to none.
 */
void tpstat_table_hints_test(struct kunit *test)
{
	struct tpstat_table t;
	struct tkey k = tkey(7), absent = tkey(8);
	struct tpstat_slot_hdr *empty, *s;
	int owner, other, cpu, i;

	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init_hinted(&t, 8, sizeof(struct tkey), 1));
	KUNIT_EXPECT_EQ(test, (size_t)t.bytes + num_possible_cpus() *
			sizeof(struct tpstat_table_hints), tpstat_table_bytes(&t));
	preempt_disable();
	empty = tpstat_table_hint(&t, 0);
	for (i = 0; i < TPSTAT_TABLE_HINTS; i++) {
		KUNIT_EXPECT_PTR_EQ(test, empty, tpstat_table_hint(&t, i));
		KUNIT_EXPECT_FALSE(test, tpstat_table_holds(&t, tpstat_table_hint(&t, i)));
	}
	KUNIT_EXPECT_EQ(test, 0UL, *tpstat_slot_owner(empty));
	s = tpstat_table_find(&t, &k);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_FALSE(test, tpstat_slot_owned_by(s, &owner));
	tpstat_slot_set_owner(s, &owner);
	tpstat_table_set_hint(&t, 3, s);
	KUNIT_EXPECT_PTR_EQ(test, s, tpstat_table_hint(&t, 3));
	KUNIT_EXPECT_PTR_EQ(test, empty, tpstat_table_hint(&t, 4));
	preempt_enable();
	KUNIT_EXPECT_TRUE(test, tpstat_slot_owned_by(s, &owner));
	tpstat_table_forget(&t, &k, &other);
	KUNIT_EXPECT_TRUE(test, tpstat_slot_owned_by(s, &owner));
	tpstat_table_forget(&t, &absent, &owner);
	KUNIT_EXPECT_TRUE(test, tpstat_slot_owned_by(s, &owner));
	KUNIT_EXPECT_EQ(test, 1, atomic_read(&t.used));
	KUNIT_EXPECT_EQ(test, 0LL, atomic64_read(&t.overflow));
	tpstat_table_forget(&t, &k, &owner);
	KUNIT_EXPECT_FALSE(test, tpstat_slot_owned_by(s, &owner));
	KUNIT_EXPECT_EQ(test, 0UL, *tpstat_slot_owner(s));
	tpstat_slot_set_owner(s, &owner);
	tpstat_table_clear(&t);
	KUNIT_EXPECT_EQ(test, 0UL, *tpstat_slot_owner(s));
	for_each_possible_cpu(cpu)
		for (i = 0; i < TPSTAT_TABLE_HINTS; i++)
			KUNIT_EXPECT_PTR_EQ(test, empty,
					    per_cpu_ptr(t.hints, cpu)->slot[i]);
	tpstat_table_free(&t);
	KUNIT_EXPECT_NULL(test, t.hints);
}

/*
 * Out of line: 5.10's KUnit puts each expectation's record on the stack,
 * and the test's frame would pass the kernel's 1024-byte limit.
 */
static noinline void collision_test_check(struct kunit *test,
					  struct tpstat_table *t,
					  atomic64_t **vals,
					  const struct tkey *keys, int n)
{
	int i, j;

	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_PTR_EQ(test, vals[i], tpstat_table_get(t, &keys[i]));
		KUNIT_EXPECT_EQ(test, (s64)i + 1, atomic64_read(vals[i]));
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_PTR_NE(test, vals[i], vals[j]);
	}
}

/* Keys with the same slot: every one lands in its own slot, in a run. */
void tpstat_table_collision_test(struct kunit *test)
{
	struct tpstat_table *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	atomic64_t *vals[6];
	struct tkey keys[6];
	u32 mask, want;
	int found = 0, i;
	u64 a;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, 64, sizeof(struct tkey), 1));
	mask = t->nr_slots - 1;
	want = (tpstat_key_hash((const u64 *)&(struct tkey){ .a = 0, .b = ~0ULL },
				2, t->seed) | 1) & mask;
	for (a = 0; found < 6 && a < 100000; a++) {
		struct tkey k = tkey(a);

		if (((tpstat_key_hash((const u64 *)&k, 2, t->seed) | 1) & mask) == want)
			keys[found++] = k;
	}
	KUNIT_ASSERT_EQ(test, 6, found);
	for (i = 0; i < 6; i++) {
		vals[i] = tpstat_table_get(t, &keys[i]);
		KUNIT_ASSERT_NOT_NULL(test, vals[i]);
		atomic64_add(i + 1, vals[i]);
	}
	collision_test_check(test, t, vals, keys, 6);
	tpstat_table_free(t);
}

/* A full table loses exactly the updates for new keys, and counts them. */
void tpstat_table_full_test(struct kunit *test)
{
	struct tpstat_table t;
	struct tkey k;
	int i, lost = 0;

	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(&t, 10, sizeof(struct tkey), 1));
	for (i = 0; i < 25; i++) {
		k = tkey(i);
		if (!tpstat_table_get(&t, &k))
			lost++;
	}
	KUNIT_EXPECT_EQ(test, 15, lost);
	KUNIT_EXPECT_EQ(test, 15LL, atomic64_read(&t.overflow));
	KUNIT_EXPECT_EQ(test, 10, atomic_read(&t.used));
	/* Keys already in still count. */
	k = tkey(3);
	KUNIT_EXPECT_NOT_NULL(test, tpstat_table_get(&t, &k));
	KUNIT_EXPECT_EQ(test, 15LL, atomic64_read(&t.overflow));
	tpstat_table_free(&t);
}

#define CONC_KEYS	200
#define CONC_ROUNDS	50

struct conc_ctx {
	struct tpstat_table *t;
	struct completion done;
};

static int tpstat_conc_inserter(void *arg)
{
	struct conc_ctx *c = arg;
	int r, i;

	for (r = 0; r < CONC_ROUNDS; r++) {
		for (i = 0; i < CONC_KEYS; i++) {
			struct tkey k = tkey(i);
			atomic64_t *v = tpstat_table_get(c->t, &k);

			if (v)
				atomic64_inc(v);
		}
		cond_resched();
	}
	complete(&c->done);
	return 0;
}

/*
 * Inserters on every CPU race for the same keys: each key ends up in
 * exactly one slot, and every update is either counted or in overflow.
 */
void tpstat_table_concurrent_test(struct kunit *test)
{
	struct conc_ctx ctx[4];
	/* On the heap: with its quota counters it is too big for the stack. */
	struct tpstat_table *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u64 total = 0;
	int n = min_t(int, ARRAY_SIZE(ctx), max_t(int, 2, num_online_cpus()));
	int i, j, seen = 0;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, CONC_KEYS, sizeof(struct tkey), 1));
	for (i = 0; i < n; i++) {
		struct task_struct *task;

		ctx[i].t = t;
		init_completion(&ctx[i].done);
		task = kthread_create(tpstat_conc_inserter, &ctx[i], "tpstat_kt%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(task));
		kthread_bind(task, i % num_online_cpus());
		wake_up_process(task);
	}
	for (i = 0; i < n; i++)
		wait_for_completion(&ctx[i].done);
	for (i = 0; i < t->nr_slots; i++) {
		struct tpstat_slot_hdr *s = tpstat_table_slot(t, i);
		const struct tkey *k;

		if (!s->hash)
			continue;
		KUNIT_EXPECT_TRUE(test, tpstat_slot_ready(s));
		k = tpstat_slot_key(s);
		for (j = 0; j < i; j++) {
			struct tpstat_slot_hdr *o = tpstat_table_slot(t, j);

			if (o->hash == s->hash)
				KUNIT_EXPECT_NE(test, 0, memcmp(k, tpstat_slot_key(o),
								sizeof(*k)));
		}
		total += atomic64_read(tpstat_slot_vals(t, s));
		seen++;
	}
	KUNIT_EXPECT_EQ(test, CONC_KEYS, seen);
	KUNIT_EXPECT_EQ(test, (u64)n * CONC_KEYS * CONC_ROUNDS,
			total + atomic64_read(&t->overflow));
	tpstat_table_free(t);
}
