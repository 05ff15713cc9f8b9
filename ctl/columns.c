// SPDX-License-Identifier: GPL-2.0
/*
 * Tables written one call per column (columns.h).  Two spaces between
 * columns, or col_join()'s text; the last one, left-aligned, is not padded, so a line ends
 * with its text.
 */
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "json.h"

void col_text(struct columns *c, const char *head, int width,
	      const char *text)
{
	unsigned int i = c->col;
	const char *join = c->join;
	int w, n;

	if (!head)		/* a JSON member alone */
		return;
	c->col++;
	c->join = NULL;
	if (i >= COLUMNS_MAX) {
		/* A view with more columns than the table holds: a bug. */
		fprintf(stderr, "tpstat: a table of more than %d columns\n",
			COLUMNS_MAX);
		abort();
	}
	switch (c->mode) {
	case COLUMNS_HEAD:
		if (c->f) {		/* the heads' line */
			text = head;
			break;
		}
		n = strlen(head);
		w = abs(width) > n ? abs(width) : n;
		c->width[i] = width < 0 ? -w : w;
		c->cols = c->col;
		return;
	case COLUMNS_MEASURE:
		n = strlen(text);
		if (n > abs(c->width[i]))
			c->width[i] = c->width[i] < 0 ? -n : n;
		return;
	case COLUMNS_TEXT:
	case COLUMNS_JSON:	/* not called */
		break;
	}
	if (!i)
		;
	else if (!join)
		fputs("  ", c->f);
	else if (c->mode == COLUMNS_HEAD)
		fprintf(c->f, "%*s", (int)strlen(join), "");
	else
		fputs(join, c->f);
	if (i + 1 == c->cols && c->width[i] < 0)
		fprintf(c->f, "%s\n", text);
	else
		fprintf(c->f, "%*s%s", c->width[i], text,
			i + 1 == c->cols ? "\n" : "");
}

/* One pass of @row over @n rows (one made-up row for the heads). */
static void columns_pass(struct columns *c, size_t n, columns_row_fn row,
			 const void *arg)
{
	for (size_t i = 0; i < n; i++) {
		c->col = 0;
		row(c, arg, i);
	}
}

void columns_text(FILE *f, bool no_header, size_t n, columns_row_fn row,
		  const void *arg)
{
	struct columns c = { .mode = COLUMNS_HEAD };

	/*
	 * The heads are known before the widths are: they are measured in
	 * the first pass, and printed once the rows have been.
	 */
	columns_pass(&c, 1, row, arg);
	c.mode = COLUMNS_MEASURE;
	columns_pass(&c, n, row, arg);
	c.f = f;
	if (!no_header) {
		c.mode = COLUMNS_HEAD;
		columns_pass(&c, 1, row, arg);
	}
	c.mode = COLUMNS_TEXT;
	columns_pass(&c, n, row, arg);
}

void columns_json(struct json *j, columns_row_fn row, const void *arg,
		  size_t i)
{
	struct columns c = { .mode = COLUMNS_JSON, .j = j };

	json_object_open(j);
	row(&c, arg, i);
	json_object_close(j);
}
