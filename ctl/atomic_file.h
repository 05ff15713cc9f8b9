/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Files the tool writes whole (export --textfile, history --save): a
 * temporary file beside the target, filled, synced and renamed over it,
 * so a reader sees the old file or the new one, never half of one.
 */
#ifndef TPSTAT_ATOMIC_FILE_H
#define TPSTAT_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

/*
 * @path written atomically, mode 0644, by @fill(f, @arg): the temporary
 * file is ".NAME.XXXXXX" in @path's directory (a leading '.': readers of
 * the directory such as node_exporter skip it).  0, or -errno with the
 * failing step and its path in @err.  @path itself is replaced, never
 * followed, whatever it is: a caller that must not replace some kinds
 * of file checks first.
 */
int atomic_file_write(const char *path, void (*fill)(FILE *f, const void *arg),
		      const void *arg, char *err, size_t err_len);

#endif
