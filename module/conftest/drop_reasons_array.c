// SPDX-License-Identifier: GPL-2.0
/* One array of drop reason names, drop_reasons[] (6.0 - 6.3). */
#include <linux/rcupdate.h>
#include <linux/skbuff.h>
#include <net/dropreason.h>

static inline const char *__maybe_unused conftest(void)
{
	return drop_reasons[SKB_DROP_REASON_NO_SOCKET];
}
