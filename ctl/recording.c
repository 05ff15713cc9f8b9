// SPDX-License-Identifier: GPL-2.0
/* The flight recorder's intervals, chosen and binned: see recording.h. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "recording.h"
#include "when.h"
#include "../uapi/linux/tpstat.h"

void rec_init(struct recording *r)
{
	memset(r, 0, sizeof(*r));
	r->iv.size = sizeof(struct rec_interval);
	r->val.size = sizeof(struct counter_row);
	r->attrs.size = sizeof(struct rec_attrs);
}

void rec_free(struct recording *r)
{
	for (size_t i = 0; i < r->attrs.n; i++)
		free(rec_attrs_at(r, i)->bytes);
	free(r->attrs.v);
	free(r->iv.v);
	free(r->val.v);
	rec_init(r);
}

const char *rec_keep_attrs(struct recording *r, const void *bytes, size_t len)
{
	struct rec_attrs *a;

	/* A file's line would not hold it: refused now, not unloadable later. */
	if (len > REC_ATTRS_MAX)
		return "a views interval's message longer than a history file's line holds";
	a = rows_add(&r->attrs);
	a->len = len;
	a->bytes = xcalloc(1, len);
	memcpy(a->bytes, bytes, len);
	return NULL;
}

static struct counter_row *values(const struct recording *r)
{
	return r->val.v;
}

const char *rec_add(struct recording *r, const struct rec_point *p)
{
	struct rec_interval *last = rec_count(r) ?
				    rec_at(r, rec_count(r) - 1) : NULL;
	struct counter_row *c;

	if (last && p->seq < last->seq)
		return "an interval out of order (the oldest come first)";
	if (last && p->seq == last->seq &&
	    (p->start_ns != last->start_ns ||
	     p->duration_ns != last->duration_ns || p->flags != last->flags))
		return "an interval's messages disagree on its start, length or flags";
	if (p->name && !p->name[0])
		return "a counter without a name";
	if (!last || p->seq != last->seq) {
		if (!last)
			r->since_ns = p->start_ns;
		last = rows_add(&r->iv);
		*last = (struct rec_interval){
			.seq = p->seq, .start_ns = p->start_ns,
			.duration_ns = p->duration_ns, .flags = p->flags,
			.first = r->val.n,
		};
	}
	/* Dropped since load: the latest message's word is the latest. */
	if (p->lost > r->lost)
		r->lost = p->lost;
	if (!p->name)
		return NULL;
	c = rows_add(&r->val);
	snprintf(c->name, sizeof(c->name), "%s", p->name);
	c->value = p->value;
	last->n++;
	return NULL;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct counter_row *)a)->name,
		      ((const struct counter_row *)b)->name);
}

/* a + b, or the most a u64 holds: a kernel's nonsense stops there. */
static uint64_t sum(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/*
 * @iv's values sorted, a name's summed into one, those of 0 left out,
 * moved down to values()[@w] on: where the next interval's go.
 */
static size_t normalize(struct recording *r, struct rec_interval *iv,
			size_t w)
{
	struct counter_row *v = values(r);
	size_t first = w, end = iv->first + iv->n;

	if (iv->n > 1)
		qsort(v + iv->first, iv->n, sizeof(*v), by_name);
	for (size_t k = iv->first; k < end; k++) {
		/* w <= k: what is written is never ahead of what is read. */
		if (w > first && !strcmp(v[w - 1].name, v[k].name))
			v[w - 1].value = sum(v[w - 1].value, v[k].value);
		else
			v[w++] = v[k];
	}
	iv->n = 0;
	for (size_t k = first; k < w; k++)
		if (v[k].value)
			v[first + iv->n++] = v[k];
	iv->first = first;
	return first + iv->n;
}

void rec_finish(struct recording *r)
{
	size_t w = 0;

	for (size_t i = 0; i < rec_count(r); i++)
		w = normalize(r, rec_at(r, i), w);
	r->val.n = w;
}

bool rec_glob_ok(const char *glob)
{
	size_t len = strlen(glob);

	return len && glob[0] != ',' && glob[len - 1] != ',' &&
	       !strstr(glob, ",,");
}

/* Whether one glob @item, of @len bytes, names counter @name. */
static bool item_match(const char *item, size_t len, const char *name)
{
	char pattern[TPSTAT_GLOB_MAX], event[COUNTER_NAME_MAX];
	const char *subject = name, *colon = strchr(name, ':');
	char *dot;

	snprintf(pattern, sizeof(pattern), "%.*s", (int)len, item);
	snprintf(event, sizeof(event), "%s", name);
	/* The metric after the event's name, unless the glob names one. */
	dot = strchr(colon ? event + (colon - name) : event, '.');
	if (dot && !strchr(pattern, '.')) {
		*dot = '\0';
		subject = event;
	}
	/* Without ':', over the name in any group, as the kernel's globs. */
	if (!strchr(pattern, ':') && colon)
		subject += colon - name + 1;
	return !fnmatch(pattern, subject, 0);
}

bool rec_glob_match(const char *glob, const char *name)
{
	for (const char *item = glob;; item++) {
		size_t len = strcspn(item, ",");

		if (item_match(item, len, name))
			return true;
		item += len;
		if (!*item)
			return false;
	}
}

bool rec_overlaps(uint64_t start_ns, uint64_t duration_ns, uint64_t since_ns,
		  uint64_t until_ns)
{
	return start_ns < until_ns && sum(start_ns, duration_ns) > since_ns;
}

void rec_select(struct recording *r, const char *glob, uint64_t since_ns,
		uint64_t until_ns)
{
	struct counter_row *v = values(r);
	size_t kept = 0, w = 0;

	for (size_t i = 0; i < rec_count(r); i++) {
		struct rec_interval iv = *rec_at(r, i);
		size_t first = w;

		if (!rec_overlaps(iv.start_ns, iv.duration_ns, since_ns, until_ns))
			continue;
		for (size_t k = iv.first; k < iv.first + iv.n; k++)
			if (!glob || rec_glob_match(glob, v[k].name))
				v[w++] = v[k];
		iv.first = first;
		iv.n = w - first;
		*rec_at(r, kept++) = iv;
	}
	r->iv.n = kept;
	r->val.n = w;
}

/* The multiple of @step at or before @ns: the bin it is in. */
static uint64_t bin_of(uint64_t ns, uint64_t step)
{
	return ns - ns % step;
}

void rec_rebin(struct recording *r, uint64_t step_ns)
{
	/* What the recording is stays; what it holds is made anew. */
	struct recording out = *r;
	struct rec_interval *bin = NULL;
	uint64_t key = 0;

	if (!step_ns)
		return;
	out.iv = (struct rows){ .size = sizeof(struct rec_interval) };
	out.val = (struct rows){ .size = sizeof(struct counter_row) };
	for (size_t i = 0; i < rec_count(r); i++) {
		const struct rec_interval *in = rec_at(r, i);
		const struct counter_row *v = rec_values(r, in);

		if (!bin || bin_of(in->start_ns, step_ns) != key) {
			key = bin_of(in->start_ns, step_ns);
			bin = rows_add(&out.iv);
			*bin = (struct rec_interval){
				.seq = in->seq, .start_ns = in->start_ns,
				.first = out.val.n,
			};
		}
		bin->duration_ns = sum(bin->duration_ns, in->duration_ns);
		bin->flags |= in->flags;
		for (size_t k = 0; k < in->n; k++)
			*(struct counter_row *)rows_add(&out.val) = v[k];
		bin->n += in->n;
	}
	free(r->iv.v);
	free(r->val.v);
	*r = out;
	rec_finish(r);
}

size_t rec_bins(const struct recording *r, uint64_t step_ns)
{
	size_t n = 0;
	uint64_t key = 0;

	for (size_t i = 0; i < rec_count(r); i++) {
		uint64_t k = bin_of(rec_at(r, i)->start_ns, step_ns);

		if (!i || k != key)
			n++;
		key = k;
	}
	return n;
}

uint64_t rec_auto_step(const struct recording *r, size_t max)
{
	/* Steps a reader of sar or a dashboard expects, in seconds. */
	static const uint32_t steps[] = {
		60, 120, 300, 600, 900, 1800, 3600, 2 * 3600, 3 * 3600,
		6 * 3600, 12 * 3600, 86400, 2 * 86400, 7 * 86400,
	};
	uint64_t base = (r->interval_s ? r->interval_s : 1) * NS_PER_SEC;
	uint64_t k;

	if (rec_bins(r, base) <= max || !max)
		return base;
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		uint64_t step = steps[i] * NS_PER_SEC;

		if (step > base && !(step % base) && rec_bins(r, step) <= max)
			return step;
	}
	/* None is a multiple of it (7 s), or a year is held: doublings. */
	for (k = 2; k * base < UINT64_MAX / 2 && rec_bins(r, k * base) > max;
	     k *= 2)
		;
	return k * base;
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

size_t rec_names(const struct recording *r, const char ***names)
{
	const char **v = xcalloc(r->val.n, sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < r->val.n; i++)
		v[i] = values(r)[i].name;
	qsort(v, r->val.n, sizeof(*v), by_string);
	for (size_t i = 0; i < r->val.n; i++)
		if (!n || strcmp(v[n - 1], v[i]))
			v[n++] = v[i];
	*names = v;
	return n;
}

uint64_t rec_value(const struct recording *r, const struct rec_interval *iv,
		   const char *name)
{
	struct counter_row key;
	const struct counter_row *hit;

	if (!iv->n)
		return 0;
	snprintf(key.name, sizeof(key.name), "%s", name);
	hit = bsearch(&key, rec_values(r, iv), iv->n, sizeof(key), by_name);
	return hit ? hit->value : 0;
}
