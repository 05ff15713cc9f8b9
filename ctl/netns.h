/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Network namespace names as "ip netns" keeps them: each name under
 * /run/netns is a bind mount of a namespace's nsfs file, and its inode
 * number is what the module's TPSTAT_A_NETNS carries.
 */
#ifndef TPSTAT_NETNS_H
#define TPSTAT_NETNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NETNS_RUN_DIR	"/run/netns"
/* Longest name, with its NUL (NAME_MAX + 1). */
#define NETNS_NAME_MAX	256

struct json;

/*
 * Where names are read from (default NETNS_RUN_DIR) and whether an entry
 * must be an nsfs mount to count (by default it must: a file left behind
 * by an unmounted namespace is not one).  Forgets what was read, so the
 * next lookup reads @dir again.  For tests, which use plain files.
 */
void netns_set_dir(const char *dir, bool nsfs_only);
/* Whether @s can be a name there: 1 to 255 bytes, no '/', not . or .. */
bool netns_name_ok(const char *s);
/*
 * The name of the namespace with inode number @inode, or NULL: its name
 * under /run/netns, else "init" for the initial namespace.  The
 * directory is read once, on the first call.  Several names for one
 * namespace: the first in byte order.
 */
const char *netns_name(uint32_t inode);
/* The name as text prints it (escape.h), or the number in @buf. */
const char *netns_text(uint32_t inode, char *buf, size_t len);
/*
 * The initial namespace's inode number, or 0 where it cannot be known:
 * pid 1's (/proc/1/ns/net), read once, and only from the initial PID
 * namespace (in a container pid 1 is the container's own init).
 */
uint32_t netns_init_inode(void);
/* For tests: the initial namespace's inode (0: none), not read from /proc. */
void netns_set_init(uint32_t inode);
/* --numeric-netns: text prints inode numbers, never names. */
void netns_set_numeric(bool numeric);
/*
 * "netns": @inode, then "netns_name" only when a name is known (the
 * initial namespace's is "init").
 */
void netns_json(struct json *j, uint32_t inode);
/* The inode number of the namespace named @name: 0, or -errno. */
int netns_inode(const char *name, uint32_t *inode);
/*
 * The cookie of the namespace named @name (NULL: the initial one, pid
 * 1's), which names it as the module does (its inode number is reused
 * once it is gone, its cookie never): 0, or -errno.  Another namespace
 * than the caller's is entered for it and left again (EPERM without
 * CAP_SYS_ADMIN); a kernel before 5.14 tells no cookie (ENOPROTOOPT).
 * Where entries need not be nsfs mounts (netns_set_dir(), for tests), a
 * name's file holds its cookie in decimal.
 */
int netns_cookie(const char *name, uint64_t *cookie);
/*
 * setns() into the namespace named @name: 0, or -1 with one line in @err
 * (unknown name, not a namespace, no permission).
 */
int netns_enter(const char *name, char *err, size_t err_len);

#endif
