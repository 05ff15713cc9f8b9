// SPDX-License-Identifier: GPL-2.0
/*
 * genl_family.resv_start_op (6.1): strict validation of every command
 * from op 0.  Before it, a command without GENL_DONT_VALIDATE_* flags is
 * validated strictly anyway; only the reserved header bytes go unchecked.
 */
#include <net/genetlink.h>

static struct genl_family conftest __maybe_unused = {
	.resv_start_op = 0,
};
