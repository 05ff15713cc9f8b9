/* SPDX-License-Identifier: GPL-2.0 */
/* Parsing the events= module parameter: globs over tracepoint names. */
#ifndef _TPSTAT_PARAMS_H
#define _TPSTAT_PARAMS_H

#include <linux/tpstat.h>
#include <linux/types.h>

bool tpstat_glob_match(const char *pattern, const char *str);
int tpstat_parse_events(const char *spec, unsigned long *selected,
			char *err, size_t err_len);

#endif /* _TPSTAT_PARAMS_H */
