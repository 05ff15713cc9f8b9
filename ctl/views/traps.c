// SPDX-License-Identifier: GPL-2.0
/*
 * The TRAPS view (tpstat traps): hardware drops per devlink device and
 * trap, the view "tpstat drops --by trap" reads.  Its rows, text and
 * JSON are drops' (drop_rows.c).
 */
#include <string.h>

#include "../views.h"
#include "drop_rows.h"

/* traps is drops --by trap: it takes no other --by. */
static int traps_parse_by(const char *by, struct view_args *a, char *err,
			  size_t err_len)
{
	if (by && strcmp(by, "trap")) {
		snprintf(err, err_len,
			 "traps takes no --by (it is drops --by trap), not '%.64s'",
			 by);
		return 2;
	}
	a->by = BY_TRAP;
	return 0;
}

/* Read by "tpstat drops --by trap", and printed as its drops. */
const struct view_ops traps_view_ops = {
	.id = TPSTAT_VIEW_TRAPS,
	.name = "traps",
	.usage =
		"tpstat traps [--sort FIELD] [--top N]\n"
		"    hardware drops (devlink traps) per device and trap, most first:\n"
		"    the traps view, also read as drops --by trap",
	.list_key = "drops",
	.fields = drops_fields,
	.arrange = drops_arrange,
	.row = drops_row,
	.summary = drops_summary,
	.json_by = drops_json_by,
	.parse_by = traps_parse_by,
};
