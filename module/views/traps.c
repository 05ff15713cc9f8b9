// SPDX-License-Identifier: GPL-2.0
/*
 * TRAPS: hardware drops (dropwatch's hw mode), per devlink device and
 * trap (uapi/linux/tpstat.h).  Its probe is devlink:devlink_trap_report
 * (probes.c); recording runs in probe context, like it.  Private, and
 * read in the initial namespace only: a devlink instance may be another
 * namespace's, and the keys cannot tell.
 *
 * debugfs: count devlink group trap.
 */
#include <linux/device.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <net/devlink.h>

#include "base/compat.h"
#include "format/nlput.h"
#include "netlink/netlink.h"
#include "base/params.h"
#include "record/record.h"
#include "tables/view_type.h"

#define TPSTAT_TRAP_NAME_MAX	40
struct tpstat_trap_key {
	char bus[16];
	char device[32];
	char trap[TPSTAT_TRAP_NAME_MAX];
	char group[TPSTAT_TRAP_NAME_MAX];
} __aligned(8);

enum { TPSTAT_TRAP_COUNT, TPSTAT_TRAP_NR };

tpstat_view_keys_param(trap_keys, 64, 131072,
		       tpstat_trap_key, TPSTAT_TRAP_NR,
		       "Traps view: distinct (devlink device, trap) keys kept");

#ifdef TPSTAT_HAVE_TP_DEVLINK_TRAP_REPORT
static notrace void tpstat_record_trap(struct tpstat_views *v,
				       const struct devlink *devlink,
				       const struct devlink_trap_metadata *meta)
{
	struct device *dev = devlink_to_dev(devlink);
	struct tpstat_trap_key key = {};

	strscpy(key.bus, dev_bus_name(dev), sizeof(key.bus));
	strscpy(key.device, dev_name(dev), sizeof(key.device));
	strscpy(key.trap, meta->trap_name, sizeof(key.trap));
	strscpy(key.group, meta->trap_group_name, sizeof(key.group));
	tpstat_table_add(&v->table[TPSTAT_VIEW_TRAPS], &key, TPSTAT_TRAP_COUNT, 1);
}

/* devlink:devlink_trap_report: every trapped packet is the view's. */
notrace void tpstat_feed_devlink_trap_report(const struct devlink *devlink,
					     const struct devlink_trap_metadata *meta)
{
	struct tpstat_views *v = tpstat_views(TPSTAT_VIEW_TRAPS);

	if (v)
		tpstat_record_trap(v, devlink, meta);
}
#endif

static int tpstat_traps_put(struct sk_buff *skb, const void *key,
			    const u64 *vals)
{
	const struct tpstat_trap_key *k = key;
	char dev[sizeof(k->bus) + sizeof(k->device) + 1];

	snprintf(dev, sizeof(dev), "%s/%s", k->bus, k->device);
	if (nla_put_string(skb, TPSTAT_A_DEVLINK, dev) ||
	    nla_put_string(skb, TPSTAT_A_TRAP, k->trap) ||
	    nla_put_string(skb, TPSTAT_A_TRAP_GROUP, k->group) ||
	    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_TRAP_COUNT]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_traps_seq(struct seq_file *m, const void *key,
			     const u64 *v)
{
	const struct tpstat_trap_key *k = key;

	seq_printf(m, "%llu %s/%s %s %s", v[TPSTAT_TRAP_COUNT], k->bus,
		   k->device, k->group, k->trap);
}

const struct tpstat_view_type tpstat_view_traps = {
	TPSTAT_VIEW_WRITERS(traps),
	.columns = "count devlink group trap",
	.privacy = TPSTAT_VIEW_PRIVATE,
	.key_size = sizeof(struct tpstat_trap_key),
	.nr_vals = TPSTAT_TRAP_NR,
	.keys = &trap_keys,
	.ns_offset = -1,
};
