/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tpstat monitor: alerts as they come.  Joins nlctrl's "notify" group
 * (to see the module go) and the family's "alerts" group, asks the module
 * for alerts (TPSTAT_CMD_MONITOR), then prints every ALERT and
 * ALERTS_LOST of the kinds asked for until SIGINT or SIGTERM.
 */
#ifndef TPSTAT_MONITOR_H
#define TPSTAT_MONITOR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <libmnl/libmnl.h>

struct out_opts;
struct tpnl;

struct monitor {
	struct tpnl *nl;	/* the family's id, the kernel's extack */
	unsigned int kinds;	/* ALERT_KINDS_ALL or fewer bits */
	const struct out_opts *o;
	FILE *out;
	time_t now;		/* 0: the clock's time; tests fix it */
	uint32_t first_seq;	/* our MONITOR requests' sequence numbers */
	uint32_t last_seq;
	bool acked;		/* one of them was acknowledged */
	int err;		/* or refused: -errno */
	bool unloaded;		/* nlctrl said the family is gone */
	unsigned long overruns;	/* ENOBUFS: the kernel dropped some */
};

/*
 * mnl callback for every message the socket gets: alerts are printed,
 * the MONITOR request's ack or error and the family's removal are noted
 * in the struct monitor @data (MNL_CB_STOP for the latter two).
 */
int monitor_msg_cb(const struct nlmsghdr *nlh, void *data);

/*
 * Runs "tpstat monitor": 0 when interrupted or when the module goes, or
 * 1 after one line on stderr.
 */
int monitor_cmd(struct tpnl *nl, unsigned int kinds,
		const struct out_opts *o);

#endif
