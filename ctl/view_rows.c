// SPDX-License-Identifier: GPL-2.0
/*
 * What the views do to their rows alike: starting, interning their
 * strings, freeing them, and summing rows that differ in their family
 * alone.  A leaf the views/<name>.c files
 * call; it knows no view.
 */
#include <stdlib.h>
#include <string.h>

#include "view_rows.h"

void view_free(struct view *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->e[i].hist);
	free(v->e);
	v->e = NULL;
	v->n = v->cap = 0;
}

/* qsort() has no context: the key order of the rows being sorted. */
static view_key_cmp_fn sort_key;

static int same_key_qsort(const void *a, const void *b)
{
	return sort_key(a, b);
}

static int by_count_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c;

	if (a->count != b->count)
		return a->count < b->count ? 1 : -1;
	c = sort_key(a, b);
	if (!c && a->family != b->family)
		c = a->family < b->family ? -1 : 1;
	return c;
}

void view_sort_by_count(struct view *v, view_key_cmp_fn key_cmp)
{
	sort_key = key_cmp;
	if (v->n)
		qsort(v->e, v->n, sizeof(*v->e), by_count_qsort);
}

void view_fold_families(struct view *v, view_key_cmp_fn key_cmp,
			void (*merge)(struct view_entry *row,
				      const struct view_entry *e))
{
	size_t out = 0;

	if (!v->n)
		return;
	sort_key = key_cmp;
	qsort(v->e, v->n, sizeof(*v->e), same_key_qsort);
	for (size_t i = 0; i < v->n; i++) {
		struct view_entry *row = &v->e[out], *e = &v->e[i];

		if (i && !key_cmp(row, e)) {
			merge(row, e);
			free(e->hist);
			continue;
		}
		if (i)
			row = &v->e[++out];
		if (row != e)
			*row = *e;
		row->family = 0;
	}
	v->n = out + 1;
	view_sort_by_count(v, key_cmp);
}

void view_rows_permute(struct view_entry *e, size_t n,
		       const struct view_entry **order)
{
	for (size_t k = 0; k < n; k++) {
		struct view_entry first;
		size_t at = k, from;

		if (order[k] == &e[k])
			continue;
		/* Follow the cycle from k: each place takes its row. */
		first = e[k];
		for (;;) {
			from = (size_t)(order[at] - e);
			order[at] = &e[at];
			if (from == k)
				break;
			e[at] = e[from];
			at = from;
		}
		e[at] = first;
	}
}

const struct dev_counters *dev_of(const struct view_entry *e)
{
	static const struct dev_counters none;

	return e->dev ? e->dev : &none;
}

void row_init(struct view_entry *e)
{
	*e = (struct view_entry){ .ifname = "", .reason_name = "",
				  .location = "" };
}

/*
 * The interned strings: an open-addressing set of pointers into
 * chunks that are never freed.  A dump repeats a few names (devices,
 * reasons, locations, tasks) over thousands of rows; each is stored
 * once, whatever the number of reads (tpstat VIEW -i).
 */
static struct {
	const char **slot;
	size_t mask, used;
	char *chunk;
	size_t left;
} pool;

static uint64_t str_hash(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

static bool pool_grow(void)
{
	size_t cap = pool.mask ? 2 * (pool.mask + 1) : 256;
	const char **slot = calloc(cap, sizeof(*slot));

	if (!slot)
		return false;
	for (size_t i = 0; pool.mask && i <= pool.mask; i++) {
		size_t h;

		if (!pool.slot[i])
			continue;
		h = str_hash(pool.slot[i], strlen(pool.slot[i])) & (cap - 1);
		while (slot[h])
			h = (h + 1) & (cap - 1);
		slot[h] = pool.slot[i];
	}
	free(pool.slot);
	pool.slot = slot;
	pool.mask = cap - 1;
	return true;
}

const char *row_intern(const char *s, size_t max)
{
	size_t n = strnlen(s, max ? max - 1 : 0), h;
	char *copy;

	if (!n)
		return "";
	if (2 * (pool.used + 1) > pool.mask + 1 && !pool_grow())
		return NULL;
	for (h = str_hash(s, n) & pool.mask; pool.slot[h];
	     h = (h + 1) & pool.mask)
		if (!strncmp(pool.slot[h], s, n) && !pool.slot[h][n])
			return pool.slot[h];
	if (pool.left < n + 1) {
		size_t size = n + 1 > 4096 ? n + 1 : 4096;

		pool.chunk = malloc(size);
		if (!pool.chunk) {
			pool.left = 0;
			return NULL;
		}
		pool.left = size;
	}
	copy = pool.chunk;
	memcpy(copy, s, n);
	copy[n] = '\0';
	pool.chunk += n + 1;
	pool.left -= n + 1;
	pool.slot[h] = copy;
	pool.used++;
	return copy;
}
