// SPDX-License-Identifier: GPL-2.0
/*
 * The RCVQ view (tpstat rcvq): packets dropped because a socket's receive
 * queue was full, per family, protocol and local port, with the socket's
 * receive buffer at the last drop.
 */
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "../json.h"
#include "../netns.h"
#include "../prom.h"
#include "../view_columns.h"
#include "../views.h"

#define NUM_MAX 24	/* a u64 in decimal */

/* Its value in a row's val[] (its ops' val_attrs), has_val0 if sent. */
enum { RCVBUF };

/* The key: an entry lacking a part sorts after those that have it. */
static int key_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_proto_sport(a, b);

	return c ? c : cmp_netns(a, b);
}

/* The count summed, the biggest buffer kept. */
static void rcvq_merge(struct view_entry *row, const struct view_entry *e)
{
	row->count += e->count;
	if (e->val[RCVBUF] > row->val[RCVBUF])
		row->val[RCVBUF] = e->val[RCVBUF];
	row->has_val0 |= e->has_val0;
}

static int rcvq_aggregate(struct view *v)
{
	size_t out = 0;

	for (size_t i = 0; i < v->n; i++)
		if (v->e[i].has_protocol && v->e[i].has_sport)
			v->e[out++] = v->e[i];
		else
			free(v->e[i].hist);
	v->n = out;
	view_fold_families(v, key_cmp, rcvq_merge);
	return 0;
}

/* The receive buffer in bytes, or "-" without one. */
static const char *rcvbuf_text(const struct view_entry *e, char *buf,
			       size_t len)
{
	if (!e->has_val0)
		return "-";
	snprintf(buf, len, "%llu", (unsigned long long)e->val[RCVBUF]);
	return buf;
}

/* RCVBUF in bytes, with -h as ip -h prints them. */
static const char *rcvbuf_column(const struct view_print *pr,
				 const struct view_entry *e, char *buf,
				 size_t len)
{
	if (pr->human && e->has_val0)
		return count_text(e->val[RCVBUF], true, buf, len);
	return rcvbuf_text(e, buf, len);
}

/* COUNT RCVBUF PROTO PORT NETNS. */
static void rcvq_row(struct columns *c, const struct view_print *pr,
		     const struct view_entry *e)
{
	char rcvbuf[NUM_MAX];

	view_col_count(c, pr, "COUNT", "count", e->count);
	col_u64(c, "RCVBUF", 0, rcvbuf_column(pr, e, rcvbuf, sizeof(rcvbuf)),
		"rcvbuf", e->has_val0, e->val[RCVBUF]);
	view_col_proto(c, e);
	view_col_sport(c, e, "PORT");
	view_col_netns(c, e, -1);
}

static const struct prom_family fam_socket_rcvq = {
	"tpstat_socket_rcvq_drops_total", "counter",
	"Packets dropped because the receiving socket's queue was full (UDP as UdpRcvbufErrors counts them, udp:udp_fail_queue_rcv_skb; raw and ping sockets, sock:sock_rcvqueue_full) per protocol and local port (a raw socket's is the IP protocol it receives); netns is the namespace's inode number, netns_cookie its cookie (an inode number is reused once its namespace is gone, a cookie never is); lost to a full rcvq table they are not counted here",
};

/* rcvq_aggregate() left out entries without a protocol or a port. */
static void rcvq_export(struct prom *p, const struct view *v)
{
	for (size_t i = 0; v && i < v->n; i++) {
		const struct view_entry *e = &v->e[i];
		char proto[12], port[8], netns[12], ck[NUM_MAX];
		const struct prom_label l[4] = {
			{ "protocol", view_proto_text(e, proto, sizeof(proto)) },
			{ "port", port },
			{ "netns", netns },
			{ "netns_cookie", netns_cookie_text(e, ck, sizeof(ck)) },
		};

		if (!l[0].value || !e->has_sport)
			continue;
		snprintf(port, sizeof(port), "%u", e->sport);
		snprintf(netns, sizeof(netns), "%u", e->netns);
		prom_sample(p, &fam_socket_rcvq, "", l, 4, e->count);
	}
}

static const struct view_field rcvq_fields[] = {
	{ "count", fld_count }, { "rcvbuf", fld_val0 }, { "proto", fld_proto },
	{ "port", fld_sport }, { "netns", fld_netns }, { NULL, NULL },
};

const struct view_ops rcvq_view_ops = {
	VIEW_OPS_TABLE(RCVQ, rcvq),
	.val_attrs = { TPSTAT_A_RCVBUF },
	.last_values = true,
	.usage =
		"tpstat rcvq [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    packets dropped because a socket's receive queue was full, per\n"
		"    protocol (UDP as UdpRcvbufErrors counts them; raw and ping sockets),\n"
		"    local port and netns, most first, with the socket's receive buffer\n"
		"    (SO_RCVBUF) at the last drop; needs CAP_NET_ADMIN",
	.list_key = "rcvq",
	.names_sockets = true,
	.unavailable = "not available (the kernel lacks udp:udp_fail_queue_rcv_skb or sock:sock_rcvqueue_full, or the module was loaded with views= without it)",
	.selectors = SEL_BIT(SEL_SPORT) | SEL_BIT(SEL_PORT) | SEL_BIT(SEL_NETNS),
	.key_cmp = key_cmp,
	.export_prepare = rcvq_aggregate,
	.export = rcvq_export,
};
