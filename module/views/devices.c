// SPDX-License-Identifier: GPL-2.0
/*
 * DEVICES: packets, bytes, errors, GRO and NAPI work per device
 * (uapi/linux/tpstat.h).  Its probes are the net and napi tracepoints'
 * (probes.c), which record inline (record/devices.h); the lookup that
 * misses the hint is here.  Open: a reader without CAP_NET_ADMIN gets
 * its own namespace's devices.
 *
 * debugfs: netns dev tx_packets tx_bytes rx_packets rx_bytes xmit_errors
 * xmit_timeouts gro napi_polls napi_work napi_budget_exhausted.
 */
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/seq_file.h>

#include "format/nlput.h"
#include "format/view_fmt.h"
#include "base/params.h"
#include "record/devices.h"
#include "record/record.h"
#include "tables/view_type.h"

/* Its values, and the owner word of a hinted table (table.h) as one more. */
tpstat_view_keys_param(device_keys, 64, 262144,
		       tpstat_dev_key, TPSTAT_DEV_NR + 1,
		       "Devices view: devices kept");

/*
 * The hint missed: find (or insert) the device's entry, and, if the
 * device may own it, give it and remember it; NULL if it is lost (the
 * table counts it).
 *
 * A device owns its entry while it is up and registered.  Closing it
 * before it is unregistered, or moved to another namespace (where its
 * ifindex may change), comes before a synchronize_net() in both, and the
 * NETDEV_UNREGISTER that both then send takes back the entry of the key
 * it still has (tpstat_devices_event()); the device is not opened again
 * before it is in its new namespace.  So everything from the look at the key to the
 * owner written is one pinned section: the grace period waits for one
 * that saw the device up, and one that starts after it sees it down.
 */
static bool tpstat_dev_may_own(const struct net_device *dev)
{
	return dev->reg_state == NETREG_REGISTERED && netif_running(dev);
}

static void tpstat_dev_key_of(struct tpstat_dev_key *key,
			      const struct net_device *dev)
{
	memset(key, 0, sizeof(*key));
	tpstat_key_ns(key, tpstat_dev_net(dev));
	key->ifindex = dev->ifindex;
}

static struct tpstat_slot_hdr *tpstat_dev_slot(unsigned long hint,
					       const struct net_device *dev)
{
	struct tpstat_table *t;
	struct tpstat_dev_key key;
	struct tpstat_slot_hdr *s;

	tpstat_probe_pin();
	t = &tpstat_views_hot()->table[TPSTAT_VIEW_DEVICES];
	tpstat_dev_key_of(&key, dev);
	s = tpstat_table_find(t, &key);
	if (s && tpstat_dev_may_own(dev)) {
		tpstat_slot_set_owner(s, dev);
		tpstat_table_set_hint(t, hint, s);
	}
	tpstat_probe_unpin();
	return s;
}

#if BITS_PER_LONG == 64
notrace void tpstat_dev_add_slow(unsigned long hint, unsigned int val,
				 bool packet, const struct net_device *dev,
				 u64 n)
#else
notrace void tpstat_dev_add_slow(unsigned long hint, unsigned int val, u32 n,
				 const struct net_device *dev)
#endif
{
	struct tpstat_slot_hdr *s = tpstat_dev_slot(hint, dev);
#if BITS_PER_LONG == 32
	const bool packet = val & TPSTAT_DEV_ADD_PACKET;

	val &= ~TPSTAT_DEV_ADD_PACKET;
#endif

	if (s)
		tpstat_dev_add(tpstat_dev_slot_vals(s), val, n, packet);
}

notrace void tpstat_dev_add_napi_slow(unsigned long hint,
				      const struct net_device *dev, int work,
				      int budget)
{
	struct tpstat_slot_hdr *s = tpstat_dev_slot(hint, dev);

	if (s)
		tpstat_dev_add_napi(tpstat_dev_slot_vals(s), work, budget);
}

static int tpstat_devices_put(struct sk_buff *skb, const void *key,
			      const u64 *vals)
{
	const struct tpstat_dev_key *k = key;
	int i;

	if (nla_put_u32(skb, TPSTAT_A_IFINDEX, k->ifindex) ||
	    tpstat_put_ifname(skb, k->ns_cookie, k->ifindex))
		return -EMSGSIZE;
	for (i = 0; i < TPSTAT_DEV_NR; i++)
		if (tpstat_put_u64(skb, TPSTAT_A_TX_PACKETS + i, vals[i]))
			return -EMSGSIZE;
	return 0;
}

static void tpstat_devices_seq(struct seq_file *m, const void *key,
			       const u64 *v)
{
	const struct tpstat_dev_key *k = key;
	int i;

	seq_printf(m, "%u", k->ns_inum);
	tpstat_seq_dev(m, k->ns_cookie, k->ifindex);
	for (i = 0; i < TPSTAT_DEV_NR; i++)
		seq_printf(m, " %llu", v[i]);
}

/* The recorder ranks a device by its packets and its errors. */
static u64 tpstat_devices_moved(const u64 *change)
{
	return change[TPSTAT_DEV_TX_PACKETS] + change[TPSTAT_DEV_RX_PACKETS] +
	       change[TPSTAT_DEV_XMIT_ERRORS] + change[TPSTAT_DEV_XMIT_TIMEOUTS];
}

/* The entry @dev may own in each generation, back (tpstat_dev_slot()). */
static int tpstat_devices_event(struct notifier_block *nb,
				unsigned long event, void *ptr)
{
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);
	struct tpstat_dev_key key;
	struct tpstat_table *t;
	unsigned int g;

	if (event != NETDEV_UNREGISTER)
		return NOTIFY_DONE;
	/* Still the key it had while up: a move changes it after this. */
	tpstat_dev_key_of(&key, dev);
	for (g = 0; g < TPSTAT_VIEWS_GENS; g++) {
		t = tpstat_views_gen_table(g, TPSTAT_VIEW_DEVICES);
		tpstat_table_forget(t, &key, dev);
	}
	return NOTIFY_DONE;
}

static struct notifier_block tpstat_devices_notifier = {
	.notifier_call = tpstat_devices_event,
};

static int tpstat_devices_init(void)
{
	return register_netdevice_notifier(&tpstat_devices_notifier);
}

static void tpstat_devices_exit(void)
{
	unregister_netdevice_notifier(&tpstat_devices_notifier);
}

const struct tpstat_view_type tpstat_view_devices = {
	TPSTAT_VIEW_WRITERS(devices),
	.columns = "netns dev tx_packets tx_bytes rx_packets rx_bytes xmit_errors xmit_timeouts gro napi_polls napi_work napi_budget_exhausted",
	.privacy = TPSTAT_VIEW_OPEN,
	TPSTAT_VIEW_TABLE(tpstat_dev_key, TPSTAT_DEV_NR, device_keys),
	.moved = tpstat_devices_moved,
	.hints = true,
	.init = tpstat_devices_init,
	.exit = tpstat_devices_exit,
};
