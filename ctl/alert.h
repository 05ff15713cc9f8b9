/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The monitor's notifications (TPSTAT_CMD_ALERT, TPSTAT_CMD_ALERTS_LOST)
 * read into a struct alert.  No socket: unit-tested on the host.
 */
#ifndef TPSTAT_ALERT_H
#define TPSTAT_ALERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <libmnl/libmnl.h>

#include "names.h"
#include "views.h"
#include "../uapi/linux/tpstat.h"

/* Bits (1 << enum tpstat_alert_kind) of the kinds to print. */
#define ALERT_KINDS_ALL ((1U << __TPSTAT_ALERT_CNT) - 1)

struct alert {
	uint8_t cmd;			/* ALERT or ALERTS_LOST */
	uint8_t kind;			/* enum tpstat_alert_kind */
	bool seen[TPSTAT_A_MAX + 1];	/* attributes that came valid */
	struct view_entry e;		/* the key and its counts (no values out of line) */
	uint32_t err;			/* ERRNO */
	uint64_t alerts_lost, events_lost;
	uint32_t rate;			/* ALERT_RATE */
};

struct json;

/*
 * A kind of alert: its name, the counts an ALERT of it may carry (the
 * attributes, one line each, in this order; 0: no more) and the
 * printers of a line of it (alert_output.c), given the line's count.
 * By enum tpstat_alert_kind; alert_parse() takes no other kind.
 */
struct alert_ops {
	const char *name;
	uint16_t counts[2];
	void (*text)(FILE *f, const struct alert *a, unsigned int count);
	void (*json)(struct json *j, const struct alert *a,
		     unsigned int count);
};

extern const struct alert_ops alert_kinds[__TPSTAT_ALERT_CNT];

/* "drops", "resets", "retrans", "states", "errors"; NULL if unknown. */
const char *alert_kind_name(unsigned int kind);
/* Adds @word's kinds ("all": every one) to *@mask: 0, or -1 if unknown. */
int alert_kind_parse(const char *word, unsigned int *mask);
/*
 * @nlh into @a: 0, or -1 when it is not an ALERT or ALERTS_LOST with a
 * kind this tool knows.  Attributes of the wrong type or length are left
 * out, unknown ones ignored.
 */
int alert_parse(const struct nlmsghdr *nlh, struct alert *a);

#endif
