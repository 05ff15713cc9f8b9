// SPDX-License-Identifier: GPL-2.0
/* kfree_skb before 5.17 (and 5.15.58): no drop reason. */
#define TPSTAT_VARIANT_OF kfree_skb
#include <trace/events/skb.h>

static void probe(void *data, struct sk_buff *skb, void *location)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_kfree_skb(probe);
}
