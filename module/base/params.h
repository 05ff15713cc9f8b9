/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module parameters: their limits, the kernel_param_ops that hold
 * every one of them to its limit at load.
 */
#ifndef _TPSTAT_PARAMS_H
#define _TPSTAT_PARAMS_H

#include <asm/bitsperlong.h>
#include <linux/moduleparam.h>
#include <linux/stringify.h>
#include <linux/tpstat.h>
#include <linux/types.h>

/*
 * A view's table has twice its keys in slots, rounded up to a power of
 * two, of a slot header, the key and the values each; the module keeps
 * two generations of it and a reader copies it.  Each view's largest
 * *_keys (views/<name>.c) is the largest power of two whose table stays
 * within TPSTAT_TABLE_MAX_BYTES: far below INT_MAX (above it kvmalloc()
 * warns), and a fraction of a 32-bit kernel's vmalloc space.
 * TPSTAT_CHECK_LIMIT() checks it against its record's size at build
 * time.  Powers of two, as a table of 2^n + 1 keys takes as much memory
 * as one of 2^(n+1).
 */
#define TPSTAT_TABLE_MAX_BYTES	(64UL << 20)
/*
 * The retransmits view's flow table may take four times that on a
 * 64-bit kernel, so that it can follow a million flows, a busy server's
 * connections.  A 32-bit kernel has no such room: ARM's vmalloc space
 * is 240 MB by default, for the whole kernel.
 */
#if BITS_PER_LONG == 64
#define TPSTAT_FLOW_TABLE_MAX_BYTES	(256UL << 20)
#else
#define TPSTAT_FLOW_TABLE_MAX_BYTES	TPSTAT_TABLE_MAX_BYTES
#endif
/* A table's bytes at @keys keys of @key, with @nr values each (table.c). */
#define TPSTAT_TABLE_BYTES(keys, key, nr)				\
	(2ULL * (keys) * (sizeof(struct tpstat_slot_hdr) +		\
			  sizeof(struct key) + (nr) * sizeof(u64)))
#define TPSTAT_POW2(n)	((n) && !((n) & ((n) - 1)))
/*
 * Each limit a power of two within its @budget, and the largest one; and
 * the key a whole number of u64 (table.h compares keys word by word).
 */
#define TPSTAT_CHECK_LIMIT(max, budget, key, nr)			\
	static_assert(sizeof(struct key) % 8 == 0 && TPSTAT_POW2(max) &&	\
		      TPSTAT_TABLE_BYTES(max, key, nr) <= (budget) &&	\
		      TPSTAT_TABLE_BYTES(2ULL * (max), key, nr) > (budget))
/*
 * A view's size parameter @name: @def keys by default, 1 to @max, where
 * @max is checked against the table it sizes (struct @key, @nr values a
 * key) and a budget of @budget bytes; @what says what it keeps, for
 * modinfo.
 */
#define tpstat_view_keys_param_within(name, def, max, budget, key, nr, what) \
	TPSTAT_CHECK_LIMIT(max, budget, key, nr);			\
	static unsigned int name = def;					\
	tpstat_param_uint(name, 1, max);				\
	MODULE_PARM_DESC(name, what ", 1 to " __stringify(max)		\
			 " (default " __stringify(def) ")")
/* The same, within TPSTAT_TABLE_MAX_BYTES: every view's but the flows'. */
#define tpstat_view_keys_param(name, def, max, key, nr, what)		\
	tpstat_view_keys_param_within(name, def, max,			\
				      TPSTAT_TABLE_MAX_BYTES, key, nr, what)
/* Open sockets whose birth is kept (births.h): 32-byte slots. */
#define TPSTAT_SOCKETS_MAX	1048576

/* events= and views= text, without the NUL. */
#define TPSTAT_EVENTS_MAX_LEN	1024
#define TPSTAT_VIEWS_MAX_LEN	127

/* An unsigned int parameter refused at load outside [min, max]. */
struct tpstat_param_uint {
	unsigned int *val;
	unsigned int min, max;
};

/* A string parameter (as charp) refused at load above max_len. */
struct tpstat_param_string {
	char **val;
	unsigned int max_len;
};

extern const struct kernel_param_ops tpstat_param_ops_uint;
extern const struct kernel_param_ops tpstat_param_ops_string;

/*
 * module_param(name, uint, 0444), but a value that is not a number from
 * @lo to @hi fails the load (-EINVAL), and the kernel log names the
 * parameter and its limits.
 */
#define tpstat_param_uint(name, lo, hi)					\
	param_check_uint(name, &(name));				\
	static struct tpstat_param_uint __tpstat_param_##name = {	\
		.val = &(name), .min = (lo), .max = (hi),		\
	};								\
	module_param_cb(name, &tpstat_param_ops_uint,			\
			&__tpstat_param_##name, 0444);			\
	__MODULE_PARM_TYPE(name, "uint")

/* The same, writable at run time by root (mode 0644), held to its limits. */
#define tpstat_param_uint_rw(name, lo, hi)				\
	param_check_uint(name, &(name));				\
	static struct tpstat_param_uint __tpstat_param_##name = {	\
		.val = &(name), .min = (lo), .max = (hi),		\
	};								\
	module_param_cb(name, &tpstat_param_ops_uint,			\
			&__tpstat_param_##name, 0644);			\
	__MODULE_PARM_TYPE(name, "uint")

/* module_param(name, charp, 0444), refused above @max_len characters. */
#define tpstat_param_string(name, max_len_)				\
	param_check_charp(name, &(name));				\
	static struct tpstat_param_string __tpstat_param_##name = {	\
		.val = &(name), .max_len = (max_len_),			\
	};								\
	module_param_cb(name, &tpstat_param_ops_string,		\
			&__tpstat_param_##name, 0444);			\
	__MODULE_PARM_TYPE(name, "charp")

#endif /* _TPSTAT_PARAMS_H */
