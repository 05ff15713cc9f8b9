// SPDX-License-Identifier: GPL-2.0
/* The order readers get a view's copy in: see snap_sort.h. */
#include <asm/byteorder.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "snap_sort.h"

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
 * The records in tpstat_rec_cmp() order: a merge sort of their indices
 * (half the comparisons of sort_r()'s heapsort, none through a pointer,
 * and 4-byte moves), then each record moved once to its place.  Reading
 * a full 65,536-entry table spent two thirds of its kernel time in
 * sort_r().  Without the memory for the indices, sort_r() in place.
 */
void tpstat_snap_sort(struct tpstat_view_snap *snap)
{
	size_t n = snap->count, rs = snap->rec_size, w, i;
	u32 *a, *b, *t, j, k;
	u8 *tmp;

	if (n < 2)
		return;
	a = kvmalloc(2 * n * sizeof(u32) + rs, GFP_KERNEL);
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
			size_t l = i, mid = min(i + w, n), r = mid;
			size_t hi = min(i + 2 * w, n), o = i;

			while (l < mid && r < hi)
				b[o++] = tpstat_rec_cmp(snap, tpstat_snap_key(snap, a[r]),
							tpstat_snap_key(snap, a[l])) < 0 ?
					 a[r++] : a[l++];
			while (l < mid)
				b[o++] = a[l++];
			while (r < hi)
				b[o++] = a[r++];
		}
		t = a;
		a = b;
		b = t;
		cond_resched();
	}
	/* Place i takes record a[i]: follow each cycle once. */
	for (i = 0; i < n; i++) {
		if (a[i] == i)
			continue;
		memcpy(tmp, snap->recs + i * rs, rs);
		j = i;
		while ((k = a[j]) != i) {
			memcpy(snap->recs + (size_t)j * rs, snap->recs + (size_t)k * rs, rs);
			a[j] = j;
			j = k;
		}
		memcpy(snap->recs + (size_t)j * rs, tmp, rs);
		a[j] = j;
	}
	kvfree(a < b ? a : b);
}
