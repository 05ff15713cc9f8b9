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
#include "../view_columns.h"
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

/* One end of the flow: "addr:port" as text, JSON's @key and @key_port. */
static void end_column(struct columns *c, const char *head, int width,
		       const char *key, const char *key_port,
		       const uint8_t *addr, unsigned int len, uint16_t port)
{
	char text[ADDR_MAX];
	bool valid = len == 4 || len == 16;

	/* JSON's is the address alone, the text's with its port. */
	format_addr(text, sizeof(text), addr, len, col_json(c) ? -1 : port);
	col_plain(c, head, width, text, key, valid ? text : NULL);
	col_u64(c, NULL, 0, NULL, key_port, true, port);
}

/* LOCAL REMOTE NETNS RETRANS SYNACK STATE. */
static void retrans_row(struct columns *c, const struct view_print *p,
			const struct view_entry *e)
{
	char st[16];
	const char *name = e->has_new_state ? tcp_state_name(e->new_state) : NULL;

	col_plain(c, NULL, 0, NULL, "family", view_family_name(e));
	end_column(c, "LOCAL", -5, "local", "local_port", e->saddr,
		   e->saddr_len, e->sport);
	end_column(c, "REMOTE", -6, "remote", "remote_port", e->daddr,
		   e->daddr_len, e->dport);
	view_col_netns(c, e, 10);
	view_col_count(c, p, "RETRANS", "retransmits", e->val[RETRANSMITS]);
	view_col_count(c, p, "SYNACK", "synack_retransmits",
		       e->val[SYNACK_RETRANSMITS]);
	col_plain(c, "STATE", -1, e->has_new_state ?
		view_state_text(e->new_state, st, sizeof(st)) : "-",
		"state", name);
	col_u64(c, NULL, 0, NULL, "state_code", e->has_new_state,
		e->new_state);
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
	VIEW_OPS_TABLE(RETRANS, retrans),
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
