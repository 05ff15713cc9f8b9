/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The filter (ftrace's set_event_pid and "common_pid == N", bpftrace's
 * comm == "x"): what it keeps out is counted nowhere.  While one is set,
 * every event has its filtered probe attached, which tests it first
 * (control.c); setting or clearing it starts the counts over.
 *
 * Each field matches on what the event knows: pid and comm on the task
 * that is current when the probe runs (in softirq that may be any task,
 * as with ftrace); netns, lport and rport on the event's socket (or the
 * skb's); netns and ifindex on the event's device (or the skb's).  An
 * event that cannot tell a field a filter sets is kept out.
 *
 * netns is given as an inode number, and resolved when the filter is set
 * to the cookie of the namespace that has it then (compat.h); events
 * match by cookie.  So a filter naming a namespace that dies matches
 * nothing, even in a later namespace that gets the same number.
 */
#ifndef _TPSTAT_FILTER_H
#define _TPSTAT_FILTER_H

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
};

struct tpstat_filter {
	u32 fields;		/* TPSTAT_FILTER_* that are set */
	pid_t pid;
	u32 netns;		/* as the admin named it: an inode number */
	u64 netns_cookie;	/* what matches: that namespace's, at set time */
	int ifindex;
	u16 lport, rport;
	char comm[TPSTAT_COMM_MAX];
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
