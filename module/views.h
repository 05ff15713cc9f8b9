/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The views: keyed tables that say where and to whom events happened
 * (drops by location and reason, retransmits per flow, resets per
 * service and peer, lifetimes per service, devices, devlink traps).  Dense figures (state
 * matrix, log2 histograms) live in the per-CPU counters instead.
 *
 * The tables come in two generations.  Probes write to the one
 * tpstat_views_live points to; a reset publishes the other, cleared one
 * and waits for every probe to leave the old one before clearing it for
 * next time.  So a reset is exact, and no probe writes to a table that
 * is being cleared.
 */
#ifndef _TPSTAT_VIEWS_H
#define _TPSTAT_VIEWS_H

#include <linux/jump_label.h>
#include <linux/rcupdate.h>
#include <linux/types.h>
#include <linux/tpstat.h>

#include "births.h"
#include "table.h"

/*
 * Every key is u64-aligned, and zeroed in full before it is filled in
 * (table.h).  A key names its namespace by ns_cookie
 * (tpstat_net_cookie(): never reused), so a namespace made later never
 * reads a dead one's entries even when it gets its inode number.
 * ns_inum is that namespace's inode number, for display only: it comes
 * from the same namespace, so it adds no keys.
 */
struct tpstat_drop_key {
	u64 location;
	u64 ns_cookie;
	u32 reason;
	u32 ns_inum;
	u32 ifindex;
	u32 pad;
} __aligned(8);

#define TPSTAT_TRAP_NAME_MAX	40
struct tpstat_trap_key {
	char bus[16];
	char device[32];
	char trap[TPSTAT_TRAP_NAME_MAX];
	char group[TPSTAT_TRAP_NAME_MAX];
} __aligned(8);

/* IPv4 addresses in the first 4 bytes; v4-mapped IPv6 is stored as IPv4. */
struct tpstat_flow_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 sport;
	u16 dport;
	u16 pad[3];
	u8 saddr[16];
	u8 daddr[16];
} __aligned(8);

/*
 * A reset by its service and peer (record.c decides the side): @port is
 * the local port where @direction is PASSIVE (a server's end), the
 * remote one where it is ACTIVE (a client's); @peer is the other end.
 * So a client's resets do not take a key per ephemeral port.
 */
struct tpstat_reset_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 port;
	u32 reason;		/* sent resets, 6.10+; else 0 */
	u8 direction;		/* enum tpstat_direction */
	u8 pad[3];
	u8 peer[16];
} __aligned(8);

/*
 * Lifetimes by service: the remote port of an active open (and the task
 * that connected), the local port of a passive one (no task: born in
 * softirq, and closed by whichever end closes first).
 */
struct tpstat_life_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 port;
	u8 direction;		/* enum tpstat_direction */
	u8 pad;
	char comm[TPSTAT_COMM_MAX]; /* active only; "" if never in a task */
} __aligned(8);

struct tpstat_dev_key {
	u64 ns_cookie;
	u32 ns_inum;
	u32 ifindex;
} __aligned(8);

/* A socket error by its service: port is the remote one if @remote. */
struct tpstat_err_key {
	u64 ns_cookie;
	u32 ns_inum;
	u32 err;		/* sk_err, never 0 */
	u16 family;
	u16 port;
	u8 protocol;
	u8 remote;
	u8 pad[2];
} __aligned(8);

/*
 * A socket whose receive queue was full, by its local port: a UDP or
 * UDP-Lite port, a ping socket's identifier (ICMP, ICMPv6), or, with
 * @protocol IPPROTO_RAW for every raw socket, the IP protocol it receives
 * (as /proc/net/raw shows it).  @family is the socket's.
 */
struct tpstat_rcvq_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 port;
	u8 protocol;
	u8 pad[7];
} __aligned(8);

/* A neighbour by its device and address (the neighbour table's key). */
struct tpstat_neigh_key {
	u64 ns_cookie;
	u32 ns_inum;
	u32 ifindex;
	u16 family;		/* the table's: AF_INET (ARP), AF_INET6 (ND) */
	u16 pad[3];
	u8 daddr[16];		/* IPv4 in the first 4 bytes */
} __aligned(8);

/*
 * A failed TCP-MD5/AO check: the segment's source (IPv4 in the first 4
 * bytes), the local port it was sent to, enum tpstat_auth_kind.
 */
struct tpstat_auth_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 lport;
	u8 kind;
	u8 pad[7];
	u8 peer[16];
} __aligned(8);

enum { TPSTAT_DROP_COUNT, TPSTAT_DROP_NR };
enum { TPSTAT_NEIGH_COUNT, TPSTAT_NEIGH_NR };
enum { TPSTAT_AUTH_COUNT, TPSTAT_AUTH_NR };
enum { TPSTAT_ERR_COUNT, TPSTAT_ERR_NR };
/* RCVBUF: the socket's sk_rcvbuf at its last drop. */
enum { TPSTAT_RCVQ_COUNT, TPSTAT_RCVQ_RCVBUF, TPSTAT_RCVQ_NR };
enum { TPSTAT_TRAP_COUNT, TPSTAT_TRAP_NR };
enum {
	TPSTAT_FLOW_RETRANS, TPSTAT_FLOW_SYNACK, TPSTAT_FLOW_STATE,
	TPSTAT_FLOW_NR
};
enum { TPSTAT_RST_SENT, TPSTAT_RST_RECEIVED, TPSTAT_RST_NR };
/* Buckets, then sum and count. */
enum {
	TPSTAT_LIFE_SUM = TPSTAT_HIST_BUCKETS, TPSTAT_LIFE_COUNT,
	TPSTAT_LIFE_NR
};
/* Each *_PACKETS is followed by its *_BYTES (tpstat_record_dev()). */
enum {
	TPSTAT_DEV_TX_PACKETS, TPSTAT_DEV_TX_BYTES, TPSTAT_DEV_RX_PACKETS,
	TPSTAT_DEV_RX_BYTES, TPSTAT_DEV_XMIT_ERRORS, TPSTAT_DEV_XMIT_TIMEOUTS,
	TPSTAT_DEV_GRO, TPSTAT_DEV_NAPI_POLLS, TPSTAT_DEV_NAPI_WORK,
	TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED, TPSTAT_DEV_NR
};

/* The keyed views' tables (views.c maps each view to its own). */
enum tpstat_table_id {
	TPSTAT_T_DROPS, TPSTAT_T_TRAPS, TPSTAT_T_FLOWS, TPSTAT_T_RESETS,
	TPSTAT_T_LIFETIMES, TPSTAT_T_DEVICES, TPSTAT_T_ERRORS, TPSTAT_T_RCVQ,
	TPSTAT_T_NEIGH, TPSTAT_T_AUTH, TPSTAT_NR_TABLES
};

struct tpstat_views {
	struct tpstat_table table[TPSTAT_NR_TABLES];
};

/* Written by probes, swapped by a reset; read under rcu_read_lock_sched. */
extern struct tpstat_views __rcu *tpstat_views_live;
/* Birth times outlive resets: a reset must not forget open sockets. */
extern struct tpstat_births tpstat_births;
/* Bit per enum tpstat_view that is enabled (views= at load). */
extern unsigned long tpstat_views_enabled;

static inline bool tpstat_view_on(enum tpstat_view view)
{
	return test_bit(view, &tpstat_views_enabled);
}

/*
 * The same, for probes: views= is fixed at load, so each view's test is
 * a patched jump instead of a load and a test.
 */
extern struct static_key_false tpstat_view_keys[__TPSTAT_VIEW_CNT];

static __always_inline bool tpstat_view_hot(enum tpstat_view view)
{
	return static_branch_likely(&tpstat_view_keys[view]);
}

int tpstat_views_init(const char *spec, char *err, size_t err_len);
void tpstat_views_exit(void);
/* Caller: tpstat control lock held (one reset at a time). */
void tpstat_views_reset(void);
size_t tpstat_views_bytes(void);
enum tpstat_table_id tpstat_view_table(enum tpstat_view view);
/* Where a table's keys hold their namespace's cookie (u64); -1: they do not. */
int tpstat_table_netns_offset(enum tpstat_table_id id);
const char *tpstat_view_name(enum tpstat_view view);

/* A copy of a table's entries for a reader; kvfree() it. */
struct tpstat_view_snap {
	u32 used, capacity, count;
	u32 key_size, nr_vals, rec_size;
	u64 overflow;
	u8 recs[];	/* count records: key, then nr_vals u64 */
};

/* Sleeps (yields while it copies): readers in process context only. */
struct tpstat_view_snap *tpstat_view_snapshot(enum tpstat_table_id id);

static inline const void *tpstat_snap_key(const struct tpstat_view_snap *s,
					  u32 i)
{
	return s->recs + (size_t)i * s->rec_size;
}

static inline const u64 *tpstat_snap_vals(const struct tpstat_view_snap *s,
					  u32 i)
{
	return (const u64 *)(s->recs + (size_t)i * s->rec_size + s->key_size);
}

#endif /* _TPSTAT_VIEWS_H */
