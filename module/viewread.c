// SPDX-License-Identifier: GPL-2.0
/* Copies of views for readers: see viewread.h. */
#include <asm/byteorder.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <net/net_namespace.h>

#include "control.h"
#include "viewread.h"

const char *const tpstat_hist_names[TPSTAT_NR_HISTS] = {
	[TPSTAT_HIST_SRTT] = "srtt_us",
	[TPSTAT_HIST_CWND] = "snd_cwnd",
	[TPSTAT_HIST_XMIT_LEN] = "xmit_len",
	[TPSTAT_HIST_RX_LEN] = "rx_len",
};

bool tpstat_ifname(u32 netns, u32 ifindex, char name[IFNAMSIZ])
{
	struct net_device *dev;
	bool found = false;
	struct net *net;

	if (!ifindex)
		return false;
	rcu_read_lock();
	for_each_net_rcu(net) {
		if (net->ns.inum != netns)
			continue;
		dev = dev_get_by_index_rcu(net, ifindex);
		if (dev) {
			strscpy(name, dev->name, IFNAMSIZ);
			found = true;
		}
		break;
	}
	rcu_read_unlock();
	return found;
}

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
static void tpstat_snap_sort(struct tpstat_view_snap *snap)
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

/* Keeps the entries of namespace @netns, and counts them as the used ones. */
static void tpstat_snap_keep_netns(struct tpstat_view_snap *snap, int offset,
				   u32 netns)
{
	u32 i, kept = 0;

	for (i = 0; i < snap->count; i++) {
		const u8 *rec = snap->recs + (size_t)i * snap->rec_size;

		if (*(const u32 *)(rec + offset) != netns)
			continue;
		if (kept != i)
			memcpy(snap->recs + (size_t)kept * snap->rec_size, rec,
			       snap->rec_size);
		kept++;
	}
	snap->count = kept;
	snap->used = kept;
}

struct tpstat_view_read *tpstat_view_read(enum tpstat_view view, u32 netns)
{
	enum tpstat_table_id table = tpstat_view_table(view);
	struct tpstat_view_read *r = kzalloc(sizeof(*r), GFP_KERNEL);
	unsigned int cell;

	if (!r)
		return NULL;
	r->view = view;
	if (table < TPSTAT_NR_TABLES) {
		r->snap = tpstat_view_snapshot(table);
		if (!r->snap)
			goto nomem;
		if (netns)
			tpstat_snap_keep_netns(r->snap,
					       tpstat_table_netns_offset(table),
					       netns);
		tpstat_snap_sort(r->snap);
		r->count = r->snap->count;
		return r;
	}
	r->totals = kmalloc(sizeof(*r->totals), GFP_KERNEL);
	if (!r->totals)
		goto nomem;
	tpstat_control_read(r->totals);
	if (view == TPSTAT_VIEW_HISTS) {
		r->count = TPSTAT_NR_HISTS;
		return r;
	}
	for (cell = 0; cell < TPSTAT_TCP_CELLS; cell++)
		if (r->totals->slot[TPSTAT_SLOT_TCP_STATES + cell])
			r->cells[r->count++] = cell;
	return r;

nomem:
	tpstat_view_read_free(r);
	return NULL;
}

void tpstat_view_read_free(struct tpstat_view_read *r)
{
	if (!r)
		return;
	kvfree(r->snap);
	kfree(r->totals);
	kfree(r);
}
