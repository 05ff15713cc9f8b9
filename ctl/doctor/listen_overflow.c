// SPDX-License-Identifier: GPL-2.0
/*
 * Listeners whose accept queue was full: the drops view's
 * TCP_LISTEN_OVERFLOW (the kernel's drop reason from 6.15), per
 * namespace; under -i, nstat's TcpExtListenOverflows over the interval
 * too, as the kernels Debian ships consume a full queue's SYNs and ACKs
 * rather than drop them.  Neither has a port: ss -ltn names the
 * listener whose Recv-Q is at its Send-Q.
 */
#include "../doctor.h"
#include "../netns.h"
#include "../views.h"


/* The finding's cause, and the alert's. */
static const char CAUSE[] =
	"the application accepts connections more slowly than they arrive, or asked listen() for a small backlog: the accept queue is the backlog, capped by net.core.somaxconn; half-open ones wait in a queue capped by net.ipv4.tcp_max_syn_backlog";

static bool overflow_row(const struct view_entry *e)
{
	return doctor_drop_reason_is(e, "TCP_LISTEN_OVERFLOW");
}

static int netns_finding(const struct view *v, size_t i,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	struct doctor_finding *f;
	uint64_t sum;

	sum = doctor_reason_netns_sum(v, i, "TCP_LISTEN_OVERFLOW");
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &listen_overflow_rule);
	if (!f)
		return -1;
	f->count = sum;
	f->protocol = "tcp";
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 "%llu TCP handshakes dropped because a listener's accept queue was full (TCP_LISTEN_OVERFLOW)",
		 (unsigned long long)sum);
	snprintf(f->who, sizeof(f->who),
		 "tcp listeners in netns %s (the drops view has no port: ss -ltn shows the listener whose Recv-Q reached its Send-Q)",
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	doctor_knob(f, "net.core.somaxconn");
	doctor_knob(f, "net.ipv4.tcp_max_syn_backlog");
	snprintf(f->more, sizeof(f->more),
		 "tpstat drops --by location reason TCP_LISTEN_OVERFLOW%s",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

/* Whether the drops view has TCP_LISTEN_OVERFLOW rows of @netns. */
static bool view_has(const struct view *drops, uint32_t netns)
{
	for (size_t i = 0; drops && i < drops->n; i++)
		if (overflow_row(&drops->e[i]) && drops->e[i].netns == netns)
			return true;
	return false;
}

/*
 * The MIB's count over -i's interval, where the view has none for the
 * tool's namespace: the kernels that consume a full queue's segments
 * rather than drop them (all of Debian's, 6.1 to 7.3).
 */
static int mib_finding(const struct doctor_mibs *m,
		       struct doctor_findings *out)
{
	char ns[NETNS_NAME_MAX];
	struct doctor_finding *f;

	if (m->listen_overflows < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &listen_overflow_rule);
	if (!f)
		return -1;
	f->count = m->listen_overflows;
	f->protocol = "tcp";
	f->has_netns = true;
	f->netns = m->netns;
	snprintf(f->what, sizeof(f->what),
		 "%llu TCP handshakes refused because a listener's accept queue was full (TcpExtListenOverflows)",
		 (unsigned long long)m->listen_overflows);
	snprintf(f->who, sizeof(f->who),
		 "tcp listeners in netns %s (the MIB has no port: ss -ltn shows the listener whose Recv-Q reached its Send-Q)",
		 netns_text(m->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	doctor_knob(f, "net.core.somaxconn");
	doctor_knob(f, "net.ipv4.tcp_max_syn_backlog");
	snprintf(f->more, sizeof(f->more), "%s",
		 "nstat -az TcpExtListenOverflows TcpExtListenDrops; ss -ltn");
	return 0;
}

static int listen_overflow_eval(const struct doctor_input *in,
				struct doctor_findings *out)
{
	const struct view *drops = in->views[TPSTAT_VIEW_DROPS];

	for (size_t i = 0; drops && i < drops->n; i++)
		if (overflow_row(&drops->e[i]) && netns_finding(drops, i, out))
			return -1;
	if (in->mibs.has_listen && !view_has(drops, in->mibs.netns))
		return mib_finding(&in->mibs, out);
	return 0;
}

const struct doctor_rule listen_overflow_rule = {
	.name = "listen_overflow",
	.threshold = "at least 10 drops for TCP_LISTEN_OVERFLOW per netns (drops view, counted since the module's load or last reset; the reason exists from Linux 6.15, and even 7.3 consumes a full queue's segments), or under -i at least 10 TcpExtListenOverflows in the interval in the netns doctor runs in",
	.false_alarm = "a SYN flood, or a listener with a small backlog on purpose (to shed load): the queue did its job; SYNs dropped before the handshake completed are not counted here",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_DROPS),
	.eval = listen_overflow_eval,
	/* Per host: the export's drops have no namespace. */
	.alert = {
		.name = "TpstatListenOverflow",
		.expr = "sum without (code) (@(tpstat_skb_drops_by_reason_total{reason=\"TCP_LISTEN_OVERFLOW\"})) >= @N",
		.summary = "{{ $value }} TCP handshakes dropped in the last " DOCTOR_ALERT_WINDOW " because a listener's accept queue was full (TCP_LISTEN_OVERFLOW; the export names no port: ss -ltn on the host shows the listener whose Recv-Q reached its Send-Q)",
		.cause = CAUSE,
		.knobs = "net.core.somaxconn, net.ipv4.tcp_max_syn_backlog (sysctl on the host), and the backlog the application gives listen()",
		.more = "tpstat drops --by location reason TCP_LISTEN_OVERFLOW",
	},
};
