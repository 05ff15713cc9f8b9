// SPDX-License-Identifier: GPL-2.0
/* Printing the views intervals: see recording_views_output.h. */
#include <stdlib.h>

#include "json.h"
#include "recording_output.h"
#include "recording_views_output.h"
#include "when.h"

/* The intervals' length, what the ring dropped: what is known of both. */
static void heading(FILE *f, const struct view_recording *r)
{
	char span[WHEN_LEN];

	if (r->interval_s)
		fprintf(f, "views intervals of %s",
			when_span_text(r->interval_s * NS_PER_SEC, span,
				       sizeof(span)));
	if (r->lost)
		fprintf(f, "%sthe ring dropped %llu older views interval%s",
			r->interval_s ? "; " : "", (unsigned long long)r->lost,
			r->lost == 1 ? "" : "s");
	if (r->interval_s || r->lost)
		fputc('\n', f);
}

/*
 * "(12 more outside these 8 keys)": the rest, where known and not 0.
 * With selectors the rows are fewer than the keys, and the rest is the
 * whole view's: what of it the selectors would choose is not known.
 */
static void rest_line(FILE *f, const struct view_recording *r,
		      const struct vrec_interval *iv)
{
	if (!iv->has_rest || !iv->rest)
		return;
	if (r->selected)
		fprintf(f, "  (%llu more in the whole view outside the %zu key%s it kept, selected or not)\n",
			(unsigned long long)iv->rest, iv->keys,
			iv->keys == 1 ? "" : "s");
	else if (iv->keys == 1)
		fprintf(f, "  (%llu more outside this key)\n",
			(unsigned long long)iv->rest);
	else
		fprintf(f, "  (%llu more outside these %zu keys)\n",
			(unsigned long long)iv->rest, iv->keys);
}

void vrec_print_text(FILE *f, const struct view_recording *r,
		     const struct view_print *how, uint32_t view,
		     const char *where)
{
	size_t n = vrec_count(r);
	bool date = n && !when_same_day(vrec_at(r, 0)->start_ns,
					vrec_at(r, n - 1)->start_ns);

	heading(f, r);
	if (!n)
		fprintf(f, "no key of %s%s moved in %s\n", view_name(view),
			r->selected ? " that the selectors choose" : "",
			where);
	for (size_t i = 0; i < n; i++) {
		const struct vrec_interval *iv = vrec_at(r, i);
		const struct view_ops *ops = view_ops(iv->v.id);
		struct view_print p = *how;

		p.v = &iv->v;
		if (i)
			fputc('\n', f);
		rec_when_line(f, iv->start_ns, iv->duration_ns, iv->flags, date,
			      NULL);
		if (ops)
			view_rows_text(ops, f, &p);
		rest_line(f, r, iv);
	}
}

void vrec_print_json(FILE *f, const struct view_recording *r,
		     const struct view_print *how)
{
	/* 32 kB: not on the stack. */
	struct json *j = xcalloc(1, sizeof(*j));

	for (size_t i = 0; i < vrec_count(r); i++) {
		const struct vrec_interval *iv = vrec_at(r, i);
		const struct view_ops *ops = view_ops(iv->v.id);
		struct view_print p = *how;

		p.v = &iv->v;
		json_init(j, f, false);
		json_object_open(j);
		rec_json_when(j, iv->seq, iv->start_ns, iv->duration_ns,
			      iv->flags, r->lost);
		json_key(j, "view");
		json_plain(j, view_name(iv->v.id));
		json_key(j, "rows");
		json_array_open(j);
		for (size_t k = 0; ops && k < iv->v.n; k++)
			view_row_json(ops, j, &p, k);
		json_array_close(j);
		json_opt_u64(j, "rest", iv->has_rest, iv->rest);
		json_object_close(j);
		json_end(j);
	}
	free(j);
}
