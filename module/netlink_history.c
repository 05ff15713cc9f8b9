// SPDX-License-Identifier: GPL-2.0
/*
 * GET_HISTORY: the recorder's intervals (recorder.h), oldest first, one
 * message per value that moved and one for an interval in which none
 * did.  cb->args[0]: the interval being sent; [1]: its values sent;
 * [2], [3]: a refusal (netlink.h).  Each call looks the interval up
 * again: one the ring dropped meanwhile is skipped, and HISTORY_LOST
 * says how many it has dropped.
 */
#include <net/genetlink.h>
#include <net/net_namespace.h>
#include <net/sock.h>

#include "netlink.h"
#include "recorder.h"
#include "report.h"

int tpstat_nl_history_start(struct netlink_callback *cb)
{
	int err;

	err = tpstat_nl_start_reserved_ok(cb, 2);
	if (err || tpstat_nl_refusing(cb, 2))
		return err;
	/* Namespaces' own counters (netns_counts.h) are not recorded. */
	if (!net_eq(sock_net(cb->skb->sk), &init_net))
		return tpstat_nl_refuse(cb, 2, -EOPNOTSUPP,
					TPSTAT_MSG("history records the initial namespace's counters only"));
	if (!tpstat_recorder_on())
		return tpstat_nl_refuse(cb, 2, -EOPNOTSUPP,
					TPSTAT_MSG("the recorder is off (module parameter history=0)"));
	cb->args[0] = 0;
	cb->args[1] = 0;
	return 0;
}

/* One message: the interval's attributes, then a value's (@name set). */
static int tpstat_nl_put_change(struct sk_buff *skb,
				struct netlink_callback *cb,
				const struct tpstat_interval *iv,
				const char *name, u64 change, u32 event)
{
	void *hdr;

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &tpstat_genl_family, NLM_F_MULTI,
			  TPSTAT_CMD_GET_HISTORY);
	if (!hdr)
		return -EMSGSIZE;
	if (nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_SEQ, iv->seq,
			      TPSTAT_A_PAD) ||
	    nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_START, iv->start_ns,
			      TPSTAT_A_PAD) ||
	    nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_DURATION, iv->duration_ns,
			      TPSTAT_A_PAD) ||
	    nla_put_u32(skb, TPSTAT_A_HISTORY_FLAGS, iv->flags) ||
	    nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_LOST,
			      tpstat_recorder_lost(), TPSTAT_A_PAD) ||
	    (name &&
	     (nla_put_string(skb, TPSTAT_A_COUNTER_NAME, name) ||
	      nla_put_u64_64bit(skb, TPSTAT_A_COUNTER_VALUE, change,
				TPSTAT_A_PAD) ||
	      nla_put_u32(skb, TPSTAT_A_EVENT_ID, event)))) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

/* What of @iv is not sent yet: 0 once it all is. */
static int tpstat_nl_put_interval(struct sk_buff *skb,
				  struct netlink_callback *cb,
				  const struct tpstat_interval *iv)
{
	struct tpstat_interval_cursor c;
	char name[TPSTAT_KEY_MAX];
	unsigned int slot, i = 0;
	u64 change;
	int err;

	if (!iv->nr)
		return tpstat_nl_put_change(skb, cb, iv, NULL, 0, 0);
	tpstat_interval_values(iv, &c);
	while (tpstat_interval_value(&c, &slot, &change)) {
		if (i++ < cb->args[1])
			continue;
		tpstat_slot_name(slot, name, sizeof(name));
		err = tpstat_nl_put_change(skb, cb, iv, name, change,
					   tpstat_slot_event(slot));
		if (err)
			return err;
		cb->args[1]++;
	}
	return 0;
}

int tpstat_nl_history_dump(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct tpstat_interval iv;
	int err;

	err = tpstat_nl_refused(cb, 2);
	if (err)
		return err;
	tpstat_recorder_lock();
	while (tpstat_recorder_find(cb->args[0], &iv)) {
		if (iv.seq != cb->args[0]) {
			cb->args[0] = iv.seq;
			cb->args[1] = 0;
		}
		err = tpstat_nl_put_interval(skb, cb, &iv);
		if (err)
			break;
		cb->args[0]++;
		cb->args[1] = 0;
	}
	tpstat_recorder_unlock();
	return err && !skb->len ? err : skb->len;
}
