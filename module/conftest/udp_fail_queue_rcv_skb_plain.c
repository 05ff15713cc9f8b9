// SPDX-License-Identifier: GPL-2.0
/* udp_fail_queue_rcv_skb before 6.10: no skb, and IPv4's path only. */
#define TPSTAT_VARIANT_OF udp_fail_queue_rcv_skb
#include <trace/events/udp.h>

static void probe(void *data, int rc, struct sock *sk)
{
}

static inline void __maybe_unused conftest(void)
{
	check_trace_callback_type_udp_fail_queue_rcv_skb(probe);
}
