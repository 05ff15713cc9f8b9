/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The RCVQ view (tpstat rcvq): packets dropped because a socket's receive
 * queue was full, per family, protocol and local port, with the socket's
 * receive buffer at the last drop.  views.c and view_output.c call these
 * for the view's order, text and JSON; export.c for its family.
 */
#ifndef TPSTAT_VIEW_RCVQ_H
#define TPSTAT_VIEW_RCVQ_H

#include <stddef.h>
#include <stdio.h>

#include "views.h"

struct json;

/*
 * The protocol as the module keys it: "udp", "udplite", "icmp",
 * "icmpv6", "raw" (every raw socket: its port is the IP protocol it
 * receives), else the number in @buf; NULL without PROTOCOL.
 */
const char *rcvq_protocol_text(const struct view_entry *e, char *buf,
			       size_t len);
/* qsort() order: most drops first, then the key (family last). */
int rcvq_qsort(const void *a, const void *b);
/*
 * Entries summed over the address family (FAMILY becomes 0, RCVBUF the
 * largest), for export, whose labels have no family; in rcvq_qsort's
 * order.  Entries without PROTOCOL or SPORT are left out.
 */
int rcvq_aggregate(struct view *v);
/* COUNT RCVBUF PROTO PORT NETNS, widths from the contents. */
void rcvq_text(FILE *f, const struct view *v);
/* One entry as a JSON object. */
void rcvq_json(struct json *j, const struct view_entry *e);

#endif
