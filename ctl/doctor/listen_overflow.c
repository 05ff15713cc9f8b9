// SPDX-License-Identifier: GPL-2.0
/*
 * Listeners whose accept queue was full: the drops view's
 * TCP_LISTEN_OVERFLOW (the kernel's drop reason from 6.15), per
 * namespace; under -i, nstat's TcpExtListenOverflows over the interval
 * too, as the kernels Debian ships consume a full queue's SYNs and ACKs
 * rather than drop them.  Neither has a port: ss -ltn names the
 * listener whose Recv-Q is at its Send-Q.
 */
#include "../views.h"
#include "reason_rule.h"

/* The finding's cause, and the alert's. */
static const char CAUSE[] =
	"the application accepts connections more slowly than they arrive, or asked listen() for a small backlog: the accept queue is the backlog, capped by net.core.somaxconn; half-open ones wait in a queue capped by net.ipv4.tcp_max_syn_backlog";

static const struct doctor_reason_rule overflow = {
	.rule = &listen_overflow_rule,
	.reason = "TCP_LISTEN_OVERFLOW",
	.what = "TCP handshakes dropped because a listener's accept queue was full",
	.who = "tcp listeners in",
	.who_note = " (the drops view has no port: ss -ltn shows the listener whose Recv-Q reached its Send-Q)",
	.more_by = "location",
	.more_note = "",
	.protocol = "tcp",
	.cause = CAUSE,
	.knobs = { "net.core.somaxconn", "net.ipv4.tcp_max_syn_backlog" },
	.mib_what = "TCP handshakes refused because a listener's accept queue was full (TcpExtListenOverflows)",
	.mib_who = " (the MIB has no port: ss -ltn shows the listener whose Recv-Q reached its Send-Q)",
	.mib_more = "nstat -az TcpExtListenOverflows TcpExtListenDrops; ss -ltn",
};

/* Whether the drops view has TCP_LISTEN_OVERFLOW rows of @netns. */
static bool view_has(const struct view *drops, uint32_t netns)
{
	for (size_t i = 0; drops && i < drops->n; i++)
		if (doctor_drop_reason_is(&drops->e[i], overflow.reason) &&
		    drops->e[i].netns == netns)
			return true;
	return false;
}

/*
 * The MIB's count over -i's interval stands in where the view has none
 * for the tool's namespace: the kernels that consume a full queue's
 * segments rather than drop them (all of Debian's, 6.1 to 7.3).
 */
static int listen_overflow_eval(const struct doctor_input *in,
				struct doctor_findings *out)
{
	const struct view *drops = in->views[TPSTAT_VIEW_DROPS];

	if (doctor_reason_findings(&overflow, drops, out) < 0)
		return -1;
	if (in->mibs.has_listen && !view_has(drops, in->mibs.netns))
		return doctor_reason_mib(&overflow, in->mibs.listen_overflows,
					 &in->mibs.netns, out);
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
