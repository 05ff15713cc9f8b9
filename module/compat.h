/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between kernel versions that tpstat cares about, in
 * one place.  The TPSTAT_HAVE_* macros come from generated/tpstat_features.h,
 * which conftest.sh writes by compiling one small probe per question
 * against the target kernel's headers: what decides is the prototype the
 * headers declare, never LINUX_VERSION_CODE (distributions backport
 * tracepoint changes, and the sublevel saturates at 255).
 *
 * For a tracepoint whose prototype changed, the older variants are
 * detected and the newest known one is the default.  A kernel with a
 * prototype nobody has seen yet therefore fails to build at the
 * check_trace_callback_type_<name>() call in probes.c instead of calling
 * a probe with the wrong arguments.
 *
 * TPSTAT_PROTO_<tracepoint> is the probe's parameter list after the
 * leading "void *data"; TPSTAT_VARIANT_<tracepoint> names that list for
 * people reading `events`-style listings.
 */
#ifndef _TPSTAT_COMPAT_H
#define _TPSTAT_COMPAT_H

#include <linux/types.h>
#include <tpstat_features.h>

/* skb:kfree_skb gained "reason" in 5.17 (5.15.58) and "rx_sk" in 6.11. */
#if defined(TPSTAT_HAVE_KFREE_SKB_PLAIN)
#define TPSTAT_PROTO_kfree_skb struct sk_buff *skb, void *location
#define TPSTAT_VARIANT_kfree_skb "skb,location"
#define TPSTAT_KFREE_SKB_IS_DROP true
#elif defined(TPSTAT_HAVE_KFREE_SKB_REASON)
#define TPSTAT_PROTO_kfree_skb struct sk_buff *skb, void *location, \
	enum skb_drop_reason reason
#define TPSTAT_VARIANT_kfree_skb "skb,location,reason"
#define TPSTAT_KFREE_SKB_IS_DROP (!tpstat_reason_is_consumed(reason))
#else
#define TPSTAT_PROTO_kfree_skb struct sk_buff *skb, void *location, \
	enum skb_drop_reason reason, struct sock *rx_sk
#define TPSTAT_VARIANT_kfree_skb "skb,location,reason,rx_sk"
#define TPSTAT_KFREE_SKB_IS_DROP (!tpstat_reason_is_consumed(reason))
#endif

/*
 * SKB_CONSUMED (6.2) marks a free that is not a drop.  Kernels route it
 * to consume_skb, but a kfree_skb carrying it is still not a drop.
 */
#ifdef TPSTAT_HAVE_SKB_CONSUMED
#define tpstat_reason_is_consumed(reason) ((reason) == SKB_CONSUMED)
#else
#define tpstat_reason_is_consumed(reason) false
#endif

/* skb:consume_skb gained "location" in 6.3. */
#if defined(TPSTAT_HAVE_CONSUME_SKB_PLAIN)
#define TPSTAT_PROTO_consume_skb struct sk_buff *skb
#define TPSTAT_VARIANT_consume_skb "skb"
#else
#define TPSTAT_PROTO_consume_skb struct sk_buff *skb, void *location
#define TPSTAT_VARIANT_consume_skb "skb,location"
#endif

/* tcp:tcp_send_reset gained "reason" in 6.10. */
#if defined(TPSTAT_HAVE_TCP_SEND_RESET_PLAIN)
#define TPSTAT_PROTO_tcp_send_reset const struct sock *sk, \
	const struct sk_buff *skb
#define TPSTAT_VARIANT_tcp_send_reset "sk,skb"
#else
#define TPSTAT_PROTO_tcp_send_reset const struct sock *sk, \
	const struct sk_buff *skb, const enum sk_rst_reason reason
#define TPSTAT_VARIANT_tcp_send_reset "sk,skb,reason"
#endif

#endif /* _TPSTAT_COMPAT_H */
