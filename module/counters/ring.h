/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A ring of variable-length records in one fixed buffer, for the
 * recorder (recorder.c): a record is written whole, read in the order
 * written, and the oldest ones are dropped, and counted, to make room.
 * Its memory is allocated once; nothing grows.  The caller serialises
 * every call (the recorder's mutex).
 */
#ifndef _TPSTAT_RING_H
#define _TPSTAT_RING_H

#include <linux/types.h>

struct tpstat_ring {
	u8 *buf;
	u32 size;	/* bytes, a multiple of 8 */
	u32 head;	/* where the oldest record starts */
	u32 tail;	/* where the next one goes */
	u32 count;	/* records held */
	u64 lost;	/* records dropped to make room */
};

/* Records are 8-byte aligned, each after a header of this many bytes. */
#define TPSTAT_RING_HDR		8

int tpstat_ring_init(struct tpstat_ring *r, u32 size, gfp_t gfp);
void tpstat_ring_free(struct tpstat_ring *r);
/* The bytes the ring holds, what it records or not. */
size_t tpstat_ring_bytes(const struct tpstat_ring *r);
/*
 * A record of @len bytes (at most size - TPSTAT_RING_HDR, the largest
 * record the caller makes being checked at init), written after the
 * newest: the oldest are dropped while there is no room.
 */
void tpstat_ring_write(struct tpstat_ring *r, const void *rec, u32 len);
/* Where a reader is: the next record's offset and how many are left. */
struct tpstat_ring_pos {
	u32 off, left;
};

/*
 * The records, oldest first: the first, then each next, with its length
 * in *@len; NULL after the last.
 */
const void *tpstat_ring_first(const struct tpstat_ring *r,
			      struct tpstat_ring_pos *pos, u32 *len);
const void *tpstat_ring_next(const struct tpstat_ring *r,
			     struct tpstat_ring_pos *pos, u32 *len);

#endif /* _TPSTAT_RING_H */
