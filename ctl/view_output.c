// SPDX-License-Identifier: GPL-2.0
/*
 * Printing a view as text or JSON: the figures every view has, around
 * what its ops print.  No netlink, unit-tested on the host.
 */
#include "columns.h"
#include "fields.h"
#include "json.h"
#include "output.h"
#include "views.h"

/* What a table's row function needs of the view (columns_row_fn's @arg). */
struct view_table {
	const struct view_ops *ops;
	const struct view_print *p;
};

static void table_row(struct columns *c, const void *arg, size_t i)
{
	static const struct view_entry zero;
	const struct view_table *t = arg;

	t->ops->row(c, t->p, c->mode == COLUMNS_HEAD ? &zero : &t->p->v->e[i]);
}

void view_rows_text(const struct view_ops *ops, FILE *f,
		    const struct view_print *p)
{
	const struct view_table t = { ops, p };
	struct fields w = { .f = f };

	if (ops->row)
		columns_text(f, p->no_header, p->v->n, table_row, &t);
	else
		for (size_t i = 0; i < p->v->n; i++)
			if (!ops->shows || ops->shows(p, &p->v->e[i]))
				ops->record(&w, p, &p->v->e[i]);
	if (ops->summary)
		ops->summary(&w, p);
}

void view_row_json(const struct view_ops *ops, struct json *j,
		   const struct view_print *p, size_t i)
{
	const struct view_table t = { ops, p };
	struct fields w = { .j = j };

	if (ops->row) {
		columns_json(j, table_row, &t, i);
		return;
	}
	if (ops->shows && !ops->shows(p, &p->v->e[i]))
		return;
	json_object_open(j);
	ops->record(&w, p, &p->v->e[i]);
	json_object_close(j);
}

static void print_json(FILE *f, const struct out_opts *o,
		       const struct view_ops *ops, const struct view_print *p,
		       const struct view_interval *iv)
{
	const struct view *v = p->v;
	struct json j;

	/* Intervals are a stream of records: one a line, whatever -p says. */
	json_init(&j, f, o->pretty && !iv);
	json_object_open(&j);
	json_key(&j, "schema_version");
	json_u64(&j, JSON_SCHEMA_VERSION);
	json_key(&j, "view");
	json_string(&j, view_name(v->id));
	if (iv) {
		json_key(&j, "time");
		json_string(&j, iv->time);
		json_key(&j, "elapsed_s");
		json_double(&j, iv->elapsed);
		json_key(&j, "interval_s");
		json_double(&j, iv->seconds);
	}
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
	if (ops && ops->summary)
		ops->summary(&(struct fields){ .j = &j }, p);
	json_key(&j, ops ? ops->list_key : "entries_list");
	json_array_open(&j);
	for (size_t i = 0; ops && i < v->n; i++)
		view_row_json(ops, &j, p, i);
	json_array_close(&j);
	json_object_close(&j);
	json_end(&j);
}

void print_view(FILE *f, const struct out_opts *o, const struct view *v,
		unsigned int by, const char *word)
{
	const struct view_ops *ops = view_ops(v->id);
	const struct view_print p = {
		.v = v, .by = by, .word = word,
		.human = o->human, .no_header = o->no_header,
	};

	if (o->json) {
		print_json(f, o, ops, &p, NULL);
		return;
	}
	if (ops)
		view_rows_text(ops, f, &p);
	fprintf(f, "overflow: %llu lost updates (table %u/%u)\n",
		(unsigned long long)v->overflow, v->entries, v->capacity);
}

void print_view_interval(FILE *f, const struct out_opts *o,
			 const struct view *v, unsigned int by,
			 const char *word, const struct view_interval *iv)
{
	const struct view_ops *ops = view_ops(v->id);
	const struct view_print p = {
		.v = v, .by = by, .word = word,
		.human = o->human, .no_header = o->no_header,
	};

	if (o->json) {
		print_json(f, o, ops, &p, iv);
	} else {
		/* Escapes for a terminal only: a pipe gets plain blocks. */
		if (o->tty)
			fputs("\033[H\033[2J", f);
		fprintf(f, "--- %s  %s: changes in %.1f s, biggest first\n",
			iv->time, view_name(v->id), iv->seconds);
		if (ops)
			view_rows_text(ops, f, &p);
		fprintf(f, "overflow: %llu lost updates in the interval (table %u/%u)\n",
			(unsigned long long)v->overflow, v->entries,
			v->capacity);
	}
	fflush(f);
}
