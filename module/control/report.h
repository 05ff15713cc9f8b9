/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Named values for readers: each event's hits as "<group>:<name>" and
 * each derived figure as "<group>:<name>.<metric>", sorted by name.
 */
#ifndef _TPSTAT_REPORT_H
#define _TPSTAT_REPORT_H

#include <linux/types.h>

#include "counters/counters.h"

/* Long enough for "sock:inet_sock_set_state.BOUND_INACTIVE->NEW_SYN_RECV". */
#define TPSTAT_KEY_MAX		96
#define TPSTAT_REPORT_MAX	(__TPSTAT_EV_CNT + TPSTAT_NR_SLOTS)

struct tpstat_value {
	char key[TPSTAT_KEY_MAX];
	u64 value;
	enum tpstat_event_id event;	/* whose figure it is */
};

struct tpstat_report {
	unsigned int count;
	struct tpstat_value values[TPSTAT_REPORT_MAX];
};

/*
 * The name readers know @slot's value by, into @buf: "<group>:<name>",
 * or with ".<metric>" or a TCP transition for a derived one; false for a
 * histogram's bucket, which only the HISTS view gives.
 */
bool tpstat_slot_name(unsigned int slot, char *buf, size_t len);

void tpstat_report_build(const struct tpstat_totals *totals,
			 struct tpstat_report *report);
/*
 * The totals @read(@arg, totals) fills in, named; kvfree() it.  NULL if
 * @read says there are none, ERR_PTR(-ENOMEM).  Process context.
 */
struct tpstat_report *
tpstat_report_read(bool (*read)(void *arg, struct tpstat_totals *totals),
		   void *arg);

/*
 * @net's named values, kvfree() it; NULL if it does not count,
 * ERR_PTR(-ENOMEM).  Only the hand-written probes' events can be a
 * namespace's.
 */
struct net;
struct tpstat_report *tpstat_netns_snapshot(struct net *net);

#endif /* _TPSTAT_REPORT_H */
