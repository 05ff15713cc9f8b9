// SPDX-License-Identifier: GPL-2.0
/*
 * The hand-written probes but the AUTH view's (probes_auth.c): what each
 * tracepoint counts and hands its views.  Each probe's table entry,
 * TPSTAT_ENTRY_<id>, is defined with it, so a probe is added in one
 * place here (and its line in events.h).
 *
 * Probe context, and how a probe is built: see probe_body.h.
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
#include <trace/events/udp.h>

#include "alerts/alerts.h"
#include "base/compat.h"
#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
#include <net/devlink.h>
#include <trace/events/devlink.h>
#endif
#if defined(TPSTAT_HAVE_TP_NEIGH_UPDATE) || \
	defined(TPSTAT_HAVE_TP_NEIGH_TIMER_HANDLER)
#include <trace/events/neigh.h>
#endif
#include "counters/counters.h"
#include "probes/filter.h"
#include "probes/probe_body.h"
#include "probes/probes.h"
#include "probes/probes_auth.h"
#include "record/devices.h"
#include "record/drops.h"
#include "record/record.h"
#include "record/resets.h"
#include "record/retrans.h"
#include "tables/views.h"

/*
 * One value into histogram @h.  Its bucket, fls64(), is at most 64, the
 * last of its TPSTAT_HIST_BUCKETS, so the add stays inside @h; it is an
 * offset from @h's first bucket, not an index into every slot, because
 * the compiler cannot see fls64()'s range: where UBSAN_BOUNDS is on
 * (Debian's 7.x kernels) it would check the index on every packet, and
 * its call on the failing side would cost the probe saved registers.
 */
static_assert(TPSTAT_HIST_BUCKETS == 65);

static __always_inline void tpstat_hist(void *data, enum tpstat_hist h, u64 v)
{
	tpstat_cpu_add_to(tpstat_log2_bucket_ctr(tpstat_cpu_slot(data,
								 TPSTAT_SLOT_HIST(h, 0)),
						 v), 1);
	tpstat_add(data, TPSTAT_SLOT_HIST_SUM(h), v);
}

/*
 * A packet's @len bytes: into its length histogram @h (bucket and sum)
 * where the probe feeds the HISTS view, or else into @bytes.  Each
 * packet's bytes go to exactly one of the two and readers add the sum
 * back into @bytes (tpstat_counters_sum()), so the view costs a packet
 * one per-CPU add, its bucket, rather than two.
 */
static __always_inline void
tpstat_packet_bytes(void *data, const enum tpstat_probe_kind probe_kind,
		    enum tpstat_slot bytes, enum tpstat_hist h, u32 len)
{
	if (tpstat_feeds_views && tpstat_view_hot(TPSTAT_VIEW_HISTS))
		tpstat_hist(data, h, len);
	else
		tpstat_add(data, bytes, len);
}

/*
 * One device update: n to value @val, or 1 packet and n bytes from @val
 * on.  Every packet makes one: the live hints are not tested for NULL
 * (published before the first probe is attached, views.c).
 */
static __always_inline void tpstat_dev(const struct net_device *dev,
				       unsigned int val, u64 n, bool packet)
{
	if (tpstat_view_hot(TPSTAT_VIEW_DEVICES))
		tpstat_record_dev(dev, val, n, packet);
}

/*
 * A packet of @len bytes through @dev: its bytes (tpstat_packet_bytes()),
 * and where the probe feeds the views, 1 packet and @len bytes from
 * @dev's value @val on.  With both views on, one patched jump tests the
 * two.
 */
static __always_inline void
tpstat_packet(void *data, const enum tpstat_probe_kind probe_kind,
	      enum tpstat_slot bytes, enum tpstat_hist h,
	      const struct net_device *dev, unsigned int val, u32 len)
{
	if (tpstat_feeds_views && tpstat_view_packet_hot()) {
		tpstat_hist(data, h, len);
		tpstat_record_dev(dev, val, len, true);
		return;
	}
	tpstat_packet_bytes(data, probe_kind, bytes, h, len);
	if (tpstat_feeds_views)
		tpstat_dev(dev, val, len, true);
}

/*
 * A probe that only counts hits; @OUT is its test, one of the
 * tpstat_*filtered_out() of probe_body.h.
 */
#define TPSTAT_COUNT_PROBE(tp, id, OUT, params, args)			\
TPSTAT_PROBE_COUNTING(tp, params, args, OUT)				\
{									\
	tpstat_hit(data, id);						\
}

#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT
#define TPSTAT_ENTRY_NET_DEV_XMIT					\
	TPSTAT_PROBE_READS(net_dev_xmit, "skb,rc,dev,skb_len", "rc,dev,skb_len")
TPSTAT_PROBE(net_dev_xmit,
	     (struct sk_buff *skb, int rc, struct net_device *dev,
	      unsigned int skb_len),
	     (skb, rc, dev, skb_len),
	     tpstat_dev_filtered_out(skb, dev))
{
	tpstat_hit(data, TPSTAT_EV_NET_DEV_XMIT);
	if (likely(rc == NETDEV_TX_OK)) {
		tpstat_packet(data, probe_kind, TPSTAT_SLOT_XMIT_BYTES,
			      TPSTAT_HIST_XMIT_LEN, dev, TPSTAT_DEV_TX_PACKETS,
			      skb_len);
	} else {
		tpstat_add(data, TPSTAT_SLOT_XMIT_ERRORS, 1);
		if (tpstat_feeds_views)
			tpstat_dev(dev, TPSTAT_DEV_XMIT_ERRORS, 1, false);
	}
}
#endif

#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB
/*
 * Bytes as the device received them, link-layer header included, which
 * is what device statistics (ip -s link) count: by now the driver's
 * eth_type_trans() has pulled the MAC header off skb->len.  So count from
 * the MAC header to the end of the linear data, plus the paged data: that
 * is skb->len plus the header's length (what the stack makes mac_len right
 * after this tracepoint, 0 on a device without link-layer header), in
 * three loads where skb->len and the header's length take four.
 */
#define TPSTAT_ENTRY_NETIF_RECEIVE_SKB					\
	TPSTAT_PROBE_READS(netif_receive_skb, "skb",			\
			   "skb->len,skb->mac_header,skb->dev")
TPSTAT_PROBE(netif_receive_skb, (struct sk_buff *skb), (skb),
	     tpstat_dev_filtered_out(skb, skb->dev))
{
	unsigned int len = skb_tail_pointer(skb) - skb->head -
			   skb->mac_header + skb->data_len;

	tpstat_hit(data, TPSTAT_EV_NETIF_RECEIVE_SKB);
	tpstat_packet(data, probe_kind, TPSTAT_SLOT_RX_BYTES,
		      TPSTAT_HIST_RX_LEN, skb->dev, TPSTAT_DEV_RX_PACKETS, len);
}
#endif

#ifdef TPSTAT_HAVE_TP_KFREE_SKB
#define TPSTAT_ENTRY_KFREE_SKB						\
	TPSTAT_KEYED_ENTRY(kfree_skb, TPSTAT_VARIANT_kfree_skb,		\
			   TPSTAT_FIELDS_kfree_skb)
TPSTAT_PROBE_ALERTING(kfree_skb, (TPSTAT_PROTO_kfree_skb), TPSTAT_ARGS_kfree_skb,
		      tpstat_filtered_out(NULL, skb, NULL))
{
	struct tpstat_views *v;

	tpstat_hit(data, TPSTAT_EV_KFREE_SKB);
	if (!(TPSTAT_KFREE_SKB_IS_DROP))
		return;
	tpstat_add(data, TPSTAT_SLOT_DROPS, 1);
	if (tpstat_alerting)
		tpstat_alert_drop(skb, location, TPSTAT_KFREE_SKB_REASON);
	v = tpstat_feeds_views ? tpstat_views(TPSTAT_VIEW_DROPS) : NULL;
	if (v)
		tpstat_record_drop(v, skb, location, TPSTAT_KFREE_SKB_REASON);
}
#endif

#ifdef TPSTAT_HAVE_TP_INET_SOCK_SET_STATE
/*
 * The transition matrix is TCP's, and a TCP change is counted in its cell
 * only: its hit is added from the matrix on reading (counters.c).  Other
 * protocols count as hits.
 */
#define TPSTAT_ENTRY_INET_SOCK_SET_STATE				\
	TPSTAT_KEYED_ENTRY(inet_sock_set_state, "sk,oldstate,newstate",	\
			   "sk->sk_protocol,oldstate,newstate,sk (lifetime)")
TPSTAT_PROBE_ALERTING(inet_sock_set_state,
		      (const struct sock *sk, const int oldstate, const int newstate),
		      (sk, oldstate, newstate),
		      tpstat_sk_filtered_out(sk, NULL))
{
	struct tpstat_views *v;

	if (sk->sk_protocol != IPPROTO_TCP) {
		tpstat_hit(data, TPSTAT_EV_INET_SOCK_SET_STATE);
		return;
	}
	tpstat_add(data, TPSTAT_SLOT_TCP_STATES + tpstat_tcp_cell(oldstate, newstate),
		   1);
	if (tpstat_alerting)
		tpstat_alert_state(sk, oldstate, newstate);
	v = tpstat_feeds_views ? tpstat_views(TPSTAT_VIEW_LIFETIMES) : NULL;
	if (!v)
		return;
	/* tcplife: only births and the close matter, a third of the calls. */
	if (newstate == TCP_SYN_SENT || newstate == TCP_SYN_RECV)
		tpstat_record_birth(sk, newstate);
	else if (newstate == TCP_CLOSE && oldstate != TCP_LISTEN)
		tpstat_record_close(v, sk);
	else if (newstate == TCP_CLOSE)
		tpstat_record_unborn(sk);
}
#endif

#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB
#define TPSTAT_ENTRY_TCP_RETRANSMIT_SKB					\
	TPSTAT_KEYED_ENTRY(tcp_retransmit_skb,				\
			   TPSTAT_VARIANT_tcp_retransmit_skb,		\
			   "sk (flow, state)")
TPSTAT_PROBE_ALERTING(tcp_retransmit_skb, (TPSTAT_PROTO_tcp_retransmit_skb),
		      TPSTAT_ARGS_tcp_retransmit_skb,
		      tpstat_sk_filtered_out(sk, skb))
{
	struct tpstat_views *v;

	tpstat_hit(data, TPSTAT_EV_TCP_RETRANSMIT_SKB);
	if (tpstat_alerting)
		tpstat_alert_retrans(&sk->__sk_common, false, sk->sk_state);
	v = tpstat_feeds_views ? tpstat_views(TPSTAT_VIEW_RETRANS) : NULL;
	if (v)
		tpstat_record_retrans(v, &sk->__sk_common, TPSTAT_FLOW_RETRANS,
				      sk->sk_state);
}
#endif

#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SYNACK
/* @sk is the listener; the flow is the request's. */
#define TPSTAT_ENTRY_TCP_RETRANSMIT_SYNACK				\
	TPSTAT_KEYED_ENTRY(tcp_retransmit_synack, "sk,req", "req (flow)")
TPSTAT_PROBE_ALERTING(tcp_retransmit_synack,
		      (const struct sock *sk, const struct request_sock *req), (sk, req),
		      tpstat_filtered_out(sk, NULL, NULL))
{
	struct tpstat_views *v;

	tpstat_hit(data, TPSTAT_EV_TCP_RETRANSMIT_SYNACK);
	if (tpstat_alerting)
		tpstat_alert_retrans(&req->__req_common, true,
				     req->__req_common.skc_state);
	v = tpstat_feeds_views ? tpstat_views(TPSTAT_VIEW_RETRANS) : NULL;
	if (v)
		tpstat_record_retrans(v, &req->__req_common,
				      TPSTAT_FLOW_SYNACK,
				      req->__req_common.skc_state);
}
#endif

#ifdef TPSTAT_HAVE_TP_TCP_SEND_RESET
#define TPSTAT_ENTRY_TCP_SEND_RESET					\
	TPSTAT_KEYED_ENTRY(tcp_send_reset, TPSTAT_VARIANT_tcp_send_reset, \
			   TPSTAT_FIELDS_tcp_send_reset)
TPSTAT_PROBE_ALERTING(tcp_send_reset, (TPSTAT_PROTO_tcp_send_reset),
		      TPSTAT_ARGS_tcp_send_reset,
		      tpstat_filtered_out(sk, skb, tpstat_reset_skb_dev(sk, skb)))
{
	struct tpstat_views *v;

	tpstat_hit(data, TPSTAT_EV_TCP_SEND_RESET);
	if (tpstat_alerting)
		tpstat_alert_reset(sk, skb, TPSTAT_SEND_RESET_REASON, true);
	v = tpstat_feeds_views ? tpstat_views(TPSTAT_VIEW_RESETS) : NULL;
	if (v)
		tpstat_record_reset(v, sk, skb, TPSTAT_SEND_RESET_REASON,
				    TPSTAT_RST_SENT);
}
#endif

#ifdef TPSTAT_HAVE_TP_TCP_RECEIVE_RESET
#define TPSTAT_ENTRY_TCP_RECEIVE_RESET					\
	TPSTAT_KEYED_ENTRY(tcp_receive_reset, "sk", "sk (port, peer)")
TPSTAT_PROBE_ALERTING(tcp_receive_reset, (struct sock *sk), (sk),
		      tpstat_sk_filtered_out(sk, NULL))
{
	struct tpstat_views *v;

	tpstat_hit(data, TPSTAT_EV_TCP_RECEIVE_RESET);
	if (tpstat_alerting)
		tpstat_alert_reset(sk, NULL, 0, false);
	v = tpstat_feeds_views ? tpstat_views(TPSTAT_VIEW_RESETS) : NULL;
	if (v)
		tpstat_record_reset(v, sk, NULL, 0, TPSTAT_RST_RECEIVED);
}
#endif

#ifdef TPSTAT_HAVE_TP_TCP_PROBE
#define TPSTAT_ENTRY_TCP_PROBE						\
	TPSTAT_PROBE_READS(tcp_probe, TPSTAT_VARIANT_tcp_probe,		\
			   "sk->srtt_us,sk->snd_cwnd")
TPSTAT_PROBE_LEAF(tcp_probe, (TPSTAT_PROTO_tcp_probe),
		  TPSTAT_ARGS_tcp_probe, tpstat_sk_filtered_out(sk, skb))
{
	const struct tcp_sock *tp = tcp_sk(sk);

	tpstat_hit(data, TPSTAT_EV_TCP_PROBE);
	if (!tpstat_feeds_views || !tpstat_view_hot(TPSTAT_VIEW_HISTS))
		return;
	/* As the event's own srtt and snd_cwnd fields. */
	tpstat_hist(data, TPSTAT_HIST_SRTT, tp->srtt_us >> 3);
	tpstat_hist(data, TPSTAT_HIST_CWND, tcp_snd_cwnd(tp));
}
#endif

#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT_TIMEOUT
#define TPSTAT_ENTRY_NET_DEV_XMIT_TIMEOUT				\
	TPSTAT_PROBE_READS(net_dev_xmit_timeout, "dev,queue_index", "dev")
TPSTAT_PROBE(net_dev_xmit_timeout,
	     (struct net_device *dev, int queue_index), (dev, queue_index),
	     tpstat_dev_filtered_out(NULL, dev))
{
	tpstat_hit(data, TPSTAT_EV_NET_DEV_XMIT_TIMEOUT);
	if (tpstat_feeds_views)
		tpstat_dev(dev, TPSTAT_DEV_XMIT_TIMEOUTS, 1, false);
}
#endif

/* GRO entries per device. */
#define TPSTAT_GRO_PROBE(tp, id)					\
TPSTAT_PROBE(tp, (const struct sk_buff *skb), (skb),			\
	     tpstat_dev_filtered_out(skb, skb->dev))			\
{									\
	tpstat_hit(data, id);						\
	if (tpstat_feeds_views)						\
		tpstat_dev(skb->dev, TPSTAT_DEV_GRO, 1, false);		\
}

#ifdef TPSTAT_HAVE_TP_NAPI_GRO_RECEIVE_ENTRY
#define TPSTAT_ENTRY_NAPI_GRO_RECEIVE_ENTRY				\
	TPSTAT_PROBE_READS(napi_gro_receive_entry, "skb", "skb->dev")
TPSTAT_GRO_PROBE(napi_gro_receive_entry, TPSTAT_EV_NAPI_GRO_RECEIVE_ENTRY)
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_GRO_FRAGS_ENTRY
#define TPSTAT_ENTRY_NAPI_GRO_FRAGS_ENTRY				\
	TPSTAT_PROBE_READS(napi_gro_frags_entry, "skb", "skb->dev")
TPSTAT_GRO_PROBE(napi_gro_frags_entry, TPSTAT_EV_NAPI_GRO_FRAGS_ENTRY)
#endif

#ifdef TPSTAT_HAVE_TP_NAPI_POLL
#define TPSTAT_ENTRY_NAPI_POLL						\
	TPSTAT_PROBE_READS(napi_poll, "napi,work,budget",		\
			   "napi->dev,work,budget")
TPSTAT_PROBE(napi_poll, (struct napi_struct *napi, int work, int budget),
	     (napi, work, budget),
	     tpstat_filtered_out(NULL, NULL, napi->dev))
{
	tpstat_hit(data, TPSTAT_EV_NAPI_POLL);
	/* The per-CPU backlog (loopback, veth without XDP) has no device. */
	if (tpstat_feeds_views && tpstat_view_hot(TPSTAT_VIEW_DEVICES) &&
	    napi->dev)
		tpstat_record_napi(napi->dev, work, budget);
}
#endif

#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
/* Hardware drops (dropwatch's hw mode), per devlink device and trap. */
#define TPSTAT_ENTRY_DEVLINK_TRAP_REPORT				\
	TPSTAT_PROBE_READS(devlink_trap_report, "devlink,skb,metadata",	\
			   "devlink (device),metadata (trap, group)")
TPSTAT_PROBE(devlink_trap_report,
	     (const struct devlink *devlink, struct sk_buff *skb,
	      const struct devlink_trap_metadata *meta),
	     (devlink, skb, meta),
	     tpstat_filtered_out(NULL, skb, meta->input_dev))
{
	tpstat_hit(data, TPSTAT_EV_DEVLINK_TRAP_REPORT);
	if (tpstat_feeds_views)
		tpstat_feed_devlink_trap_report(devlink, meta);
}
#endif

#ifdef TPSTAT_HAVE_TP_INET_SK_ERROR_REPORT
/* Errors reported on TCP and UDP sockets: counted, and the monitor's. */
#define TPSTAT_ENTRY_INET_SK_ERROR_REPORT				\
	TPSTAT_KEYED_ENTRY(inet_sk_error_report, "sk",			\
			   "sk->sk_err,sk (ports, peer, protocol)")
TPSTAT_PROBE_ALERTING(inet_sk_error_report, (const struct sock *sk), (sk),
		      tpstat_sk_filtered_out(sk, NULL))
{
	tpstat_hit(data, TPSTAT_EV_INET_SK_ERROR_REPORT);
	if (tpstat_alerting)
		tpstat_alert_error(sk);
	if (tpstat_feeds_views)
		tpstat_feed_inet_sk_error_report(sk);
}
#endif

#ifdef TPSTAT_HAVE_TP_UDP_FAIL_QUEUE_RCV_SKB
/* A datagram UDP (or UDP-Lite) could not queue: a hit whatever @rc. */
#define TPSTAT_ENTRY_UDP_FAIL_QUEUE_RCV_SKB				\
	TPSTAT_PROBE_READS(udp_fail_queue_rcv_skb,			\
			   TPSTAT_VARIANT_udp_fail_queue_rcv_skb,	\
			   "rc,sk (family, protocol, port, rcvbuf)")
TPSTAT_PROBE(udp_fail_queue_rcv_skb, (TPSTAT_PROTO_udp_fail_queue_rcv_skb),
	     TPSTAT_ARGS_udp_fail_queue_rcv_skb,
	     tpstat_sk_filtered_out(sk, NULL))
{
	tpstat_hit(data, TPSTAT_EV_UDP_FAIL_QUEUE_RCV_SKB);
	if (tpstat_feeds_views)
		tpstat_feed_udp_fail_queue_rcv_skb(rc, sk);
}
#endif

#ifdef TPSTAT_HAVE_TP_SOCK_RCVQUEUE_FULL
/* A socket's receive queue was full. */
#define TPSTAT_ENTRY_SOCK_RCVQUEUE_FULL					\
	TPSTAT_PROBE_READS(sock_rcvqueue_full, "sk,skb",		\
			   "sk (family, type, protocol, port, rcvbuf)")
TPSTAT_PROBE(sock_rcvqueue_full, (struct sock *sk, struct sk_buff *skb),
	     (sk, skb),
	     tpstat_sk_filtered_out(sk, skb))
{
	tpstat_hit(data, TPSTAT_EV_SOCK_RCVQUEUE_FULL);
	if (tpstat_feeds_views)
		tpstat_feed_sock_rcvqueue_full(sk);
}
#endif

#ifdef TPSTAT_HAVE_TP_SOCK_EXCEED_BUF_LIMIT
/* A socket refused memory: its protocol is over its limits. */
#define TPSTAT_ENTRY_SOCK_EXCEED_BUF_LIMIT				\
	TPSTAT_PROBE_READS(sock_exceed_buf_limit, "sk,prot,allocated,kind", \
			   "allocated,kind,sk (family, protocol, port, limit)")
TPSTAT_PROBE(sock_exceed_buf_limit,
	     (struct sock *sk, struct proto *prot, long allocated, int kind),
	     (sk, prot, allocated, kind),
	     tpstat_sk_filtered_out(sk, NULL))
{
	tpstat_hit(data, TPSTAT_EV_SOCK_EXCEED_BUF_LIMIT);
	if (tpstat_feeds_views)
		tpstat_feed_sock_exceed_buf_limit(sk, allocated, kind);
}
#endif

#ifdef TPSTAT_HAVE_TP_NEIGH_TIMER_HANDLER
/* A neighbour's timer ran (neigh.c: when it is a failure). */
#define TPSTAT_ENTRY_NEIGH_TIMER_HANDLER				\
	TPSTAT_PROBE_READS(neigh_timer_handler, "neigh,err",		\
			   "neigh->nud_state,neigh (device, key)")
TPSTAT_PROBE(neigh_timer_handler, (struct neighbour *n, int err), (n, err),
	     tpstat_filtered_out(NULL, NULL, n->dev))
{
	tpstat_hit(data, TPSTAT_EV_NEIGH_TIMER_HANDLER);
	if (tpstat_feeds_views)
		tpstat_feed_neigh_timer_handler(n);
}
#endif

#ifdef TPSTAT_HAVE_TP_NEIGH_UPDATE
/* An update is about to set a neighbour's state to @new (neigh.c). */
#define TPSTAT_ENTRY_NEIGH_UPDATE					\
	TPSTAT_PROBE_READS(neigh_update, "neigh,lladdr,new,flags,nlmsg_pid", \
			   "new,flags,neigh->nud_state,neigh->dead,neigh (device, key)")
TPSTAT_PROBE(neigh_update,
	     (struct neighbour *n, const u8 *lladdr, u8 new, u32 flags,
	      u32 nlmsg_pid),
	     (n, lladdr, new, flags, nlmsg_pid),
	     tpstat_filtered_out(NULL, NULL, n->dev))
{
	tpstat_hit(data, TPSTAT_EV_NEIGH_UPDATE);
	if (tpstat_feeds_views)
		tpstat_feed_neigh_update(n, new, flags);
}
#endif

#ifdef TPSTAT_HAVE_TP_TCP_DESTROY_SOCK
#define TPSTAT_ENTRY_TCP_DESTROY_SOCK					\
	TPSTAT_COUNTING_ENTRY(tcp_destroy_sock, "sk")
TPSTAT_COUNT_PROBE(tcp_destroy_sock, TPSTAT_EV_TCP_DESTROY_SOCK,
		   tpstat_sk_filtered_out(sk, NULL), (struct sock *sk), (sk))
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RCV_SPACE_ADJUST
#define TPSTAT_ENTRY_TCP_RCV_SPACE_ADJUST				\
	TPSTAT_COUNTING_ENTRY(tcp_rcv_space_adjust, "sk")
TPSTAT_COUNT_PROBE(tcp_rcv_space_adjust, TPSTAT_EV_TCP_RCV_SPACE_ADJUST,
		   tpstat_sk_filtered_out(sk, NULL), (struct sock *sk), (sk))
#endif
#ifdef TPSTAT_HAVE_TP_TCP_BAD_CSUM
#define TPSTAT_ENTRY_TCP_BAD_CSUM TPSTAT_COUNTING_ENTRY(tcp_bad_csum, "skb")
TPSTAT_COUNT_PROBE(tcp_bad_csum, TPSTAT_EV_TCP_BAD_CSUM,
		   tpstat_filtered_out(NULL, skb, NULL),
		   (const struct sk_buff *skb), (skb))
#endif
#ifdef TPSTAT_HAVE_TP_TCP_CONG_STATE_SET
#define TPSTAT_ENTRY_TCP_CONG_STATE_SET					\
	TPSTAT_COUNTING_ENTRY(tcp_cong_state_set, "sk,ca_state")
TPSTAT_COUNT_PROBE(tcp_cong_state_set, TPSTAT_EV_TCP_CONG_STATE_SET,
		   tpstat_sk_filtered_out(sk, NULL),
		   (struct sock *sk, const u8 ca_state), (sk, ca_state))
#endif
/*
 * Their events (net_dev_template, net_dev_rx_verbose_template) print
 * skb->dev->name.
 */
#ifdef TPSTAT_HAVE_TP_NET_DEV_QUEUE
#define TPSTAT_ENTRY_NET_DEV_QUEUE TPSTAT_COUNTING_ENTRY(net_dev_queue, "skb")
TPSTAT_COUNT_PROBE(net_dev_queue, TPSTAT_EV_NET_DEV_QUEUE,
		   tpstat_dev_filtered_out(skb, skb->dev),
		   (struct sk_buff *skb), (skb))
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_START_XMIT
#define TPSTAT_ENTRY_NET_DEV_START_XMIT					\
	TPSTAT_COUNTING_ENTRY(net_dev_start_xmit, "skb,dev")
TPSTAT_COUNT_PROBE(net_dev_start_xmit, TPSTAT_EV_NET_DEV_START_XMIT,
		   tpstat_dev_filtered_out(skb, dev),
		   (const struct sk_buff *skb, const struct net_device *dev),
		   (skb, dev))
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX
#define TPSTAT_ENTRY_NETIF_RX TPSTAT_COUNTING_ENTRY(netif_rx, "skb")
TPSTAT_COUNT_PROBE(netif_rx, TPSTAT_EV_NETIF_RX,
		   tpstat_dev_filtered_out(skb, skb->dev),
		   (struct sk_buff *skb), (skb))
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB_ENTRY
#define TPSTAT_ENTRY_NETIF_RECEIVE_SKB_ENTRY				\
	TPSTAT_COUNTING_ENTRY(netif_receive_skb_entry, "skb")
TPSTAT_COUNT_PROBE(netif_receive_skb_entry, TPSTAT_EV_NETIF_RECEIVE_SKB_ENTRY,
		   tpstat_dev_filtered_out(skb, skb->dev),
		   (const struct sk_buff *skb), (skb))
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX_ENTRY
#define TPSTAT_ENTRY_NETIF_RX_ENTRY TPSTAT_COUNTING_ENTRY(netif_rx_entry, "skb")
TPSTAT_COUNT_PROBE(netif_rx_entry, TPSTAT_EV_NETIF_RX_ENTRY,
		   tpstat_dev_filtered_out(skb, skb->dev),
		   (const struct sk_buff *skb), (skb))
#endif
/* Also on a UDP datagram read, whose skb->dev is UDP's scratch value. */
#ifdef TPSTAT_HAVE_TP_CONSUME_SKB
#define TPSTAT_ENTRY_CONSUME_SKB					\
	TPSTAT_COUNTING_ENTRY(consume_skb, TPSTAT_VARIANT_consume_skb)
TPSTAT_COUNT_PROBE(consume_skb, TPSTAT_EV_CONSUME_SKB,
		   tpstat_filtered_out(NULL, skb, NULL),
		   (TPSTAT_PROTO_consume_skb), TPSTAT_ARGS_consume_skb)
#endif

/*
 * Every event of events.h whose tracepoint the build headers declare, as
 * the TPSTAT_ENTRY_<id> beside its probe says (probes_auth.h for the AUTH
 * view's); the others stay zero, with no probe.  A declared tracepoint
 * whose entry is missing does not build.
 */
const struct tpstat_probe tpstat_probes[TPSTAT_NR_HAND_EVENTS] = {
#define TPSTAT_EVENT(id, ...) TPSTAT_IF_TP(id, TPSTAT_EVENT_ENTRY(id))
#define TPSTAT_EVENT_ENTRY(id)						\
	[TPSTAT_EV_##id] = TPSTAT_ENTRY_##id,
#include "counters/events.h"
#undef TPSTAT_EVENT_ENTRY
#undef TPSTAT_EVENT
};
