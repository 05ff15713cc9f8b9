// SPDX-License-Identifier: GPL-2.0
/*
 * The ERRORS view (tpstat errors): errors reported on TCP and UDP
 * sockets (sock:inet_sk_error_report) per errno, protocol, service port
 * and namespace.
 */
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "../prom.h"
#include "../json.h"
#include "../netns.h"
#include "../view_columns.h"
#include "../views.h"

#define NUM_MAX 24	/* a u64 in decimal */
#define ERR_MAX 48	/* "EPROTONOSUPPORT (93)", "errno 4294967295" */
#define SERVICE_MAX 24	/* "remote port 65535" */

const char *protocol_text(const struct view_entry *e, char *buf, size_t len)
{
	if (!e->has_protocol)
		return NULL;
	if (e->protocol == IPPROTO_TCP)
		return "tcp";
	if (e->protocol == IPPROTO_UDP)
		return "udp";
	snprintf(buf, len, "%u", e->protocol);
	return buf;
}

/*
 * The key.  A part an entry lacks sorts after the others:
 * (side + 2) % 3 puts local, remote, then none.
 */
static int errors_key_cmp(const struct view_entry *a,
			  const struct view_entry *b)
{
	uint16_t pa = 0, pb = 0;
	int c = cmp_u64(b->has_err, a->has_err);

	if (!c)
		c = cmp_u64(a->err, b->err);
	if (!c)
		c = cmp_u64(b->has_protocol, a->has_protocol);
	if (!c)
		c = cmp_u64(a->protocol, b->protocol);
	if (!c)
		c = cmp_u64((errors_side(a, &pa) + 2) % 3,
			    (errors_side(b, &pb) + 2) % 3);
	if (!c)
		c = cmp_u64(pa, pb);
	return c ? c : cmp_netns(a, b);
}

static void errors_merge(struct view_entry *row, const struct view_entry *e)
{
	row->count += e->count;
}

int errors_aggregate(struct view *v)
{
	view_fold_families(v, errors_key_cmp, errors_merge);
	return 0;
}

/* "ECONNREFUSED (111)", "errno 4000", or "-" without ERRNO. */
static const char *error_text(const struct view_entry *e, char *buf,
			      size_t len)
{
	return e->has_err ? errno_text(e->err, buf, len) : "-";
}

/* The PROTO column (view_fmt.h). */
static const char *proto_column(const struct view_entry *e, char *buf,
				size_t len)
{
	return view_proto_column(e, protocol_text(e, buf, len), buf, len);
}

/* COUNT ERROR PROTO SERVICE NETNS. */
static void errors_row(struct columns *c, const struct view_print *pr,
		       const struct view_entry *e)
{
	char err[ERR_MAX], proto[NUM_MAX], name[NUM_MAX], service[SERVICE_MAX];
	uint16_t port;
	enum err_side side = errors_side(e, &port);

	view_col_count(c, pr, "COUNT", "count", e->count);
	col_u64(c, NULL, 0, NULL, "errno", e->has_err, e->err);
	col_str(c, "ERROR", -5, error_text(e, err, sizeof(err)), "error",
		e->has_err ? errno_name(e->err) : NULL);
	col_str(c, NULL, 0, NULL, "message",
		e->has_err ? strerror(e->err) : NULL);
	col_str(c, "PROTO", -5, proto_column(e, proto, sizeof(proto)),
		"protocol", protocol_text(e, name, sizeof(name)));
	col_plain(c, NULL, 0, NULL, "family", view_family_name(e));
	col_u64(c, "SERVICE", -7, service_text(e, service, sizeof(service)),
		"port", side != SIDE_NONE, port);
	col_plain(c, NULL, 0, NULL, "port_side",
		side != SIDE_NONE ? errors_side_name(side) : NULL);
	view_col_netns(c, e, -1);
}

static const struct prom_family fam_socket_errors = {
	"tpstat_socket_errors_total", "counter",
	"Errors reported on TCP and UDP sockets (sock:inet_sk_error_report) per errno (its name, or its number), protocol and service port: side is remote where the local port was ephemeral (a client), else local; netns is the namespace's inode number, netns_cookie its cookie (an inode number is reused once its namespace is gone, a cookie never is); lost to a full errors table they are not counted here",
};

/* Entries without an errno, a protocol or one service port are left out. */
void errors_export(struct prom *p, const struct view *v)
{
	for (size_t i = 0; v && i < v->n; i++) {
		const struct view_entry *e = &v->e[i];
		char err[12], proto[12], port[8], netns[12], ck[NUM_MAX];
		const char *name = errno_name(e->err);
		uint16_t n;
		enum err_side side = errors_side(e, &n);
		const struct prom_label l[6] = {
			{ "errno", name ? name : err },
			{ "protocol", protocol_text(e, proto, sizeof(proto)) },
			{ "port", port },
			{ "side", errors_side_name(side) },
			{ "netns", netns },
			{ "netns_cookie", netns_cookie_text(e, ck, sizeof(ck)) },
		};

		if (!e->has_err || !l[1].value || side == SIDE_NONE)
			continue;
		snprintf(err, sizeof(err), "%u", e->err);
		snprintf(port, sizeof(port), "%u", n);
		snprintf(netns, sizeof(netns), "%u", e->netns);
		prom_sample(p, &fam_socket_errors, "", l, 6, e->count);
	}
}

static const struct view_field errors_fields[] = {
	{ "count", fld_count }, { "error", fld_errno }, { "proto", fld_proto },
	{ "service", fld_port }, { "netns", fld_netns }, { NULL, NULL },
};

const struct view_ops errors_view_ops = {
	VIEW_OPS_TABLE(ERRORS, errors),
	.usage =
		"tpstat errors [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    errors reported on TCP and UDP sockets (ECONNREFUSED, ETIMEDOUT...;\n"
		"    5.14+) per errno, protocol, service port and netns, most first;\n"
		"    the service is the remote port where the local one is ephemeral\n"
		"    (a client), else the local port; needs CAP_NET_ADMIN",
	.list_key = "errors",
	.names_sockets = true,
	.unavailable = "not available (the kernel has no sock:inet_sk_error_report before Linux 5.14, or the module was loaded with views= without it)",
	.selectors = SEL_BIT(SEL_ERRNO) | SEL_BIT(SEL_SPORT) | SEL_BIT(SEL_DPORT) |
		     SEL_BIT(SEL_PORT) | SEL_BIT(SEL_NETNS),
	.key_cmp = errors_key_cmp,
	.export_prepare = errors_aggregate,
	.export = errors_export,
};
