/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TPSTAT_NETLINK_H
#define _TPSTAT_NETLINK_H

#include <net/genetlink.h>

extern struct genl_family tpstat_genl_family;

int tpstat_netlink_init(void);
void tpstat_netlink_exit(void);

/* netlink_views.c */
int tpstat_nl_view_start(struct netlink_callback *cb);
int tpstat_nl_view_dump(struct sk_buff *skb, struct netlink_callback *cb);
int tpstat_nl_view_done(struct netlink_callback *cb);
int tpstat_nl_set_filter(struct sk_buff *skb, struct genl_info *info);
int tpstat_nl_get_filter(struct sk_buff *skb, struct genl_info *info);

#endif /* _TPSTAT_NETLINK_H */
