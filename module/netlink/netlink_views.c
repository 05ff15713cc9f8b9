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
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/stringify.h>
#include <linux/user_namespace.h>
#include <net/genetlink.h>
#include <net/sock.h>

#include "base/compat.h"
#include "control/control.h"
#include "control/registry.h"
#include "control/viewread.h"
#include "format/nlput.h"
#include "netlink/netlink.h"
#include "probes/filter.h"
#include "probes/netns_counts.h"
#include "tables/view_type.h"

/*
 * A namespace other than the initial one reads only its own entries,
 * where a view's keys name the namespace.
 */
static bool tpstat_view_per_netns(enum tpstat_view view)
{
	return tpstat_view_keyed(view) && tpstat_view_netns_offset(view) >= 0;
}

/* Why the kernel cannot feed a view (view_type.h), or NULL. */
static const char *tpstat_view_unavailable(const struct tpstat_view_type *type)
{
	int i;

	for (i = 0; i < TPSTAT_VIEW_NEEDS_MAX && type->needs[i].refusal; i++)
		if (tpstat_event_state(type->needs[i].event) == TPSTAT_STATE_MISSING)
			return type->needs[i].refusal;
	if (type->available && !type->available())
		return type->refusal;
	return NULL;
}

/*
 * Why the sender may not read @view, with *@err, or NULL; *@ns_cookie: the
 * namespace whose entries it gets (0: every one).
 */
static const char *tpstat_view_refusal(struct netlink_callback *cb,
				       enum tpstat_view view, u64 *ns_cookie,
				       int *err)
{
	const struct tpstat_view_type *type = tpstat_view_type(view);
	struct net *net = sock_net(cb->skb->sk);
	const char *why;

	*ns_cookie = 0;
	*err = -EOPNOTSUPP;
	if (!tpstat_view_on(view))
		return TPSTAT_MSG("this view is off: the module was loaded with views= without it");
	why = tpstat_view_unavailable(type);
	if (why)
		return why;
	if (!net_eq(net, &init_net)) {
		if (!tpstat_view_per_netns(view))
			return TPSTAT_MSG("this view is system-wide (its keys name no namespace): read it from the initial network namespace");
		*ns_cookie = tpstat_net_cookie(net);
	}
	/* CAP_NET_ADMIN over the namespace whose sockets are shown. */
	*err = -EPERM;
	if (netlink_net_capable(cb->skb, CAP_NET_ADMIN))
		return NULL;
	if (type->privacy == TPSTAT_VIEW_PRIVATE)
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
 * Dumps of one namespace's entries that one reader may have open at once
 * in a namespace.  Each holds a copy of that namespace's entries
 * (view_copy.h) for as long as its reader leaves it unread, charged to
 * the reader's memory cgroup.  Readers are told apart as
 * tpstat_dump_reader() says, and the namespace's administrator
 * (CAP_NET_ADMIN over it) has slots of its own: no reader's dumps take
 * another's slots.
 *
 * The slots are taken at a dump's start, in process context, and given
 * back at its end: in process context too, but on kernels that end a
 * dump in its socket's destructor, that runs wherever the socket's last
 * reference goes, so the lock is taken with softirqs off.
 */
#define TPSTAT_VIEW_USER_DUMPS_MAX	8
static const char tpstat_view_user_dumps_busy[] =
	TPSTAT_MSG("you have " __stringify(TPSTAT_VIEW_USER_DUMPS_MAX)
		   " view dumps of this namespace's entries open already, the most one reader may: try again when one is done");

static struct tpstat_net *tpstat_views_net(struct net *net)
{
	return net_generic(net, tpstat_net_id);
}

/*
 * Who the caller is, as a reader of @net's own entries: its uid where
 * its user namespace is @net's or one above it; else the owner of the
 * outermost of its user namespaces below the one it shares with @net's,
 * i.e. the user there who made the chain, whatever uids the namespaces
 * below map.  So one user's readers, however many uids its namespaces
 * map, are one reader, and there are no more readers than the users the
 * host, or the namespace's own uid map, gives.
 */
static kuid_t tpstat_dump_reader(const struct net *net)
{
	const struct user_namespace *ns = current_user_ns();
	const struct user_namespace *top = net->user_ns;
	const struct user_namespace *below = NULL;

	while (top->level > ns->level)
		top = top->parent;
	while (ns->level > top->level) {
		below = ns;
		ns = ns->parent;
	}
	while (ns != top) {
		below = ns;
		ns = ns->parent;
		top = top->parent;
	}
	return below ? below->owner : current_uid();
}

/* The reader @uid's slots in @tn, or NULL. */
static struct tpstat_dump_user *tpstat_dump_user(struct tpstat_net *tn,
						 kuid_t uid)
{
	struct tpstat_dump_user *u;

	lockdep_assert_held(&tn->dumps_lock);
	list_for_each_entry(u, &tn->dump_users, node)
		if (uid_eq(u->uid, uid))
			return u;
	return NULL;
}

/*
 * Take one of the caller's dump slots in @net: its administrator's, if
 * @admin, else its reader's (tpstat_dump_reader()).  Process context
 * (the dump's start).  Returns the reader charged, or an ERR_PTR:
 * -EBUSY when it has all its slots, -ENOMEM.
 */
static struct tpstat_dump_user *tpstat_dump_charge(struct net *net,
						   bool admin)
{
	struct tpstat_net *tn = tpstat_views_net(net);
	struct tpstat_dump_user *u, *fresh = NULL;
	kuid_t uid = tpstat_dump_reader(net);

	if (!admin) {
		/* Freed when its last dump ends; the caller's to pay. */
		fresh = kzalloc_obj(*fresh, GFP_KERNEL_ACCOUNT);
		if (!fresh)
			return ERR_PTR(-ENOMEM);
		fresh->uid = uid;
	}
	spin_lock_bh(&tn->dumps_lock);
	u = admin ? &tn->dump_admin : tpstat_dump_user(tn, uid);
	if (!u) {
		u = fresh;
		fresh = NULL;
		list_add(&u->node, &tn->dump_users);
	}
	if (u->dumps >= TPSTAT_VIEW_USER_DUMPS_MAX)
		u = ERR_PTR(-EBUSY);
	else
		u->dumps++;
	spin_unlock_bh(&tn->dumps_lock);
	kfree(fresh);
	return u;
}

/*
 * Give back the slot that tpstat_dump_charge() gave @u in @tn, freeing
 * @u with its last one.  Any context but hard interrupts.
 */
static void tpstat_dump_uncharge(struct tpstat_net *tn,
				 struct tpstat_dump_user *u)
{
	bool gone;

	spin_lock_bh(&tn->dumps_lock);
	WARN_ON_ONCE(!u->dumps);
	gone = !--u->dumps && u != &tn->dump_admin;
	if (gone)
		list_del(&u->node);
	spin_unlock_bh(&tn->dumps_lock);
	if (gone)
		kfree(u);
}

/*
 * cb->args[0]: the copy; [1]: 0 before the first message, else entry + 1;
 * [2], [3]: a refusal (netlink.h); [4]: the namespace whose dump slot
 * this dump holds, or 0; [5]: the reader charged for it.
 */
int tpstat_nl_view_start(struct netlink_callback *cb)
{
	struct nlattr **attrs = tpstat_dump_attrs(cb);
	struct tpstat_dump_user *u = NULL;
	struct tpstat_net *tn = NULL;
	struct tpstat_view_read *r;
	enum tpstat_view view;
	struct net *net;
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
	if (ns_cookie) {
		/*
		 * The socket holds its namespace, and so @tn, until the
		 * dump is done.
		 */
		net = sock_net(cb->skb->sk);
		tn = tpstat_views_net(net);
		u = tpstat_dump_charge(net, netlink_net_capable(cb->skb,
								CAP_NET_ADMIN));
		if (PTR_ERR(u) == -EBUSY)
			return tpstat_nl_refuse(cb, 2, -EBUSY,
						tpstat_view_user_dumps_busy);
		if (IS_ERR(u))
			return PTR_ERR(u);
	}
	r = tpstat_view_read(view, ns_cookie);
	if (!r) {
		if (u)
			tpstat_dump_uncharge(tn, u);
		return -ENOMEM;
	}
	cb->args[0] = (long)r;
	cb->args[1] = 0;
	cb->args[4] = (long)tn;
	cb->args[5] = (long)u;
	return 0;
}

int tpstat_nl_view_done(struct netlink_callback *cb)
{
	tpstat_view_read_free((void *)cb->args[0]);
	if (cb->args[4])
		tpstat_dump_uncharge((void *)cb->args[4], (void *)cb->args[5]);
	return 0;
}

int tpstat_put_view_key(struct sk_buff *skb,
			const struct tpstat_view_type *type, const void *key,
			const u64 *vals)
{
	/* Every key that names a namespace is named by the same attributes. */
	if (type->ns_offset >= 0 &&
	    tpstat_put_netns(skb, *(const u32 *)(key + type->ns_inum_offset),
			     *(const u64 *)(key + type->ns_offset)))
		return -EMSGSIZE;
	return type->put(skb, key, vals);
}

static int tpstat_put_entry(struct sk_buff *skb,
			    const struct tpstat_view_read *r, u32 i)
{
	const struct tpstat_view_type *type = tpstat_view_type(r->view);

	if (!r->snap)
		return type->put_row(skb, r, i);
	return tpstat_put_view_key(skb, type, tpstat_snap_key(r->snap, i),
				   tpstat_snap_vals(r->snap, i));
}

static int tpstat_put_header(struct sk_buff *skb,
			     const struct tpstat_view_read *r)
{
	const struct tpstat_view_type *type = tpstat_view_type(r->view);

	if (nla_put_u32(skb, TPSTAT_A_VIEW, r->view))
		return -EMSGSIZE;
	if (r->snap)
		return nla_put_u32(skb, TPSTAT_A_VIEW_ENTRIES, r->snap->used) ||
		       nla_put_u32(skb, TPSTAT_A_VIEW_CAPACITY, r->snap->capacity) ||
		       tpstat_put_u64(skb, TPSTAT_A_VIEW_OVERFLOW, r->snap->overflow);
	/* Dense views have a slot for every key: nothing is ever lost. */
	if (nla_put_u32(skb, TPSTAT_A_VIEW_ENTRIES, r->count) ||
	    nla_put_u32(skb, TPSTAT_A_VIEW_CAPACITY, type->capacity) ||
	    tpstat_put_u64(skb, TPSTAT_A_VIEW_OVERFLOW, 0))
		return -EMSGSIZE;
	return type->put_header ? type->put_header(skb, r) : 0;
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
