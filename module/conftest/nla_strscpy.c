// SPDX-License-Identifier: GPL-2.0
/* nla_strscpy (5.11); before it, nla_strlcpy. */
#include <net/netlink.h>

static inline ssize_t __maybe_unused conftest(char *dst, const struct nlattr *nla)
{
	return nla_strscpy(dst, nla, 16);
}
