// SPDX-License-Identifier: GPL-2.0
/*
 * A neighbour table full: packets to a next hop that got no entry, the
 * drops view's NEIGH_CREATEFAIL (5.19 on), one finding per namespace;
 * under -i, the tables' own table_fulls too where the view has none (on
 * 5.10 those drops have no reason).  ARP's and ND's tables are the
 * host's, shared by every namespace, so one namespace's neighbours can
 * fill them for all; their limits are sysctls of the initial namespace
 * alone.
 */
#include "../doctor.h"
#include "../netns.h"
#include "../views.h"

static const char CAUSE[] =
	"the host's neighbour table (ARP's, ND's; one for all namespaces) held gc_thresh3 entries and none could be freed, so a new next hop got no entry and its packets were dropped: a large directly connected network, or many namespaces with neighbours of their own, need a higher gc_thresh3 (gc_thresh2 and gc_thresh1 below it); a scan of a local subnet fills it too";

static bool full_row(const struct view_entry *e)
{
	return doctor_drop_reason_is(e, "NEIGH_CREATEFAIL");
}

static void knobs(struct doctor_finding *f)
{
	doctor_knob(f, "net.ipv4.neigh.default.gc_thresh3");
	doctor_knob(f, "net.ipv6.neigh.default.gc_thresh3");
}

static int netns_finding(const struct view *v, size_t i,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	struct doctor_finding *f;
	uint64_t sum;

	sum = doctor_reason_netns_sum(v, i, "NEIGH_CREATEFAIL");
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &neigh_table_full_rule);
	if (!f)
		return -1;
	f->count = sum;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 "%llu packets dropped because their next hop got no neighbour entry (NEIGH_CREATEFAIL)",
		 (unsigned long long)sum);
	snprintf(f->who, sizeof(f->who),
		 "packets sent from netns %s (tpstat drops --by dev shows the devices; the table is the host's)",
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	knobs(f);
	snprintf(f->more, sizeof(f->more),
		 "tpstat drops --by location reason NEIGH_CREATEFAIL%s; ip -s neigh",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

/* The tables' count over -i's interval, where the view has no such drop. */
static int mib_finding(const struct doctor_mibs *m,
		       struct doctor_findings *out)
{
	struct doctor_finding *f;

	if (m->table_fulls < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &neigh_table_full_rule);
	if (!f)
		return -1;
	f->count = m->table_fulls;
	snprintf(f->what, sizeof(f->what),
		 "%llu neighbour entries refused because the table was full (table_fulls)",
		 (unsigned long long)m->table_fulls);
	snprintf(f->who, sizeof(f->who), "%s",
		 "the host's ARP and ND tables, which every namespace shares (lnstat names the table)");
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	knobs(f);
	snprintf(f->more, sizeof(f->more), "%s",
		 "lnstat -c 1 -k arp_cache:entries,arp_cache:table_fulls,ndisc_cache:entries,ndisc_cache:table_fulls; ip -s neigh");
	return 0;
}

static int neigh_table_full_eval(const struct doctor_input *in,
				 struct doctor_findings *out)
{
	const struct view *drops = in->views[TPSTAT_VIEW_DROPS];
	bool any = false;

	for (size_t i = 0; drops && i < drops->n; i++) {
		if (!full_row(&drops->e[i]))
			continue;
		any = true;
		if (netns_finding(drops, i, out))
			return -1;
	}
	/* The table is the host's: the view's rows of any namespace tell it. */
	if (in->mibs.has_table_fulls && !any)
		return mib_finding(&in->mibs, out);
	return 0;
}

const struct doctor_rule neigh_table_full_rule = {
	.name = "neigh_table_full",
	.threshold = "at least 10 drops for NEIGH_CREATEFAIL per netns (drops view, Linux 5.19 on), counted since the module's load or last reset, or under -i at least 10 table_fulls of the ARP and ND tables in the interval, read in the initial namespace",
	.false_alarm = "a sweep of addresses on a directly connected subnet (a scanner, a monitoring tool, an attack) fills the table with entries that never resolve: raising the limit makes room for more of them, and the sweep is what to stop",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_DROPS),
	.eval = neigh_table_full_eval,
	/* Per host: the export's drops have no namespace, and the table is the host's. */
	.alert = {
		.name = "TpstatNeighTableFull",
		.expr = "sum without (code) (@(tpstat_skb_drops_by_reason_total{reason=\"NEIGH_CREATEFAIL\"})) >= @N",
		.summary = "{{ $value }} packets dropped in the last " DOCTOR_ALERT_WINDOW " because the host's neighbour table was full and their next hop got no entry (NEIGH_CREATEFAIL)",
		.cause = CAUSE,
		.knobs = "net.ipv4.neigh.default.gc_thresh3 and net.ipv6.neigh.default.gc_thresh3 (sysctl in the host's initial namespace), with gc_thresh2 and gc_thresh1 below them",
		.more = "tpstat drops --by location reason NEIGH_CREATEFAIL; ip -s neigh",
	},
};
