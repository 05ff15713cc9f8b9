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

	json_key(j, "count");
	json_u64(j, h->count);
	json_key(j, "sum");
	json_u64(j, h->sum);
	json_key(j, "buckets");
	json_array_open(j);
	for (int b = first; first >= 0 && b <= last; b++) {
		hist_bounds(b, &low, &high);
		json_object_open(j);
		json_key(j, "low");
		json_u64(j, low);
		json_key(j, "high");
		json_u64(j, high);
		json_key(j, "count");
		json_u64(j, h->bucket[b]);
		json_object_close(j);
	}
	json_array_close(j);
}
