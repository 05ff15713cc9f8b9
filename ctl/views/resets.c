// SPDX-License-Identifier: GPL-2.0
/*
 * The RESETS view: TCP resets per service (the module's key: namespace,
 * direction, service port, peer and reason), summed over peers unless
 * "--by peer".  No netlink: unit-tested on the host.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "../prom.h"
#include "../json.h"
#include "../netns.h"
#include "../view_columns.h"
#include "../view_sort.h"
#include "../views.h"

#define ADDR_MAX 64	/* "[" INET6_ADDRSTRLEN "]:65535" */
#define NUM_MAX 24	/* a u64 in decimal */
#define SERVICE_MAX 24	/* "remote port 65535" */

/* Its values in a row's val[] (its ops' val_attrs). */
enum { RST_SENT, RST_RECEIVED };

static const char *const resets_by_names[] = {
	[RESETS_BY_SERVICE] = "service", [RESETS_BY_PEER] = "peer",
};

const char *resets_by_name(enum resets_by by)
{
	return by <= RESETS_BY_PEER ? resets_by_names[by] : "unknown";
}

int resets_by_parse(const char *s, unsigned int *by)
{
	for (int i = RESETS_BY_SERVICE; i <= RESETS_BY_PEER; i++) {
		if (!strcmp(s, resets_by_names[i])) {
			*by = i;
			return 0;
		}
	}
	return -1;
}

/* The service: namespace, direction, side and port.  Passive first. */
static int service_cmp(const struct view_entry *a, const struct view_entry *b)
{
	uint16_t pa, pb;
	int c = cmp_netns(a, b);

	if (!c)
		c = cmp_u64((errors_side(a, &pa) + 2) % 3,
			    (errors_side(b, &pb) + 2) % 3);
	if (!c)
		c = cmp_u64(pa, pb);
	if (!c)
		c = cmp_u64(b->has_direction, a->has_direction);
	if (!c)
		c = cmp_u64((a->direction + 1) % 3, (b->direction + 1) % 3);
	return c;
}

static int reason_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(a->has_reason, b->has_reason);

	return c ? c : cmp_u64(a->reason, b->reason);
}

/* What a service row is summed by: its service and reason. */
static int service_key_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = service_cmp(a, b);

	return c ? c : reason_cmp(a, b);
}

static int peer_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(a->daddr_len, b->daddr_len);

	return c ? c : cmp_addr16(a->daddr, b->daddr);
}

static int resets_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(b->val[RST_SENT] + b->val[RST_RECEIVED],
			a->val[RST_SENT] + a->val[RST_RECEIVED]);

	if (!c)
		c = service_cmp(a, b);
	if (!c)
		c = peer_cmp(a, b);
	return c ? c : reason_cmp(a, b);
}

VIEW_SORT(resets_sort, resets_qsort)

int resets_aggregate(struct view *v, enum resets_by by)
{
	size_t out = 0;

	v->by = by;
	if (by == RESETS_BY_SERVICE && v->n) {
		qsort(v->e, v->n, sizeof(*v->e), service_key_qsort);
		for (size_t i = 0; i < v->n; i++) {
			struct view_entry *row = &v->e[out], *e = &v->e[i];

			if (i && !service_key_qsort(row, e)) {
				row->val[RST_SENT] += e->val[RST_SENT];
				row->val[RST_RECEIVED] += e->val[RST_RECEIVED];
				if (!row->has_reason_name && e->has_reason_name) {
					row->reason_name = e->reason_name;
					row->has_reason_name = true;
				}
				continue;
			}
			if (i)
				row = &v->e[++out];
			if (row != e)
				*row = *e;
			/* Peers summed: no address, no family. */
			row->family = 0;
			row->daddr_len = 0;
			memset(row->daddr, 0, sizeof(row->daddr));
		}
		v->n = out + 1;
	}
	if (v->n)
		qsort(v->e, v->n, sizeof(*v->e), resets_qsort);
	return 0;
}

static int resets_arrange(struct view *v, const struct view_args *a)
{
	return resets_aggregate(v, a->by);
}

/* DIRECTION SERVICE [PEER] NETNS SENT RECEIVED REASON. */
static void resets_row(struct columns *c, const struct view_print *p,
		       const struct view_entry *e)
{
	char peer[ADDR_MAX], reason[VIEW_TEXT_MAX], service[SERVICE_MAX];
	const char *dir = direction_name(e);
	uint16_t port;
	enum err_side side = errors_side(e, &port);

	col_plain(c, "DIRECTION", -9, dir ? dir : "-", "direction", dir);
	col_u64(c, "SERVICE", -7, service_text(e, service, sizeof(service)),
		"port", side != SIDE_NONE, port);
	col_plain(c, NULL, 0, NULL, "port_side",
		side != SIDE_NONE ? errors_side_name(side) : NULL);
	if (p->v->by == RESETS_BY_PEER) {
		bool valid = e->daddr_len == 4 || e->daddr_len == 16;

		col_plain(c, NULL, 0, NULL, "family", view_family_name(e));
		format_addr(peer, sizeof(peer), e->daddr, e->daddr_len, -1);
		col_plain(c, "PEER", -4, peer, "remote", valid ? peer : NULL);
	}
	view_col_netns(c, e, 10);
	view_col_count(c, p, "SENT", "sent", e->val[RST_SENT]);
	view_col_count(c, p, "RECEIVED", "received", e->val[RST_RECEIVED]);
	col_str(c, "REASON", -1, view_reason_text(e, reason, sizeof(reason)),
		NULL, NULL);
	if (col_json(c))
		view_json_reason(col_json(c), e);
}

static const char *resets_json_by(const struct view_print *p)
{
	return resets_by_name(p->v->by);
}

static const struct prom_family fam_resets = {
	"tpstat_tcp_resets_total", "counter",
	"TCP resets sent (tcp:tcp_send_reset) and received (tcp:tcp_receive_reset) per service: direction passive where the port is local (a server's end), active where it is remote (a client's); reason is the kernel's for sent ones (6.10 and later), else empty; netns is the namespace's inode number, netns_cookie its cookie (an inode number is reused once its namespace is gone, a cookie never is); lost to a full resets table they are not counted here",
};

/* Entries without a direction or one service port are left out. */
void resets_export(struct prom *p, const struct view *v)
{
	for (size_t i = 0; v && i < v->n; i++) {
		const struct view_entry *e = &v->e[i];
		char port[8], netns[12], ck[NUM_MAX];
		uint16_t n;
		struct prom_label l[6] = {
			{ "kind", "sent" },
			{ "direction", direction_name(e) },
			{ "port", port },
			{ "netns", netns },
			{ "netns_cookie", netns_cookie_text(e, ck, sizeof(ck)) },
			{ "reason", e->has_reason_name ? e->reason_name : "" },
		};

		if (!l[1].value || errors_side(e, &n) == SIDE_NONE)
			continue;
		snprintf(port, sizeof(port), "%u", n);
		snprintf(netns, sizeof(netns), "%u", e->netns);
		if (e->val[RST_SENT])
			prom_sample(p, &fam_resets, "", l, 6, e->val[RST_SENT]);
		l[0].value = "received";
		l[5].value = "";
		if (e->val[RST_RECEIVED])
			prom_sample(p, &fam_resets, "", l, 6, e->val[RST_RECEIVED]);
	}
}

static const struct view_field resets_fields[] = {
	{ "sent", fld_val0 }, { "received", fld_val1 },
	{ "direction", fld_direction }, { "service", fld_port },
	{ "peer", fld_daddr }, { "netns", fld_netns },
	{ "reason", fld_reason }, { NULL, NULL },
};

/* --by: service or peer. */
static int resets_parse_by(const char *by, struct view_args *a, char *err,
			   size_t err_len)
{
	if (by && resets_by_parse(by, &a->by)) {
		snprintf(err, err_len,
			 "--by needs service or peer for resets, not '%.64s'",
			 by);
		return 2;
	}
	return 0;
}

/* Export: by service, summed over peers. */
static int resets_export_prepare(struct view *v)
{
	return resets_aggregate(v, RESETS_BY_SERVICE);
}

const struct view_ops resets_view_ops = {
	VIEW_OPS_TABLE(RESETS, resets),
	.val_attrs = { TPSTAT_A_RST_SENT, TPSTAT_A_RST_RECEIVED },
	.usage =
		"tpstat resets [--by service|peer] [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    TCP resets sent and received per service, with the kernel's reason\n"
		"    for sent ones (6.10+): the local port where the reset was on a\n"
		"    server's end (passive), the remote port on a client's (active);\n"
		"    --by peer: per service and peer address; needs CAP_NET_ADMIN",
	.list_key = "resets",
	.names_sockets = true,
	.selectors = SEL_BIT(SEL_DST) | SEL_BIT(SEL_SPORT) | SEL_BIT(SEL_DPORT) |
		     SEL_BIT(SEL_PORT) | SEL_BIT(SEL_NETNS) | SEL_BIT(SEL_REASON),
	.sort = resets_sort,
	.arrange = resets_arrange,
	.json_by = resets_json_by,
	.parse_by = resets_parse_by,
	.by_words = "service or peer",
	.export_prepare = resets_export_prepare,
	.export = resets_export,
};
