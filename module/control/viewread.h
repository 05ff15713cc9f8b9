/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A view as readers see it (netlink dumps, debugfs): a copy taken at
 * one moment, so a reader spanning many messages or reads neither loses
 * nor repeats an entry.
 */
#ifndef _TPSTAT_VIEWREAD_H
#define _TPSTAT_VIEWREAD_H

#include <linux/netdevice.h>
#include <linux/types.h>
#include <linux/tpstat.h>
#include <net/tcp_states.h>

#include "counters/counters.h"
#include "tables/view_copy.h"
#include "tables/views.h"

struct tpstat_view_read {
	enum tpstat_view view;
	u32 count;			/* entries */
	struct tpstat_view_snap *snap;	/* keyed views, sorted */
	struct tpstat_totals *totals;	/* STATES and HISTS */
	u16 cells[TPSTAT_TCP_CELLS];	/* STATES: non-zero cells */
};

/*
 * A copy of @view; with @ns_cookie, only the entries of that namespace
 * (its cookie, never its inode number), for a view whose keys name one
 * (views.h).
 */
struct tpstat_view_read *tpstat_view_read(enum tpstat_view view,
					  u64 ns_cookie);
void tpstat_view_read_free(struct tpstat_view_read *r);

#endif /* _TPSTAT_VIEWREAD_H */
