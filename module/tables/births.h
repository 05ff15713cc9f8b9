/* SPDX-License-Identifier: GPL-2.0 */
/*
 * When each TCP socket was born, for the lifetimes view (tcplife): a
 * preallocated open-addressing table keyed by socket address, written
 * at SYN_SENT / SYN_RECV and taken out again when the socket closes.
 *
 * A socket's transitions are serialised by its lock, so one socket is
 * never inserted or removed by two contexts at once; different sockets
 * claim slots with cmpxchg().  Removed slots become tombstones that a
 * later insert may reuse.  Probing stops after TPSTAT_BIRTHS_PROBES
 * slots: a socket that finds no slot there is lost and counted.
 *
 * Shares, as the views' tables have quotas (table.h): the sockets of
 * namespaces other than the initial one are charged to a share
 * (tpstat_births_share()), one of TPSTAT_BIRTHS_SHARES: the owner's of
 * an unprivileged user's namespaces, all of them together (the user who
 * made the outermost user namespace below the initial one), or, for a
 * namespace of the initial user namespace (root's containers), the
 * namespace's own, by its cookie.  Those that hash to one share hold at
 * most an eighth of the sockets= sockets between them, and all shares
 * together three quarters: the initial namespace's sockets always find
 * slots (the table has twice as many as sockets=), and one user cannot
 * crowd out the others.  A birth a share refuses is lost and counted in
 * ->overflow, as a full table's.  The share a socket was charged to
 * rides in its slot, so its removal gives back exactly what its record
 * took.  Each check is an atomic_read(), each charge and its return two
 * atomic_inc() or atomic_dec(): no lock, no allocation, bounded work.
 */
#ifndef _TPSTAT_BIRTHS_H
#define _TPSTAT_BIRTHS_H

#include <linux/atomic.h>
#include <linux/build_bug.h>
#include <linux/types.h>
#include <linux/tpstat.h>

struct net;

#define TPSTAT_BIRTHS_PROBES	64

#define TPSTAT_BIRTHS_SHARE_BITS	5
#define TPSTAT_BIRTHS_SHARES		(1U << TPSTAT_BIRTHS_SHARE_BITS)
/* tpstat_births_share() of the initial namespace: charged to none. */
#define TPSTAT_BIRTHS_HOME		-1

/*
 * 32 bytes, two to a cache line.  The low bits of the birth time, which
 * a lifetime in microseconds never sees, hold the rest rather than 8
 * more bytes a slot: bit 0, which end the socket is (born at SYN_SENT or
 * SYN_RECV); bits 1 to 6, the share it was charged to, plus one (0: the
 * initial namespace's, none).
 */
struct tpstat_birth {
	unsigned long sk;	/* 0: free; 1: removed */
	u64 ns;			/* ktime_get_ns() at birth, and the tags below */
	char comm[TPSTAT_COMM_MAX]; /* "" if born outside process context */
};

#define TPSTAT_BIRTH_ACTIVE		1ULL
#define TPSTAT_BIRTH_SHARE_SHIFT	1
#define TPSTAT_BIRTH_SHARE_MASK		0x3fULL
/* The tags' bits: 128 ns of the birth time. */
#define TPSTAT_BIRTH_TAGS						\
	(TPSTAT_BIRTH_ACTIVE |						\
	 TPSTAT_BIRTH_SHARE_MASK << TPSTAT_BIRTH_SHARE_SHIFT)

static_assert(TPSTAT_BIRTHS_SHARES + 1 <= TPSTAT_BIRTH_SHARE_MASK);

static inline bool tpstat_birth_active(const struct tpstat_birth *b)
{
	return b->ns & TPSTAT_BIRTH_ACTIVE;
}

/* ktime_get_ns() at birth, to 128 ns. */
static inline u64 tpstat_birth_time(const struct tpstat_birth *b)
{
	return b->ns & ~TPSTAT_BIRTH_TAGS;
}

/* The share @b was charged to; TPSTAT_BIRTHS_HOME: none. */
static inline int tpstat_birth_share(const struct tpstat_birth *b)
{
	return (int)((b->ns >> TPSTAT_BIRTH_SHARE_SHIFT) &
		     TPSTAT_BIRTH_SHARE_MASK) - 1;
}

struct tpstat_births {
	struct tpstat_birth *slots;
	u32 nr_slots;		/* power of two */
	atomic64_t overflow;
	/* Shares: set by tpstat_births_init(). */
	u32 tenants_max;	/* sockets of every share together */
	u32 share_max;		/* sockets of one share */
	atomic_t tenants_used;
	atomic_t share_used[TPSTAT_BIRTHS_SHARES];
};

/* The slots' bytes for @max_sockets sockets; 0 past the limit. */
u64 tpstat_births_size(u32 max_sockets);
int tpstat_births_init(struct tpstat_births *b, u32 max_sockets);
void tpstat_births_free(struct tpstat_births *b);
size_t tpstat_births_bytes(const struct tpstat_births *b);

/*
 * The share @net's sockets are charged to, or TPSTAT_BIRTHS_HOME.  Any
 * context, probes' included; @net is held (a socket's).
 */
int tpstat_births_share(const struct net *net);
/*
 * @active: born at SYN_SENT (a connect), else at SYN_RECV; @share, its
 * namespace's (tpstat_births_share()).  False: the birth was lost (and
 * counted in ->overflow), for the caller to charge to its namespace.
 */
bool tpstat_birth_record(struct tpstat_births *b, const void *sk, int share,
			 u64 ns, const char *comm, bool active);
/* Removes @sk's birth into *@out, giving back its charge; false if none. */
bool tpstat_birth_take(struct tpstat_births *b, const void *sk,
		       struct tpstat_birth *out);

#endif /* _TPSTAT_BIRTHS_H */
