/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names and formats more than one view prints, and the monitor's alerts
 * too: addresses, TCP states, drop reasons, devices, services, the NETNS
 * column.  Each views/<name>.c calls these; nothing here calls a view.
 */
#ifndef TPSTAT_VIEW_FMT_H
#define TPSTAT_VIEW_FMT_H

#include <endian.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "names.h"
#include "view_rows.h"

struct hist;
struct json;

/* qsort() helpers' three-way compare of two numbers. */
static inline int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

/*
 * Two rows' 16-byte address fields in memcmp()'s order, without its
 * call: a large view's sort compares them a million times.  A word at a
 * time: a 32-bit machine tells most IPv4 addresses apart in its first.
 */
static inline int cmp_addr16(const uint8_t *a, const uint8_t *b)
{
	uint64_t x, y;
	uint32_t w, z;

	if (sizeof(long) == sizeof(x)) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x == y) {
			memcpy(&x, a + 8, 8);
			memcpy(&y, b + 8, 8);
		}
		return cmp_u64(be64toh(x), be64toh(y));
	}
	for (size_t i = 0; i < 16; i += sizeof(w)) {
		memcpy(&w, a + i, sizeof(w));
		memcpy(&z, b + i, sizeof(z));
		if (w != z)
			return be32toh(w) < be32toh(z) ? -1 : 1;
	}
	return 0;
}

/*
 * Two entries' namespaces: by inode number, then by cookie, as a dead
 * namespace and a later one may share the number (never the cookie).
 */
static inline int cmp_netns(const struct view_entry *a,
			    const struct view_entry *b)
{
	int c = cmp_u64(a->netns, b->netns);

	return c ? c : cmp_u64(a->netns_cookie, b->netns_cookie);
}
/* "netns" and "netns_name" (netns_json()), and "netns_cookie" if given. */
void entry_netns_json(struct json *j, const struct view_entry *e);
/*
 * The export's netns_cookie label: the cookie in decimal, or "" for an
 * entry without one (a module older than NETNS_COOKIE), so a family's
 * samples always have the same labels.
 */
const char *netns_cookie_text(const struct view_entry *e, char *buf,
			      size_t len);

/*
 * @key: the state's name (or null), @code_key: its number (or null).
 * view_json_state() names the second "<key>_code" from a literal @key.
 */
void view_json_state_keys(struct json *j, const char *key,
			  const char *code_key, bool has, unsigned int state);
#define view_json_state(j, key, has, state)				\
	view_json_state_keys(j, key, key "_code", has, state)

/* @key: the address without port, or null unless 4 or 16 bytes long. */
void view_json_addr(struct json *j, const char *key, const uint8_t *addr,
		    unsigned int len);
/*
 * The PROTO column of @e: @name, the view's name for its protocol or
 * its number written in @buf (NULL: "-"); IPv6's as netstat prints
 * them (tcp6, udp6, raw6), but for a number and a name that says v6
 * already (icmpv6).
 */
const char *view_proto_column(const struct view_entry *e, const char *name,
			      char *buf, size_t len);
/*
 * @e's protocol: its name (ip_proto_name()), else its number in @buf;
 * NULL without PROTOCOL.
 */
const char *view_proto_text(const struct view_entry *e, char *buf,
			    size_t len);
/* view_proto_column() of view_proto_text(). */
const char *view_proto_text_column(const struct view_entry *e, char *buf,
				   size_t len);
/*
 * Two entries by protocol, then local port: a socket's service as the
 * socket views key it (rcvq, say); an entry lacking one sorts after those
 * that have it.
 */
int cmp_proto_sport(const struct view_entry *a, const struct view_entry *b);
/* @e's local port, or "-" without one. */
const char *view_sport_text(const struct view_entry *e, char *buf,
			    size_t len);
/* "ipv4", "ipv6" (from FAMILY, else the address length), or NULL. */
const char *view_family_name(const struct view_entry *e);

/*
 * What view_reason_text() and view_dev_text() write at most: a name of
 * up to 64 bytes escaped (escape.h), and its number.
 */
#define VIEW_TEXT_MAX	288

/*
 * "NO_SOCKET (2)"; "? (2)" without a name; "-" without a reason.  Text:
 * the name is escaped (escape.h).
 */
const char *view_reason_text(const struct view_entry *e, char *buf,
			     size_t len);
/* "reason" (name or null) and "reason_code" (number or null). */
void view_json_reason(struct json *j, const struct view_entry *e);

/*
 * "eth0", "ifindex 7" (its name unknown: the device is gone), or "-".
 * Text: the name is escaped (escape.h).
 */
const char *view_dev_text(const struct view_entry *e, char *buf, size_t len);
/* netns (and its name), ifindex, ifname (or null). */
void view_json_dev(struct json *j, const struct view_entry *e);

/*
 * A service: the port a reset, a lifetime or a socket error is counted
 * by.  The module sends one of SPORT (the local port: a server's end) or
 * DPORT (the remote port: a client's, whose local port is ephemeral).
 */
enum err_side {
	SIDE_NONE,	/* neither SPORT nor DPORT, or both: not an entry */
	SIDE_LOCAL,	/* SPORT: the local port (a server) */
	SIDE_REMOTE,	/* DPORT: the remote port (a client) */
};

/* The side of @e's service port, and the port in *@port (0 for none). */
enum err_side errors_side(const struct view_entry *e, uint16_t *port);
/* "local", "remote", or NULL for SIDE_NONE. */
const char *errors_side_name(enum err_side side);
/* "remote port 8080", "local port 80", or "-" without one port. */
const char *service_text(const struct view_entry *e, char *buf, size_t len);
/* "active", "passive", or NULL (no DIRECTION, or one this tool does not know). */
const char *direction_name(const struct view_entry *e);
/* A service's JSON: netns (and its name), direction, port, port_side. */
void service_json(struct json *j, const struct view_entry *e);

/*
 * A count or a number of bytes as text prints it: in decimal, or with
 * @human as ip -s -h: below 1000 as it is, else in powers of 1000 with
 * k, M, G, T, P, E and 2, 1 or 0 decimals as the value has 1, 2 or 3
 * digits (1234 -> "1.23k", 45678901 -> "45.7M").  Returns @buf.
 */
#define COUNT_MAX 24
const char *count_text(uint64_t v, bool human, char *buf, size_t len);

/* An entry's histogram; an empty one for an entry without. */
const struct hist *hist_of(const struct view_entry *e);
double hist_mean(const struct hist *h);
/* "mean": the histogram's mean, or null when it is empty. */
void json_mean(struct json *j, const struct hist *h);

#endif
