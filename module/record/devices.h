/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DEVICES view's key, values and inline recording: packet events
 * update it on every packet, so the probes (probes.c) inline the lookup
 * through a per-CPU hint.  The rest is views/devices.c.
 */
#ifndef _TPSTAT_VIEWS_DEVICES_H
#define _TPSTAT_VIEWS_DEVICES_H

#include <linux/atomic.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/netdevice.h>
#include <linux/types.h>
#include <net/net_namespace.h>

#include "base/compat.h"
#include "counters/val_add.h"
#include "tables/table.h"
#include "tables/views.h"

struct tpstat_dev_key {
	u64 ns_cookie;
	u32 ns_inum;
	u32 ifindex;
} __aligned(8);

/* Each *_PACKETS is followed by its *_BYTES (tpstat_record_dev()). */
enum {
	TPSTAT_DEV_TX_PACKETS, TPSTAT_DEV_TX_BYTES, TPSTAT_DEV_RX_PACKETS,
	TPSTAT_DEV_RX_BYTES, TPSTAT_DEV_XMIT_ERRORS, TPSTAT_DEV_XMIT_TIMEOUTS,
	TPSTAT_DEV_GRO, TPSTAT_DEV_NAPI_POLLS, TPSTAT_DEV_NAPI_WORK,
	TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED, TPSTAT_DEV_NR
};

/*
 * Packet events come from a few devices, so the table keeps hints
 * (table.h), TPSTAT_TABLE_HINTS per CPU: where a device's entry was last
 * found.  They spare a packet the hash and the probing.  The entry a
 * hint leads to is the device's while the device owns it: its owner
 * word holds the device's address.
 *
 * The device's address picks its hint.  Its ifindex would not: each
 * namespace numbers its devices from 1, so a veth pair made between two
 * namespaces, or every container's eth0, share one index, and two
 * devices that share a hint take it from each other on every packet.
 * The low 32 bits of the address hold what differs between devices,
 * hashed on x86-64 (a multiply by a constant and a shift).  ARM's
 * multiply takes its constant in two moves, and a bit-field extract is
 * one instruction: there the hint is the address's bits just above a
 * net_device's alignment.  A net_device is a kmalloc() object of its
 * size class (alloc_netdev_mqs()), aligned to that size: the bits above
 * it differ between devices, between a pair made one after the other
 * first.  A device with a private area that takes it to the next class
 * is aligned to that one, and picks among half the hints.
 */
#if defined(CONFIG_ARM64) || defined(CONFIG_ARM)
#define TPSTAT_DEV_HINT_SHIFT \
	ilog2(roundup_pow_of_two(sizeof(struct net_device)))

static inline unsigned int tpstat_dev_hint(const struct net_device *dev)
{
	return ((unsigned long)dev >> TPSTAT_DEV_HINT_SHIFT) &
	       (TPSTAT_TABLE_HINTS - 1);
}
#else
static inline unsigned int tpstat_dev_hint(const struct net_device *dev)
{
	return hash_32((u32)(unsigned long)dev, TPSTAT_TABLE_HINT_BITS);
}
#endif

/* Hint @i on this CPU, in the live generation (never NULL: table.h). */
static __always_inline struct tpstat_slot_hdr *
tpstat_dev_hinted(unsigned long i)
{
	struct tpstat_table_hints __percpu *hints =
		READ_ONCE(tpstat_views_live_dev_hints);

	return this_cpu_read(hints->slot[i]);
}

/*
 * Whether @s holds @dev's entry.  An entry is owned only while its
 * device is up and registered in the namespace its key names, and the
 * device gives it back before it could be freed, or move to another
 * namespace and index (views/devices.c): so comparing the address is
 * exact, where an address alone would not be (a freed device's may come
 * back as another namespace's).
 */
static __always_inline bool tpstat_dev_holds(const struct tpstat_slot_hdr *s,
					     const struct net_device *dev)
{
	return tpstat_slot_owned_by(s, dev);
}

static __always_inline atomic64_t *tpstat_dev_slot_vals(struct tpstat_slot_hdr *s)
{
	return tpstat_slot_vals_after(s, sizeof(struct tpstat_dev_key));
}

/*
 * n to value @val; with @packet, 1 to @val and n to the next.  n is one
 * packet's bytes or 1: under 4 GB.
 */
static __always_inline void tpstat_dev_add(atomic64_t *vals, unsigned int val,
					   u64 n, bool packet)
{
	if (packet) {
		tpstat_val_inc(&vals[val]);
		val++;
	}
	tpstat_val_add32(&vals[val], n);
}

static __always_inline void tpstat_dev_add_napi(atomic64_t *vals, int work,
						int budget)
{
	tpstat_val_inc(&vals[TPSTAT_DEV_NAPI_POLLS]);
	tpstat_val_add(&vals[TPSTAT_DEV_NAPI_WORK], work);
	if (work >= budget)
		tpstat_val_inc(&vals[TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED]);
}

/*
 * The same where hint @hint missed, out of line (views/devices.c), in
 * the live generation's table.  The probe calls them last, so it keeps
 * nothing across the call, and its hit costs no saved register.  Where
 * a long is 64 bits, the device and the byte count come last: that is
 * where net_dev_xmit's arguments hold them (x86-64's fourth and fifth),
 * and napi_poll's work and budget where it has them, so the probe moves
 * none of them before its hit.  Where it is 32, a fifth argument would
 * go on the stack (32-bit ARM's), and the probe would make room for it
 * on every event: there @val carries @packet as TPSTAT_DEV_ADD_PACKET
 * (both are constants where the probe calls it), and n, one packet's
 * bytes or 1, is 32 bits.
 */
#define TPSTAT_DEV_ADD_PACKET	0x100U
static_assert(TPSTAT_DEV_NR <= TPSTAT_DEV_ADD_PACKET);
#if BITS_PER_LONG == 64
void tpstat_dev_add_slow(unsigned long hint, unsigned int val, bool packet,
			 const struct net_device *dev, u64 n);
#define tpstat_dev_add_slow_call(hint, val, packet, dev, n)		\
	tpstat_dev_add_slow(hint, val, packet, dev, n)
#else
void tpstat_dev_add_slow(unsigned long hint, unsigned int val, u32 n,
			 const struct net_device *dev);
#define tpstat_dev_add_slow_call(hint, val, packet, dev, n)		\
	tpstat_dev_add_slow(hint,					\
			    (val) | ((packet) ? TPSTAT_DEV_ADD_PACKET : 0), \
			    n, dev)
#endif
void tpstat_dev_add_napi_slow(unsigned long hint, const struct net_device *dev,
			      int work, int budget);

/*
 * A device update in the live views: n to @dev's value @val; with
 * @packet, 1 to @val and n to the next.  @dev is never NULL: every
 * tracepoint that records one names it in its own event (dev->name,
 * skb->dev->name).
 */
static __always_inline void tpstat_record_dev(const struct net_device *dev,
					      unsigned int val, u64 n,
					      bool packet)
{
	unsigned long hint = tpstat_dev_hint(dev);
	struct tpstat_slot_hdr *s = tpstat_dev_hinted(hint);

	if (likely(tpstat_dev_holds(s, dev)))
		tpstat_dev_add(tpstat_dev_slot_vals(s), val, n, packet);
	else
		tpstat_dev_add_slow_call(hint, val, packet, dev, n);
}

/* A NAPI poll of @dev that did @work of @budget. */
static __always_inline void tpstat_record_napi(const struct net_device *dev,
					       int work, int budget)
{
	unsigned long hint = tpstat_dev_hint(dev);
	struct tpstat_slot_hdr *s = tpstat_dev_hinted(hint);

	if (likely(tpstat_dev_holds(s, dev)))
		tpstat_dev_add_napi(tpstat_dev_slot_vals(s), work, budget);
	else
		tpstat_dev_add_napi_slow(hint, dev, work, budget);
}

#endif /* _TPSTAT_VIEWS_DEVICES_H */
