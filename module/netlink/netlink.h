/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TPSTAT_NETLINK_H
#define _TPSTAT_NETLINK_H

#include <net/genetlink.h>

extern struct genl_family tpstat_genl_family;

/*
 * A request whose genetlink header has its reserved bytes set is bad
 * input.  Kernels with resv_start_op (6.1 on) refuse it in the core,
 * for every command (resv_start_op = 0); older ones pass it through, so
 * tpstat refuses it itself there, with the same error: in pre_doit for
 * the doit commands and in each dump's start.
 */
#ifdef TPSTAT_HAVE_GENL_RESV_START_OP
static inline int tpstat_nl_reserved_ok(const struct nlmsghdr *nlh,
					struct netlink_ext_ack *extack)
{
	return 0;
}
#else
static inline int tpstat_nl_reserved_ok(const struct nlmsghdr *nlh,
					struct netlink_ext_ack *extack)
{
	const struct genlmsghdr *hdr = nlmsg_data(nlh);

	if (hdr->reserved) {
		NL_SET_ERR_MSG(extack, "genlmsghdr.reserved field is not 0");
		return -EINVAL;
	}
	return 0;
}
#endif

/*
 * A dump's start can refuse a request, but until 6.x the kernel drops
 * the message a start sets (cb->extack is NULL while it runs), and the
 * user would see a bare errno.  So a start that refuses keeps the error
 * and its message (a TPSTAT_MSG() literal) in cb->args[@at] and
 * [@at + 1] and succeeds; the dump's first call gives them, and its
 * message reaches user space with NLMSG_DONE on every kernel.
 */
#define TPSTAT_MSG(text) KBUILD_MODNAME ": " text

static inline int tpstat_nl_refuse(struct netlink_callback *cb, int at,
				   int err, const char *msg)
{
	cb->args[at] = err;
	cb->args[at + 1] = (long)msg;
	return 0;
}

/* Whether a refusal is kept. */
static inline bool tpstat_nl_refusing(struct netlink_callback *cb, int at)
{
	return cb->args[at];
}

/*
 * A start's own error: with its message where the start has the extack
 * (6.x on), else kept for the dump's first call.
 */
static inline int tpstat_nl_start_error(struct netlink_callback *cb, int at,
					int err, const char *msg)
{
	if (!cb->extack)
		return tpstat_nl_refuse(cb, at, err, msg);
	cb->extack->_msg = msg;
	return err;
}

/*
 * A dump start's check of the reserved bytes (see above), with the
 * doit's message, given as the start's other refusals are, so that the
 * message reaches user space where the start has no extack (5.10).
 */
static inline int tpstat_nl_start_reserved_ok(struct netlink_callback *cb,
					      int at)
{
#ifndef TPSTAT_HAVE_GENL_RESV_START_OP
	const struct genlmsghdr *hdr = nlmsg_data(cb->nlh);

	if (hdr->reserved)
		return tpstat_nl_start_error(cb, at, -EINVAL,
					     "genlmsghdr.reserved field is not 0");
#endif
	return 0;
}

/* The kept refusal's error with its message set, or 0. */
static inline int tpstat_nl_refused(struct netlink_callback *cb, int at)
{
	if (!cb->args[at])
		return 0;
	if (cb->extack)
		cb->extack->_msg = (const char *)cb->args[at + 1];
	return cb->args[at];
}

int tpstat_netlink_init(void);
void tpstat_netlink_exit(void);

/* netlink_views.c */
int tpstat_nl_view_start(struct netlink_callback *cb);
int tpstat_nl_view_dump(struct sk_buff *skb, struct netlink_callback *cb);
int tpstat_nl_view_done(struct netlink_callback *cb);
int tpstat_nl_set_filter(struct sk_buff *skb, struct genl_info *info);
int tpstat_nl_get_filter(struct sk_buff *skb, struct genl_info *info);
struct tpstat_view_type;
/* A keyed view's entry: its namespace, then its own attributes. */
int tpstat_put_view_key(struct sk_buff *skb,
			const struct tpstat_view_type *type, const void *key,
			const u64 *vals);

/* netlink_history.c */
int tpstat_nl_history_start(struct netlink_callback *cb);
int tpstat_nl_history_dump(struct sk_buff *skb, struct netlink_callback *cb);

#endif /* _TPSTAT_NETLINK_H */
