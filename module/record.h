/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What probes record into the views' tables (views.h): key building and
 * updates.  Probe context: no locks, no allocation, bounded work.
 */
#ifndef _TPSTAT_RECORD_H
#define _TPSTAT_RECORD_H

#include <linux/atomic.h>
#include <linux/netdevice.h>
#include <linux/percpu.h>
#include <linux/types.h>
#include <net/net_namespace.h>

#include "compat.h"
#include "views.h"

struct sock;
struct sock_common;
struct sk_buff;
struct devlink;
struct devlink_trap_metadata;

/*
 * Fills a flow key from addresses in network order (v4 when family is
 * AF_INET, else the v6 pointers).  An IPv6 flow whose two addresses are
 * v4-mapped is stored as the IPv4 flow it is.
 */
void tpstat_flow_key_fill(struct tpstat_flow_key *key, const struct net *net,
			  u16 family, __be32 saddr4, __be32 daddr4, const void *saddr6,
			  const void *daddr6, u16 sport, u16 dport);

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

/* Keys the views and the alerts share; each wants a zeroed key. */
void tpstat_drop_key_fill(struct tpstat_drop_key *key,
			  const struct sk_buff *skb, const void *location,
			  u32 reason);
void tpstat_flow_key_from(struct tpstat_flow_key *key,
			  const struct sock_common *c);
/*
 * A reset's key: with @by_service, its service port and direction (the
 * view); else the local port, direction UNKNOWN (the monitor's alerts).
 */
void tpstat_reset_key_fill(struct tpstat_reset_key *key,
			   const struct sock *sk, const struct sk_buff *skb,
			   u32 reason, bool by_service);

void tpstat_record_drop(struct tpstat_views *v, const struct sk_buff *skb,
			const void *location, u32 reason);
void tpstat_record_trap(struct tpstat_views *v, const struct devlink *devlink,
			const struct devlink_trap_metadata *meta);
void tpstat_record_retrans(struct tpstat_views *v, const struct sock_common *c,
			   unsigned int val, int state);
void tpstat_record_reset(struct tpstat_views *v, const struct sock *sk,
			 const struct sk_buff *skb, u32 reason,
			 unsigned int val);
/* Errors: @sk reported sk_err (not 0). */
void tpstat_record_error(struct tpstat_views *v, const struct sock *sk,
			 int err);
/*
 * Receive queue (record_rcvq.c): an AF_INET or AF_INET6 socket @sk
 * dropped a packet because its receive queue was full.
 */
void tpstat_record_rcvq(struct tpstat_views *v, const struct sock *sk);
/*
 * Neighbour failures (record_neigh.c): whether neigh:neigh_timer_handler
 * saw @n failed by its timer, whether neigh:neigh_update (@new, @flags)
 * is about to fail a resolution in progress, and recording @n's failure.
 */
struct neighbour;
bool tpstat_neigh_timer_failed(const struct neighbour *n);
bool tpstat_neigh_update_fails(const struct neighbour *n, u8 new, u32 flags);
void tpstat_record_neigh(struct tpstat_views *v, const struct neighbour *n);
/* Auth: @skb, on @sk, failed TCP-MD5/AO check @kind (record_auth.c). */
void tpstat_record_auth(struct tpstat_views *v, const struct sock *sk,
			const struct sk_buff *skb, enum tpstat_auth_kind kind);
/* Lifetimes: @sk born (SYN_SENT, SYN_RECV: @newstate), and closed (CLOSE). */
void tpstat_record_birth(const struct sock *sk, int newstate);
void tpstat_record_close(struct tpstat_views *v, const struct sock *sk);
/*
 * Where each device's entry was last found, per CPU, by ifindex: packet
 * events come from a few devices, and a hint spares them the hash and
 * the probing.  A hint is only a guess, checked every time: it must be a
 * slot of the live table, published, and hold this device's key.  It is
 * one pointer, read and written whole, so nesting cannot tear it.
 */
#define TPSTAT_DEV_HINTS 16
DECLARE_PER_CPU(struct tpstat_slot_hdr *, tpstat_dev_hints[TPSTAT_DEV_HINTS]);

static inline unsigned int tpstat_dev_hint(const struct net_device *dev)
{
	return (unsigned int)dev->ifindex % TPSTAT_DEV_HINTS;
}

atomic64_t *tpstat_dev_vals_slow(struct tpstat_table *t,
				 const struct net_device *dev);

/*
 * The device's values in the live views; NULL if lost (counted).  A NULL
 * hint fails tpstat_table_holds() too: the table is far from address 0.
 */
static __always_inline atomic64_t *tpstat_dev_vals(struct tpstat_views *v,
						   const struct net_device *dev)
{
	struct tpstat_table *t = &v->table[TPSTAT_T_DEVICES];
	struct tpstat_slot_hdr *s = this_cpu_read(tpstat_dev_hints[tpstat_dev_hint(dev)]);
	const struct tpstat_dev_key *k;

	/* The cookie names the namespace; ns_inum only shows it. */
	if (likely(tpstat_table_holds(t, s) && tpstat_slot_ready(s))) {
		k = tpstat_slot_key(s);
		if (k->ns_cookie == tpstat_net_cookie(dev_net(dev)) &&
		    k->ifindex == dev->ifindex)
			return tpstat_slot_vals_after(s, sizeof(*k));
	}
	return tpstat_dev_vals_slow(t, dev);
}

/* n to the device's value @val; with @packet, 1 to @val and n to the next. */
static __always_inline void tpstat_record_dev(struct tpstat_views *v,
					      const struct net_device *dev,
					      unsigned int val, u64 n,
					      bool packet)
{
	atomic64_t *vals;

	if (!dev)
		return;
	vals = tpstat_dev_vals(v, dev);
	if (!vals)
		return;
	if (packet) {
		atomic64_inc(&vals[val]);
		val++;
	}
	atomic64_add(n, &vals[val]);
}

#endif /* _TPSTAT_RECORD_H */
