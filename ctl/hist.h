/* SPDX-License-Identifier: GPL-2.0 */
/*
 * log2 histograms as the module keeps them (TPSTAT_HIST_BUCKETS buckets:
 * bucket 0 holds 0, bucket b >= 1 holds [2^(b-1), 2^b - 1]), printed like
 * bcc's print_log2_hist() or as JSON.  No netlink: unit-tested on the host.
 */
#ifndef TPSTAT_HIST_H
#define TPSTAT_HIST_H

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

#endif
