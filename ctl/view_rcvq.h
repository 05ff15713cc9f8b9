/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The RCVQ view (tpstat rcvq): packets dropped because a socket's receive
 * queue was full, per family, protocol and local port, with the socket's
 * receive buffer at the last drop.  Its ops are rcvq_view_ops (views.h);
 * export.c calls these for its family.
 */
#ifndef TPSTAT_VIEW_RCVQ_H
#define TPSTAT_VIEW_RCVQ_H

#include <stddef.h>
#include <stdio.h>

#include "views.h"

struct prom;

/*
 * The protocol as the module keys it: "udp", "udplite", "icmp",
 * "icmpv6", "raw" (every raw socket: its port is the IP protocol it
 * receives), else the number in @buf; NULL without PROTOCOL.
 */
const char *rcvq_protocol_text(const struct view_entry *e, char *buf,
			       size_t len);
/*
 * Entries summed over the address family (FAMILY becomes 0, RCVBUF the
 * largest), for export, whose labels have no family; in view_sort()'s
 * order.  Entries without PROTOCOL or SPORT are left out.
 */
int rcvq_aggregate(struct view *v);
/* tpstat_socket_rcvq_drops_total, after rcvq_aggregate(). */
void rcvq_export(struct prom *p, const struct view *v);

#endif
