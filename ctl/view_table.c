// SPDX-License-Identifier: GPL-2.0
/*
 * The table of views: one line a view, in the order tpstat help and
 * tpstat export list them.  The command line, the reads, the printing
 * and the export loop over it; nothing else names a view.
 */
#include "views.h"

#define VIEW_LIST(X) \
	X(drops) \
	X(traps) \
	X(retrans) \
	X(resets) \
	X(errors) \
	X(rcvq) \
	X(neigh) \
	X(auth) \
	X(states) \
	X(lifetimes) \
	X(devices) \
	X(hists) \
	X(sockmem) \
	/* one line a view, above this one */

#define VIEW_DECLARE(name) extern const struct view_ops name##_view_ops;
#define VIEW_ENTRY(name) &name##_view_ops,

VIEW_LIST(VIEW_DECLARE)

static const struct view_ops *const views[] = { VIEW_LIST(VIEW_ENTRY) };

const struct view_ops *view_at(size_t i)
{
	return i < sizeof(views) / sizeof(views[0]) ? views[i] : NULL;
}

const struct view_ops *view_ops(uint32_t view)
{
	const struct view_ops *ops;

	for (size_t i = 0; (ops = view_at(i)); i++)
		if (ops->id == view)
			return ops;
	return NULL;
}

const char *view_name(uint32_t view)
{
	const struct view_ops *ops = view_ops(view);

	return ops ? ops->name : "unknown";
}
