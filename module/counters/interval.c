// SPDX-License-Identifier: GPL-2.0
/*
 * A history of counters (interval.h).  Each record: the interval's
 * number, start, length and flags, then each counter that moved, as the
 * gap from the previous one's slot and its change, both LEB128.  A quiet
 * interval is 32 bytes; one in which every counter moved at most
 * TPSTAT_INTERVAL_MAX.
 *
 * It works on sums, not on what readers see after a reset (control.c's
 * baseline): a reset changes no sum, so each interval's change is whole
 * whatever was reset in it, and the changes of all intervals add up to
 * the counters' own.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

#include "counters/interval.h"
#include <linux/tpstat.h>

static_assert(TPSTAT_NR_SLOTS < (1 << 14));
static_assert(TPSTAT_INTERVAL_MAX + TPSTAT_RING_HDR <= TPSTAT_HISTORY_MIN_BYTES);

/* Longer than this asleep in an interval: it says so. */
#define TPSTAT_SLEPT_NS		(NSEC_PER_SEC / 2)

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

/*
 * One reading of the clock, in its three bases: an interval's start is
 * its wall-clock time and its length the boot clock's, so the two must
 * be the same instant.  Read one after the other, a task preempted (or a
 * virtual CPU descheduled) between the reads would put the interval's
 * end where it was not, by as long as it waited.  The offsets between
 * the bases change only when the clock is set or the system resumes.
 */
void tpstat_clock_now(struct tpstat_clock *c)
{
	ktime_t mono = ktime_get();

	c->mono = ktime_to_ns(mono);
	c->real = ktime_to_ns(ktime_mono_to_real(mono));
	c->boot = ktime_to_ns(ktime_mono_to_any(mono, TK_OFFS_BOOT));
}

int tpstat_history_init(struct tpstat_history *h, u32 bytes, gfp_t gfp,
			const struct tpstat_totals *from,
			const struct tpstat_clock *start)
{
	memset(h, 0, sizeof(*h));
	if (WARN_ON_ONCE(bytes < TPSTAT_HISTORY_MIN_BYTES))
		return -EINVAL;
	h->prev = kzalloc(sizeof(*h->prev), gfp);
	if (!h->prev || tpstat_ring_init(&h->ring, bytes, gfp)) {
		tpstat_history_free(h);
		return -ENOMEM;
	}
	if (from)
		*h->prev = *from;
	h->start = *start;
	atomic_set(&h->marks, 0);
	return 0;
}

void tpstat_history_free(struct tpstat_history *h)
{
	tpstat_ring_free(&h->ring);
	kfree(h->prev);
	h->prev = NULL;
}

size_t tpstat_history_bytes(const struct tpstat_history *h)
{
	return tpstat_ring_bytes(&h->ring) + sizeof(*h->prev);
}

u32 tpstat_history_take(struct tpstat_history *h,
			const struct tpstat_totals *sums,
			const struct tpstat_clock *now, u32 flags, u8 *rec)
{
	struct tpstat_interval_rec *hdr = (void *)rec;
	u8 *p = rec + sizeof(*hdr);
	unsigned int slot, last = 0;
	s64 slept;

	hdr->seq = h->seq;
	hdr->start_ns = h->start.real;
	hdr->duration_ns = now->boot - h->start.boot;
	hdr->flags = atomic_xchg(&h->marks, 0) | flags;
	if (!h->seq)
		hdr->flags |= TPSTAT_HISTORY_F_PARTIAL;
	/* Boot time runs on through a suspend; monotonic time does not. */
	slept = hdr->duration_ns - (now->mono - h->start.mono);
	if (slept > TPSTAT_SLEPT_NS)
		hdr->flags |= TPSTAT_HISTORY_F_SUSPEND;
	hdr->nr = 0;
	for (slot = 0; slot < TPSTAT_NR_SLOTS; slot++) {
		/* Wraps as the counters do: whole across a restart too. */
		u64 change = sums->slot[slot] - h->prev->slot[slot];

		if (!change || tpstat_slot_is_hist(slot))
			continue;
		p = tpstat_leb128_put(p, slot - last);
		p = tpstat_leb128_put(p, change);
		last = slot;
		hdr->nr++;
	}
	tpstat_ring_write(&h->ring, rec, p - rec);
	memcpy(h->prev->slot, sums->slot, sizeof(sums->slot));
	h->seq++;
	h->start = *now;
	return hdr->flags;
}

void tpstat_history_restart(struct tpstat_history *h,
			    const struct tpstat_totals *final)
{
	unsigned int slot;

	/*
	 * The new sums start at 0: less the old ones' change so far, so
	 * that the interval's change is the old counters' then the new's.
	 */
	for (slot = 0; slot < TPSTAT_NR_SLOTS; slot++)
		h->prev->slot[slot] -= final->slot[slot];
	atomic_or(TPSTAT_HISTORY_F_FILTER, &h->marks);
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

bool tpstat_history_find(const struct tpstat_history *h, u64 seq,
			 struct tpstat_interval *iv)
{
	struct tpstat_ring_pos pos;
	const void *data;
	u32 len;

	for (data = tpstat_ring_first(&h->ring, &pos, &len); data;
	     data = tpstat_ring_next(&h->ring, &pos, &len)) {
		tpstat_interval_read(data, len, iv);
		if (iv->seq >= seq)
			return true;
	}
	return false;
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
	if (WARN_ON_ONCE(!c->p || gap >= TPSTAT_NR_SLOTS - c->slot)) {
		c->p = c->end;
		return false;
	}
	c->slot += gap;
	*slot = c->slot;
	return true;
}
