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

#include "base/compat.h"
#include "counters/val_add.h"
#include "tables/table.h"
#include "tables/views.h"

struct sock;
struct sock_common;
struct sk_buff;
struct devlink;
struct devlink_trap_metadata;
struct neighbour;

/*
 * The live views generation (views.h), for a probe that found its view's
 * key on.  Never NULL there: it is published before the first probe is
 * attached, and cleared only once the last is gone (main.c).  A reset
 * clears the old generation after tpstat_probe_synchronize() (compat.h).
 */
static __always_inline struct tpstat_views *tpstat_views_hot(void)
{
	return tpstat_probe_dereference(tpstat_views_live);
}

/* The same, or NULL if @view is off. */
static __always_inline struct tpstat_views *tpstat_views(enum tpstat_view view)
{
	if (!tpstat_view_hot(view))
		return NULL;
	return tpstat_views_hot();
}

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
		tpstat_val_add(&vals[val], n);
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
/* retrans.c: @val is TPSTAT_FLOW_RETRANS or TPSTAT_FLOW_SYNACK. */
void tpstat_record_retrans(struct tpstat_views *v, const struct sock_common *c,
			   unsigned int val, int state);
/* resets.c: @val is TPSTAT_RST_SENT or TPSTAT_RST_RECEIVED. */
void tpstat_record_reset(struct tpstat_views *v, const struct sock *sk,
			 const struct sk_buff *skb, u32 reason,
			 unsigned int val);
/* auth.c: @skb, on @sk, failed TCP-MD5/AO check @kind. */
void tpstat_record_auth(struct tpstat_views *v, const struct sock *sk,
			const struct sk_buff *skb, enum tpstat_auth_kind kind);
/*
 * lifetimes.c: @sk born (SYN_SENT, SYN_RECV: @newstate), closed, and a
 * listener closed (no lifetime).
 */
void tpstat_record_birth(const struct sock *sk, int newstate);
void tpstat_record_close(struct tpstat_views *v, const struct sock *sk);
void tpstat_record_unborn(const struct sock *sk);
/*
 * The feeds: a tracepoint of rare events (errors, traps, full queues,
 * neighbours, socket memory) that feeds one view alone hands its event
 * to tpstat_feed_<tracepoint>(), in that view's file, which finds the
 * view (tpstat_views()) and keeps what the view keeps of the event.  The
 * probe names its tracepoint and feeds only where it feeds views
 * (probe_body.h's tpstat_feeds_views); the view says what it takes.
 * The packet and connection probes above find their view inline and
 * call its record function only while it is on: no call otherwise.
 */
void tpstat_feed_devlink_trap_report(const struct devlink *devlink,
				     const struct devlink_trap_metadata *meta);
void tpstat_feed_inet_sk_error_report(const struct sock *sk);
void tpstat_feed_udp_fail_queue_rcv_skb(int rc, const struct sock *sk);
void tpstat_feed_sock_rcvqueue_full(const struct sock *sk);
void tpstat_feed_neigh_timer_handler(const struct neighbour *n);
void tpstat_feed_neigh_update(const struct neighbour *n, u8 new, u32 flags);
void tpstat_feed_sock_exceed_buf_limit(const struct sock *sk, long allocated,
				       int kind);

#endif /* _TPSTAT_RECORD_H */
