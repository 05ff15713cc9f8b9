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

enum tpstat_event_state {
	TPSTAT_STATE_MISSING,	/* the running kernel lacks the tracepoint */
	TPSTAT_STATE_DETACHED,	/* present, not counting */
	TPSTAT_STATE_ATTACHED,	/* counting */
};

/*
 * Generic netlink family.  Every request is strictly validated.  Reads
 * (LIST_EVENTS, GET_COUNTERS, GET_INFO) are open to every user: they are
 * system-wide aggregates, like /proc/net/snmp.  Changes (RESET, ATTACH,
 * DETACH) need CAP_NET_ADMIN.  The family lives in the initial network
 * namespace only: the counters are not per namespace.
 */
#define TPSTAT_GENL_NAME	"tpstat"
#define TPSTAT_GENL_VERSION	1

/* Longest TPSTAT_A_GLOB, including the terminating NUL. */
#define TPSTAT_GLOB_MAX		256

enum tpstat_cmd {
	TPSTAT_CMD_UNSPEC,
	/* dump, [GLOB]: one message per event, EVENT_* attributes */
	TPSTAT_CMD_LIST_EVENTS,
	/* dump, [GLOB]: one message per value: COUNTER_*, EVENT_ID */
	TPSTAT_CMD_GET_COUNTERS,
	/* do, CAP_NET_ADMIN, [GLOB] (default: all): counters restart at 0 */
	TPSTAT_CMD_RESET,
	/* do, CAP_NET_ADMIN, GLOB: attach the probes of matching events */
	TPSTAT_CMD_ATTACH,
	/* do, CAP_NET_ADMIN, GLOB: detach them; returns when they are still */
	TPSTAT_CMD_DETACH,
	/* do: INFO_* attributes */
	TPSTAT_CMD_GET_INFO,

	__TPSTAT_CMD_MAX
};

#define TPSTAT_CMD_MAX	(__TPSTAT_CMD_MAX - 1)

enum tpstat_attr {
	TPSTAT_A_UNSPEC,
	TPSTAT_A_PAD,		/* pad for 64-bit values */
	/* string: comma-separated globs over "<group>:<name>" (as events=) */
	TPSTAT_A_GLOB,
	TPSTAT_A_EVENT_ID,	/* u32: enum tpstat_event_id */
	TPSTAT_A_EVENT_NAME,	/* string: "<group>:<name>" */
	TPSTAT_A_EVENT_STATE,	/* u8: enum tpstat_event_state */
	/* string: the probe's prototype variant, e.g. "skb,location,reason" */
	TPSTAT_A_EVENT_VARIANT,
	/* string: the arguments the probe reads beyond counting, e.g. "rc,skb_len" */
	TPSTAT_A_EVENT_FIELDS,
	TPSTAT_A_COUNTER_NAME,	/* string: "<group>:<name>[.<metric>]" */
	TPSTAT_A_COUNTER_VALUE,	/* u64: since load or the event's last reset */
	TPSTAT_A_INFO_VERSION,	/* string: module version */
	TPSTAT_A_INFO_KERNEL,	/* string: release of the running kernel */
	TPSTAT_A_INFO_FEATURES,	/* u32: TPSTAT_F_* */
	TPSTAT_A_INFO_EVENTS,	/* u32: number of events tpstat knows */
	TPSTAT_A_EVENT_GROUP,	/* string: the tracepoint's group, e.g. "tcp" */

	__TPSTAT_A_MAX
};

#define TPSTAT_A_MAX	(__TPSTAT_A_MAX - 1)

/* TPSTAT_A_INFO_FEATURES: what the kernel's tracepoints provide. */
#define TPSTAT_F_DROP_REASON	(1U << 0)	/* kfree_skb has a drop reason */
#define TPSTAT_F_SKB_CONSUMED	(1U << 1)	/* SKB_CONSUMED exists */
#define TPSTAT_F_RST_REASON	(1U << 2)	/* tcp_send_reset has a reason */

#endif /* _UAPI_LINUX_TPSTAT_H */
