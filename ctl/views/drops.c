// SPDX-License-Identifier: GPL-2.0
/*
 * The DROPS view (tpstat drops): dropped packets (skb:kfree_skb) summed
 * by reason, location, device or namespace; "--by trap" reads and shows
 * the TRAPS view (traps.c).  Its rows, text and JSON are drop_rows.c's.
 */
#include <string.h>

#include "../prom.h"
#include "../nl.h"
#include "../views.h"
#include "drop_rows.h"

/*
 * Without --by the view is by reason where the kernel has drop reasons,
 * else by location; --by trap reads the TRAPS view instead.
 */
void drops_default_by(struct view_args *a, uint32_t features)
{
	if (a->by == BY_DEFAULT)
		a->by = features & TPSTAT_F_DROP_REASON ? BY_REASON :
							   BY_LOCATION;
}

static int drops_prepare(struct tpnl *nl, struct view *v, struct view_args *a)
{
	uint32_t features = 0;
	int err;

	if (a->by == BY_TRAP) {
		v->id = TPSTAT_VIEW_TRAPS;
	} else if (a->by == BY_DEFAULT) {
		err = tpnl_features(nl, &features);
		if (err)
			return err;
		drops_default_by(a, features);
	}
	return 0;
}

static const struct prom_family fam_drop_reasons = {
	"tpstat_skb_drops_by_reason_total", "counter",
	"Packets dropped (skb:kfree_skb) per drop reason: reason is the kernel's name for it (empty if it gave none), code its number; lost to a full drops table they are not counted here",
};

void drops_export(struct prom *p, const struct view *v)
{
	for (size_t i = 0; v && i < v->n; i++) {
		const struct view_entry *e = &v->e[i];
		char code[12];
		const struct prom_label l[2] = {
			{ "reason", e->has_reason_name ? e->reason_name : "" },
			{ "code", code },
		};

		if (!e->has_reason)
			continue;
		snprintf(code, sizeof(code), "%u", e->reason);
		prom_sample(p, &fam_drop_reasons, "", l, 2, e->count);
	}
}

extern const struct view_ops drops_view_ops, traps_view_ops;

/* --by: reason, location, dev, netns or trap. */
static int drops_parse_by(const char *by, struct view_args *a, char *err,
			  size_t err_len)
{
	if (by && drop_by_parse(by, &a->by)) {
		snprintf(err, err_len,
			 "--by needs reason, location, dev, netns or trap, not '%.64s'",
			 by);
		return 2;
	}
	return 0;
}

/* drops --by trap reads and shows the TRAPS view. */
static const struct view_ops *drops_shown(const struct view_args *a)
{
	return a->by == BY_TRAP ? &traps_view_ops : &drops_view_ops;
}

/* Export: one sample per drop reason. */
static int drops_export_prepare(struct view *v)
{
	return drops_aggregate(v, BY_REASON, 0);
}

const struct view_ops drops_view_ops = {
	VIEW_OPS_TABLE(DROPS, drops),
	.summary = drops_summary,
	.usage =
		"tpstat drops [--by reason|location|dev|netns|trap] [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    dropped packets (skb:kfree_skb) summed by drop reason, by where they\n"
		"    were freed (as dropwatch), by device or by netns, most first; the\n"
		"    default is --by reason where the kernel has drop reasons (5.17+),\n"
		"    else --by location.  --by trap: hardware drops per devlink device\n"
		"    and trap (dropwatch's set hw true), the same as tpstat traps.\n"
		"    --top: only the N largest",
	.list_key = "drops",
	.selectors = SEL_BIT(SEL_DEV) | SEL_BIT(SEL_NETNS) | SEL_BIT(SEL_REASON),
	.prepare = drops_prepare,
	.arrange = drops_arrange,
	.json_by = drops_json_by,
	.parse_by = drops_parse_by,
	.by_words = "reason, location, dev, netns or trap",
	.shown = drops_shown,
	.old_dash_n = true,
	.export_features = TPSTAT_F_DROP_REASON,
	.export_prepare = drops_export_prepare,
	.export = drops_export,
};

