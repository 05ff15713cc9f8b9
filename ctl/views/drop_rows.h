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
/* ->text(): COUNT and the key --by chose, a row each. */
void drops_text(FILE *f, const struct view_print *p);
/* ->fields: count and name (the key --by chose). */
extern const struct view_field drops_fields[];
/* ->json_by() and ->json_entry(). */
const char *drops_json_by(const struct view_print *p);
void drops_json_entry(struct json *j, const struct view_print *p, size_t i);

#endif
