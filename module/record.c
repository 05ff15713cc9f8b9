// SPDX-License-Identifier: GPL-2.0
/*
 * Recording into the views' tables: see record.h.  Runs in probe
 * context, like probes.c.
 */
#include <linux/in6.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/netdevice.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <linux/timekeeping.h>
#include <net/devlink.h>
#include <net/inet_sock.h>
#include <net/ipv6.h>
#include <net/sock.h>
#include <asm/word-at-a-time.h>

#include "compat.h"
#include "counters.h"
#include "record.h"
#include "skb_dev.h"

static bool tpstat_v4_mapped(const void *addr6)
{
	const __be32 *w = addr6;

	return !w[0] && !w[1] && w[2] == htonl(0x0000ffff);
}

void tpstat_flow_key_fill(struct tpstat_flow_key *key, const struct net *net,
			  u16 family, __be32 saddr4, __be32 daddr4,
			  const void *saddr6, const void *daddr6, u16 sport,
			  u16 dport)
{
	memset(key, 0, sizeof(*key));
	tpstat_key_ns(key, net);
	key->sport = sport;
	key->dport = dport;
	if (family == AF_INET6 && tpstat_v4_mapped(saddr6) &&
	    tpstat_v4_mapped(daddr6)) {
		family = AF_INET;
		saddr4 = ((const __be32 *)saddr6)[3];
		daddr4 = ((const __be32 *)daddr6)[3];
	}
	key->family = family;
	if (family == AF_INET) {
		memcpy(key->saddr, &saddr4, 4);
		memcpy(key->daddr, &daddr4, 4);
	} else {
		memcpy(key->saddr, saddr6, 16);
		memcpy(key->daddr, daddr6, 16);
	}
}

static void tpstat_table_add(struct tpstat_table *t, const void *key,
			     unsigned int val, u64 n)
{
	atomic64_t *vals = tpstat_table_get(t, key);

	if (vals)
		atomic64_add(n, &vals[val]);
}

static const struct net *tpstat_dev_net(const struct net_device *dev)
{
	return dev ? dev_net(dev) : NULL;
}

notrace void tpstat_drop_key_fill(struct tpstat_drop_key *key,
				  const struct sk_buff *skb,
				  const void *location, u32 reason)
{
	const struct net_device *dev = tpstat_skb_dev(skb);

	key->location = (unsigned long)location;
	key->reason = reason;
	if (dev) {
		key->ifindex = dev->ifindex;
		tpstat_key_ns(key, dev_net(dev));
	} else if (skb->sk) {
		tpstat_key_ns(key, sock_net(skb->sk));
	}
}

notrace void tpstat_record_drop(struct tpstat_views *v,
				const struct sk_buff *skb,
				const void *location, u32 reason)
{
	struct tpstat_drop_key key = {};

	tpstat_drop_key_fill(&key, skb, location, reason);
	tpstat_table_add(&v->table[TPSTAT_T_DROPS], &key, TPSTAT_DROP_COUNT, 1);
}

#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
notrace void tpstat_record_trap(struct tpstat_views *v,
				const struct devlink *devlink,
				const struct devlink_trap_metadata *meta)
{
	struct device *dev = devlink_to_dev(devlink);
	struct tpstat_trap_key key = {};

	strscpy(key.bus, dev_bus_name(dev), sizeof(key.bus));
	strscpy(key.device, dev_name(dev), sizeof(key.device));
	strscpy(key.trap, meta->trap_name, sizeof(key.trap));
	strscpy(key.group, meta->trap_group_name, sizeof(key.group));
	tpstat_table_add(&v->table[TPSTAT_T_TRAPS], &key, TPSTAT_TRAP_COUNT, 1);
}
#endif

notrace void tpstat_flow_key_from(struct tpstat_flow_key *key,
				  const struct sock_common *c)
{
	const void *s6 = NULL, *d6 = NULL;

#if IS_ENABLED(CONFIG_IPV6)
	s6 = &c->skc_v6_rcv_saddr;
	d6 = &c->skc_v6_daddr;
#endif
	if (c->skc_family == AF_INET6 && !s6)
		return;
	tpstat_flow_key_fill(key, read_pnet(&c->skc_net),
			     c->skc_family, c->skc_rcv_saddr, c->skc_daddr,
			     s6, d6, c->skc_num, ntohs(c->skc_dport));
}

notrace void tpstat_record_retrans(struct tpstat_views *v,
				   const struct sock_common *c,
				   unsigned int val, int state)
{
	struct tpstat_flow_key key = {};
	atomic64_t *vals;

	tpstat_flow_key_from(&key, c);
	vals = tpstat_table_get(&v->table[TPSTAT_T_FLOWS], &key);
	if (!vals)
		return;
	atomic64_inc(&vals[val]);
	atomic64_set(&vals[TPSTAT_FLOW_STATE], state);
}

/* A client's end: a local port in the ephemeral range, and a peer port. */
static bool tpstat_ephemeral(const struct net *net, u16 lport, u16 rport)
{
	int low, high;

	if (!net || !rport)
		return false;
	tpstat_local_port_range(net, &low, &high);
	return lport >= low && lport <= high;
}

/* Where a socket's state says which end it is; UNKNOWN once established. */
static u8 tpstat_state_direction(int state)
{
	switch (state) {
	case TCP_SYN_SENT:
		return TPSTAT_DIRECTION_ACTIVE;
	case TCP_LISTEN:
	case TCP_SYN_RECV:
	case TCP_NEW_SYN_RECV:
		return TPSTAT_DIRECTION_PASSIVE;
	}
	return TPSTAT_DIRECTION_UNKNOWN;
}

/*
 * A reset without a socket answers @skb: its source is the peer, its
 * destination port ours.  A SYN without ACK was sent to a local service
 * (a connect to a closed port); any other segment may be for a client's
 * end that is gone: the ports decide.
 */
static u8 tpstat_reset_key_skb(struct tpstat_reset_key *key,
			       const struct sk_buff *skb, u16 *lport,
			       u16 *rport)
{
	const struct tcphdr *th = (const struct tcphdr *)skb->data;

	tpstat_key_ns(key, tpstat_dev_net(tpstat_skb_dev(skb)));
	*lport = ntohs(th->dest);
	*rport = ntohs(th->source);
	if (skb->protocol == htons(ETH_P_IP)) {
		key->family = AF_INET;
		memcpy(key->peer, &ip_hdr(skb)->saddr, 4);
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		key->family = AF_INET6;
		memcpy(key->peer, &ipv6_hdr(skb)->saddr, 16);
	}
	return th->syn && !th->ack ? TPSTAT_DIRECTION_PASSIVE :
				     TPSTAT_DIRECTION_UNKNOWN;
}

/*
 * Which side of a reset is the service: the socket's state where it
 * tells (SYN_SENT: a client; LISTEN, SYN_RECV, a request: a server),
 * else a local port in the namespace's ephemeral range with a remote
 * port is a client's, as in the errors view; anything else a server's.
 */
notrace void tpstat_reset_key_fill(struct tpstat_reset_key *key,
				   const struct sock *sk,
				   const struct sk_buff *skb, u32 reason,
				   bool by_service)
{
	const struct net_device *dev;
	const struct net *net = NULL;
	u8 dir = TPSTAT_DIRECTION_UNKNOWN;
	u16 lport = 0, rport = 0;

	key->reason = reason;
	if (sk) {
		struct tpstat_flow_key flow = {};

		tpstat_flow_key_from(&flow, &sk->__sk_common);
		key->ns_cookie = flow.ns_cookie;
		key->ns_inum = flow.ns_inum;
		key->family = flow.family;
		lport = flow.sport;
		rport = flow.dport;
		memcpy(key->peer, flow.daddr, sizeof(key->peer));
		net = sock_net(sk);
		dir = tpstat_state_direction(sk->sk_state);
	} else if (skb) {
		dir = tpstat_reset_key_skb(key, skb, &lport, &rport);
		dev = tpstat_skb_dev(skb);
		net = dev ? dev_net(dev) : NULL;
	}
	if (!by_service) {
		key->port = lport;
		return;
	}
	if (dir == TPSTAT_DIRECTION_UNKNOWN)
		dir = tpstat_ephemeral(net, lport, rport) ?
		      TPSTAT_DIRECTION_ACTIVE : TPSTAT_DIRECTION_PASSIVE;
	key->direction = dir;
	key->port = dir == TPSTAT_DIRECTION_ACTIVE ? rport : lport;
}

notrace void tpstat_record_reset(struct tpstat_views *v,
				 const struct sock *sk,
				 const struct sk_buff *skb, u32 reason,
				 unsigned int val)
{
	struct tpstat_reset_key key = {};

	tpstat_reset_key_fill(&key, sk, skb, reason, true);
	tpstat_table_add(&v->table[TPSTAT_T_RESETS], &key, val, 1);
}

/*
 * The service a socket's error belongs to: the remote port for a client
 * (its local port is in the namespace's ephemeral range), else the local
 * one (and where the peer is gone).  A refused connect has given its port
 * back (sk_num is 0) by now: inet_sport keeps it.
 */
notrace void tpstat_record_error(struct tpstat_views *v, const struct sock *sk,
				 int err)
{
	const struct inet_sock *inet = inet_sk(sk);
	struct tpstat_err_key key = {};
	u16 lport = ntohs(inet->inet_sport);

	tpstat_key_ns(&key, sock_net(sk));
	key.err = err;
	key.family = sk->sk_family;
	key.protocol = sk->sk_protocol;
	/* tcp_disconnect() (SO_LINGER 0) clears the peer before it reports. */
	if (tpstat_ephemeral(sock_net(sk), lport, ntohs(inet->inet_dport))) {
		key.remote = 1;
		key.port = ntohs(inet->inet_dport);
	} else {
		key.port = lport;
	}
	tpstat_table_add(&v->table[TPSTAT_T_ERRORS], &key, TPSTAT_ERR_COUNT, 1);
}

/*
 * A task's comm into @dst, every byte after its first NUL cleared: a key
 * is compared word by word, and a task renamed while we read must still
 * give one string.  A word at a time, where strscpy_pad() would loop.
 */
static __always_inline void tpstat_comm_copy(char *dst, const char *comm)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	unsigned long w[TPSTAT_COMM_MAX / sizeof(unsigned long)];
	bool ended = false;
	unsigned int i;

	BUILD_BUG_ON(sizeof(current->comm) != sizeof(w));
	memcpy(w, comm, sizeof(w));
	for (i = 0; i < ARRAY_SIZE(w); i++) {
		unsigned long bits;

		if (ended) {
			w[i] = 0;
		} else if (has_zero(w[i], &bits, &constants)) {
			bits = prep_zero_mask(w[i], bits, &constants);
			w[i] &= zero_bytemask(create_zero_mask(bits));
			ended = true;
		}
	}
	memcpy(dst, w, sizeof(w));
	if (!ended)
		dst[TPSTAT_COMM_MAX - 1] = '\0';
}

/*
 * tcplife: a socket is born at SYN_SENT (connect: active) or SYN_RECV (a
 * passive child) and its life ends at CLOSE.  The task is known only
 * where the transition runs in process context; in softirq current is
 * unrelated.  A passive child is born in softirq: no task to keep.
 */
notrace void tpstat_record_birth(const struct sock *sk, int newstate)
{
	char comm[TPSTAT_COMM_MAX] = "";
	bool active = newstate == TCP_SYN_SENT;

	if (active && in_task())
		tpstat_comm_copy(comm, current->comm);
	tpstat_birth_record(&tpstat_births, sk, ktime_get_ns(), comm, active);
}

/*
 * Keyed by service: an active socket by its remote port and the task
 * that connected (or, connected outside a task, the one closing), a
 * passive one by its local port alone.  By CLOSE the local port is
 * released (sk_num is 0): inet_sport stays, and the remote port is
 * cleared only after the CLOSE (tcp_disconnect(), a failed connect).
 */
notrace void tpstat_record_close(struct tpstat_views *v, const struct sock *sk)
{
	struct tpstat_life_key key = {};
	struct tpstat_birth birth;
	atomic64_t *vals;
	u64 us;

	if (!tpstat_birth_take(&tpstat_births, sk, &birth))
		return;
	us = div_u64(ktime_get_ns() - birth.ns, NSEC_PER_USEC);
	tpstat_key_ns(&key, sock_net(sk));
	if (tpstat_birth_active(&birth)) {
		key.direction = TPSTAT_DIRECTION_ACTIVE;
		key.port = ntohs(inet_sk(sk)->inet_dport);
		if (birth.comm[0])
			memcpy(key.comm, birth.comm, sizeof(key.comm));
		else if (in_task())
			tpstat_comm_copy(key.comm, current->comm);
	} else {
		key.direction = TPSTAT_DIRECTION_PASSIVE;
		key.port = ntohs(inet_sk(sk)->inet_sport);
	}
	vals = tpstat_table_get(&v->table[TPSTAT_T_LIFETIMES], &key);
	if (!vals)
		return;
	atomic64_inc(&vals[tpstat_log2_bucket(us)]);
	atomic64_add(us, &vals[TPSTAT_LIFE_SUM]);
	atomic64_inc(&vals[TPSTAT_LIFE_COUNT]);
}

DEFINE_PER_CPU(struct tpstat_slot_hdr *, tpstat_dev_hints[TPSTAT_DEV_HINTS]);

/* The hint missed: find (or insert) the device's entry, and remember it. */
notrace atomic64_t *tpstat_dev_vals_slow(struct tpstat_table *t,
					 const struct net_device *dev)
{
	struct tpstat_dev_key key = {};
	struct tpstat_slot_hdr *s;

	tpstat_key_ns(&key, tpstat_dev_net(dev));
	key.ifindex = dev->ifindex;
	s = tpstat_table_find(t, &key);
	if (!s)
		return NULL;
	this_cpu_write(tpstat_dev_hints[tpstat_dev_hint(dev)], s);
	return tpstat_slot_vals(t, s);
}
