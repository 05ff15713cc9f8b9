/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What tpstat history prints of a recording, once chosen and binned
 * (recording.h): each bin and what moved in it, or a line per counter
 * with its sparkline, as text; a row per bin as CSV; an object per bin
 * a line as JSON.  No netlink, unit-tested on the host.
 */
#ifndef TPSTAT_RECORDING_OUTPUT_H
#define TPSTAT_RECORDING_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "recording.h"

struct json;

/*
 * A line on where the recording starts and what it lost, then each
 * bin's local start, length and flags, and what moved in it, a line
 * each; bins in which nothing moved, one after the other, as one line.
 */
void rec_print_intervals(FILE *f, const struct recording *r);
/*
 * The same first line, then one per counter that moved: its total,
 * its peak rate a second and the start of the bin it was in, and a
 * sparkline of its rate, a mark per bin (@step_ns long).
 */
void rec_print_summary(FILE *f, const struct recording *r, uint64_t step_ns);
/*
 * start,duration_s,flags, then the counters that moved, by name; a row
 * per bin, 0 for a counter that did not move in it.
 */
void rec_print_csv(FILE *f, const struct recording *r);
/* A JSON object per bin, one a line (JSON Lines), whatever -p says. */
void rec_print_json(FILE *f, const struct recording *r);

/*
 * What the views intervals' outputs (recording_views_output.c) share
 * with these.  An interval's line: its local start (with its date if
 * @date), its length, its flags' names, then @what unless NULL.
 */
void rec_when_line(FILE *f, uint64_t start, uint64_t duration,
		   uint32_t flags, bool date, const char *what);
/*
 * An interval's JSON members, in an object open: schema_version, seq,
 * start (UTC), start_ns, duration_ns, flags (their names) and lost.
 */
void rec_json_when(struct json *j, uint64_t seq, uint64_t start_ns,
		   uint64_t duration_ns, uint32_t flags, uint64_t lost);

#endif
