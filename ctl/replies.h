/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's events, counters and info (TPSTAT_CMD_LIST_EVENTS,
 * GET_COUNTERS, GET_INFO), each reply checked and copied into the rows
 * of output.h: what list, show, watch, info, export and -V read; and
 * its flight recorder's intervals (GET_HISTORY), counters' and views',
 * which history reads.
 */
#ifndef TPSTAT_REPLIES_H
#define TPSTAT_REPLIES_H

#include <stddef.h>

#include "output.h"
#include "rows.h"

struct tpnl;

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

struct nlmsghdr;
struct recording;

/*
 * The flight recorder's intervals (TPSTAT_CMD_GET_HISTORY) into @r
 * (rec_init()ed), ready to use (rec_finish()): as above; its views
 * intervals into r->views (vrec_init()ed), or skipped where that is
 * NULL.  The module refuses it (EOPNOTSUPP, its message in the extack)
 * where it keeps no history: off, or another network namespace than
 * the initial one.
 */
int read_history(struct tpnl *nl, struct recording *r);
/*
 * One message of that dump into the struct recording @data: MNL_CB_*.
 * A message with TPSTAT_A_VIEW is a views interval's, never a
 * counters' one: into r->views, or skipped unread.
 */
int history_msg_cb(const struct nlmsghdr *nlh, void *data);

#endif
