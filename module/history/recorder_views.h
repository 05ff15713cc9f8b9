/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The flight recorder's views (recorder_views.c): every history_views=
 * seconds, for each keyed view, the history_top= keys that moved most
 * since the last such interval, each with its changes, and how much
 * moved outside them.  The recorder (recorder.c) takes them on its own
 * tick, under its lock; readers hold that lock too.
 */
#ifndef _TPSTAT_RECORDER_VIEWS_H
#define _TPSTAT_RECORDER_VIEWS_H

#include <linux/types.h>
#include <linux/tpstat.h>

/* One view's rows of one interval, valid while the recorder is held. */
struct tpstat_view_interval {
	u64 seq;		/* the views' intervals, from 0 at load */
	u64 start_ns, duration_ns;
	u32 flags;		/* TPSTAT_HISTORY_F_* */
	enum tpstat_view view;
	u32 nr;			/* rows, the most moved first */
	u64 rest;		/* what moved outside them */
	const u8 *rows;		/* nr of: key, then the view's values */
};

int tpstat_recorder_views_init(unsigned int history);
void tpstat_recorder_views_exit(void);
/* Whether a views interval ends at the tick at wall clock @now_ns. */
bool tpstat_recorder_views_due(u64 now_ns);
/* The interval that ends now: it began at @start_ns, @flags in it. */
void tpstat_recorder_views_take(u64 start_ns, u64 duration_ns, u32 flags);

/*
 * The oldest interval of a view after (@seq, @view), that one included:
 * false if none is.
 */
bool tpstat_recorder_views_find(u64 seq, u32 view,
				struct tpstat_view_interval *vi);
const void *tpstat_view_interval_key(const struct tpstat_view_interval *vi,
				     u32 i);
const u64 *tpstat_view_interval_vals(const struct tpstat_view_interval *vi,
				     u32 i);
u64 tpstat_recorder_views_lost(void);
unsigned int tpstat_recorder_views_interval(void);
size_t tpstat_recorder_views_bytes(void);

#endif /* _TPSTAT_RECORDER_VIEWS_H */
