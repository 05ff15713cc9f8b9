// SPDX-License-Identifier: GPL-2.0
/*
 * genl_multicast_group.cap_sys_admin (5.10 and 5.15 stable, drop_monitor's
 * fix): joining the group needs CAP_SYS_ADMIN.  The only way those kernels
 * keep a group from unprivileged listeners.
 */
#include <net/genetlink.h>

static const struct genl_multicast_group conftest __maybe_unused = {
	.name = "conftest",
	.cap_sys_admin = 1,
};
