// SPDX-License-Identifier: GPL-2.0
/* The order readers get a view's copy in: see snap_sort.h. */
#include <asm/byteorder.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "tables/snap_sort.h"

/*
 * Biggest first value first (most drops, most retransmits), then key
 * bytes in memcmp() order, a word at a time (keys are __aligned(8), so
 * are records).  Keys are unique, so the order is total.
 */
static inline int tpstat_rec_cmp(const struct tpstat_view_snap *snap,
				 const u8 *a, const u8 *b)
{
	u64 va = *(const u64 *)(a + snap->key_size);
	u64 vb = *(const u64 *)(b + snap->key_size);
	u32 off;

	if (va != vb)
		return va > vb ? -1 : 1;
	for (off = 0; off + 8 <= snap->key_size; off += 8) {
		u64 x = be64_to_cpup((const __be64 *)(a + off));
		u64 y = be64_to_cpup((const __be64 *)(b + off));

		if (x != y)
			return x < y ? -1 : 1;
	}
	return memcmp(a + off, b + off, snap->key_size - off);
}

static int tpstat_cmp_recs(const void *a, const void *b, const void *priv)
{
	return tpstat_rec_cmp(priv, a, b);
}

/*
 * Entries merged or moved between two chances to yield.  A merge pass
 * over 65,536 entries held the CPU for 3.7 ms (bench/genl_stall.sh), and
 * the moves for as long.  The counts are checked once per stretch of
 * entries, not per entry: a check per entry cost 3.9 M instructions a
 * sort.
 */
#define TPSTAT_SORT_SEGMENT	4096

/*
 * Merges the sorted runs a[@l, @mid) and a[@mid, @hi) into b[@l, @hi),
 * and returns @done plus the entries it merged since it last yielded.
 * It goes by stretches that neither run can run out in, so each step
 * of a stretch tests one count instead of both runs' ends; between
 * stretches it yields once TPSTAT_SORT_SEGMENT entries are done.
 */
static size_t tpstat_merge(const struct tpstat_view_snap *snap, const u32 *a,
			   u32 *b, size_t l, size_t mid, size_t hi,
			   size_t done)
{
	size_t r = mid, o = l, c;

	while (l < mid && r < hi) {
		c = min3(mid - l, hi - r, (size_t)TPSTAT_SORT_SEGMENT);
		done += c;
		for (; c; c--)
			b[o++] = tpstat_rec_cmp(snap, tpstat_snap_key(snap, a[r]),
						tpstat_snap_key(snap, a[l])) < 0 ?
				 a[r++] : a[l++];
		if (done >= TPSTAT_SORT_SEGMENT) {
			cond_resched();
			done = 0;
		}
	}
	done += mid - l + hi - r;
	while (l < mid)
		b[o++] = a[l++];
	while (r < hi)
		b[o++] = a[r++];
	return done;
}

/*
 * The records in tpstat_rec_cmp() order: a merge sort of their indices
 * (half the comparisons of sort_r()'s heapsort, none through a pointer,
 * and 4-byte moves), then each record moved once to its place.  Reading
 * a full 65,536-entry table spent two thirds of its kernel time in
 * sort_r().  Without the memory for the indices, sort_r() in place.
 * It yields every TPSTAT_SORT_SEGMENT entries or so: other netlink users
 * wait for the CPU while a reader sorts.
 */
void tpstat_snap_sort(struct tpstat_view_snap *snap)
{
	size_t n = snap->count, rs = snap->rec_size, w, i, done = 0;
	u32 *a, *b, *t, j, k;
	u8 *tmp;

	might_sleep();
	if (n < 2)
		return;
	a = kvmalloc(2 * n * sizeof(u32) + rs, GFP_KERNEL_ACCOUNT);
	if (!a) {
		sort_r(snap->recs, n, rs, tpstat_cmp_recs, NULL, snap);
		return;
	}
	b = a + n;
	tmp = (u8 *)(b + n);
	for (i = 0; i < n; i++)
		a[i] = i;
	for (w = 1; w < n; w *= 2) {
		for (i = 0; i < n; i += 2 * w) {
			done = tpstat_merge(snap, a, b, i, min(i + w, n),
					    min(i + 2 * w, n), done);
			if (done >= TPSTAT_SORT_SEGMENT) {
				cond_resched();
				done = 0;
			}
		}
		t = a;
		a = b;
		b = t;
	}
	/*
	 * Place i takes record a[i]: follow each cycle once.  A cycle can be
	 * as long as the table, so the yields count the moves in cycles as
	 * well as the places.
	 */
	for (i = 0; i < n; i++) {
		if (++done % TPSTAT_SORT_SEGMENT == 0)
			cond_resched();
		if (a[i] == i)
			continue;
		memcpy(tmp, snap->recs + i * rs, rs);
		j = i;
		while ((k = a[j]) != i) {
			memcpy(snap->recs + (size_t)j * rs, snap->recs + (size_t)k * rs, rs);
			a[j] = j;
			j = k;
			if (++done % TPSTAT_SORT_SEGMENT == 0)
				cond_resched();
		}
		memcpy(snap->recs + (size_t)j * rs, tmp, rs);
		a[j] = j;
	}
	kvfree(a < b ? a : b);
}
