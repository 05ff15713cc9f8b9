// SPDX-License-Identifier: GPL-2.0
/* Attributes shared by views and alerts: see nlput.h. */
#include <linux/kallsyms.h>
#include <linux/netdevice.h>
#include <linux/tpstat.h>

#include "base/compat.h"
#include "format/nlput.h"
#include "format/reasons.h"
#include "tables/netns_index.h"

int tpstat_put_u64(struct sk_buff *skb, int type, u64 v)
{
	return nla_put_u64_64bit(skb, type, v, TPSTAT_A_PAD);
}

int tpstat_put_addr(struct sk_buff *skb, int type, u16 family, const u8 *addr)
{
	return nla_put(skb, type, family == AF_INET ? 4 : 16, addr);
}

int tpstat_put_netns(struct sk_buff *skb, u32 ns_inum, u64 ns_cookie)
{
	return nla_put_u32(skb, TPSTAT_A_NETNS, ns_inum) ||
	       tpstat_put_u64(skb, TPSTAT_A_NETNS_COOKIE, ns_cookie);
}

bool tpstat_ifname(u64 ns_cookie, u32 ifindex, char name[IFNAMSIZ])
{
	struct net_device *dev = NULL;
	bool found = false;
	struct net *net;

	if (!ifindex || !ns_cookie)
		return false;
	rcu_read_lock();
	net = tpstat_net_by_cookie(ns_cookie);
	if (net)
		dev = dev_get_by_index_rcu(net, ifindex);
	if (dev) {
		strscpy(name, dev->name, IFNAMSIZ);
		found = true;
	}
	rcu_read_unlock();
	return found;
}

int tpstat_put_ifname(struct sk_buff *skb, u64 ns_cookie, u32 ifindex)
{
	char name[IFNAMSIZ];

	if (!tpstat_ifname(ns_cookie, ifindex, name))
		return 0;
	return nla_put_string(skb, TPSTAT_A_IFNAME, name);
}

int tpstat_put_reason(struct sk_buff *skb, u32 reason, const char *name)
{
	if (nla_put_u32(skb, TPSTAT_A_REASON, reason))
		return -EMSGSIZE;
	return name ? nla_put_string(skb, TPSTAT_A_REASON_NAME, name) : 0;
}

/*
 * sprint_symbol() writes "0x<address>" where kallsyms knows no symbol
 * (its module is gone, or the kernel has no kallsyms: then it writes
 * nothing), and a symbol name never starts with a digit.
 */
const char *tpstat_location_name(char buf[KSYM_SYMBOL_LEN], u64 location)
{
	buf[0] = '\0';
	sprint_symbol(buf, (unsigned long)location);
	if (!buf[0] || (buf[0] == '0' && buf[1] == 'x'))
		return "?";
	return buf;
}

int tpstat_put_drop_site(struct sk_buff *skb, u64 location, u32 reason)
{
	char loc[KSYM_SYMBOL_LEN], name[TPSTAT_REASON_NAME_LEN];

	if (nla_put_string(skb, TPSTAT_A_LOCATION,
			   tpstat_location_name(loc, location)))
		return -EMSGSIZE;
	if (!(TPSTAT_FEATURES & TPSTAT_F_DROP_REASON))
		return 0;
	return tpstat_put_reason(skb, reason,
				 tpstat_drop_reason_name(reason, name));
}

int tpstat_put_rst_reason(struct sk_buff *skb, u32 reason)
{
	if (!(TPSTAT_FEATURES & TPSTAT_F_RST_REASON))
		return 0;
	return tpstat_put_reason(skb, reason, tpstat_rst_reason_name(reason));
}
