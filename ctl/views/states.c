// SPDX-License-Identifier: GPL-2.0
/*
 * The STATES view (tpstat states): TCP state transitions counted per
 * old and new state, and the opens the module counts beside them.
 */
#include "../fields.h"
#include "../view_columns.h"
#include "../view_fmt.h"
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

/* COUNT FROM -> TO, as tcpstates shows a transition. */
static void states_row(struct columns *c, const struct view_print *p,
		       const struct view_entry *e)
{
	view_col_count(c, p, "COUNT", "count", e->count);
	view_col_state(c, "FROM", -14, "old_state", e->has_old_state,
		       e->old_state);
	col_join(c, " -> ");
	view_col_state(c, "TO", -1, "new_state", e->has_new_state,
		       e->new_state);
}

/* The opens, after the table: in decimal, as nstat counts them. */
static void states_opens(struct fields *w, const char *label,
			 const char *key, uint64_t opens)
{
	char num[COUNT_MAX];

	field_u64(w, label, field_json(w) ? NULL :
		  count_text(opens, false, num, sizeof(num)), key, true, opens);
	field_text(w, "\n");
}

static void states_summary(struct fields *w, const struct view_print *p)
{
	states_opens(w, "active opens   ", "active_opens", p->v->opens_active);
	states_opens(w, "passive opens  ", "passive_opens",
		     p->v->opens_passive);
	states_opens(w, "failed opens   ", "failed_opens", p->v->opens_failed);
}

static const struct view_field states_fields[] = {
	{ "count", fld_count }, { "from", fld_old_state },
	{ "to", fld_state }, { NULL, NULL },
};

const struct view_ops states_view_ops = {
	VIEW_OPS_TABLE(STATES, states),
	.usage =
		"tpstat states [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    TCP state transitions, old -> new (as tcpstates), and active,\n"
		"    passive and failed opens",
	.list_key = "transitions",
	.sort = states_sort,
	.no_history = true,
	.summary = states_summary,
};
