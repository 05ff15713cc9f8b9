// SPDX-License-Identifier: GPL-2.0
/*
 * The flight recorder (recorder.h).  A deferred work wakes just after
 * each multiple of history= seconds of the wall clock (so intervals line
 * up with the clock a user reads, as sar's do), sums the per-CPU
 * counters as every reader does, and writes one record: the interval's
 * number, start, length and flags, then each counter that moved, as the
 * gap from the previous one's slot and its change, both LEB128.  A quiet
 * interval is 32 bytes; one in which every counter moved at most
 * TPSTAT_INTERVAL_MAX.
 *
 * It reads the sums, not what readers see after a reset (control.c's
 * baseline): a reset changes no sum, so each interval's change is whole
 * whatever was reset in it, and the changes of all intervals add up to
 * the counters' own.  An event that runs while the sums are read lands
 * in one interval or the next, never both and never neither.
 */
#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>

#include "params.h"
#include "recorder.h"
#include "recorder_views.h"
#include "ring.h"

static unsigned int history = 10;
tpstat_param_uint(history, 0, 3600);
MODULE_PARM_DESC(history,
		 "Seconds an interval of the recorder, 0 to 3600, 0: off (default 10)");

static unsigned int history_kb = 192;
tpstat_param_uint(history_kb, 16, 65536);
MODULE_PARM_DESC(history_kb,
		 "Kilobytes of the recorder's ring, 16 to 65536 (default 192)");

/* An interval's record, then its values. */
struct tpstat_interval_rec {
	u64 seq, start_ns, duration_ns;
	u32 flags, nr;
};

/* A slot's gap fits in 2 bytes of LEB128, a change in 10. */
#define TPSTAT_INTERVAL_MAX \
	(sizeof(struct tpstat_interval_rec) + TPSTAT_RECORDED_SLOTS * 12)
static_assert(TPSTAT_RECORDED_SLOTS < (1 << 14));
static_assert(TPSTAT_INTERVAL_MAX + TPSTAT_RING_HDR <= 16 * 1024);

/* Longer than this asleep in an interval: it says so. */
#define TPSTAT_SLEPT_NS		(NSEC_PER_SEC / 2)

static struct tpstat_recorder {
	struct mutex lock;	/* the ring, the sums, the interval's start */
	struct delayed_work work;
	struct tpstat_pcpu __percpu *pcpu;
	struct tpstat_ring ring;
	struct tpstat_totals *prev, *now;
	u8 *rec;		/* the record being made */
	u64 seq;
	/* When the interval began: wall clock, and boot and monotonic time */
	u64 start_real, start_boot, start_mono;
	atomic_t marks;		/* TPSTAT_HISTORY_F_* since it began */
	/* The views interval's: its start and its intervals' flags */
	u64 views_real, views_boot;
	u32 views_flags;
	bool on;
} tpstat_rec = {
	.lock = __MUTEX_INITIALIZER(tpstat_rec.lock),
};

static u8 *tpstat_leb128_put(u8 *p, u64 v)
{
	do {
		*p = v & 0x7f;
		v >>= 7;
		if (v)
			*p |= 0x80;
		p++;
	} while (v);
	return p;
}

/* NULL at a value that runs past @end (never in a record made here). */
static const u8 *tpstat_leb128_get(const u8 *p, const u8 *end, u64 *v)
{
	unsigned int shift = 0;

	*v = 0;
	while (p < end && shift < 64) {
		*v |= (u64)(*p & 0x7f) << shift;
		if (!(*p++ & 0x80))
			return p;
		shift += 7;
	}
	return NULL;
}

/* The jiffies to just after the wall clock's next multiple of history=. */
static unsigned long tpstat_recorder_delay(void)
{
	u64 step = (u64)history * NSEC_PER_SEC, now = ktime_get_real_ns();
	u64 next = (div64_u64(now, step) + 1) * step;

	return nsecs_to_jiffies(next - now) + 1;
}

static void tpstat_recorder_start_interval(struct tpstat_recorder *r)
{
	r->start_real = ktime_get_real_ns();
	r->start_boot = ktime_get_boottime_ns();
	r->start_mono = ktime_get_ns();
}

/* The interval ending now into r->rec; its length. */
static u32 tpstat_recorder_take(struct tpstat_recorder *r)
{
	struct tpstat_interval_rec *hdr = (void *)r->rec;
	u64 boot = ktime_get_boottime_ns(), mono = ktime_get_ns();
	u8 *p = r->rec + sizeof(*hdr);
	unsigned int slot, last = 0;
	s64 slept;

	tpstat_counters_sum(r->pcpu, r->now);
	hdr->seq = r->seq;
	hdr->start_ns = r->start_real;
	hdr->duration_ns = boot - r->start_boot;
	hdr->flags = atomic_xchg(&r->marks, 0);
	if (!r->seq)
		hdr->flags |= TPSTAT_HISTORY_F_PARTIAL;
	/* Boot time runs on through a suspend; monotonic time does not. */
	slept = hdr->duration_ns - (mono - r->start_mono);
	if (slept > TPSTAT_SLEPT_NS)
		hdr->flags |= TPSTAT_HISTORY_F_SUSPEND;
	hdr->nr = 0;
	for (slot = 0; slot < TPSTAT_RECORDED_SLOTS; slot++) {
		u64 change = r->now->slot[slot] - r->prev->slot[slot];

		if (!change)
			continue;
		p = tpstat_leb128_put(p, slot - last);
		p = tpstat_leb128_put(p, change);
		last = slot;
		hdr->nr++;
	}
	swap(r->prev, r->now);
	r->seq++;
	r->start_real = ktime_get_real_ns();
	r->start_boot = boot;
	r->start_mono = mono;
	r->views_flags |= hdr->flags & ~TPSTAT_HISTORY_F_PARTIAL;
	return p - r->rec;
}

static void tpstat_recorder_tick(struct work_struct *work)
{
	struct tpstat_recorder *r = &tpstat_rec;
	u32 len;

	mutex_lock(&r->lock);
	len = tpstat_recorder_take(r);
	tpstat_ring_write(&r->ring, r->rec, len);
	if (tpstat_recorder_views_due(r->start_real)) {
		tpstat_recorder_views_take(r->views_real,
					   r->start_boot - r->views_boot,
					   r->views_flags);
		r->views_real = r->start_real;
		r->views_boot = r->start_boot;
		r->views_flags = 0;
	}
	mutex_unlock(&r->lock);
	queue_delayed_work(system_unbound_wq, &r->work,
			   tpstat_recorder_delay());
}

static void tpstat_recorder_free(struct tpstat_recorder *r)
{
	tpstat_recorder_views_exit();
	tpstat_ring_free(&r->ring);
	kfree(r->prev);
	kfree(r->now);
	kfree(r->rec);
}

int tpstat_recorder_init(struct tpstat_pcpu __percpu *pcpu)
{
	struct tpstat_recorder *r = &tpstat_rec;
	int err;

	if (!history)
		return 0;
	r->prev = kzalloc(sizeof(*r->prev), GFP_KERNEL);
	r->now = kzalloc(sizeof(*r->now), GFP_KERNEL);
	r->rec = kzalloc(TPSTAT_INTERVAL_MAX, GFP_KERNEL);
	err = -ENOMEM;
	if (r->prev && r->now && r->rec &&
	    !tpstat_ring_init(&r->ring, history_kb * 1024))
		err = tpstat_recorder_views_init(history);
	if (err) {
		tpstat_recorder_free(r);
		return err;
	}
	r->pcpu = pcpu;
	/* The load's own attach is not news: the first interval is partial. */
	atomic_set(&r->marks, 0);
	tpstat_counters_sum(pcpu, r->prev);
	tpstat_recorder_start_interval(r);
	r->views_real = r->start_real;
	r->views_boot = r->start_boot;
	INIT_DELAYED_WORK(&r->work, tpstat_recorder_tick);
	r->on = true;
	queue_delayed_work(system_unbound_wq, &r->work,
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
	atomic_or(flag, &tpstat_rec.marks);
}

void tpstat_recorder_lock(void)
{
	mutex_lock(&tpstat_rec.lock);
}

void tpstat_recorder_unlock(void)
{
	mutex_unlock(&tpstat_rec.lock);
}

static void tpstat_interval_read(const void *data, u32 len,
				 struct tpstat_interval *iv)
{
	const struct tpstat_interval_rec *hdr = data;

	iv->seq = hdr->seq;
	iv->start_ns = hdr->start_ns;
	iv->duration_ns = hdr->duration_ns;
	iv->flags = hdr->flags;
	iv->nr = hdr->nr;
	iv->values = (const u8 *)data + sizeof(*hdr);
	iv->end = (const u8 *)data + len;
}

bool tpstat_recorder_find(u64 seq, struct tpstat_interval *iv)
{
	const struct tpstat_ring *ring = &tpstat_rec.ring;
	struct tpstat_ring_pos pos;
	const void *data;
	u32 len;

	lockdep_assert_held(&tpstat_rec.lock);
	for (data = tpstat_ring_first(ring, &pos, &len); data;
	     data = tpstat_ring_next(ring, &pos, &len)) {
		tpstat_interval_read(data, len, iv);
		if (iv->seq >= seq)
			return true;
	}
	return false;
}

u64 tpstat_recorder_lost(void)
{
	lockdep_assert_held(&tpstat_rec.lock);
	return tpstat_rec.ring.lost;
}

void tpstat_interval_values(const struct tpstat_interval *iv,
			    struct tpstat_interval_cursor *c)
{
	c->p = iv->values;
	c->end = iv->end;
	c->slot = 0;
}

bool tpstat_interval_value(struct tpstat_interval_cursor *c,
			   unsigned int *slot, u64 *change)
{
	u64 gap;

	if (c->p >= c->end)
		return false;
	c->p = tpstat_leb128_get(c->p, c->end, &gap);
	if (c->p)
		c->p = tpstat_leb128_get(c->p, c->end, change);
	if (WARN_ON_ONCE(!c->p || gap >= TPSTAT_RECORDED_SLOTS - c->slot)) {
		c->p = c->end;
		return false;
	}
	c->slot += gap;
	*slot = c->slot;
	return true;
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
	return tpstat_ring_bytes(&r->ring) + 2 * sizeof(*r->prev) +
	       TPSTAT_INTERVAL_MAX + tpstat_recorder_views_bytes();
}

u32 tpstat_recorder_intervals(void)
{
	u32 n;

	mutex_lock(&tpstat_rec.lock);
	n = tpstat_rec.ring.count;
	mutex_unlock(&tpstat_rec.lock);
	return n;
}
