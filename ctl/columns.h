/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A table written one call per column, as iproute2's print_*() with
 * PRINT_ANY: a row function's calls first give the text's columns their
 * heads and widths, then print them, or write the row's JSON members.
 * A column is spelled once, its text and its JSON side by side.
 */
#ifndef TPSTAT_COLUMNS_H
#define TPSTAT_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "json.h"

#define COLUMNS_MAX 12

struct columns {
	enum {
		COLUMNS_HEAD,		/* heads and least widths */
		COLUMNS_MEASURE,	/* widths from the rows' texts */
		COLUMNS_TEXT,		/* the rows, aligned */
		COLUMNS_JSON,		/* the row's JSON members */
	} mode;
	FILE *f;
	struct json *j;
	unsigned int col;		/* this row's next text column */
	unsigned int cols;		/* the table's text columns */
	const char *join;		/* leads the next text column */
	int width[COLUMNS_MAX];		/* negative: left-aligned */
};

/*
 * Row @i of @arg through @c's calls: every row the same text columns,
 * in the same order.  In the COLUMNS_HEAD pass @i is meaningless: the
 * row function writes a made-up row (a zeroed one), whose texts are not
 * measured.
 */
typedef void (*columns_row_fn)(struct columns *c, const void *arg, size_t i);

/* @n rows of @arg as aligned text, under a line of heads unless @no_header. */
void columns_text(FILE *f, bool no_header, size_t n, columns_row_fn row,
		  const void *arg);
/* Row @i of @arg as a JSON object. */
void columns_json(struct json *j, columns_row_fn row, const void *arg,
		  size_t i);

/* The text side of a column (NULL @head: none), as the pass @c is in. */
void col_text(struct columns *c, const char *head, int width,
	      const char *text);

/*
 * The next text column led by @join (" -> ") instead of two spaces; in
 * the heads' line by as many blanks.
 */
static inline void col_join(struct columns *c, const char *join)
{
	if (c->mode != COLUMNS_JSON)
		c->join = join;
}

/*
 * A text column @head showing @text, at least @width wide (negative:
 * left-aligned, as printf's "%-*s"), and with @key the JSON member
 * @key: @json, null if @json is NULL.  A NULL @head: the JSON member
 * alone; a NULL @key: the text column alone.  @text may be NULL while
 * @c writes JSON (col_json()), which has no use for it.  Inline: a
 * large view writes millions.
 */
static inline void col_str(struct columns *c, const char *head, int width,
			   const char *text, const char *key,
			   const char *json)
{
	if (c->mode != COLUMNS_JSON)
		col_text(c, head, width, text);
	else if (key)
		json_opt_str(c->j, key, json, json);
}

/*
 * As col_str(), @json written as it is: a string none of whose bytes
 * needs an escape (an address, a name from this tool's tables).
 */
static inline void col_plain(struct columns *c, const char *head, int width,
			     const char *text, const char *key,
			     const char *json)
{
	if (c->mode != COLUMNS_JSON)
		col_text(c, head, width, text);
	else if (key)
		json_opt_plain(c->j, key, json, json);
}

/* As col_str(), the JSON member a number: @value, or null unless @has. */
static inline void col_u64(struct columns *c, const char *head, int width,
			   const char *text, const char *key, bool has,
			   uint64_t value)
{
	if (c->mode != COLUMNS_JSON)
		col_text(c, head, width, text);
	else if (key)
		json_opt_u64(c->j, key, has, value);
}

/*
 * The JSON writer while @c writes JSON, else NULL: for the members of a
 * column that a helper writes.
 */
static inline struct json *col_json(const struct columns *c)
{
	return c->mode == COLUMNS_JSON ? c->j : NULL;
}

#endif
