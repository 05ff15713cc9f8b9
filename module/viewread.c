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
#include "view_type.h"
#include "viewread.h"

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
	const struct tpstat_view_type *type = tpstat_view_type(view);
	struct tpstat_view_read *r = kzalloc(sizeof(*r), GFP_KERNEL_ACCOUNT);

	if (!r)
		return NULL;
	r->view = view;
	if (type->key_size) {
		r->snap = tpstat_view_snapshot(view);
		if (!r->snap)
			goto nomem;
		if (ns_cookie)
			tpstat_snap_keep_netns(r->snap, type->ns_offset,
					       ns_cookie);
		tpstat_snap_sort(r->snap);
		r->count = r->snap->count;
		return r;
	}
	r->totals = kmalloc(sizeof(*r->totals), GFP_KERNEL_ACCOUNT);
	if (!r->totals)
		goto nomem;
	tpstat_control_read(r->totals);
	r->count = type->rows(r);
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
