// SPDX-License-Identifier: GPL-2.0
/*
 * What the rules share: their findings (added, ranked, freed), the run
 * over the table, and the few tests on view rows every rule makes alike.
 */
#include <stdlib.h>
#include <string.h>

#include "../doctor.h"
#include "../escape.h"
#include "../netns.h"
#include "../views.h"

struct doctor_finding *doctor_add(struct doctor_findings *out,
				  const struct doctor_rule *rule)
{
	struct doctor_finding *f;

	if (out->n == out->cap) {
		size_t cap = out->cap ? 2 * out->cap : 8;

		f = realloc(out->f, cap * sizeof(*f));
		if (!f)
			return NULL;
		out->f = f;
		out->cap = cap;
	}
	f = &out->f[out->n++];
	memset(f, 0, sizeof(*f));
	f->rule = rule;
	return f;
}

/* The rule's place in the table: ties rank in the table's order. */
static size_t rule_index(const struct doctor_rule *r)
{
	size_t i;

	for (i = 0; doctor_rule_at(i) && doctor_rule_at(i) != r; i++)
		;
	return i;
}

static int by_impact(const void *pa, const void *pb)
{
	const struct doctor_finding *a = pa, *b = pb;
	size_t ra, rb;

	if (a->count != b->count)
		return a->count < b->count ? 1 : -1;
	ra = rule_index(a->rule);
	rb = rule_index(b->rule);
	if (ra != rb)
		return ra < rb ? -1 : 1;
	/* The same rule and count: by port, then who, for a stable output. */
	if (a->port != b->port)
		return a->port < b->port ? -1 : 1;
	return strcmp(a->who, b->who);
}

void doctor_rank(struct doctor_findings *out)
{
	if (out->n > 1)
		qsort(out->f, out->n, sizeof(*out->f), by_impact);
}

void doctor_findings_free(struct doctor_findings *out)
{
	free(out->f);
	memset(out, 0, sizeof(*out));
}

int doctor_run(const struct doctor_input *in, struct doctor_findings *out)
{
	const struct doctor_rule *r;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; (r = doctor_rule_at(i)); i++) {
		if (r->eval(in, out)) {
			doctor_findings_free(out);
			return -1;
		}
	}
	doctor_rank(out);
	return 0;
}

unsigned int doctor_views(void)
{
	const struct doctor_rule *r;
	unsigned int views = 0;

	for (size_t i = 0; (r = doctor_rule_at(i)); i++)
		views |= r->views;
	return views;
}

bool doctor_drop_reason_is(const struct view_entry *e, const char *name)
{
	return e->has_reason_name && !strcmp(e->reason_name, name);
}

/* The drops view says which reasons are no loss (drop_not_loss()). */
bool doctor_drop_is_loss(const struct view_entry *e)
{
	return e->has_reason_name && !drop_not_loss(e);
}

bool doctor_same_netns(const struct view_entry *a, const struct view_entry *b)
{
	if (a->has_netns_cookie && b->has_netns_cookie)
		return a->netns_cookie == b->netns_cookie;
	return a->netns == b->netns;
}

uint64_t doctor_reason_netns_sum(const struct view *v, size_t i,
				 const char *reason)
{
	const struct view_entry *e = &v->e[i];
	uint64_t sum = 0;

	for (size_t k = 0; k < i; k++)
		if (doctor_drop_reason_is(&v->e[k], reason) &&
		    doctor_same_netns(&v->e[k], e))
			return 0;
	for (size_t k = i; k < v->n; k++)
		if (doctor_drop_reason_is(&v->e[k], reason) &&
		    doctor_same_netns(&v->e[k], e))
			sum += v->e[k].count;
	return sum;
}

bool doctor_same_peer(const struct view_entry *a, const struct view_entry *b)
{
	return a->daddr_len == b->daddr_len &&
	       !memcmp(a->daddr, b->daddr, a->daddr_len) &&
	       doctor_same_netns(a, b);
}

bool doctor_plain_device(const char *dev)
{
	for (const char *p = dev; *p; p++)
		if (!esc_plain((unsigned char)*p))
			return false;
	return dev[0];
}

void doctor_more_dev(struct doctor_finding *f, const char *cmd,
		     const struct view_entry *e, const char *netns_sel)
{
	if (e->has_ifname && doctor_plain_device(e->ifname))
		snprintf(f->more, sizeof(f->more), "%s dev %s%s", cmd,
			 e->ifname, netns_sel);
	else
		snprintf(f->more, sizeof(f->more), "%s dev %u%s", cmd,
			 e->ifindex, netns_sel);
}

void doctor_set_netns(struct doctor_finding *f, const struct view_entry *e)
{
	f->has_netns = true;
	f->netns = e->netns;
}

bool doctor_same_device(const struct view_entry *a,
			const struct view_entry *b)
{
	return a->ifindex == b->ifindex && doctor_same_netns(a, b);
}

void doctor_set_device(struct doctor_finding *f, const struct view_entry *e)
{
	doctor_set_netns(f, e);
	if (e->has_ifname)
		snprintf(f->device, sizeof(f->device), "%s", e->ifname);
}

const char *doctor_netns_selector(uint32_t netns, char *buf, size_t len)
{
	char name[NETNS_NAME_MAX];
	const char *n = netns_name(netns);

	if (n && !strcmp(n, "init")) {
		buf[0] = '\0';
		return buf;
	}
	snprintf(buf, len, " netns %s", netns_text(netns, name, sizeof(name)));
	return buf;
}
