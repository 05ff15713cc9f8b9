/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A history of counters: each interval's change of every counter that
 * moved, kept in a fixed ring (ring.h).  The recorder (recorder.h) keeps
 * the system's; each namespace that counts its own events keeps its own
 * (netns_counts.h).  Whoever owns one serialises every call on it.
 */
#ifndef _TPSTAT_INTERVAL_H
#define _TPSTAT_INTERVAL_H

#include <linux/atomic.h>
#include <linux/types.h>

#include "counters/counters.h"
#include "counters/ring.h"

/*
 * Counters a history keeps: every slot but the histograms', which are a
 * view's (HISTS) and not values GET_COUNTERS gives (tpstat_slot_is_hist()).
 */
#define TPSTAT_RECORDED_SLOTS \
	(TPSTAT_NR_SLOTS - (TPSTAT_SLOT_TCP_STATES - TPSTAT_SLOT_HISTS))

/* An interval's record, then its values. */
struct tpstat_interval_rec {
	u64 seq, start_ns, duration_ns;
	u32 flags, nr;
};

/* A slot's gap fits in 2 bytes of LEB128, a change in 10. */
#define TPSTAT_INTERVAL_MAX \
	(sizeof(struct tpstat_interval_rec) + TPSTAT_RECORDED_SLOTS * 12)

/* The smallest ring a history may have: its largest interval fits. */
#define TPSTAT_HISTORY_MIN_BYTES	(8 * 1024)

/* One moment, by the three clocks an interval is measured with. */
struct tpstat_clock {
	u64 real;	/* wall clock: what a user reads */
	u64 boot;	/* runs on through a suspend */
	u64 mono;	/* does not */
};

struct tpstat_history {
	struct tpstat_ring ring;
	struct tpstat_totals *prev;	/* the sums when the interval began */
	struct tpstat_clock start;	/* when it began */
	u64 seq;			/* its number, from 0 */
	atomic_t marks;			/* TPSTAT_HISTORY_F_* since it began */
};

/* One interval, as a reader sees it, valid while the history is held. */
struct tpstat_interval {
	u64 seq;		/* from 0 when the history began */
	u64 start_ns;		/* wall clock, ns since the epoch */
	u64 duration_ns;
	u32 flags;		/* TPSTAT_HISTORY_F_* */
	u32 nr;			/* values that moved */
	const u8 *values, *end;	/* encoded: tpstat_interval_value() */
};

/* A reader's place among an interval's values. */
struct tpstat_interval_cursor {
	const u8 *p, *end;
	unsigned int slot;
};

void tpstat_clock_now(struct tpstat_clock *c);

/*
 * A history of a ring of @bytes (at least TPSTAT_HISTORY_MIN_BYTES)
 * whose first interval begins at @start with the sums @from (NULL:
 * all 0); its memory from @gfp.
 */
int tpstat_history_init(struct tpstat_history *h, u32 bytes, gfp_t gfp,
			const struct tpstat_totals *from,
			const struct tpstat_clock *start);
void tpstat_history_free(struct tpstat_history *h);
size_t tpstat_history_bytes(const struct tpstat_history *h);

/*
 * Ends the interval at @now, the counters' sums being @sums: its record
 * made in @rec (TPSTAT_INTERVAL_MAX bytes) and written to the ring,
 * with @flags added to its own; the next begins.  Returns its flags.
 */
u32 tpstat_history_take(struct tpstat_history *h,
			const struct tpstat_totals *sums,
			const struct tpstat_clock *now, u32 flags, u8 *rec);
/*
 * The counters start again from 0 (a namespace's new filter), @final
 * being their last sums: the interval's change stays whole across it,
 * and says the filter changed.
 */
void tpstat_history_restart(struct tpstat_history *h,
			    const struct tpstat_totals *final);
/* The oldest interval numbered @seq or later: false if none is. */
bool tpstat_history_find(const struct tpstat_history *h, u64 seq,
			 struct tpstat_interval *iv);

/* The first of @iv's values, then each next: false after the last. */
void tpstat_interval_values(const struct tpstat_interval *iv,
			    struct tpstat_interval_cursor *c);
bool tpstat_interval_value(struct tpstat_interval_cursor *c,
			   unsigned int *slot, u64 *change);

#endif /* _TPSTAT_INTERVAL_H */
