// SPDX-License-Identifier: GPL-2.0
/*
 * GET_VIEW, SET_FILTER and GET_FILTER (uapi/linux/tpstat.h).
 *
 * A view dump works on a copy taken at its start (viewread.h); the first
 * message says how full the table is and how many updates it lost, then
 * one message per entry.  The cursor moves only after an entry was
 * written.
 */
#include <linux/capability.h>
#include <linux/slab.h>
#include <net/genetlink.h>
#include <net/sock.h>

#include "compat.h"
#include "control.h"
#include "filter.h"
#include "netlink.h"
#include "netns_counts.h"
#include "nlput.h"
#include "probes_auth.h"
#include "registry.h"
#include "viewread.h"

/*
 * Views that name sockets, addresses, ports or tasks (and TRAPS, whose
 * devlink instances may be another namespace's and whose keys cannot
 * tell): CAP_NET_ADMIN over the caller's namespace (uapi/linux/tpstat.h,
 * "Who may do what").
 */
static bool tpstat_view_private(enum tpstat_view view)
{
	return view == TPSTAT_VIEW_RETRANS || view == TPSTAT_VIEW_RESETS ||
	       view == TPSTAT_VIEW_LIFETIMES || view == TPSTAT_VIEW_ERRORS ||
	       view == TPSTAT_VIEW_RCVQ ||
	       view == TPSTAT_VIEW_NEIGH ||
	       view == TPSTAT_VIEW_AUTH ||
	       view == TPSTAT_VIEW_TRAPS;
}

/*
 * A namespace other than the initial one reads only its own entries,
 * where a view's keys name the namespace.
 */
static bool tpstat_view_per_netns(enum tpstat_view view)
{
	enum tpstat_table_id table = tpstat_view_table(view);

	return table < TPSTAT_NR_TABLES && tpstat_table_netns_offset(table) >= 0;
}

/*
 * A reader of one namespace's entries learns what that namespace lost
 * (table.h, quotas), not what every namespace did.
 */
static u64 tpstat_view_ns_overflow(enum tpstat_view view, u64 ns_cookie)
{
	struct tpstat_views *live;
	u64 lost;

	rcu_read_lock();
	live = rcu_dereference(tpstat_views_live);
	lost = tpstat_table_ns_overflow(&live->table[tpstat_view_table(view)],
					ns_cookie);
	rcu_read_unlock();
	return lost;
}

/*
 * Why the sender may not read @view, with *@err, or NULL; *@ns_cookie: the
 * namespace whose entries it gets (0: every one).
 */
static const char *tpstat_view_refusal(struct netlink_callback *cb,
				       enum tpstat_view view, u64 *ns_cookie,
				       int *err)
{
	struct net *net = sock_net(cb->skb->sk);

	*ns_cookie = 0;
	*err = -EOPNOTSUPP;
	if (!tpstat_view_on(view))
		return TPSTAT_MSG("this view is off: the module was loaded with views= without it");
	if (view == TPSTAT_VIEW_ERRORS &&
	    tpstat_event_state(TPSTAT_EV_INET_SK_ERROR_REPORT) == TPSTAT_STATE_MISSING)
		return TPSTAT_MSG("this view is unavailable: the kernel has no sock:inet_sk_error_report (5.14 on)");
	if (view == TPSTAT_VIEW_RCVQ &&
	    tpstat_event_state(TPSTAT_EV_UDP_FAIL_QUEUE_RCV_SKB) == TPSTAT_STATE_MISSING)
		return TPSTAT_MSG("this view is unavailable: the kernel has no udp:udp_fail_queue_rcv_skb");
	if (view == TPSTAT_VIEW_RCVQ &&
	    tpstat_event_state(TPSTAT_EV_SOCK_RCVQUEUE_FULL) == TPSTAT_STATE_MISSING)
		return TPSTAT_MSG("this view is unavailable: the kernel has no sock:sock_rcvqueue_full");
	if (view == TPSTAT_VIEW_NEIGH &&
	    (tpstat_event_state(TPSTAT_EV_NEIGH_UPDATE) == TPSTAT_STATE_MISSING ||
	     tpstat_event_state(TPSTAT_EV_NEIGH_TIMER_HANDLER) == TPSTAT_STATE_MISSING))
		return TPSTAT_MSG("this view is unavailable: the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler");
	if (view == TPSTAT_VIEW_AUTH && !tpstat_auth_available())
		return TPSTAT_MSG("this view is unavailable: the kernel has none of the TCP-MD5/AO failure tracepoints tcp:tcp_hash_* and tcp:tcp_ao_* (6.7 on)");
	if (!net_eq(net, &init_net)) {
		if (!tpstat_view_per_netns(view))
			return TPSTAT_MSG("this view is system-wide (its keys name no namespace): read it from the initial network namespace");
		*ns_cookie = tpstat_net_cookie(net);
	}
	/* CAP_NET_ADMIN over the namespace whose sockets are shown. */
	*err = -EPERM;
	if (netlink_net_capable(cb->skb, CAP_NET_ADMIN))
		return NULL;
	if (tpstat_view_private(view))
		return TPSTAT_MSG("this view names sockets, addresses, ports, tasks or devices of any namespace and needs CAP_NET_ADMIN");
	/*
	 * Unprivileged in the initial namespace: its own devices and drops
	 * only, as /proc/net/dev there shows them; never a container's.
	 */
	if (tpstat_view_per_netns(view))
		*ns_cookie = tpstat_net_cookie(net);
	return NULL;
}

/*
 * cb->args[0]: the copy; [1]: 0 before the first message, else entry + 1;
 * [2], [3]: a refusal (netlink.h).
 */
int tpstat_nl_view_start(struct netlink_callback *cb)
{
	struct nlattr **attrs = tpstat_dump_attrs(cb);
	struct tpstat_view_read *r;
	enum tpstat_view view;
	const char *why;
	u64 ns_cookie;
	int err;

	err = tpstat_nl_start_reserved_ok(cb, 2);
	if (err || tpstat_nl_refusing(cb, 2))
		return err;
	if (!attrs[TPSTAT_A_VIEW])
		return tpstat_nl_start_error(cb, 2, -EINVAL,
					     TPSTAT_MSG("a view (TPSTAT_A_VIEW) is required"));
	view = nla_get_u32(attrs[TPSTAT_A_VIEW]);
	why = tpstat_view_refusal(cb, view, &ns_cookie, &err);
	if (why)
		return tpstat_nl_refuse(cb, 2, err, why);
	r = tpstat_view_read(view, ns_cookie);
	if (!r)
		return -ENOMEM;
	if (ns_cookie && r->snap)
		r->snap->overflow = tpstat_view_ns_overflow(view, ns_cookie);
	cb->args[0] = (long)r;
	cb->args[1] = 0;
	return 0;
}

int tpstat_nl_view_done(struct netlink_callback *cb)
{
	tpstat_view_read_free((void *)cb->args[0]);
	return 0;
}

static int tpstat_put_hist(struct sk_buff *skb, const u64 *buckets,
			   size_t stride, u64 sum)
{
	struct nlattr *nest = nla_nest_start(skb, TPSTAT_A_HIST_BUCKETS);
	u64 count = 0;
	int b;

	if (!nest)
		return -EMSGSIZE;
	for (b = 0; b < TPSTAT_HIST_BUCKETS; b++) {
		u64 n = buckets[b * stride];

		if (!n)
			continue;
		count += n;
		/* Inside the nest, padding is type 0: type 1 is bucket 0. */
		if (nla_put_u64_64bit(skb, b + 1, n, TPSTAT_A_UNSPEC))
			return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	if (tpstat_put_u64(skb, TPSTAT_A_HIST_SUM, sum) ||
	    tpstat_put_u64(skb, TPSTAT_A_HIST_COUNT, count))
		return -EMSGSIZE;
	return 0;
}

/* A service port: the remote one (DPORT) of an active end, else SPORT. */
static int tpstat_put_service(struct sk_buff *skb, u8 direction, u16 port)
{
	return nla_put_u16(skb, direction == TPSTAT_DIRECTION_ACTIVE ?
			   TPSTAT_A_DPORT : TPSTAT_A_SPORT, port);
}

static int tpstat_put_keyed(struct sk_buff *skb, enum tpstat_view view,
			    const void *key, const u64 *vals)
{
	switch (view) {
	case TPSTAT_VIEW_DROPS: {
		const struct tpstat_drop_key *k = key;

		if (tpstat_put_drop_site(skb, k->location, k->reason) ||
		    tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u32(skb, TPSTAT_A_IFINDEX, k->ifindex) ||
		    tpstat_put_ifname(skb, k->ns_cookie, k->ifindex) ||
		    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_DROP_COUNT]))
			return -EMSGSIZE;
		return 0;
	}
	case TPSTAT_VIEW_TRAPS: {
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
	case TPSTAT_VIEW_RETRANS: {
		const struct tpstat_flow_key *k = key;

		if (tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		    tpstat_put_addr(skb, TPSTAT_A_SADDR, k->family, k->saddr) ||
		    nla_put_u16(skb, TPSTAT_A_SPORT, k->sport) ||
		    tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
		    nla_put_u16(skb, TPSTAT_A_DPORT, k->dport) ||
		    tpstat_put_u64(skb, TPSTAT_A_RETRANS,
				   vals[TPSTAT_FLOW_RETRANS]) ||
		    tpstat_put_u64(skb, TPSTAT_A_SYNACK_RETRANS,
				   vals[TPSTAT_FLOW_SYNACK]) ||
		    nla_put_u8(skb, TPSTAT_A_NEW_STATE, vals[TPSTAT_FLOW_STATE]))
			return -EMSGSIZE;
		return 0;
	}
	case TPSTAT_VIEW_RESETS: {
		const struct tpstat_reset_key *k = key;

		if (tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		    nla_put_u8(skb, TPSTAT_A_DIRECTION, k->direction) ||
		    tpstat_put_service(skb, k->direction, k->port) ||
		    tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->peer) ||
		    (vals[TPSTAT_RST_SENT] &&
		     tpstat_put_rst_reason(skb, k->reason)) ||
		    tpstat_put_u64(skb, TPSTAT_A_RST_SENT, vals[TPSTAT_RST_SENT]) ||
		    tpstat_put_u64(skb, TPSTAT_A_RST_RECEIVED,
				   vals[TPSTAT_RST_RECEIVED]))
			return -EMSGSIZE;
		return 0;
	}
	case TPSTAT_VIEW_LIFETIMES: {
		const struct tpstat_life_key *k = key;

		if (tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u8(skb, TPSTAT_A_DIRECTION, k->direction) ||
		    tpstat_put_service(skb, k->direction, k->port) ||
		    (k->comm[0] && nla_put_string(skb, TPSTAT_A_COMM, k->comm)) ||
		    tpstat_put_hist(skb, vals, 1, vals[TPSTAT_LIFE_SUM]))
			return -EMSGSIZE;
		return 0;
	}
	case TPSTAT_VIEW_ERRORS: {
		const struct tpstat_err_key *k = key;

		if (tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		    nla_put_u8(skb, TPSTAT_A_PROTOCOL, k->protocol) ||
		    nla_put_u32(skb, TPSTAT_A_ERRNO, k->err) ||
		    nla_put_u16(skb, k->remote ? TPSTAT_A_DPORT : TPSTAT_A_SPORT,
				k->port) ||
		    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_ERR_COUNT]))
			return -EMSGSIZE;
		return 0;
	}
	case TPSTAT_VIEW_RCVQ: {
		const struct tpstat_rcvq_key *k = key;

		if (tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		    nla_put_u8(skb, TPSTAT_A_PROTOCOL, k->protocol) ||
		    nla_put_u16(skb, TPSTAT_A_SPORT, k->port) ||
		    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_RCVQ_COUNT]) ||
		    nla_put_u32(skb, TPSTAT_A_RCVBUF, vals[TPSTAT_RCVQ_RCVBUF]))
			return -EMSGSIZE;
		return 0;
	}
	case TPSTAT_VIEW_NEIGH: {
		const struct tpstat_neigh_key *k = key;

		if (tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u32(skb, TPSTAT_A_IFINDEX, k->ifindex) ||
		    tpstat_put_ifname(skb, k->ns_cookie, k->ifindex) ||
		    nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		    tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
		    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_NEIGH_COUNT]))
			return -EMSGSIZE;
		return 0;
	}
	case TPSTAT_VIEW_AUTH: {
		const struct tpstat_auth_key *k = key;

		if (tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
		    tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->peer) ||
		    nla_put_u16(skb, TPSTAT_A_SPORT, k->lport) ||
		    nla_put_u8(skb, TPSTAT_A_AUTH_KIND, k->kind) ||
		    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_AUTH_COUNT]))
			return -EMSGSIZE;
		return 0;
	}
	case TPSTAT_VIEW_DEVICES: {
		const struct tpstat_dev_key *k = key;
		int i;

		if (tpstat_put_netns(skb, k->ns_inum, k->ns_cookie) ||
		    nla_put_u32(skb, TPSTAT_A_IFINDEX, k->ifindex) ||
		    tpstat_put_ifname(skb, k->ns_cookie, k->ifindex))
			return -EMSGSIZE;
		for (i = 0; i < TPSTAT_DEV_NR; i++)
			if (tpstat_put_u64(skb, TPSTAT_A_TX_PACKETS + i, vals[i]))
				return -EMSGSIZE;
		return 0;
	}
	default:
		return -EINVAL;
	}
}

static int tpstat_put_entry(struct sk_buff *skb,
			    const struct tpstat_view_read *r, u32 i)
{
	const u64 *s;

	if (r->snap)
		return tpstat_put_keyed(skb, r->view, tpstat_snap_key(r->snap, i),
					tpstat_snap_vals(r->snap, i));
	s = r->totals->slot;
	if (r->view == TPSTAT_VIEW_HISTS)
		return nla_put_string(skb, TPSTAT_A_HIST_NAME,
				      tpstat_hist_names[i]) ||
		       tpstat_put_hist(skb, &s[TPSTAT_SLOT_HIST(i, 0)], 1,
				       s[TPSTAT_SLOT_HIST_SUM(i)]);
	return nla_put_u8(skb, TPSTAT_A_OLD_STATE,
			  TPSTAT_TCP_CELL_OLD(r->cells[i])) ||
	       nla_put_u8(skb, TPSTAT_A_NEW_STATE,
			  TPSTAT_TCP_CELL_NEW(r->cells[i])) ||
	       tpstat_put_u64(skb, TPSTAT_A_COUNT,
			      s[TPSTAT_SLOT_TCP_STATES + r->cells[i]]);
}

static int tpstat_put_header(struct sk_buff *skb,
			     const struct tpstat_view_read *r)
{
	const u64 *s;

	if (nla_put_u32(skb, TPSTAT_A_VIEW, r->view))
		return -EMSGSIZE;
	if (r->snap)
		return nla_put_u32(skb, TPSTAT_A_VIEW_ENTRIES, r->snap->used) ||
		       nla_put_u32(skb, TPSTAT_A_VIEW_CAPACITY, r->snap->capacity) ||
		       tpstat_put_u64(skb, TPSTAT_A_VIEW_OVERFLOW, r->snap->overflow);
	/* Dense views have a slot for every key: nothing is ever lost. */
	if (nla_put_u32(skb, TPSTAT_A_VIEW_ENTRIES, r->count) ||
	    nla_put_u32(skb, TPSTAT_A_VIEW_CAPACITY, r->view == TPSTAT_VIEW_HISTS ?
			TPSTAT_NR_HISTS : TPSTAT_TCP_CELLS) ||
	    tpstat_put_u64(skb, TPSTAT_A_VIEW_OVERFLOW, 0))
		return -EMSGSIZE;
	if (r->view != TPSTAT_VIEW_STATES)
		return 0;
	s = r->totals->slot;
	return tpstat_put_u64(skb, TPSTAT_A_OPENS_ACTIVE,
			      s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_ESTABLISHED)]) ||
	       tpstat_put_u64(skb, TPSTAT_A_OPENS_PASSIVE,
			      s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_RECV, TCP_ESTABLISHED)]) ||
	       tpstat_put_u64(skb, TPSTAT_A_OPENS_FAILED,
			      s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_CLOSE)]);
}

int tpstat_nl_view_dump(struct sk_buff *skb, struct netlink_callback *cb)
{
	const struct tpstat_view_read *r = (void *)cb->args[0];
	void *hdr;
	int err;

	err = tpstat_nl_refused(cb, 2);
	if (err)
		return err;
	while (cb->args[1] <= r->count) {
		hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid,
				  cb->nlh->nlmsg_seq, &tpstat_genl_family,
				  NLM_F_MULTI, TPSTAT_CMD_GET_VIEW);
		if (!hdr)
			break;
		if (cb->args[1] == 0)
			err = tpstat_put_header(skb, r);
		else
			err = tpstat_put_entry(skb, r, cb->args[1] - 1);
		if (err) {
			genlmsg_cancel(skb, hdr);
			/* An entry bigger than an empty message is a bug. */
			return skb->len ? skb->len : -EMSGSIZE;
		}
		genlmsg_end(skb, hdr);
		cb->args[1]++;
	}
	return skb->len;
}

/* ---- filters ------------------------------------------------------------ */

/*
 * The initial namespace's filter is the system's (control.c); another
 * namespace's narrows only its own counters and starts them over
 * (netns_counts.h), and may name no other namespace.
 */
static int tpstat_nl_apply_filter(struct net *net, struct tpstat_filter *f,
				  struct nlattr **a,
				  struct netlink_ext_ack *extack)
{
	int err;

	if (net_eq(net, &init_net)) {
		if ((f->fields & TPSTAT_FILTER_NETNS) &&
		    !tpstat_filter_resolve_netns(f)) {
			NL_SET_ERR_MSG_ATTR(extack, a[TPSTAT_A_FILTER_NETNS],
					    "no live network namespace has this inode number");
			kfree(f);
			return -ENOENT;
		}
		return tpstat_control_set_filter(f);
	}
	err = 0;
	if ((f->fields & TPSTAT_FILTER_NETNS) && f->netns != net->ns.inum) {
		NL_SET_ERR_MSG_ATTR(extack, a[TPSTAT_A_FILTER_NETNS],
				    "a namespace's filter counts only its own events: netns must be its own or absent");
		err = -EINVAL;
	}
	f->netns_cookie = tpstat_net_cookie(net);
	if (!err)
		err = tpstat_netns_set_filter(net, f, extack);
	kfree(f);
	return err;
}

/*
 * FILTER_LADDR (or RADDR) and its PREFIX into @fa; -EINVAL with the
 * reason on the attribute at fault.  A prefix alone is refused.
 */
static int tpstat_nl_filter_addr(struct tpstat_filter_addr *fa,
				 const struct nlattr *addr,
				 const struct nlattr *prefix,
				 struct netlink_ext_ack *extack)
{
	const char *why;
	bool bad_prefix;

	if (!addr) {
		NL_SET_ERR_MSG_ATTR(extack, prefix,
				    "a prefix without its address");
		return -EINVAL;
	}
	why = tpstat_filter_addr_init(fa, nla_data(addr), nla_len(addr),
				      prefix ? nla_get_u8(prefix) : -1,
				      &bad_prefix);
	if (why) {
		/* A string literal (filter.h), as NL_SET_ERR_MSG_ATTR() keeps. */
		NL_SET_BAD_ATTR(extack, bad_prefix ? prefix : addr);
		if (extack)
			extack->_msg = why;
		return -EINVAL;
	}
	return 0;
}

int tpstat_nl_set_filter(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr **a = info->attrs;
	struct tpstat_filter *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return -ENOMEM;
	if (a[TPSTAT_A_FILTER_PID]) {
		f->fields |= TPSTAT_FILTER_PID;
		f->pid = nla_get_u32(a[TPSTAT_A_FILTER_PID]);
	}
	if (a[TPSTAT_A_FILTER_COMM]) {
		f->fields |= TPSTAT_FILTER_COMM;
		nla_strscpy(f->comm, a[TPSTAT_A_FILTER_COMM], sizeof(f->comm));
		if (!f->comm[0]) {
			kfree(f);
			NL_SET_ERR_MSG_ATTR(info->extack, a[TPSTAT_A_FILTER_COMM],
					    "empty comm");
			return -EINVAL;
		}
	}
	if (a[TPSTAT_A_FILTER_NETNS]) {
		f->fields |= TPSTAT_FILTER_NETNS;
		f->netns = nla_get_u32(a[TPSTAT_A_FILTER_NETNS]);
	}
	if (a[TPSTAT_A_FILTER_IFINDEX]) {
		f->fields |= TPSTAT_FILTER_IFINDEX;
		f->ifindex = nla_get_u32(a[TPSTAT_A_FILTER_IFINDEX]);
	}
	if (a[TPSTAT_A_FILTER_LPORT]) {
		f->fields |= TPSTAT_FILTER_LPORT;
		f->lport = nla_get_u16(a[TPSTAT_A_FILTER_LPORT]);
	}
	if (a[TPSTAT_A_FILTER_RPORT]) {
		f->fields |= TPSTAT_FILTER_RPORT;
		f->rport = nla_get_u16(a[TPSTAT_A_FILTER_RPORT]);
	}
	if (a[TPSTAT_A_FILTER_LADDR] || a[TPSTAT_A_FILTER_LADDR_PREFIX]) {
		f->fields |= TPSTAT_FILTER_LADDR;
		if (tpstat_nl_filter_addr(&f->laddr, a[TPSTAT_A_FILTER_LADDR],
					  a[TPSTAT_A_FILTER_LADDR_PREFIX],
					  info->extack))
			goto invalid;
	}
	if (a[TPSTAT_A_FILTER_RADDR] || a[TPSTAT_A_FILTER_RADDR_PREFIX]) {
		f->fields |= TPSTAT_FILTER_RADDR;
		if (tpstat_nl_filter_addr(&f->raddr, a[TPSTAT_A_FILTER_RADDR],
					  a[TPSTAT_A_FILTER_RADDR_PREFIX],
					  info->extack))
			goto invalid;
	}
	return tpstat_nl_apply_filter(genl_info_net(info), f, a, info->extack);

invalid:
	kfree(f);
	return -EINVAL;
}

/* The filter's FILTER_LADDR (or RADDR) and its PREFIX. */
static int tpstat_nl_put_filter_addr(struct sk_buff *msg, int addr_type,
				     int prefix_type,
				     const struct tpstat_filter_addr *fa)
{
	u8 addr[16];
	int len = tpstat_filter_addr_get(fa, addr);

	return nla_put(msg, addr_type, len, addr) ||
	       nla_put_u8(msg, prefix_type, fa->prefix);
}

int tpstat_nl_get_filter(struct sk_buff *skb, struct genl_info *info)
{
	struct net *net = genl_info_net(info);
	struct tpstat_filter f;
	struct sk_buff *msg;
	bool set;
	void *hdr;

	if (net_eq(net, &init_net))
		set = tpstat_filter_get(&f);
	else
		set = tpstat_netns_get_filter(net, &f);
	if (!set && !net_eq(net, &init_net)) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "this namespace counts nothing yet: its root starts its counters by setting its filter");
		return -ENODATA;
	}
	msg = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &tpstat_genl_family, 0,
				TPSTAT_CMD_GET_FILTER);
	if (!hdr)
		goto nospace;
	if (set &&
	    (((f.fields & TPSTAT_FILTER_PID) &&
	      nla_put_u32(msg, TPSTAT_A_FILTER_PID, f.pid)) ||
	     ((f.fields & TPSTAT_FILTER_COMM) &&
	      nla_put_string(msg, TPSTAT_A_FILTER_COMM, f.comm)) ||
	     ((f.fields & TPSTAT_FILTER_NETNS) &&
	      (nla_put_u32(msg, TPSTAT_A_FILTER_NETNS, f.netns) ||
	       nla_put_u64_64bit(msg, TPSTAT_A_FILTER_NETNS_COOKIE,
				 f.netns_cookie, TPSTAT_A_PAD))) ||
	     ((f.fields & TPSTAT_FILTER_IFINDEX) &&
	      nla_put_u32(msg, TPSTAT_A_FILTER_IFINDEX, f.ifindex)) ||
	     ((f.fields & TPSTAT_FILTER_LPORT) &&
	      nla_put_u16(msg, TPSTAT_A_FILTER_LPORT, f.lport)) ||
	     ((f.fields & TPSTAT_FILTER_RPORT) &&
	      nla_put_u16(msg, TPSTAT_A_FILTER_RPORT, f.rport)) ||
	     ((f.fields & TPSTAT_FILTER_LADDR) &&
	      tpstat_nl_put_filter_addr(msg, TPSTAT_A_FILTER_LADDR,
					TPSTAT_A_FILTER_LADDR_PREFIX, &f.laddr)) ||
	     ((f.fields & TPSTAT_FILTER_RADDR) &&
	      tpstat_nl_put_filter_addr(msg, TPSTAT_A_FILTER_RADDR,
					TPSTAT_A_FILTER_RADDR_PREFIX, &f.raddr))))
		goto nospace;
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

nospace:
	nlmsg_free(msg);
	return -EMSGSIZE;
}
