// SPDX-License-Identifier: GPL-2.0
/* kfree_skb from 6.11: rx_sk, the receiving socket. */
#define TPSTAT_VARIANT_OF kfree_skb
#include <trace/events/skb.h>

static void probe(void *data, struct sk_buff *skb, void *location,
		  enum skb_drop_reason reason, struct sock *rx_sk)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_kfree_skb(probe);
}
