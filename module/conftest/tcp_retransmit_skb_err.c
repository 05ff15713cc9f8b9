// SPDX-License-Identifier: GPL-2.0
/* tcp_retransmit_skb in 7.x: the retransmission's result, err. */
#define TPSTAT_VARIANT_OF tcp_retransmit_skb
#include <trace/events/tcp.h>

static void probe(void *data, const struct sock *sk, const struct sk_buff *skb,
		  int err)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_tcp_retransmit_skb(probe);
}
