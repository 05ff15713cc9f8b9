/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Printing the monitor's alerts as lines of text or one JSON object per
 * line.  No socket: unit-tested on the host.
 */
#ifndef TPSTAT_ALERT_OUTPUT_H
#define TPSTAT_ALERT_OUTPUT_H

#include <stdio.h>
#include <time.h>

#include "alert.h"

struct out_opts;
/*
 * @a as received at @t: one line per count it carries (an ALERT has
 * one), "HH:MM:SS ..." in local time, or JSON with "time" in UTC.
 */
void alert_print(FILE *f, const struct out_opts *o, time_t t,
		 const struct alert *a);
/* The socket's receive buffer overran (ENOBUFS); @overruns so far. */
void alert_print_overrun(FILE *f, const struct out_opts *o, time_t t,
			 unsigned long overruns);

#endif
