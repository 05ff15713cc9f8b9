/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A copy of a view's table for one reader (a netlink dump, a debugfs
 * open): its entries as they were in one generation, taken with no lock
 * that a probe would wait for.  The copy is the reader's own memory,
 * charged to its memory cgroup, and it holds only what the reader may
 * see: a namespace's reader gets that namespace's entries, never a copy
 * of the whole table first.  It grows with what it finds, so it is as
 * big as those entries, not as the table.
 */
#ifndef _TPSTAT_VIEW_COPY_H
#define _TPSTAT_VIEW_COPY_H

#include <linux/types.h>
#include <linux/tpstat.h>

struct tpstat_view_snap {
	u32 used, capacity, count;
	u32 key_size, nr_vals, rec_size;
	u32 room;	/* records the allocation holds */
	u32 bound;	/* most it may grow to */
	u64 overflow;
	u8 recs[];	/* count records: key, then nr_vals u64 */
};

/*
 * A copy of @view's entries; with @ns_cookie, only that namespace's (a
 * view whose keys name one), and that namespace's used and overflow
 * counts.  NULL without memory.  kvfree() it.  Sleeps (it yields while it
 * copies): readers in process context only.
 */
struct tpstat_view_snap *tpstat_view_snapshot(enum tpstat_view view,
					      u64 ns_cookie);

static inline const void *tpstat_snap_key(const struct tpstat_view_snap *s,
					  u32 i)
{
	return s->recs + (size_t)i * s->rec_size;
}

static inline const u64 *tpstat_snap_vals(const struct tpstat_view_snap *s,
					  u32 i)
{
	return (const u64 *)(s->recs + (size_t)i * s->rec_size + s->key_size);
}

#endif /* _TPSTAT_VIEW_COPY_H */
