// SPDX-License-Identifier: GPL-2.0
/*
 * DROPS: packets freed as drops, per location, reason and device
 * (uapi/linux/tpstat.h).  Its probe is skb:kfree_skb (probes.c);
 * recording runs in probe context, like it.  Open: a reader without
 * CAP_NET_ADMIN gets its own namespace's entries.
 *
 * debugfs: count location reason netns dev.
 */
#include <linux/netdevice.h>
#include <linux/seq_file.h>
#include <linux/skbuff.h>
#include <net/sock.h>

#include "alerts/alerts.h"
#include "base/compat.h"
#include "format/nlput.h"
#include "format/reasons.h"
#include "format/view_fmt.h"
#include "base/params.h"
#include "probes/skb_dev.h"
#include "record/drops.h"
#include "record/record.h"
#include "tables/view_type.h"

tpstat_view_keys_param(drop_keys, 256, 524288,
		       tpstat_drop_key, TPSTAT_DROP_NR,
		       "Drops view: distinct (location, reason, device) keys kept");

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
	tpstat_table_add(&v->table[TPSTAT_VIEW_DROPS], &key, TPSTAT_DROP_COUNT, 1);
}

static int tpstat_drops_put(struct sk_buff *skb, const void *key,
			    const u64 *vals)
{
	const struct tpstat_drop_key *k = key;

	if (tpstat_put_drop_site(skb, k->location, k->reason) ||
	    nla_put_u32(skb, TPSTAT_A_IFINDEX, k->ifindex) ||
	    tpstat_put_ifname(skb, k->ns_cookie, k->ifindex) ||
	    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_DROP_COUNT]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_drops_seq(struct seq_file *m, const void *key,
			     const u64 *v)
{
	const struct tpstat_drop_key *k = key;
	char loc[KSYM_SYMBOL_LEN], name[TPSTAT_REASON_NAME_LEN];

	seq_printf(m, "%llu %s", v[TPSTAT_DROP_COUNT],
		   tpstat_location_name(loc, k->location));
	if (TPSTAT_FEATURES & TPSTAT_F_DROP_REASON)
		tpstat_seq_reason(m, tpstat_drop_reason_name(k->reason, name),
				  k->reason);
	else
		seq_puts(m, " -");
	seq_printf(m, " %u", k->ns_inum);
	tpstat_seq_dev(m, k->ns_cookie, k->ifindex);
}

const struct tpstat_view_type tpstat_view_drops = {
	TPSTAT_VIEW_WRITERS(drops),
	.columns = "count location reason netns dev",
	.privacy = TPSTAT_VIEW_OPEN,
	TPSTAT_VIEW_TABLE(tpstat_drop_key, TPSTAT_DROP_NR, drop_keys),
};

/* A drop's alert: its site (location, reason) and device. */
static int tpstat_drops_alert_put(struct sk_buff *skb,
				  const struct tpstat_alert_key *k)
{
	return tpstat_put_drop_site(skb, k->location, k->reason) ||
	       nla_put_u32(skb, TPSTAT_A_IFINDEX, k->ifindex) ||
	       tpstat_put_ifname(skb, k->ns_cookie, k->ifindex);
}

const struct tpstat_alert_ops tpstat_drops_alert_ops = {
	.name = "drops",
	.put_key = tpstat_drops_alert_put,
};
