/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Attributes that views (netlink_views.c) and alerts (alert_msg.c) put
 * the same way.  Each returns 0 or -EMSGSIZE.
 */
#ifndef _TPSTAT_NLPUT_H
#define _TPSTAT_NLPUT_H

#include <linux/if.h>
#include <linux/kallsyms.h>
#include <net/netlink.h>

/*
 * Where a drop happened, "sym+off/len [module]", or "?" where no symbol
 * is known any more: never the address as a number.  Process context.
 */
const char *tpstat_location_name(char buf[KSYM_SYMBOL_LEN], u64 location);

/* The name of device @ifindex in namespace @ns_cookie now; false if gone. */
bool tpstat_ifname(u64 ns_cookie, u32 ifindex, char name[IFNAMSIZ]);

int tpstat_put_u64(struct sk_buff *skb, int type, u64 v);
/* 4 bytes for AF_INET, else 16. */
int tpstat_put_addr(struct sk_buff *skb, int type, u16 family, const u8 *addr);
/* NETNS (the inode number, for display) and NETNS_COOKIE (the namespace). */
int tpstat_put_netns(struct sk_buff *skb, u32 ns_inum, u64 ns_cookie);
/* IFNAME, if the device still exists (in namespace @ns_cookie). */
int tpstat_put_ifname(struct sk_buff *skb, u64 ns_cookie, u32 ifindex);
/* REASON, and REASON_NAME when @name is not NULL. */
int tpstat_put_reason(struct sk_buff *skb, u32 reason, const char *name);
/* LOCATION (tpstat_location_name()) and, where kfree_skb has one, the reason. */
int tpstat_put_drop_site(struct sk_buff *skb, u64 location, u32 reason);
/* REASON and its name, for a sent reset on a kernel that has reasons. */
int tpstat_put_rst_reason(struct sk_buff *skb, u32 reason);

#endif /* _TPSTAT_NLPUT_H */
