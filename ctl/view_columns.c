// SPDX-License-Identifier: GPL-2.0
/*
 * The columns more than one view's row writes (view_columns.h).
 */
#include "hist.h"
#include "names.h"
#include "netns.h"
#include "view_columns.h"
#include "views.h"

void view_col_count(struct columns *c, const struct view_print *p,
		    const char *head, const char *key, uint64_t count)
{
	char buf[COUNT_MAX];

	/* JSON has no use for the text: not written for it. */
	col_u64(c, head, 8, col_json(c) ? NULL :
		count_text(count, p->human, buf, sizeof(buf)), key, true, count);
}

void view_col_netns(struct columns *c, const struct view_entry *e,
		    int width)
{
	char buf[24];

	if (col_json(c))
		entry_netns_json(col_json(c), e);
	else
		col_str(c, "NETNS", width,
			netns_text(e->netns, buf, sizeof(buf)), NULL, NULL);
}

void view_col_state_keys(struct columns *c, const char *head, int width,
			 const char *key, const char *code_key, bool has,
			 unsigned int state)
{
	char buf[16];

	if (col_json(c))
		view_json_state_keys(col_json(c), key, code_key, has, state);
	else
		col_str(c, head, width, view_state_text(state, buf, sizeof(buf)),
			NULL, NULL);
}

void view_col_proto(struct columns *c, const struct view_entry *e)
{
	char buf[24], name[24];

	col_plain(c, "PROTO", -5, view_proto_text_column(e, buf, sizeof(buf)),
		"protocol", view_proto_text(e, name, sizeof(name)));
	col_plain(c, NULL, 0, NULL, "family", view_family_name(e));
}

void view_col_sport(struct columns *c, const struct view_entry *e,
		    const char *head)
{
	char buf[8];

	col_u64(c, head, 5, view_sport_text(e, buf, sizeof(buf)), "port",
		e->has_sport, e->sport);
}

void view_field_netns(struct fields *w, const char *label,
		      const struct view_entry *e)
{
	char buf[24];

	if (field_json(w))
		entry_netns_json(field_json(w), e);
	else
		field_str(w, label, netns_text(e->netns, buf, sizeof(buf)),
			  NULL, NULL);
}

void view_field_mean(struct fields *w, const struct hist *h,
		     const char *unit)
{
	if (field_json(w))
		json_mean(field_json(w), h);
	else if (h->count)
		fprintf(field_file(w), ", mean %.1f %s", hist_mean(h), unit);
}

void view_field_quantiles(struct fields *w, const struct hist *h,
			  const char *unit)
{
	if (field_json(w))
		hist_quantiles_json(field_json(w), h);
	else
		hist_quantiles_print(field_file(w), h, unit);
}

void view_field_hist(struct fields *w, const struct hist *h,
		     const char *unit)
{
	if (field_json(w))
		hist_json(field_json(w), h);
	else
		hist_print(field_file(w), h, unit);
}
