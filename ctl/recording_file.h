/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A recording as a file: what tpstat history --save writes and --load
 * reads, a versioned text format a line per value (see recording_file.c),
 * so that a recording outlives the module's ring and its load, and can
 * be read on another machine.  Its views intervals are the dump's
 * messages, read back by the dump's parser (recording_file_views.h);
 * no socket, unit-tested on the host.
 */
#ifndef TPSTAT_RECORDING_FILE_H
#define TPSTAT_RECORDING_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "recording.h"

/* The file's first line: the magic, a space, its version. */
#define REC_FILE_MAGIC		"tpstat-history"
#define REC_FILE_VERSION	2
/*
 * The longest line a file may have; a longer one is malformed.  A views
 * line holds REC_ATTRS_MAX bytes of attributes, two hex digits each.
 */
#define REC_FILE_LINE_MAX	8192
_Static_assert(sizeof("v ") + 2 * REC_ATTRS_MAX < REC_FILE_LINE_MAX,
	       "a views line of REC_ATTRS_MAX bytes fits a file's line");

/* @r, all of it, as a file into @f. */
void rec_save(FILE *f, const struct recording *r);
/*
 * @r into @path ("-": standard output), replacing it whole and atomically
 * (atomic_file.h), mode 0644; an existing @path that is not a regular
 * file (a symbolic link, a device, a directory) is refused.  0, or -1
 * with one line in @err.
 */
int rec_save_file(const char *path, const struct recording *r, char *err,
		  size_t err_len);
/*
 * A file from @f (named @name in errors) into @r (rec_init()ed), ready
 * as after a dump: its views lines into r->views as the dump's messages
 * go (skipped where it is NULL; kept whole with r->keep_attrs).  0, or
 * -1 with one line in @err: not such a file, a newer version, a line
 * that is malformed, too long, holds a NUL or is cut short, a views
 * line that is not hex or that the dump's parser refuses (with its
 * number), no end line (the file was truncated).
 */
int rec_load(FILE *f, const char *name, struct recording *r, char *err,
	     size_t err_len);
/* rec_load() of the file at @path ("-": standard input). */
int rec_load_file(const char *path, struct recording *r, char *err,
		  size_t err_len);

#endif
