// SPDX-License-Identifier: GPL-2.0
/*
 * What "--sort FIELD" compares, for the fields several views share:
 * figures biggest first, names and keys in ascending order.  Each view
 * lists its own in view_ops.fields; view_sort_field() sorts by one.
 */
#include <stdlib.h>
#include <string.h>

#include "views.h"

/* Figures: biggest first. */
int fld_count(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(b->count, a->count);
}

int fld_val0(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(b->val[0], a->val[0]);
}

int fld_val1(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(b->val[1], a->val[1]);
}

int fld_tx_packets(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->tx_packets, dev_of(a)->tx_packets);
}

int fld_tx_bytes(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->tx_bytes, dev_of(a)->tx_bytes);
}

int fld_rx_packets(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->rx_packets, dev_of(a)->rx_packets);
}

int fld_rx_bytes(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->rx_bytes, dev_of(a)->rx_bytes);
}

int fld_xmit_errors(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->xmit_errors, dev_of(a)->xmit_errors);
}

int fld_xmit_timeouts(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->xmit_timeouts, dev_of(a)->xmit_timeouts);
}

int fld_gro(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->gro, dev_of(a)->gro);
}

int fld_napi_polls(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->napi_polls, dev_of(a)->napi_polls);
}

int fld_napi_work(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->napi_work, dev_of(a)->napi_work);
}

int fld_napi_budget(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(dev_of(b)->napi_budget_exhausted, dev_of(a)->napi_budget_exhausted);
}

int fld_netns(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_netns(a, b);
}

static int addr_cmp(const uint8_t *a, unsigned int alen, const uint8_t *b,
		    unsigned int blen)
{
	int c = cmp_u64(alen, blen);

	return c ? c : memcmp(a, b, 16);
}

int fld_saddr(const struct view_entry *a, const struct view_entry *b)
{
	int c = addr_cmp(a->saddr, a->saddr_len, b->saddr, b->saddr_len);

	return c ? c : cmp_u64(a->sport, b->sport);
}

int fld_daddr(const struct view_entry *a, const struct view_entry *b)
{
	int c = addr_cmp(a->daddr, a->daddr_len, b->daddr, b->daddr_len);

	return c ? c : cmp_u64(a->dport, b->dport);
}

/* A service's port (errors_side()): rows without one last. */
int fld_port(const struct view_entry *a, const struct view_entry *b)
{
	uint16_t pa, pb;
	int c = cmp_u64(errors_side(a, &pa) == SIDE_NONE,
			errors_side(b, &pb) == SIDE_NONE);

	return c ? c : cmp_u64(pa, pb);
}

int fld_sport(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_sport, a->has_sport);

	return c ? c : cmp_u64(a->sport, b->sport);
}

/* By name where both have one, else by code; rows without a reason last. */
int fld_reason(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_reason, a->has_reason);

	if (!c && a->has_reason_name && b->has_reason_name)
		c = strcmp(a->reason_name, b->reason_name);
	return c ? c : cmp_u64(a->reason, b->reason);
}

int fld_dev(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_ifname, a->has_ifname);

	if (!c)
		c = strcmp(a->ifname, b->ifname);
	return c ? c : cmp_u64(a->ifindex, b->ifindex);
}

int fld_ifindex(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(a->ifindex, b->ifindex);
}

int fld_errno(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_err, a->has_err);

	return c ? c : cmp_u64(a->err, b->err);
}

int fld_proto(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_protocol, a->has_protocol);

	if (!c)
		c = cmp_u64(a->protocol, b->protocol);
	return c ? c : cmp_u64(a->family, b->family);
}

int fld_state(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_new_state, a->has_new_state);

	return c ? c : cmp_u64(a->new_state, b->new_state);
}

int fld_old_state(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_old_state, a->has_old_state);

	return c ? c : cmp_u64(a->old_state, b->old_state);
}

int fld_direction(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_direction, a->has_direction);

	return c ? c : cmp_u64(a->direction, b->direction);
}

int fld_hist_count(const struct view_entry *a, const struct view_entry *b)
{
	return cmp_u64(hist_of(b)->count, hist_of(a)->count);
}

int fld_hist_mean(const struct view_entry *a, const struct view_entry *b)
{
	double ma = hist_mean(hist_of(a)), mb = hist_mean(hist_of(b));

	return (mb > ma) - (mb < ma);
}

/* ---- sorting by one --------------------------------------------------- */

/* qsort() has no context: the field, and the rows' order before. */
static const struct view_field *sort_field;

struct ranked {
	struct view_entry e;
	size_t pos;
};

static int ranked_cmp(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;
	int c = sort_field->cmp(&a->e, &b->e);

	/* Ties keep the view's own order: a stable sort. */
	return c ? c : cmp_u64(a->pos, b->pos);
}

const struct view_field *view_field_find(const struct view_ops *ops,
					 const char *name)
{
	for (const struct view_field *f = ops ? ops->fields : NULL;
	     f && f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

const char *view_fields_text(const struct view_ops *ops, char *buf,
			     size_t len)
{
	size_t used = 0;

	if (len)
		buf[0] = '\0';
	for (const struct view_field *f = ops ? ops->fields : NULL;
	     f && f->name && used < len; f++)
		used += snprintf(buf + used, len - used, "%s%s",
				 used ? ", " : "", f->name);
	return buf;
}

int view_sort_field(struct view *v, const struct view_field *f)
{
	struct ranked *r;

	if (!f || v->n < 2)
		return 0;
	r = malloc(v->n * sizeof(*r));
	if (!r)
		return -1;
	for (size_t i = 0; i < v->n; i++) {
		r[i].e = v->e[i];
		r[i].pos = i;
	}
	sort_field = f;
	qsort(r, v->n, sizeof(*r), ranked_cmp);
	for (size_t i = 0; i < v->n; i++)
		v->e[i] = r[i].e;
	free(r);
	return 0;
}

void view_truncate(struct view *v, size_t top)
{
	if (!top || v->n <= top)
		return;
	for (size_t i = top; i < v->n; i++)
		free(v->e[i].hist);
	v->n = top;
}
