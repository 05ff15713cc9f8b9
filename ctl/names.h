/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names the views, the monitor and the selectors share: errnos, TCP
 * states, IP protocols, addresses.  A leaf: no view, no netlink.
 */
#ifndef TPSTAT_NAMES_H
#define TPSTAT_NAMES_H

#include <stddef.h>
#include <stdint.h>

/* The symbolic name of a socket error ("ECONNREFUSED"), or NULL. */
const char *errno_name(unsigned int err);
/* "ECONNREFUSED (111)", or "errno 4000" without a name, in @buf. */
const char *errno_text(unsigned int err, char *buf, size_t len);

/* TCP states as tcpstates prints them; NULL for an unknown number. */
const char *tcp_state_name(unsigned int state);
/* A state's name, or its number when this tool does not know it. */
const char *view_state_text(unsigned int state, char *buf, size_t len);

/* "tcp", "udp", "udplite", "sctp", "mptcp", "icmp", "icmpv6", "raw"; else NULL. */
const char *ip_proto_name(unsigned int proto);

/*
 * An address as inet_ntop() writes it, "?" when @len is neither 4 nor 16;
 * with @port >= 0 as "a.b.c.d:port" or "[v6]:port".  Cut to fit @len as
 * snprintf() would; returns the length written.
 */
size_t format_addr(char *buf, size_t len, const uint8_t *addr,
		   unsigned int addr_len, int port);

#endif
