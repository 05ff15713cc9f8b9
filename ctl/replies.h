/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's events, counters and info (TPSTAT_CMD_LIST_EVENTS,
 * GET_COUNTERS, GET_INFO), each reply checked and copied into the rows
 * of output.h: what list, show, watch, info, export and -V read.
 */
#ifndef TPSTAT_REPLIES_H
#define TPSTAT_REPLIES_H

#include <stddef.h>

#include "output.h"

struct tpnl;

/* A growing array of rows of @size bytes: @n used of @cap; free(@v). */
struct rows {
	void *v;
	size_t n, cap, size;
};

/*
 * The events (struct event_row) or the counters (struct counter_row,
 * sorted by name, as the module dumps them) that @glob matches, all
 * for NULL, into @r in place of what it held.  0, or -errno as
 * tpnl_request(); a malformed reply is rejected (tpnl_reject()).
 */
int read_events(struct tpnl *nl, const char *glob, struct rows *r);
int read_counters(struct tpnl *nl, const char *glob, struct rows *r);
/* The module's version, kernel, features ... into @info: as above. */
int read_info(struct tpnl *nl, struct info *info);

#endif
