// SPDX-License-Identifier: GPL-2.0
/* Copies of views for readers: see viewread.h. */
#include <linux/mm.h>
#include <linux/slab.h>

#include "base/compat.h"
#include "control/control.h"
#include "control/viewread.h"
#include "tables/snap_sort.h"
#include "tables/view_type.h"

struct tpstat_view_read *tpstat_view_read(enum tpstat_view view, u64 ns_cookie)
{
	const struct tpstat_view_type *type = tpstat_view_type(view);
	struct tpstat_view_read *r = kzalloc(sizeof(*r), GFP_KERNEL_ACCOUNT);

	if (!r)
		return NULL;
	r->view = view;
	if (type->key_size) {
		r->snap = tpstat_view_snapshot(view, ns_cookie);
		if (!r->snap)
			goto nomem;
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
