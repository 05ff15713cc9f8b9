/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A view's copy (struct tpstat_view_snap) in the order every reader shows
 * it: biggest first value first, then by key.
 */
#ifndef TPSTAT_SNAP_SORT_H
#define TPSTAT_SNAP_SORT_H

#include "tables/view_copy.h"

/* Sleeps (allocates, cond_resched()): readers only, never a probe. */
void tpstat_snap_sort(struct tpstat_view_snap *snap);

#endif
