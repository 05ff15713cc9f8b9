/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A record written one call per field, as iproute2's print_*() with
 * PRINT_ANY, for a view whose text is not a table (ip -s link's blocks,
 * a histogram's bars): each call gives a field's text, after its own
 * label and spacing, and its JSON member side by side.  The record's
 * text is its calls' texts in order.  A field is spelled once.  Tables
 * have columns.h.
 */
#ifndef TPSTAT_FIELDS_H
#define TPSTAT_FIELDS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "json.h"

/* One of the two is set: the record is written as text or as JSON. */
struct fields {
	FILE *f;
	struct json *j;
};

/* The JSON writer while @w writes JSON, else NULL (a field's helper). */
static inline struct json *field_json(const struct fields *w)
{
	return w->j;
}

/* The text stream while @w writes text, else NULL (a field's helper). */
static inline FILE *field_file(const struct fields *w)
{
	return w->f;
}

/* Text alone: a line's lead, its end. */
static inline void field_text(struct fields *w, const char *text)
{
	if (w->f)
		fputs(text, w->f);
}

static inline void field_label(struct fields *w, const char *label,
			       const char *text)
{
	if (label)
		fputs(label, w->f);
	if (text)
		fputs(text, w->f);
}

/*
 * @label then @text (either NULL: none); with @key, the JSON member
 * @key: @json, null if @json is NULL.  @text may be NULL while @w
 * writes JSON, which has no use for it.
 */
static inline void field_str(struct fields *w, const char *label,
			     const char *text, const char *key,
			     const char *json)
{
	if (w->f)
		field_label(w, label, text);
	else if (key)
		json_opt_str(w->j, key, json, json);
}

/* As field_str(), @json a string no byte of which needs an escape. */
static inline void field_plain(struct fields *w, const char *label,
			       const char *text, const char *key,
			       const char *json)
{
	if (w->f)
		field_label(w, label, text);
	else if (key)
		json_opt_plain(w->j, key, json, json);
}

/* As field_str(), the JSON member a number: @value, or null unless @has. */
static inline void field_u64(struct fields *w, const char *label,
			     const char *text, const char *key, bool has,
			     uint64_t value)
{
	if (w->f)
		field_label(w, label, text);
	else if (key)
		json_opt_u64(w->j, key, has, value);
}

#endif
