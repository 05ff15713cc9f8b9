// SPDX-License-Identifier: GPL-2.0
/*
 * What the DROPS view (drops.c) and the TRAPS view (traps.c) share, as
 * drops --by trap reads and prints the traps view's rows: the --by
 * dimensions, the rows summed and ordered per dimension, the row's
 * columns and the --sort fields (drop_rows.h).
 */
#include <stdlib.h>
#include <string.h>

#include "../array.h"
#include "../escape.h"
#include "../fields.h"
#include "../json.h"
#include "../view_columns.h"
#include "../views.h"
#include "drop_rows.h"

static const char *const by_names[] = {
	[BY_DEFAULT] = "default", [BY_REASON] = "reason",
	[BY_LOCATION] = "location", [BY_DEV] = "dev", [BY_NETNS] = "netns",
	[BY_TRAP] = "trap",
};

const char *drop_by_name(enum drop_by by)
{
	return by <= BY_TRAP ? by_names[by] : "unknown";
}

int drop_by_parse(const char *s, unsigned int *by)
{
	for (int i = BY_REASON; i <= BY_TRAP; i++) {
		if (!strcmp(s, by_names[i])) {
			*by = i;
			return 0;
		}
	}
	return -1;
}

/* qsort() has no context: the dimension drops are compared by. */
static enum drop_by sort_by;

/* Whether two DROPS/TRAPS entries fall in the same row for sort_by. */
static int key_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = 0;

	switch (sort_by) {
	case BY_REASON:
		c = cmp_u64(a->has_reason, b->has_reason);
		if (!c)
			c = cmp_u64(a->reason, b->reason);
		break;
	case BY_LOCATION:
		c = strcmp(a->location, b->location);
		break;
	case BY_DEV:
		c = cmp_netns(a, b);
		if (!c)
			c = cmp_u64(a->ifindex, b->ifindex);
		if (!c)
			c = cmp_u64(a->has_ifname, b->has_ifname);
		if (!c)
			c = strcmp(a->ifname, b->ifname);
		break;
	case BY_NETNS:
		c = cmp_netns(a, b);
		break;
	case BY_TRAP:
	case BY_DEFAULT:
		c = strcmp(a->devlink, b->devlink);
		if (!c)
			c = strcmp(a->trap, b->trap);
		if (!c)
			c = strcmp(a->trap_group, b->trap_group);
		break;
	}
	return c;
}

static int key_qsort(const void *a, const void *b)
{
	return key_cmp(a, b);
}

/* The name a row is known by, for ties: "-" sorts before letters. */
static const char *row_name(const struct view_entry *e)
{
	switch (sort_by) {
	case BY_REASON:
		return !e->has_reason ? "-" :
		       e->has_reason_name ? e->reason_name : "?";
	case BY_LOCATION:
		return e->location;
	case BY_DEV:
		return e->has_ifname ? e->ifname : "";
	case BY_TRAP:
	case BY_DEFAULT:
		return e->trap;
	case BY_NETNS:
		break;
	}
	return "";
}

static int rank_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(b->count, a->count);

	if (!c)
		c = strcmp(row_name(a), row_name(b));
	return c ? c : key_cmp(a, b);
}

enum drop_by drop_by_of(const struct view *v, enum drop_by by)
{
	if (v->id == TPSTAT_VIEW_TRAPS)
		return BY_TRAP;
	return by == BY_DEFAULT || by == BY_TRAP ? BY_LOCATION : by;
}

int drops_aggregate(struct view *v, enum drop_by by, size_t top)
{
	size_t out = 0;

	sort_by = drop_by_of(v, by);
	if (v->n)
		qsort(v->e, v->n, sizeof(*v->e), key_qsort);
	for (size_t i = 0; i < v->n; i++) {
		struct view_entry *row = &v->e[out], *e = &v->e[i];

		if (i && !key_cmp(row, e)) {
			row->count += e->count;
			/* A name for a code one entry lacked. */
			if (!row->has_reason_name && e->has_reason_name) {
				row->reason_name = e->reason_name;
				row->has_reason_name = true;
			}
			free(e->hist);
			continue;
		}
		if (i)
			row = &v->e[++out];
		if (row != e)
			*row = *e;
	}
	if (v->n)
		v->n = out + 1;
	if (v->n)
		qsort(v->e, v->n, sizeof(*v->e), rank_qsort);
	if (top && top < v->n) {
		for (size_t i = top; i < v->n; i++)
			free(v->e[i].hist);
		v->n = top;
	}
	return 0;
}

/*
 * Frees the kernel makes on its ordinary paths, which users of dropwatch
 * and tcpdrop take for losses ("drops on my idle laptop"): a socket's
 * queue purged as it closes, and the catch-all of paths that name no
 * reason.  By name: the codes differ between kernels.
 */
static const struct {
	const char *reason, *why;
} not_losses[] = {
	{ "QUEUE_PURGE", "a socket's queue freed at its close" },
	{ "NOT_SPECIFIED", "frees on ordinary paths that name no reason" },
};

const char *drop_not_loss(const struct view_entry *e)
{
	for (size_t k = 0; e->has_reason_name && k < ARRAY_SIZE(not_losses); k++)
		if (!strcmp(e->reason_name, not_losses[k].reason))
			return not_losses[k].why;
	return NULL;
}

/* After the rows by reason: the ones that are no loss, and why. */
static void not_losses_text(FILE *f, const struct view *v)
{
	const char *sep = "not losses: ";
	char buf[ESC_SIZE(ROW_NAME_MAX)];

	for (size_t i = 0; i < v->n; i++) {
		const char *why = drop_not_loss(&v->e[i]);

		if (!why)
			continue;
		fprintf(f, "%s%s (%s)", sep,
			esc(v->e[i].reason_name, buf, sizeof(buf)), why);
		sep = ", ";
	}
	if (sep[0] == ',')
		fputc('\n', f);
}

/* --top is view_read()'s, after any --sort. */
int drops_arrange(struct view *v, const struct view_args *a)
{
	return drops_aggregate(v, a->by, 0);
}

/* A trap's column: "TRAP (GROUP) DEVICE"; its JSON members apart. */
static void trap_columns(struct columns *c, const struct view_entry *e)
{
	char t1[ESC_SIZE(ROW_NAME_MAX)], t2[ESC_SIZE(ROW_NAME_MAX)];
	char t3[ESC_SIZE(ROW_NAME_MAX)];
	char text[3 * ESC_SIZE(ROW_NAME_MAX) + 4] = "";

	/* Not in the heads' pass, whose zeroed row names no trap. */
	if (!col_json(c) && e->trap)
		snprintf(text, sizeof(text), "%s (%s) %s",
			 esc(e->trap, t1, sizeof(t1)),
			 esc(e->trap_group, t2, sizeof(t2)),
			 esc(e->devlink, t3, sizeof(t3)));
	col_str(c, "TRAP (GROUP) DEVICE", -1, text, NULL, NULL);
	col_str(c, NULL, 0, NULL, "devlink", e->devlink);
	col_str(c, NULL, 0, NULL, "trap", e->trap);
	col_str(c, NULL, 0, NULL, "trap_group", e->trap_group);
}

/* A reason's column; JSON's loss, null where the reason has no name. */
static void reason_columns(struct columns *c, const struct view_entry *e)
{
	struct json *j = col_json(c);
	char buf[VIEW_TEXT_MAX];

	if (!j) {
		col_str(c, "REASON", -1, view_reason_text(e, buf, sizeof(buf)),
			NULL, NULL);
		return;
	}
	view_json_reason(j, e);
	json_key(j, "loss");
	if (e->has_reason_name)
		json_bool(j, !drop_not_loss(e));
	else
		json_null(j);
}

/* COUNT and the key --by chose. */
void drops_row(struct columns *c, const struct view_print *p,
	       const struct view_entry *e)
{
	char buf[VIEW_TEXT_MAX], loc[ESC_SIZE(ROW_LOCATION_MAX)];

	view_col_count(c, p, "COUNT", "count", e->count);
	switch (drop_by_of(p->v, p->by)) {
	case BY_REASON:
		reason_columns(c, e);
		break;
	case BY_DEV:
		col_str(c, "DEVICE", -6, view_dev_text(e, buf, sizeof(buf)),
			"ifname", e->has_ifname ? e->ifname : NULL);
		col_u64(c, NULL, 0, NULL, "ifindex", true, e->ifindex);
		view_col_netns(c, e, -1);
		break;
	case BY_NETNS:
		view_col_netns(c, e, -1);
		break;
	case BY_TRAP:
		trap_columns(c, e);
		break;
	default:
		col_str(c, "LOCATION", -1, e->location && e->location[0] ?
			esc(e->location, loc, sizeof(loc)) : "-", "location",
			e->location);
		break;
	}
}

/* By reason, the text ends with the rows that are no loss, and why. */
void drops_summary(struct fields *w, const struct view_print *p)
{
	if (field_file(w) && drop_by_of(p->v, p->by) == BY_REASON)
		not_losses_text(field_file(w), p->v);
}

/* --sort name: the row's key as --by chose it, in byte order. */
static int fld_name(const struct view_entry *a, const struct view_entry *b)
{
	int c = strcmp(row_name(a), row_name(b));

	return c ? c : key_cmp(a, b);
}

const struct view_field drops_fields[] = {
	{ "count", fld_count }, { "name", fld_name }, { NULL, NULL },
};

const char *drops_json_by(const struct view_print *p)
{
	return drop_by_name(drop_by_of(p->v, p->by));
}
