// SPDX-License-Identifier: GPL-2.0
/*
 * The STATES view (tpstat states): TCP state transitions counted per
 * old and new state, and the opens the module counts beside them.
 */
#include "../json.h"
#include "../view_sort.h"
#include "../views.h"

/* By old state, then new: the order of a connection's life. */
static int states_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(a->old_state, b->old_state);

	return c ? c : cmp_u64(a->new_state, b->new_state);
}

VIEW_SORT(states_sort, states_qsort)

/* COUNT first, as the other tables; the opens after the table. */
static void states_text(FILE *f, const struct view_print *p)
{
	const struct view *v = p->v;
	char old[16], new[16], cnt[COUNT_MAX];

	if (!p->no_header)
		fprintf(f, "%8s  %-14s    %s\n", "COUNT", "FROM", "TO");
	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		fprintf(f, "%8s  %-14s -> %s\n",
			count_text(e->count, p->human, cnt, sizeof(cnt)),
			view_state_text(e->old_state, old, sizeof(old)),
			view_state_text(e->new_state, new, sizeof(new)));
	}
	fprintf(f, "active opens   %llu\npassive opens  %llu\nfailed opens   %llu\n",
		(unsigned long long)v->opens_active,
		(unsigned long long)v->opens_passive,
		(unsigned long long)v->opens_failed);
}

static void states_json_head(struct json *j, const struct view_print *p)
{
	json_field_u64(j, "active_opens", p->v->opens_active);
	json_field_u64(j, "passive_opens", p->v->opens_passive);
	json_field_u64(j, "failed_opens", p->v->opens_failed);
}

static void states_json_entry(struct json *j, const struct view_print *p,
			      size_t i)
{
	const struct view_entry *e = &p->v->e[i];

	json_object_open(j);
	view_json_state(j, "old_state", e->has_old_state, e->old_state);
	view_json_state(j, "new_state", e->has_new_state, e->new_state);
	json_field_u64(j, "count", e->count);
	json_object_close(j);
}

static const struct view_field states_fields[] = {
	{ "count", fld_count }, { "from", fld_old_state },
	{ "to", fld_state }, { NULL, NULL },
};

const struct view_ops states_view_ops = {
	VIEW_OPS_NAMED(STATES, states),
	.usage =
		"tpstat states [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    TCP state transitions, old -> new (as tcpstates), and active,\n"
		"    passive and failed opens",
	.list_key = "transitions",
	.sort = states_sort,
	.no_history = true,
	.json_head = states_json_head,
};
