// SPDX-License-Identifier: GPL-2.0
/*
 * The DEVICES view (tpstat devices): per device, what it transmitted and
 * received, its transmit errors and timeouts, and its NAPI polls.
 */
#include "json.h"
#include "netns.h"
#include "views.h"

#define NUM_MAX 24	/* a u64 in decimal */

/* By namespace, then index: as ip link lists them. */
static int devices_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_netns(a, b);

	return c ? c : cmp_u64(a->ifindex, b->ifindex);
}

static void devices_text(FILE *f, const struct view_print *p)
{
	char buf[VIEW_TEXT_MAX], ns[NUM_MAX];

	for (size_t i = 0; i < p->v->n; i++) {
		const struct view_entry *e = &p->v->e[i];

		fprintf(f, "%s (ifindex %u, netns %s)\n",
			view_dev_text(e, buf, sizeof(buf)), e->ifindex,
			netns_text(e->netns, ns, sizeof(ns)));
		fprintf(f, "    tx: packets %llu  bytes %llu  errors %llu  timeouts %llu\n",
			(unsigned long long)e->tx_packets,
			(unsigned long long)e->tx_bytes,
			(unsigned long long)e->xmit_errors,
			(unsigned long long)e->xmit_timeouts);
		fprintf(f, "    rx: packets %llu  bytes %llu  gro %llu\n",
			(unsigned long long)e->rx_packets,
			(unsigned long long)e->rx_bytes,
			(unsigned long long)e->gro);
		fprintf(f, "    napi: polls %llu  work %llu  budget exhausted %llu\n",
			(unsigned long long)e->napi_polls,
			(unsigned long long)e->napi_work,
			(unsigned long long)e->napi_budget_exhausted);
	}
}

static void devices_json_entry(struct json *j, const struct view_print *p,
			       size_t i)
{
	static const struct {
		const char *key;
		size_t offset;
	} values[] = {
#define V(f) { #f, offsetof(struct view_entry, f) }
		V(tx_packets), V(tx_bytes), V(rx_packets), V(rx_bytes),
		V(xmit_errors), V(xmit_timeouts), V(gro), V(napi_polls),
		V(napi_work), V(napi_budget_exhausted),
#undef V
	};
	const struct view_entry *e = &p->v->e[i];

	json_object_open(j);
	view_json_dev(j, e);
	for (size_t k = 0; k < sizeof(values) / sizeof(values[0]); k++) {
		json_key(j, values[k].key);
		json_u64(j, *(const uint64_t *)((const char *)e +
						values[k].offset));
	}
	json_object_close(j);
}

const struct view_ops devices_view_ops = {
	.id = TPSTAT_VIEW_DEVICES,
	.name = "devices",
	.list_key = "devices",
	.cmp = devices_qsort,
	.text = devices_text,
	.json_entry = devices_json_entry,
};
