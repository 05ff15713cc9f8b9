/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An skb's device, for probes that may see an skb no longer on one.
 *
 * While a datagram waits in a UDP socket's queue, UDP keeps its truesize
 * and length where skb->dev was (the dev_scratch union member), and the
 * kernel frees or consumes it from there: on close with datagrams unread
 * (kfree_skb), on a bad checksum (kfree_skb), on every read (consume_skb).
 * Reading that as a device faults.  A device is always a kernel address;
 * the scratch value never is where the feature test skb_dev_addr says so:
 * on little-endian 64-bit its top byte is 0 or 1, and on 32-bit it is a
 * truesize, with bit 31 at most, below a 3G/1G split's PAGE_OFFSET.
 * Elsewhere (s390x, MIPS32) an skb's device is not read: none is told,
 * except where the field cannot hold the scratch value (below).
 */
#ifndef _TPSTAT_SKB_DEV_H
#define _TPSTAT_SKB_DEV_H

#include <linux/compiler.h>
#include <linux/skbuff.h>
#include <tpstat_features.h>

#if !defined(TPSTAT_HAVE_SKB_DEV_ADDR)
#define tpstat_kernel_addr(a)	((void)(a), false)
#elif BITS_PER_LONG == 64
/* Kernel addresses are the upper half. */
#define tpstat_kernel_addr(a)	((long)(a) < 0)
#else
/* A truesize with UDP's bit 31 stays below PAGE_OFFSET. */
#define tpstat_kernel_addr(a)	((unsigned long)(a) >= PAGE_OFFSET)
#endif

/* skb->dev, or NULL if it is none (or UDP's scratch value). */
static __always_inline const struct net_device *
tpstat_skb_dev(const struct sk_buff *skb)
{
	const struct net_device *dev = READ_ONCE(skb->dev);

	return tpstat_kernel_addr(dev) ? dev : NULL;
}

/*
 * The device of the segment a reset without a socket answers: the
 * kernel's own tcp_v4_rcv() and tcp_v6_rcv() have just read it as one,
 * and a segment TCP receives never held UDP's scratch value, so this is
 * read on every architecture.  Without it a stranger's refused connects
 * would name no namespace where skb->dev is not read, and count as the
 * initial namespace's (table.h).  NULL where the socket tells.
 */
static __always_inline const struct net_device *
tpstat_reset_skb_dev(const struct sock *sk, const struct sk_buff *skb)
{
	return sk || !skb ? NULL : READ_ONCE(skb->dev);
}

#endif /* _TPSTAT_SKB_DEV_H */
