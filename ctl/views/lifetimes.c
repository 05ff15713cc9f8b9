// SPDX-License-Identifier: GPL-2.0
/*
 * The LIFETIMES view (tcplife): a log2 histogram of connection lifetimes
 * per service, as the module keys them: an active open by its remote
 * port and the task that connected, a passive one by its local port.
 * No netlink: unit-tested on the host.
 */
#include <string.h>

#include "../escape.h"
#include "../fields.h"
#include "../view_columns.h"
#include "../view_sort.h"
#include "../views.h"

#define NUM_MAX 24	/* a u64 in decimal */
#define SERVICE_MAX 24	/* "remote port 65535" */

static uint64_t hist_count(const struct view_entry *e)
{
	return e->hist ? e->hist->count : 0;
}

/* Most connections first, then by service and task. */
static int lifetimes_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	uint16_t port_a, port_b;
	int c = cmp_u64(hist_count(b), hist_count(a));

	if (!c)
		c = cmp_u64((errors_side(a, &port_a) + 2) % 3,
			    (errors_side(b, &port_b) + 2) % 3);
	if (!c)
		c = cmp_u64(port_a, port_b);
	if (!c)
		c = cmp_netns(a, b);
	if (!c)
		c = cmp_u64(a->direction, b->direction);
	/* Tasks by name, then the rows without one. */
	if (!c)
		c = cmp_u64(b->has_comm, a->has_comm);
	return c ? c : strcmp(a->comm, b->comm);
}

VIEW_SORT(lifetimes_sort, lifetimes_qsort)

/*
 * "active  remote port 5001  comm curl  netns web: 3 connections, ...";
 * a passive row has no task (the module keeps none), an active one
 * without a task connected and closed in softirq: "[softirq]".
 */
static void lifetimes_record(struct fields *w, const struct view_print *p,
			     const struct view_entry *e)
{
	const struct hist *h = hist_of(e);
	const char *dir = direction_name(e), *task = NULL;
	char service[SERVICE_MAX], count[NUM_MAX];
	char comm[ESC_SIZE(TPSTAT_COMM_MAX)];
	uint16_t port;
	enum err_side side = errors_side(e, &port);

	(void)p;
	field_plain(w, NULL, dir ? dir : "-", "direction", dir);
	field_u64(w, "  ", service_text(e, service, sizeof(service)), "port",
		  side != SIDE_NONE, port);
	field_plain(w, NULL, NULL, "port_side", errors_side_name(side));
	if (e->has_comm)
		task = field_json(w) ? NULL : esc(e->comm, comm, sizeof(comm));
	else if (e->has_direction && e->direction == TPSTAT_DIRECTION_ACTIVE)
		task = "[softirq]";
	field_str(w, task ? "  comm " : NULL, task, "comm",
		  e->has_comm ? e->comm : NULL);
	view_field_netns(w, "  netns ", e);
	snprintf(count, sizeof(count), "%llu", (unsigned long long)h->count);
	field_str(w, ": ", count, NULL, NULL);
	field_text(w, h->count == 1 ? " connection" : " connections");
	view_field_mean(w, h, "usecs");
	field_text(w, "\n");
	view_field_hist(w, h, "usecs");
	field_text(w, "\n");
}

static int fld_comm(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_comm, a->has_comm);

	return c ? c : strcmp(a->comm, b->comm);
}

static const struct view_field lifetimes_fields[] = {
	{ "connections", fld_hist_count }, { "mean", fld_hist_mean },
	{ "direction", fld_direction }, { "service", fld_port },
	{ "comm", fld_comm }, { "netns", fld_netns }, { NULL, NULL },
};

/* The command word before the view's own name. */
static const char *const lifetimes_aliases[] = { "lifetime", NULL };

const struct view_ops lifetimes_view_ops = {
	VIEW_OPS_RECORDS(LIFETIMES, lifetimes),
	.usage =
		"tpstat lifetimes [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    TCP connection lifetimes per service, as log2 histograms in\n"
		"    microseconds (as tcplife): connections a task made (active) per\n"
		"    remote port and task, connections accepted (passive) per local\n"
		"    port; per netns; needs CAP_NET_ADMIN",
	.list_key = "lifetimes",
	.hist = true,
	.names_sockets = true,
	.selectors = SEL_BIT(SEL_SPORT) | SEL_BIT(SEL_DPORT) | SEL_BIT(SEL_PORT) |
		     SEL_BIT(SEL_NETNS),
	.sort = lifetimes_sort,
	.aliases = lifetimes_aliases,
};
