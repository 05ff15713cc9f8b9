// SPDX-License-Identifier: GPL-2.0
/*
 * What a view's rows did between two reads: "tpstat VIEW -i SECONDS".
 * Each row's values become their change since the previous read; rows
 * that did not move go, and the others sort by change, biggest first.
 * A row whose counts went down was reset (tpstat reset) or evicted and
 * counted again: its values as read are its change, as nstat does for
 * a counter.  No netlink, unit-tested on the host.
 */
#include <stdlib.h>
#include <string.h>

#include "views.h"

/*
 * @e's key: the entry without its values, nor the figures a row keeps
 * of its last event (RCVQ's RCVBUF, RETRANS's last state), which move
 * without making another row.
 */
static void key_of(uint32_t view, const struct view_entry *e,
		   struct view_entry *k)
{
	memcpy(k, e, sizeof(*k));	/* padding too: rows compare by memcmp() */
	k->count = 0;
	k->retrans = k->synack_retrans = 0;
	k->rst_sent = k->rst_received = 0;
	k->tx_packets = k->tx_bytes = k->rx_packets = k->rx_bytes = 0;
	k->xmit_errors = k->xmit_timeouts = k->gro = 0;
	k->napi_polls = k->napi_work = k->napi_budget_exhausted = 0;
	k->rcvbuf = 0;
	k->has_rcvbuf = false;
	if (view == TPSTAT_VIEW_RETRANS) {
		k->old_state = k->new_state = 0;
		k->has_old_state = k->has_new_state = false;
	}
	k->hist = NULL;
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

/* The counters of a row, in one list: what a change is computed over. */
#define ROW_COUNTERS(e) \
	&(e)->count, &(e)->retrans, &(e)->synack_retrans, &(e)->rst_sent, \
	&(e)->rst_received, &(e)->tx_packets, &(e)->tx_bytes, \
	&(e)->rx_packets, &(e)->rx_bytes, &(e)->xmit_errors, \
	&(e)->xmit_timeouts, &(e)->gro, &(e)->napi_polls, &(e)->napi_work, \
	&(e)->napi_budget_exhausted
#define N_COUNTERS 15

uint64_t view_entry_change(const struct view_entry *e)
{
	return e->count + e->retrans + e->synack_retrans + e->rst_sent +
	       e->rst_received + e->tx_packets + e->rx_packets +
	       e->xmit_errors + e->xmit_timeouts +
	       (e->hist ? e->hist->count : 0);
}

/*
 * @d = @cur - @old, field by field; false (and @d as @cur) when any
 * went down: the row was reset or evicted and counted again.
 */
static bool row_minus(struct view_entry *d, const struct view_entry *old)
{
	uint64_t *dv[N_COUNTERS] = { ROW_COUNTERS(d) };
	const uint64_t *ov[N_COUNTERS] = { ROW_COUNTERS(old) };
	unsigned int i;

	for (i = 0; i < N_COUNTERS; i++)
		if (*dv[i] < *ov[i])
			return false;
	if (d->hist && old->hist) {
		if (d->hist->count < old->hist->count ||
		    d->hist->sum < old->hist->sum)
			return false;
		for (i = 0; i < TPSTAT_HIST_BUCKETS; i++)
			if (d->hist->bucket[i] < old->hist->bucket[i])
				return false;
	}
	for (i = 0; i < N_COUNTERS; i++)
		*dv[i] -= *ov[i];
	if (d->hist && old->hist) {
		d->hist->count -= old->hist->count;
		d->hist->sum -= old->hist->sum;
		for (i = 0; i < TPSTAT_HIST_BUCKETS; i++)
			d->hist->bucket[i] -= old->hist->bucket[i];
	}
	return true;
}

static bool row_moved(const struct view_entry *e)
{
	const uint64_t *v[N_COUNTERS] = { ROW_COUNTERS(e) };

	for (unsigned int i = 0; i < N_COUNTERS; i++)
		if (*v[i])
			return true;
	return e->hist && e->hist->count;
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
		if (e.hist) {
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
			row_minus(&e, &old->e[k]);
		}
		if (!row_moved(&e)) {
			free(e.hist);
			continue;
		}
		rank[d->n].change = view_entry_change(&e);
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
