/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The flight recorder: from load on, every history= seconds, each
 * counter's change since the last interval, kept in a fixed ring
 * (ring.h) of history_kb kilobytes; the dump (netlink_history.c) and
 * debugfs's history file read it.  It reads the per-CPU counters as
 * readers do, off the hot path: no probe does anything for it.
 */
#ifndef _TPSTAT_RECORDER_H
#define _TPSTAT_RECORDER_H

#include <linux/types.h>

#include "counters.h"

/*
 * Counters the recorder keeps: every slot before the histograms, which
 * are a view's (HISTS) and not values GET_COUNTERS gives.
 */
#define TPSTAT_RECORDED_SLOTS	TPSTAT_SLOT_HISTS

/* One interval, as a reader sees it, valid while the recorder is held. */
struct tpstat_interval {
	u64 seq;		/* from 0 at load */
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

int tpstat_recorder_init(struct tpstat_pcpu __percpu *pcpu);
/* Stops it; after every reader has gone. */
void tpstat_recorder_exit(void);
bool tpstat_recorder_on(void);
/* Something that makes the current interval not a plain change. */
void tpstat_recorder_mark(u32 flag);

/* Readers hold it while they look at intervals. */
void tpstat_recorder_lock(void);
void tpstat_recorder_unlock(void);
/* The oldest interval numbered @seq or later: false if none is. */
bool tpstat_recorder_find(u64 seq, struct tpstat_interval *iv);
u64 tpstat_recorder_lost(void);

/* The first of @iv's values, then each next: false after the last. */
void tpstat_interval_values(const struct tpstat_interval *iv,
			    struct tpstat_interval_cursor *c);
bool tpstat_interval_value(struct tpstat_interval_cursor *c,
			   unsigned int *slot, u64 *change);

/* For GET_INFO: seconds an interval (0: off), bytes, intervals held. */
unsigned int tpstat_recorder_interval(void);
u64 tpstat_recorder_bytes(void);
u32 tpstat_recorder_intervals(void);

#endif /* _TPSTAT_RECORDER_H */
