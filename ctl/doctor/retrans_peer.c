// SPDX-License-Identifier: GPL-2.0
/*
 * Retransmits concentrated on one peer: the retrans view's flows past
 * their handshake, summed per peer and namespace.  A peer with half or
 * more of its namespace's retransmits, and at least 10, is the path to
 * it (or the peer itself) losing segments; retransmits spread over many
 * peers point at this host instead, which this rule does not name.
 */
#include "../doctor.h"
#include "../names.h"
#include "../netns.h"
#include "../views.h"

static const char CAUSE[] =
	"segments to this peer are lost or arrive too late, and others' are not: the path to it (a congested or lossy link, a middlebox, an MTU black hole) or the peer itself (its receive queue, its CPU); ping and mtr to it show the path. Were they spread over every peer, this host's link or queue would be the suspect instead";

static bool counted(const struct view_entry *e)
{
	return retrans_past_handshake(e) != 0;
}

static int peer_finding(const struct view *v, size_t i,
			struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	uint64_t peer = 0, all = 0;
	struct doctor_finding *f;
	size_t flows = 0;

	for (size_t k = 0; k < i; k++)
		if (counted(&v->e[k]) && doctor_same_peer(&v->e[k], e))
			return 0;
	for (size_t k = 0; k < v->n; k++) {
		const struct view_entry *r = &v->e[k];

		if (!counted(r) || !doctor_same_netns(r, e))
			continue;
		all += retrans_past_handshake(r);
		if (doctor_same_peer(r, e)) {
			peer += retrans_past_handshake(r);
			flows++;
		}
	}
	if (peer < DOCTOR_MIN_COUNT || peer * 2 < all)
		return 0;
	f = doctor_add(out, &retrans_peer_rule);
	if (!f)
		return -1;
	f->count = peer;
	f->protocol = "tcp";
	doctor_set_netns(f, e);
	format_addr(f->address, sizeof(f->address), e->daddr, e->daddr_len,
		    -1);
	snprintf(f->what, sizeof(f->what),
		 "%llu TCP retransmits to %s, %llu%% of the namespace's %llu, over %zu connection%s",
		 (unsigned long long)peer, f->address,
		 (unsigned long long)(peer * 100 / all),
		 (unsigned long long)all, flows, flows == 1 ? "" : "s");
	snprintf(f->who, sizeof(f->who), "peer %s, netns %s", f->address,
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	snprintf(f->more, sizeof(f->more), "tpstat retrans dst %s%s",
		 f->address,
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int retrans_peer_eval(const struct doctor_input *in,
			     struct doctor_findings *out)
{
	const struct view *retrans = in->views[TPSTAT_VIEW_RETRANS];

	for (size_t i = 0; retrans && i < retrans->n; i++)
		if (counted(&retrans->e[i]) &&
		    peer_finding(retrans, i, out))
			return -1;
	return 0;
}

/* The alert: one peer's retransmits, and half its namespace's or more. */
#define PEER_SUM \
	"sum by (peer, netns, netns_cookie) (@(tpstat_tcp_retransmits_by_peer_total))"

const struct doctor_rule retrans_peer_rule = {
	.name = "retrans_peer",
	.threshold = "at least 10 TCP retransmits to one peer per netns, past the handshake, and half or more of that netns's (retrans view), counted since the module's load or last reset",
	.false_alarm = "a peer that gets nearly all of the traffic (one backup target, one upstream proxy): its share of the retransmits is its share of the segments, and the loss may be anywhere; a peer far away over the internet retransmits now and then by nature",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_RETRANS),
	.eval = retrans_peer_eval,
	.alert = {
		.name = "TpstatRetransPeer",
		.expr = PEER_SUM " >= @N and " PEER_SUM " * 2 >= on (netns, netns_cookie) group_left sum by (netns, netns_cookie) (@(tpstat_tcp_retransmits_by_peer_total))",
		.summary = "{{ $value }} TCP retransmits to {{ $labels.peer }} (netns {{ $labels.netns }}) in the last " DOCTOR_ALERT_WINDOW ", half or more of its namespace's",
		.cause = CAUSE,
		.knobs = "none: the path to the peer, or the peer, is what to mend",
		.more = "tpstat retrans dst {{ $labels.peer }} netns {{ $labels.netns }}",
	},
};
