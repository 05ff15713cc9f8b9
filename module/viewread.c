// SPDX-License-Identifier: GPL-2.0
/* Copies of views for readers: see viewread.h. */
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/net_namespace.h>

#include "compat.h"
#include "control.h"
#include "snap_sort.h"
#include "viewread.h"

const char *const tpstat_hist_names[TPSTAT_NR_HISTS] = {
	[TPSTAT_HIST_SRTT] = "srtt_us",
	[TPSTAT_HIST_CWND] = "snd_cwnd",
	[TPSTAT_HIST_XMIT_LEN] = "xmit_len",
	[TPSTAT_HIST_RX_LEN] = "rx_len",
};

bool tpstat_ifname(u64 ns_cookie, u32 ifindex, char name[IFNAMSIZ])
{
	struct net_device *dev;
	bool found = false;
	struct net *net;

	if (!ifindex || !ns_cookie)
		return false;
	rcu_read_lock();
	for_each_net_rcu(net) {
		if (tpstat_net_cookie(net) != ns_cookie)
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
 * Keeps the entries of namespace @ns_cookie, and counts them as the used
 * ones.  A pass over a full table moves as much as the copy did, so it
 * yields as often; the copy is the reader's own, under no lock.
 */
static void tpstat_snap_keep_netns(struct tpstat_view_snap *snap, int offset,
				   u64 ns_cookie)
{
	u32 i, kept = 0;

	for (i = 0; i < snap->count; i++) {
		const u8 *rec = snap->recs + (size_t)i * snap->rec_size;

		if (i && i % 4096 == 0)
			cond_resched();
		if (*(const u64 *)(rec + offset) != ns_cookie)
			continue;
		if (kept != i)
			memcpy(snap->recs + (size_t)kept * snap->rec_size, rec,
			       snap->rec_size);
		kept++;
	}
	snap->count = kept;
	snap->used = kept;
}

struct tpstat_view_read *tpstat_view_read(enum tpstat_view view, u64 ns_cookie)
{
	enum tpstat_table_id table = tpstat_view_table(view);
	struct tpstat_view_read *r = kzalloc(sizeof(*r), GFP_KERNEL_ACCOUNT);
	unsigned int cell;

	if (!r)
		return NULL;
	r->view = view;
	if (table < TPSTAT_NR_TABLES) {
		r->snap = tpstat_view_snapshot(table);
		if (!r->snap)
			goto nomem;
		if (ns_cookie)
			tpstat_snap_keep_netns(r->snap,
					       tpstat_table_netns_offset(table),
					       ns_cookie);
		tpstat_snap_sort(r->snap);
		r->count = r->snap->count;
		return r;
	}
	r->totals = kmalloc(sizeof(*r->totals), GFP_KERNEL_ACCOUNT);
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
