// SPDX-License-Identifier: GPL-2.0
/*
 * The RETRANS view (tpstat retrans, as tcpretrans -c): TCP retransmits
 * and SYN/ACK retransmits per flow, with the flow's last state.
 */
#include <stdlib.h>
#include <string.h>
#include <netinet/tcp.h>

#include "../json.h"
#include "../netns.h"
#include "../prom.h"
#include "../view_sort.h"
#include "../views.h"

#define ADDR_MAX 64	/* "[" INET6_ADDRSTRLEN "]:65535" */
#define NUM_MAX 24	/* a u64 in decimal */

/* Its values in a row's val[] (its ops' val_attrs). */
enum { RETRANSMITS, SYNACK_RETRANSMITS };

static int addr_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_netns(a, b);

	if (!c)
		c = cmp_u64(a->saddr_len, b->saddr_len);
	if (!c)
		c = cmp_addr16(a->saddr, b->saddr);
	if (!c)
		c = cmp_u64(a->sport, b->sport);
	if (!c)
		c = cmp_u64(a->daddr_len, b->daddr_len);
	if (!c)
		c = cmp_addr16(a->daddr, b->daddr);
	if (!c)
		c = cmp_u64(a->dport, b->dport);
	return c;
}

/* Most retransmits first, then SYN/ACK ones, then the flow. */
static int retrans_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(b->val[RETRANSMITS], a->val[RETRANSMITS]);

	if (!c)
		c = cmp_u64(b->val[SYNACK_RETRANSMITS], a->val[SYNACK_RETRANSMITS]);
	return c ? c : addr_cmp(a, b);
}

VIEW_SORT(retrans_sort, retrans_qsort)

static void retrans_text(FILE *f, const struct view_print *p)
{
	const struct view *v = p->v;
	char local[ADDR_MAX], remote[ADDR_MAX], st[16], ns[NUM_MAX];
	char c1[COUNT_MAX], c2[COUNT_MAX];
	int wl = 5, wr = 6, wn = netns_width(v), n;

	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		format_addr(local, sizeof(local), e->saddr, e->saddr_len, e->sport);
		format_addr(remote, sizeof(remote), e->daddr, e->daddr_len, e->dport);
		n = strlen(local);
		wl = n > wl ? n : wl;
		n = strlen(remote);
		wr = n > wr ? n : wr;
	}
	if (!p->no_header)
		fprintf(f, "%-*s  %-*s  %*s  %8s  %8s  %s\n", wl, "LOCAL", wr,
			"REMOTE", wn, "NETNS", "RETRANS", "SYNACK", "STATE");
	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		format_addr(local, sizeof(local), e->saddr, e->saddr_len, e->sport);
		format_addr(remote, sizeof(remote), e->daddr, e->daddr_len, e->dport);
		fprintf(f, "%-*s  %-*s  %*s  %8s  %8s  %s\n", wl, local,
			wr, remote, wn, netns_text(e->netns, ns, sizeof(ns)),
			count_text(e->val[RETRANSMITS], p->human, c1, sizeof(c1)),
			count_text(e->val[SYNACK_RETRANSMITS], p->human, c2, sizeof(c2)),
			e->has_new_state ?
				view_state_text(e->new_state, st, sizeof(st)) :
				"-");
	}
}

static void retrans_json_entry(struct json *j, const struct view_print *p,
			       size_t i)
{
	const struct view_entry *e = &p->v->e[i];

	json_object_open(j);
	entry_netns_json(j, e);
	json_opt_plain(j, "family", view_family_name(e), view_family_name(e));
	view_json_addr(j, "local", e->saddr, e->saddr_len);
	json_field_u64(j, "local_port", e->sport);
	view_json_addr(j, "remote", e->daddr, e->daddr_len);
	json_field_u64(j, "remote_port", e->dport);
	json_field_u64(j, "retransmits", e->val[RETRANSMITS]);
	json_field_u64(j, "synack_retransmits", e->val[SYNACK_RETRANSMITS]);
	view_json_state(j, "state", e->has_new_state, e->new_state);
	json_object_close(j);
}

uint64_t retrans_past_handshake(const struct view_entry *e)
{
	bool handshake = e->has_new_state && (e->new_state == TCP_SYN_SENT ||
					      e->new_state == TCP_SYN_RECV);

	return handshake ? 0 : e->val[RETRANSMITS];
}

/* A peer: its namespace and address. */
static int peer_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_netns(a, b);

	if (!c)
		c = cmp_u64(a->daddr_len, b->daddr_len);
	return c ? c : cmp_addr16(a->daddr, b->daddr);
}

static int peer_qsort(const void *a, const void *b)
{
	return peer_cmp(a, b);
}

/*
 * Export: retransmits past the handshake summed per peer and namespace,
 * a row each (the flows' ports and SYN/ACK counts dropped): flows are
 * too many for labels, peers are what a path's loss is about.
 */
static int retrans_export_prepare(struct view *v)
{
	size_t n = 0, out = 0;

	for (size_t i = 0; i < v->n; i++)
		if (retrans_past_handshake(&v->e[i]))
			v->e[n++] = v->e[i];
	v->n = n;
	if (n)
		qsort(v->e, n, sizeof(*v->e), peer_qsort);
	for (size_t i = 0; i < n; i++) {
		if (out && !peer_cmp(&v->e[out - 1], &v->e[i]))
			v->e[out - 1].val[RETRANSMITS] += v->e[i].val[RETRANSMITS];
		else
			v->e[out++] = v->e[i];
	}
	v->n = out;
	return 0;
}

static const struct prom_family fam_retrans_peer = {
	"tpstat_tcp_retransmits_by_peer_total", "counter",
	"TCP retransmits (tcp:tcp_retransmit_skb) of connections past the handshake, per peer address and namespace (netns the inode number, netns_cookie the cookie), summed over the retrans view's flows; a connect's SYNs are not here, nor flows lost to a full table",
};

static void retrans_export(struct prom *p, const struct view *v)
{
	for (size_t i = 0; v && i < v->n; i++) {
		const struct view_entry *e = &v->e[i];
		char peer[ADDR_MAX], ns[NUM_MAX], ck[NUM_MAX];
		const struct prom_label l[3] = {
			{ "peer", peer },
			{ "netns", ns },
			{ "netns_cookie", netns_cookie_text(e, ck, sizeof(ck)) },
		};

		if (e->daddr_len != 4 && e->daddr_len != 16)
			continue;
		format_addr(peer, sizeof(peer), e->daddr, e->daddr_len, -1);
		snprintf(ns, sizeof(ns), "%u", e->netns);
		prom_sample(p, &fam_retrans_peer, "", l, 3, e->val[RETRANSMITS]);
	}
}

static const struct view_field retrans_fields[] = {
	{ "retrans", fld_val0 }, { "synack", fld_val1 },
	{ "local", fld_saddr }, { "remote", fld_daddr },
	{ "netns", fld_netns }, { "state", fld_state }, { NULL, NULL },
};

const struct view_ops retrans_view_ops = {
	VIEW_OPS_NAMED(RETRANS, retrans),
	.val_attrs = { TPSTAT_A_RETRANS, TPSTAT_A_SYNACK_RETRANS },
	.last_state = true,
	.usage =
		"tpstat retrans [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    TCP retransmits and SYN/ACK retransmits per flow, most first, with\n"
		"    the flow's last state (as tcpretrans -c); needs CAP_NET_ADMIN",
	.list_key = "flows",
	.names_sockets = true,
	.selectors = SEL_BIT(SEL_SRC) | SEL_BIT(SEL_DST) | SEL_BIT(SEL_SPORT) |
		     SEL_BIT(SEL_DPORT) | SEL_BIT(SEL_NETNS),
	.sort = retrans_sort,
	.export_prepare = retrans_export_prepare,
	.export = retrans_export,
};
