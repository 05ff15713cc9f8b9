// SPDX-License-Identifier: GPL-2.0
/*
 * Retransmits spread over many peers: the retrans view's flows past
 * their handshake, per namespace, where three peers or more retransmit
 * and none has half (retrans_peer's case).  Loss on every path at once
 * is this host's side of them: its device, its queue, its first hop.
 */
#include "../doctor.h"
#include "../names.h"
#include "../netns.h"
#include "../views.h"

/* The least peers that make "spread" (two are two paths, not many). */
#define SPREAD_PEERS	3

static const char CAUSE[] =
	"segments to many peers are lost alike, so what they share is the suspect: this host's device or queue (tpstat devices and tpstat drops --by dev show losses here), its first hop or uplink (congested, or losing frames), or a CPU too busy to send or to answer in time. A queue discipline that drops under load is the knob here: tc -s qdisc show says which; default_qdisc is what new devices get";

static bool counted(const struct view_entry *e)
{
	return retrans_past_handshake(e) != 0;
}

/* Whether row @i is the first of its peer among counted rows. */
static bool first_of_peer(const struct view *v, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (counted(&v->e[k]) && doctor_same_peer(&v->e[k], &v->e[i]))
			return false;
	return true;
}

static uint64_t peer_sum(const struct view *v, size_t i)
{
	uint64_t sum = 0;

	for (size_t k = i; k < v->n; k++)
		if (counted(&v->e[k]) && doctor_same_peer(&v->e[k], &v->e[i]))
			sum += retrans_past_handshake(&v->e[k]);
	return sum;
}

static int netns_finding(const struct view *v, size_t i,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	uint64_t all = 0, top = 0;
	size_t peers = 0, top_i = i;
	struct doctor_finding *f;

	for (size_t k = 0; k < i; k++)
		if (counted(&v->e[k]) && doctor_same_netns(&v->e[k], e))
			return 0;
	for (size_t k = i; k < v->n; k++) {
		uint64_t sum;

		if (!counted(&v->e[k]) || !doctor_same_netns(&v->e[k], e) ||
		    !first_of_peer(v, k))
			continue;
		sum = peer_sum(v, k);
		all += sum;
		peers++;
		if (sum > top) {
			top = sum;
			top_i = k;
		}
	}
	if (all < DOCTOR_MIN_COUNT || peers < SPREAD_PEERS || top * 2 >= all)
		return 0;
	f = doctor_add(out, &retrans_spread_rule);
	if (!f)
		return -1;
	f->count = all;
	f->protocol = "tcp";
	doctor_set_netns(f, e);
	format_addr(f->address, sizeof(f->address), v->e[top_i].daddr,
		    v->e[top_i].daddr_len, -1);
	snprintf(f->what, sizeof(f->what),
		 "%llu TCP retransmits spread over %zu peers, none with half: %s most (%llu)",
		 (unsigned long long)all, peers, f->address,
		 (unsigned long long)top);
	snprintf(f->who, sizeof(f->who), "this host's side, netns %s",
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	doctor_knob(f, "net.core.default_qdisc");
	snprintf(f->more, sizeof(f->more), "tpstat retrans%s",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int retrans_spread_eval(const struct doctor_input *in,
			       struct doctor_findings *out)
{
	const struct view *retrans = in->views[TPSTAT_VIEW_RETRANS];

	for (size_t i = 0; retrans && i < retrans->n; i++)
		if (counted(&retrans->e[i]) &&
		    netns_finding(retrans, i, out))
			return -1;
	return 0;
}

/* The alert: per namespace, the same three tests on its peers' sums. */
#define PEER_INC "@(tpstat_tcp_retransmits_by_peer_total)"
#define NETNS_SUM "sum by (netns, netns_cookie) (" PEER_INC ")"

const struct doctor_rule retrans_spread_rule = {
	.name = "retrans_spread",
	.threshold = "at least 10 TCP retransmits past the handshake in one netns, to 3 peers or more, none of which has half of them (retrans view), counted since the module's load or last reset",
	.false_alarm = "a host whose peers are all far away or on lossy links by nature (mobile clients, the internet at large): some loss is their paths', and the same rate every day is its baseline, not a fault",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_RETRANS),
	.eval = retrans_spread_eval,
	.alert = {
		.name = "TpstatRetransSpread",
		.expr = NETNS_SUM " >= @N and count by (netns, netns_cookie) (" PEER_INC " > 0) >= 3 and max by (netns, netns_cookie) (" PEER_INC ") * 2 < on (netns, netns_cookie) " NETNS_SUM,
		.summary = "{{ $value }} TCP retransmits in netns {{ $labels.netns }} in the last " DOCTOR_ALERT_WINDOW ", spread over 3 peers or more with none at half",
		.cause = CAUSE,
		.knobs = "the qdisc of the device (tc qdisc; net.core.default_qdisc for new devices), the device's ring (ethtool -G); otherwise the uplink is what to mend",
		.more = "tpstat retrans netns {{ $labels.netns }}",
	},
};
