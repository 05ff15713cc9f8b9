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
#include <linux/seq_file.h>

#include "format/nlput.h"
#include "format/view_fmt.h"
#include "base/params.h"
#include "record/devices.h"
#include "record/record.h"
#include "tables/view_type.h"

tpstat_view_keys_param(device_keys, 64, 262144,
		       tpstat_dev_key, TPSTAT_DEV_NR,
		       "Devices view: devices kept");

/*
 * The hint missed: find (or insert) the device's entry, and remember it;
 * NULL if it is lost (the table counts it).
 */
static struct tpstat_slot_hdr *tpstat_dev_slot(struct tpstat_table *t,
					       const struct net_device *dev)
{
	struct tpstat_dev_key key = {};
	struct tpstat_slot_hdr *s;

	tpstat_key_ns(&key, tpstat_dev_net(dev));
	key.ifindex = dev->ifindex;
	s = tpstat_table_find(t, &key);
	if (s)
		tpstat_table_set_hint(t, tpstat_dev_hint(dev), s);
	return s;
}

notrace void tpstat_dev_add_slow(struct tpstat_table *t, unsigned int val,
				 bool packet, const struct net_device *dev,
				 u64 n)
{
	struct tpstat_slot_hdr *s = tpstat_dev_slot(t, dev);

	if (s)
		tpstat_dev_add(tpstat_dev_slot_vals(s), val, n, packet);
}

notrace void tpstat_dev_add_napi_slow(struct tpstat_table *t,
				      const struct net_device *dev, int work,
				      int budget)
{
	struct tpstat_slot_hdr *s = tpstat_dev_slot(t, dev);

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

const struct tpstat_view_type tpstat_view_devices = {
	TPSTAT_VIEW_WRITERS(devices),
	.columns = "netns dev tx_packets tx_bytes rx_packets rx_bytes xmit_errors xmit_timeouts gro napi_polls napi_work napi_budget_exhausted",
	.privacy = TPSTAT_VIEW_OPEN,
	TPSTAT_VIEW_TABLE(tpstat_dev_key, TPSTAT_DEV_NR, device_keys),
	.moved = tpstat_devices_moved,
	.hints = true,
};
