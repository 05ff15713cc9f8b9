// SPDX-License-Identifier: GPL-2.0
/* Drop reason names per subsystem, drop_reasons_by_subsys[] (6.4+). */
#include <linux/rcupdate.h>
#include <linux/skbuff.h>
#include <net/dropreason.h>

static inline const void *__maybe_unused conftest(void)
{
	return rcu_access_pointer(drop_reasons_by_subsys[SKB_DROP_REASON_SUBSYS_CORE]);
}
