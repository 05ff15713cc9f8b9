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

int tpstat_netlink_init(void);
void tpstat_netlink_exit(void);

/* netlink_views.c */
int tpstat_nl_view_start(struct netlink_callback *cb);
int tpstat_nl_view_dump(struct sk_buff *skb, struct netlink_callback *cb);
int tpstat_nl_view_done(struct netlink_callback *cb);
int tpstat_nl_set_filter(struct sk_buff *skb, struct genl_info *info);
int tpstat_nl_get_filter(struct sk_buff *skb, struct genl_info *info);

#endif /* _TPSTAT_NETLINK_H */
