// SPDX-License-Identifier: GPL-2.0
/*
 * genl_multicast_group.flags with GENL_MCAST_CAP_NET_ADMIN (6.7, and
 * stable kernels since): joining the group needs CAP_NET_ADMIN in the
 * socket's network namespace.
 */
#include <net/genetlink.h>

static const struct genl_multicast_group conftest __maybe_unused = {
	.name = "conftest",
	.flags = GENL_MCAST_CAP_NET_ADMIN,
};
