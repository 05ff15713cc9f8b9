/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The flight recorder: from load on, every history= seconds, each
 * counter's change since the last interval (interval.h), kept in a
 * fixed ring of history_kb kilobytes; the dump (netlink_history.c) and
 * debugfs's history file read it.  At the same moments it ends an
 * interval of each namespace that counts its own events, in that
 * namespace's own history (netns_counts.h, history_netns_kb).  It reads
 * the per-CPU counters as readers do, off the hot path: no probe does
 * anything for it.
 */
#ifndef _TPSTAT_RECORDER_H
#define _TPSTAT_RECORDER_H

#include <linux/types.h>

#include "counters/counters.h"
#include "counters/interval.h"

int tpstat_recorder_init(void);
/* Stops it; after every reader has gone. */
void tpstat_recorder_exit(void);
bool tpstat_recorder_on(void);
/* Something that makes the current interval not a plain change. */
void tpstat_recorder_mark(u32 flag);

/* Readers hold it while they look at intervals. */
void tpstat_recorder_lock(void);
void tpstat_recorder_unlock(void);
/* The system's history (interval.h), the recorder held. */
const struct tpstat_history *tpstat_recorder_history(void);
/* The oldest interval numbered @seq or later: false if none is. */
bool tpstat_recorder_find(u64 seq, struct tpstat_interval *iv);
u64 tpstat_recorder_lost(void);

/* For GET_INFO: seconds an interval (0: off), bytes, intervals held. */
unsigned int tpstat_recorder_interval(void);
u64 tpstat_recorder_bytes(void);
u32 tpstat_recorder_intervals(void);

#endif /* _TPSTAT_RECORDER_H */
