// SPDX-License-Identifier: GPL-2.0
/* consume_skb from 6.3: location. */
#define TPSTAT_VARIANT_OF consume_skb
#include <trace/events/skb.h>

static void probe(void *data, struct sk_buff *skb, void *location)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_consume_skb(probe);
}
