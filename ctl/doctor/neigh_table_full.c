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
#include "reason_rule.h"

static const char CAUSE[] =
	"the host's neighbour table (ARP's, ND's; one for all namespaces) held gc_thresh3 entries and none could be freed, so a new next hop got no entry and its packets were dropped: a large directly connected network, or many namespaces with neighbours of their own, need a higher gc_thresh3 (gc_thresh2 and gc_thresh1 below it); a scan of a local subnet fills it too";

static const struct doctor_reason_rule table_full = {
	.rule = &neigh_table_full_rule,
	.reason = "NEIGH_CREATEFAIL",
	.what = "packets dropped because their next hop got no neighbour entry",
	.who = "packets sent from",
	.who_note = " (tpstat drops --by dev shows the devices; the table is the host's)",
	.more_by = "location",
	.more_note = "; ip -s neigh",
	.cause = CAUSE,
	.knobs = { "net.ipv4.neigh.default.gc_thresh3",
		   "net.ipv6.neigh.default.gc_thresh3" },
	.mib_what = "neighbour entries refused because the table was full (table_fulls)",
	.mib_who = "the host's ARP and ND tables, which every namespace shares (lnstat names the table)",
	.mib_more = "lnstat -c 1 -k arp_cache:entries,arp_cache:table_fulls,ndisc_cache:entries,ndisc_cache:table_fulls; ip -s neigh",
};

static int neigh_table_full_eval(const struct doctor_input *in,
				 struct doctor_findings *out)
{
	int rows = doctor_reason_findings(&table_full,
					  in->views[TPSTAT_VIEW_DROPS], out);

	if (rows < 0)
		return -1;
	/* The table is the host's: the view's rows of any namespace tell it. */
	if (in->mibs.has_table_fulls && !rows)
		return doctor_reason_mib(&table_full, in->mibs.table_fulls,
					 NULL, out);
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
