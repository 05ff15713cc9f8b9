// SPDX-License-Identifier: GPL-2.0
/* struct genl_dumpit_info embeds a struct genl_info (6.2+). */
#include <net/genetlink.h>

static inline struct nlattr **__maybe_unused conftest(struct netlink_callback *cb)
{
	return genl_dumpit_info(cb)->info.attrs;
}
