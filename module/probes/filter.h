/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The filter (ftrace's set_event_pid and "common_pid == N", bpftrace's
 * comm == "x"): what it keeps out is counted nowhere.  While one is set,
 * every event has its filtered probe attached, which tests it first
 * (control.c); setting or clearing it starts the counts over.
 *
 * Each field matches on what the event knows: pid and comm on the task
 * that is current when the probe runs (in softirq that may be any task,
 * as with ftrace); netns, lport, rport, laddr and raddr on the event's
 * socket (or the skb's); netns and ifindex on the event's device (or the
 * skb's).  An event that cannot tell a field a filter sets is kept out:
 * ports and addresses only an internet socket tells, and an unbound or
 * unconnected socket's wildcard address (0.0.0.0, ::) is none.
 *
 * laddr and raddr are a network, an address under a prefix.  IPv4 ones
 * are kept as IPv4-mapped IPv6 (::ffff:a.b.c.d under 96 + prefix bits),
 * and so are an event's IPv4 addresses, an IPv6 socket's IPv4-mapped ones
 * included: an IPv4 filter matches an IPv4 peer whichever socket talks to
 * it, and the match is one masked compare of 16 bytes.  IPv6 networks
 * match only IPv6 addresses (::/0 is "any IPv6 address", not IPv4 too).
 *
 * netns is given as an inode number, and resolved when the filter is set
 * to the cookie of the namespace that has it then (compat.h); events
 * match by cookie.  So a filter naming a namespace that dies matches
 * nothing, even in a later namespace that gets the same number.
 */
#ifndef _TPSTAT_FILTER_H
#define _TPSTAT_FILTER_H

#include <linux/in6.h>
#include <linux/rcupdate.h>
#include <linux/types.h>
#include <linux/tpstat.h>

enum {
	TPSTAT_FILTER_PID = BIT(0),
	TPSTAT_FILTER_COMM = BIT(1),
	TPSTAT_FILTER_NETNS = BIT(2),
	TPSTAT_FILTER_IFINDEX = BIT(3),
	TPSTAT_FILTER_LPORT = BIT(4),
	TPSTAT_FILTER_RPORT = BIT(5),
	TPSTAT_FILTER_LADDR = BIT(6),
	TPSTAT_FILTER_RADDR = BIT(7),
	/* The probes test this once: no address, no further cost. */
	TPSTAT_FILTER_ADDRS = TPSTAT_FILTER_LADDR | TPSTAT_FILTER_RADDR,
};

/* A network: an address under a prefix (IPv4 as IPv4-mapped IPv6). */
struct tpstat_filter_addr {
	struct in6_addr net;	/* host bits zero */
	struct in6_addr mask;
	u8 family;		/* AF_INET or AF_INET6 */
	u8 prefix;		/* of the family's address: 0-32, 0-128 */
};

struct tpstat_filter {
	u32 fields;		/* TPSTAT_FILTER_* that are set */
	pid_t pid;
	u32 netns;		/* as the admin named it: an inode number */
	u64 netns_cookie;	/* what matches: that namespace's, at set time */
	int ifindex;
	u16 lport, rport;
	char comm[TPSTAT_COMM_MAX];
	struct tpstat_filter_addr laddr, raddr;
	struct rcu_head rcu;
};

struct sock;
struct sk_buff;
struct net_device;

/* In the filtered probes: false if the filter keeps this event out. */
bool tpstat_filter_match(const struct sock *sk, const struct sk_buff *skb,
			 const struct net_device *dev);
/* The same, for one filter @f (a namespace's, netns_counts.h). */
bool tpstat_filter_match_one(const struct tpstat_filter *f,
			     const struct sock *sk, const struct sk_buff *skb,
			     const struct net_device *dev);

/*
 * Fills @fa from an address of @len bytes (4: IPv4, 16: IPv6) under
 * @prefix bits (-1: all of them).  An IPv4-mapped IPv6 address under 96
 * or more bits is its IPv4 address (::ffff:10.0.0.0/104 is 10.0.0.0/8).
 * Refused: another length, a prefix longer than the address, and bits
 * set beyond the prefix (as ip route refuses 10.0.0.1/8: a typo, not a
 * network).  Returns NULL, or why with *@bad_prefix true if the prefix
 * is what is wrong: a string literal, for an extack.  Any context.
 */
const char *tpstat_filter_addr_init(struct tpstat_filter_addr *fa,
				    const void *addr, int len, int prefix,
				    bool *bad_prefix);
/* Writes @fa's address, 4 or 16 bytes, to @addr; returns its length. */
int tpstat_filter_addr_get(const struct tpstat_filter_addr *fa, void *addr);

/*
 * Sets @f's netns_cookie to that of the live namespace whose inode
 * number is @f->netns; false if none has it.  Process context.
 */
bool tpstat_filter_resolve_netns(struct tpstat_filter *f);

/* Takes ownership of @f (NULL or no fields: no filter).  Process context. */
void tpstat_filter_set(struct tpstat_filter *f);
/* A copy of the filter under RCU; false if none is set. */
bool tpstat_filter_get(struct tpstat_filter *out);
void tpstat_filter_exit(void);

#endif /* _TPSTAT_FILTER_H */
