// SPDX-License-Identifier: GPL-2.0
/* Formatting several views share: see view_fmt.h. */
#include <linux/in.h>
#include <linux/netdevice.h>
#include <linux/seq_file.h>
#include <linux/socket.h>
#include <net/netlink.h>
#include <linux/tpstat.h>

#include "base/compat.h"
#include "counters/counters.h"
#include "format/nlput.h"
#include "format/view_fmt.h"

/* As tcpstates prints them. */
static const char *const tpstat_tcp_states[TCP_MAX_STATES] = {
	[TCP_ESTABLISHED] = "ESTABLISHED",
	[TCP_SYN_SENT] = "SYN_SENT",
	[TCP_SYN_RECV] = "SYN_RECV",
	[TCP_FIN_WAIT1] = "FIN_WAIT1",
	[TCP_FIN_WAIT2] = "FIN_WAIT2",
	[TCP_TIME_WAIT] = "TIME_WAIT",
	[TCP_CLOSE] = "CLOSE",
	[TCP_CLOSE_WAIT] = "CLOSE_WAIT",
	[TCP_LAST_ACK] = "LAST_ACK",
	[TCP_LISTEN] = "LISTEN",
	[TCP_CLOSING] = "CLOSING",
	[TCP_NEW_SYN_RECV] = "NEW_SYN_RECV",
#ifdef TPSTAT_HAVE_TCP_BOUND_INACTIVE
	[TCP_BOUND_INACTIVE] = "BOUND_INACTIVE",
#endif
};

/* NULL for a number that is no TCP state these headers name. */
const char *tpstat_tcp_state_name(unsigned int state)
{
	return state < TCP_MAX_STATES ? tpstat_tcp_states[state] : NULL;
}

void tpstat_seq_dev(struct seq_file *m, u64 ns_cookie, u32 ifindex)
{
	char name[IFNAMSIZ];

	if (!ifindex)
		seq_puts(m, " -");
	else if (tpstat_ifname(ns_cookie, ifindex, name))
		seq_printf(m, " %s", name);
	else
		seq_printf(m, " if%u", ifindex);
}

const char *tpstat_direction_name(u8 direction)
{
	return direction == TPSTAT_DIRECTION_ACTIVE ? "active" :
	       direction == TPSTAT_DIRECTION_PASSIVE ? "passive" : "-";
}

void tpstat_seq_reason(struct seq_file *m, const char *name, u32 code)
{
	seq_printf(m, " %s(%u)", name ? name : "?", code);
}

void tpstat_seq_addr(struct seq_file *m, u16 family, const u8 *addr, u16 port)
{
	if (family == AF_INET)
		seq_printf(m, " %pI4:%u", addr, port);
	else
		seq_printf(m, " [%pI6c]:%u", addr, port);
}

void tpstat_seq_peer(struct seq_file *m, u16 family, const u8 *addr)
{
	if (family == AF_INET)
		seq_printf(m, " %pI4", addr);
	else if (family == AF_INET6)
		seq_printf(m, " %pI6c", addr);
	else
		seq_puts(m, " -");
}

void tpstat_seq_hist(struct seq_file *m, const u64 *buckets, u64 sum)
{
	u64 count = 0;
	int b, first = 1;

	for (b = 0; b < TPSTAT_HIST_BUCKETS; b++)
		count += buckets[b];
	seq_printf(m, " %llu %llu ", count, sum);
	for (b = 0; b < TPSTAT_HIST_BUCKETS; b++) {
		if (!buckets[b])
			continue;
		seq_printf(m, "%s%d:%llu", first ? "" : ",", b, buckets[b]);
		first = 0;
	}
	if (first)
		seq_putc(m, '-');
}

const char *tpstat_state_or_dash(unsigned int state)
{
	const char *name = tpstat_tcp_state_name(state);

	return name ? name : "-";
}

void tpstat_seq_protocol(struct seq_file *m, u8 protocol)
{
	switch (protocol) {
	case IPPROTO_TCP:
		seq_puts(m, "tcp");
		break;
	case IPPROTO_UDP:
		seq_puts(m, "udp");
		break;
	case IPPROTO_UDPLITE:
		seq_puts(m, "udplite");
		break;
	case IPPROTO_ICMP:
		seq_puts(m, "icmp");
		break;
	case IPPROTO_ICMPV6:
		seq_puts(m, "icmpv6");
		break;
	case IPPROTO_RAW:
		seq_puts(m, "raw");
		break;
	default:
		seq_printf(m, "%u", protocol);
	}
}

int tpstat_put_hist(struct sk_buff *skb, const u64 *buckets, size_t stride,
		    u64 sum)
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
		if (nla_put_u64_64bit(skb, b + 1, n, 0))
			return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	if (tpstat_put_u64(skb, TPSTAT_A_HIST_SUM, sum) ||
	    tpstat_put_u64(skb, TPSTAT_A_HIST_COUNT, count))
		return -EMSGSIZE;
	return 0;
}

int tpstat_put_service(struct sk_buff *skb, u8 direction, u16 port)
{
	return nla_put_u16(skb, direction == TPSTAT_DIRECTION_ACTIVE ?
			   TPSTAT_A_DPORT : TPSTAT_A_SPORT, port);
}
