// SPDX-License-Identifier: GPL-2.0
/*
 * What a view's rows did between two reads: "tpstat VIEW -i SECONDS".
 * Each row's values become their change since the previous read; rows
 * that did not move go, and the others sort by change, biggest first.
 * A row whose counts went down was reset (tpstat reset) or evicted and
 * counted again: its values as read are its change, as nstat does for
 * a counter.  And the other way, changes added up into one read
 * (view_add(): the flight recorder's intervals over a window).  No
 * netlink, unit-tested on the host.
 */
#include <stdlib.h>
#include <string.h>

#include "views.h"

/*
 * @e's key: the entry without its values (counts, or figures of its
 * last event: a receive buffer), nor a flow's last state (the view's
 * ->last_state), which move without making another row.
 */
static void key_of(uint32_t view, const struct view_entry *e,
		   struct view_entry *k)
{
	const struct view_ops *ops = view_ops(view);

	memcpy(k, e, sizeof(*k));	/* padding too: rows compare by memcmp() */
	k->count = 0;
	k->val[0] = k->val[1] = 0;
	k->has_val0 = k->has_val1 = false;
	if (ops && ops->last_state) {
		k->old_state = k->new_state = 0;
		k->has_old_state = k->has_new_state = false;
	}
	k->hist = NULL;		/* or DEVICES' values */
}

/* Whether @a and @b are the same row (entries are zeroed before parsing). */
static bool same_row(uint32_t view, const struct view_entry *a,
		     const struct view_entry *b)
{
	struct view_entry ka, kb;

	key_of(view, a, &ka);
	key_of(view, b, &kb);
	return !memcmp(&ka, &kb, sizeof(ka));
}

/* FNV-1a over a row's key: finding the same row among thousands. */
static uint64_t key_hash(uint32_t view, const struct view_entry *e)
{
	struct view_entry k;
	const unsigned char *b = (const unsigned char *)&k;
	uint64_t h = 14695981039346656037ULL;

	key_of(view, e, &k);
	for (size_t i = 0; i < sizeof(k); i++)
		h = (h ^ b[i]) * 1099511628211ULL;
	return h;
}

/* Whether @view's rows point at DEVICES' values, not a histogram. */
static bool row_dev_values(uint32_t view)
{
	const struct view_ops *ops = view_ops(view);

	return ops && ops->dev_values;
}

/*
 * The counters of a row, in one list: what a change is computed over.
 * The two values after count are counts unless the view says they are
 * figures of the last event (->last_values); DEVICES' are out of line.
 */
#define N_COUNTERS 13

static unsigned int row_counters(uint32_t view, const struct view_entry *e,
				 uint64_t **c)
{
	const struct view_ops *ops = view_ops(view);
	struct dev_counters *dev = ops && ops->dev_values ? e->dev : NULL;
	unsigned int n = 0;

	c[n++] = (uint64_t *)&e->count;
	if (!ops || !ops->last_values) {
		c[n++] = (uint64_t *)&e->val[0];
		c[n++] = (uint64_t *)&e->val[1];
	}
	if (dev) {
		uint64_t *d = &dev->tx_packets;

		for (unsigned int i = 0; i < sizeof(*dev) / sizeof(*d); i++)
			c[n++] = &d[i];
	}
	return n;
}

uint64_t view_entry_change(uint32_t view, const struct view_entry *e)
{
	const struct view_ops *ops = view_ops(view);
	uint64_t sum = e->count + (e->hist && (!ops || ops->hist) ?
				   e->hist->count : 0);

	if (!ops || !ops->last_values)
		sum += e->val[0] + e->val[1];
	if (ops && ops->dev_values && e->dev)
		sum += e->dev->tx_packets + e->dev->rx_packets +
		       e->dev->xmit_errors + e->dev->xmit_timeouts;
	return sum;
}

/*
 * @d = @cur - @old, field by field; false (and @d as @cur) when any
 * went down: the row was reset or evicted and counted again.
 */
static bool row_minus(uint32_t view, struct view_entry *d,
		      const struct view_entry *old)
{
	uint64_t *dv[N_COUNTERS], *ov[N_COUNTERS];
	unsigned int i, n = row_counters(view, d, dv);
	bool hist = !row_dev_values(view);

	if (row_counters(view, old, ov) != n)
		return false;
	for (i = 0; i < n; i++)
		if (*dv[i] < *ov[i])
			return false;
	if (hist && d->hist && old->hist) {
		if (d->hist->count < old->hist->count ||
		    d->hist->sum < old->hist->sum)
			return false;
		for (i = 0; i < TPSTAT_HIST_BUCKETS; i++)
			if (d->hist->bucket[i] < old->hist->bucket[i])
				return false;
	}
	for (i = 0; i < n; i++)
		*dv[i] -= *ov[i];
	if (hist && d->hist && old->hist) {
		d->hist->count -= old->hist->count;
		d->hist->sum -= old->hist->sum;
		for (i = 0; i < TPSTAT_HIST_BUCKETS; i++)
			d->hist->bucket[i] -= old->hist->bucket[i];
	}
	return true;
}

static bool row_moved(uint32_t view, const struct view_entry *e)
{
	uint64_t *v[N_COUNTERS];
	unsigned int n = row_counters(view, e, v);

	for (unsigned int i = 0; i < n; i++)
		if (*v[i])
			return true;
	return !row_dev_values(view) && e->hist && e->hist->count;
}

/* A figure of the table: its change, or its value after a reset. */
static uint64_t figure_delta(uint64_t cur, uint64_t old)
{
	return cur >= old ? cur - old : cur;
}

/* By change, biggest first; ties in the order the view printed them. */
struct ranked {
	uint64_t change;
	size_t pos;
};

static int by_change(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->change != y->change)
		return x->change > y->change ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

int view_delta(struct view *d, const struct view *cur, const struct view *old)
{
	struct ranked *rank;
	bool *used;
	size_t *slot = NULL, mask = 0, i, k;

	*d = *cur;
	d->e = NULL;
	d->n = d->cap = 0;
	d->overflow = figure_delta(cur->overflow, old->overflow);
	d->opens_active = figure_delta(cur->opens_active, old->opens_active);
	d->opens_passive = figure_delta(cur->opens_passive, old->opens_passive);
	d->opens_failed = figure_delta(cur->opens_failed, old->opens_failed);
	if (!cur->n)
		return 0;
	rank = calloc(cur->n, sizeof(*rank));
	used = calloc(old->n ? old->n : 1, sizeof(*used));
	d->e = calloc(cur->n, sizeof(*d->e));
	if (!rank || !used || !d->e)
		goto nomem;
	d->cap = cur->n;
	/* The old rows by key: slot holds index + 1, 0 when free. */
	for (mask = 1; mask < 2 * old->n; mask <<= 1)
		;
	slot = calloc(mask, sizeof(*slot));
	if (!slot)
		goto nomem;
	mask--;
	for (k = 0; k < old->n; k++) {
		size_t h = key_hash(old->id, &old->e[k]) & mask;

		while (slot[h])
			h = (h + 1) & mask;
		slot[h] = k + 1;
	}
	for (i = 0; i < cur->n; i++) {
		struct view_entry e;

		memcpy(&e, &cur->e[i], sizeof(e));
		if (e.dev && row_dev_values(cur->id)) {
			e.dev = malloc(sizeof(*e.dev));
			if (!e.dev)
				goto nomem;
			*e.dev = *cur->e[i].dev;
		} else if (e.hist) {
			e.hist = malloc(sizeof(*e.hist));
			if (!e.hist)
				goto nomem;
			*e.hist = *cur->e[i].hist;
		}
		/* The same row before, each old row matched once. */
		k = old->n;
		for (size_t h = key_hash(cur->id, &e) & mask; slot[h];
		     h = (h + 1) & mask) {
			size_t j = slot[h] - 1;

			if (!used[j] && same_row(cur->id, &e, &old->e[j])) {
				k = j;
				break;
			}
		}
		if (k < old->n) {
			used[k] = true;
			row_minus(cur->id, &e, &old->e[k]);
		}
		if (!row_moved(cur->id, &e)) {
			free(e.hist);
			continue;
		}
		rank[d->n].change = view_entry_change(cur->id, &e);
		rank[d->n].pos = d->n;
		d->e[d->n++] = e;
	}
	qsort(rank, d->n, sizeof(*rank), by_change);
	/* Into that order: the rows were appended as ranked's pos. */
	{
		struct view_entry *sorted = calloc(d->n ? d->n : 1,
						   sizeof(*sorted));

		if (!sorted)
			goto nomem;
		for (i = 0; i < d->n; i++)
			sorted[i] = d->e[rank[i].pos];
		free(d->e);
		d->e = sorted;
		d->cap = d->n ? d->n : 1;
	}
	free(rank);
	free(used);
	free(slot);
	return 0;
nomem:
	free(rank);
	free(used);
	free(slot);
	view_free(d);
	return -1;
}

/* @d += @old, counter by counter: @d a row, @old the same row earlier. */
static void row_plus(uint32_t view, struct view_entry *d,
		     const struct view_entry *old)
{
	uint64_t *dv[N_COUNTERS], *ov[N_COUNTERS];
	unsigned int i, n = row_counters(view, d, dv);

	if (row_counters(view, old, ov) != n)
		return;
	for (i = 0; i < n; i++)
		*dv[i] += *ov[i];
	if (!row_dev_values(view) && d->hist && old->hist) {
		d->hist->count += old->hist->count;
		d->hist->sum += old->hist->sum;
		for (i = 0; i < TPSTAT_HIST_BUCKETS; i++)
			d->hist->bucket[i] += old->hist->bucket[i];
	}
}

/* @e with its own copy of what it points at (DEVICES' values, a hist). */
static int row_copy(uint32_t view, struct view_entry *d,
		    const struct view_entry *e)
{
	*d = *e;
	if (e->dev && row_dev_values(view)) {
		d->dev = malloc(sizeof(*d->dev));
		if (!d->dev)
			return -1;
		*d->dev = *e->dev;
	} else if (e->hist) {
		d->hist = malloc(sizeof(*d->hist));
		if (!d->hist)
			return -1;
		*d->hist = *e->hist;
	}
	return 0;
}

int view_add(struct view *acc, const struct view *v)
{
	acc->overflow += v->overflow;
	for (size_t i = 0; i < v->n; i++) {
		struct view_entry e;
		size_t k;

		for (k = 0; k < acc->n; k++)
			if (same_row(v->id, &acc->e[k], &v->e[i]))
				break;
		if (k == acc->n && acc->n == acc->cap) {
			size_t cap = acc->cap ? 2 * acc->cap : 16;
			struct view_entry *grown;

			grown = realloc(acc->e, cap * sizeof(*grown));
			if (!grown)
				return -1;
			acc->e = grown;
			acc->cap = cap;
		}
		/* The later row's figures of its last event, the sum's counts. */
		if (row_copy(v->id, &e, &v->e[i])) {
			free(e.hist);
			return -1;
		}
		if (k < acc->n) {
			row_plus(v->id, &e, &acc->e[k]);
			free(acc->e[k].hist);
		} else {
			acc->n++;
		}
		acc->e[k] = e;
	}
	return 0;
}
