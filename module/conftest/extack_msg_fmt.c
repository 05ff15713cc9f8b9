// SPDX-License-Identifier: GPL-2.0
/*
 * NL_SET_ERR_MSG_FMT_MOD (6.2): the extack formats its message into its
 * own buffer, so a message built at run time lives as long as the
 * request.  Before it, an extack keeps only a pointer.
 */
#include <net/netlink.h>

static inline void __maybe_unused conftest(struct netlink_ext_ack *extack)
{
	NL_SET_ERR_MSG_FMT_MOD(extack, "%s", "x");
	BUILD_BUG_ON(sizeof(extack->_msg_buf) < 64);
}
