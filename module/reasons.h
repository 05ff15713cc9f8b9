/* SPDX-License-Identifier: GPL-2.0 */
/* Names of drop and reset reasons, as the running kernel has them. */
#ifndef _TPSTAT_REASONS_H
#define _TPSTAT_REASONS_H

#include <linux/types.h>

/* NULL if the kernel has no name for @reason (or no reasons at all). */
const char *tpstat_drop_reason_name(u32 reason);
const char *tpstat_rst_reason_name(u32 reason);

#endif /* _TPSTAT_REASONS_H */
