/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Changing what is counted while the module runs: attach, detach and
 * reset, all serialised by one mutex, and reading counters as the user
 * sees them (since load or the last reset).
 */
#ifndef _TPSTAT_CONTROL_H
#define _TPSTAT_CONTROL_H

#include <linux/tpstat.h>

#include "counters/counters.h"

int tpstat_control_init(void);
void tpstat_control_exit(void);

int tpstat_control_attach(const unsigned long *selected);
void tpstat_control_detach(const unsigned long *selected);
int tpstat_control_reset(const unsigned long *selected);
struct tpstat_filter;
int tpstat_control_set_filter(struct tpstat_filter *f);
void tpstat_control_read(struct tpstat_totals *totals);

u64 tpstat_memory_bytes(void);

struct tpstat_report;
struct tpstat_report *tpstat_control_snapshot(void);

#endif /* _TPSTAT_CONTROL_H */
