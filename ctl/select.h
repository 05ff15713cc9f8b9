/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Display-side selectors, as ss and ip take them: "retrans dst
 * 10.0.0.0/8 dport 443".  Words parsed once into a selector, rows of any
 * view matched against it; each view says which keys its rows carry
 * (view_ops.selectors).  The kernel still counts everything: this only
 * chooses what is shown.  No netlink: unit-tested on the host.
 */
#ifndef TPSTAT_SELECT_H
#define TPSTAT_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct view;
struct view_entry;

enum sel_key {
	SEL_SRC,	/* the local address (SADDR), a prefix */
	SEL_DST,	/* the remote address (DADDR): peer, neighbour */
	SEL_SPORT,	/* the local port */
	SEL_DPORT,	/* the remote port */
	SEL_PORT,	/* a view's one port: a service's, or the local one */
	SEL_DEV,	/* a device's name, or its ifindex */
	SEL_NETNS,	/* an ip netns name, "init", or an inode number */
	SEL_REASON,	/* a drop or reset reason's name, or its code */
	SEL_ERRNO,	/* ECONNREFUSED, or its number */
	__SEL_CNT
};

#define SEL_BIT(k)	(1U << (k))
/* The most words a command line's selectors may have. */
#define SEL_MAX		8

struct sel_term {
	enum sel_key key;
	uint8_t addr[16];
	uint8_t addr_len;	/* 4 or 16 */
	uint8_t plen;		/* prefix length in bits */
	uint16_t port_lo, port_hi;
	uint32_t num;		/* errno, reason code, ifindex, netns inode */
	bool has_num;		/* else @name */
	uint64_t cookie;	/* netns NAME or init: the namespace's cookie */
	bool has_cookie;
	const char *name;	/* dev, reason or netns name: the argv word */
};

struct selector {
	struct sel_term t[SEL_MAX];
	size_t n;
	unsigned int keys;	/* SEL_BIT() of each key given */
};

const char *sel_key_name(enum sel_key key);
/*
 * KEY VALUE pairs of @words into @s: 0, or 2 (a usage error) with one
 * line in @err.  A key given twice matches either value (dport 80 dport
 * 443); different keys must all match.
 */
int select_parse(int n, const char *const *words, struct selector *s,
		 char *err, size_t err_len);
/*
 * Whether @s uses only keys of @allowed (SEL_BIT()s): 0, or 2 with
 * "<key> is not a selector of <view> (it has ...)" in @err.
 */
int select_check(const struct selector *s, unsigned int allowed,
		 const char *view, char *err, size_t err_len);
/* "src, dst, dport" of @allowed into @buf; "none" for 0. */
const char *sel_keys_text(unsigned int allowed, char *buf, size_t len);
/*
 * Namespace names to their cookies (netns.h), once, before rows are
 * matched: a name selects the rows of the namespace that has it now, not
 * a dead one's under a reused inode number (an inode number given as
 * such selects by that number).  Where the kernel tells no cookie
 * (before 5.14), by inode number.  0, or 1 with one line in @err (no
 * such namespace, or its cookie cannot be learned).
 */
int select_resolve(struct selector *s, char *err, size_t err_len);
bool select_match(const struct selector *s, const struct view_entry *e);
/* Leaves in @v only the rows @s matches, in their order. */
void select_apply(const struct selector *s, struct view *v);

#endif
