// SPDX-License-Identifier: GPL-2.0
/*
 * Clients whose connections fail: the errors view's ECONNREFUSED,
 * ETIMEDOUT, EHOSTUNREACH and ENETUNREACH on sockets whose service is
 * the remote port (sock:inet_sk_error_report, 5.14 on), one finding per
 * error, protocol, remote port and namespace.  The server's side of a
 * refusal is closed_port's; this is what the clients saw, whose
 * service may be on another host.
 */
#include <errno.h>
#include <string.h>

#include "../array.h"
#include "../doctor.h"
#include "../names.h"
#include "../netns.h"
#include "../view_fmt.h"
#include "../views.h"


/* Each error's cause and the knobs that govern it (NULL: none). */
static const struct {
	unsigned int err;
	const char *cause;
	const char *knobs[2];
} kinds[] = {
	{ ECONNREFUSED,
	  "nothing listens at the service: the peer (or a firewall on the way) answered with a reset or a port unreachable; the service is down or not up yet, or the clients have the wrong port or address; no sysctl on this host governs this",
	  { NULL } },
	{ ETIMEDOUT,
	  "the peer never answered: its host is down, a firewall drops the packets, or the path loses them; net.ipv4.tcp_syn_retries is how many SYNs a connect sends before it gives up, net.ipv4.tcp_retries2 how long an established connection waits",
	  { "net.ipv4.tcp_syn_retries", "net.ipv4.tcp_retries2" } },
	{ EHOSTUNREACH,
	  "no way to the peer: a router answered host unreachable, or its address did not answer neighbour resolution (ip neigh shows FAILED); ip route get names the route the connects take",
	  { NULL } },
	{ ENETUNREACH,
	  "no way to the peer's network: a router answered network unreachable; ip route get names the route the connects take",
	  { NULL } },
};

/* The kind of a client's failed connection, or -1. */
static int kind_of(const struct view_entry *e)
{
	uint16_t port;

	if (!e->has_err || errors_side(e, &port) != SIDE_REMOTE)
		return -1;
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++)
		if (kinds[k].err == e->err)
			return (int)k;
	return -1;
}

static int finding(const struct view_entry *e, int kind,
		   struct doctor_findings *out)
{
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8], proto[12];
	const char *name = errno_name(e->err);
	const char *p = protocol_text(e, proto, sizeof(proto));
	struct doctor_finding *f;
	uint16_t port;

	errors_side(e, &port);
	f = doctor_add(out, &connect_errors_rule);
	if (!f)
		return -1;
	f->count = e->count;
	/* "tcp", "udp" are static; another protocol's number is ours. */
	f->protocol = p != proto ? p : NULL;
	f->has_port = true;
	f->port = port;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 "%llu connections to %s port %u failed with %s (%s)",
		 (unsigned long long)e->count, p ? p : "?", port, name,
		 strerror(e->err));
	snprintf(f->who, sizeof(f->who), "clients of %s port %u, netns %s",
		 p ? p : "?", port, netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", kinds[kind].cause);
	for (size_t k = 0; k < 2 && kinds[kind].knobs[k]; k++)
		doctor_knob(f, kinds[kind].knobs[k]);
	snprintf(f->more, sizeof(f->more), "tpstat errors dport %u errno %s%s",
		 port, name, doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int connect_errors_eval(const struct doctor_input *in,
			       struct doctor_findings *out)
{
	const struct view *errors = in->views[TPSTAT_VIEW_ERRORS];

	/* One entry per errno, protocol, service port, side and netns. */
	for (size_t i = 0; errors && i < errors->n; i++) {
		int kind = kind_of(&errors->e[i]);

		if (kind >= 0 && errors->e[i].count >= DOCTOR_MIN_COUNT &&
		    finding(&errors->e[i], kind, out))
			return -1;
	}
	return 0;
}

const struct doctor_rule connect_errors_rule = {
	.name = "connect_errors",
	.threshold = "at least 10 errors of one kind (ECONNREFUSED, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH) on client sockets of one protocol, remote port and netns (errors view, 5.14 on), counted since the module's load or last reset",
	.false_alarm = "clients that probe a service they know may be down (health checks, retries at boot), or a port scan from this host: the errors are what they looked for",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_ERRORS),
	.eval = connect_errors_eval,
	.alert = {
		.name = "TpstatConnectErrors",
		.expr = "@(tpstat_socket_errors_total{side=\"remote\",errno=~\"ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH\"}) >= @N",
		.summary = "{{ $value }} connections to {{ $labels.protocol }} port {{ $labels.port }} (netns {{ $labels.netns }}) failed in the last " DOCTOR_ALERT_WINDOW " with {{ $labels.errno }}",
		.cause = "ECONNREFUSED: nothing listens at the service (down, not up yet, or the wrong port); ETIMEDOUT: the peer never answered (host down, a firewall dropping, a lossy path); EHOSTUNREACH, ENETUNREACH: no way to the peer (a router's unreachable, failed neighbour resolution)",
		.knobs = "ETIMEDOUT: net.ipv4.tcp_syn_retries, net.ipv4.tcp_retries2 (sysctl on the host); the others: none, the service or the route is what to mend",
		.more = "tpstat errors dport {{ $labels.port }} errno {{ $labels.errno }} netns {{ $labels.netns }}",
	},
};
