/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Adds to the views' values: atomic64_t entries of a table (tables/),
 * which any CPU adds to, relaxed as atomic64_add() is.  On ARM they are
 * the counters' own loops (ctr_arm64.h, ctr_arm.h): arm64's
 * atomic64_add() tests for LSE at every add and jumps out of line to its
 * LL/SC loop and back, and 32-bit ARM's takes a 64-bit operand, a +1 in
 * a register pair.  tpstat_val_add32() is for what is under 4 GB (a
 * count, one packet's bytes).
 */
#ifndef _TPSTAT_VAL_ADD_H
#define _TPSTAT_VAL_ADD_H

#include <linux/atomic.h>
#include <linux/types.h>

#if defined(CONFIG_ARM64)
#include "counters/ctr_arm64.h"
#define tpstat_val_add(v, n) \
	tpstat_arm64_add_shared((u64 *)&(v)->counter, (n))
#define tpstat_val_add32(v, n) tpstat_val_add((v), (u32)(n))
#define tpstat_val_inc(v) tpstat_val_add((v), 1)
#elif defined(CONFIG_ARM) && !defined(CONFIG_GENERIC_ATOMIC64)
#include "counters/ctr_arm.h"
#define tpstat_val_add(v, n) atomic64_add((n), (v))
#define tpstat_val_add32(v, n) tpstat_atomic64_add32((n), (v), true)
#define tpstat_val_inc(v) tpstat_val_add32((v), 1)
#else
#define tpstat_val_add(v, n) atomic64_add((n), (v))
#define tpstat_val_add32(v, n) atomic64_add((n), (v))
#define tpstat_val_inc(v) atomic64_inc(v)
#endif

#endif /* _TPSTAT_VAL_ADD_H */
