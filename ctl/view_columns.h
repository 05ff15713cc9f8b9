/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The columns more than one view's row writes (columns.h): a count, the
 * NETNS column, a TCP state, a socket's protocol and port; and the
 * fields more than one view's record writes (fields.h): a namespace, a
 * histogram's mean, percentiles and buckets.  Each writes
 * its text and its JSON members in one call.
 */
#ifndef TPSTAT_VIEW_COLUMNS_H
#define TPSTAT_VIEW_COLUMNS_H

#include <stdbool.h>
#include <stdint.h>

#include "columns.h"
#include "fields.h"

struct hist;
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
/*
 * A TCP state column @head, at least @width wide, showing its name;
 * JSON's @key (the name, or null unless @has) and @code_key (its
 * number).  view_col_state() names the second "<key>_code".
 */
void view_col_state_keys(struct columns *c, const char *head, int width,
			 const char *key, const char *code_key, bool has,
			 unsigned int state);
#define view_col_state(c, head, width, key, has, state)			\
	view_col_state_keys(c, head, width, key, key "_code", has, state)
/* PROTO (tcp6, udp, ...), left-aligned; JSON's protocol and family. */
void view_col_proto(struct columns *c, const struct view_entry *e);
/* @head, the local port ("-" without one) in 5; JSON's port. */
void view_col_sport(struct columns *c, const struct view_entry *e,
		    const char *head);
/*
 * @label and the namespace's name or inode number; JSON's netns,
 * netns_name and netns_cookie.
 */
void view_field_netns(struct fields *w, const char *label,
		      const struct view_entry *e);
/* ", mean 3.2 usecs" (nothing when @h is empty); JSON's mean (null). */
void view_field_mean(struct fields *w, const struct hist *h,
		     const char *unit);
/* A line per percentile (hist_quantiles_print()); JSON's quantiles. */
void view_field_quantiles(struct fields *w, const struct hist *h,
			  const char *unit);
/* The bars (hist_print()); JSON's buckets, sum and count (hist_json()). */
void view_field_hist(struct fields *w, const struct hist *h,
		     const char *unit);

#endif
