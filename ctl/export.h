/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tpstat export: the Prometheus text exposition format (version 0.0.4),
 * on stdout or atomically into node_exporter's textfile collector
 * directory.  No netlink here, so it is unit-tested on the host.
 */
#ifndef TPSTAT_EXPORT_H
#define TPSTAT_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "output.h"

/* The file --textfile DIR writes (node_exporter reads only *.prom). */
#define EXPORT_TEXTFILE_NAME "tpstat.prom"

struct view;

/* What one scrape read from the module. */
struct export_data {
	const struct info *info;
	const struct event_row *events;		/* as TPSTAT_CMD_LIST_EVENTS */
	size_t n_events;
	const struct counter_row *counters;	/* sorted, as the dump */
	size_t n_counters;
	/*
	 * Views (TPSTAT_CMD_GET_VIEW); NULL leaves their families out (the
	 * view is off, or the user may not read it).  @drops after
	 * drops_aggregate(BY_REASON): one entry per reason code.  @errors
	 * after errors_aggregate(): one entry per label set.
	 */
	const struct view *drops;
	const struct view *hists;
	const struct view *errors;
	/* After resets_aggregate(RESETS_BY_SERVICE): no peers. */
	const struct view *resets;
	const struct view *rcvq;	/* after rcvq_aggregate() */
	const struct view *neigh;	/* NEIGH, one entry per neighbour */
	const struct view *auth;	/* AUTH, as read */
};

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

/* Every family tpstat exports, tpstat_up 1 first. */
void export_write(FILE *f, const struct export_data *d);
/* Only tpstat_up 0: the module did not answer. */
void export_write_down(FILE *f);

/*
 * Writes @dir/EXPORT_TEXTFILE_NAME atomically: a temporary file in @dir,
 * fsync, then rename over the old one, so a reader sees the old or the
 * new file, never a partial one.  @d NULL writes export_write_down().
 * 0, or -errno with the failing step in @err.
 */
int export_textfile(const char *dir, const struct export_data *d, char *err,
		    size_t err_len);

#endif
