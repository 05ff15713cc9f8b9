// SPDX-License-Identifier: GPL-2.0
/*
 * The recorder's ring (ring.h).  Each record is a header, its length,
 * then its bytes, padded to 8.  A record never wraps: where the rest of
 * the buffer is too short for it, a header of length 0 (or no room even
 * for that) says the next record is at the start, and the writer goes
 * there.  Records are never empty, so a length of 0 is only that mark.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/string.h>

#include "counters/ring.h"

struct tpstat_ring_hdr {
	u32 len;
	u32 unused;
};
static_assert(sizeof(struct tpstat_ring_hdr) == TPSTAT_RING_HDR);

static u32 tpstat_ring_span(u32 len)
{
	return TPSTAT_RING_HDR + ALIGN(len, 8);
}

int tpstat_ring_init(struct tpstat_ring *r, u32 size, gfp_t gfp)
{
	memset(r, 0, sizeof(*r));
	r->size = ALIGN_DOWN(size, 8);
	r->buf = kvzalloc(r->size, gfp);
	return r->buf ? 0 : -ENOMEM;
}

void tpstat_ring_free(struct tpstat_ring *r)
{
	kvfree(r->buf);
	r->buf = NULL;
}

size_t tpstat_ring_bytes(const struct tpstat_ring *r)
{
	return r->size;
}

static struct tpstat_ring_hdr *tpstat_ring_hdr(const struct tpstat_ring *r,
					       u32 off)
{
	return (struct tpstat_ring_hdr *)(r->buf + off);
}

/* The offset after the record at @off, past a wrap mark. */
static u32 tpstat_ring_after(const struct tpstat_ring *r, u32 off)
{
	off += tpstat_ring_span(tpstat_ring_hdr(r, off)->len);
	if (off + TPSTAT_RING_HDR > r->size || !tpstat_ring_hdr(r, off)->len)
		off = 0;
	return off;
}

static void tpstat_ring_drop_oldest(struct tpstat_ring *r)
{
	r->lost++;
	if (!--r->count) {
		r->head = 0;
		r->tail = 0;
		return;
	}
	r->head = tpstat_ring_after(r, r->head);
}

/* Where a record of @span bytes goes, once there is room for it. */
static u32 tpstat_ring_room(struct tpstat_ring *r, u32 span)
{
	for (;;) {
		if (!r->count)
			return 0;
		if (r->tail > r->head) {
			/* Free: from the tail to the end, then before the head. */
			if (r->size - r->tail >= span)
				return r->tail;
			if (r->size - r->tail >= TPSTAT_RING_HDR)
				tpstat_ring_hdr(r, r->tail)->len = 0;
			r->tail = 0;
			continue;
		}
		/* Free: from the tail to the head (none when they meet). */
		if (r->head - r->tail >= span)
			return r->tail;
		tpstat_ring_drop_oldest(r);
	}
}

void tpstat_ring_write(struct tpstat_ring *r, const void *rec, u32 len)
{
	u32 span = tpstat_ring_span(len), off;

	if (WARN_ON_ONCE(!len || span > r->size))
		return;
	off = tpstat_ring_room(r, span);
	tpstat_ring_hdr(r, off)->len = len;
	memcpy(r->buf + off + TPSTAT_RING_HDR, rec, len);
	r->tail = off + span;
	if (r->tail == r->size)
		r->tail = 0;
	r->count++;
	/* The tail that wrapped onto the head: the ring is full. */
}

static const void *tpstat_ring_at(const struct tpstat_ring *r,
				  const struct tpstat_ring_pos *pos, u32 *len)
{
	if (!pos->left)
		return NULL;
	*len = tpstat_ring_hdr(r, pos->off)->len;
	return r->buf + pos->off + TPSTAT_RING_HDR;
}

const void *tpstat_ring_first(const struct tpstat_ring *r,
			      struct tpstat_ring_pos *pos, u32 *len)
{
	pos->off = r->head;
	pos->left = r->count;
	return tpstat_ring_at(r, pos, len);
}

const void *tpstat_ring_next(const struct tpstat_ring *r,
			     struct tpstat_ring_pos *pos, u32 *len)
{
	if (!pos->left)
		return NULL;
	pos->left--;
	if (pos->left)
		pos->off = tpstat_ring_after(r, pos->off);
	return tpstat_ring_at(r, pos, len);
}
