/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What tells one view from another: one struct tpstat_view_type per view,
 * in the view's own file views/<name>.c, and one table of them indexed by
 * enum tpstat_view (tables/list.h).  The tables (views.c), the netlink
 * dump (netlink_views.c), the debugfs files (debugfs_views.c) and views=
 * (main.c) loop over that table; none of them names a view.
 *
 * A keyed view (key_size not 0) has a table of its own in each
 * generation (views.h), which probes fill through the view's record
 * functions (record.h) and readers copy (tpstat_view_snapshot()); put
 * and seq then write one copied entry.  A dense view (STATES, HISTS) has
 * no table: it is read from the per-CPU counters, and its rows, put_row
 * and seq_rows say how.
 */
#ifndef _TPSTAT_VIEW_TYPE_H
#define _TPSTAT_VIEW_TYPE_H

#include <linux/types.h>
#include <linux/tpstat.h>

#include "counters/event_ids.h"

struct seq_file;
struct sk_buff;
struct tpstat_view_read;

/*
 * Who may read a view (uapi/linux/tpstat.h, "Who may do what"), with
 * where its keys name their namespace (ns_offset):
 * - OPEN, ns_offset set: anyone; without CAP_NET_ADMIN, or outside the
 *   initial namespace, only the caller's namespace's entries (DROPS,
 *   DEVICES).
 * - OPEN, no ns_offset: system-wide sums, the initial namespace only
 *   (STATES, HISTS).
 * - PRIVATE: CAP_NET_ADMIN over the caller's namespace, whose entries it
 *   gets outside the initial one; with no ns_offset, the initial
 *   namespace only (TRAPS: devlink instances may be another namespace's,
 *   and the keys cannot tell).
 */
enum tpstat_view_privacy {
	TPSTAT_VIEW_OPEN,
	TPSTAT_VIEW_PRIVATE,
};

/* A tracepoint a view is fed from, and the refusal while it is missing. */
struct tpstat_view_need {
	enum tpstat_event_id event;
	const char *refusal;	/* a TPSTAT_MSG() literal */
};

#define TPSTAT_VIEW_NEEDS_MAX	2

struct tpstat_view_type {
	const char *name;
	/* The debugfs file's column line, after "# ". */
	const char *columns;
	enum tpstat_view_privacy privacy;

	/* Keyed views: the table's geometry, and its *_keys parameter. */
	u32 key_size, nr_vals;
	const unsigned int *keys;
	/* Whether its probes keep per-CPU hints into it (table.h). */
	bool hints;
	/*
	 * Where the key holds its namespace's cookie (u64; -1: nowhere) and
	 * inode number (u32), which the dump puts before put()'s attributes.
	 */
	int ns_offset, ns_inum_offset;

	/*
	 * Availability: every tracepoint in needs[] (the first missing one
	 * refuses the view with its text), and, where set, available()
	 * (else refused with refusal).
	 */
	struct tpstat_view_need needs[TPSTAT_VIEW_NEEDS_MAX];
	bool (*available)(void);
	const char *refusal;

	/*
	 * The recorder (recorder_views.c): how many of the values, from the
	 * first, are counts, whose change it records (0: all of them; the
	 * others are levels, kept as they are), and how much a key moved,
	 * from its changes, to rank it (NULL: its first value's change).
	 */
	u32 counts;
	u64 (*moved)(const u64 *change);

	/* One copied entry: netlink attributes (0 or -EMSGSIZE), a line. */
	int (*put)(struct sk_buff *skb, const void *key, const u64 *vals);
	void (*seq)(struct seq_file *m, const void *key, const u64 *vals);

	/*
	 * Dense views: fill @r from r->totals and say how many rows it has,
	 * the most it can have, each row's attributes, the header's own
	 * attributes (optional), and every row of the debugfs file.
	 */
	u32 (*rows)(struct tpstat_view_read *r);
	u32 capacity;
	int (*put_row)(struct sk_buff *skb, const struct tpstat_view_read *r,
		       u32 i);
	int (*put_header)(struct sk_buff *skb,
			  const struct tpstat_view_read *r);
	void (*seq_rows)(struct seq_file *m, const struct tpstat_view_read *r);

	/*
	 * State a view keeps beside its tables (LIFETIMES' birth times):
	 * made at load, freed at unload, cleared by a reset, counted in the
	 * memory figure, and its losses added to the table's: all of them
	 * (@overflow) for a reader of every namespace, one namespace's
	 * (@ns_overflow, by its cookie) for a reader of that one.  @need:
	 * the bytes init() will allocate, as the parameters ask, for the
	 * load's check that everything fits (0: more than it may ever take).
	 */
	u64 (*need)(void);
	int (*init)(void);
	void (*exit)(void);
	void (*reset)(void);
	size_t (*bytes)(void);
	u64 (*overflow)(void);
	u64 (*ns_overflow)(u64 ns_cookie);
};

/* Each view's type, tpstat_view_<name> (views/<name>.c). */
extern const struct tpstat_view_type
#define TPSTAT_VIEW(id, name) tpstat_view_##name,
#include "tables/list.h"
#undef TPSTAT_VIEW
	tpstat_view_none;	/* never defined: it only ends the list */

/*
 * A keyed view's name, @view, and its entry writers, which its file names
 * tpstat_<view>_put() and tpstat_<view>_seq().
 */
#define TPSTAT_VIEW_WRITERS(view)					\
	.name = #view,							\
	.put = tpstat_##view##_put,					\
	.seq = tpstat_##view##_seq

/*
 * A keyed view's table, whose key (struct @key) names its namespace by
 * cookie: @nr values a key, sized by the parameter @keys_param.
 */
#define TPSTAT_VIEW_TABLE(key, nr, keys_param)				\
	.key_size = sizeof(struct key),					\
	.nr_vals = (nr),						\
	.keys = &(keys_param),						\
	.ns_offset = offsetof(struct key, ns_cookie),			\
	.ns_inum_offset = offsetof(struct key, ns_inum)

/* By enum tpstat_view (views.c). */
extern const struct tpstat_view_type *const tpstat_view_types[__TPSTAT_VIEW_CNT];

static inline const struct tpstat_view_type *tpstat_view_type(enum tpstat_view view)
{
	return tpstat_view_types[view];
}

#endif /* _TPSTAT_VIEW_TYPE_H */
