// SPDX-License-Identifier: GPL-2.0
/* A growing array of rows (rows.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"

static void *enough(void *p)
{
	if (!p) {
		fprintf(stderr, "tpstat: out of memory\n");
		exit(1);
	}
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	return enough(calloc(n ? n : 1, size));
}

void *rows_add(struct rows *r)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 64;
		void *v = enough(realloc(r->v, cap * r->size));

		r->v = v;
		r->cap = cap;
	}
	return memset((char *)r->v + r->n++ * r->size, 0, r->size);
}
