// SPDX-License-Identifier: GPL-2.0
/*
 * Peers whose TCP-MD5 or TCP-AO segments fail their check: the auth
 * view's failures, one finding per peer and namespace, over its kinds
 * and local ports.  The kind seen most says the cause: keys that
 * differ, a side that does not sign, or options that do not parse.
 * The keys are the application's (a BGP daemon's configuration): no
 * sysctl governs them.
 */
#include "../doctor.h"
#include "../names.h"
#include "../netns.h"
#include "../views.h"

/* Each kind's cause, by enum tpstat_auth_kind. */
static const char MISMATCH[] =
	"the peer signs with a key this socket does not have or that differs (a password mistyped, or a key rolled over on one side only): TCP-MD5 and TCP-AO keys are set per socket by the application, such as a BGP daemon's neighbour password; compare both sides' keys and key ids";
static const char UNSIGNED[] =
	"this socket requires a signature the peer does not send: the peer has no key configured for this host, or signs with the other scheme (TCP-MD5 against TCP-AO); configure the same key on the peer";
static const char UNEXPECTED[] =
	"the peer signs segments for a socket that has no key for it: a key configured on the peer only, or for another port; add the key here or remove it there";
static const char MALFORMED[] =
	"the peer's MD5 or AO option does not parse or does not match (a MAC length, a handshake that failed): a peer with another key configuration, or crafted segments";

static const char *kind_cause(const struct view_entry *e)
{
	switch (e->kind) {
	case TPSTAT_AUTH_MD5_MISMATCH:
	case TPSTAT_AUTH_AO_MISMATCH:
	case TPSTAT_AUTH_AO_KEY_NOT_FOUND:
		return MISMATCH;
	case TPSTAT_AUTH_MD5_REQUIRED:
	case TPSTAT_AUTH_AO_REQUIRED:
		return UNSIGNED;
	case TPSTAT_AUTH_MD5_UNEXPECTED:
		return UNEXPECTED;
	}
	return MALFORMED;
}

static int peer_finding(const struct view *v, size_t i,
			struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i], *top = e;
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	const char *kind;
	struct doctor_finding *f;
	uint64_t sum = 0;

	for (size_t k = 0; k < i; k++)
		if (doctor_same_peer(&v->e[k], e))
			return 0;
	for (size_t k = i; k < v->n; k++) {
		if (!doctor_same_peer(&v->e[k], e))
			continue;
		sum += v->e[k].count;
		if (v->e[k].count > top->count)
			top = &v->e[k];
	}
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &auth_failures_rule);
	if (!f)
		return -1;
	kind = top->has_kind ? auth_kind_name(top->kind) : NULL;
	f->count = sum;
	f->protocol = "tcp";
	f->has_port = top->has_sport;
	f->port = top->sport;
	doctor_set_netns(f, e);
	format_addr(f->address, sizeof(f->address), e->daddr, e->daddr_len,
		    -1);
	snprintf(f->what, sizeof(f->what),
		 "%llu TCP segments from %s failed their TCP-MD5 or TCP-AO check, most for %s (%llu)",
		 (unsigned long long)sum, f->address, kind ? kind : "?",
		 (unsigned long long)top->count);
	snprintf(f->who, sizeof(f->who),
		 "peer %s, local tcp port %u, netns %s", f->address,
		 top->sport, netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", kind_cause(top));
	snprintf(f->more, sizeof(f->more), "tpstat auth dst %s%s",
		 f->address,
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int auth_failures_eval(const struct doctor_input *in,
			      struct doctor_findings *out)
{
	const struct view *auth = in->views[TPSTAT_VIEW_AUTH];

	for (size_t i = 0; auth && i < auth->n; i++)
		if (peer_finding(auth, i, out))
			return -1;
	return 0;
}

const struct doctor_rule auth_failures_rule = {
	.name = "auth_failures",
	.threshold = "at least 10 TCP-MD5 or TCP-AO failures from one peer per netns, over its kinds and local ports (auth view, 6.7 on), counted since the module's load or last reset",
	.false_alarm = "a key being changed on both sides one after the other (the failures stop once both have it), or segments crafted by a third party: then the check did its job",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_AUTH),
	.eval = auth_failures_eval,
	.alert = {
		.name = "TpstatAuthFailures",
		.expr = "sum by (peer, netns, netns_cookie) (@(tpstat_tcp_auth_failures_total)) >= @N",
		.summary = "{{ $value }} TCP segments from {{ $labels.peer }} (netns {{ $labels.netns }}) failed their TCP-MD5 or TCP-AO check in the last " DOCTOR_ALERT_WINDOW,
		.cause = "md5_mismatch, ao_mismatch, ao_key_not_found: the two sides' keys differ; md5_required, ao_required: the peer does not sign; md5_unexpected: the peer signs for a socket without a key; the others: options that do not parse",
		.knobs = "none: the keys are the application's (a BGP daemon's neighbour password), on both sides",
		.more = "tpstat auth dst {{ $labels.peer }} netns {{ $labels.netns }}",
	},
};
