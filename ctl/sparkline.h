/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A series as one line of block characters, U+2581 to U+2588, so that a
 * burst shows at a glance (tpstat history's summary).
 */
#ifndef TPSTAT_SPARKLINE_H
#define TPSTAT_SPARKLINE_H

#include <stddef.h>

/* Bytes for a sparkline of @n values: a mark is 3 bytes of UTF-8. */
#define SPARK_SIZE(n) (3 * (n) + 1)

/*
 * @n values, none negative, into @buf (SPARK_SIZE(@n) bytes, else cut
 * at a whole mark): each a mark as high as its share of the largest, in
 * eighths rounded up, so the largest is a full block and the least that
 * is not 0 still shows (the lowest mark); 0 is a space.  Returns @buf.
 */
char *sparkline(const double *v, size_t n, char *buf, size_t len);

#endif
