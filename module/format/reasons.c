// SPDX-License-Identifier: GPL-2.0
/*
 * Reason names.  Drop reasons come from the running kernel's own tables
 * (the enum moves between releases, so tpstat keeps no copy): one array
 * before 6.4, one list per subsystem after.  Reset reasons (6.10+) have
 * no exported table; their names come from the DEFINE_RST_REASON list in
 * the headers the module is built against.
 */
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/skbuff.h>
#include <linux/string.h>

#include "base/compat.h"
#include "format/reasons.h"

#if defined(TPSTAT_HAVE_DROP_REASONS_BY_SUBSYS) || \
	defined(TPSTAT_HAVE_DROP_REASONS_ARRAY)
#include <net/dropreason.h>
#endif
#ifdef TPSTAT_HAVE_RSTREASON_H
#include <net/rstreason.h>
#endif

const char *tpstat_drop_reason_name(u32 reason,
				    char buf[TPSTAT_REASON_NAME_LEN])
{
#if defined(TPSTAT_HAVE_DROP_REASONS_BY_SUBSYS)
	const struct drop_reason_list *list;
	u32 subsys = reason >> SKB_DROP_REASON_SUBSYS_SHIFT;
	u32 code = reason & ~SKB_DROP_REASON_SUBSYS_MASK;
	const char *name = NULL;

	if (subsys >= SKB_DROP_REASON_SUBSYS_NUM)
		return NULL;
	/*
	 * A subsystem's list, and its strings, are its module's: freed once
	 * it unregisters (a grace period later) and goes.  Copied here.
	 */
	rcu_read_lock();
	list = rcu_dereference(drop_reasons_by_subsys[subsys]);
	if (list && code < list->n_reasons && list->reasons[code]) {
		strscpy(buf, list->reasons[code], TPSTAT_REASON_NAME_LEN);
		name = buf;
	}
	rcu_read_unlock();
	return name;
#elif defined(TPSTAT_HAVE_DROP_REASONS_ARRAY)
	if (reason >= SKB_DROP_REASON_MAX || !drop_reasons[reason])
		return NULL;
	strscpy(buf, drop_reasons[reason], TPSTAT_REASON_NAME_LEN);
	return buf;
#else
	return NULL;
#endif
}

#ifdef TPSTAT_HAVE_RSTREASON_H
/* Designated by code: the list need not follow the enum's order. */
#define TPSTAT_RST_NAME(r)[SK_RST_REASON_##r] = #r,
static const char *const tpstat_rst_reasons[] = {
	DEFINE_RST_REASON(TPSTAT_RST_NAME, TPSTAT_RST_NAME)
};
#undef TPSTAT_RST_NAME
#endif

const char *tpstat_rst_reason_name(u32 reason)
{
#ifdef TPSTAT_HAVE_RSTREASON_H
	if (reason < ARRAY_SIZE(tpstat_rst_reasons))
		return tpstat_rst_reasons[reason];
#endif
	return NULL;
}
