// SPDX-License-Identifier: GPL-2.0
/* TCP_BOUND_INACTIVE, the inet_diag pseudo-state (6.8+). */
#include <net/tcp_states.h>

static inline int __maybe_unused conftest(void)
{
	return TCP_BOUND_INACTIVE;
}
