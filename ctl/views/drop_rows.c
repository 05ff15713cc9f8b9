// SPDX-License-Identifier: GPL-2.0
/*
 * What the DROPS view (drops.c) and the TRAPS view (traps.c) share, as
 * drops --by trap reads and prints the traps view's rows: the --by
 * dimensions, the rows summed and ordered per dimension, the text and
 * JSON writers and the --sort fields (drop_rows.h).
 */
#include <stdlib.h>
#include <string.h>

#include "../array.h"
#include "../escape.h"
#include "../json.h"
#include "../netns.h"
#include "../views.h"
#include "drop_rows.h"

#define NUM_MAX 24	/* a u64 in decimal */

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

/* The column a row's key prints in, as --by chose it. */
static const char *const by_columns[] = {
	[BY_DEFAULT] = "LOCATION", [BY_REASON] = "REASON",
	[BY_LOCATION] = "LOCATION", [BY_DEV] = "DEVICE", [BY_NETNS] = "NETNS",
	[BY_TRAP] = "TRAP",
};

/* COUNT and the key, as the other tables: a header, then a row each. */
void drops_text(FILE *f, const struct view_print *p)
{
	const struct view *v = p->v;
	enum drop_by by = drop_by_of(v, p->by);
	char buf[VIEW_TEXT_MAX], ns[NUM_MAX], cnt[COUNT_MAX];
	char t1[ESC_SIZE(ROW_LOCATION_MAX)];
	char t2[ESC_SIZE(ROW_NAME_MAX)];
	char t3[ESC_SIZE(ROW_NAME_MAX)];
	int wd = 6, n;

	for (size_t i = 0; by == BY_DEV && i < v->n; i++) {
		n = strlen(view_dev_text(&v->e[i], buf, sizeof(buf)));
		wd = n > wd ? n : wd;
	}
	if (!p->no_header) {
		fprintf(f, "%8s  ", "COUNT");
		if (by == BY_DEV)
			fprintf(f, "%-*s  NETNS\n", wd, "DEVICE");
		else if (by == BY_TRAP)
			fprintf(f, "TRAP (GROUP) DEVICE\n");
		else
			fprintf(f, "%s\n", by_columns[by]);
	}
	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		fprintf(f, "%8s  ", count_text(e->count, p->human, cnt,
					       sizeof(cnt)));
		switch (by) {
		case BY_REASON:
			fprintf(f, "%s\n",
				view_reason_text(e, buf, sizeof(buf)));
			break;
		case BY_DEV:
			fprintf(f, "%-*s  %s\n", wd,
				view_dev_text(e, buf, sizeof(buf)),
				netns_text(e->netns, ns, sizeof(ns)));
			break;
		case BY_NETNS:
			fprintf(f, "%s\n", netns_text(e->netns, ns, sizeof(ns)));
			break;
		case BY_TRAP:
			fprintf(f, "%s (%s) %s\n",
				esc(e->trap, t1, sizeof(t1)),
				esc(e->trap_group, t2, sizeof(t2)),
				esc(e->devlink, t3, sizeof(t3)));
			break;
		default:
			fprintf(f, "%s\n", e->location[0] ?
				esc(e->location, t1, sizeof(t1)) : "-");
			break;
		}
	}
	if (by == BY_REASON)
		not_losses_text(f, v);
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

void drops_json_entry(struct json *j, const struct view_print *p, size_t i)
{
	const struct view_entry *e = &p->v->e[i];

	json_object_open(j);
	switch (drop_by_of(p->v, p->by)) {
	case BY_REASON:
		view_json_reason(j, e);
		/* null: a drop without a reason's name says nothing. */
		json_key(j, "loss");
		if (e->has_reason_name)
			json_bool(j, !drop_not_loss(e));
		else
			json_null(j);
		break;
	case BY_DEV:
		view_json_dev(j, e);
		break;
	case BY_NETNS:
		entry_netns_json(j, e);
		break;
	case BY_TRAP:
		json_key(j, "devlink");
		json_string(j, e->devlink);
		json_key(j, "trap");
		json_string(j, e->trap);
		json_key(j, "trap_group");
		json_string(j, e->trap_group);
		break;
	default:
		json_key(j, "location");
		json_string(j, e->location);
		break;
	}
	json_field_u64(j, "count", e->count);
	json_object_close(j);
}
