/* SPDX-License-Identifier: GPL-2.0 */
/* Names of drop and reset reasons, as the running kernel has them. */
#ifndef _TPSTAT_REASONS_H
#define _TPSTAT_REASONS_H

#include <linux/types.h>

/* Room for a drop reason's name and its NUL: a longer one is cut. */
#define TPSTAT_REASON_NAME_LEN	64

/*
 * @reason's name, copied into @buf: a subsystem's names go with its
 * module, so they are read under RCU and never kept.  NULL if the kernel
 * has no name for @reason (or no reasons at all).
 */
const char *tpstat_drop_reason_name(u32 reason,
				    char buf[TPSTAT_REASON_NAME_LEN]);
/* The name (a string of tpstat's own), or NULL if it has none. */
const char *tpstat_rst_reason_name(u32 reason);

#endif /* _TPSTAT_REASONS_H */
