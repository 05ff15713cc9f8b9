// SPDX-License-Identifier: GPL-2.0
/*
 * Receive queues that overflowed: UDP's RcvbufErrors and the full
 * queues of raw and ping sockets (the rcvq view), per protocol, local
 * port and namespace, the address families summed (one socket may take
 * both).  Without the rcvq view, which names sockets and so needs
 * CAP_NET_ADMIN, the drops view's SOCKET_RCVBUFF per namespace: the
 * same losses, without the port.
 */
#include <string.h>
#include <netinet/in.h>

#include "../doctor.h"
#include "../names.h"
#include "../netns.h"
#include "../views.h"


static bool same_socket(const struct view_entry *a, const struct view_entry *b)
{
	return a->protocol == b->protocol && a->sport == b->sport &&
	       doctor_same_netns(a, b);
}

static bool rcvq_row(const struct view_entry *e)
{
	return e->has_protocol && e->has_sport;
}

/* Both findings' cause: what fills a queue, and what sizes it. */
static const char CAUSE[] =
	"the application reads its socket more slowly than packets arrive (a burst, or a slow or stalled reader), and the socket's receive buffer holds too few of them: SO_RCVBUF raises one socket's, up to net.core.rmem_max; net.core.rmem_default is what a socket gets without it";

static void knobs(struct doctor_finding *f)
{
	doctor_knob(f, "net.core.rmem_default");
	doctor_knob(f, "net.core.rmem_max");
}

/* One finding for the rows of @v like row @i, from @i on. */
static int socket_finding(const struct view *v, size_t i,
			  struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char proto[24], ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	char buf[64] = "";
	struct doctor_finding *f;
	uint64_t sum = 0;
	uint32_t rcvbuf = 0;
	bool has_rcvbuf = false, raw;

	for (size_t k = i; k < v->n; k++) {
		if (!rcvq_row(&v->e[k]) || !same_socket(e, &v->e[k]))
			continue;
		sum += v->e[k].count;
		/* The largest buffer a drop saw: what was not enough. */
		if (view_entry_has_val(&v->e[k], TPSTAT_A_RCVBUF) &&
		    view_entry_val(&v->e[k], TPSTAT_A_RCVBUF) >= rcvbuf) {
			rcvbuf = view_entry_val(&v->e[k], TPSTAT_A_RCVBUF);
			has_rcvbuf = true;
		}
	}
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &rcvq_overflow_rule);
	if (!f)
		return -1;
	f->count = sum;
	f->protocol = ip_proto_name(e->protocol);	/* NULL: a number */
	raw = e->protocol == IPPROTO_RAW;
	f->has_port = true;
	f->port = e->sport;
	doctor_set_netns(f, e);
	f->has_rcvbuf = has_rcvbuf;
	f->rcvbuf = rcvbuf;
	if (has_rcvbuf)
		snprintf(buf, sizeof(buf), ", receive buffer %u bytes at the last drop",
			 rcvbuf);
	snprintf(f->what, sizeof(f->what),
		 "%llu packets dropped because the socket's receive queue was full",
		 (unsigned long long)sum);
	snprintf(f->who, sizeof(f->who), raw ?
		 "%s socket of IP protocol %u, netns %s%s" :
		 "%s port %u, netns %s%s",
		 view_proto_text(e, proto, sizeof(proto)), e->sport,
		 netns_text(e->netns, ns, sizeof(ns)), buf);
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	knobs(f);
	snprintf(f->more, sizeof(f->more), "tpstat rcvq port %u%s", e->sport,
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

/* Without the rcvq view: SOCKET_RCVBUFF drops per namespace. */
static int netns_finding(const struct view *v, size_t i,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	struct doctor_finding *f;
	uint64_t sum = 0;

	for (size_t k = i; k < v->n; k++)
		if (doctor_drop_reason_is(&v->e[k], "SOCKET_RCVBUFF") &&
		    doctor_same_netns(e, &v->e[k]))
			sum += v->e[k].count;
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &rcvq_overflow_rule);
	if (!f)
		return -1;
	f->count = sum;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 "%llu packets dropped because a socket's receive queue was full (SOCKET_RCVBUFF)",
		 (unsigned long long)sum);
	snprintf(f->who, sizeof(f->who),
		 "sockets in netns %s (the rcvq view, which names the port, was not read)",
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	knobs(f);
	snprintf(f->more, sizeof(f->more),
		 "tpstat drops --by location reason SOCKET_RCVBUFF%s",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

/* Whether row @i of @v is the first of its key: each key found once. */
static bool first_of_socket(const struct view *v, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (rcvq_row(&v->e[k]) && same_socket(&v->e[k], &v->e[i]))
			return false;
	return true;
}

static bool first_of_netns(const struct view *v, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (doctor_drop_reason_is(&v->e[k], "SOCKET_RCVBUFF") &&
		    doctor_same_netns(&v->e[k], &v->e[i]))
			return false;
	return true;
}

static int rcvq_overflow_eval(const struct doctor_input *in,
			      struct doctor_findings *out)
{
	const struct view *rcvq = in->views[TPSTAT_VIEW_RCVQ];
	const struct view *drops = in->views[TPSTAT_VIEW_DROPS];

	if (rcvq) {
		for (size_t i = 0; i < rcvq->n; i++)
			if (rcvq_row(&rcvq->e[i]) && first_of_socket(rcvq, i) &&
			    socket_finding(rcvq, i, out))
				return -1;
		/* The drops view's SOCKET_RCVBUFF are these same losses. */
		return 0;
	}
	for (size_t i = 0; drops && i < drops->n; i++)
		if (doctor_drop_reason_is(&drops->e[i], "SOCKET_RCVBUFF") &&
		    first_of_netns(drops, i) && netns_finding(drops, i, out))
			return -1;
	return 0;
}

const struct doctor_rule rcvq_overflow_rule = {
	.name = "rcvq_overflow",
	.threshold = "at least 10 packets dropped to one socket's full receive queue (rcvq view: per protocol, port and netns; without it, drops' SOCKET_RCVBUFF per netns), counted since the module's load or last reset",
	.false_alarm = "a receiver that is meant to shed load (a small SO_RCVBUF on purpose), or one burst long ago: the count has no window yet, so an old burst stays until tpstat reset all",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_RCVQ) | DOCTOR_VIEW(TPSTAT_VIEW_DROPS),
	.eval = rcvq_overflow_eval,
	/*
	 * The rcvq view's family only: the export reads it with
	 * CAP_NET_ADMIN (tpstat-export.service has it), and its
	 * SOCKET_RCVBUFF drops are the same losses, without the port.
	 */
	.alert = {
		.name = "TpstatRcvqOverflow",
		.expr = "@(tpstat_socket_rcvq_drops_total) >= @N",
		.summary = "{{ $value }} packets dropped in the last " DOCTOR_ALERT_WINDOW " because the socket's receive queue was full: {{ $labels.protocol }} port {{ $labels.port }}, netns {{ $labels.netns }}",
		.cause = CAUSE,
		.knobs = "net.core.rmem_default, net.core.rmem_max (sysctl on the host), and the socket's SO_RCVBUF (ss -m shows its rb)",
		.more = "tpstat rcvq port {{ $labels.port }} netns {{ $labels.netns }}",
	},
};
