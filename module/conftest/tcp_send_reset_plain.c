// SPDX-License-Identifier: GPL-2.0
/* tcp_send_reset before 6.10: no reset reason. */
#define TPSTAT_VARIANT_OF tcp_send_reset
#include <trace/events/tcp.h>

static void probe(void *data, const struct sock *sk, const struct sk_buff *skb)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_tcp_send_reset(probe);
}
