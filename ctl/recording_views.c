// SPDX-License-Identifier: GPL-2.0
/* The flight recorder's views intervals, chosen: see recording_views.h. */
#include <stdlib.h>
#include <string.h>

#include "recording.h"
#include "recording_views.h"

void vrec_init(struct view_recording *r)
{
	memset(r, 0, sizeof(*r));
	r->iv.size = sizeof(struct vrec_interval);
}

void vrec_free(struct view_recording *r)
{
	for (size_t i = 0; i < vrec_count(r); i++)
		view_free(&vrec_at(r, i)->v);
	free(r->iv.v);
	vrec_init(r);
}

/* Why @p cannot be of @last's interval or one after it; NULL if it can. */
static const char *out_of_order(const struct vrec_interval *last,
				const struct vrec_point *p)
{
	if (p->seq < last->seq)
		return "a views interval out of order (the oldest come first)";
	if (p->seq > last->seq)
		return NULL;
	if (p->start_ns != last->start_ns ||
	    p->duration_ns != last->duration_ns || p->flags != last->flags)
		return "a views interval's messages disagree on its start, length or flags";
	if (p->view < last->v.id)
		return "a views interval's views out of order";
	if (p->view == last->v.id && last->has_rest)
		return "a view's message after its rest, in a views interval";
	return NULL;
}

struct vrec_interval *vrec_add(struct view_recording *r,
			       const struct vrec_point *p, const char **why)
{
	struct vrec_interval *last = vrec_count(r) ?
				     vrec_at(r, vrec_count(r) - 1) : NULL;

	*why = last ? out_of_order(last, p) : NULL;
	if (*why)
		return NULL;
	if (!last || p->seq != last->seq || p->view != last->v.id) {
		last = rows_add(&r->iv);
		*last = (struct vrec_interval){
			.seq = p->seq, .start_ns = p->start_ns,
			.duration_ns = p->duration_ns, .flags = p->flags,
		};
		view_headless(&last->v, p->view);
	}
	/* Dropped since load: the latest message's word is the latest. */
	if (p->lost > r->lost)
		r->lost = p->lost;
	if (p->has_rest) {
		last->has_rest = true;
		last->rest = p->rest;
	}
	return last;
}

/*
 * Keeps the intervals @keep says, in their order; the others' rows
 * freed.
 */
static void vrec_keep(struct view_recording *r,
		      bool (*keep)(struct vrec_interval *iv, void *arg),
		      void *arg)
{
	size_t kept = 0;

	for (size_t i = 0; i < vrec_count(r); i++) {
		struct vrec_interval *iv = vrec_at(r, i);

		if (!keep(iv, arg)) {
			view_free(&iv->v);
			continue;
		}
		*vrec_at(r, kept++) = *iv;
	}
	r->iv.n = kept;
}

struct vrec_choice {
	uint32_t view;
	uint64_t since_ns, until_ns;
};

static bool chosen(struct vrec_interval *iv, void *arg)
{
	const struct vrec_choice *c = arg;

	return iv->v.id == c->view && iv->v.n &&
	       rec_overlaps(iv->start_ns, iv->duration_ns, c->since_ns,
			    c->until_ns);
}

void vrec_select(struct view_recording *r, uint32_t view, uint64_t since_ns,
		 uint64_t until_ns)
{
	struct vrec_choice c = { view, since_ns, until_ns };

	vrec_keep(r, chosen, &c);
}

struct vrec_shaping {
	const struct view_args *a;
	int err;
};

/* The interval's keys counted, then shaped: kept if rows are left. */
static bool shaped(struct vrec_interval *iv, void *arg)
{
	struct vrec_shaping *s = arg;

	iv->keys = iv->v.n;
	if (!s->err)
		s->err = view_shape(&iv->v, s->a);
	return !s->err && iv->v.n;
}

int vrec_arrange(struct view_recording *r, const struct view_args *a)
{
	struct vrec_shaping s = { a, 0 };

	r->selected = a->sel && a->sel->n;
	vrec_keep(r, shaped, &s);
	return s.err;
}
