// SPDX-License-Identifier: GPL-2.0
/* Display-side selectors: see select.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <arpa/inet.h>

#include "names.h"
#include "netns.h"
#include "select.h"
#include "view_rows.h"

static const char *const key_names[__SEL_CNT] = {
	[SEL_SRC] = "src", [SEL_DST] = "dst", [SEL_SPORT] = "sport",
	[SEL_DPORT] = "dport", [SEL_PORT] = "port", [SEL_DEV] = "dev",
	[SEL_NETNS] = "netns", [SEL_REASON] = "reason", [SEL_ERRNO] = "errno",
};

const char *sel_key_name(enum sel_key key)
{
	return key < __SEL_CNT ? key_names[key] : "?";
}

static int key_parse(const char *s)
{
	for (int k = 0; k < __SEL_CNT; k++)
		if (!strcmp(s, key_names[k]))
			return k;
	return -1;
}

/* A decimal number up to @max, nothing else. */
static int parse_num(const char *s, unsigned long max, uint32_t *out)
{
	char *end;
	unsigned long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "10.0.0.0/8", "fd00::/8", "10.1.2.3" (a /32), "::1" (a /128). */
static int parse_prefix(const char *s, struct sel_term *t)
{
	char addr[INET6_ADDRSTRLEN + 1];
	const char *slash = strchr(s, '/');
	size_t n = slash ? (size_t)(slash - s) : strlen(s);
	uint32_t plen;

	if (!n || n >= sizeof(addr))
		return -1;
	memcpy(addr, s, n);
	addr[n] = '\0';
	if (inet_pton(AF_INET, addr, t->addr) == 1)
		t->addr_len = 4;
	else if (inet_pton(AF_INET6, addr, t->addr) == 1)
		t->addr_len = 16;
	else
		return -1;
	plen = t->addr_len * 8;
	if (slash && parse_num(slash + 1, t->addr_len * 8, &plen))
		return -1;
	t->plen = plen;
	return 0;
}

/* "80", ":80" (as ss writes it), or a range "1024-65535". */
static int parse_ports(const char *s, struct sel_term *t)
{
	char lo[8];
	const char *dash;
	uint32_t a, b;

	if (*s == ':')
		s++;
	dash = strchr(s, '-');
	if (!dash) {
		if (parse_num(s, 65535, &a))
			return -1;
		t->port_lo = t->port_hi = a;
		return 0;
	}
	if ((size_t)(dash - s) >= sizeof(lo))
		return -1;
	memcpy(lo, s, dash - s);
	lo[dash - s] = '\0';
	if (parse_num(lo, 65535, &a) || parse_num(dash + 1, 65535, &b) || a > b)
		return -1;
	t->port_lo = a;
	t->port_hi = b;
	return 0;
}

/* ECONNREFUSED (any case) or a number; the names names.c knows. */
static int parse_errno(const char *s, uint32_t *out)
{
	const char *name;

	if (!parse_num(s, 4095, out))
		return 0;
	for (unsigned int e = 1; e < 4096; e++) {
		name = errno_name(e);
		if (name && !strcasecmp(name, s)) {
			*out = e;
			return 0;
		}
	}
	return -1;
}

static const char *const key_wants[__SEL_CNT] = {
	[SEL_SRC] = "an IPv4 or IPv6 address or prefix (10.0.0.0/8, fd00::/8)",
	[SEL_DST] = "an IPv4 or IPv6 address or prefix (10.0.0.0/8, fd00::/8)",
	[SEL_SPORT] = "a port or a range (443, 1024-65535)",
	[SEL_DPORT] = "a port or a range (443, 1024-65535)",
	[SEL_PORT] = "a port or a range (443, 1024-65535)",
	[SEL_DEV] = "a device name or ifindex",
	[SEL_NETNS] = "a name from ip netns, init, or an inode number",
	[SEL_REASON] = "a reason's name (NO_SOCKET) or code",
	[SEL_ERRNO] = "an errno name (ECONNREFUSED) or number",
};

static int bad(char *err, size_t len, const char *fmt, const char *a,
	       const char *b)
{
	snprintf(err, len, fmt, a, b);
	return 2;
}

int select_parse(int n, const char *const *words, struct selector *s,
		 char *err, size_t err_len)
{
	memset(s, 0, sizeof(*s));
	for (int i = 0; i < n; i += 2) {
		struct sel_term *t;
		const char *w = words[i], *val;
		int k = key_parse(w);
		int r = 0;

		if (k < 0)
			return bad(err, err_len,
				   "unknown selector '%s' (src, dst, sport, dport, port, dev, netns, reason or errno)%s",
				   w, "");
		if (i + 1 == n)
			return bad(err, err_len, "%s needs %s", w, key_wants[k]);
		if (s->n == SEL_MAX)
			return bad(err, err_len, "more than 8 selectors, at '%s'%s",
				   w, "");
		val = words[i + 1];
		t = &s->t[s->n];
		memset(t, 0, sizeof(*t));
		t->key = k;
		switch (k) {
		case SEL_SRC:
		case SEL_DST:
			r = parse_prefix(val, t);
			break;
		case SEL_SPORT:
		case SEL_DPORT:
		case SEL_PORT:
			r = parse_ports(val, t);
			break;
		case SEL_ERRNO:
			r = parse_errno(val, &t->num);
			t->has_num = true;
			break;
		case SEL_NETNS:
			/* A name is resolved by select_resolve(). */
			r = !netns_name_ok(val);
			t->has_num = !parse_num(val, UINT32_MAX, &t->num);
			t->name = val;
			break;
		case SEL_DEV:
			r = !*val || strlen(val) >= 16;
			t->has_num = !parse_num(val, UINT32_MAX, &t->num);
			t->name = val;
			break;
		case SEL_REASON:
			r = !*val || strlen(val) >= 64;
			t->has_num = !parse_num(val, UINT32_MAX, &t->num);
			t->name = val;
			break;
		}
		if (r) {
			char what[160];

			snprintf(what, sizeof(what), "%s needs %s", w,
				 key_wants[k]);
			return bad(err, err_len, "%s, not '%s'", what, val);
		}
		s->keys |= SEL_BIT(k);
		s->n++;
	}
	return 0;
}

const char *sel_keys_text(unsigned int allowed, char *buf, size_t len)
{
	size_t used = 0;

	if (len)
		buf[0] = '\0';
	for (int k = 0; k < __SEL_CNT && used < len; k++)
		if (allowed & SEL_BIT(k))
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? ", " : "", key_names[k]);
	if (!used)
		snprintf(buf, len, "none");
	return buf;
}

int select_check(const struct selector *s, unsigned int allowed,
		 const char *view, char *err, size_t err_len)
{
	char keys[96];

	for (size_t i = 0; i < s->n; i++) {
		if (allowed & SEL_BIT(s->t[i].key))
			continue;
		snprintf(err, err_len, "%s is not a selector of %s (its selectors: %s)",
			 key_names[s->t[i].key], view,
			 sel_keys_text(allowed, keys, sizeof(keys)));
		return 2;
	}
	return 0;
}

int select_resolve(struct selector *s, char *err, size_t err_len)
{
	for (size_t i = 0; i < s->n; i++) {
		struct sel_term *t = &s->t[i];
		int r;

		bool init;

		if (t->key != SEL_NETNS || t->has_num)
			continue;
		init = !strcmp(t->name, "init");
		if (init) {
			t->num = netns_init_inode();
			if (!t->num) {
				snprintf(err, err_len, "the initial network namespace's inode is not known here (netns init needs /proc/1/ns/net: run as root, in the initial PID namespace)");
				return 1;
			}
		} else {
			r = netns_inode(t->name, &t->num);
			if (r) {
				snprintf(err, err_len, "netns %s: no such network namespace in %s (%s)",
					 t->name, NETNS_RUN_DIR, strerror(-r));
				return 1;
			}
		}
		t->has_num = true;
		r = netns_cookie(init ? NULL : t->name, &t->cookie);
		if (r == -ENOPROTOOPT)
			continue;
		if (r) {
			snprintf(err, err_len,
				 "netns %s: cannot learn its cookie, which names it (%s%s)",
				 t->name, strerror(-r),
				 r == -EPERM ? ": entering it needs CAP_SYS_ADMIN" : "");
			return 1;
		}
		t->has_cookie = true;
	}
	return 0;
}

/* @addr (of @len bytes) in @t's prefix; IPv4 in an IPv4-mapped IPv6 too. */
static bool prefix_match(const struct sel_term *t, const uint8_t *addr,
			 unsigned int len)
{
	static const uint8_t mapped[12] = { [10] = 0xff, [11] = 0xff };
	unsigned int bytes = t->plen / 8, bits = t->plen % 8;

	if (t->addr_len == 4 && len == 16 && !memcmp(addr, mapped, 12)) {
		addr += 12;
		len = 4;
	}
	if (len != t->addr_len)
		return false;
	if (memcmp(addr, t->addr, bytes))
		return false;
	return !bits ||
	       !((addr[bytes] ^ t->addr[bytes]) & (0xff00 >> bits));
}

static bool port_in(const struct sel_term *t, bool has, uint16_t port)
{
	return has && port >= t->port_lo && port <= t->port_hi;
}

static bool term_match(const struct sel_term *t, const struct view_entry *e)
{
	switch (t->key) {
	case SEL_SRC:
		return prefix_match(t, e->saddr, e->saddr_len);
	case SEL_DST:
		return prefix_match(t, e->daddr, e->daddr_len);
	case SEL_SPORT:
		return port_in(t, e->has_sport, e->sport);
	case SEL_DPORT:
		return port_in(t, e->has_dport, e->dport);
	case SEL_PORT:
		return port_in(t, e->has_sport, e->sport) ||
		       port_in(t, e->has_dport, e->dport);
	case SEL_DEV:
		return (e->has_ifname && !strcmp(e->ifname, t->name)) ||
		       (t->has_num && e->ifindex == t->num);
	case SEL_NETNS:
		/* An older module's rows have no cookie. */
		if (t->has_cookie && e->has_netns_cookie)
			return e->netns_cookie == t->cookie;
		return e->netns == t->num;
	case SEL_REASON:
		if (!e->has_reason)
			return false;
		if (t->has_num)
			return e->reason == t->num;
		/* The kernel's short name, or its enum's full one. */
		return e->has_reason_name &&
		       (!strcasecmp(e->reason_name, t->name) ||
			(!strncasecmp(t->name, "SKB_DROP_REASON_", 16) &&
			 !strcasecmp(e->reason_name, t->name + 16)));
	case SEL_ERRNO:
		return e->has_err && e->err == t->num;
	case __SEL_CNT:
		break;
	}
	return false;
}

bool select_match(const struct selector *s, const struct view_entry *e)
{
	/* Every key given matches: one of its terms does. */
	for (int k = 0; k < __SEL_CNT; k++) {
		bool any = false;

		if (!(s->keys & SEL_BIT(k)))
			continue;
		for (size_t i = 0; i < s->n && !any; i++)
			any = s->t[i].key == (enum sel_key)k &&
			      term_match(&s->t[i], e);
		if (!any)
			return false;
	}
	return true;
}

void select_apply(const struct selector *s, struct view *v)
{
	size_t out = 0;

	if (!s || !s->n)
		return;
	for (size_t i = 0; i < v->n; i++) {
		if (!select_match(s, &v->e[i])) {
			free(v->e[i].hist);
			continue;
		}
		if (out != i)
			v->e[out] = v->e[i];
		out++;
	}
	v->n = out;
}
