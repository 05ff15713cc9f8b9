/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The columns more than one view's row writes (columns.h): a count, the
 * NETNS column, a socket's protocol and port.  Each writes its text
 * column and its JSON members in one call.
 */
#ifndef TPSTAT_VIEW_COLUMNS_H
#define TPSTAT_VIEW_COLUMNS_H

#include <stdint.h>

#include "columns.h"

struct view_entry;
struct view_print;

/* A count right-aligned in 8 (-h as ip -s -h), JSON's @key its number. */
void view_col_count(struct columns *c, const struct view_print *p,
		    const char *head, const char *key, uint64_t count);
/*
 * NETNS, at least @width wide (negative: left-aligned): its name or
 * inode number; JSON's netns, netns_name and netns_cookie.
 */
void view_col_netns(struct columns *c, const struct view_entry *e,
		    int width);
/* PROTO (tcp6, udp, ...), left-aligned; JSON's protocol and family. */
void view_col_proto(struct columns *c, const struct view_entry *e);
/* @head, the local port ("-" without one) in 5; JSON's port. */
void view_col_sport(struct columns *c, const struct view_entry *e,
		    const char *head);

#endif
