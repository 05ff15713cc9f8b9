// SPDX-License-Identifier: GPL-2.0
/*
 * Packets to ports where nothing listens: the resets the kernel sent
 * without a socket (resets view: passive, NO_SOCKET, 6.10 on), per
 * local port and namespace, peers and families summed; and the drops
 * view's NO_SOCKET per namespace, whose rows have no port: UDP's (freed
 * in __udp4_lib_rcv, __udp6_lib_rcv), and TCP's where the resets view,
 * which names the port, was not read.
 */
#include <string.h>

#include "../doctor.h"
#include "../netns.h"
#include "../views.h"


#define NS_SEL_MAX (NETNS_NAME_MAX + 8)

/* A port's finding's cause, and the alert's. */
static const char PORT_CAUSE[] =
	"no socket listens on the port: the service is down or not up yet, listens on another port or address, or its clients have the wrong port; no sysctl governs this";

/* A reset the kernel sent for a segment no socket took. */
static bool refused_row(const struct view_entry *e)
{
	return e->has_direction && e->direction == TPSTAT_DIRECTION_PASSIVE &&
	       e->has_sport && view_entry_val(e, TPSTAT_A_RST_SENT) &&
	       doctor_drop_reason_is(e, "NO_SOCKET");
}

static bool same_port(const struct view_entry *a, const struct view_entry *b)
{
	return a->sport == b->sport && doctor_same_netns(a, b);
}

static int port_finding(const struct view *v, size_t i,
			struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NS_SEL_MAX];
	struct doctor_finding *f;
	uint64_t sum = 0;

	for (size_t k = 0; k < i; k++)
		if (refused_row(&v->e[k]) && same_port(&v->e[k], e))
			return 0;	/* its port's finding is made */
	for (size_t k = i; k < v->n; k++)
		if (refused_row(&v->e[k]) && same_port(&v->e[k], e))
			sum += view_entry_val(&v->e[k], TPSTAT_A_RST_SENT);
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &closed_port_rule);
	if (!f)
		return -1;
	f->count = sum;
	f->protocol = "tcp";
	f->has_port = true;
	f->port = e->sport;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 "%llu TCP segments to a port where nothing listens, each answered with a reset (NO_SOCKET)",
		 (unsigned long long)sum);
	snprintf(f->who, sizeof(f->who), "tcp port %u, netns %s", e->sport,
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", PORT_CAUSE);
	snprintf(f->more, sizeof(f->more), "tpstat resets --by peer port %u%s",
		 e->sport, doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

/* NO_SOCKET freed by UDP's receive path (its location's function). */
static bool udp_row(const struct view_entry *e)
{
	return strstr(e->location, "udp") != NULL;
}

/* A NO_SOCKET drop this rule counts per namespace: UDP's, or TCP's too. */
static bool nosock_row(const struct view_entry *e, bool tcp_too)
{
	return doctor_drop_reason_is(e, "NO_SOCKET") &&
	       (udp_row(e) || tcp_too);
}

static int netns_finding(const struct view *v, size_t i, bool udp,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NS_SEL_MAX];
	struct doctor_finding *f;
	uint64_t sum = 0;

	for (size_t k = 0; k < i; k++)
		if (nosock_row(&v->e[k], true) && udp_row(&v->e[k]) == udp &&
		    doctor_same_netns(&v->e[k], e))
			return 0;
	for (size_t k = i; k < v->n; k++)
		if (nosock_row(&v->e[k], true) && udp_row(&v->e[k]) == udp &&
		    doctor_same_netns(&v->e[k], e))
			sum += v->e[k].count;
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &closed_port_rule);
	if (!f)
		return -1;
	f->count = sum;
	f->protocol = udp ? "udp" : NULL;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 udp ? "%llu UDP datagrams to ports where no socket is bound (NO_SOCKET)" :
		       "%llu packets other than UDP to ports where nothing listens (NO_SOCKET)",
		 (unsigned long long)sum);
	snprintf(f->who, sizeof(f->who), udp ?
		 "udp, netns %s (the drops view has no port)" :
		 "netns %s (the drops view has no port; the resets view, which has it, was not read)",
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause),
		 "nothing is bound to the port the packets are sent to: a service down or not up yet, or senders with the wrong port; no sysctl governs this");
	snprintf(f->more, sizeof(f->more),
		 "tpstat drops --by location reason NO_SOCKET%s",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int closed_port_eval(const struct doctor_input *in,
			    struct doctor_findings *out)
{
	const struct view *resets = in->views[TPSTAT_VIEW_RESETS];
	const struct view *drops = in->views[TPSTAT_VIEW_DROPS];

	for (size_t i = 0; resets && i < resets->n; i++)
		if (refused_row(&resets->e[i]) &&
		    port_finding(resets, i, out))
			return -1;
	/*
	 * TCP's NO_SOCKET drops are the resets' segments: counted from
	 * the drops view only when the resets view was not read.
	 */
	for (size_t i = 0; drops && i < drops->n; i++)
		if (nosock_row(&drops->e[i], !resets) &&
		    netns_finding(drops, i, udp_row(&drops->e[i]), out))
			return -1;
	return 0;
}

const struct doctor_rule closed_port_rule = {
	.name = "closed_port",
	.threshold = "at least 10 TCP resets sent for NO_SOCKET to one local port and netns (resets view, 6.10 on), or 10 NO_SOCKET drops of UDP per netns (drops view: no port), counted since the module's load or last reset",
	.false_alarm = "a port scan, or clients that probe a service before it is up (health checks, retries at boot): nothing is wrong with the host then",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_RESETS) | DOCTOR_VIEW(TPSTAT_VIEW_DROPS),
	.eval = closed_port_eval,
	/*
	 * TCP per port and namespace, from the resets; UDP per host: the
	 * export's drops have neither port, namespace nor location, so
	 * UDP's are the NO_SOCKET drops that no reset answered (each TCP
	 * segment to a closed port is one drop and one reset), all of them
	 * where the resets name no NO_SOCKET (before 6.10).
	 */
	.alert = {
		.name = "TpstatClosedPort",
		.expr = "label_replace(sum without (kind, direction, reason) (@(tpstat_tcp_resets_total{kind=\"sent\",direction=\"passive\",reason=\"NO_SOCKET\"})), \"protocol\", \"tcp\", \"\", \"\") >= @N\n"
			"or\n"
			"label_replace(sum without (reason, code) (@(tpstat_skb_drops_by_reason_total{reason=\"NO_SOCKET\"}))\n"
			"  - sum without (kind, direction, port, netns, netns_cookie, reason) (@(tpstat_tcp_resets_total{kind=\"sent\",reason=\"NO_SOCKET\"}))\n"
			"  or sum without (reason, code) (@(tpstat_skb_drops_by_reason_total{reason=\"NO_SOCKET\"})), \"protocol\", \"udp\", \"\", \"\") >= @N",
		.summary = "{{ $value }} {{ $labels.protocol }} packets in the last " DOCTOR_ALERT_WINDOW " to {{ with $labels.port }}port {{ . }}, netns {{ $labels.netns }}, where nothing listens, each answered with a reset (NO_SOCKET){{ else }}ports where no socket is bound (NO_SOCKET drops that no reset answered; the export names no port for them){{ end }}",
		.cause = PORT_CAUSE,
		.knobs = "none: no sysctl governs this",
		.more = "{{ with $labels.port }}tpstat resets --by peer port {{ . }} netns {{ $labels.netns }}{{ else }}tpstat drops --by location reason NO_SOCKET{{ end }}",
	},
};
