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
#include "reason_rule.h"

static const char CAUSE[] =
	"packets came into a CPU's input backlog (netif_rx: from a veth's or tun's peer, or steered there by RPS) faster than its receive softirq drained it: net.core.netdev_max_backlog is the backlog's length per CPU, and a softirq run drains at most netdev_budget packets in netdev_budget_usecs (softnet_stat's third column counts runs that ran out)";

static const struct doctor_reason_rule backlog = {
	.rule = &backlog_drops_rule,
	.reason = "CPU_BACKLOG",
	.what = "packets dropped because a CPU's input backlog was full",
	.who = "packets received in",
	.who_note = " (tpstat drops --by dev shows the devices; the backlog is a CPU's)",
	.more_by = "dev",
	.more_note = "; cat /proc/net/softnet_stat",
	.cause = CAUSE,
	.knobs = { "net.core.netdev_max_backlog", "net.core.netdev_budget",
		   "net.core.netdev_budget_usecs" },
	.mib_what = "packets dropped because a CPU's input backlog was full (softnet_stat)",
	.mib_who = "the host's CPUs (softnet_stat has a line per CPU, its second column these drops)",
	.mib_more = "cat /proc/net/softnet_stat",
};

static int backlog_drops_eval(const struct doctor_input *in,
			      struct doctor_findings *out)
{
	int rows = doctor_reason_findings(&backlog,
					  in->views[TPSTAT_VIEW_DROPS], out);

	if (rows < 0)
		return -1;
	/* The backlogs are the host's: the view's rows of any namespace tell them. */
	if (in->mibs.has_backlog_drops && !rows)
		return doctor_reason_mib(&backlog, in->mibs.backlog_drops, NULL,
					 out);
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
