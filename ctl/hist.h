/* SPDX-License-Identifier: GPL-2.0 */
/*
 * log2 histograms as the module keeps them (TPSTAT_HIST_BUCKETS buckets:
 * bucket 0 holds 0, bucket b >= 1 holds [2^(b-1), 2^b - 1]), printed like
 * bcc's print_log2_hist() or as JSON.  No netlink: unit-tested on the host.
 */
#ifndef TPSTAT_HIST_H
#define TPSTAT_HIST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "json.h"
#include "../uapi/linux/tpstat.h"

struct hist {
	uint64_t bucket[TPSTAT_HIST_BUCKETS];
	uint64_t sum, count;
};

/* The values bucket @b holds: [*low, *high]. */
void hist_bounds(unsigned int b, uint64_t *low, uint64_t *high);
/* The bucket that holds @v. */
unsigned int hist_bucket_of(uint64_t v);
/* First and last non-empty bucket; -1 when all are empty. */
int hist_first(const struct hist *h);
int hist_last(const struct hist *h);
/* bcc's _stars(): floor(width * val / max) stars, at most width. */
unsigned int hist_stars(uint64_t val, uint64_t max, unsigned int width);
/*
 * The table, from the first to the last non-empty bucket, under a header
 * naming the unit (@unit: "usecs", "bytes", ...).  Nothing when empty.
 */
void hist_print(FILE *f, const struct hist *h, const char *unit);
/* "buckets": [{"low", "high", "count"}...], "sum", "count" into an object. */
void hist_json(struct json *j, const struct hist *h);

/*
 * A percentile estimated from the buckets: the values in [lo, hi) of the
 * bucket where the cumulative count reaches pct/100 of the total, and an
 * estimate inside it by linear interpolation, as Prometheus'
 * histogram_quantile(): lo + (hi - lo) * (rank - below) / in_bucket,
 * with rank = total * pct / 100 and below the count of the buckets under
 * it, rounded down and at most hi - 1 (the largest value the bucket
 * holds).  Bucket 0 is [0, 1): its estimate is 0.  The last bucket's hi,
 * 2^64, does not fit: !has_hi, and its estimate is lo.  Exact in integers
 * (no floating point, no 128-bit type): any counts, even summing past
 * 2^64.
 */
struct hist_quantile {
	uint64_t estimate, lo, hi;
	bool has_hi;
};

/* The percentiles the views print: p50, p90, p99. */
#define HIST_PERCENTILES 3
extern const unsigned int hist_percentiles[HIST_PERCENTILES];

/* The @pct-th percentile (1 to 100) into @q; false when @h is empty. */
bool hist_quantile(const struct hist *h, unsigned int pct,
		   struct hist_quantile *q);
/*
 * A line per percentile: "    p50 3071 usecs in [2048, 4096)"; "    p50 -"
 * when @h is empty, "    p99 >= 2^63 usecs (the last bucket)" there.
 */
void hist_quantiles_print(FILE *f, const struct hist *h, const char *unit);
/* "p50": {"estimate", "lo", "hi" (null: open)}, ... or null when empty. */
void hist_quantiles_json(struct json *j, const struct hist *h);

#endif
