/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * tpstat: counters for the kernel's network tracepoints.
 *
 * Interface shared by the tpstat module and user space.  Event ids are
 * part of the ABI: they are only ever appended, never renumbered, so the
 * order here is not the order anything is printed in (output is sorted by
 * name).  The comment beside each id is its name, "<group>:<tracepoint>".
 */
#ifndef _UAPI_LINUX_TPSTAT_H
#define _UAPI_LINUX_TPSTAT_H

/* Longest "<group>:<tracepoint>" name, including the terminating NUL. */
#define TPSTAT_EVENT_NAME_MAX	64

enum tpstat_event_id {
	TPSTAT_EV_TCP_RETRANSMIT_SKB,		/* tcp:tcp_retransmit_skb */
	TPSTAT_EV_TCP_RETRANSMIT_SYNACK,	/* tcp:tcp_retransmit_synack */
	TPSTAT_EV_TCP_SEND_RESET,		/* tcp:tcp_send_reset */
	TPSTAT_EV_TCP_RECEIVE_RESET,		/* tcp:tcp_receive_reset */
	TPSTAT_EV_TCP_DESTROY_SOCK,		/* tcp:tcp_destroy_sock */
	TPSTAT_EV_TCP_PROBE,			/* tcp:tcp_probe */
	TPSTAT_EV_TCP_RCV_SPACE_ADJUST,		/* tcp:tcp_rcv_space_adjust */
	TPSTAT_EV_TCP_BAD_CSUM,			/* tcp:tcp_bad_csum */
	TPSTAT_EV_TCP_CONG_STATE_SET,		/* tcp:tcp_cong_state_set */
	TPSTAT_EV_INET_SOCK_SET_STATE,		/* sock:inet_sock_set_state */
	TPSTAT_EV_SOCK_RCVQUEUE_FULL,		/* sock:sock_rcvqueue_full */
	TPSTAT_EV_SOCK_EXCEED_BUF_LIMIT,	/* sock:sock_exceed_buf_limit */
	TPSTAT_EV_NET_DEV_QUEUE,		/* net:net_dev_queue */
	TPSTAT_EV_NET_DEV_START_XMIT,		/* net:net_dev_start_xmit */
	TPSTAT_EV_NET_DEV_XMIT,			/* net:net_dev_xmit */
	TPSTAT_EV_NET_DEV_XMIT_TIMEOUT,		/* net:net_dev_xmit_timeout */
	TPSTAT_EV_NETIF_RECEIVE_SKB,		/* net:netif_receive_skb */
	TPSTAT_EV_NETIF_RX,			/* net:netif_rx */
	TPSTAT_EV_NETIF_RECEIVE_SKB_ENTRY,	/* net:netif_receive_skb_entry */
	TPSTAT_EV_NETIF_RX_ENTRY,		/* net:netif_rx_entry */
	TPSTAT_EV_NAPI_GRO_RECEIVE_ENTRY,	/* net:napi_gro_receive_entry */
	TPSTAT_EV_NAPI_GRO_FRAGS_ENTRY,		/* net:napi_gro_frags_entry */
	TPSTAT_EV_KFREE_SKB,			/* skb:kfree_skb */
	TPSTAT_EV_CONSUME_SKB,			/* skb:consume_skb */
	TPSTAT_EV_NAPI_POLL,			/* napi:napi_poll */

	__TPSTAT_EV_CNT
};

#define TPSTAT_EV_MAX	(__TPSTAT_EV_CNT - 1)

#endif /* _UAPI_LINUX_TPSTAT_H */
