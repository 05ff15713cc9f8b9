/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Prometheus text exposition format (version 0.0.4): what export.c
 * and each view's family write samples with.  A leaf: it knows no view.
 */
#ifndef TPSTAT_PROM_H
#define TPSTAT_PROM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * A metric family.  HELP and TYPE are written before its first sample
 * only, so a family with no samples prints nothing.
 */
struct prom_family {
	const char *name;	/* counters end in _total */
	const char *type;	/* "counter", "gauge" or "histogram" */
	const char *help;
};

struct prom_label {
	const char *name;
	const char *value;
};

/* Where samples go; @cur is the family whose header was written last. */
struct prom {
	FILE *f;
	const struct prom_family *cur;
};

void prom_init(struct prom *p, FILE *f);
/* One sample of @fam: <name><suffix>{labels} value; @suffix may be "". */
void prom_sample(struct prom *p, const struct prom_family *fam,
		 const char *suffix, const struct prom_label *labels,
		 size_t n_labels, uint64_t value);
/*
 * A histogram: @counts[i] events fell at or below @bounds[i] and above
 * @bounds[i - 1]; @counts[n] above the last bound.  Writes the cumulative
 * _bucket lines (le="+Inf" last), _sum and _count.
 */
void prom_histogram(struct prom *p, const struct prom_family *fam,
		    const struct prom_label *labels, size_t n_labels,
		    const uint64_t *bounds, const uint64_t *counts, size_t n,
		    uint64_t sum);
/*
 * The same with @bounds and @sum in units of 10^-@decimals (at most 19)
 * of the family's unit, written as exact decimals: microseconds with
 * @decimals 6 give le="0.000003" and a _sum of seconds.
 */
void prom_histogram_scaled(struct prom *p, const struct prom_family *fam,
			   const struct prom_label *labels, size_t n_labels,
			   const uint64_t *bounds, const uint64_t *counts,
			   size_t n, uint64_t sum, unsigned int decimals);

#endif
