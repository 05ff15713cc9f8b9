/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What probes call to record into the views' tables: each view's record
 * functions, defined in its own file (views/<name>.c), and what they
 * share.  Probe context: see probe_body.h.
 */
#ifndef _TPSTAT_RECORD_H
#define _TPSTAT_RECORD_H

#include <linux/atomic.h>
#include <linux/netdevice.h>
#include <linux/types.h>
#include <net/net_namespace.h>

#include "compat.h"
#include "tables/table.h"
#include "tables/views.h"

struct sock;
struct sock_common;
struct sk_buff;
struct devlink;
struct devlink_trap_metadata;
struct neighbour;

/*
 * A key's namespace (views.h): the cookie of namespace @of, and its
 * inode number for display; NULL leaves both 0 (no namespace).
 */
#define tpstat_key_ns(key, of) do {					\
	const struct net *__tpstat_net = (of);				\
									\
	(key)->ns_cookie = __tpstat_net ?				\
			   tpstat_net_cookie(__tpstat_net) : 0;		\
	(key)->ns_inum = __tpstat_net ? __tpstat_net->ns.inum : 0;	\
} while (0)

/* n to value @val of @key's entry in @t, unless the table is full. */
static __always_inline void tpstat_table_add(struct tpstat_table *t,
					     const void *key,
					     unsigned int val, u64 n)
{
	atomic64_t *vals = tpstat_table_get(t, key);

	if (vals)
		atomic64_add(n, &vals[val]);
}

static inline const struct net *tpstat_dev_net(const struct net_device *dev)
{
	return dev ? dev_net(dev) : NULL;
}

/* A client's end: a local port in the ephemeral range, and a peer port. */
static inline bool tpstat_ephemeral(const struct net *net, u16 lport,
				    u16 rport)
{
	int low, high;

	if (!net || !rport)
		return false;
	tpstat_local_port_range(net, &low, &high);
	return lport >= low && lport <= high;
}

/* drops.c */
void tpstat_record_drop(struct tpstat_views *v, const struct sk_buff *skb,
			const void *location, u32 reason);
/* traps.c */
void tpstat_record_trap(struct tpstat_views *v, const struct devlink *devlink,
			const struct devlink_trap_metadata *meta);
/* retrans.c: @val is TPSTAT_FLOW_RETRANS or TPSTAT_FLOW_SYNACK. */
void tpstat_record_retrans(struct tpstat_views *v, const struct sock_common *c,
			   unsigned int val, int state);
/* resets.c: @val is TPSTAT_RST_SENT or TPSTAT_RST_RECEIVED. */
void tpstat_record_reset(struct tpstat_views *v, const struct sock *sk,
			 const struct sk_buff *skb, u32 reason,
			 unsigned int val);
/* errors.c: @sk reported sk_err (not 0). */
void tpstat_record_error(struct tpstat_views *v, const struct sock *sk,
			 int err);
/*
 * rcvq.c: an AF_INET or AF_INET6 socket @sk dropped a packet because its
 * receive queue was full.
 */
void tpstat_record_rcvq(struct tpstat_views *v, const struct sock *sk);
/*
 * neigh.c: whether neigh:neigh_timer_handler saw @n failed by its timer,
 * whether neigh:neigh_update (@new, @flags) is about to fail a
 * resolution in progress, and recording @n's failure.
 */
bool tpstat_neigh_timer_failed(const struct neighbour *n);
bool tpstat_neigh_update_fails(const struct neighbour *n, u8 new, u32 flags);
void tpstat_record_neigh(struct tpstat_views *v, const struct neighbour *n);
/* auth.c: @skb, on @sk, failed TCP-MD5/AO check @kind. */
void tpstat_record_auth(struct tpstat_views *v, const struct sock *sk,
			const struct sk_buff *skb, enum tpstat_auth_kind kind);
/* sockmem.c: @sk refused memory (@kind: SK_MEM_*), @allocated pages. */
void tpstat_record_sockmem(struct tpstat_views *v, const struct sock *sk,
			   long allocated, int kind);
/* lifetimes.c: @sk born (SYN_SENT, SYN_RECV: @newstate), and closed. */
void tpstat_record_birth(const struct sock *sk, int newstate);
void tpstat_record_close(struct tpstat_views *v, const struct sock *sk);

#endif /* _TPSTAT_RECORD_H */
