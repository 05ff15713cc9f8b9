// SPDX-License-Identifier: GPL-2.0
/*
 * Names the views, the monitor and the selectors share: errnos, TCP
 * states, IP protocols, addresses.  A leaf: it calls nothing of theirs.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "names.h"

/* The errors sockets report (sk_err), from ICMP, resets and timeouts. */
static const struct {
	unsigned int err;
	const char *name;
} errnos[] = {
#define E(x) { x, #x }
	E(EPERM), E(ENOENT), E(EINTR), E(EIO), E(EAGAIN), E(ENOMEM),
	E(EACCES), E(EINVAL), E(EPIPE), E(ENONET), E(EPROTO), E(EMSGSIZE),
	E(ENOPROTOOPT), E(EPROTONOSUPPORT), E(EOPNOTSUPP), E(EADDRINUSE),
	E(EADDRNOTAVAIL), E(ENETDOWN), E(ENETUNREACH), E(ENETRESET),
	E(ECONNABORTED), E(ECONNRESET), E(ENOBUFS), E(ENOTCONN),
	E(ESHUTDOWN), E(ETIMEDOUT), E(ECONNREFUSED), E(EHOSTDOWN),
	E(EHOSTUNREACH),
#undef E
};

const char *errno_name(unsigned int err)
{
	for (size_t i = 0; i < sizeof(errnos) / sizeof(errnos[0]); i++)
		if (errnos[i].err == err)
			return errnos[i].name;
	return NULL;
}

const char *errno_text(unsigned int err, char *buf, size_t len)
{
	const char *name = errno_name(err);

	if (name)
		snprintf(buf, len, "%s (%u)", name, err);
	else
		snprintf(buf, len, "errno %u", err);
	return buf;
}

/* As include/net/tcp_states.h numbers them, named as tcpstates does. */
static const char *const tcp_states[] = {
	[1] = "ESTABLISHED", [2] = "SYN_SENT", [3] = "SYN_RECV",
	[4] = "FIN_WAIT1", [5] = "FIN_WAIT2", [6] = "TIME_WAIT",
	[7] = "CLOSE", [8] = "CLOSE_WAIT", [9] = "LAST_ACK",
	[10] = "LISTEN", [11] = "CLOSING", [12] = "NEW_SYN_RECV",
	[13] = "BOUND_INACTIVE",
};

const char *tcp_state_name(unsigned int state)
{
	if (state >= sizeof(tcp_states) / sizeof(tcp_states[0]))
		return NULL;
	return tcp_states[state];
}

const char *view_state_text(unsigned int state, char *buf, size_t len)
{
	const char *name = tcp_state_name(state);

	if (name)
		return name;
	snprintf(buf, len, "%u", state);
	return buf;
}

const char *ip_proto_name(unsigned int proto)
{
	switch (proto) {
	case IPPROTO_TCP:
		return "tcp";
	case IPPROTO_UDP:
		return "udp";
	case IPPROTO_UDPLITE:
		return "udplite";
	case IPPROTO_SCTP:
		return "sctp";
	case IPPROTO_MPTCP:
		return "mptcp";
	case IPPROTO_ICMP:
		return "icmp";
	case IPPROTO_ICMPV6:
		return "icmpv6";
	case IPPROTO_RAW:
		return "raw";
	}
	return NULL;
}

/* @v in decimal at @p; returns the end. */
static char *put_dec(char *p, unsigned int v)
{
	char tmp[10];
	int n = 0;

	do {
		tmp[n++] = '0' + v % 10;
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

/* A byte in decimal at @p, as put_dec() but without its loops. */
static char *put_byte(char *p, unsigned int v)
{
	if (v >= 100) {
		*p++ = '0' + v / 100;
		v %= 100;
		*p++ = '0' + v / 10;
	} else if (v >= 10) {
		*p++ = '0' + v / 10;
	}
	*p++ = '0' + v % 10;
	return p;
}

/* a.b.c.d at @p, as inet_ntop() writes it; returns the end. */
static char *put_in4(char *p, const uint8_t *a)
{
	for (int i = 0; i < 4; i++) {
		p = put_byte(p, a[i]);
		*p++ = '.';
	}
	return p - 1;
}

/*
 * An IPv6 address at @p as inet_ntop() writes it (RFC 5952: lowercase,
 * no leading zeros, the first longest run of two or more zero groups as
 * "::"), with glibc's dotted tail for ::ffff:a.b.c.d and ::a.b.c.d.
 */
static char *put_in6(char *p, const uint8_t *a)
{
	static const char hex[] = "0123456789abcdef";
	int zero = -1, zero_len = 0, run = 0;
	unsigned int w[8];

	for (int i = 0; i < 8; i++) {
		w[i] = a[2 * i] << 8 | a[2 * i + 1];
		run = w[i] ? 0 : run + 1;
		if (run > zero_len) {
			zero_len = run;
			zero = i + 1 - run;
		}
	}
	if (zero_len < 2)
		zero = -1;
	for (int i = 0; i < 8; i++) {
		if (i == zero) {
			*p++ = ':';
			i += zero_len - 1;
			if (i == 7)
				*p++ = ':';
			continue;
		}
		if (i)
			*p++ = ':';
		if (i == 6 && zero == 0 &&
		    (zero_len == 6 || (zero_len == 5 && w[5] == 0xffff)))
			return put_in4(p, a + 12);
		for (int shift = 12, lead = 1; shift >= 0; shift -= 4) {
			unsigned int d = w[i] >> shift & 15;

			if (d || !lead || !shift) {
				*p++ = hex[d];
				lead = 0;
			}
		}
	}
	return p;
}

/*
 * inet_ntop() and snprintf() were most of what printing a large
 * RETRANS view cost: addresses and the port are written here, as
 * inet_ntop() and "%d" write them.
 */
size_t format_addr(char *buf, size_t len, const uint8_t *addr,
		   unsigned int addr_len, int port)
{
	char text[64], *p = text;	/* "[" INET6_ADDRSTRLEN "]:" and an int */
	size_t n;

	if (addr_len == 4) {
		p = put_in4(p, addr);
	} else if (addr_len == 16) {
		if (port >= 0)
			*p++ = '[';
		p = put_in6(p, addr);
		if (port >= 0)
			*p++ = ']';
	} else {
		*p++ = '?';
	}
	if (port >= 0) {
		*p++ = ':';
		p = put_dec(p, port);
	}
	/* As snprintf() would: cut to @len - 1 characters. */
	if (!len)
		return 0;
	n = p - text < (ptrdiff_t)len ? (size_t)(p - text) : len - 1;
	memcpy(buf, text, n);
	buf[n] = '\0';
	return n;
}
