/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What tpstat history VIEW prints of the views intervals, once chosen
 * and arranged (recording_views.h): each interval's start, length and
 * flags as the counters' listing has them, its rows as tpstat VIEW
 * prints them (view_rows_text(), view_row_json()), and what
 * moved outside them.  No netlink, unit-tested on the host.
 */
#ifndef TPSTAT_RECORDING_VIEWS_OUTPUT_H
#define TPSTAT_RECORDING_VIEWS_OUTPUT_H

#include <stdio.h>

#include "recording_views.h"

/*
 * A line on the intervals' length and what the ring dropped, then each
 * interval: its line, its rows as @how prints them (its .v is each
 * interval's), "  (N more outside these K keys)" where the rest is
 * known and not 0 (with r->selected, said to be the whole view's); a
 * blank line between two.  None: "no key of VIEW moved in @where"
 * (@view's name; "the recording", "that window").
 */
void vrec_print_text(FILE *f, const struct view_recording *r,
		     const struct view_print *how, uint32_t view,
		     const char *where);
/*
 * A JSON object per interval, one a line (JSON Lines): the counters'
 * members (rec_json_when()), "view", "rows" (what tpstat -j VIEW has
 * in its array, after the selectors) and "rest" (null where the dump
 * did not say it; the whole view's, selectors or not).
 */
void vrec_print_json(FILE *f, const struct view_recording *r,
		     const struct view_print *how);

#endif
