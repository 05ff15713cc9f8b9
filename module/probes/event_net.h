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
 * The event's own socket's namespace first, then its device's (a packet
 * belongs to the namespace of the device it is on, even while it still
 * holds a socket of another namespace, as over veth), then the skb's
 * socket's.  @none if the event cannot tell.
 */
static __always_inline const struct net *
tpstat_event_net_or(const struct sock *sk, const struct sk_buff *skb,
		    const struct net_device *dev, const struct net *none)
{
	const struct net_device *d = tpstat_event_dev(skb, dev);

	if (sk)
		return sock_net(sk);
	if (d)
		return dev_net(d);
	if (skb && skb->sk)
		return sock_net(skb->sk);
	return none;
}

/* The same, NULL if the event cannot tell. */
static __always_inline const struct net *
tpstat_event_net(const struct sock *sk, const struct sk_buff *skb,
		 const struct net_device *dev)
{
	return tpstat_event_net_or(sk, skb, dev, NULL);
}

#endif /* _TPSTAT_EVENT_NET_H */
