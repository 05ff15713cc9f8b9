// SPDX-License-Identifier: GPL-2.0
/*
 * ALERT and ALERTS_LOST messages (uapi/linux/tpstat.h), built by the
 * monitor's work in process context.
 */
#include <net/genetlink.h>

#include "alerts/alerts.h"
#include "format/nlput.h"
#include "netlink/netlink.h"

/* A message's room: the longest alert is a drop's, with its location. */
#define TPSTAT_ALERT_MSG_SIZE	512

const struct tpstat_alert_ops *const tpstat_alert_kinds[__TPSTAT_ALERT_CNT] = {
	[TPSTAT_ALERT_DROPS] = &tpstat_drops_alert_ops,
	[TPSTAT_ALERT_RESETS] = &tpstat_resets_alert_ops,
	[TPSTAT_ALERT_RETRANS] = &tpstat_retrans_alert_ops,
	[TPSTAT_ALERT_STATES] = &tpstat_states_alert_ops,
	[TPSTAT_ALERT_ERRORS] = &tpstat_errors_alert_ops,
};

/* The key's attributes, as its kind puts them; -EINVAL for no kind. */
static int tpstat_alert_put_key(struct sk_buff *skb,
				const struct tpstat_alert_key *k)
{
	if (k->kind >= __TPSTAT_ALERT_CNT || !tpstat_alert_kinds[k->kind])
		return -EINVAL;
	return tpstat_alert_kinds[k->kind]->put_key(skb, k);
}

struct sk_buff *tpstat_alert_msg(const struct tpstat_alert_key *k, u64 count)
{
	struct sk_buff *skb = genlmsg_new(TPSTAT_ALERT_MSG_SIZE, GFP_KERNEL);
	void *hdr;

	if (!skb)
		return NULL;
	hdr = genlmsg_put(skb, 0, 0, &tpstat_genl_family, 0, TPSTAT_CMD_ALERT);
	if (!hdr ||
	    nla_put_u8(skb, TPSTAT_A_ALERT_KIND, k->kind) ||
	    tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
	    tpstat_alert_put_key(skb, k) ||
	    tpstat_put_u64(skb, k->what, count)) {
		nlmsg_free(skb);
		return NULL;
	}
	genlmsg_end(skb, hdr);
	return skb;
}

struct sk_buff *tpstat_alert_lost_msg(enum tpstat_alert_kind kind,
				      u64 alerts, u64 events, u32 rate)
{
	struct sk_buff *skb = genlmsg_new(TPSTAT_ALERT_MSG_SIZE, GFP_KERNEL);
	void *hdr;

	if (!skb)
		return NULL;
	hdr = genlmsg_put(skb, 0, 0, &tpstat_genl_family, 0,
			  TPSTAT_CMD_ALERTS_LOST);
	if (!hdr ||
	    nla_put_u8(skb, TPSTAT_A_ALERT_KIND, kind) ||
	    tpstat_put_u64(skb, TPSTAT_A_ALERTS_LOST, alerts) ||
	    tpstat_put_u64(skb, TPSTAT_A_EVENTS_LOST, events) ||
	    nla_put_u32(skb, TPSTAT_A_ALERT_RATE, rate)) {
		nlmsg_free(skb);
		return NULL;
	}
	genlmsg_end(skb, hdr);
	return skb;
}
