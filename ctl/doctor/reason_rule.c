// SPDX-License-Identifier: GPL-2.0
/*
 * The findings of a rule over one drop reason per namespace, and of the
 * MIB that stands in for it (reason_rule.h).
 */
#include "../netns.h"
#include "../views.h"
#include "reason_rule.h"

static void knobs(struct doctor_finding *f,
		  const struct doctor_reason_rule *r)
{
	for (size_t k = 0; k < DOCTOR_KNOBS && r->knobs[k]; k++)
		doctor_knob(f, r->knobs[k]);
}

static int netns_finding(const struct doctor_reason_rule *r,
			 const struct view *v, size_t i,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	struct doctor_finding *f;
	uint64_t sum;

	sum = doctor_reason_netns_sum(v, i, r->reason);
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, r->rule);
	if (!f)
		return -1;
	f->count = sum;
	f->protocol = r->protocol;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what), "%llu %s (%s)",
		 (unsigned long long)sum, r->what, r->reason);
	snprintf(f->who, sizeof(f->who), "%s netns %s%s", r->who,
		 netns_text(e->netns, ns, sizeof(ns)), r->who_note);
	snprintf(f->cause, sizeof(f->cause), "%s", r->cause);
	knobs(f, r);
	snprintf(f->more, sizeof(f->more),
		 "tpstat drops --by %s reason %s%s%s", r->more_by, r->reason,
		 doctor_netns_selector(e->netns, sel, sizeof(sel)),
		 r->more_note);
	return 0;
}

int doctor_reason_findings(const struct doctor_reason_rule *r,
			   const struct view *drops,
			   struct doctor_findings *out)
{
	int rows = 0;

	for (size_t i = 0; drops && i < drops->n; i++) {
		if (!doctor_drop_reason_is(&drops->e[i], r->reason))
			continue;
		rows++;
		if (netns_finding(r, drops, i, out))
			return -1;
	}
	return rows;
}

int doctor_reason_mib(const struct doctor_reason_rule *r, uint64_t count,
		      const uint32_t *netns, struct doctor_findings *out)
{
	char ns[NETNS_NAME_MAX];
	struct doctor_finding *f;

	if (count < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, r->rule);
	if (!f)
		return -1;
	f->count = count;
	f->protocol = r->protocol;
	snprintf(f->what, sizeof(f->what), "%llu %s",
		 (unsigned long long)count, r->mib_what);
	if (netns) {
		f->has_netns = true;
		f->netns = *netns;
		snprintf(f->who, sizeof(f->who), "%s netns %s%s", r->who,
			 netns_text(*netns, ns, sizeof(ns)), r->mib_who);
	} else {
		snprintf(f->who, sizeof(f->who), "%s", r->mib_who);
	}
	snprintf(f->cause, sizeof(f->cause), "%s", r->cause);
	knobs(f, r);
	snprintf(f->more, sizeof(f->more), "%s", r->mib_more);
	return 0;
}
