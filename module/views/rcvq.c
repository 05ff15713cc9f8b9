// SPDX-License-Identifier: GPL-2.0
/*
 * RCVQ: packets dropped because the receiving socket's queue was full,
 * per socket family, protocol and local port (uapi/linux/tpstat.h).  Its
 * probes are udp:udp_fail_queue_rcv_skb and sock:sock_rcvqueue_full
 * (probes.c); recording runs in probe context, like them: no locks, no
 * allocation, bounded work.
 *
 * debugfs: count rcvbuf family protocol port netns (family: ipv4|ipv6;
 * protocol: udp udplite icmp icmpv6 raw, else its number).
 */
#include <linux/in.h>
#include <linux/net.h>
#include <linux/seq_file.h>
#include <linux/socket.h>
#include <net/inet_sock.h>
#include <net/sock.h>

#include "counters/val_add.h"
#include "format/nlput.h"
#include "format/view_fmt.h"
#include "netlink/netlink.h"
#include "base/params.h"
#include "record/record.h"
#include "tables/view_type.h"

/*
 * A socket by its local port: a UDP or UDP-Lite port, a ping socket's
 * identifier (ICMP, ICMPv6), or, with @protocol IPPROTO_RAW for every raw
 * socket, the IP protocol it receives (as /proc/net/raw shows it).
 * @family is the socket's.
 */
struct tpstat_rcvq_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 port;
	u8 protocol;
	u8 pad[7];
} __aligned(8);

/* RCVBUF: the socket's sk_rcvbuf at its last drop. */
enum { TPSTAT_RCVQ_COUNT, TPSTAT_RCVQ_RCVBUF, TPSTAT_RCVQ_NR };

tpstat_view_keys_param(rcvq_keys, 128, 524288,
		       tpstat_rcvq_key, TPSTAT_RCVQ_NR,
		       "Receive-queue view: distinct (family, protocol, local port) keys kept");

static notrace void tpstat_record_rcvq(struct tpstat_views *v,
				       const struct sock *sk)
{
	struct tpstat_rcvq_key key = {};
	atomic64_t *vals;

	tpstat_key_ns(&key, sock_net(sk));
	key.family = sk->sk_family;
	/* A raw socket's inet_num is the protocol it receives: keep both. */
	if (sk->sk_type == SOCK_RAW)
		key.protocol = IPPROTO_RAW;
	else
		key.protocol = sk->sk_protocol;
	key.port = READ_ONCE(inet_sk(sk)->inet_num);
	vals = tpstat_table_get(&v->table[TPSTAT_VIEW_RCVQ], &key);
	if (!vals)
		return;
	tpstat_val_inc(&vals[TPSTAT_RCVQ_COUNT]);
	atomic64_set(&vals[TPSTAT_RCVQ_RCVBUF],
		     (u32)READ_ONCE(sk->sk_rcvbuf));
}

/*
 * Full receive queues come from two tracepoints that never see the same
 * drop: UDP queues with its own function (__udp_enqueue_schedule_skb()),
 * and only others come through __sock_queue_rcv_skb()
 * (sock:sock_rcvqueue_full): raw, ping and other families' sockets.  The
 * view keeps IPv4 and IPv6 sockets, whose local port means something.
 */
static __always_inline bool tpstat_rcvq_inet(const struct sock *sk)
{
	return sk->sk_family == AF_INET || sk->sk_family == AF_INET6;
}

/*
 * udp:udp_fail_queue_rcv_skb: a datagram UDP (or UDP-Lite) could not
 * queue.  -ENOMEM is a full receive queue, what the kernel counts as
 * UdpRcvbufErrors (Udp6...), and the view's; -ENOBUFS is the protocol's
 * memory limit (udp_mem, UdpMemErrors), reached by every socket at once
 * and not this one's queue.  Before 6.10 IPv6's path does not fire the
 * tracepoint (compat.h).
 */
notrace void tpstat_feed_udp_fail_queue_rcv_skb(int rc, const struct sock *sk)
{
	struct tpstat_views *v;

	if (rc != -ENOMEM)
		return;
	v = tpstat_views(TPSTAT_VIEW_RCVQ);
	if (v && tpstat_rcvq_inet(sk))
		tpstat_record_rcvq(v, sk);
}

/*
 * sock:sock_rcvqueue_full.  A UDP socket is counted by
 * udp_fail_queue_rcv_skb alone, as UdpRcvbufErrors counts it: were a
 * kernel to queue one here too, it would not be counted twice.
 */
notrace void tpstat_feed_sock_rcvqueue_full(const struct sock *sk)
{
	struct tpstat_views *v = tpstat_views(TPSTAT_VIEW_RCVQ);

	if (!v || !tpstat_rcvq_inet(sk))
		return;
	if (sk->sk_type == SOCK_DGRAM && (sk->sk_protocol == IPPROTO_UDP ||
					  sk->sk_protocol == IPPROTO_UDPLITE))
		return;
	tpstat_record_rcvq(v, sk);
}

static int tpstat_rcvq_put(struct sk_buff *skb, const void *key,
			   const u64 *vals)
{
	const struct tpstat_rcvq_key *k = key;

	if (nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	    nla_put_u8(skb, TPSTAT_A_PROTOCOL, k->protocol) ||
	    nla_put_u16(skb, TPSTAT_A_SPORT, k->port) ||
	    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_RCVQ_COUNT]) ||
	    nla_put_u32(skb, TPSTAT_A_RCVBUF, vals[TPSTAT_RCVQ_RCVBUF]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_rcvq_seq(struct seq_file *m, const void *key,
			    const u64 *v)
{
	const struct tpstat_rcvq_key *k = key;

	seq_printf(m, "%llu %llu %s ", v[TPSTAT_RCVQ_COUNT],
		   v[TPSTAT_RCVQ_RCVBUF],
		   k->family == AF_INET6 ? "ipv6" : "ipv4");
	tpstat_seq_protocol(m, k->protocol);
	seq_printf(m, " %u %u", k->port, k->ns_inum);
}

const struct tpstat_view_type tpstat_view_rcvq = {
	TPSTAT_VIEW_WRITERS(rcvq),
	.columns = "count rcvbuf family protocol port netns",
	.privacy = TPSTAT_VIEW_PRIVATE,
	TPSTAT_VIEW_TABLE(tpstat_rcvq_key, TPSTAT_RCVQ_NR, rcvq_keys),
	.counts = TPSTAT_RCVQ_RCVBUF,
	.needs = {
		{ TPSTAT_EV_UDP_FAIL_QUEUE_RCV_SKB,
		  TPSTAT_MSG("this view is unavailable: the kernel has no udp:udp_fail_queue_rcv_skb") },
		{ TPSTAT_EV_SOCK_RCVQUEUE_FULL,
		  TPSTAT_MSG("this view is unavailable: the kernel has no sock:sock_rcvqueue_full") },
	},
};
