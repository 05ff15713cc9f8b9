// SPDX-License-Identifier: GPL-2.0
/*
 * The probes: the hot path.  They run wherever the tracepoint fires, with
 * preemption disabled, and can nest on one CPU (task, softirq, hardirq).
 * So: no locks, no allocation, no sleeping, bounded work, and every
 * update a single IRQ-safe per-CPU operation (counters.h).
 *
 * Each probe is type-checked against the tracepoint the build headers
 * declare (check_trace_callback_type_<name>), so a prototype that does
 * not match is a build error.
 */
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <net/request_sock.h>
#include <net/sock.h>
#include <trace/events/napi.h>
#include <trace/events/net.h>
#include <trace/events/skb.h>
#include <trace/events/sock.h>
#include <trace/events/tcp.h>

#include "compat.h"
#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
#include <net/devlink.h>
#include <trace/events/devlink.h>
#endif
#include "counters.h"
#include "filter.h"
#include "probes.h"
#include "record.h"
#include "views.h"

#define tpstat_hit(data, id) \
	tpstat_ctr_add((struct tpstat_pcpu __percpu __force *)(data), \
		       TPSTAT_SLOT_HITS + (id), 1)
#define tpstat_add(data, slot_idx, n) \
	tpstat_ctr_add((struct tpstat_pcpu __percpu __force *)(data), \
		       (slot_idx), (n))

/* The live views generation, or NULL if @view is off (views.h). */
static __always_inline struct tpstat_views *tpstat_views(enum tpstat_view view)
{
	if (!tpstat_view_on(view))
		return NULL;
	return rcu_dereference_sched(tpstat_views_live);
}

static __always_inline void tpstat_hist(void *data, enum tpstat_hist h, u64 v)
{
	tpstat_add(data, TPSTAT_SLOT_HIST(h, tpstat_log2_bucket(v)), 1);
	tpstat_add(data, TPSTAT_SLOT_HIST_SUM(h), v);
}

static __always_inline void tpstat_dev(const struct net_device *dev,
				       unsigned int val, u64 n)
{
	struct tpstat_views *v = tpstat_views(TPSTAT_VIEW_DEVICES);

	if (v)
		tpstat_record_dev(v, dev, val, n);
}

/*
 * A probe that only counts hits.  SK, SKB and DEV say what the filter
 * can test (NULL: the event does not know); "..." is the prototype.
 */
#define TPSTAT_COUNT_PROBE(tp, id, SK, SKB, DEV, ...)			\
static void tpstat_probe_##tp(void *data, __VA_ARGS__)			\
{									\
	if (tpstat_pass(SK, SKB, DEV))					\
		tpstat_hit(data, id);					\
}

/* Binds the probe to its tracepoint's type; never called. */
#define TPSTAT_TYPECHECK(tp)						\
static inline void __maybe_unused tpstat_typecheck_##tp(void)		\
{									\
	check_trace_callback_type_##tp(tpstat_probe_##tp);		\
}

#define TPSTAT_PROBE_ENTRY(id, tp, args)				\
	TPSTAT_PROBE_READS(id, tp, args, "")
#define TPSTAT_PROBE_READS(id, tp, args, reads)				\
	[id] = { .fn = tpstat_probe_##tp, .variant = args, .fields = reads }

#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT
static void tpstat_probe_net_dev_xmit(void *data, struct sk_buff *skb, int rc,
				      struct net_device *dev,
				      unsigned int skb_len)
{
	if (!tpstat_pass(NULL, skb, dev))
		return;
	tpstat_hit(data, TPSTAT_EV_NET_DEV_XMIT);
	if (likely(rc == NETDEV_TX_OK)) {
		tpstat_add(data, TPSTAT_SLOT_XMIT_BYTES, skb_len);
		if (tpstat_view_on(TPSTAT_VIEW_HISTS))
			tpstat_hist(data, TPSTAT_HIST_XMIT_LEN, skb_len);
		tpstat_dev(dev, TPSTAT_DEV_TX_PACKETS, 1);
		tpstat_dev(dev, TPSTAT_DEV_TX_BYTES, skb_len);
	} else {
		tpstat_add(data, TPSTAT_SLOT_XMIT_ERRORS, 1);
		tpstat_dev(dev, TPSTAT_DEV_XMIT_ERRORS, 1);
	}
}
TPSTAT_TYPECHECK(net_dev_xmit)
#endif

#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB
/*
 * Bytes as the device received them, link-layer header included, which
 * is what device statistics (ip -s link) count: by now the driver's
 * eth_type_trans() has pulled the MAC header off skb->len.
 */
static void tpstat_probe_netif_receive_skb(void *data, struct sk_buff *skb)
{
	unsigned int len = skb->len;

	if (!tpstat_pass(NULL, skb, NULL))
		return;
	/* skb_mac_offset() is negative once the header has been pulled. */
	if (skb_mac_header_was_set(skb) && skb_mac_offset(skb) < 0)
		len -= skb_mac_offset(skb);
	tpstat_hit(data, TPSTAT_EV_NETIF_RECEIVE_SKB);
	tpstat_add(data, TPSTAT_SLOT_RX_BYTES, len);
	if (tpstat_view_on(TPSTAT_VIEW_HISTS))
		tpstat_hist(data, TPSTAT_HIST_RX_LEN, len);
	tpstat_dev(skb->dev, TPSTAT_DEV_RX_PACKETS, 1);
	tpstat_dev(skb->dev, TPSTAT_DEV_RX_BYTES, len);
}
TPSTAT_TYPECHECK(netif_receive_skb)
#endif

#ifdef TPSTAT_HAVE_TP_KFREE_SKB
static void tpstat_probe_kfree_skb(void *data, TPSTAT_PROTO_kfree_skb)
{
	struct tpstat_views *v;

	if (!tpstat_pass(NULL, skb, NULL))
		return;
	tpstat_hit(data, TPSTAT_EV_KFREE_SKB);
	if (!(TPSTAT_KFREE_SKB_IS_DROP))
		return;
	tpstat_add(data, TPSTAT_SLOT_DROPS, 1);
	v = tpstat_views(TPSTAT_VIEW_DROPS);
	if (v)
		tpstat_record_drop(v, skb, location, TPSTAT_KFREE_SKB_REASON);
}
TPSTAT_TYPECHECK(kfree_skb)
#endif

#ifdef TPSTAT_HAVE_TP_INET_SOCK_SET_STATE
/* The transition matrix is TCP's; other protocols only count as hits. */
static void tpstat_probe_inet_sock_set_state(void *data, const struct sock *sk,
					     const int oldstate,
					     const int newstate)
{
	struct tpstat_views *v;

	if (!tpstat_pass(sk, NULL, NULL))
		return;
	tpstat_hit(data, TPSTAT_EV_INET_SOCK_SET_STATE);
	if (sk->sk_protocol != IPPROTO_TCP)
		return;
	if ((unsigned int)oldstate < TCP_MAX_STATES &&
	    (unsigned int)newstate < TCP_MAX_STATES)
		tpstat_add(data, TPSTAT_SLOT_TCP_STATE(oldstate, newstate), 1);
	v = tpstat_views(TPSTAT_VIEW_LIFETIMES);
	if (v)
		tpstat_record_state(v, sk, newstate);
}
TPSTAT_TYPECHECK(inet_sock_set_state)
#endif

#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB
static void tpstat_probe_tcp_retransmit_skb(void *data, const struct sock *sk,
					    const struct sk_buff *skb)
{
	struct tpstat_views *v;

	if (!tpstat_pass(sk, skb, NULL))
		return;
	tpstat_hit(data, TPSTAT_EV_TCP_RETRANSMIT_SKB);
	v = tpstat_views(TPSTAT_VIEW_RETRANS);
	if (v)
		tpstat_record_retrans(v, &sk->__sk_common, TPSTAT_FLOW_RETRANS,
				      sk->sk_state);
}
TPSTAT_TYPECHECK(tcp_retransmit_skb)
#endif

#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SYNACK
/* @sk is the listener; the flow is the request's. */
static void tpstat_probe_tcp_retransmit_synack(void *data,
					       const struct sock *sk,
					       const struct request_sock *req)
{
	struct tpstat_views *v;

	if (!tpstat_pass(sk, NULL, NULL))
		return;
	tpstat_hit(data, TPSTAT_EV_TCP_RETRANSMIT_SYNACK);
	v = tpstat_views(TPSTAT_VIEW_RETRANS);
	if (v)
		tpstat_record_retrans(v, &req->__req_common,
				      TPSTAT_FLOW_SYNACK,
				      req->__req_common.skc_state);
}
TPSTAT_TYPECHECK(tcp_retransmit_synack)
#endif

#ifdef TPSTAT_HAVE_TP_TCP_SEND_RESET
static void tpstat_probe_tcp_send_reset(void *data, TPSTAT_PROTO_tcp_send_reset)
{
	struct tpstat_views *v;

	if (!tpstat_pass(sk, skb, NULL))
		return;
	tpstat_hit(data, TPSTAT_EV_TCP_SEND_RESET);
	v = tpstat_views(TPSTAT_VIEW_RESETS);
	if (v)
		tpstat_record_reset(v, sk, skb, TPSTAT_SEND_RESET_REASON,
				    TPSTAT_RST_SENT);
}
TPSTAT_TYPECHECK(tcp_send_reset)
#endif

#ifdef TPSTAT_HAVE_TP_TCP_RECEIVE_RESET
static void tpstat_probe_tcp_receive_reset(void *data, struct sock *sk)
{
	struct tpstat_views *v;

	if (!tpstat_pass(sk, NULL, NULL))
		return;
	tpstat_hit(data, TPSTAT_EV_TCP_RECEIVE_RESET);
	v = tpstat_views(TPSTAT_VIEW_RESETS);
	if (v)
		tpstat_record_reset(v, sk, NULL, 0, TPSTAT_RST_RECEIVED);
}
TPSTAT_TYPECHECK(tcp_receive_reset)
#endif

#ifdef TPSTAT_HAVE_TP_TCP_PROBE
static void tpstat_probe_tcp_probe(void *data, struct sock *sk,
				   struct sk_buff *skb)
{
	const struct tcp_sock *tp = tcp_sk(sk);

	if (!tpstat_pass(sk, skb, NULL))
		return;
	tpstat_hit(data, TPSTAT_EV_TCP_PROBE);
	if (!tpstat_view_on(TPSTAT_VIEW_HISTS))
		return;
	/* As the event's own srtt and snd_cwnd fields. */
	tpstat_hist(data, TPSTAT_HIST_SRTT, tp->srtt_us >> 3);
	tpstat_hist(data, TPSTAT_HIST_CWND, tcp_snd_cwnd(tp));
}
TPSTAT_TYPECHECK(tcp_probe)
#endif

#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT_TIMEOUT
static void tpstat_probe_net_dev_xmit_timeout(void *data,
					      struct net_device *dev,
					      int queue_index)
{
	if (!tpstat_pass(NULL, NULL, dev))
		return;
	tpstat_hit(data, TPSTAT_EV_NET_DEV_XMIT_TIMEOUT);
	tpstat_dev(dev, TPSTAT_DEV_XMIT_TIMEOUTS, 1);
}
TPSTAT_TYPECHECK(net_dev_xmit_timeout)
#endif

/* GRO entries per device. */
#define TPSTAT_GRO_PROBE(tp, id)					\
static void tpstat_probe_##tp(void *data, const struct sk_buff *skb)	\
{									\
	if (!tpstat_pass(NULL, skb, NULL))				\
		return;							\
	tpstat_hit(data, id);						\
	tpstat_dev(skb->dev, TPSTAT_DEV_GRO, 1);			\
}

#ifdef TPSTAT_HAVE_TP_NAPI_GRO_RECEIVE_ENTRY
TPSTAT_GRO_PROBE(napi_gro_receive_entry, TPSTAT_EV_NAPI_GRO_RECEIVE_ENTRY)
TPSTAT_TYPECHECK(napi_gro_receive_entry)
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_GRO_FRAGS_ENTRY
TPSTAT_GRO_PROBE(napi_gro_frags_entry, TPSTAT_EV_NAPI_GRO_FRAGS_ENTRY)
TPSTAT_TYPECHECK(napi_gro_frags_entry)
#endif

#ifdef TPSTAT_HAVE_TP_NAPI_POLL
static void tpstat_probe_napi_poll(void *data, struct napi_struct *napi,
				   int work, int budget)
{
	if (!tpstat_pass(NULL, NULL, napi->dev))
		return;
	tpstat_hit(data, TPSTAT_EV_NAPI_POLL);
	tpstat_dev(napi->dev, TPSTAT_DEV_NAPI_POLLS, 1);
	tpstat_dev(napi->dev, TPSTAT_DEV_NAPI_WORK, work);
	if (work >= budget)
		tpstat_dev(napi->dev, TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED, 1);
}
TPSTAT_TYPECHECK(napi_poll)
#endif

#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
/* Hardware drops (dropwatch's hw mode), per devlink device and trap. */
static void tpstat_probe_devlink_trap_report(void *data,
					     const struct devlink *devlink,
					     struct sk_buff *skb,
					     const struct devlink_trap_metadata *meta)
{
	struct tpstat_views *v;

	if (!tpstat_pass(NULL, skb, meta->input_dev))
		return;
	tpstat_hit(data, TPSTAT_EV_DEVLINK_TRAP_REPORT);
	v = tpstat_views(TPSTAT_VIEW_TRAPS);
	if (v)
		tpstat_record_trap(v, devlink, meta);
}
TPSTAT_TYPECHECK(devlink_trap_report)
#endif

#ifdef TPSTAT_HAVE_TP_TCP_DESTROY_SOCK
TPSTAT_COUNT_PROBE(tcp_destroy_sock, TPSTAT_EV_TCP_DESTROY_SOCK,
		   sk, NULL, NULL, struct sock *sk)
TPSTAT_TYPECHECK(tcp_destroy_sock)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RCV_SPACE_ADJUST
TPSTAT_COUNT_PROBE(tcp_rcv_space_adjust, TPSTAT_EV_TCP_RCV_SPACE_ADJUST,
		   sk, NULL, NULL, struct sock *sk)
TPSTAT_TYPECHECK(tcp_rcv_space_adjust)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_BAD_CSUM
TPSTAT_COUNT_PROBE(tcp_bad_csum, TPSTAT_EV_TCP_BAD_CSUM,
		   NULL, skb, NULL, const struct sk_buff *skb)
TPSTAT_TYPECHECK(tcp_bad_csum)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_CONG_STATE_SET
TPSTAT_COUNT_PROBE(tcp_cong_state_set, TPSTAT_EV_TCP_CONG_STATE_SET,
		   sk, NULL, NULL, struct sock *sk, const u8 ca_state)
TPSTAT_TYPECHECK(tcp_cong_state_set)
#endif
#ifdef TPSTAT_HAVE_TP_SOCK_RCVQUEUE_FULL
TPSTAT_COUNT_PROBE(sock_rcvqueue_full, TPSTAT_EV_SOCK_RCVQUEUE_FULL,
		   sk, skb, NULL, struct sock *sk, struct sk_buff *skb)
TPSTAT_TYPECHECK(sock_rcvqueue_full)
#endif
#ifdef TPSTAT_HAVE_TP_SOCK_EXCEED_BUF_LIMIT
TPSTAT_COUNT_PROBE(sock_exceed_buf_limit, TPSTAT_EV_SOCK_EXCEED_BUF_LIMIT,
		   sk, NULL, NULL, struct sock *sk, struct proto *prot,
		   long allocated, int kind)
TPSTAT_TYPECHECK(sock_exceed_buf_limit)
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_QUEUE
TPSTAT_COUNT_PROBE(net_dev_queue, TPSTAT_EV_NET_DEV_QUEUE,
		   NULL, skb, NULL, struct sk_buff *skb)
TPSTAT_TYPECHECK(net_dev_queue)
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_START_XMIT
TPSTAT_COUNT_PROBE(net_dev_start_xmit, TPSTAT_EV_NET_DEV_START_XMIT,
		   NULL, skb, dev, const struct sk_buff *skb,
		   const struct net_device *dev)
TPSTAT_TYPECHECK(net_dev_start_xmit)
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX
TPSTAT_COUNT_PROBE(netif_rx, TPSTAT_EV_NETIF_RX, NULL, skb, NULL,
		   struct sk_buff *skb)
TPSTAT_TYPECHECK(netif_rx)
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB_ENTRY
TPSTAT_COUNT_PROBE(netif_receive_skb_entry, TPSTAT_EV_NETIF_RECEIVE_SKB_ENTRY,
		   NULL, skb, NULL, const struct sk_buff *skb)
TPSTAT_TYPECHECK(netif_receive_skb_entry)
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX_ENTRY
TPSTAT_COUNT_PROBE(netif_rx_entry, TPSTAT_EV_NETIF_RX_ENTRY,
		   NULL, skb, NULL, const struct sk_buff *skb)
TPSTAT_TYPECHECK(netif_rx_entry)
#endif
#ifdef TPSTAT_HAVE_TP_CONSUME_SKB
TPSTAT_COUNT_PROBE(consume_skb, TPSTAT_EV_CONSUME_SKB,
		   NULL, skb, NULL, TPSTAT_PROTO_consume_skb)
TPSTAT_TYPECHECK(consume_skb)
#endif

const struct tpstat_probe tpstat_probes[__TPSTAT_EV_CNT] = {
#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB
	TPSTAT_PROBE_READS(TPSTAT_EV_TCP_RETRANSMIT_SKB, tcp_retransmit_skb,
			   "sk,skb", "sk (flow, state)"),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SYNACK
	TPSTAT_PROBE_READS(TPSTAT_EV_TCP_RETRANSMIT_SYNACK,
			   tcp_retransmit_synack, "sk,req", "req (flow)"),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_SEND_RESET
	TPSTAT_PROBE_READS(TPSTAT_EV_TCP_SEND_RESET, tcp_send_reset,
			   TPSTAT_VARIANT_tcp_send_reset,
			   TPSTAT_FIELDS_tcp_send_reset),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RECEIVE_RESET
	TPSTAT_PROBE_READS(TPSTAT_EV_TCP_RECEIVE_RESET, tcp_receive_reset,
			   "sk", "sk (port, peer)"),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_DESTROY_SOCK
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_TCP_DESTROY_SOCK, tcp_destroy_sock, "sk"),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_PROBE
	TPSTAT_PROBE_READS(TPSTAT_EV_TCP_PROBE, tcp_probe, "sk,skb",
			   "sk->srtt_us,sk->snd_cwnd"),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RCV_SPACE_ADJUST
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_TCP_RCV_SPACE_ADJUST, tcp_rcv_space_adjust,
			   "sk"),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_BAD_CSUM
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_TCP_BAD_CSUM, tcp_bad_csum, "skb"),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_CONG_STATE_SET
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_TCP_CONG_STATE_SET, tcp_cong_state_set,
			   "sk,ca_state"),
#endif
#ifdef TPSTAT_HAVE_TP_INET_SOCK_SET_STATE
	TPSTAT_PROBE_READS(TPSTAT_EV_INET_SOCK_SET_STATE, inet_sock_set_state,
			   "sk,oldstate,newstate",
			   "sk->sk_protocol,oldstate,newstate,sk (lifetime)"),
#endif
#ifdef TPSTAT_HAVE_TP_SOCK_RCVQUEUE_FULL
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_SOCK_RCVQUEUE_FULL, sock_rcvqueue_full,
			   "sk,skb"),
#endif
#ifdef TPSTAT_HAVE_TP_SOCK_EXCEED_BUF_LIMIT
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_SOCK_EXCEED_BUF_LIMIT,
			   sock_exceed_buf_limit, "sk,prot,allocated,kind"),
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_QUEUE
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_NET_DEV_QUEUE, net_dev_queue, "skb"),
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_START_XMIT
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_NET_DEV_START_XMIT, net_dev_start_xmit,
			   "skb,dev"),
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT
	TPSTAT_PROBE_READS(TPSTAT_EV_NET_DEV_XMIT, net_dev_xmit,
			   "skb,rc,dev,skb_len", "rc,dev,skb_len"),
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT_TIMEOUT
	TPSTAT_PROBE_READS(TPSTAT_EV_NET_DEV_XMIT_TIMEOUT, net_dev_xmit_timeout,
			   "dev,queue_index", "dev"),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB
	TPSTAT_PROBE_READS(TPSTAT_EV_NETIF_RECEIVE_SKB, netif_receive_skb,
			   "skb", "skb->len,skb->mac_header,skb->dev"),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_NETIF_RX, netif_rx, "skb"),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB_ENTRY
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_NETIF_RECEIVE_SKB_ENTRY,
			   netif_receive_skb_entry, "skb"),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX_ENTRY
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_NETIF_RX_ENTRY, netif_rx_entry, "skb"),
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_GRO_RECEIVE_ENTRY
	TPSTAT_PROBE_READS(TPSTAT_EV_NAPI_GRO_RECEIVE_ENTRY,
			   napi_gro_receive_entry, "skb", "skb->dev"),
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_GRO_FRAGS_ENTRY
	TPSTAT_PROBE_READS(TPSTAT_EV_NAPI_GRO_FRAGS_ENTRY, napi_gro_frags_entry,
			   "skb", "skb->dev"),
#endif
#ifdef TPSTAT_HAVE_TP_KFREE_SKB
	TPSTAT_PROBE_READS(TPSTAT_EV_KFREE_SKB, kfree_skb,
			   TPSTAT_VARIANT_kfree_skb, TPSTAT_FIELDS_kfree_skb),
#endif
#ifdef TPSTAT_HAVE_TP_CONSUME_SKB
	TPSTAT_PROBE_ENTRY(TPSTAT_EV_CONSUME_SKB, consume_skb,
			   TPSTAT_VARIANT_consume_skb),
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_POLL
	TPSTAT_PROBE_READS(TPSTAT_EV_NAPI_POLL, napi_poll, "napi,work,budget",
			   "napi->dev,work,budget"),
#endif
#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
	TPSTAT_PROBE_READS(TPSTAT_EV_DEVLINK_TRAP_REPORT, devlink_trap_report,
			   "devlink,skb,metadata",
			   "devlink (device),metadata (trap, group)"),
#endif
};
