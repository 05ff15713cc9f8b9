// SPDX-License-Identifier: GPL-2.0
/*
 * The flight recorder (recorder.h).  A deferred work wakes just after
 * each multiple of history= seconds of the wall clock (so intervals line
 * up with the clock a user reads, as sar's do), sums the per-CPU
 * counters as every reader does, and ends the system's interval in its
 * history (interval.h), then each counting namespace's in its own.  An
 * event that runs while the sums are read lands in one interval or the
 * next, never both and never neither.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>

#include "base/compat.h"
#include "history/recorder.h"
#include "history/recorder_views.h"
#include "base/params.h"
#include "probes/netns_counts.h"

static unsigned int history = 10;
tpstat_param_uint(history, 0, 3600);
MODULE_PARM_DESC(history,
		 "Seconds an interval of the recorder, 0 to 3600, 0: off (default 10)");

static unsigned int history_kb = 192;
tpstat_param_uint(history_kb, 8, 65536);
MODULE_PARM_DESC(history_kb,
		 "Kilobytes of the recorder's ring, 8 to 65536 (default 192)");

/*
 * Each counting namespace's own ring, charged with its counters to the
 * memory cgroup of the root that set its filter, and capped with them
 * (netns_max, netns_user_max).
 */
static unsigned int history_netns_kb = 32;
tpstat_param_uint(history_netns_kb, 8, 1024);
MODULE_PARM_DESC(history_netns_kb,
		 "Kilobytes of the ring of each namespace counting its own events, 8 to 1024 (default 32)");

static_assert(TPSTAT_HISTORY_MIN_BYTES == 8 * 1024);

static struct tpstat_recorder {
	struct mutex lock;	/* the history, the sums, the views' start */
	struct delayed_work work;
	struct tpstat_history hist;
	struct tpstat_totals *sums;	/* the counters' sums, read each tick */
	u8 *rec;		/* the record being made */
	/* The views interval's: its start and its intervals' flags */
	struct tpstat_clock views_start;
	u32 views_flags;
	bool on;
} tpstat_rec = {
	.lock = __MUTEX_INITIALIZER(tpstat_rec.lock),
};

/*
 * The jiffies to just after the wall clock's next multiple of history=:
 * the wait in jiffies rounded up, and one more, since part of the jiffy
 * now under way is gone and a timer of n jiffies runs when the nth tick
 * from here does.  Rounded down, a tick run late in its jiffy (the work
 * waits for a starved CPU) ran up to a jiffy before the multiple, two
 * in one step.
 */
static unsigned long tpstat_recorder_delay(void)
{
	u64 step = (u64)history * NSEC_PER_SEC, now = ktime_get_real_ns();
	u64 next = (div64_u64(now, step) + 1) * step;

	return DIV_ROUND_UP_ULL(next - now, TICK_NSEC) + 1;
}

static void tpstat_recorder_tick(struct work_struct *work)
{
	struct tpstat_recorder *r = &tpstat_rec;
	struct tpstat_clock now;
	u32 flags;

	mutex_lock(&r->lock);
	tpstat_clock_now(&now);
	tpstat_counters_sum(tpstat_system_pcpu, r->sums);
	flags = tpstat_history_take(&r->hist, r->sums, &now, 0, r->rec);
	/*
	 * An attach or detach changes what namespaces count too; the
	 * system's filter and resets do not touch their counters.
	 */
	tpstat_netns_history_take(&now, flags & TPSTAT_HISTORY_F_ATTACH,
				  r->sums, r->rec);
	r->views_flags |= flags & ~TPSTAT_HISTORY_F_PARTIAL;
	if (tpstat_recorder_views_due(now.real)) {
		tpstat_recorder_views_take(r->views_start.real,
					   now.boot - r->views_start.boot,
					   r->views_flags);
		r->views_start = now;
		r->views_flags = 0;
	}
	mutex_unlock(&r->lock);
	queue_delayed_work(system_dfl_wq, &r->work,
			   tpstat_recorder_delay());
}

static void tpstat_recorder_free(struct tpstat_recorder *r)
{
	tpstat_recorder_views_exit();
	tpstat_history_free(&r->hist);
	kfree(r->sums);
	kfree(r->rec);
}

int tpstat_recorder_init(void)
{
	struct tpstat_recorder *r = &tpstat_rec;
	struct tpstat_clock now;
	int err;

	if (!history)
		return 0;
	r->sums = kzalloc(sizeof(*r->sums), GFP_KERNEL);
	r->rec = kzalloc(TPSTAT_INTERVAL_MAX, GFP_KERNEL);
	err = -ENOMEM;
	if (r->sums && r->rec) {
		/* The load's own attach is not news: the first is partial. */
		tpstat_counters_sum(tpstat_system_pcpu, r->sums);
		tpstat_clock_now(&now);
		err = tpstat_history_init(&r->hist, history_kb * 1024,
					  GFP_KERNEL, r->sums, &now);
	}
	if (!err)
		err = tpstat_recorder_views_init(history);
	if (err) {
		tpstat_recorder_free(r);
		return err;
	}
	r->views_start = now;
	INIT_DELAYED_WORK(&r->work, tpstat_recorder_tick);
	r->on = true;
	tpstat_netns_history_size(history_netns_kb * 1024);
	queue_delayed_work(system_dfl_wq, &r->work,
			   tpstat_recorder_delay());
	return 0;
}

void tpstat_recorder_exit(void)
{
	struct tpstat_recorder *r = &tpstat_rec;

	if (!r->on)
		return;
	/* Waits for a tick that runs, and keeps it from queueing another. */
	cancel_delayed_work_sync(&r->work);
	r->on = false;
	tpstat_recorder_free(r);
}

bool tpstat_recorder_on(void)
{
	return tpstat_rec.on;
}

void tpstat_recorder_mark(u32 flag)
{
	atomic_or(flag, &tpstat_rec.hist.marks);
}

void tpstat_recorder_lock(void)
{
	mutex_lock(&tpstat_rec.lock);
}

void tpstat_recorder_unlock(void)
{
	mutex_unlock(&tpstat_rec.lock);
}

const struct tpstat_history *tpstat_recorder_history(void)
{
	lockdep_assert_held(&tpstat_rec.lock);
	return &tpstat_rec.hist;
}

bool tpstat_recorder_find(u64 seq, struct tpstat_interval *iv)
{
	return tpstat_history_find(tpstat_recorder_history(), seq, iv);
}

u64 tpstat_recorder_lost(void)
{
	return tpstat_recorder_history()->ring.lost;
}

unsigned int tpstat_recorder_interval(void)
{
	return tpstat_rec.on ? history : 0;
}

u64 tpstat_recorder_bytes(void)
{
	const struct tpstat_recorder *r = &tpstat_rec;

	if (!r->on)
		return 0;
	return tpstat_history_bytes(&r->hist) + sizeof(*r->sums) +
	       TPSTAT_INTERVAL_MAX + tpstat_recorder_views_bytes();
}

u32 tpstat_recorder_intervals(void)
{
	u32 n;

	mutex_lock(&tpstat_rec.lock);
	n = tpstat_rec.hist.ring.count;
	mutex_unlock(&tpstat_rec.lock);
	return n;
}
