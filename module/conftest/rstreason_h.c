// SPDX-License-Identifier: GPL-2.0
/* net/rstreason.h: the TCP reset reasons (6.10). */
#include <net/rstreason.h>

static inline int __maybe_unused conftest(void)
{
	return SK_RST_REASON_NOT_SPECIFIED;
}
