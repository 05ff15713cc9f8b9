// SPDX-License-Identifier: GPL-2.0
/* tcp_probe in 7.x: skb is const. */
#define TPSTAT_VARIANT_OF tcp_probe
#include <trace/events/tcp.h>

static void probe(void *data, struct sock *sk, const struct sk_buff *skb)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_tcp_probe(probe);
}
