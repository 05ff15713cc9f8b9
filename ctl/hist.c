// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "hist.h"

#define STARS_MAX 40

void hist_bounds(unsigned int b, uint64_t *low, uint64_t *high)
{
	if (!b) {
		*low = *high = 0;
		return;
	}
	*low = 1ULL << (b - 1);
	*high = b >= 64 ? UINT64_MAX : (1ULL << b) - 1;
}

unsigned int hist_bucket_of(uint64_t v)
{
	return v ? 64 - __builtin_clzll(v) : 0;
}

int hist_first(const struct hist *h)
{
	for (int b = 0; b < TPSTAT_HIST_BUCKETS; b++)
		if (h->bucket[b])
			return b;
	return -1;
}

int hist_last(const struct hist *h)
{
	for (int b = TPSTAT_HIST_BUCKETS - 1; b >= 0; b--)
		if (h->bucket[b])
			return b;
	return -1;
}

/* a * b as two 64-bit halves, for b below 2^32: no 128-bit type on 32-bit ARM. */
struct wide {
	uint64_t hi, lo;
};

static struct wide mul_small(uint64_t a, uint32_t b)
{
	uint64_t low = (a & 0xffffffffu) * b, high = (a >> 32) * b;
	struct wide w = { high >> 32, low + (high << 32) };

	w.hi += w.lo < low;	/* carry out of the low half */
	return w;
}

static int wide_le(struct wide a, struct wide b)
{
	return a.hi < b.hi || (a.hi == b.hi && a.lo <= b.lo);
}

static struct wide wide_add(struct wide a, uint64_t b)
{
	a.lo += b;
	a.hi += a.lo < b;
	return a;
}

/* a - b, for b <= a. */
static struct wide wide_sub(struct wide a, struct wide b)
{
	struct wide d = { a.hi - b.hi - (a.lo < b.lo), a.lo - b.lo };

	return d;
}

/* a * b, for a * b below 2^128. */
static struct wide wide_mul_small(struct wide a, uint32_t b)
{
	struct wide w = mul_small(a.lo, b);

	w.hi += a.hi * b;
	return w;
}

/* floor(val * width / max), at most width: the largest s with s * max <= val * width. */
unsigned int hist_stars(uint64_t val, uint64_t max, unsigned int width)
{
	struct wide scaled = mul_small(val, width);
	unsigned int s;

	if (!max)
		return 0;
	for (s = width; s > 0; s--)
		if (wide_le(mul_small(max, s), scaled))
			break;
	return s;
}

void hist_print(FILE *f, const struct hist *h, const char *unit)
{
	int first = hist_first(h), last = hist_last(h), wide;
	unsigned int width, stars;
	uint64_t max = 0, low, high;
	char bar[STARS_MAX + 1];

	if (first < 0)
		return;
	for (int b = first; b <= last; b++)
		if (h->bucket[b] > max)
			max = h->bucket[b];
	/* As bcc: past 2^32 the bounds need 20 digits and bars shrink. */
	wide = last > 32;
	width = wide ? STARS_MAX / 2 : STARS_MAX;
	if (wide)
		fprintf(f, "               %-29s : count     distribution\n", unit);
	else
		fprintf(f, "     %-19s : count     distribution\n", unit);
	for (int b = first; b <= last; b++) {
		hist_bounds(b, &low, &high);
		stars = hist_stars(h->bucket[b], max, width);
		memset(bar, '*', stars);
		memset(bar + stars, ' ', width - stars);
		bar[width] = '\0';
		fprintf(f, wide ? "%20llu -> %-20llu : %-8llu |%s|\n"
				: "%10llu -> %-10llu : %-8llu |%s|\n",
			(unsigned long long)low, (unsigned long long)high,
			(unsigned long long)h->bucket[b], bar);
	}
}

void hist_json(struct json *j, const struct hist *h)
{
	int first = hist_first(h), last = hist_last(h);
	uint64_t low, high;

	json_field_u64(j, "count", h->count);
	json_field_u64(j, "sum", h->sum);
	json_key(j, "buckets");
	json_array_open(j);
	for (int b = first; first >= 0 && b <= last; b++) {
		hist_bounds(b, &low, &high);
		json_object_open(j);
		json_field_u64(j, "low", low);
		json_field_u64(j, "high", high);
		json_field_u64(j, "count", h->bucket[b]);
		json_object_close(j);
	}
	json_array_close(j);
}

const unsigned int hist_percentiles[HIST_PERCENTILES] = { 50, 90, 99 };

/*
 * floor(2^@shift * @num / @den), for @num <= @den below 2^126: binary long
 * division, a bit of the quotient per step.
 */
static uint64_t scaled_fraction(struct wide num, struct wide den,
				unsigned int shift)
{
	uint64_t q = 0;

	if (wide_le(den, num))
		return shift < 64 ? 1ULL << shift : 0;
	for (unsigned int i = 0; i < shift; i++) {
		num.hi = num.hi << 1 | num.lo >> 63;
		num.lo <<= 1;
		q <<= 1;
		if (wide_le(den, num)) {
			num = wide_sub(num, den);
			q |= 1;
		}
	}
	return q;
}

bool hist_quantile(const struct hist *h, unsigned int pct,
		   struct hist_quantile *q)
{
	struct wide total = { 0, 0 }, below = { 0, 0 }, rank100;
	uint64_t width, step, high;
	unsigned int b;

	for (b = 0; b < TPSTAT_HIST_BUCKETS; b++)
		total = wide_add(total, h->bucket[b]);
	if ((!total.hi && !total.lo) || !pct || pct > 100)
		return false;
	/* 100 * rank = pct * total: compared with 100 * cumulative counts. */
	rank100 = wide_mul_small(total, pct);
	for (b = 0; b < TPSTAT_HIST_BUCKETS; b++) {
		struct wide cum = wide_add(below, h->bucket[b]);

		if (h->bucket[b] && wide_le(rank100, wide_mul_small(cum, 100)))
			break;
		below = cum;
	}
	hist_bounds(b, &q->lo, &high);
	q->has_hi = b < TPSTAT_HIST_BUCKETS - 1;
	q->hi = q->has_hi ? high + 1 : 0;
	q->estimate = q->lo;
	if (!q->has_hi)
		return true;
	/* Bucket 0 is [0, 1), bucket b >= 1 [2^(b-1), 2^b): 2^(b-1) wide. */
	width = q->hi - q->lo;
	step = scaled_fraction(wide_sub(rank100, wide_mul_small(below, 100)),
			       mul_small(h->bucket[b], 100), b ? b - 1 : 0);
	q->estimate += step < width ? step : width - 1;
	return true;
}

void hist_quantiles_print(FILE *f, const struct hist *h, const char *unit)
{
	struct hist_quantile q;

	for (int i = 0; i < HIST_PERCENTILES; i++) {
		fprintf(f, "    p%u ", hist_percentiles[i]);
		if (!hist_quantile(h, hist_percentiles[i], &q))
			fprintf(f, "-\n");
		else if (!q.has_hi)
			fprintf(f, ">= %llu %s (the last bucket)\n",
				(unsigned long long)q.lo, unit);
		else
			fprintf(f, "%llu %s in [%llu, %llu)\n",
				(unsigned long long)q.estimate, unit,
				(unsigned long long)q.lo,
				(unsigned long long)q.hi);
	}
}

void hist_quantiles_json(struct json *j, const struct hist *h)
{
	struct hist_quantile q;
	char key[8];

	for (int i = 0; i < HIST_PERCENTILES; i++) {
		snprintf(key, sizeof(key), "p%u", hist_percentiles[i]);
		json_key(j, key);
		if (!hist_quantile(h, hist_percentiles[i], &q)) {
			json_null(j);
			continue;
		}
		json_object_open(j);
		json_field_u64(j, "estimate", q.estimate);
		json_field_u64(j, "lo", q.lo);
		json_opt_u64(j, "hi", q.has_hi, q.hi);
		json_object_close(j);
	}
}
