// SPDX-License-Identifier: GPL-2.0
/* Turns summed counters into the sorted, named values readers see. */
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "compat.h"
#include "netns_counts.h"
#include "registry.h"
#include "report.h"
#include "view_fmt.h"

static __printf(4, 5) void tpstat_report_add(struct tpstat_report *report,
					     enum tpstat_event_id id,
					     u64 value, const char *fmt, ...)
{
	struct tpstat_value *v;
	va_list args;

	if (WARN_ON_ONCE(report->count >= TPSTAT_REPORT_MAX))
		return;
	v = &report->values[report->count++];
	va_start(args, fmt);
	vsnprintf(v->key, sizeof(v->key), fmt, args);
	va_end(args);
	v->value = value;
	v->event = id;
}

/* Only transitions that happened: most of the matrix is impossible. */
static void tpstat_report_tcp_states(const struct tpstat_totals *totals,
				     const char *event,
				     struct tpstat_report *report)
{
	const enum tpstat_event_id id = TPSTAT_EV_INET_SOCK_SET_STATE;
	unsigned int from, to;

	for (from = 0; from <= TPSTAT_TCP_STATE_MASK; from++) {
		for (to = 0; to <= TPSTAT_TCP_STATE_MASK; to++) {
			u64 n = totals->slot[TPSTAT_SLOT_TCP_STATE(from, to)];
			const char *f = tpstat_tcp_state_name(from);
			const char *t = tpstat_tcp_state_name(to);

			if (!n)
				continue;
			if (f && t)
				tpstat_report_add(report, id, n, "%s.%s->%s",
						  event, f, t);
			else
				tpstat_report_add(report, id, n, "%s.%u->%u",
						  event, from, to);
		}
	}
}

static void tpstat_report_derived(const struct tpstat_totals *totals,
				  enum tpstat_event_id id,
				  struct tpstat_report *report)
{
	const char *event = tpstat_event_full_name(id);
	const u64 *s = totals->slot;

	switch (id) {
	case TPSTAT_EV_NET_DEV_XMIT:
		tpstat_report_add(report, id, s[TPSTAT_SLOT_XMIT_BYTES],
				  "%s.bytes", event);
		tpstat_report_add(report, id, s[TPSTAT_SLOT_XMIT_ERRORS],
				  "%s.errors", event);
		break;
	case TPSTAT_EV_NETIF_RECEIVE_SKB:
		tpstat_report_add(report, id, s[TPSTAT_SLOT_RX_BYTES],
				  "%s.bytes", event);
		break;
	case TPSTAT_EV_KFREE_SKB:
		tpstat_report_add(report, id, s[TPSTAT_SLOT_DROPS],
				  "%s.drops", event);
		break;
	case TPSTAT_EV_INET_SOCK_SET_STATE:
		tpstat_report_tcp_states(totals, event, report);
		break;
	default:
		break;
	}
}

static int tpstat_cmp_values(const void *a, const void *b)
{
	const struct tpstat_value *va = a, *vb = b;

	return strcmp(va->key, vb->key);
}

/* Every event the running kernel has, attached or not, with its figures. */
void tpstat_report_build(const struct tpstat_totals *totals,
			 struct tpstat_report *report)
{
	int id;

	report->count = 0;
	for (id = 0; id < __TPSTAT_EV_CNT; id++) {
		if (tpstat_event_state(id) == TPSTAT_STATE_MISSING)
			continue;
		tpstat_report_add(report, id,
				  totals->slot[TPSTAT_SLOT_HITS + id],
				  "%s", tpstat_event_full_name(id));
		tpstat_report_derived(totals, id, report);
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
