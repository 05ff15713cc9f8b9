/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The family's attributes in one byte order, whatever the host's.
 *
 * Netlink gives a dump's messages in the host's byte order.  A history
 * file keeps its views messages whole (recording_file_views.c), and a
 * file saved on s390x must load on x86-64: the file holds them
 * little-endian, converted on the way out and back in.  On a
 * little-endian host both are no-ops.
 */
#ifndef TPSTAT_CTL_ATTR_ORDER_H
#define TPSTAT_CTL_ATTR_ORDER_H

#include <stdbool.h>
#include <stddef.h>

/*
 * What each TPSTAT_A_* holds, for the conversion: its width where it
 * is a number (1, 2, 4 or 8 bytes), ATTR_U64_NEST for a nest of u64s
 * (HIST_BUCKETS), 0 where its bytes have no order of their own (strings;
 * addresses, in network order).  tests/ynl/check_spec.py holds it to
 * the YAML spec.
 */
#define ATTR_U64_NEST	0xff
extern const unsigned char tpstat_attr_width[];

/*
 * @len bytes of attributes, from the host's order to the file's
 * (to_file) or back; in place.  Attributes that do not fit their bytes
 * are left for the parser to refuse; a type this tool does not know
 * keeps its payload as it is (the parser skips it).
 */
void attrs_to_file_order(unsigned char *buf, size_t len);
void attrs_from_file_order(unsigned char *buf, size_t len);

/* The same, swapping whatever the host: for the tests. */
void attrs_swap(unsigned char *buf, size_t len, bool to_file);

#endif
