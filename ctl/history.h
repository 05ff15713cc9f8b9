/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-user baseline of "tpstat show --delta" (history.c), as
 * nstat's history: "VALUE NAME" a line.
 */
#ifndef TPSTAT_HISTORY_H
#define TPSTAT_HISTORY_H

#include <stddef.h>

#include "output.h"

/*
 * $TPSTAT_HISTORY, else ~/.cache/tpstat/history.<uid> (the directories
 * made 0700 where missing), into @buf.  0, or -1 with one line in @err.
 */
int history_path(char *buf, size_t len, char *err, size_t err_len);
/*
 * The history at @path, made 0600 if missing, locked: its fd, or -1
 * with one line in @err.  Refused: a symbolic link (never followed),
 * anything but a regular file of this user's, one that others may read
 * or write.
 */
int history_open(const char *path, char *err, size_t err_len);
/* Its rows (malloc()ed, *@n of them; none for an empty file): 0 or -1. */
int history_read(int fd, struct counter_row **rows, size_t *n);
/* @rows in place of what it held: 0 or -1. */
int history_write(int fd, const struct counter_row *rows, size_t n);
/*
 * @cur's values become their change since @old: a counter @old lacks
 * keeps its value (since load), one that went down (reset since) too.
 */
void history_delta(const struct counter_row *old, size_t n_old,
		   struct counter_row *cur, size_t n_cur);
/* @cur's values into *@old, the counters @cur lacks kept: 0 or -1. */
int history_merge(struct counter_row **old, size_t *n_old,
		  const struct counter_row *cur, size_t n_cur);

#endif
