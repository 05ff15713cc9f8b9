// SPDX-License-Identifier: GPL-2.0
/*
 * Alerts: the counts probes fold on their CPU (alert_fold.c), a window
 * of them (alert_window.c) and disarming (monitor.c).
 */
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "tpstat_kunit.h"

#include "../module/alerts/alert_fold.c"

/* ---- alerts: this CPU's pending counts --------------------------------- */

/* A drop alert whose key differs by @loc, in namespace (cookie) @netns. */
static void tpstat_fold_drop(u64 netns, u64 loc)
{
	struct tpstat_alert_key key = { .kind = TPSTAT_ALERT_DROPS,
					.what = TPSTAT_A_COUNT,
					.ns_cookie = netns, .location = loc };
	unsigned long flags;

	/* As from a probe: on one CPU throughout. */
	local_irq_save(flags);
	tpstat_alert_fold(&key);
	local_irq_restore(flags);
}

static struct tpstat_alert_pending *tpstat_pending_here(void)
{
	return &this_cpu_ptr(tpstat_alert_cpus)->gen[tpstat_alert_gen & 1];
}

/* The slot of @key's kind, netns and what (loss keys), or NULL. */
static const struct tpstat_alert_slot *
tpstat_pending_find(const struct tpstat_alert_pending *p, u64 netns, u16 what,
		    u64 loc)
{
	int i;

	for (i = 0; i < TPSTAT_ALERT_SLOTS; i++) {
		const struct tpstat_alert_slot *s = &p->slot[i];

		if (s->count && s->key.ns_cookie == netns && s->key.what == what &&
		    s->key.location == loc)
			return s;
	}
	return NULL;
}

static int tpstat_alerts_test_init(struct kunit *test)
{
	return tpstat_alerts_alloc();
}

static void tpstat_alerts_test_exit(struct kunit *test)
{
	tpstat_alerts_free();
}

static void tpstat_alert_same_key_test(struct kunit *test)
{
	const struct tpstat_alert_slot *s;
	struct tpstat_alert_pending *p;
	int i;

	preempt_disable();
	for (i = 0; i < 1000; i++)
		tpstat_fold_drop(7, 0x1234);
	p = tpstat_pending_here();
	s = tpstat_pending_find(p, 7, TPSTAT_A_COUNT, 0x1234);
	preempt_enable();
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_EQ(test, 1000ULL, s->count);
	KUNIT_EXPECT_EQ(test, 1U, p->used);
}

/*
 * New keys take slots until the loss slots are all that is left; then
 * each namespace's further keys are counted as its loss, and when the
 * loss slots are full too, as a loss of no namespace.  Nothing is missed.
 */
static void tpstat_alert_full_test(struct kunit *test)
{
	const u32 room = TPSTAT_ALERT_SLOTS - TPSTAT_ALERT_LOSS_SLOTS;
	const struct tpstat_alert_slot *s;
	struct tpstat_alert_pending *p;
	u64 total = 0;
	u32 i;

	preempt_disable();
	for (i = 0; i < room; i++)
		tpstat_fold_drop(1, 0x1000 + i);
	/* 3 more keys of netns 1: its loss, 3. */
	for (i = 0; i < 3; i++)
		tpstat_fold_drop(1, 0x2000 + i);
	/* A key already in: still counted as itself. */
	tpstat_fold_drop(1, 0x1000);
	/* New keys of 7 more namespaces fill the loss slots. */
	for (i = 2; i < 2 + TPSTAT_ALERT_LOSS_SLOTS - 1; i++)
		tpstat_fold_drop(i, 0x3000);
	/* One namespace more: no slot left for its loss. */
	tpstat_fold_drop(100, 0x3000);
	tpstat_fold_drop(100, 0x3001);
	p = tpstat_pending_here();
	s = tpstat_pending_find(p, 1, TPSTAT_A_EVENTS_LOST, 0);
	KUNIT_EXPECT_EQ(test, (u32)TPSTAT_ALERT_SLOTS, p->used);
	KUNIT_EXPECT_EQ(test, 2ULL, p->lost[TPSTAT_ALERT_DROPS]);
	for (i = 0; i < TPSTAT_ALERT_SLOTS; i++)
		total += p->slot[i].count;
	preempt_enable();
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_EQ(test, 3ULL, s->count);
	/* room + 3 + 1 + 7 folded into slots, 2 beside them. */
	KUNIT_EXPECT_EQ(test, (u64)room + 3 + 1 + TPSTAT_ALERT_LOSS_SLOTS - 1,
			total);
}

static struct kunit_case tpstat_alerts_cases[] = {
	KUNIT_CASE(tpstat_alert_same_key_test),
	KUNIT_CASE(tpstat_alert_full_test),
	{}
};

struct kunit_suite tpstat_alerts_suite = {
	.name = "tpstat_alerts",
	.init = tpstat_alerts_test_init,
	.exit = tpstat_alerts_test_exit,
	.test_cases = tpstat_alerts_cases,
};

/* ---- the alert window, and disarming it ------------------------------ */

/*
 * alert_window.c with its two allocations counted, and either one made to
 * fail: what a window allocates, it frees, whichever allocation fails.
 */
#include <linux/delay.h>
#include <linux/jhash.h>
#include <linux/sort.h>
#include <net/genetlink.h>

static int tpstat_window_fail_at;	/* the allocation that fails, from 1 */
static int tpstat_window_allocs;	/* allocations made so far */
static int tpstat_window_live;		/* allocated, not yet freed */

static void *tpstat_test_kvcalloc(size_t n, size_t size, gfp_t gfp)
{
	void *p;

	if (++tpstat_window_allocs == tpstat_window_fail_at)
		return NULL;
	p = kvcalloc(n, size, gfp);
	if (p)
		tpstat_window_live++;
	return p;
}

static void tpstat_test_kvfree(const void *p)
{
	if (p)
		tpstat_window_live--;
	kvfree(p);
}

#pragma push_macro("kvcalloc")
#pragma push_macro("kvfree")
#undef kvcalloc
#undef kvfree
#define kvcalloc(n, size, gfp) tpstat_test_kvcalloc(n, size, gfp)
#define kvfree(p) tpstat_test_kvfree(p)
#undef pr_fmt
#include "../module/netlink/alert_window.c"
#pragma pop_macro("kvfree")
#pragma pop_macro("kvcalloc")
#undef pr_fmt
#include "../module/netlink/monitor.c"

/* The family and messages alert_window.c sends: these tests send nothing. */
struct genl_family tpstat_genl_family;

struct sk_buff *tpstat_alert_msg(const struct tpstat_alert_key *key, u64 count)
{
	return NULL;
}

struct sk_buff *tpstat_alert_lost_msg(enum tpstat_alert_kind kind, u64 alerts,
				      u64 events, u32 rate)
{
	return NULL;
}

static void tpstat_window_nomem_one(struct kunit *test, int fail_at)
{
	struct tpstat_alert_totals t;

	tpstat_window_fail_at = fail_at;
	tpstat_window_allocs = 0;
	tpstat_window_live = 0;
	tpstat_alert_window_run(0, 100, &t);
	tpstat_window_fail_at = 0;
	KUNIT_EXPECT_EQ(test, 2, tpstat_window_allocs);
	KUNIT_EXPECT_TRUE(test, t.failed);
	KUNIT_EXPECT_EQ_MSG(test, 0, tpstat_window_live,
			    "allocation %d failed: the other one was not freed",
			    fail_at);
}

static void tpstat_window_nomem_test(struct kunit *test)
{
	tpstat_window_nomem_one(test, 1);
	tpstat_window_nomem_one(test, 2);
}

/*
 * A probe that saw the alerts armed and was preempted before it folded
 * (7.2 and 7.3 call probes under SRCU-fast, preemptible): it folds a
 * while later, still in the read side the kernel calls probes under.
 */
struct tpstat_late_fold {
	struct completion in, done;
	bool folded;
};

static void tpstat_late_fold_one(struct tpstat_late_fold *l)
{
	tpstat_fold_drop(47, 0x4747);
	WRITE_ONCE(l->folded, true);
}

static int tpstat_late_fold_fn(void *arg)
{
	struct tpstat_late_fold *l = arg;

	/* Where probes are not known preemptible, they run as up to 6.12. */
#if defined(TPSTAT_HAVE_PROBES_PREEMPT_OFF) || \
	!defined(TPSTAT_HAVE_SRCU_FAST_NOTRACE)
	preempt_disable_notrace();
	complete(&l->in);
	mdelay(200);
	tpstat_late_fold_one(l);
	preempt_enable_notrace();
#else
	scoped_guard(srcu_fast_notrace, &tracepoint_srcu) {
		complete(&l->in);
		msleep(200);
		tpstat_late_fold_one(l);
	}
#endif
	complete(&l->done);
	return 0;
}

/* Disarm waits for such a probe: no count is left pending after it. */
static void tpstat_monitor_disarm_waits_test(struct kunit *test)
{
	struct tpstat_late_fold l = {};
	struct task_struct *task;
	bool folded, clean = true;
	int cpu, gen;

	init_completion(&l.in);
	init_completion(&l.done);
	mutex_lock(&tpstat_monitor_lock);
	tpstat_monitor_armed = true;
	static_branch_enable(&tpstat_alerts_on);
	mutex_unlock(&tpstat_monitor_lock);
	task = kthread_run(tpstat_late_fold_fn, &l, "tpstat_late_fold");
	if (!IS_ERR(task))
		wait_for_completion(&l.in);
	mutex_lock(&tpstat_monitor_lock);
	tpstat_monitor_disarm();
	mutex_unlock(&tpstat_monitor_lock);
	folded = READ_ONCE(l.folded);
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	wait_for_completion(&l.done);
	KUNIT_EXPECT_TRUE_MSG(test, folded,
			      "disarm returned while a probe could still fold");
	for_each_possible_cpu(cpu)
		for (gen = 0; gen < 2; gen++)
			if (memchr_inv(&per_cpu_ptr(tpstat_alert_cpus, cpu)->gen[gen],
				       0, sizeof(struct tpstat_alert_pending)))
				clean = false;
	KUNIT_EXPECT_TRUE_MSG(test, clean,
			      "a count was folded after disarm discarded them");
	tpstat_alert_window_discard();
}

static struct kunit_case tpstat_alert_window_cases[] = {
	KUNIT_CASE(tpstat_window_nomem_test),
	KUNIT_CASE(tpstat_monitor_disarm_waits_test),
	{}
};

struct kunit_suite tpstat_alert_window_suite = {
	.name = "tpstat_alert_window",
	.init = tpstat_alerts_test_init,
	.exit = tpstat_alerts_test_exit,
	.test_cases = tpstat_alert_window_cases,
};
