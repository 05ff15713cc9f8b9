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
 */
#ifndef _TPSTAT_BIRTHS_H
#define _TPSTAT_BIRTHS_H

#include <linux/atomic.h>
#include <linux/types.h>
#include <linux/tpstat.h>

#define TPSTAT_BIRTHS_PROBES	64

/*
 * 32 bytes, two to a cache line.  Which end the socket is (born at
 * SYN_SENT or SYN_RECV) takes the lowest bit of its birth time, a
 * nanosecond a lifetime in microseconds never sees, rather than 8 more
 * bytes a slot.
 */
struct tpstat_birth {
	unsigned long sk;	/* 0: free; 1: removed */
	u64 ns;			/* ktime_get_ns() at birth; bit 0: active */
	char comm[TPSTAT_COMM_MAX]; /* "" if born outside process context */
};

static inline bool tpstat_birth_active(const struct tpstat_birth *b)
{
	return b->ns & 1;
}

struct tpstat_births {
	struct tpstat_birth *slots;
	u32 nr_slots;		/* power of two */
	atomic64_t overflow;
};

/* The slots' bytes for @max_sockets sockets; 0 past the limit. */
u64 tpstat_births_size(u32 max_sockets);
int tpstat_births_init(struct tpstat_births *b, u32 max_sockets);
void tpstat_births_free(struct tpstat_births *b);
size_t tpstat_births_bytes(const struct tpstat_births *b);

/* @active: born at SYN_SENT (a connect), else at SYN_RECV. */
void tpstat_birth_record(struct tpstat_births *b, const void *sk, u64 ns,
			 const char *comm, bool active);
/* Removes @sk's birth into *@out; false if it has none. */
bool tpstat_birth_take(struct tpstat_births *b, const void *sk,
		       struct tpstat_birth *out);

#endif /* _TPSTAT_BIRTHS_H */
