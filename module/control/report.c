// SPDX-License-Identifier: GPL-2.0
/* Turns summed counters into the sorted, named values readers see. */
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "base/compat.h"
#include "control/registry.h"
#include "control/report.h"
#include "format/view_fmt.h"
#include "probes/netns_counts.h"

static const char *tpstat_slot_metric(unsigned int slot)
{
	switch (slot) {
	case TPSTAT_SLOT_XMIT_BYTES:
	case TPSTAT_SLOT_RX_BYTES:
		return "bytes";
	case TPSTAT_SLOT_XMIT_ERRORS:
		return "errors";
	case TPSTAT_SLOT_DROPS:
		return "drops";
	}
	return NULL;
}

/* A TCP transition's cell: its states' names, or numbers without one. */
static void tpstat_tcp_cell_name(unsigned int cell, const char *event,
				 char *buf, size_t len)
{
	unsigned int from = TPSTAT_TCP_CELL_OLD(cell);
	unsigned int to = TPSTAT_TCP_CELL_NEW(cell);
	const char *f = tpstat_tcp_state_name(from);
	const char *t = tpstat_tcp_state_name(to);

	if (f && t)
		snprintf(buf, len, "%s.%s->%s", event, f, t);
	else
		snprintf(buf, len, "%s.%u->%u", event, from, to);
}

bool tpstat_slot_name(unsigned int slot, char *buf, size_t len)
{
	const char *event, *metric;

	if (tpstat_slot_is_hist(slot))
		return false;
	event = tpstat_event_full_name(tpstat_slot_event(slot));
	metric = tpstat_slot_metric(slot);
	if (slot < TPSTAT_SLOT_HITS + __TPSTAT_EV_CNT)
		snprintf(buf, len, "%s", event);
	else if (metric)
		snprintf(buf, len, "%s.%s", event, metric);
	else
		tpstat_tcp_cell_name(slot - TPSTAT_SLOT_TCP_STATES, event,
				     buf, len);
	return true;
}

static int tpstat_cmp_values(const void *a, const void *b)
{
	const struct tpstat_value *va = a, *vb = b;

	return strcmp(va->key, vb->key);
}

/*
 * Every event the running kernel has, attached or not, with its figures:
 * of TCP's transitions only those that happened, as most of the matrix
 * is impossible.
 */
void tpstat_report_build(const struct tpstat_totals *totals,
			 struct tpstat_report *report)
{
	unsigned int slot;

	report->count = 0;
	for (slot = 0; slot < TPSTAT_NR_SLOTS; slot++) {
		enum tpstat_event_id id = tpstat_slot_event(slot);
		struct tpstat_value *v;

		if (tpstat_slot_is_hist(slot) ||
		    tpstat_event_state(id) == TPSTAT_STATE_MISSING ||
		    (slot >= TPSTAT_SLOT_TCP_STATES && !totals->slot[slot]))
			continue;
		if (WARN_ON_ONCE(report->count >= TPSTAT_REPORT_MAX))
			break;
		v = &report->values[report->count++];
		tpstat_slot_name(slot, v->key, sizeof(v->key));
		v->value = totals->slot[slot];
		v->event = id;
	}
	sort(report->values, report->count, sizeof(report->values[0]),
	     tpstat_cmp_values, NULL);
}

struct tpstat_report *
tpstat_report_read(bool (*read)(void *arg, struct tpstat_totals *totals),
		   void *arg)
{
	struct tpstat_totals *totals = kmalloc(sizeof(*totals), GFP_KERNEL_ACCOUNT);
	struct tpstat_report *report = kvmalloc(sizeof(*report), GFP_KERNEL_ACCOUNT);

	if (!totals || !report) {
		kvfree(report);
		report = ERR_PTR(-ENOMEM);
	} else if (read(arg, totals)) {
		tpstat_report_build(totals, report);
	} else {
		kvfree(report);
		report = NULL;
	}
	kfree(totals);
	return report;
}

static bool tpstat_netns_read_one(void *net, struct tpstat_totals *totals)
{
	return tpstat_netns_read(net, totals);
}

struct tpstat_report *tpstat_netns_snapshot(struct net *net)
{
	return tpstat_report_read(tpstat_netns_read_one, net);
}
