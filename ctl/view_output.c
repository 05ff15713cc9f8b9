// SPDX-License-Identifier: GPL-2.0
/*
 * Printing a view as text or JSON: the figures every view has, around
 * what its ops print.  No netlink, unit-tested on the host.
 */
#include "json.h"
#include "output.h"
#include "views.h"

static void print_json(FILE *f, const struct out_opts *o,
		       const struct view_ops *ops, const struct view_print *p)
{
	const struct view *v = p->v;
	struct json j;

	json_init(&j, f, o->pretty);
	json_object_open(&j);
	json_key(&j, "schema_version");
	json_u64(&j, JSON_SCHEMA_VERSION);
	json_key(&j, "view");
	json_string(&j, view_name(v->id));
	if (ops && ops->json_by) {
		json_key(&j, "by");
		json_string(&j, ops->json_by(p));
	}
	json_key(&j, "overflow");
	json_u64(&j, v->overflow);
	json_key(&j, "entries");
	json_u64(&j, v->entries);
	json_key(&j, "capacity");
	json_u64(&j, v->capacity);
	if (ops && ops->json_head)
		ops->json_head(&j, p);
	json_key(&j, ops ? ops->list_key : "entries_list");
	json_array_open(&j);
	for (size_t i = 0; ops && i < v->n; i++)
		ops->json_entry(&j, p, i);
	json_array_close(&j);
	json_object_close(&j);
	json_end(&j);
}

void print_view(FILE *f, const struct out_opts *o, const struct view *v,
		enum drop_by by, const char *hist_only)
{
	const struct view_ops *ops = view_ops(v->id);
	const struct view_print p = {
		.v = v, .by = by, .hist_only = hist_only,
	};

	if (o->json) {
		print_json(f, o, ops, &p);
		return;
	}
	if (ops)
		ops->text(f, &p);
	fprintf(f, "overflow: %llu lost updates (table %u/%u)\n",
		(unsigned long long)v->overflow, v->entries, v->capacity);
}
