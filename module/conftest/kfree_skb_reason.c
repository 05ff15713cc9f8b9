// SPDX-License-Identifier: GPL-2.0
/* kfree_skb from 5.17 (5.15.58) to 6.10: reason, no rx_sk. */
#define TPSTAT_VARIANT_OF kfree_skb
#include <trace/events/skb.h>

static void probe(void *data, struct sk_buff *skb, void *location,
		  enum skb_drop_reason reason)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_kfree_skb(probe);
}
