/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The namespace an event belongs to, as the filter's netns field and a
 * namespace's own counters decide it (filter.h, netns_counts.h).  Inline:
 * every hand-written probe asks it while some namespace counts its own
 * events, and most events then belong to one that does not.
 */
#ifndef _TPSTAT_EVENT_NET_H
#define _TPSTAT_EVENT_NET_H

#include <linux/netdevice.h>
#include <net/sock.h>

#include "probes/skb_dev.h"

static __always_inline const struct net_device *
tpstat_event_dev(const struct sk_buff *skb, const struct net_device *dev)
{
	return dev ? dev : (skb ? tpstat_skb_dev(skb) : NULL);
}

/*
 * @at(where the namespace of the event of socket @ev_sk, skb @ev_skb and
 * device @ev_dev is held): its own socket's first, then its device's (a
 * packet belongs to the namespace of the device it is on, even while it
 * still holds a socket of another namespace, as over veth), then the
 * skb's socket's; @none if the event cannot tell.  A macro, so that each
 * place gets its own @at where it is found: the peek compares the
 * namespace there (netns_counts.h).
 */
#define tpstat_event_net_at(ev_sk, ev_skb, ev_dev, at, none)		\
({									\
	const struct sock *__sk = (ev_sk);				\
	const struct sk_buff *__skb = (ev_skb);				\
	const struct net_device *__d = tpstat_event_dev(__skb, (ev_dev)); \
									\
	__sk ? at(&__sk->sk_net) : __d ? at(&__d->nd_net) :		\
	__skb && __skb->sk ? at(&__skb->sk->sk_net) : (none);		\
})

/* The event's namespace, NULL if the event cannot tell. */
static __always_inline const struct net *
tpstat_event_net(const struct sock *sk, const struct sk_buff *skb,
		 const struct net_device *dev)
{
	return tpstat_event_net_at(sk, skb, dev, read_pnet, NULL);
}

#endif /* _TPSTAT_EVENT_NET_H */
