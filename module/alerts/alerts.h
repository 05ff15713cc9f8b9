/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Alerts (tpstat monitor): what probes fold into per-CPU pending counts
 * while someone listens, and what the monitor's deferred work
 * (monitor.c) turns into ALERT messages once a window.
 *
 * Each CPU has two generations of a small table of pending counts.
 * Probes fold into the one tpstat_alert_gen names, with interrupts off
 * on their CPU, so nesting cannot tear a slot.  The work flips the
 * generation, waits for an RCU grace period (probes fold with interrupts
 * off, so afterwards none still holds the old one), and only
 * then reads and clears the old tables of every CPU.  No lock is taken
 * in probe context, and nothing is sent from it.
 *
 * TCP's transitions in the initial namespace are most of what a monitor
 * folds (a short connection makes ten), so they skip the table: each is
 * one per-CPU add to a cell of a dense matrix, which becomes keys only in
 * the window (alert_window.c).
 *
 * With no listener the probes pay one patched jump (tpstat_alerts_on).
 */
#ifndef _TPSTAT_ALERTS_H
#define _TPSTAT_ALERTS_H

#include <linux/build_bug.h>
#include <linux/jump_label.h>
#include <linux/percpu.h>
#include <linux/tpstat.h>
#include <linux/types.h>
#include <net/net_namespace.h>
#include <net/sock.h>

#include "base/compat.h"
#include "counters/counters.h"

struct netlink_ext_ack;

/*
 * One key for every kind: zeroed in full, then the kind's fields.  @what
 * names the attribute its count goes out as (TPSTAT_A_COUNT,
 * TPSTAT_A_RST_SENT, ...), so a reset sent and one received are two
 * keys.
 */
struct tpstat_alert_key {
	u8 kind;		/* enum tpstat_alert_kind */
	u8 family;
	u8 old_state;
	u8 new_state;
	u32 ns_inum;		/* the namespace's inode number: display only */
	u64 ns_cookie;		/* the namespace (tpstat_net_cookie()) */
	u32 reason;		/* drop or reset reason; errno for errors */
	u32 ifindex;
	u16 sport;
	u16 dport;
	u16 what;
	u16 pad;
	u64 location;
	u8 saddr[16];
	u8 daddr[16];
} __aligned(8);

#define TPSTAT_ALERT_SLOTS	64	/* a power of two */
static_assert(TPSTAT_ALERT_SLOTS <= 256);	/* a slot's index is a u8 */
#define TPSTAT_ALERT_LOSS_SLOTS	8	/* of them, kept for losses */

/* A key whose what is TPSTAT_A_EVENTS_LOST counts events lost in its namespace. */
struct tpstat_alert_slot {
	struct tpstat_alert_key key;
	u64 count;		/* 0: free */
};

/* One CPU's pending counts for one generation. */
struct tpstat_alert_pending {
	u32 used;			/* slots */
	u8 last[__TPSTAT_ALERT_CNT];	/* each kind's last slot: a guess */
	u64 lost[__TPSTAT_ALERT_CNT];	/* events a full table could not take */
	struct tpstat_alert_slot slot[TPSTAT_ALERT_SLOTS];
	/* The initial namespace's TCP transitions: [IPv6][matrix cell]. */
	u32 init_states[2][TPSTAT_TCP_CELLS];
};

struct tpstat_alert_cpu {
	struct tpstat_alert_pending gen[2];
};

extern struct tpstat_alert_cpu __percpu *tpstat_alert_cpus;
extern unsigned int tpstat_alert_gen;
DECLARE_STATIC_KEY_FALSE(tpstat_alerts_on);

static __always_inline bool tpstat_alerts_hot(void)
{
	return static_branch_unlikely(&tpstat_alerts_on);
}

/* Probe context (alert_fold.c). */
void tpstat_alert_drop(const struct sk_buff *skb, const void *location,
		       u32 reason);
void tpstat_alert_reset(const struct sock *sk, const struct sk_buff *skb,
			u32 reason, bool sent);
void tpstat_alert_retrans(const struct sock_common *c, bool synack,
			  int state);
void tpstat_alert_state_key(const struct sock *sk, int oldstate, int newstate);

/*
 * A TCP transition.  The matrix cell is this CPU's, of the generation it
 * read, pinned (compat.h) until the add is done: the window flips the
 * generation and waits for a grace period before it reads the old one.
 * One add, so nesting cannot tear it.  Other namespaces, and values
 * outside the matrix, fold as keys.
 */
static __always_inline void tpstat_alert_state(const struct sock *sk,
					       int oldstate, int newstate)
{
	const bool v6 = sk->sk_family == AF_INET6;

	if (likely(net_eq(sock_net(sk), &init_net) &&
		   (v6 || sk->sk_family == AF_INET) &&
		   !((oldstate | newstate) & ~TPSTAT_TCP_STATE_MASK))) {
		tpstat_probe_pin();
		this_cpu_inc(tpstat_alert_cpus->gen[READ_ONCE(tpstat_alert_gen) & 1]
			     .init_states[v6][tpstat_tcp_cell(oldstate, newstate)]);
		tpstat_probe_unpin();
		return;
	}
	tpstat_alert_state_key(sk, oldstate, newstate);
}

void tpstat_alert_error(const struct sock *sk);

/* Process context (alert_fold.c). */
int tpstat_alerts_alloc(void);
/* After every probe is gone (tracepoint_synchronize_unregister()). */
void tpstat_alerts_free(void);
size_t tpstat_alerts_bytes(void);

/* What one window sent and lost (alert_window.c). */
struct tpstat_alert_totals {
	u64 sent, alerts_lost, events_lost;
	bool failed;		/* no memory: the window was not sent */
};

/*
 * alert_window.c, in the monitor's work.  Caller: no probe still folds
 * into generation @gen (a grace period after the flip).
 */
void tpstat_alert_window_run(unsigned int gen, u32 rate,
			     struct tpstat_alert_totals *t);
/* Forgets both generations; no probe may fold meanwhile. */
void tpstat_alert_window_discard(void);
/* Whether any namespace has a listener on the alerts group. */
bool tpstat_alerts_listened(void);

/* monitor.c: module load, allocates the pending alerts. */
int tpstat_monitor_init(char *err, size_t err_len);
/* CAP_NET_ADMIN over @net asked for alerts (MONITOR). */
int tpstat_monitor_start(struct net *net, struct netlink_ext_ack *extack);
/* Module exit, before the family goes: no work runs after it. */
void tpstat_monitor_stop(void);
struct seq_file;
/* debugfs "monitor": armed, the rate, and what was sent and lost. */
void tpstat_monitor_show(struct seq_file *m);

/*
 * What a kind of alert is, in the manner of drop_monitor's
 * net_dm_alert_ops: kept with the view that feeds it (views/<name>.c)
 * and found by kind in tpstat_alert_kinds[] (alert_msg.c).  Only the
 * monitor's work reads them: probes fold a kind's key through their own
 * direct call (alert_fold.c), never through these.
 */
struct tpstat_alert_ops {
	const char *name;	/* as tpstat monitor's kinds are named */
	/*
	 * The attributes of what the kind's key holds, between NETNS and
	 * its count (@what).  Process context.  Nonzero: no room.
	 */
	int (*put_key)(struct sk_buff *skb, const struct tpstat_alert_key *k);
};

extern const struct tpstat_alert_ops tpstat_drops_alert_ops;
extern const struct tpstat_alert_ops tpstat_resets_alert_ops;
extern const struct tpstat_alert_ops tpstat_retrans_alert_ops;
extern const struct tpstat_alert_ops tpstat_states_alert_ops;
extern const struct tpstat_alert_ops tpstat_errors_alert_ops;

/* Each kind's ops, by enum tpstat_alert_kind (alert_msg.c). */
extern const struct tpstat_alert_ops *const tpstat_alert_kinds[__TPSTAT_ALERT_CNT];

/* alert_msg.c: one ALERT, or the ALERTS_LOST of one kind. */
struct sk_buff *tpstat_alert_msg(const struct tpstat_alert_key *key,
				 u64 count);
struct sk_buff *tpstat_alert_lost_msg(enum tpstat_alert_kind kind,
				      u64 alerts, u64 events, u32 rate);

#endif /* _TPSTAT_ALERTS_H */
