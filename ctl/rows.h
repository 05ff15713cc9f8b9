/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A growing array of rows: what every reply, file and recording is read
 * into.  The bottom of the tool: it includes nothing of the tool's.
 */
#ifndef TPSTAT_ROWS_H
#define TPSTAT_ROWS_H

#include <stddef.h>

/* A growing array of rows of @size bytes: @n used of @cap; free(@v). */
struct rows {
	void *v;
	size_t n, cap, size;
};

/*
 * A new row at the end of @r, zeroed.  Out of memory, the tool says so
 * and exits 1: a reply or file it cannot hold is no partial answer.
 */
void *rows_add(struct rows *r);
/* calloc() of at least one, or out of memory as rows_add(). */
void *xcalloc(size_t n, size_t size);

#endif
