// SPDX-License-Identifier: GPL-2.0
/*
 * Packets the firewall dropped: the drops view's NETFILTER_DROP, one
 * finding per namespace (a ruleset is a namespace's).  Doctor cannot
 * tell a rule that does its job from one that is wrong: the finding
 * says which rule to look at, and the false alarm is the firewall
 * working.
 */
#include "reason_rule.h"

static const char CAUSE[] =
	"a netfilter rule (nftables, iptables) dropped them: if this traffic should pass, a rule or a chain's policy is wrong, or the traffic comes from where the ruleset does not expect; the ruleset's counters (nft list ruleset, iptables -L -v) name the rule whose count grows, and nft monitor trace follows one packet through it";

static const struct doctor_reason_rule netfilter = {
	.rule = &netfilter_drops_rule,
	.reason = "NETFILTER_DROP",
	.what = "packets dropped by the firewall",
	.who = "the ruleset of",
	.who_note = " (tpstat drops --by dev shows the devices they came from)",
	.more_by = "location",
	.more_note = "",
	.cause = CAUSE,
};

static int netfilter_drops_eval(const struct doctor_input *in,
				struct doctor_findings *out)
{
	return doctor_reason_findings(&netfilter, in->views[TPSTAT_VIEW_DROPS],
				      out) < 0 ? -1 : 0;
}

const struct doctor_rule netfilter_drops_rule = {
	.name = "netfilter_drops",
	.threshold = "at least 10 drops for NETFILTER_DROP per netns (drops view: a kernel whose drop reasons name it, as 6.1 does), counted since the module's load or last reset",
	.false_alarm = "a firewall doing its job: scans and unwanted traffic dropped on purpose, which every host on a public network sees; the finding is worth reading when the dropped traffic is traffic that should pass",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_DROPS),
	.eval = netfilter_drops_eval,
	/* Per host: the export's drops have no namespace. */
	.alert = {
		.name = "TpstatNetfilterDrops",
		.expr = "sum without (code) (@(tpstat_skb_drops_by_reason_total{reason=\"NETFILTER_DROP\"})) >= @N",
		.summary = "{{ $value }} packets dropped by the firewall in the last " DOCTOR_ALERT_WINDOW " (NETFILTER_DROP; the export names no namespace: tpstat drops --by netns on the host does)",
		.cause = CAUSE,
		.knobs = "none: the ruleset (nft list ruleset, iptables -L -v) is what to read",
		.more = "tpstat drops --by location reason NETFILTER_DROP",
	},
};
