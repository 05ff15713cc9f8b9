// SPDX-License-Identifier: GPL-2.0
/*
 * The neighbour failures view: which neighbours (ARP, ND) never resolve,
 * per device.  Printed as ip neigh users read a neighbour, device and
 * address first.
 */
#include <string.h>
#include <sys/socket.h>

#include "../prom.h"
#include "../json.h"
#include "../netns.h"
#include "../view_columns.h"
#include "../view_sort.h"
#include "../views.h"

#define ADDR_MAX 48	/* INET6_ADDRSTRLEN, or "?" */
#define DEV_MAX VIEW_TEXT_MAX	/* an escaped name, or "ifindex 4294967295" */
#define NUM_MAX 24	/* a u64 in decimal */

/* Most failures first, then namespace, device, address. */
static int neigh_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(b->count, a->count);

	if (!c)
		c = cmp_netns(a, b);
	if (!c)
		c = cmp_u64(a->ifindex, b->ifindex);
	if (!c)
		c = cmp_u64(a->family, b->family);
	if (!c)
		c = cmp_u64(a->daddr_len, b->daddr_len);
	if (!c)
		c = cmp_addr16(a->daddr, b->daddr);
	return c;
}

VIEW_SORT(neigh_sort, neigh_qsort)

/* The address as inet_ntop() writes it; "?" unless 4 or 16 bytes. */
static const char *neigh_addr(const struct view_entry *e, char *buf,
			      size_t len)
{
	format_addr(buf, len, e->daddr, e->daddr_len, -1);
	return buf;
}

/* DEVICE ADDRESS FAILURES NETNS, one line per neighbour, as sorted. */
static void neigh_row(struct columns *c, const struct view_print *p,
		      const struct view_entry *e)
{
	char dev[DEV_MAX], addr[ADDR_MAX];
	bool has_addr = e->daddr_len == 4 || e->daddr_len == 16;

	col_str(c, "DEVICE", -6, view_dev_text(e, dev, sizeof(dev)),
		"ifname", e->has_ifname ? e->ifname : NULL);
	col_u64(c, NULL, 0, NULL, "ifindex", true, e->ifindex);
	col_plain(c, NULL, 0, NULL, "family", view_family_name(e));
	col_plain(c, "ADDRESS", -7, neigh_addr(e, addr, sizeof(addr)),
		"address", has_addr ? addr : NULL);
	view_col_count(c, p, "FAILURES", "failures", e->count);
	view_col_netns(c, e, -1);
}

static const struct prom_family fam_neigh = {
	"tpstat_neigh_failures_total", "counter",
	"Neighbours (ARP, ND) whose resolution failed (reached NUD_FAILED from INCOMPLETE or PROBE: neigh:neigh_timer_handler, neigh:neigh_update), per device (its name when read, else ifindex N), family, address and netns (the namespace's inode number; netns_cookie its cookie, which unlike the inode number is never reused); bounded by the module's neigh_keys, lost ones are not counted here",
};

static void neigh_export(struct prom *p, const struct view *v)
{
	for (size_t i = 0; v && i < v->n; i++) {
		const struct view_entry *e = &v->e[i];
		char dev[DEV_MAX], addr[ADDR_MAX], ns[NUM_MAX], ck[NUM_MAX];
		const char *family = view_family_name(e);
		const struct prom_label l[5] = {
			/* The name as it is: prom_labels() escapes it. */
			{ "device", e->has_ifname ? e->ifname : dev },
			{ "family", family },
			{ "address", neigh_addr(e, addr, sizeof(addr)) },
			{ "netns", ns },
			{ "netns_cookie", netns_cookie_text(e, ck, sizeof(ck)) },
		};

		if ((e->daddr_len != 4 && e->daddr_len != 16) || !family)
			continue;
		snprintf(ns, sizeof(ns), "%u", e->netns);
		if (e->ifindex)
			snprintf(dev, sizeof(dev), "ifindex %u", e->ifindex);
		else
			snprintf(dev, sizeof(dev), "-");
		prom_sample(p, &fam_neigh, "", l, 5, e->count);
	}
}

static const struct view_field neigh_fields[] = {
	{ "failures", fld_count }, { "dev", fld_dev },
	{ "address", fld_daddr }, { "netns", fld_netns }, { NULL, NULL },
};

const struct view_ops neigh_view_ops = {
	VIEW_OPS_TABLE(NEIGH, neigh),
	.usage =
		"tpstat neigh [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    neighbours (ARP, ND) whose resolution failed, per device and\n"
		"    address, most failures first: the times each reached FAILED\n"
		"    (probes ran out, or deleted while unresolved), as the kernel's\n"
		"    res_failed counts them; needs CAP_NET_ADMIN",
	.list_key = "neighbours",
	.names_sockets = true,
	.unavailable = "not available (the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler, or the module was loaded with views= without it)",
	.selectors = SEL_BIT(SEL_DEV) | SEL_BIT(SEL_DST) | SEL_BIT(SEL_NETNS),
	.sort = neigh_sort,
	.export = neigh_export,
};
