// SPDX-License-Identifier: GPL-2.0
/*
 * What the views do to their rows alike: freeing them, and summing rows
 * that differ in their family alone.  A leaf the view_<name>.c files
 * call; it knows no view.
 */
#include <stdlib.h>

#include "view_rows.h"

void view_free(struct view *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->e[i].hist);
	free(v->e);
	v->e = NULL;
	v->n = v->cap = 0;
}

void view_fold_families(struct view *v, int (*same)(const void *, const void *),
			void (*merge)(struct view_entry *row,
				      const struct view_entry *e),
			int (*order)(const void *, const void *))
{
	size_t out = 0;

	if (!v->n)
		return;
	qsort(v->e, v->n, sizeof(*v->e), same);
	for (size_t i = 0; i < v->n; i++) {
		struct view_entry *row = &v->e[out], *e = &v->e[i];

		if (i && !same(row, e)) {
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
	qsort(v->e, v->n, sizeof(*v->e), order);
}
