/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoints tpstat knows, one line each: id suffix (TPSTAT_EV_<id>
 * in uapi/linux/tpstat.h), group (the trace/events/<group>.h header that
 * declares it), tracepoint name.
 *
 * This list is also read by conftest.sh, which emits
 * TPSTAT_HAVE_TP_<id> for every tracepoint the target headers declare:
 * keep one entry per line, in this exact shape.
 */
#ifndef _TPSTAT_EVENTS_H
#define _TPSTAT_EVENTS_H

#define TPSTAT_EVENTS(E)						\
	E(TCP_RETRANSMIT_SKB, tcp, tcp_retransmit_skb)			\
	E(TCP_RETRANSMIT_SYNACK, tcp, tcp_retransmit_synack)		\
	E(TCP_SEND_RESET, tcp, tcp_send_reset)				\
	E(TCP_RECEIVE_RESET, tcp, tcp_receive_reset)			\
	E(TCP_DESTROY_SOCK, tcp, tcp_destroy_sock)			\
	E(TCP_PROBE, tcp, tcp_probe)					\
	E(TCP_RCV_SPACE_ADJUST, tcp, tcp_rcv_space_adjust)		\
	E(TCP_BAD_CSUM, tcp, tcp_bad_csum)				\
	E(TCP_CONG_STATE_SET, tcp, tcp_cong_state_set)			\
	E(INET_SOCK_SET_STATE, sock, inet_sock_set_state)		\
	E(SOCK_RCVQUEUE_FULL, sock, sock_rcvqueue_full)			\
	E(SOCK_EXCEED_BUF_LIMIT, sock, sock_exceed_buf_limit)		\
	E(NET_DEV_QUEUE, net, net_dev_queue)				\
	E(NET_DEV_START_XMIT, net, net_dev_start_xmit)			\
	E(NET_DEV_XMIT, net, net_dev_xmit)				\
	E(NET_DEV_XMIT_TIMEOUT, net, net_dev_xmit_timeout)		\
	E(NETIF_RECEIVE_SKB, net, netif_receive_skb)			\
	E(NETIF_RX, net, netif_rx)					\
	E(NETIF_RECEIVE_SKB_ENTRY, net, netif_receive_skb_entry)	\
	E(NETIF_RX_ENTRY, net, netif_rx_entry)				\
	E(NAPI_GRO_RECEIVE_ENTRY, net, napi_gro_receive_entry)		\
	E(NAPI_GRO_FRAGS_ENTRY, net, napi_gro_frags_entry)		\
	E(KFREE_SKB, skb, kfree_skb)					\
	E(CONSUME_SKB, skb, consume_skb)				\
	E(NAPI_POLL, napi, napi_poll)

#endif /* _TPSTAT_EVENTS_H */
