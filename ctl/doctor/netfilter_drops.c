// SPDX-License-Identifier: GPL-2.0
/*
 * Packets the firewall dropped: the drops view's NETFILTER_DROP, one
 * finding per namespace (a ruleset is a namespace's).  Doctor cannot
 * tell a rule that does its job from one that is wrong: the finding
 * says which rule to look at, and the false alarm is the firewall
 * working.
 */
#include "../doctor.h"
#include "../netns.h"
#include "../views.h"

static const char CAUSE[] =
	"a netfilter rule (nftables, iptables) dropped them: if this traffic should pass, a rule or a chain's policy is wrong, or the traffic comes from where the ruleset does not expect; the ruleset's counters (nft list ruleset, iptables -L -v) name the rule whose count grows, and nft monitor trace follows one packet through it";

static bool nf_row(const struct view_entry *e)
{
	return doctor_drop_reason_is(e, "NETFILTER_DROP");
}

static int netns_finding(const struct view *v, size_t i,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	struct doctor_finding *f;
	uint64_t sum;

	sum = doctor_reason_netns_sum(v, i, "NETFILTER_DROP");
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &netfilter_drops_rule);
	if (!f)
		return -1;
	f->count = sum;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 "%llu packets dropped by the firewall (NETFILTER_DROP)",
		 (unsigned long long)sum);
	snprintf(f->who, sizeof(f->who),
		 "the ruleset of netns %s (tpstat drops --by dev shows the devices they came from)",
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	snprintf(f->more, sizeof(f->more),
		 "tpstat drops --by location reason NETFILTER_DROP%s",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int netfilter_drops_eval(const struct doctor_input *in,
				struct doctor_findings *out)
{
	const struct view *drops = in->views[TPSTAT_VIEW_DROPS];

	for (size_t i = 0; drops && i < drops->n; i++)
		if (nf_row(&drops->e[i]) && netns_finding(drops, i, out))
			return -1;
	return 0;
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
