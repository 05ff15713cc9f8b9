/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the DROPS and TRAPS views (drops.c, traps.c) share, from
 * drop_rows.c: drops --by trap reads the traps view, and both print
 * their rows alike.  drop_by_name(), drop_by_parse(), drop_by_of() and
 * drops_aggregate(), which export and the tests call too, are in
 * views.h.
 */
#ifndef TPSTAT_DROP_ROWS_H
#define TPSTAT_DROP_ROWS_H

#include <stdio.h>

#include "../views.h"

/* ->arrange(): the rows summed per --by value (--top is view_read()'s). */
int drops_arrange(struct view *v, const struct view_args *a);
/* ->row(): COUNT and the key --by chose. */
void drops_row(struct columns *c, const struct view_print *p,
	       const struct view_entry *e);
/* ->summary(): by reason, the text's rows that are no loss, and why. */
void drops_summary(struct fields *w, const struct view_print *p);
/* ->fields: count and name (the key --by chose). */
extern const struct view_field drops_fields[];
/* ->json_by(). */
const char *drops_json_by(const struct view_print *p);

#endif
