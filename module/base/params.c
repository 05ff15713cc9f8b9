// SPDX-License-Identifier: GPL-2.0
/*
 * The module parameters' limits, held at load by the ops of
 * tpstat_param_uint() and tpstat_param_string() (params.h): a value out
 * of range fails the load before tpstat_init() runs, and the kernel log
 * names the parameter and its limits.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "base/params.h"

/* A value as the log shows it: a garbage one may be a page long. */
#define TPSTAT_PARAM_SHOWN	32

static const char *tpstat_param_more(const char *val)
{
	return strnlen(val, TPSTAT_PARAM_SHOWN + 1) > TPSTAT_PARAM_SHOWN ?
	       "..." : "";
}

/*
 * How much of @val the log shows: up to its first newline, which a
 * write to /sys/module/tpstat/parameters/ ends with, so that the
 * message stays one line.
 */
static int tpstat_param_shown(const char *val)
{
	return min_t(size_t, strcspn(val, "\n"), TPSTAT_PARAM_SHOWN);
}

static int tpstat_param_set_uint(const char *val,
				 const struct kernel_param *kp)
{
	const struct tpstat_param_uint *p = kp->arg;
	unsigned int n;

	if (!val || kstrtouint(val, 0, &n) || n < p->min || n > p->max) {
		pr_err("%s=%.*s%s: must be a number from %u to %u\n", kp->name,
		       val ? tpstat_param_shown(val) : 0, val ?: "",
		       val ? tpstat_param_more(val) : "", p->min, p->max);
		return -EINVAL;
	}
	WRITE_ONCE(*p->val, n);	/* some are writable at run time */
	return 0;
}

static int tpstat_param_get_uint(char *buffer, const struct kernel_param *kp)
{
	const struct tpstat_param_uint *p = kp->arg;

	return scnprintf(buffer, PAGE_SIZE, "%u\n", *p->val);
}

/* Without "=value" too: the message says so, not only the kernel's. */
const struct kernel_param_ops tpstat_param_ops_uint = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = tpstat_param_set_uint,
	.get = tpstat_param_get_uint,
};

static int tpstat_param_set_string(const char *val,
				   const struct kernel_param *kp)
{
	const struct tpstat_param_string *p = kp->arg;
	struct kernel_param charp = *kp;
	size_t len;

	if (!val) {
		pr_err("%s: needs a value (%s=...)\n", kp->name, kp->name);
		return -EINVAL;
	}
	len = strnlen(val, p->max_len + 1);
	if (len > p->max_len) {
		pr_err("%s=%.*s...: longer than %u characters\n", kp->name,
		       TPSTAT_PARAM_SHOWN, val, p->max_len);
		return -EINVAL;
	}
	charp.arg = p->val;
	return param_set_charp(val, &charp);
}

static int tpstat_param_get_string(char *buffer,
				   const struct kernel_param *kp)
{
	const struct tpstat_param_string *p = kp->arg;
	struct kernel_param charp = *kp;

	charp.arg = p->val;
	return param_get_charp(buffer, &charp);
}

static void tpstat_param_free_string(void *arg)
{
	const struct tpstat_param_string *p = arg;

	param_free_charp(p->val);
}

const struct kernel_param_ops tpstat_param_ops_string = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = tpstat_param_set_string,
	.get = tpstat_param_get_string,
	.free = tpstat_param_free_string,
};
