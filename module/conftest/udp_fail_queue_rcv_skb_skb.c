// SPDX-License-Identifier: GPL-2.0
/*
 * udp_fail_queue_rcv_skb from 6.10: the skb (addresses and ports), and
 * IPv6's path fires it too.
 */
#define TPSTAT_VARIANT_OF udp_fail_queue_rcv_skb
#include <trace/events/udp.h>

static void probe(void *data, int rc, struct sock *sk, struct sk_buff *skb)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_udp_fail_queue_rcv_skb(probe);
}
