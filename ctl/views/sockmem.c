// SPDX-License-Identifier: GPL-2.0
/*
 * The SOCKMEM view (tpstat sockmem, sock:sock_exceed_buf_limit): sockets
 * refused memory because their protocol (TCP, UDP, ...) was over its
 * limits, per protocol, local port, namespace and whether the socket was
 * sending or receiving; with the protocol's pages allocated (as
 * /proc/net/sockstat's "mem") and its hard limit (tcp_mem's, udp_mem's
 * third figure) at the last event.  Everything about the view is here;
 * view_table.c lists it.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#include "../json.h"
#include "../netns.h"
#include "../prom.h"
#include "../view_columns.h"
#include "../views.h"

/* Its values in a row's val[] (its ops' val_attrs). */
enum { MEM_ALLOCATED, MEM_LIMIT };

#define NUM_MAX 24	/* a u64 in decimal */

/* "send", "recv"; NULL for a kind this tool does not know, or none. */
static const char *kind_name(const struct view_entry *e)
{
	if (!e->has_kind)
		return NULL;
	switch (e->kind) {
	case TPSTAT_MEM_SEND:
		return "send";
	case TPSTAT_MEM_RECV:
		return "recv";
	}
	return NULL;
}

/* The KIND column: its name, its number, or "-" without one. */
static const char *kind_text(const struct view_entry *e, char *buf,
			     size_t len)
{
	const char *k = kind_name(e);

	if (k)
		return k;
	if (!e->has_kind)
		return "-";
	snprintf(buf, len, "%u", e->kind);
	return buf;
}

/* The key; a part an entry lacks sorts after the others. */
static int key_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_proto_sport(a, b);

	if (!c)
		c = cmp_u64(b->has_kind, a->has_kind);
	if (!c)
		c = cmp_u64(a->kind, b->kind);
	return c ? c : cmp_netns(a, b);
}

/*
 * Summed over the family: the events added, the figures the larger of
 * the two (which event came last is not known; both are the protocol's).
 */
static void sockmem_merge(struct view_entry *row, const struct view_entry *e)
{
	row->count += e->count;
	if (e->val[MEM_ALLOCATED] > row->val[MEM_ALLOCATED])
		row->val[MEM_ALLOCATED] = e->val[MEM_ALLOCATED];
	if (e->val[MEM_LIMIT] > row->val[MEM_LIMIT])
		row->val[MEM_LIMIT] = e->val[MEM_LIMIT];
}

/* Export: one row per label set; rows without protocol or port go. */
static int sockmem_export_prepare(struct view *v)
{
	size_t out = 0;

	for (size_t i = 0; i < v->n; i++)
		if (v->e[i].has_protocol && v->e[i].has_sport)
			v->e[out++] = v->e[i];
	v->n = out;
	view_fold_families(v, key_cmp, sockmem_merge);
	return 0;
}

/* Pages as read, or with -h as bytes in ip -h's units. */
static const char *pages_column(const struct view_print *p, uint64_t pages,
				char *buf, size_t len)
{
	static uint64_t page_size;

	if (!p->human)
		return count_text(pages, false, buf, len);
	if (!page_size) {
		long ps = sysconf(_SC_PAGESIZE);

		page_size = ps > 0 ? (uint64_t)ps : 4096;
	}
	return count_text(pages * page_size, true, buf, len);
}

/* COUNT KIND ALLOCATED LIMIT PROTO PORT NETNS. */
static void sockmem_row(struct columns *c, const struct view_print *p,
			const struct view_entry *e)
{
	char kind[NUM_MAX], pages[COUNT_MAX];

	view_col_count(c, p, "COUNT", "count", e->count);
	col_str(c, "KIND", -4, kind_text(e, kind, sizeof(kind)), "kind",
		kind_name(e));
	col_u64(c, NULL, 0, NULL, "kind_code", e->has_kind, e->kind);
	col_u64(c, "ALLOCATED", 0,
		pages_column(p, e->val[MEM_ALLOCATED], pages, sizeof(pages)),
		"allocated_pages", true, e->val[MEM_ALLOCATED]);
	col_u64(c, "LIMIT", 0,
		pages_column(p, e->val[MEM_LIMIT], pages, sizeof(pages)),
		"limit_pages", true, e->val[MEM_LIMIT]);
	view_col_proto(c, e);
	view_col_sport(c, e, "PORT");
	view_col_netns(c, e, -1);
}

static const struct prom_family fam_events = {
	"tpstat_sockmem_events_total", "counter",
	"Times a socket was refused memory because its protocol was over its limits (sock:sock_exceed_buf_limit), per protocol, local port, kind (send or recv) and namespace; netns is the namespace's inode number, netns_cookie its cookie; lost to a full sockmem table they are not counted here",
};

static const struct prom_family fam_allocated = {
	"tpstat_sockmem_allocated_pages", "gauge",
	"Pages the protocol had allocated (as /proc/net/sockstat's mem) at the last such event of this label set",
};

static const struct prom_family fam_limit = {
	"tpstat_sockmem_limit_pages", "gauge",
	"The protocol's hard memory limit in pages (tcp_mem's, udp_mem's third figure) at the last such event of this label set",
};

/* Three families, each a sample per row of sockmem_export_prepare(). */
static void sockmem_export(struct prom *p, const struct view *v)
{
	const struct prom_family *fams[] = {
		&fam_events, &fam_allocated, &fam_limit, NULL,
	};

	for (size_t k = 0; fams[k]; k++) {
		for (size_t i = 0; i < v->n; i++) {
			const struct view_entry *e = &v->e[i];
			char proto[NUM_MAX], port[8], kind[NUM_MAX];
			char netns[12], ck[NUM_MAX];
			const struct prom_label l[5] = {
				{ "protocol", view_proto_text(e, proto, sizeof(proto)) },
				{ "port", port },
				{ "kind", kind_text(e, kind, sizeof(kind)) },
				{ "netns", netns },
				{ "netns_cookie", netns_cookie_text(e, ck, sizeof(ck)) },
			};
			uint64_t value = k == 0 ? e->count :
					 k == 1 ? e->val[MEM_ALLOCATED] :
						  e->val[MEM_LIMIT];

			if (!l[0].value || !e->has_sport)
				continue;
			snprintf(port, sizeof(port), "%u", e->sport);
			snprintf(netns, sizeof(netns), "%u", e->netns);
			prom_sample(p, fams[k], "", l, 5, value);
		}
	}
}

static int fld_allocated(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(b->val[MEM_ALLOCATED], a->val[MEM_ALLOCATED]);
}

static int fld_limit(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(b->val[MEM_LIMIT], a->val[MEM_LIMIT]);
}

static int fld_kind(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_kind, a->has_kind);

	return c ? c : cmp_u64(a->kind, b->kind);
}

static const struct view_field sockmem_fields[] = {
	{ "count", fld_count }, { "kind", fld_kind },
	{ "allocated", fld_allocated }, { "limit", fld_limit },
	{ "proto", fld_proto }, { "port", fld_sport }, { "netns", fld_netns },
	{ NULL, NULL },
};

const struct view_ops sockmem_view_ops = {
	VIEW_OPS_TABLE(SOCKMEM, sockmem),
	.val_attrs = { TPSTAT_A_MEM_ALLOCATED, TPSTAT_A_MEM_LIMIT },
	.kind_attr = TPSTAT_A_MEM_KIND,
	.usage =
		"tpstat sockmem [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    sockets refused memory because their protocol (TCP, UDP...) was\n"
		"    over its limits (sock:sock_exceed_buf_limit), per protocol, local\n"
		"    port, send or recv, and netns, most first; with the protocol's\n"
		"    pages allocated (as /proc/net/sockstat's mem) and its limit\n"
		"    (tcp_mem's, udp_mem's third figure) at the last event, in pages\n"
		"    (-h: bytes); needs CAP_NET_ADMIN",
	.list_key = "sockmem",
	.names_sockets = true,
	.last_values = true,
	.unavailable = "not available (the kernel lacks sock:sock_exceed_buf_limit, or the module was loaded with views= without it)",
	.selectors = SEL_BIT(SEL_SPORT) | SEL_BIT(SEL_PORT) | SEL_BIT(SEL_NETNS),
	.key_cmp = key_cmp,
	.export_prepare = sockmem_export_prepare,
	.export = sockmem_export,
};
