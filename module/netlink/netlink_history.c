// SPDX-License-Identifier: GPL-2.0
/*
 * GET_HISTORY: the recorder's intervals (recorder.h), oldest first, one
 * message per value that moved and one for an interval in which none
 * did; then its views intervals (recorder_views.h), one message per key
 * kept and one with what moved outside them.  In another namespace, that
 * namespace's own history (netns_counts.h), to anyone in it, as its own
 * counters are: no views intervals, whose keys were ranked among every
 * namespace's.  Each call looks its place up again: what the ring
 * dropped meanwhile is skipped, and HISTORY_LOST says how much it has
 * dropped.
 *
 * cb->args[0]: the interval being sent; [1]: its messages sent; [2],
 * [3]: a refusal (netlink.h); [4]: TPSTAT_HIST_VIEWS once at the views,
 * TPSTAT_HIST_ADMIN for a reader with CAP_NET_ADMIN, TPSTAT_HIST_NETNS
 * in a namespace other than the initial one; [5]: the view.
 */
#include <net/genetlink.h>
#include <net/net_namespace.h>
#include <net/sock.h>

#include "base/compat.h"
#include "control/report.h"
#include "history/recorder.h"
#include "history/recorder_views.h"
#include "netlink/netlink.h"
#include "probes/netns_counts.h"
#include "tables/view_type.h"

#define TPSTAT_HIST_VIEWS	1
#define TPSTAT_HIST_ADMIN	2
#define TPSTAT_HIST_NETNS	4

static int tpstat_nl_history_any(const struct tpstat_history *h, void *arg)
{
	return 0;
}

int tpstat_nl_history_start(struct netlink_callback *cb)
{
	struct net *net = sock_net(cb->skb->sk);
	int err;

	err = tpstat_nl_start_reserved_ok(cb, 2);
	if (err || tpstat_nl_refusing(cb, 2))
		return err;
	if (!tpstat_recorder_on())
		return tpstat_nl_refuse(cb, 2, -EOPNOTSUPP,
					TPSTAT_MSG("the recorder is off (module parameter history=0)"));
	cb->args[0] = 0;
	cb->args[1] = 0;
	cb->args[4] = netlink_net_capable(cb->skb, CAP_NET_ADMIN) ?
		      TPSTAT_HIST_ADMIN : 0;
	cb->args[5] = 0;
	if (net_eq(net, &init_net))
		return 0;
	/* Looked up again at each call: it may stop counting meanwhile. */
	if (tpstat_netns_history_read(net, tpstat_nl_history_any, NULL))
		return tpstat_nl_refuse(cb, 2, -EOPNOTSUPP,
					TPSTAT_MSG("this namespace counts nothing yet, so it has no history: its root starts its counters, and their history, by setting its filter (SET_FILTER, with or without fields)"));
	cb->args[4] |= TPSTAT_HIST_NETNS | TPSTAT_HIST_VIEWS;
	return 0;
}

/* A message's start: the interval's attributes; NULL if it does not fit. */
static void *tpstat_nl_history_msg(struct sk_buff *skb,
				   struct netlink_callback *cb, u64 seq,
				   u64 start_ns, u64 duration_ns, u32 flags,
				   u64 lost)
{
	void *hdr;

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &tpstat_genl_family, NLM_F_MULTI,
			  TPSTAT_CMD_GET_HISTORY);
	if (!hdr)
		return NULL;
	if (nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_SEQ, seq, TPSTAT_A_PAD) ||
	    nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_START, start_ns,
			      TPSTAT_A_PAD) ||
	    nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_DURATION, duration_ns,
			      TPSTAT_A_PAD) ||
	    nla_put_u32(skb, TPSTAT_A_HISTORY_FLAGS, flags) ||
	    nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_LOST, lost, TPSTAT_A_PAD)) {
		genlmsg_cancel(skb, hdr);
		return NULL;
	}
	return hdr;
}

static int tpstat_nl_history_end(struct sk_buff *skb, void *hdr, int err)
{
	if (err) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

/* One message of @iv: a value's change (@name set), or none. */
static int tpstat_nl_put_change(struct sk_buff *skb,
				struct netlink_callback *cb,
				const struct tpstat_interval *iv, u64 lost,
				const char *name, u64 change, u32 event)
{
	void *hdr = tpstat_nl_history_msg(skb, cb, iv->seq, iv->start_ns,
					  iv->duration_ns, iv->flags, lost);

	if (!hdr)
		return -EMSGSIZE;
	return tpstat_nl_history_end(skb, hdr, name &&
		(nla_put_string(skb, TPSTAT_A_COUNTER_NAME, name) ||
		 nla_put_u64_64bit(skb, TPSTAT_A_COUNTER_VALUE, change,
				   TPSTAT_A_PAD) ||
		 nla_put_u32(skb, TPSTAT_A_EVENT_ID, event)));
}

/* What of @iv is not sent yet: 0 once it all is. */
static int tpstat_nl_put_interval(struct sk_buff *skb,
				  struct netlink_callback *cb,
				  const struct tpstat_interval *iv, u64 lost)
{
	struct tpstat_interval_cursor c;
	char name[TPSTAT_KEY_MAX];
	unsigned int slot, i = 0;
	u64 change;
	int err;

	if (!iv->nr)
		return tpstat_nl_put_change(skb, cb, iv, lost, NULL, 0, 0);
	tpstat_interval_values(iv, &c);
	while (tpstat_interval_value(&c, &slot, &change)) {
		if (i++ < cb->args[1])
			continue;
		tpstat_slot_name(slot, name, sizeof(name));
		err = tpstat_nl_put_change(skb, cb, iv, lost, name, change,
					   tpstat_slot_event(slot));
		if (err)
			return err;
		cb->args[1]++;
	}
	return 0;
}

/* Where a dump's call puts @h's intervals. */
struct tpstat_nl_history_out {
	struct sk_buff *skb;
	struct netlink_callback *cb;
};

static int tpstat_nl_history_counters(const struct tpstat_history *h,
				      void *arg)
{
	struct tpstat_nl_history_out *out = arg;
	struct netlink_callback *cb = out->cb;
	struct tpstat_interval iv;
	int err;

	while (tpstat_history_find(h, cb->args[0], &iv)) {
		if (iv.seq != cb->args[0]) {
			cb->args[0] = iv.seq;
			cb->args[1] = 0;
		}
		err = tpstat_nl_put_interval(out->skb, cb, &iv, h->ring.lost);
		if (err)
			return err;
		cb->args[0]++;
		cb->args[1] = 0;
	}
	return 0;
}

/*
 * Whether the reader may see @vi's key @i: with CAP_NET_ADMIN, every
 * key; without, as GET_VIEW would show it, its own namespace's keys of
 * an open view.
 */
static bool tpstat_nl_history_visible(const struct tpstat_view_interval *vi,
				      u32 i, bool admin, u64 own)
{
	const struct tpstat_view_type *type = tpstat_view_type(vi->view);
	const u8 *key = tpstat_view_interval_key(vi, i);

	if (admin)
		return true;
	if (type->privacy == TPSTAT_VIEW_PRIVATE)
		return false;
	return type->ns_offset < 0 || *(const u64 *)(key + type->ns_offset) == own;
}

/* One message of @vi: its key @i, or at @i == nr, what moved outside. */
static int tpstat_nl_put_view_row(struct sk_buff *skb,
				  struct netlink_callback *cb,
				  const struct tpstat_view_interval *vi, u32 i)
{
	void *hdr = tpstat_nl_history_msg(skb, cb, vi->seq, vi->start_ns,
					  vi->duration_ns, vi->flags,
					  tpstat_recorder_views_lost());
	int err;

	if (!hdr)
		return -EMSGSIZE;
	err = nla_put_u32(skb, TPSTAT_A_VIEW, vi->view);
	if (!err && i < vi->nr)
		err = tpstat_put_view_key(skb, tpstat_view_type(vi->view),
					  tpstat_view_interval_key(vi, i),
					  tpstat_view_interval_vals(vi, i));
	else if (!err)
		err = nla_put_u64_64bit(skb, TPSTAT_A_HISTORY_REST, vi->rest,
					TPSTAT_A_PAD);
	return tpstat_nl_history_end(skb, hdr, err);
}

static int tpstat_nl_put_view_interval(struct sk_buff *skb,
				       struct netlink_callback *cb,
				       const struct tpstat_view_interval *vi)
{
	bool admin = cb->args[4] & TPSTAT_HIST_ADMIN;
	u64 own = tpstat_net_cookie(&init_net);
	/* The rest says what others' keys did: the administrator's only. */
	u32 end = admin ? vi->nr + 1 : vi->nr;
	int err;

	for (; cb->args[1] < end; cb->args[1]++) {
		if (cb->args[1] < vi->nr &&
		    !tpstat_nl_history_visible(vi, cb->args[1], admin, own))
			continue;
		err = tpstat_nl_put_view_row(skb, cb, vi, cb->args[1]);
		if (err)
			return err;
	}
	return 0;
}

static int tpstat_nl_history_views(struct sk_buff *skb,
				   struct netlink_callback *cb)
{
	struct tpstat_view_interval vi;
	int err;

	while (tpstat_recorder_views_find(cb->args[0], cb->args[5], &vi)) {
		if (vi.seq != cb->args[0] || vi.view != cb->args[5]) {
			cb->args[0] = vi.seq;
			cb->args[5] = vi.view;
			cb->args[1] = 0;
		}
		err = tpstat_nl_put_view_interval(skb, cb, &vi);
		if (err)
			return err;
		cb->args[5]++;
		cb->args[1] = 0;
	}
	return 0;
}

int tpstat_nl_history_dump(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct tpstat_nl_history_out out = { skb, cb };
	int err;

	err = tpstat_nl_refused(cb, 2);
	if (err)
		return err;
	if (cb->args[4] & TPSTAT_HIST_NETNS) {
		err = tpstat_netns_history_read(sock_net(cb->skb->sk),
						tpstat_nl_history_counters,
						&out);
		/* It stopped counting: its history went with its counters. */
		if (err == -ENOENT)
			err = 0;
		return err && !skb->len ? err : skb->len;
	}
	tpstat_recorder_lock();
	if (!(cb->args[4] & TPSTAT_HIST_VIEWS)) {
		err = tpstat_nl_history_counters(tpstat_recorder_history(),
						 &out);
		if (!err) {
			cb->args[4] |= TPSTAT_HIST_VIEWS;
			cb->args[0] = 0;
			cb->args[1] = 0;
		}
	}
	if (!err)
		err = tpstat_nl_history_views(skb, cb);
	tpstat_recorder_unlock();
	return err && !skb->len ? err : skb->len;
}
