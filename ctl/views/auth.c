// SPDX-License-Identifier: GPL-2.0
/*
 * The AUTH view (tpstat auth): TCP segments that failed their TCP-MD5 or
 * TCP-AO check, per kind, peer address, local port and namespace.  Its
 * parsing is views.c's (AUTH_KIND is one more key attribute); here are
 * its names, order, text table, JSON and Prometheus family.
 */
#include <stdio.h>
#include <string.h>

#include "../prom.h"
#include "../json.h"
#include "../netns.h"
#include "../view_columns.h"
#include "../view_sort.h"
#include "../views.h"

#define PEER_MAX 48	/* INET6_ADDRSTRLEN */
#define NUM_MAX 24

/* Words for the table, names for JSON and Prometheus, by kind. */
static const struct {
	const char *text, *name;
} auth_kinds[__TPSTAT_AUTH_CNT] = {
	[TPSTAT_AUTH_MD5_REQUIRED] = { "MD5 required", "md5_required" },
	[TPSTAT_AUTH_MD5_UNEXPECTED] = { "MD5 unexpected", "md5_unexpected" },
	[TPSTAT_AUTH_MD5_MISMATCH] = { "MD5 mismatch", "md5_mismatch" },
	[TPSTAT_AUTH_AO_REQUIRED] = { "AO required", "ao_required" },
	[TPSTAT_AUTH_AO_MISMATCH] = { "AO mismatch", "ao_mismatch" },
	[TPSTAT_AUTH_AO_KEY_NOT_FOUND] = { "AO key not found",
					   "ao_key_not_found" },
	[TPSTAT_AUTH_AO_WRONG_MACLEN] = { "AO wrong MAC length",
					  "ao_wrong_maclen" },
	[TPSTAT_AUTH_AO_HANDSHAKE_FAILURE] = { "AO handshake failure",
					       "ao_handshake_failure" },
	[TPSTAT_AUTH_BAD_HEADER] = { "bad MD5/AO option", "bad_header" },
};

const char *auth_kind_text(unsigned int kind)
{
	return kind < __TPSTAT_AUTH_CNT ? auth_kinds[kind].text : NULL;
}

const char *auth_kind_name(unsigned int kind)
{
	return kind < __TPSTAT_AUTH_CNT ? auth_kinds[kind].name : NULL;
}

/* Most first; then by kind, peer (IPv4 before IPv6), port, namespace. */
static int auth_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(b->count, a->count);

	if (!c)
		c = cmp_u64(b->has_kind, a->has_kind);
	if (!c)
		c = cmp_u64(a->kind, b->kind);
	if (!c)
		c = cmp_u64(a->daddr_len, b->daddr_len);
	if (!c)
		c = memcmp(a->daddr, b->daddr, a->daddr_len);
	if (!c)
		c = cmp_u64(a->sport, b->sport);
	if (!c)
		c = cmp_netns(a, b);
	return c;
}

VIEW_SORT(auth_sort, auth_qsort)

/* "MD5 mismatch", "kind 42" for one this tool does not know, or "-". */
static const char *kind_column(const struct view_entry *e, char *buf,
			       size_t len)
{
	const char *t = auth_kind_text(e->kind);

	if (!e->has_kind)
		return "-";
	if (t)
		return t;
	snprintf(buf, len, "kind %u", e->kind);
	return buf;
}

/* The peer's address, "-" without one. */
static const char *peer_column(const struct view_entry *e, char *buf,
			       size_t len)
{
	if (e->daddr_len != 4 && e->daddr_len != 16)
		return "-";
	format_addr(buf, len, e->daddr, e->daddr_len, -1);
	return buf;
}

/* COUNT KIND PEER LPORT NETNS. */
static void auth_row(struct columns *c, const struct view_print *p,
		     const struct view_entry *e)
{
	char kind[NUM_MAX], peer[PEER_MAX];
	const char *addr = peer_column(e, peer, sizeof(peer));

	view_col_count(c, p, "COUNT", "count", e->count);
	col_str(c, "KIND", -4, kind_column(e, kind, sizeof(kind)), "kind",
		e->has_kind ? auth_kind_name(e->kind) : NULL);
	col_u64(c, NULL, 0, NULL, "kind_code", e->has_kind, e->kind);
	col_plain(c, NULL, 0, NULL, "family", view_family_name(e));
	col_plain(c, "PEER", -4, addr, "peer", addr == peer ? addr : NULL);
	view_col_sport(c, e, "LPORT");
	view_col_netns(c, e, -1);
}

static const struct prom_family fam_auth_failures = {
	"tpstat_tcp_auth_failures_total", "counter",
	"TCP segments that failed TCP-MD5 or TCP-AO authentication (tcp:tcp_hash_* and tcp:tcp_ao_* failure tracepoints) per kind, peer address (the segment's source), local port and netns (the namespace's inode number; netns_cookie its cookie, which unlike the inode number is never reused); lost to a full auth table they are not counted here",
};

/* Entries without a known kind, a peer or a port are left out. */
void auth_export(struct prom *p, const struct view *v)
{
	for (size_t i = 0; v && i < v->n; i++) {
		const struct view_entry *e = &v->e[i];
		const char *kind = auth_kind_name(e->kind);
		char peer[PEER_MAX], port[8], netns[12], ck[NUM_MAX];
		const struct prom_label l[5] = {
			{ "kind", kind },
			{ "peer", peer },
			{ "port", port },
			{ "netns", netns },
			{ "netns_cookie", netns_cookie_text(e, ck, sizeof(ck)) },
		};

		if (!e->has_kind || !kind || !e->has_sport ||
		    (e->daddr_len != 4 && e->daddr_len != 16))
			continue;
		format_addr(peer, sizeof(peer), e->daddr, e->daddr_len, -1);
		snprintf(port, sizeof(port), "%u", e->sport);
		snprintf(netns, sizeof(netns), "%u", e->netns);
		prom_sample(p, &fam_auth_failures, "", l, 5, e->count);
	}
}

static int fld_kind(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(a->kind, b->kind);
}

static const struct view_field auth_fields[] = {
	{ "count", fld_count }, { "kind", fld_kind }, { "peer", fld_daddr },
	{ "lport", fld_sport }, { "netns", fld_netns }, { NULL, NULL },
};

const struct view_ops auth_view_ops = {
	VIEW_OPS_TABLE(AUTH, auth),
	.kind_attr = TPSTAT_A_AUTH_KIND,
	.usage =
		"tpstat auth [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    TCP segments that failed TCP-MD5 or TCP-AO authentication (6.7+), per\n"
		"    kind (MD5 mismatch, MD5 required...), peer address, local port and\n"
		"    netns, most first: which BGP or other peers fail; needs CAP_NET_ADMIN",
	.list_key = "auth_failures",
	.names_sockets = true,
	.unavailable = "not available (the kernel has none of the TCP-MD5/AO failure tracepoints tcp:tcp_hash_*, tcp:tcp_ao_* before Linux 6.7, or the module was loaded with views= without it)",
	.selectors = SEL_BIT(SEL_DST) | SEL_BIT(SEL_SPORT) | SEL_BIT(SEL_PORT) |
		     SEL_BIT(SEL_NETNS),
	.sort = auth_sort,
	.export = auth_export,
};
