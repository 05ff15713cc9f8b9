// SPDX-License-Identifier: GPL-2.0
/*
 * The table of views, from view_list.h: one line a view, in the order
 * tpstat help and tpstat export list them.  The command line, the
 * reads, the printing and the export loop over it; nothing else names
 * a view.
 */
#include <string.h>

#include "views.h"

/* Each line of view_list.h declares its view's ops ... */
#define VIEW(name)	name##_view_ops
extern const struct view_ops
#include "view_list.h"
	view_list_end;	/* ends the list of declarators; never defined */
#undef VIEW

/* ... and takes its place in the table. */
#define VIEW(name)	(&name##_view_ops)
static const struct view_ops *const views[] = {
#include "view_list.h"
	NULL
};
#undef VIEW

const struct view_ops *view_at(size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!views[k])
			return NULL;
	return views[i];
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

const struct view_ops *view_named(const char *word)
{
	const struct view_ops *ops;

	for (size_t i = 0; (ops = view_at(i)); i++) {
		if (!strcmp(word, ops->name))
			return ops;
		for (size_t k = 0; ops->aliases && ops->aliases[k]; k++)
			if (!strcmp(word, ops->aliases[k]))
				return ops;
	}
	return NULL;
}
