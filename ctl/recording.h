/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A recording of the module's flight recorder (TPSTAT_CMD_GET_HISTORY),
 * read from its dump or from a file tpstat history --save wrote: the
 * intervals, oldest first, each with the change of every counter that
 * moved in it.  What tpstat history shows of it is chosen here: the
 * counters a GLOB names, the intervals a window overlaps, bins of
 * --step.  No netlink and no output, so it is unit-tested on the host.
 */
#ifndef TPSTAT_RECORDING_H
#define TPSTAT_RECORDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output.h"
#include "rows.h"

struct view_recording;

/*
 * A views interval's message as the dump gave it: its attributes, after
 * the generic netlink header.  A file holds these, read back by the
 * dump's own parser, so that its views come back as from the module.
 */
struct rec_attrs {
	size_t len;
	unsigned char *bytes;
};

/* The longest such a file's line holds (recording_file.h): a key's bytes. */
#define REC_ATTRS_MAX	4000

struct rec_interval {
	uint64_t seq;		/* from 0 at load; a bin's: its first's */
	uint64_t start_ns;	/* wall clock, ns since the epoch (UTC) */
	uint64_t duration_ns;	/* a bin's: its intervals' summed */
	uint32_t flags;		/* TPSTAT_HISTORY_F_*; a bin's: OR'ed */
	size_t first, n;	/* its values: rec_values() */
};

struct recording {
	/* What the module said of itself (struct info), for a file; "": unknown. */
	char version[32];
	char kernel[96];
	uint32_t interval_s;	/* an interval's length; 0: unknown */
	/* A views interval's length; 0: none kept, or unknown (a version 1 file). */
	uint32_t views_interval_s;
	uint32_t features;	/* the module's TPSTAT_F_* (drops' default --by) */
	uint64_t lost;		/* intervals the ring dropped, since load */
	/* The oldest interval's start, kept through a selection. */
	uint64_t since_ns;
	struct rows iv;		/* struct rec_interval, oldest first */
	/* struct counter_row: each interval's, by name, none of them 0 */
	struct rows val;
	/*
	 * Where the dump's views intervals go (recording_views.h), never
	 * among the counters' (a sequence of their own); NULL: skipped.
	 */
	struct view_recording *views;
	/*
	 * With keep_attrs, each views message read into views is kept
	 * whole too (struct rec_attrs, in the dump's order): what --save
	 * writes, so that the file holds the views as the module said them.
	 */
	bool keep_attrs;
	struct rows attrs;
};

/* One message of the dump, or one line of a file. */
struct rec_point {
	uint64_t seq, start_ns, duration_ns, lost;
	uint32_t flags;
	const char *name;	/* NULL: an interval in which nothing moved */
	uint64_t value;
};

void rec_init(struct recording *r);
void rec_free(struct recording *r);

static inline size_t rec_count(const struct recording *r)
{
	return r->iv.n;
}

static inline struct rec_interval *rec_at(const struct recording *r,
					  size_t i)
{
	return (struct rec_interval *)r->iv.v + i;
}

static inline const struct counter_row *
rec_values(const struct recording *r, const struct rec_interval *iv)
{
	return (const struct counter_row *)r->val.v + iv->first;
}

/*
 * @p into @r: a value of the last interval, or a new one after it.
 * NULL, or why @p cannot be (an interval out of order, its messages
 * disagreeing on its start, length or flags, a counter without a name).
 */
const char *rec_add(struct recording *r, const struct rec_point *p);
/*
 * A copy of a views message's @len bytes of attributes at @bytes into
 * r->attrs: NULL, or why not (longer than REC_ATTRS_MAX).
 */
const char *rec_keep_attrs(struct recording *r, const void *bytes, size_t len);

static inline const struct rec_attrs *rec_attrs_at(const struct recording *r,
						   size_t i)
{
	return (const struct rec_attrs *)r->attrs.v + i;
}
/*
 * After the last rec_add(): each interval's values sorted by name, a
 * name given twice summed, and the changes of 0 left out.
 */
void rec_finish(struct recording *r);

/*
 * Whether counter @name ("<group>:<name>[.<metric>]") is one that @glob
 * names, as show GLOB: comma-separated shell globs over the event,
 * "<group>:<name>", or over its name alone for a glob without ':';
 * a glob with a '.' is over the metric's name too ("*.bytes").
 */
bool rec_glob_match(const char *glob, const char *name);
/* Whether @glob has no empty item. */
bool rec_glob_ok(const char *glob);

/*
 * Whether an interval of @duration_ns from @start_ns overlaps
 * [@since_ns, @until_ns); one that would end past what a u64 holds
 * ends there.
 */
bool rec_overlaps(uint64_t start_ns, uint64_t duration_ns, uint64_t since_ns,
		  uint64_t until_ns);
/*
 * Keeps the intervals that overlap [@since_ns, @until_ns) and, unless
 * @glob is NULL, only the values it names: an interval all of whose
 * values go stays, as one in which nothing (of those) moved.
 */
void rec_select(struct recording *r, const char *glob, uint64_t since_ns,
		uint64_t until_ns);
/*
 * The intervals summed into bins of @step_ns, on the multiples of
 * @step_ns since the epoch: a bin's values are its intervals' summed,
 * its flags OR'ed, its length their lengths', its start its first
 * interval's (a multiple of @step_ns but where the recording begins in
 * it).  An interval of another bin between two of one (the clock set
 * back) starts a bin of its own.
 */
void rec_rebin(struct recording *r, uint64_t step_ns);
/* How many bins of @step_ns rec_rebin() would make. */
size_t rec_bins(const struct recording *r, uint64_t step_ns);
/*
 * A step for at most @max bins: the recording's interval if that is
 * few enough, else the shortest of 1m, 2m, 5m ... 7d that is a multiple
 * of it and is, else the interval doubled until it is (or until half
 * of what a u64 holds: a clock set to the far future and back may make
 * more bins than @max, never a step that overflows).
 */
uint64_t rec_auto_step(const struct recording *r, size_t max);

/*
 * The names of every counter that moved in @r, sorted, into *@names
 * (malloc()ed; pointers into @r, valid until it changes): how many.
 */
size_t rec_names(const struct recording *r, const char ***names);
/* @name's change in @iv, 0 when it did not move. */
uint64_t rec_value(const struct recording *r, const struct rec_interval *iv,
		   const char *name);

#endif
