// SPDX-License-Identifier: GPL-2.0
/* SKB_CONSUMED, the "not a drop" reason (6.2+). */
#include <linux/skbuff.h>

static inline int __maybe_unused conftest(void)
{
	return SKB_CONSUMED;
}
