// SPDX-License-Identifier: GPL-2.0
/*
 * SOCKMEM: sockets refused memory because their protocol (TCP, UDP, ...)
 * was over its limits, per socket family, protocol, local port and
 * whether it was sending or receiving, with the protocol's pages
 * allocated and its hard limit at the last event (uapi/linux/tpstat.h).
 * Its probe is sock:sock_exceed_buf_limit (probes.c), which the kernel
 * fires from __sk_mem_raise_allocated() as it refuses the memory;
 * recording runs in probe context, like it.
 *
 * debugfs: count allocated limit kind family protocol port netns (kind:
 * send|recv; family: ipv4|ipv6|<number>; protocol: tcp udp udplite,
 * else its number).
 */
#include <linux/in.h>
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
 * A socket by its local port (inet_num, 0 where unbound, and for a
 * socket of another family), and what it was refused memory for (enum
 * tpstat_mem_kind: the kernel's SK_MEM_SEND and SK_MEM_RECV).  An MPTCP
 * socket's protocol (262) does not fit: it counts against TCP's memory,
 * and shows as TCP.
 */
struct tpstat_sockmem_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 port;
	u8 protocol;
	u8 kind;
	u8 pad[6];
} __aligned(8);

/*
 * ALLOCATED: the pages the protocol had allocated as it refused (the
 * tracepoint's @allocated, /proc/net/sockstat's "mem"); LIMIT: its hard
 * limit in pages then (sysctl_mem[2]: net.ipv4.tcp_mem's or udp_mem's
 * third figure).  Each is stored whole, by a single store, at every
 * event: two events at once on two CPUs may leave one's allocation
 * beside the other's limit (the last writer wins), each a figure some
 * event saw.
 */
enum {
	TPSTAT_SOCKMEM_COUNT, TPSTAT_SOCKMEM_ALLOCATED, TPSTAT_SOCKMEM_LIMIT,
	TPSTAT_SOCKMEM_NR
};

tpstat_view_keys_param(sockmem_keys, 64, 524288,
		       tpstat_sockmem_key, TPSTAT_SOCKMEM_NR,
		       "Socket memory view: distinct (family, protocol, local port, send or receive) keys kept");

static notrace void tpstat_record_sockmem(struct tpstat_views *v,
					  const struct sock *sk,
					  long allocated, int kind)
{
	struct tpstat_sockmem_key key = {};
	atomic64_t *vals;

	tpstat_key_ns(&key, sock_net(sk));
	key.family = sk->sk_family;
	key.protocol = sk->sk_protocol;
	key.kind = kind;
	if (key.family == AF_INET || key.family == AF_INET6)
		key.port = READ_ONCE(inet_sk(sk)->inet_num);
	vals = tpstat_table_get(&v->table[TPSTAT_VIEW_SOCKMEM], &key);
	if (!vals)
		return;
	tpstat_val_inc(&vals[TPSTAT_SOCKMEM_COUNT]);
	atomic64_set(&vals[TPSTAT_SOCKMEM_ALLOCATED], allocated);
	atomic64_set(&vals[TPSTAT_SOCKMEM_LIMIT], sk_prot_mem_limits(sk, 2));
}

/* sock:sock_exceed_buf_limit: every refusal is the view's. */
notrace void tpstat_feed_sock_exceed_buf_limit(const struct sock *sk,
					       long allocated, int kind)
{
	struct tpstat_views *v = tpstat_views(TPSTAT_VIEW_SOCKMEM);

	if (v)
		tpstat_record_sockmem(v, sk, allocated, kind);
}

static int tpstat_sockmem_put(struct sk_buff *skb, const void *key,
			      const u64 *vals)
{
	const struct tpstat_sockmem_key *k = key;

	if (nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	    nla_put_u8(skb, TPSTAT_A_PROTOCOL, k->protocol) ||
	    nla_put_u16(skb, TPSTAT_A_SPORT, k->port) ||
	    nla_put_u8(skb, TPSTAT_A_MEM_KIND, k->kind) ||
	    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_SOCKMEM_COUNT]) ||
	    tpstat_put_u64(skb, TPSTAT_A_MEM_ALLOCATED,
			   vals[TPSTAT_SOCKMEM_ALLOCATED]) ||
	    tpstat_put_u64(skb, TPSTAT_A_MEM_LIMIT, vals[TPSTAT_SOCKMEM_LIMIT]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_sockmem_seq(struct seq_file *m, const void *key,
			       const u64 *v)
{
	const struct tpstat_sockmem_key *k = key;

	/* Signed: a limit set negative reads as what the kernel compares. */
	seq_printf(m, "%llu %lld %lld %s", v[TPSTAT_SOCKMEM_COUNT],
		   (s64)v[TPSTAT_SOCKMEM_ALLOCATED], (s64)v[TPSTAT_SOCKMEM_LIMIT],
		   k->kind == TPSTAT_MEM_SEND ? "send" :
		   k->kind == TPSTAT_MEM_RECV ? "recv" : "-");
	if (k->family == AF_INET)
		seq_puts(m, " ipv4");
	else if (k->family == AF_INET6)
		seq_puts(m, " ipv6");
	else
		seq_printf(m, " %u", k->family);
	seq_putc(m, ' ');
	tpstat_seq_protocol(m, k->protocol);
	seq_printf(m, " %u %u", k->port, k->ns_inum);
}

const struct tpstat_view_type tpstat_view_sockmem = {
	TPSTAT_VIEW_WRITERS(sockmem),
	.columns = "count allocated limit kind family protocol port netns",
	.privacy = TPSTAT_VIEW_PRIVATE,
	TPSTAT_VIEW_TABLE(tpstat_sockmem_key, TPSTAT_SOCKMEM_NR, sockmem_keys),
	.counts = TPSTAT_SOCKMEM_ALLOCATED,
	.needs = {
		{ TPSTAT_EV_SOCK_EXCEED_BUF_LIMIT,
		  TPSTAT_MSG("this view is unavailable: the kernel has no sock:sock_exceed_buf_limit") },
	},
};
