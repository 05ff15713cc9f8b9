/* SPDX-License-Identifier: GPL-2.0 */
/* Which events a list of globs selects: events= and a filter's GLOB. */
#ifndef _TPSTAT_EVENT_SELECT_H
#define _TPSTAT_EVENT_SELECT_H

#include <linux/types.h>

/* Shell-style: '*' any run of characters, '?' any one character. */
bool tpstat_glob_match(const char *pattern, const char *str);
int tpstat_parse_events(const char *spec, unsigned long *selected,
			char *err, size_t err_len);
/*
 * The same; on error also *@what, why in a string literal, for where a
 * message must outlive this call and the caller's buffer (netlink.c).
 */
int tpstat_parse_events_what(const char *spec, unsigned long *selected,
			     char *err, size_t err_len, const char **what);

#endif /* _TPSTAT_EVENT_SELECT_H */
