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

void vrec_select(struct view_recording *r, uint32_t view, uint64_t since_ns,
		 uint64_t until_ns)
{
	size_t kept = 0;

	for (size_t i = 0; i < vrec_count(r); i++) {
		struct vrec_interval *iv = vrec_at(r, i);

		if (iv->v.id != view || !iv->v.n ||
		    !rec_overlaps(iv->start_ns, iv->duration_ns, since_ns,
				  until_ns)) {
			view_free(&iv->v);
			continue;
		}
		*vrec_at(r, kept++) = *iv;
	}
	r->iv.n = kept;
}

void vrec_arrange(struct view_recording *r, const struct view_args *a)
{
	for (size_t i = 0; i < vrec_count(r); i++) {
		struct vrec_interval *iv = vrec_at(r, i);

		iv->keys = iv->v.n;
		view_arrange(&iv->v, a);
	}
}
