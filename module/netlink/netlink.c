// SPDX-License-Identifier: GPL-2.0
/*
 * The "tpstat" generic netlink family (uapi/linux/tpstat.h): list events,
 * dump counters, reset, attach, detach, info.  Views and filters are in
 * netlink_views.c, the recorder's history in netlink_history.c.
 *
 * Dumps keep their cursor in cb->args[] and move it only after an entry
 * was written, so an entry that did not fit opens the next message.  The
 * counters dump works on a snapshot taken at its start, so a dump over
 * many messages neither loses nor repeats a value even while counters and
 * the set of TCP transitions change.
 */
#include <linux/bitmap.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/utsname.h>
#include <net/genetlink.h>
#include <net/sock.h>

#include "alerts/alerts.h"
#include "base/compat.h"
#include "control/control.h"
#include "control/event_select.h"
#include "control/registry.h"
#include "control/report.h"
#include "history/recorder.h"
#include "history/recorder_views.h"
#include "netlink/netlink.h"
#include "base/params.h"
#include "probes/netns_counts.h"
#include "probes/probes.h"
#include "base/version.h"


/*
 * One policy per command, holding only the attributes that command reads
 * (the request attributes of uapi/tpstat.yaml): under strict validation
 * any other is refused ("Unsupported attribute", or "Unknown attribute
 * type" above the policy's last), so that a RESET given a VIEW, say, is
 * an error and not a reset of everything.  The handlers read no
 * attribute above their policy's maxattr.
 */
#define TPSTAT_GLOB_POLICY { .type = NLA_NUL_STRING, .len = TPSTAT_GLOB_MAX - 1 }

/* LIST_EVENTS, GET_COUNTERS, RESET, ATTACH, DETACH */
static const struct nla_policy tpstat_glob_policy[TPSTAT_A_GLOB + 1] = {
	[TPSTAT_A_GLOB] = TPSTAT_GLOB_POLICY,
};

/* GET_VIEW */
static const struct nla_policy tpstat_view_policy[TPSTAT_A_VIEW + 1] = {
	[TPSTAT_A_VIEW] = NLA_POLICY_MAX(NLA_U32, __TPSTAT_VIEW_CNT - 1),
};

/* SET_FILTER */
static const struct nla_policy tpstat_filter_policy[TPSTAT_A_FILTER_RADDR_PREFIX + 1] = {
	[TPSTAT_A_FILTER_PID] = NLA_POLICY_MIN(NLA_U32, 1),
	[TPSTAT_A_FILTER_COMM] = { .type = NLA_NUL_STRING,
				   .len = TPSTAT_COMM_MAX - 1 },
	[TPSTAT_A_FILTER_NETNS] = NLA_POLICY_MIN(NLA_U32, 1),
	[TPSTAT_A_FILTER_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[TPSTAT_A_FILTER_LPORT] = NLA_POLICY_MIN(NLA_U16, 1),
	[TPSTAT_A_FILTER_RPORT] = NLA_POLICY_MIN(NLA_U16, 1),
	/* 4 or 16 bytes, and the prefix to the family: tpstat_nl_set_filter() */
	[TPSTAT_A_FILTER_LADDR] = NLA_POLICY_RANGE(NLA_BINARY, 4, 16),
	[TPSTAT_A_FILTER_LADDR_PREFIX] = NLA_POLICY_MAX(NLA_U8, 128),
	[TPSTAT_A_FILTER_RADDR] = NLA_POLICY_RANGE(NLA_BINARY, 4, 16),
	[TPSTAT_A_FILTER_RADDR_PREFIX] = NLA_POLICY_MAX(NLA_U8, 128),
};

/* GET_INFO, GET_FILTER, MONITOR: no attribute at all. */
static const struct nla_policy tpstat_none_policy[TPSTAT_A_GLOB + 1] = {
	[TPSTAT_A_GLOB] = { .type = NLA_REJECT },
};

#define TPSTAT_OP_POLICY(p) .policy = (p), .maxattr = ARRAY_SIZE(p) - 1

/*
 * Why a GLOB was refused.  Where the extack has a buffer of its own
 * (TPSTAT_HAVE_EXTACK_MSG_FMT), the detail, pattern and all.  Before it
 * the extack keeps only a pointer, read after the handler returned,
 * while other requests run (the family is parallel_ops): a buffer of
 * ours would be shared by them, so @what, a string literal.
 */
static void tpstat_nl_glob_error(struct netlink_ext_ack *extack,
				 const char *detail, const char *what)
{
#ifdef TPSTAT_HAVE_EXTACK_MSG_FMT
	NL_SET_ERR_MSG_FMT_MOD(extack, "%s", detail);
#else
	if (extack)
		extack->_msg = what;
#endif
}

/*
 * Fills @selected from the request's GLOB; without one, everything if
 * @required is false.  Errors carry an extack message, and *@literal
 * says the same as a string literal, for a dump's start to keep
 * (tpstat_nl_refuse()).
 */
static int tpstat_nl_select(struct nlattr **attrs, bool required,
			    unsigned long *selected,
			    struct netlink_ext_ack *extack,
			    const char **literal)
{
	const char *glob, *what;
	char why[128];

	if (!attrs[TPSTAT_A_GLOB]) {
		if (required) {
			*literal = TPSTAT_MSG("an event glob (TPSTAT_A_GLOB) is required");
			if (extack)
				extack->_msg = *literal;
			return -EINVAL;
		}
		bitmap_fill(selected, __TPSTAT_EV_CNT);
		return 0;
	}
	glob = nla_data(attrs[TPSTAT_A_GLOB]);
	if (!*glob) {
		*literal = "empty event glob";
		NL_SET_BAD_ATTR(extack, attrs[TPSTAT_A_GLOB]);
		if (extack)
			extack->_msg = *literal;
		return -EINVAL;
	}
	if (tpstat_parse_events_what(glob, selected, why, sizeof(why),
				     &what)) {
		*literal = what;
		NL_SET_BAD_ATTR(extack, attrs[TPSTAT_A_GLOB]);
		tpstat_nl_glob_error(extack, why, what);
		return -EINVAL;
	}
	return 0;
}

/* A doit's selection: its extack always reaches user space. */
static int tpstat_nl_select_info(struct genl_info *info, bool required,
				 unsigned long *selected)
{
	const char *literal;

	return tpstat_nl_select(info->attrs, required, selected, info->extack,
				&literal);
}

/*
 * What is attached, and the system's counters, are the initial
 * namespace's to change.  Another namespace has its own counters and
 * filter (netns_counts.h), its own entries in the views and its own
 * alerts.
 */
static int tpstat_nl_from_init_ns(const struct sk_buff *skb,
				  struct netlink_ext_ack *extack)
{
	if (net_eq(sock_net(skb->sk), &init_net))
		return 0;
	NL_SET_ERR_MSG_MOD(extack,
			   "what tpstat attaches and counts system-wide is the initial network namespace's to change (a namespace restarts its own counters by setting its filter)");
	return -EPERM;
}

/* ---- LIST_EVENTS ---------------------------------------------------------- */

static int tpstat_nl_put_event(struct sk_buff *skb, u32 portid, u32 seq,
			       int flags, enum tpstat_event_id id)
{
	const struct tpstat_probe *probe = tpstat_probe(id);
	void *hdr;

	hdr = genlmsg_put(skb, portid, seq, &tpstat_genl_family, flags,
			  TPSTAT_CMD_LIST_EVENTS);
	if (!hdr)
		return -EMSGSIZE;
	if (nla_put_u32(skb, TPSTAT_A_EVENT_ID, id) ||
	    nla_put_string(skb, TPSTAT_A_EVENT_NAME,
			   tpstat_event_full_name(id)) ||
	    nla_put_string(skb, TPSTAT_A_EVENT_GROUP, tpstat_events[id].group) ||
	    nla_put_u8(skb, TPSTAT_A_EVENT_STATE, tpstat_event_state(id)) ||
	    (probe->fn &&
	     (nla_put_string(skb, TPSTAT_A_EVENT_VARIANT, probe->variant) ||
	      nla_put_string(skb, TPSTAT_A_EVENT_FIELDS, probe->fields)))) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

/*
 * A dump's selection is a bitmap of all the events this build knows,
 * which no longer fits in cb->args[] (a 32-bit word holds 32 events):
 * it is allocated at the dump's start, its pointer kept in cb->args[@at],
 * and freed when the dump is done.  A start that fails frees it itself,
 * as netlink calls no done then.  A bad GLOB where the start has no
 * extack (netlink.h) is kept in cb->args[@refuse] and [@refuse + 1], the
 * selection left NULL: the start then returns at once and the dump's
 * first call gives the error.
 */
static unsigned long *tpstat_nl_selection(struct netlink_callback *cb, int at)
{
	return (unsigned long *)cb->args[at];
}

static int tpstat_nl_selection_start(struct netlink_callback *cb, int at,
				     int refuse)
{
	unsigned long *selected = bitmap_zalloc(__TPSTAT_EV_CNT, GFP_KERNEL);
	const char *literal;
	int err;

	if (!selected)
		return -ENOMEM;
	err = tpstat_nl_select(tpstat_dump_attrs(cb), false, selected,
			       cb->extack, &literal);
	if (err) {
		bitmap_free(selected);
		return cb->extack ? err :
				    tpstat_nl_refuse(cb, refuse, err, literal);
	}
	cb->args[at] = (long)selected;
	return 0;
}

/*
 * cb->args[0]: next index into tpstat_sorted_ids; [1]: selection; [2],
 * [3]: a refusal (netlink.h).
 */
static int tpstat_nl_events_start(struct netlink_callback *cb)
{
	int err;

	err = tpstat_nl_start_reserved_ok(cb, 2);
	if (err || tpstat_nl_refusing(cb, 2))
		return err;
	cb->args[0] = 0;
	return tpstat_nl_selection_start(cb, 1, 2);
}

static int tpstat_nl_events_done(struct netlink_callback *cb)
{
	bitmap_free(tpstat_nl_selection(cb, 1));
	return 0;
}

static int tpstat_nl_events_dump(struct sk_buff *skb,
				 struct netlink_callback *cb)
{
	const unsigned long *selected = tpstat_nl_selection(cb, 1);
	int err;

	err = tpstat_nl_refused(cb, 2);
	if (err)
		return err;
	for (; cb->args[0] < __TPSTAT_EV_CNT; cb->args[0]++) {
		enum tpstat_event_id id = tpstat_sorted_ids[cb->args[0]];

		if (!test_bit(id, selected))
			continue;
		err = tpstat_nl_put_event(skb, NETLINK_CB(cb->skb).portid,
					  cb->nlh->nlmsg_seq, NLM_F_MULTI, id);
		if (err)
			return skb->len ? skb->len : err;
	}
	return skb->len;
}

/* ---- GET_COUNTERS --------------------------------------------------------- */

/*
 * cb->args[0]: the snapshot; [1]: next value; [2]: selection; [3], [4]:
 * a refusal (netlink.h).
 */
static int tpstat_nl_counters_start(struct netlink_callback *cb)
{
	struct net *net = sock_net(cb->skb->sk);
	struct tpstat_report *report;
	unsigned long *selected;
	int err, id;

	err = tpstat_nl_start_reserved_ok(cb, 3);
	if (err || tpstat_nl_refusing(cb, 3))
		return err;
	err = tpstat_nl_selection_start(cb, 2, 3);
	if (err || tpstat_nl_refusing(cb, 3))
		return err;
	selected = tpstat_nl_selection(cb, 2);
	if (net_eq(net, &init_net)) {
		report = tpstat_control_snapshot();
	} else {
		/* A generated probe cannot tell an event's namespace. */
		for (id = TPSTAT_NR_HAND_EVENTS; id < __TPSTAT_EV_CNT; id++)
			__clear_bit(id, selected);
		report = tpstat_netns_snapshot(net);
		if (!report)
			return tpstat_nl_refuse(cb, 3, -EOPNOTSUPP,
						TPSTAT_MSG("this namespace counts nothing yet: its root starts its counters by setting its filter (SET_FILTER, with or without fields)"));
		if (IS_ERR(report))
			report = NULL;
	}
	if (!report) {
		bitmap_free(selected);
		return -ENOMEM;
	}
	cb->args[0] = (long)report;
	cb->args[1] = 0;
	return 0;
}

static int tpstat_nl_counters_done(struct netlink_callback *cb)
{
	kvfree((void *)cb->args[0]);
	bitmap_free(tpstat_nl_selection(cb, 2));
	return 0;
}

static int tpstat_nl_put_value(struct sk_buff *skb, u32 portid, u32 seq,
			       const struct tpstat_value *v)
{
	void *hdr;

	hdr = genlmsg_put(skb, portid, seq, &tpstat_genl_family, NLM_F_MULTI,
			  TPSTAT_CMD_GET_COUNTERS);
	if (!hdr)
		return -EMSGSIZE;
	if (nla_put_string(skb, TPSTAT_A_COUNTER_NAME, v->key) ||
	    nla_put_u64_64bit(skb, TPSTAT_A_COUNTER_VALUE, v->value,
			      TPSTAT_A_PAD) ||
	    nla_put_u32(skb, TPSTAT_A_EVENT_ID, v->event)) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

static int tpstat_nl_counters_dump(struct sk_buff *skb,
				   struct netlink_callback *cb)
{
	const struct tpstat_report *report = (void *)cb->args[0];
	const unsigned long *selected = tpstat_nl_selection(cb, 2);
	int err;

	err = tpstat_nl_refused(cb, 3);
	if (err)
		return err;
	for (; cb->args[1] < report->count; cb->args[1]++) {
		const struct tpstat_value *v = &report->values[cb->args[1]];

		if (!test_bit(v->event, selected))
			continue;
		err = tpstat_nl_put_value(skb, NETLINK_CB(cb->skb).portid,
					  cb->nlh->nlmsg_seq, v);
		if (err)
			return skb->len ? skb->len : err;
	}
	return skb->len;
}

/* ---- RESET, ATTACH, DETACH ---------------------------------------------- */

static int tpstat_nl_reset(struct sk_buff *skb, struct genl_info *info)
{
	DECLARE_BITMAP(selected, __TPSTAT_EV_CNT);
	int err;

	err = tpstat_nl_from_init_ns(skb, info->extack);
	if (!err)
		err = tpstat_nl_select_info(info, false, selected);
	if (err)
		return err;
	return tpstat_control_reset(selected);
}

/* Drops the events this kernel lacks; an error if none is left. */
static int tpstat_nl_present(unsigned long *selected,
			     struct netlink_ext_ack *extack)
{
	int id;

	for_each_set_bit(id, selected, __TPSTAT_EV_CNT)
		if (tpstat_event_state(id) == TPSTAT_STATE_MISSING)
			__clear_bit(id, selected);
	if (bitmap_empty(selected, __TPSTAT_EV_CNT)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "the glob matches only tracepoints this kernel lacks");
		return -ENOENT;
	}
	return 0;
}

static int tpstat_nl_attach(struct sk_buff *skb, struct genl_info *info)
{
	DECLARE_BITMAP(selected, __TPSTAT_EV_CNT);
	int err;

	err = tpstat_nl_from_init_ns(skb, info->extack);
	if (!err)
		err = tpstat_nl_select_info(info, true, selected);
	if (!err)
		err = tpstat_nl_present(selected, info->extack);
	if (err)
		return err;
	err = tpstat_control_attach(selected);
	if (err)
		NL_SET_ERR_MSG_MOD(info->extack,
				   "the kernel refused to register a probe");
	return err;
}

static int tpstat_nl_detach(struct sk_buff *skb, struct genl_info *info)
{
	DECLARE_BITMAP(selected, __TPSTAT_EV_CNT);
	int err;

	err = tpstat_nl_from_init_ns(skb, info->extack);
	if (!err)
		err = tpstat_nl_select_info(info, true, selected);
	if (!err)
		err = tpstat_nl_present(selected, info->extack);
	if (err)
		return err;
	tpstat_control_detach(selected);
	return 0;
}

/* ---- GET_INFO ---------------------------------------------------------- */

static int tpstat_nl_info(struct sk_buff *skb, struct genl_info *info)
{
	/* A namespace's own history has no views intervals (GET_HISTORY). */
	u32 views = net_eq(genl_info_net(info), &init_net) ?
		    tpstat_recorder_views_interval() : 0;
	struct sk_buff *msg;
	void *hdr;

	msg = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &tpstat_genl_family, 0,
				TPSTAT_CMD_GET_INFO);
	if (!hdr ||
	    nla_put_string(msg, TPSTAT_A_INFO_VERSION, TPSTAT_VERSION) ||
	    nla_put_string(msg, TPSTAT_A_INFO_KERNEL, init_utsname()->release) ||
	    nla_put_u32(msg, TPSTAT_A_INFO_FEATURES, TPSTAT_FEATURES) ||
	    nla_put_u32(msg, TPSTAT_A_INFO_EVENTS, __TPSTAT_EV_CNT) ||
	    nla_put_u64_64bit(msg, TPSTAT_A_INFO_MEMORY, tpstat_memory_bytes(),
			      TPSTAT_A_PAD) ||
	    nla_put_u32(msg, TPSTAT_A_INFO_HISTORY_INTERVAL,
			tpstat_recorder_interval()) ||
	    nla_put_u64_64bit(msg, TPSTAT_A_INFO_HISTORY_MEMORY,
			      tpstat_recorder_bytes(), TPSTAT_A_PAD) ||
	    nla_put_u32(msg, TPSTAT_A_INFO_HISTORY_INTERVALS,
			tpstat_recorder_intervals()) ||
	    nla_put_u32(msg, TPSTAT_A_INFO_HISTORY_VIEWS, views)) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);
}

/* ---- MONITOR ------------------------------------------------------------ */

static int tpstat_nl_monitor(struct sk_buff *skb, struct genl_info *info)
{
	return tpstat_monitor_start(genl_info_net(info), info->extack);
}

/*
 * Changes are checked against CAP_NET_ADMIN over the caller's namespace
 * (GENL_UNS_ADMIN_PERM), which in the initial one is GENL_ADMIN_PERM's
 * check, so that a container's root hears why it may not
 * (tpstat_nl_from_init_ns()) rather than a bare EPERM.
 */
static const struct genl_ops tpstat_genl_ops[] = {
	{
		.cmd = TPSTAT_CMD_LIST_EVENTS,
		TPSTAT_OP_POLICY(tpstat_glob_policy),
		.start = tpstat_nl_events_start,
		.dumpit = tpstat_nl_events_dump,
		.done = tpstat_nl_events_done,
	},
	{
		.cmd = TPSTAT_CMD_GET_COUNTERS,
		TPSTAT_OP_POLICY(tpstat_glob_policy),
		.start = tpstat_nl_counters_start,
		.dumpit = tpstat_nl_counters_dump,
		.done = tpstat_nl_counters_done,
	},
	{
		.cmd = TPSTAT_CMD_RESET,
		TPSTAT_OP_POLICY(tpstat_glob_policy),
		.doit = tpstat_nl_reset,
		.flags = GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd = TPSTAT_CMD_ATTACH,
		TPSTAT_OP_POLICY(tpstat_glob_policy),
		.doit = tpstat_nl_attach,
		.flags = GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd = TPSTAT_CMD_DETACH,
		TPSTAT_OP_POLICY(tpstat_glob_policy),
		.doit = tpstat_nl_detach,
		.flags = GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd = TPSTAT_CMD_GET_INFO,
		TPSTAT_OP_POLICY(tpstat_none_policy),
		.doit = tpstat_nl_info,
	},
	{
		.cmd = TPSTAT_CMD_GET_VIEW,
		TPSTAT_OP_POLICY(tpstat_view_policy),
		.start = tpstat_nl_view_start,
		.dumpit = tpstat_nl_view_dump,
		.done = tpstat_nl_view_done,
	},
	{
		.cmd = TPSTAT_CMD_SET_FILTER,
		TPSTAT_OP_POLICY(tpstat_filter_policy),
		.doit = tpstat_nl_set_filter,
		.flags = GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd = TPSTAT_CMD_GET_FILTER,
		TPSTAT_OP_POLICY(tpstat_none_policy),
		.doit = tpstat_nl_get_filter,
		/*
		 * The administrator's filter says what is watched (ports,
		 * a task, a namespace): not for everyone.
		 */
		.flags = GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd = TPSTAT_CMD_MONITOR,
		TPSTAT_OP_POLICY(tpstat_none_policy),
		.doit = tpstat_nl_monitor,
		/* A namespace's own root may watch its own alerts. */
		.flags = GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd = TPSTAT_CMD_GET_HISTORY,
		TPSTAT_OP_POLICY(tpstat_none_policy),
		.start = tpstat_nl_history_start,
		.dumpit = tpstat_nl_history_dump,
	},
};

#ifdef TPSTAT_HAVE_ALERTS
/* Index 0: what genlmsg_multicast() and genl_has_listeners() are given. */
static const struct genl_multicast_group tpstat_mcgrps[] = {
	{ .name = TPSTAT_MCGRP_ALERTS, TPSTAT_MCGRP_PERM },
};
#endif

#ifndef TPSTAT_HAVE_GENL_RESV_START_OP
/* Before 6.1 the core does not check the reserved bytes: see netlink.h. */
static int tpstat_nl_pre_doit(const struct genl_ops *ops, struct sk_buff *skb,
			      struct genl_info *info)
{
	return tpstat_nl_reserved_ok(info->nlhdr, info->extack);
}
#endif

struct genl_family tpstat_genl_family __ro_after_init = {
	.name = TPSTAT_GENL_NAME,
	.version = TPSTAT_GENL_VERSION,
	.maxattr = TPSTAT_A_MAX,
	.module = THIS_MODULE,
	/* Every namespace may ask about itself: see tpstat_nl_from_init_ns(). */
	.netnsok = true,
	/*
	 * Not under genl_mutex: a view's copy and sort at a dump's start
	 * would otherwise hold up every family that is (nlctrl, whose
	 * family lookups every generic netlink client starts with).  The
	 * handlers take the module's own locks (control.c, filter.c,
	 * monitor.c, netns_counts.c), as debugfs readers do.
	 */
	.parallel_ops = true,
	.ops = tpstat_genl_ops,
	.n_ops = ARRAY_SIZE(tpstat_genl_ops),
#ifdef TPSTAT_HAVE_ALERTS
	.mcgrps = tpstat_mcgrps,
	.n_mcgrps = ARRAY_SIZE(tpstat_mcgrps),
#endif
#ifdef TPSTAT_HAVE_GENL_RESV_START_OP
	/* Validate every command strictly, reserved header bytes included. */
	.resv_start_op = 0,
#else
	.pre_doit = tpstat_nl_pre_doit,
#endif
};

int tpstat_netlink_init(void)
{
	return genl_register_family(&tpstat_genl_family);
}

/* Waits for requests in flight and open dumps to finish. */
void tpstat_netlink_exit(void)
{
	genl_unregister_family(&tpstat_genl_family);
}

MODULE_ALIAS_GENL_FAMILY(TPSTAT_GENL_NAME);
