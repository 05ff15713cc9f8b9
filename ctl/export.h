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
#include "prom.h"
#include "../uapi/linux/tpstat.h"

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
	 * Views (TPSTAT_CMD_GET_VIEW) by enum tpstat_view, each after its
	 * ->export_prepare(); NULL leaves its family out (the view is off,
	 * or the user may not read it).
	 */
	const struct view *views[__TPSTAT_VIEW_CNT];
};

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
