// SPDX-License-Identifier: GPL-2.0
/*
 * A reader's copy of a table (view_copy.c) and its order (snap_sort.c).
 * Cases of the tpstat_views suite (views_test.c).
 */
#include "tpstat_kunit.h"

#include "../module/tables/snap_sort.c"
#include "../module/tables/view_copy.c"

/*
 * A reader's copy (view_copy.c), from a table holding 300 keys of the
 * home namespace (cookie 1) and 100 of another (cookie 77), the
 * namespace cookie in each key's first word: it keeps only the
 * namespace it is for, every key once with its value, growing from room
 * for 8 records as it finds more; at its bound it keeps what fits and
 * counts the rest as lost.
 */
static struct tpstat_view_snap *copy_test_copy(struct kunit *test,
					       const struct tpstat_table *t,
					       u64 cookie, u32 room, u32 bound)
{
	u32 rec_size = t->key_size + t->nr_vals * sizeof(u64), i, next;
	struct tpstat_view_snap *snap;

	snap = kvzalloc(struct_size(snap, recs, (size_t)room * rec_size),
			GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, snap);
	snap->key_size = t->key_size;
	snap->nr_vals = t->nr_vals;
	snap->rec_size = rec_size;
	snap->room = room;
	snap->bound = bound;
	for (i = 0; i < t->nr_slots; i = next) {
		rcu_read_lock();
		next = tpstat_snap_copy(snap, t, i, min(t->nr_slots, i + 64),
					cookie);
		rcu_read_unlock();
		if (snap->count == snap->room && snap->room < snap->bound &&
		    !tpstat_snap_grow(&snap, min(bound, 2 * snap->room))) {
			kvfree(snap);
			KUNIT_FAIL(test, "no memory to grow a copy");
			return NULL;
		}
	}
	return snap;
}

/* Out of line for 5.10's frame limit, as collision_test_check(). */
static noinline void copy_test_check(struct kunit *test,
				     const struct tpstat_view_snap *snap,
				     u64 cookie, u32 count, u32 lost)
{
	u64 sum = 0, want;
	u32 i;

	KUNIT_EXPECT_EQ(test, count, snap->count);
	KUNIT_EXPECT_EQ(test, (u64)lost, snap->overflow);
	KUNIT_EXPECT_LE(test, snap->count, snap->room);
	for (i = 0; i < snap->count; i++) {
		const struct tkey *k = tpstat_snap_key(snap, i);

		if (cookie)
			KUNIT_EXPECT_EQ(test, cookie, k->a);
		KUNIT_EXPECT_EQ(test, k->b + 1, tpstat_snap_vals(snap, i)[0]);
		sum += k->b;
	}
	/* Every key once: 0..299 for the home one, 300..399 for 77. */
	want = cookie == 77 ? 34950 : cookie == 1 ? 44850 : 79800;
	if (!lost)
		KUNIT_EXPECT_EQ(test, want, sum);
}

void tpstat_view_copy_test(struct kunit *test)
{
	static const struct { u64 cookie; u32 room, bound, count, lost; } c[] = {
		{ 77, 8, 1024, 100, 0 },
		{ 1, 8, 1024, 300, 0 },
		{ 0, 8, 1024, 400, 0 },
		{ 1, 8, 50, 50, 250 },
	};
	struct tpstat_view_snap *snap;
	struct tpstat_table t;
	u32 i, j;

	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(&t, 1024, sizeof(struct tkey), 1));
	tpstat_table_set_tenancy(&t, 0, 1, 0);
	for (i = 0; i < 400; i++) {
		struct tkey k = { .a = i < 300 ? 1 : 77, .b = i };
		atomic64_t *v = tpstat_table_get(&t, &k);

		KUNIT_ASSERT_NOT_NULL(test, v);
		atomic64_set(v, i + 1);
	}
	KUNIT_EXPECT_EQ(test, 128U, tpstat_table_ns_keys_max(&t, 77));
	KUNIT_EXPECT_EQ(test, 100U, tpstat_table_ns_keys_used(&t, 77));
	KUNIT_EXPECT_EQ(test, 1024U, tpstat_table_ns_keys_max(&t, 1));
	KUNIT_EXPECT_EQ(test, 400U, tpstat_table_ns_keys_used(&t, 1));
	for (j = 0; j < ARRAY_SIZE(c); j++) {
		snap = copy_test_copy(test, &t, c[j].cookie, c[j].room,
				      c[j].bound);
		if (!snap)
			break;
		copy_test_check(test, snap, c[j].cookie, c[j].count, c[j].lost);
		kvfree(snap);
	}
	tpstat_table_free(&t);
}

/*
 * tpstat_snap_sort(): tables of 0 to 3, 300 and 10,000 records of a
 * 24-byte key and one value, few distinct values so that most order
 * comes from the keys, whose bytes differ only in their last word.
 * 10,000 takes the merges past TPSTAT_SORT_SEGMENT, where they stop to
 * yield mid-run, and the moves past it too.  Every neighbour pair is
 * checked against the order the readers promise, and every record is
 * still there once.
 */
#define SORT_N 10000	/* prime to 7919: distinct keys */
#define SORT_REC 32	/* the key, then one u64 */

void tpstat_snap_sort_test(struct kunit *test)
{
	static const u32 sizes[] = { 0, 1, 2, 3, 300, SORT_N };
	struct tpstat_view_snap *snap;
	u64 sum = 0, sum_after = 0;
	u32 i, s, n, seen = 0, total = 0;

	snap = kunit_kzalloc(test, sizeof(*snap) + SORT_N * SORT_REC,
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, snap);
	snap->key_size = SORT_REC - sizeof(u64);
	snap->nr_vals = 1;
	snap->rec_size = SORT_REC;
	for (s = 0; s < ARRAY_SIZE(sizes); s++) {
		n = sizes[s];
		total += n;
		snap->count = n;
		for (i = 0; i < n; i++) {
			u8 *rec = snap->recs + i * SORT_REC;
			u32 k = (i * 7919) % SORT_N;

			memset(rec, 0, SORT_REC);
			rec[snap->key_size - 1] = k & 0xff;
			rec[snap->key_size - 2] = k >> 8;
			*(u64 *)(rec + snap->key_size) = (k * 31) % 5;
			sum += k;
		}
		tpstat_snap_sort(snap);
		for (i = 0; i < n; i++) {
			const u8 *rec = tpstat_snap_key(snap, i);

			sum_after += rec[snap->key_size - 1] |
				     rec[snap->key_size - 2] << 8;
			seen++;
			if (!i)
				continue;
			/* Biggest value first, then the key's bytes. */
			if (tpstat_snap_vals(snap, i - 1)[0] !=
			    tpstat_snap_vals(snap, i)[0])
				KUNIT_EXPECT_GT(test, tpstat_snap_vals(snap, i - 1)[0],
						tpstat_snap_vals(snap, i)[0]);
			else
				KUNIT_EXPECT_LT(test,
						memcmp(tpstat_snap_key(snap, i - 1),
						       rec, snap->key_size), 0);
		}
	}
	KUNIT_EXPECT_EQ(test, sum, sum_after);
	KUNIT_EXPECT_EQ(test, total, seen);
}
