// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE	/* setns() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#include "escape.h"
#include "json.h"
#include "netns.h"

#ifndef NSFS_MAGIC
#define NSFS_MAGIC 0x6e736673
#endif
#ifndef SO_NETNS_COOKIE
#define SO_NETNS_COOKIE 71	/* 5.14 */
#endif

struct netns_ent {
	uint32_t inode;
	char *name;
	char *text;	/* @name as text output prints it (escape.h) */
};

static const char *run_dir = NETNS_RUN_DIR;
static bool nsfs_only = true;
/* The directory's names, sorted; read once. */
static struct netns_ent *table;
static size_t n_table;
static bool table_read;
static bool numeric;
/* The initial namespace's inode; init_known once looked up. */
static uint32_t init_inode;
static bool init_known;

/* The initial PID namespace's inode number: PROC_PID_INIT_INO, fixed. */
#define PID_INIT_INO	0xEFFFFFFCU

uint32_t netns_init_inode(void)
{
	struct stat st;

	if (init_known)
		return init_inode;
	init_known = true;
	if (!stat("/proc/self/ns/pid", &st) && st.st_ino == PID_INIT_INO &&
	    !stat("/proc/1/ns/net", &st) && st.st_ino <= UINT32_MAX)
		init_inode = st.st_ino;
	return init_inode;
}

void netns_set_init(uint32_t inode)
{
	init_inode = inode;
	init_known = true;
}

void netns_set_numeric(bool n)
{
	numeric = n;
}

static void table_free(void)
{
	for (size_t i = 0; i < n_table; i++) {
		if (table[i].text != table[i].name)
			free(table[i].text);
		free(table[i].name);
	}
	free(table);
	table = NULL;
	n_table = 0;
	table_read = false;
}

void netns_set_dir(const char *dir, bool nsfs)
{
	table_free();
	run_dir = dir;
	nsfs_only = nsfs;
}

bool netns_name_ok(const char *s)
{
	size_t len = strlen(s);

	return len && len < NETNS_NAME_MAX && !strchr(s, '/') &&
	       strcmp(s, ".") && strcmp(s, "..");
}

/* Inode of @path if it is a namespace (or, for tests, any file). */
static int path_inode(const char *path, uint32_t *inode)
{
	struct statfs sfs;
	struct stat st;

	if (stat(path, &st))
		return -errno;
	if (nsfs_only && (statfs(path, &sfs) || sfs.f_type != NSFS_MAGIC))
		return -EINVAL;
	if (st.st_ino > UINT32_MAX)
		return -EINVAL;
	*inode = st.st_ino;
	return 0;
}

static int ent_cmp(const void *a, const void *b)
{
	return strcmp(((const struct netns_ent *)a)->name,
		      ((const struct netns_ent *)b)->name);
}

/* Names that are not namespaces, or that vanish meanwhile, are left out. */
static void table_load(void)
{
	char path[4096], text[ESC_SIZE(NETNS_NAME_MAX)];
	struct dirent *d;
	size_t cap = 0;
	uint32_t inode;
	DIR *dir;

	table_read = true;
	dir = opendir(run_dir);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		struct netns_ent *t = table;

		if (!netns_name_ok(d->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", run_dir, d->d_name);
		if (path_inode(path, &inode))
			continue;
		if (n_table == cap) {
			cap = cap ? 2 * cap : 16;
			t = realloc(table, cap * sizeof(*t));
			if (!t)
				break;
			table = t;
		}
		/*
		 * Any byte but '/' and NUL may be in a name: its text is
		 * escaped once here, not on every row printed.
		 */
		table[n_table].name = strdup(d->d_name);
		if (!table[n_table].name)
			break;
		table[n_table].text = (char *)esc(table[n_table].name, text,
						  sizeof(text));
		if (table[n_table].text == text)
			table[n_table].text = strdup(text);
		if (!table[n_table].text) {
			free(table[n_table].name);
			break;
		}
		table[n_table++].inode = inode;
	}
	closedir(dir);
	if (n_table)
		qsort(table, n_table, sizeof(*table), ent_cmp);
}

static const struct netns_ent *netns_ent(uint32_t inode)
{
	if (!table_read)
		table_load();
	for (size_t i = 0; i < n_table; i++)
		if (table[i].inode == inode)
			return &table[i];
	return NULL;
}

const char *netns_name(uint32_t inode)
{
	const struct netns_ent *ent = netns_ent(inode);

	if (ent)
		return ent->name;
	return inode && inode == netns_init_inode() ? "init" : NULL;
}

const char *netns_text(uint32_t inode, char *buf, size_t len)
{
	const struct netns_ent *ent = numeric ? NULL : netns_ent(inode);
	char digits[10], *p = digits + sizeof(digits);
	size_t n;

	if (ent)
		return ent->text;
	if (!numeric && inode && inode == netns_init_inode())
		return "init";
	/* As snprintf("%u") writes it, without one per row of a view. */
	do {
		*--p = '0' + inode % 10;
		inode /= 10;
	} while (inode);
	n = digits + sizeof(digits) - p;
	if (!len)
		return buf;
	if (n > len - 1)
		n = len - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return buf;
}

void netns_json(struct json *j, uint32_t inode)
{
	const char *name = netns_name(inode);

	json_field_u64(j, "netns", inode);
	if (name) {
		json_key(j, "netns_name");
		json_string(j, name);
	}
}

int netns_inode(const char *name, uint32_t *inode)
{
	char path[4096];

	if (!netns_name_ok(name))
		return -EINVAL;
	snprintf(path, sizeof(path), "%s/%s", run_dir, name);
	return path_inode(path, inode);
}

int netns_enter(const char *name, char *err, size_t err_len)
{
	char path[4096];
	int fd, e;

	if (!netns_name_ok(name)) {
		snprintf(err, err_len, "'%s' cannot be a network namespace name",
			 name);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s", run_dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			snprintf(err, err_len,
				 "no network namespace named %s in %s", name,
				 run_dir);
		else
			snprintf(err, err_len, "cannot open %s: %s", path,
				 strerror(errno));
		return -1;
	}
	if (setns(fd, CLONE_NEWNET)) {
		e = errno;
		if (e == EINVAL)
			snprintf(err, err_len,
				 "%s is not a network namespace", path);
		else if (e == EPERM)
			snprintf(err, err_len,
				 "cannot enter network namespace %s: permission denied (needs CAP_SYS_ADMIN: run as root)",
				 name);
		else
			snprintf(err, err_len,
				 "cannot enter network namespace %s: %s", name,
				 strerror(e));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/* The cookie of the namespace the caller is in: a socket's (SO_NETNS_COOKIE). */
static int own_cookie(uint64_t *cookie)
{
	socklen_t len = sizeof(*cookie);
	int fd, r = 0;

	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (getsockopt(fd, SOL_SOCKET, SO_NETNS_COOKIE, cookie, &len))
		r = -errno;
	else if (len != sizeof(*cookie))
		r = -EINVAL;
	close(fd);
	return r;
}

/* For tests: a plain file holds the cookie of the namespace it stands for. */
static int file_cookie(const char *path, uint64_t *cookie)
{
	unsigned long long v;
	int r = -EINVAL;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (fscanf(f, "%llu", &v) == 1 && v) {
		*cookie = v;
		r = 0;
	}
	fclose(f);
	return r;
}

/*
 * The cookie of the namespace at @path: the caller's own is a socket's;
 * another's, a socket's made in it, between two setns() (which needs
 * CAP_SYS_ADMIN), back into the caller's own after.
 */
static int path_cookie(const char *path, uint64_t *cookie)
{
	struct stat st, self_st;
	int fd, self, r;

	if (!nsfs_only)
		return file_cookie(path, cookie);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	self = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	if (self < 0 || fstat(fd, &st) || fstat(self, &self_st)) {
		r = -errno;
		goto out;
	}
	if (st.st_dev == self_st.st_dev && st.st_ino == self_st.st_ino) {
		r = own_cookie(cookie);
		goto out;
	}
	if (setns(fd, CLONE_NEWNET)) {
		r = -errno;
		goto out;
	}
	r = own_cookie(cookie);
	/* Not back home: the caller fails, and no request goes out. */
	if (setns(self, CLONE_NEWNET))
		r = -errno;
out:
	if (self >= 0)
		close(self);
	close(fd);
	return r;
}

int netns_cookie(const char *name, uint64_t *cookie)
{
	char path[4096];

	if (!name)
		return path_cookie("/proc/1/ns/net", cookie);
	if (!netns_name_ok(name))
		return -EINVAL;
	snprintf(path, sizeof(path), "%s/%s", run_dir, name);
	return path_cookie(path, cookie);
}
