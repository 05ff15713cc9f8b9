// SPDX-License-Identifier: GPL-2.0
/*
 * The histograms (hist.c): log2 buckets and their bounds, bcc's text,
 * JSON, and the percentiles estimated from the buckets.
 */
#include <string.h>

#include "hist.h"
#include "json.h"
#include "unit.h"

/* Buckets, their bounds, bcc's stars, the first and last in use. */
void test_hist(void)
{
	static const struct { unsigned int b; uint64_t low, high; } edges[] = {
		{ 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 3 }, { 3, 4, 7 },
		{ 11, 1024, 2047 }, { 32, 2147483648ULL, 4294967295ULL },
		{ 33, 4294967296ULL, 8589934591ULL },
		{ 64, 9223372036854775808ULL, 18446744073709551615ULL },
	};
	struct hist h = { 0 };
	uint64_t low, high;

	for (size_t i = 0; i < ARRAY_SIZE(edges); i++) {
		hist_bounds(edges[i].b, &low, &high);
		CHECK(low == edges[i].low && high == edges[i].high,
		      "bucket %u: [%llu, %llu]", edges[i].b,
		      (unsigned long long)low, (unsigned long long)high);
	}
	for (unsigned int b = 0; b < TPSTAT_HIST_BUCKETS; b++) {
		hist_bounds(b, &low, &high);
		CHECK(hist_bucket_of(low) == b && hist_bucket_of(high) == b &&
		      (!b || hist_bucket_of(low - 1) == b - 1),
		      "bucket %u holds its bounds only", b);
	}
	CHECK(hist_bucket_of(0) == 0 && hist_bucket_of(1) == 1 &&
	      hist_bucket_of(2) == 2 && hist_bucket_of(4) == 3 &&
	      hist_bucket_of(UINT64_MAX) == 64, "values to buckets");
	CHECK(hist_stars(0, 10, 40) == 0 && hist_stars(10, 10, 40) == 40 &&
	      hist_stars(5, 10, 40) == 20 && hist_stars(1, 3, 40) == 13 &&
	      hist_stars(1, 0, 40) == 0 && hist_stars(11, 10, 40) == 40 &&
	      hist_stars(UINT64_MAX, UINT64_MAX, 20) == 20,
	      "stars as bcc: floor(width * val / max)");
	CHECK(hist_stars(UINT64_MAX / 2, UINT64_MAX, 40) == 19 &&
	      hist_stars(UINT64_MAX - 1, UINT64_MAX, 40) == 39 &&
	      hist_stars(1ULL << 63, UINT64_MAX, 40) == 20 &&
	      hist_stars(UINT64_MAX / 40, UINT64_MAX, 40) == 0 &&
	      hist_stars(UINT64_MAX / 40 + 1, UINT64_MAX, 40) == 1,
	      "stars exact where width * val passes 2^64");
	CHECK(hist_first(&h) == -1 && hist_last(&h) == -1, "empty");
	h.bucket[1] = 1;
	h.bucket[3] = 4;
	CHECK(hist_first(&h) == 1 && hist_last(&h) == 3, "first, last");
	h.bucket[0] = 0;
	h.bucket[64] = 0;
	CHECK(hist_name_known("snd_cwnd") && !hist_name_known("srtt") &&
	      !hist_name_known(""), "known names");
}

static void hist_small(FILE *f, void *arg)
{
	hist_print(f, arg, "usecs");
}

static void hist_json_out(FILE *f, void *arg)
{
	struct json j;

	json_init(&j, f, false);
	json_object_open(&j);
	hist_json(&j, arg);
	json_object_close(&j);
	json_end(&j);
}

/* bcc's layout, and JSON. */
void test_hist_print(void)
{
	struct hist h = { 0 };
	char *s;

	s = capture(hist_small, &h);
	CHECK(!strcmp(s, ""), "an empty histogram prints nothing: '%s'", s);
	h.bucket[0] = 2;
	h.bucket[2] = 4;
	h.count = 6;
	h.sum = 10;
	s = capture(hist_small, &h);
	CHECK(!strcmp(s,
		"     usecs               : count     distribution\n"
		"         0 -> 0          : 2        |********************                    |\n"
		"         1 -> 1          : 0        |                                        |\n"
		"         2 -> 3          : 4        |****************************************|\n"),
	      "bcc's layout, buckets 0..2:\n%s", s);
	s = capture(hist_json_out, &h);
	CHECK(!strcmp(s, "{\"count\":6,\"sum\":10,\"buckets\":["
		      "{\"low\":0,\"high\":0,\"count\":2},"
		      "{\"low\":1,\"high\":1,\"count\":0},"
		      "{\"low\":2,\"high\":3,\"count\":4}]}\n"),
	      "histogram JSON: %s", s);
	memset(&h, 0, sizeof(h));
	h.bucket[64] = 1;
	h.bucket[63] = 2;
	s = capture(hist_small, &h);
	CHECK(!strcmp(s,
		"               usecs                         : count     distribution\n"
		" 4611686018427387904 -> 9223372036854775807  : 2        |********************|\n"
		" 9223372036854775808 -> 18446744073709551615 : 1        |**********          |\n"),
	      "the last bucket, wide as bcc past 2^32:\n%s", s);
	memset(&h, 0, sizeof(h));
	h.bucket[1] = 7;
	s = capture(hist_small, &h);
	CHECK(!strstr(s, "0 -> 0") && strstr(s, "1 -> 1          : 7"),
	      "starts at the first non-empty bucket:\n%s", s);
}

static void quantiles_out(FILE *f, void *arg)
{
	hist_quantiles_print(f, arg, "usecs");
}

static void quantiles_json_out(FILE *f, void *arg)
{
	struct json j;

	json_init(&j, f, false);
	json_object_open(&j);
	hist_quantiles_json(&j, arg);
	json_object_close(&j);
	json_end(&j);
}

/* @pct's estimate and bounds are @est, [@lo, @hi) (@hi 0: none). */
static bool quantile_is(const struct hist *h, unsigned int pct, uint64_t est,
			uint64_t lo, uint64_t hi)
{
	struct hist_quantile q;

	if (!hist_quantile(h, pct, &q))
		return false;
	if (q.estimate != est || q.lo != lo || q.has_hi != !!hi ||
	    (hi && q.hi != hi)) {
		printf("p%u: %llu in [%llu, %llu%s)\n", pct,
		       (unsigned long long)q.estimate,
		       (unsigned long long)q.lo, (unsigned long long)q.hi,
		       q.has_hi ? "" : " none");
		return false;
	}
	return true;
}

/* p50, p90, p99: where in its bucket, by rank, and exact past 2^64. */
void test_hist_quantiles(void)
{
	struct hist h = { 0 };
	struct hist_quantile q;
	char *s;

	CHECK(!hist_quantile(&h, 50, &q) && !hist_quantile(&h, 99, &q),
	      "an empty histogram has no percentiles");
	s = capture(quantiles_out, &h);
	CHECK(!strcmp(s, "    p50 -\n    p90 -\n    p99 -\n"), "empty: '%s'", s);
	s = capture(quantiles_json_out, &h);
	CHECK(!strcmp(s, "{\"p50\":null,\"p90\":null,\"p99\":null}\n"),
	      "empty JSON: %s", s);

	/* 10 in [1, 2), 30 in [4, 8), 50 in [16, 32), 10 in [64, 128). */
	h.bucket[1] = 10;
	h.bucket[3] = 30;
	h.bucket[5] = 50;
	h.bucket[7] = 10;
	CHECK(quantile_is(&h, 50, 19, 16, 32),
	      "p50: rank 50 is the 10th of 50 in [16, 32): 16 + 16 * 10/50");
	CHECK(quantile_is(&h, 90, 31, 16, 32),
	      "p90: rank 90 is the bucket's last value: hi - 1, not hi");
	CHECK(quantile_is(&h, 99, 121, 64, 128),
	      "p99: 64 + 64 * 9/10 = 121.6, rounded down");
	CHECK(quantile_is(&h, 10, 1, 1, 2) && quantile_is(&h, 11, 4, 4, 8) &&
	      quantile_is(&h, 100, 127, 64, 128),
	      "rank on a bucket's cumulative count stays in that bucket");
	s = capture(quantiles_out, &h);
	CHECK(!strcmp(s, "    p50 19 usecs in [16, 32)\n"
		      "    p90 31 usecs in [16, 32)\n"
		      "    p99 121 usecs in [64, 128)\n"), "text:\n%s", s);
	s = capture(quantiles_json_out, &h);
	CHECK(!strcmp(s, "{\"p50\":{\"estimate\":19,\"lo\":16,\"hi\":32},"
		      "\"p90\":{\"estimate\":31,\"lo\":16,\"hi\":32},"
		      "\"p99\":{\"estimate\":121,\"lo\":64,\"hi\":128}}\n"),
	      "JSON: %s", s);

	/* Everything in one bucket: where in it, by rank. */
	memset(&h, 0, sizeof(h));
	h.bucket[11] = 7;
	CHECK(quantile_is(&h, 50, 1536, 1024, 2048) &&
	      quantile_is(&h, 90, 1945, 1024, 2048) &&
	      quantile_is(&h, 99, 2037, 1024, 2048),
	      "one bucket: 1024 + 1024 * q, rounded down");
	memset(&h, 0, sizeof(h));
	h.bucket[0] = 5;
	CHECK(quantile_is(&h, 50, 0, 0, 1) && quantile_is(&h, 99, 0, 0, 1),
	      "bucket 0 is [0, 1): the estimate is 0");
	h.bucket[1] = 5;
	CHECK(quantile_is(&h, 50, 0, 0, 1) && quantile_is(&h, 90, 1, 1, 2),
	      "0 and 1: p50 in bucket 0, p90 in bucket 1");

	/* Everything in the last bucket, which has no hi that fits. */
	memset(&h, 0, sizeof(h));
	h.bucket[64] = 3;
	CHECK(quantile_is(&h, 50, 1ULL << 63, 1ULL << 63, 0) &&
	      quantile_is(&h, 99, 1ULL << 63, 1ULL << 63, 0),
	      "the last bucket: its lower bound, no upper one");
	s = capture(quantiles_out, &h);
	CHECK(strstr(s, "    p99 >= 9223372036854775808 usecs (the last bucket)\n"),
	      "last bucket text:\n%s", s);
	s = capture(quantiles_json_out, &h);
	CHECK(strstr(s, "\"p50\":{\"estimate\":9223372036854775808,"
		     "\"lo\":9223372036854775808,\"hi\":null}"),
	      "last bucket JSON: %s", s);
	h.bucket[63] = 98;
	h.bucket[64] = 2;
	CHECK(quantile_is(&h, 49, (1ULL << 62) + (1ULL << 61), 1ULL << 62,
			  1ULL << 63) &&
	      quantile_is(&h, 98, (1ULL << 63) - 1, 1ULL << 62, 1ULL << 63) &&
	      quantile_is(&h, 99, 1ULL << 63, 1ULL << 63, 0),
	      "bucket 63 ends at 2^63; above, the last bucket");

	/* Counts summing past 2^64: exact, no overflow. */
	memset(&h, 0, sizeof(h));
	h.bucket[1] = UINT64_MAX;
	h.bucket[2] = UINT64_MAX;
	h.bucket[40] = UINT64_MAX;
	CHECK(quantile_is(&h, 50, 3, 2, 4) &&
	      quantile_is(&h, 90, 934584883609ULL, 1ULL << 39, 1ULL << 40) &&
	      quantile_is(&h, 99, 1083018953359ULL, 1ULL << 39, 1ULL << 40),
	      "3 * (2^64 - 1) values: 2^39 + floor(2^39 * 0.7) and * 0.97");
	/* Where a double would round 2^62 - 1 to 2^62 and pick bucket 3. */
	memset(&h, 0, sizeof(h));
	h.bucket[3] = (1ULL << 62) - 1;
	h.bucket[5] = (1ULL << 62) + 1;
	CHECK(quantile_is(&h, 50, 16, 16, 32),
	      "rank 2^62 is past 2^62 - 1: bucket 5, its first value");
	h.bucket[3] = (1ULL << 62) + 1;
	h.bucket[5] = (1ULL << 62) - 1;
	CHECK(quantile_is(&h, 50, 7, 4, 8),
	      "rank 2^62 of 2^62 + 1 in bucket 3: just under its top, 7");
	CHECK(!hist_quantile(&h, 0, &q) && !hist_quantile(&h, 101, &q),
	      "percentiles outside 1..100 refused");
}
