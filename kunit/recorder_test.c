// SPDX-License-Identifier: GPL-2.0
/*
 * The recorder (recorder.c, interval.c) and its ring (ring.c): records
 * kept whole and in order across the ring's end, the oldest dropped and
 * counted, LEB128 both ways, an interval's values: exactly the counters
 * that moved, by their change, named as GET_COUNTERS names them, and
 * whole across a namespace's new filter; and a views interval's keys:
 * the most moved kept, in order, the rest summed.
 */
#include "tpstat_kunit.h"
#include "control/report.h"

#include "../module/counters/ring.c"
#include "../module/counters/interval.c"
#include "../module/history/recorder.c"
#include "../module/history/recorder_views.c"

/* ---- the ring --------------------------------------------------------- */

/* Record @i is @i + 1 bytes long (at most 40), each byte @i's low byte. */
static void tpstat_ring_put(struct tpstat_ring *r, u32 i)
{
	u8 rec[40];
	u32 len = 1 + i % sizeof(rec);

	memset(rec, i, len);
	tpstat_ring_write(r, rec, len);
}

static void tpstat_ring_order_test(struct kunit *test)
{
	struct tpstat_ring r;
	struct tpstat_ring_pos pos;
	const u8 *rec;
	u32 i, len, n, first;

	KUNIT_ASSERT_EQ(test, 0, tpstat_ring_init(&r, 1024, GFP_KERNEL));
	/* Far more than fits, so that the ring wraps many times. */
	for (i = 0; i < 1000; i++) {
		tpstat_ring_put(&r, i);
		KUNIT_ASSERT_EQ(test, r.lost + r.count, (u64)i + 1);
	}
	KUNIT_EXPECT_GT(test, r.count, 10U);
	first = 1000 - r.count;
	n = 0;
	for (rec = tpstat_ring_first(&r, &pos, &len); rec;
	     rec = tpstat_ring_next(&r, &pos, &len), n++) {
		u32 want = first + n;

		KUNIT_ASSERT_EQ(test, len, 1 + want % 40);
		KUNIT_EXPECT_EQ(test, rec[0], (u8)want);
		KUNIT_EXPECT_EQ(test, rec[len - 1], (u8)want);
	}
	KUNIT_EXPECT_EQ(test, n, r.count);
	/*
	 * Dropped only for room: it holds at least as many as fit at the
	 * largest span, less one for what the end may leave unused.
	 */
	KUNIT_EXPECT_GE(test, r.count, 1024U / (TPSTAT_RING_HDR + 40) - 1);
	tpstat_ring_free(&r);
}

/* A record as long as the ring allows takes it whole, again and again. */
static void tpstat_ring_full_test(struct kunit *test)
{
	u8 rec[256 - TPSTAT_RING_HDR];
	struct tpstat_ring r;
	struct tpstat_ring_pos pos;
	u32 len, i;

	KUNIT_ASSERT_EQ(test, 0, tpstat_ring_init(&r, 256, GFP_KERNEL));
	for (i = 0; i < 3; i++) {
		memset(rec, i, sizeof(rec));
		tpstat_ring_write(&r, rec, sizeof(rec));
		KUNIT_EXPECT_EQ(test, r.count, 1U);
		KUNIT_EXPECT_EQ(test, r.lost, (u64)i);
		KUNIT_EXPECT_EQ(test, ((const u8 *)tpstat_ring_first(&r, &pos,
								     &len))[9],
				(u8)i);
		KUNIT_EXPECT_EQ(test, len, (u32)sizeof(rec));
	}
	tpstat_ring_free(&r);
}

/* ---- LEB128 ------------------------------------------------------------ */

static void tpstat_leb128_test(struct kunit *test)
{
	static const u64 values[] = { 0, 1, 127, 128, 16383, 16384,
				      1ULL << 63, U64_MAX };
	u8 buf[10], *end;
	unsigned int i;
	u64 got;

	for (i = 0; i < ARRAY_SIZE(values); i++) {
		end = tpstat_leb128_put(buf, values[i]);
		KUNIT_EXPECT_LE(test, (int)(end - buf), 10);
		KUNIT_EXPECT_PTR_EQ(test, tpstat_leb128_get(buf, end, &got),
				    (const u8 *)end);
		KUNIT_EXPECT_EQ(test, got, values[i]);
		/* Cut short, it is refused, not read past. */
		KUNIT_EXPECT_NULL(test, tpstat_leb128_get(buf, end - 1, &got));
	}
}

/* ---- an interval ------------------------------------------------------- */

/* @slot's place in @slots (of @n), or @n. */
static unsigned int tpstat_slot_index(const unsigned int *slots,
				      unsigned int n, unsigned int slot)
{
	unsigned int i;

	for (i = 0; i < n && slots[i] != slot; i++)
		;
	return i;
}

/* @h's interval @seq, which must be there. */
static void tpstat_history_get(struct kunit *test,
			       const struct tpstat_history *h, u64 seq,
			       struct tpstat_interval *iv)
{
	KUNIT_ASSERT_TRUE(test, tpstat_history_find(h, seq, iv));
	KUNIT_ASSERT_EQ(test, iv->seq, seq);
}

/* The sums of @pcpu now, and the interval of @h ending now. */
static u32 tpstat_history_tick(struct tpstat_history *h,
			       struct tpstat_pcpu __percpu *pcpu,
			       struct tpstat_totals *sums, u8 *rec)
{
	struct tpstat_clock now;

	tpstat_counters_sum(pcpu, sums);
	tpstat_clock_now(&now);
	return tpstat_history_take(h, sums, &now, 0, rec);
}

static void tpstat_history_take_test(struct kunit *test)
{
	struct tpstat_history *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	struct tpstat_totals *sums = kunit_kzalloc(test, sizeof(*sums),
						   GFP_KERNEL);
	u8 *rec = kunit_kzalloc(test, TPSTAT_INTERVAL_MAX, GFP_KERNEL);
	struct tpstat_pcpu __percpu *pcpu = tpstat_counters_alloc();
	const unsigned int cell =
		TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_ESTABLISHED);
	/* Added to: a hit, a drop, a TCP transition. */
	const unsigned int added[] = {
		TPSTAT_SLOT_HITS + TPSTAT_EV_KFREE_SKB, TPSTAT_SLOT_DROPS, cell,
	};
	const u64 by[] = { 7, 1ULL << 40, 3 };
	/* What moved: those, and the transitions' event, summed from them. */
	const unsigned int moved[] = {
		added[0], added[1], added[2],
		TPSTAT_SLOT_HITS + TPSTAT_EV_INET_SOCK_SET_STATE,
	};
	const u64 change[] = { 7, 1ULL << 40, 3, 3 };
	struct tpstat_interval_cursor c;
	struct tpstat_interval iv;
	unsigned int slot, i, at, last = 0, seen = 0;
	struct tpstat_clock start;
	u64 got;

	KUNIT_ASSERT_TRUE(test, h && sums && rec && pcpu);
	/* A histogram's bucket moves too, and is not a counter's value. */
	tpstat_ctr_add(pcpu, TPSTAT_SLOT_HIST(TPSTAT_HIST_SRTT, 3), 1);
	tpstat_counters_sum(pcpu, sums);
	tpstat_clock_now(&start);
	KUNIT_ASSERT_EQ(test, 0, tpstat_history_init(h, TPSTAT_HISTORY_MIN_BYTES,
						     GFP_KERNEL, sums, &start));
	for (i = 0; i < ARRAY_SIZE(added); i++)
		tpstat_ctr_add(pcpu, added[i], by[i]);
	tpstat_ctr_add(pcpu, TPSTAT_SLOT_HIST(TPSTAT_HIST_SRTT, 3), 1);

	tpstat_history_tick(h, pcpu, sums, rec);
	tpstat_history_get(test, h, 0, &iv);
	KUNIT_EXPECT_LE(test, sizeof(struct tpstat_interval_rec) +
			(size_t)(iv.end - iv.values), (size_t)TPSTAT_INTERVAL_MAX);
	KUNIT_EXPECT_EQ(test, iv.start_ns, start.real);
	KUNIT_EXPECT_EQ(test, iv.flags & TPSTAT_HISTORY_F_PARTIAL,
			(u32)TPSTAT_HISTORY_F_PARTIAL);
	KUNIT_EXPECT_EQ(test, iv.nr, (u32)ARRAY_SIZE(moved));
	/* Each moved value once, by its change, in the slots' order. */
	tpstat_interval_values(&iv, &c);
	for (i = 0; tpstat_interval_value(&c, &slot, &got); i++) {
		at = tpstat_slot_index(moved, ARRAY_SIZE(moved), slot);
		KUNIT_ASSERT_LT_MSG(test, at, (unsigned int)ARRAY_SIZE(moved),
				    "slot %u did not move", slot);
		KUNIT_EXPECT_EQ(test, got, change[at]);
		KUNIT_EXPECT_FALSE(test, seen & (1U << at));
		seen |= 1U << at;
		if (i)
			KUNIT_EXPECT_GT(test, slot, last);
		last = slot;
	}
	KUNIT_EXPECT_EQ(test, i, (unsigned int)ARRAY_SIZE(moved));

	/* Nothing moved since: an interval of no value, not partial. */
	tpstat_ctr_add(pcpu, TPSTAT_SLOT_HIST(TPSTAT_HIST_SRTT, 3), 1);
	tpstat_history_tick(h, pcpu, sums, rec);
	tpstat_history_get(test, h, 1, &iv);
	KUNIT_EXPECT_EQ(test, iv.nr, 0U);
	KUNIT_EXPECT_EQ(test, iv.flags, 0U);
	KUNIT_EXPECT_PTR_EQ(test, iv.values, iv.end);
	tpstat_history_free(h);
	tpstat_counters_free(pcpu);
}

/*
 * The names of the slots an interval holds: a counter, a TCP transition;
 * a histogram's bucket has none.  Its own case: 5.10's KUnit keeps each
 * expectation's record on the stack, and the interval's case has many.
 */
static void tpstat_slot_name_test(struct kunit *test)
{
	const unsigned int cell =
		TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_ESTABLISHED);
	char name[TPSTAT_KEY_MAX];

	KUNIT_EXPECT_TRUE(test, tpstat_slot_name(TPSTAT_SLOT_DROPS, name,
						 sizeof(name)));
	KUNIT_EXPECT_STREQ(test, (const char *)name, "skb:kfree_skb.drops");
	KUNIT_EXPECT_TRUE(test, tpstat_slot_name(cell, name, sizeof(name)));
	KUNIT_EXPECT_STREQ(test, (const char *)name,
			   "sock:inet_sock_set_state.SYN_SENT->ESTABLISHED");
	KUNIT_EXPECT_FALSE(test, tpstat_slot_name(TPSTAT_SLOT_HISTS, name,
						  sizeof(name)));
}

/*
 * A namespace's new filter: its counters start again from 0, and the
 * interval's change is the old ones' then the new ones', marked.
 */
static void tpstat_history_restart_test(struct kunit *test)
{
	struct tpstat_history *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	struct tpstat_totals *sums = kunit_kzalloc(test, sizeof(*sums),
						   GFP_KERNEL);
	u8 *rec = kunit_kzalloc(test, TPSTAT_INTERVAL_MAX, GFP_KERNEL);
	struct tpstat_pcpu __percpu *old = tpstat_counters_alloc();
	struct tpstat_pcpu __percpu *new = tpstat_counters_alloc();
	const unsigned int a = TPSTAT_SLOT_HITS + TPSTAT_EV_KFREE_SKB;
	const unsigned int b = TPSTAT_SLOT_DROPS;
	struct tpstat_interval_cursor c;
	struct tpstat_interval iv;
	struct tpstat_clock start;
	unsigned int slot;
	u64 got;

	KUNIT_ASSERT_TRUE(test, h && sums && rec && old && new);
	tpstat_clock_now(&start);
	KUNIT_ASSERT_EQ(test, 0, tpstat_history_init(h, TPSTAT_HISTORY_MIN_BYTES,
						     GFP_KERNEL, NULL, &start));
	tpstat_ctr_add(old, a, 5);
	tpstat_history_tick(h, old, sums, rec);
	/* 3 more, then the filter changes; the new counters move 4 and 2. */
	tpstat_ctr_add(old, a, 3);
	tpstat_counters_sum(old, sums);
	tpstat_history_restart(h, sums);
	tpstat_ctr_add(new, a, 4);
	tpstat_ctr_add(new, b, 2);
	KUNIT_EXPECT_TRUE(test, tpstat_history_tick(h, new, sums, rec) &
				TPSTAT_HISTORY_F_FILTER);
	tpstat_history_get(test, h, 1, &iv);
	KUNIT_EXPECT_EQ(test, iv.nr, 2U);
	tpstat_interval_values(&iv, &c);
	KUNIT_ASSERT_TRUE(test, tpstat_interval_value(&c, &slot, &got));
	KUNIT_EXPECT_EQ(test, slot, a);
	KUNIT_EXPECT_EQ(test, got, 7ULL);
	KUNIT_ASSERT_TRUE(test, tpstat_interval_value(&c, &slot, &got));
	KUNIT_EXPECT_EQ(test, slot, b);
	KUNIT_EXPECT_EQ(test, got, 2ULL);
	/* Then plain changes of the new counters again. */
	tpstat_ctr_add(new, b, 1);
	KUNIT_EXPECT_EQ(test, tpstat_history_tick(h, new, sums, rec), 0U);
	tpstat_history_get(test, h, 2, &iv);
	tpstat_interval_values(&iv, &c);
	KUNIT_ASSERT_TRUE(test, tpstat_interval_value(&c, &slot, &got));
	KUNIT_EXPECT_EQ(test, slot, b);
	KUNIT_EXPECT_EQ(test, got, 1ULL);
	KUNIT_EXPECT_FALSE(test, tpstat_interval_value(&c, &slot, &got));
	tpstat_history_free(h);
	tpstat_counters_free(old);
	tpstat_counters_free(new);
}

/* ---- a views interval's ranking --------------------------------------- */

/* The top history_top= keys, most moved first; the rest summed. */
static void tpstat_recorder_rank_test(struct kunit *test)
{
	const u64 moved[] = { 5, 1, 9, 3, 9, 7, 2, 8, 6, 4, 10, 1 };
	const u64 want[] = { 10, 9, 9, 8 };
	unsigned int saved = history_top;
	u64 rest = 0, all = 0;
	u32 i, n = 0;

	history_top = ARRAY_SIZE(want);
	for (i = 0; i < ARRAY_SIZE(moved); i++) {
		n = tpstat_rv_rank(n, moved[i], i, &rest);
		all += moved[i];
	}
	history_top = saved;
	KUNIT_ASSERT_EQ(test, n, (u32)ARRAY_SIZE(want));
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, tpstat_rv.top[i].moved, want[i]);
		KUNIT_EXPECT_EQ(test, moved[tpstat_rv.top[i].i], want[i]);
		all -= want[i];
	}
	KUNIT_EXPECT_EQ(test, rest, all);
	/* Equal ones keep their order: the first of the two nines first. */
	KUNIT_EXPECT_EQ(test, tpstat_rv.top[1].i, 2U);
}

static struct kunit_case tpstat_recorder_cases[] = {
	KUNIT_CASE(tpstat_ring_order_test),
	KUNIT_CASE(tpstat_ring_full_test),
	KUNIT_CASE(tpstat_leb128_test),
	KUNIT_CASE(tpstat_history_take_test),
	KUNIT_CASE(tpstat_slot_name_test),
	KUNIT_CASE(tpstat_history_restart_test),
	KUNIT_CASE(tpstat_recorder_rank_test),
	{}
};

struct kunit_suite tpstat_recorder_suite = {
	.name = "tpstat_recorder",
	.test_cases = tpstat_recorder_cases,
};
