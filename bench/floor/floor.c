// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat_floor: the benchmark's floor.  It attaches one empty probe to
 * each tracepoint tpstat knows (module/counters/events.h), the same way tpstat
 * does (one for_each_kernel_tracepoint() pass, tracepoint_probe_register()),
 * so the difference between "floor" and "nothing attached" is the cost of
 * the tracepoint call itself, and the difference between tpstat and the
 * floor is what tpstat's probes add.
 *
 * Prototypes: the ones that differ between kernels (kfree_skb,
 * consume_skb, tcp_send_reset, tcp_retransmit_skb, tcp_probe) come from
 * module/base/compat.h, i.e. from the feature header module/conftest.sh
 * generates for the target kernel; the others are the same on all.  Each probe is type-checked with
 * check_trace_callback_type_<name>(), so a prototype mismatch is a build
 * error.  A tracepoint the headers or the running kernel lack is skipped
 * and logged.
 *
 * only=<tracepoint> attaches that one alone, which may also be one of the
 * extra tracepoints below, outside events.h: the floor beside a generated
 * probe on the same tracepoint.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/tracepoint.h>
#include <trace/events/napi.h>
#include <trace/events/net.h>
#include <trace/events/skb.h>
#include <trace/events/sock.h>
#include <trace/events/tcp.h>

#include "base/compat.h"
#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
#include <net/devlink.h>
#include <trace/events/devlink.h>
#endif

/*
 * An empty probe for tracepoint tp; "..." is its prototype after data.
 * notrace, as tpstat's probes are (module/probes/probe_body.h): with the
 * function tracer's entry hook (call __fentry__, patched to a 5-byte nop
 * on x86; two instructions on ARM) the floor would cost one or two
 * more per event than an empty probe shaped like tpstat's, and every
 * figure over the floor would be that much too kind to tpstat.
 */
#define FLOOR_PROBE(tp, ...)						\
static notrace void floor_probe_##tp(void *data, __VA_ARGS__)		\
{									\
}									\
static inline void __maybe_unused floor_typecheck_##tp(void)		\
{									\
	check_trace_callback_type_##tp(floor_probe_##tp);		\
}

#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB
FLOOR_PROBE(tcp_retransmit_skb, TPSTAT_PROTO_tcp_retransmit_skb)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SYNACK
FLOOR_PROBE(tcp_retransmit_synack, const struct sock *sk,
	    const struct request_sock *req)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_SEND_RESET
FLOOR_PROBE(tcp_send_reset, TPSTAT_PROTO_tcp_send_reset)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RECEIVE_RESET
FLOOR_PROBE(tcp_receive_reset, struct sock *sk)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_DESTROY_SOCK
FLOOR_PROBE(tcp_destroy_sock, struct sock *sk)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_PROBE
FLOOR_PROBE(tcp_probe, TPSTAT_PROTO_tcp_probe)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RCV_SPACE_ADJUST
FLOOR_PROBE(tcp_rcv_space_adjust, struct sock *sk)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_BAD_CSUM
FLOOR_PROBE(tcp_bad_csum, const struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_TCP_CONG_STATE_SET
FLOOR_PROBE(tcp_cong_state_set, struct sock *sk, const u8 ca_state)
#endif
#ifdef TPSTAT_HAVE_TP_INET_SOCK_SET_STATE
FLOOR_PROBE(inet_sock_set_state, const struct sock *sk, const int oldstate,
	    const int newstate)
#endif
#ifdef TPSTAT_HAVE_TP_SOCK_RCVQUEUE_FULL
FLOOR_PROBE(sock_rcvqueue_full, struct sock *sk, struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_SOCK_EXCEED_BUF_LIMIT
FLOOR_PROBE(sock_exceed_buf_limit, struct sock *sk, struct proto *prot,
	    long allocated, int kind)
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_QUEUE
FLOOR_PROBE(net_dev_queue, struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_START_XMIT
FLOOR_PROBE(net_dev_start_xmit, const struct sk_buff *skb,
	    const struct net_device *dev)
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT
FLOOR_PROBE(net_dev_xmit, struct sk_buff *skb, int rc, struct net_device *dev,
	    unsigned int skb_len)
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT_TIMEOUT
FLOOR_PROBE(net_dev_xmit_timeout, struct net_device *dev, int queue_index)
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB
FLOOR_PROBE(netif_receive_skb, struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX
FLOOR_PROBE(netif_rx, struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB_ENTRY
FLOOR_PROBE(netif_receive_skb_entry, const struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX_ENTRY
FLOOR_PROBE(netif_rx_entry, const struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_GRO_RECEIVE_ENTRY
FLOOR_PROBE(napi_gro_receive_entry, const struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_GRO_FRAGS_ENTRY
FLOOR_PROBE(napi_gro_frags_entry, const struct sk_buff *skb)
#endif
#ifdef TPSTAT_HAVE_TP_KFREE_SKB
FLOOR_PROBE(kfree_skb, TPSTAT_PROTO_kfree_skb)
#endif
#ifdef TPSTAT_HAVE_TP_CONSUME_SKB
FLOOR_PROBE(consume_skb, TPSTAT_PROTO_consume_skb)
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_POLL
FLOOR_PROBE(napi_poll, struct napi_struct *napi, int work, int budget)
#endif
#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
FLOOR_PROBE(devlink_trap_report, const struct devlink *devlink,
	    struct sk_buff *skb, const struct devlink_trap_metadata *metadata)
#endif
/*
 * Extra: has no hand-written probe in tpstat, and fires once per packet
 * on loopback (netif_rx() returning), in every workload.
 */
FLOOR_PROBE(netif_rx_exit, int ret)

static char *only;
module_param(only, charp, 0444);
MODULE_PARM_DESC(only, "Attach only this tracepoint (default: every one of events.h)");

struct floor_tp {
	const char *name;
	void *fn;
	struct tracepoint *tp;	/* set at init, NULL if the kernel lacks it */
	bool attached;
	bool extra;		/* attached only when only= names it */
};

/* Every event of events.h; .fn stays NULL where the headers lack it. */
static struct floor_tp floor_tps[] = {
#define TPSTAT_EVENT(id, grp, tp) { .name = #tp },
#include "counters/events.h"
#undef TPSTAT_EVENT
	{ .name = "netif_rx_exit", .extra = true },
};

#define FLOOR_FN(tp) { #tp, floor_probe_##tp }
static const struct {
	const char *name;
	void *fn;
} floor_fns[] = {
#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB
	FLOOR_FN(tcp_retransmit_skb),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SYNACK
	FLOOR_FN(tcp_retransmit_synack),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_SEND_RESET
	FLOOR_FN(tcp_send_reset),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RECEIVE_RESET
	FLOOR_FN(tcp_receive_reset),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_DESTROY_SOCK
	FLOOR_FN(tcp_destroy_sock),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_PROBE
	FLOOR_FN(tcp_probe),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_RCV_SPACE_ADJUST
	FLOOR_FN(tcp_rcv_space_adjust),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_BAD_CSUM
	FLOOR_FN(tcp_bad_csum),
#endif
#ifdef TPSTAT_HAVE_TP_TCP_CONG_STATE_SET
	FLOOR_FN(tcp_cong_state_set),
#endif
#ifdef TPSTAT_HAVE_TP_INET_SOCK_SET_STATE
	FLOOR_FN(inet_sock_set_state),
#endif
#ifdef TPSTAT_HAVE_TP_SOCK_RCVQUEUE_FULL
	FLOOR_FN(sock_rcvqueue_full),
#endif
#ifdef TPSTAT_HAVE_TP_SOCK_EXCEED_BUF_LIMIT
	FLOOR_FN(sock_exceed_buf_limit),
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_QUEUE
	FLOOR_FN(net_dev_queue),
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_START_XMIT
	FLOOR_FN(net_dev_start_xmit),
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT
	FLOOR_FN(net_dev_xmit),
#endif
#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT_TIMEOUT
	FLOOR_FN(net_dev_xmit_timeout),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB
	FLOOR_FN(netif_receive_skb),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX
	FLOOR_FN(netif_rx),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB_ENTRY
	FLOOR_FN(netif_receive_skb_entry),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RX_ENTRY
	FLOOR_FN(netif_rx_entry),
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_GRO_RECEIVE_ENTRY
	FLOOR_FN(napi_gro_receive_entry),
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_GRO_FRAGS_ENTRY
	FLOOR_FN(napi_gro_frags_entry),
#endif
#ifdef TPSTAT_HAVE_TP_KFREE_SKB
	FLOOR_FN(kfree_skb),
#endif
#ifdef TPSTAT_HAVE_TP_CONSUME_SKB
	FLOOR_FN(consume_skb),
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_POLL
	FLOOR_FN(napi_poll),
#endif
#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
	FLOOR_FN(devlink_trap_report),
#endif
	FLOOR_FN(netif_rx_exit),
};

static void floor_match(struct tracepoint *tp, void *priv)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(floor_tps); i++) {
		if (floor_tps[i].fn && !strcmp(tp->name, floor_tps[i].name)) {
			floor_tps[i].tp = tp;
			return;
		}
	}
}

/* Unregisters every attached probe and waits until none is running. */
static void floor_detach_all(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(floor_tps); i++) {
		if (!floor_tps[i].attached)
			continue;
		WARN_ON_ONCE(tracepoint_probe_unregister(floor_tps[i].tp,
							 floor_tps[i].fn,
							 NULL));
		floor_tps[i].attached = false;
	}
	tracepoint_synchronize_unregister();
}

static int __init floor_init(void)
{
	size_t i, j;
	int err, attached = 0;

	for (i = 0; i < ARRAY_SIZE(floor_tps); i++)
		for (j = 0; j < ARRAY_SIZE(floor_fns); j++)
			if (!strcmp(floor_tps[i].name, floor_fns[j].name))
				floor_tps[i].fn = floor_fns[j].fn;
	for_each_kernel_tracepoint(floor_match, NULL);

	for (i = 0; i < ARRAY_SIZE(floor_tps); i++) {
		if (only ? strcmp(floor_tps[i].name, only) : floor_tps[i].extra)
			continue;
		if (!floor_tps[i].fn) {
			pr_info("%s: no floor probe in this build, skipped\n",
				floor_tps[i].name);
			continue;
		}
		if (!floor_tps[i].tp) {
			pr_info("%s: not in this kernel, skipped\n",
				floor_tps[i].name);
			continue;
		}
		err = tracepoint_probe_register(floor_tps[i].tp,
						floor_tps[i].fn, NULL);
		if (err) {
			pr_err("%s: register failed: %d\n", floor_tps[i].name,
			       err);
			floor_detach_all();
			return err;
		}
		floor_tps[i].attached = true;
		attached++;
	}
	pr_info("empty probes on %d tracepoints\n", attached);
	if (only && !attached) {
		pr_err("only=%s: no such tracepoint here\n", only);
		return -ENOENT;
	}
	return 0;
}

static void __exit floor_exit(void)
{
	floor_detach_all();
}

module_init(floor_init);
module_exit(floor_exit);
MODULE_DESCRIPTION("tpstat benchmark floor: empty probes on tpstat's tracepoints");
MODULE_LICENSE("GPL");
