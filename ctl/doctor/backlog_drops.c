// SPDX-License-Identifier: GPL-2.0
/*
 * A CPU's input backlog full: packets handed up by netif_rx (a veth's
 * or tun's peer, RPS steering them to another CPU) that found the
 * CPU's backlog at net.core.netdev_max_backlog, the drops view's
 * CPU_BACKLOG, one finding per namespace; under -i, softnet_stat's
 * dropped too where the view has none (5.10's have no reason).  The
 * backlog drains in the receive softirq, netdev_budget packets or
 * netdev_budget_usecs a run: those are the other knobs.
 */
#include "../doctor.h"
#include "../netns.h"
#include "../views.h"

static const char CAUSE[] =
	"packets came into a CPU's input backlog (netif_rx: from a veth's or tun's peer, or steered there by RPS) faster than its receive softirq drained it: net.core.netdev_max_backlog is the backlog's length per CPU, and a softirq run drains at most netdev_budget packets in netdev_budget_usecs (softnet_stat's third column counts runs that ran out)";

static bool backlog_row(const struct view_entry *e)
{
	return doctor_drop_reason_is(e, "CPU_BACKLOG");
}

static void knobs(struct doctor_finding *f)
{
	doctor_knob(f, "net.core.netdev_max_backlog");
	doctor_knob(f, "net.core.netdev_budget");
	doctor_knob(f, "net.core.netdev_budget_usecs");
}

static int netns_finding(const struct view *v, size_t i,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	struct doctor_finding *f;
	uint64_t sum;

	sum = doctor_reason_netns_sum(v, i, "CPU_BACKLOG");
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &backlog_drops_rule);
	if (!f)
		return -1;
	f->count = sum;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 "%llu packets dropped because a CPU's input backlog was full (CPU_BACKLOG)",
		 (unsigned long long)sum);
	snprintf(f->who, sizeof(f->who),
		 "packets received in netns %s (tpstat drops --by dev shows the devices; the backlog is a CPU's)",
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	knobs(f);
	snprintf(f->more, sizeof(f->more),
		 "tpstat drops --by dev reason CPU_BACKLOG%s; cat /proc/net/softnet_stat",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

/* softnet_stat's count over -i's interval, where the view has no such drop. */
static int mib_finding(const struct doctor_mibs *m,
		       struct doctor_findings *out)
{
	struct doctor_finding *f;

	if (m->backlog_drops < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &backlog_drops_rule);
	if (!f)
		return -1;
	f->count = m->backlog_drops;
	snprintf(f->what, sizeof(f->what),
		 "%llu packets dropped because a CPU's input backlog was full (softnet_stat)",
		 (unsigned long long)m->backlog_drops);
	snprintf(f->who, sizeof(f->who), "%s",
		 "the host's CPUs (softnet_stat has a line per CPU, its second column these drops)");
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	knobs(f);
	snprintf(f->more, sizeof(f->more), "%s", "cat /proc/net/softnet_stat");
	return 0;
}

static int backlog_drops_eval(const struct doctor_input *in,
			      struct doctor_findings *out)
{
	const struct view *drops = in->views[TPSTAT_VIEW_DROPS];
	bool any = false;

	for (size_t i = 0; drops && i < drops->n; i++) {
		if (!backlog_row(&drops->e[i]))
			continue;
		any = true;
		if (netns_finding(drops, i, out))
			return -1;
	}
	/* The backlogs are the host's: the view's rows of any namespace tell them. */
	if (in->mibs.has_backlog_drops && !any)
		return mib_finding(&in->mibs, out);
	return 0;
}

const struct doctor_rule backlog_drops_rule = {
	.name = "backlog_drops",
	.threshold = "at least 10 drops for CPU_BACKLOG per netns (drops view: a kernel whose drop reasons name it, as 6.1 does), counted since the module's load or last reset, or under -i at least 10 of softnet_stat's dropped in the interval",
	.false_alarm = "a flood that nothing could take (a test generator, an attack on a veth-attached container): a longer backlog only queues it; and a burst after a long pause of the CPU (a virtual machine descheduled) that does not come back",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_DROPS),
	.eval = backlog_drops_eval,
	/* Per host: the export's drops have no namespace, and the backlogs are the CPUs'. */
	.alert = {
		.name = "TpstatBacklogDrops",
		.expr = "sum without (code) (@(tpstat_skb_drops_by_reason_total{reason=\"CPU_BACKLOG\"})) >= @N",
		.summary = "{{ $value }} packets dropped in the last " DOCTOR_ALERT_WINDOW " because a CPU's input backlog was full (CPU_BACKLOG)",
		.cause = CAUSE,
		.knobs = "net.core.netdev_max_backlog, net.core.netdev_budget and net.core.netdev_budget_usecs (sysctl on the host)",
		.more = "tpstat drops --by dev reason CPU_BACKLOG; cat /proc/net/softnet_stat",
	},
};
