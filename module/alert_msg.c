// SPDX-License-Identifier: GPL-2.0
/*
 * ALERT and ALERTS_LOST messages (uapi/linux/tpstat.h), built by the
 * monitor's work in process context.
 */
#include <net/genetlink.h>

#include "alerts.h"
#include "netlink.h"
#include "nlput.h"

/* A message's room: the longest alert is a drop's, with its location. */
#define TPSTAT_ALERT_MSG_SIZE	512

static int tpstat_alert_put_key(struct sk_buff *skb,
				const struct tpstat_alert_key *k)
{
	switch (k->kind) {
	case TPSTAT_ALERT_DROPS:
		return tpstat_put_drop_site(skb, k->location, k->reason) ||
		       nla_put_u32(skb, TPSTAT_A_IFINDEX, k->ifindex) ||
		       tpstat_put_ifname(skb, k->ns_cookie, k->ifindex);
	case TPSTAT_ALERT_RESETS:
		return nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		       nla_put_u16(skb, TPSTAT_A_SPORT, k->sport) ||
		       tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
		       (k->what == TPSTAT_A_RST_SENT &&
			tpstat_put_rst_reason(skb, k->reason));
	case TPSTAT_ALERT_RETRANS:
		return nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		       tpstat_put_addr(skb, TPSTAT_A_SADDR, k->family, k->saddr) ||
		       nla_put_u16(skb, TPSTAT_A_SPORT, k->sport) ||
		       tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
		       nla_put_u16(skb, TPSTAT_A_DPORT, k->dport) ||
		       nla_put_u8(skb, TPSTAT_A_NEW_STATE, k->new_state);
	case TPSTAT_ALERT_STATES:
		return nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		       nla_put_u8(skb, TPSTAT_A_OLD_STATE, k->old_state) ||
		       nla_put_u8(skb, TPSTAT_A_NEW_STATE, k->new_state);
	case TPSTAT_ALERT_ERRORS:
		return nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		       nla_put_u16(skb, TPSTAT_A_SPORT, k->sport) ||
		       tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
		       nla_put_u16(skb, TPSTAT_A_DPORT, k->dport) ||
		       nla_put_u32(skb, TPSTAT_A_ERRNO, k->reason);
	}
	return -EINVAL;
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
