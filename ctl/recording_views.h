/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The flight recorder's views intervals, as GET_HISTORY's dump gives
 * them after the counters' (uapi's "History"): every history_views=
 * seconds, for each keyed view in which a key moved, the keys that
 * moved most, each as a GET_VIEW entry with its changes (struct view),
 * then for an administrator what moved outside them.  What tpstat
 * history VIEW shows of it is chosen here: one view, the intervals a
 * window overlaps, its rows as tpstat VIEW arranges them.  No sockets
 * and no output, so it is unit-tested on the host.
 */
#ifndef TPSTAT_RECORDING_VIEWS_H
#define TPSTAT_RECORDING_VIEWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rows.h"
#include "views.h"

/* One view's keys of one views interval. */
struct vrec_interval {
	uint64_t seq;		/* the views intervals', from 0 at load */
	uint64_t start_ns;	/* wall clock, ns since the epoch (UTC) */
	uint64_t duration_ns;
	uint32_t flags;		/* TPSTAT_HISTORY_F_* */
	size_t keys;		/* the keys it kept: vrec_arrange() counts them */
	/* What moved outside them, by the view's measure: an administrator's. */
	bool has_rest;
	uint64_t rest;
	struct view v;		/* its keys as entries (view_headless()) */
};

struct view_recording {
	uint32_t interval_s;	/* a views interval's length; 0: unknown */
	uint64_t lost;		/* views intervals the ring dropped, since load */
	/*
	 * Rows chosen by selectors (vrec_arrange()): each rest is still
	 * the whole view's, as the module counted it.
	 */
	bool selected;
	/* struct vrec_interval, oldest first, by view within an interval */
	struct rows iv;
};

/* What a views interval's message says of the interval it is of. */
struct vrec_point {
	uint64_t seq, start_ns, duration_ns, lost;
	uint32_t flags;
	uint32_t view;		/* enum tpstat_view */
	/* HISTORY_REST: the interval's last message, not a key */
	bool has_rest;
	uint64_t rest;
};

void vrec_init(struct view_recording *r);
void vrec_free(struct view_recording *r);

static inline size_t vrec_count(const struct view_recording *r)
{
	return r->iv.n;
}

static inline struct vrec_interval *vrec_at(const struct view_recording *r,
					    size_t i)
{
	return (struct vrec_interval *)r->iv.v + i;
}

/*
 * The views interval of @p's message: the last one, or a new one after
 * it; with @p->has_rest, its rest taken.  NULL, and why in *@why, when
 * it cannot be: an interval or a view out of order (the oldest come
 * first, by view within one), its messages disagreeing on its start,
 * length or flags, a message after its rest.
 */
struct vrec_interval *vrec_add(struct view_recording *r,
			       const struct vrec_point *p, const char **why);
/*
 * Keeps view @view's intervals that overlap [@since_ns, @until_ns) and
 * have a key (not a rest alone).
 */
void vrec_select(struct view_recording *r, uint32_t view, uint64_t since_ns,
		 uint64_t until_ns);
/*
 * Each interval's keys counted, then its rows shaped as tpstat VIEW
 * shapes its own with @a (view_shape()): those @a->sel selects, summed
 * and sorted (drops by reason, resets by service).  An interval left
 * without rows is dropped.  Once, after vrec_select().  0, or -1 out
 * of memory (the intervals after it dropped).
 */
int vrec_arrange(struct view_recording *r, const struct view_args *a);

#endif
