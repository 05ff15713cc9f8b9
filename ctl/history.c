// SPDX-License-Identifier: GPL-2.0
/*
 * "tpstat show --delta": the counters' change since this user's last
 * --delta, against a baseline file of their own, as nstat's history.
 * No netlink, unit-tested on the host.
 */
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "history.h"

#define HISTORY_MAGIC "# tpstat history 1\n"

int history_path(char *buf, size_t len, char *err, size_t err_len)
{
	const char *env = getenv("TPSTAT_HISTORY"), *home = getenv("HOME");
	struct passwd *pw;
	int n;

	if (env && *env) {
		n = snprintf(buf, len, "%s", env);
		goto done;
	}
	if (!home || *home != '/') {
		pw = getpwuid(getuid());
		home = pw ? pw->pw_dir : NULL;
	}
	if (!home || *home != '/') {
		snprintf(err, err_len, "no home directory for the history: set TPSTAT_HISTORY");
		return -1;
	}
	/* ~/.cache/tpstat: made 0700 where missing, the user's own. */
	n = snprintf(buf, len, "%s/.cache", home);
	if (n > 0 && (size_t)n < len && mkdir(buf, 0700) && errno != EEXIST)
		goto mkdir_failed;
	n = snprintf(buf, len, "%s/.cache/tpstat", home);
	if (n > 0 && (size_t)n < len && mkdir(buf, 0700) && errno != EEXIST)
		goto mkdir_failed;
	n = snprintf(buf, len, "%s/.cache/tpstat/history.%u", home,
		     (unsigned int)getuid());
done:
	if (n <= 0 || (size_t)n >= len) {
		snprintf(err, err_len, "the history's path is too long");
		return -1;
	}
	return 0;
mkdir_failed:
	snprintf(err, err_len, "cannot make %.200s for the history: %s", buf,
		 strerror(errno));
	return -1;
}

int history_open(const char *path, char *err, size_t err_len)
{
	struct stat st;
	int fd;

	/*
	 * Never through a symbolic link (one another user planted would
	 * have us write where they chose), and only a regular file of this
	 * user's that no one else may read or write: made 0600.
	 */
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY |
		  O_NONBLOCK, 0600);
	if (fd < 0) {
		if (errno == ELOOP)
			snprintf(err, err_len, "the history %.200s is a symbolic link: refused",
				 path);
		else
			snprintf(err, err_len, "cannot open the history %.200s: %s",
				 path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != getuid() ||
	    (st.st_mode & 077)) {
		snprintf(err, err_len, "the history %.200s is not a file of this user's that only they can read and write (mode 0600): refused",
			 path);
		close(fd);
		return -1;
	}
	/* One --delta at a time: the second reads what the first wrote. */
	if (flock(fd, LOCK_EX)) {
		snprintf(err, err_len, "cannot lock the history %.200s: %s", path,
			 strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static int row_add(struct counter_row **rows, size_t *n, size_t *cap,
		   const char *name, uint64_t value)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		struct counter_row *r = realloc(*rows, c * sizeof(*r));

		if (!r)
			return -1;
		*rows = r;
		*cap = c;
	}
	snprintf((*rows)[*n].name, sizeof((*rows)[*n].name), "%s", name);
	(*rows)[*n].value = value;
	(*n)++;
	return 0;
}

int history_read(int fd, struct counter_row **rows, size_t *n)
{
	FILE *f;
	char line[256];
	size_t cap = 0;
	int dup_fd = dup(fd);

	*rows = NULL;
	*n = 0;
	if (dup_fd < 0 || lseek(dup_fd, 0, SEEK_SET) < 0)
		goto fail;
	f = fdopen(dup_fd, "r");
	if (!f)
		goto fail;
	/* "VALUE NAME" a line; a line that is not is skipped. */
	while (fgets(line, sizeof(line), f)) {
		unsigned long long v;
		char *end, *nl = strchr(line, '\n');

		if (!nl || line[0] == '#')
			continue;
		*nl = '\0';
		errno = 0;
		v = strtoull(line, &end, 10);
		if (end == line || errno || *end != ' ' || !end[1])
			continue;
		if (row_add(rows, n, &cap, end + 1, v)) {
			fclose(f);
			free(*rows);
			*rows = NULL;
			*n = 0;
			return -1;
		}
	}
	fclose(f);
	return 0;
fail:
	if (dup_fd >= 0)
		close(dup_fd);
	return -1;
}

int history_write(int fd, const struct counter_row *rows, size_t n)
{
	size_t len = sizeof(HISTORY_MAGIC) - 1, used;
	char *buf;
	ssize_t w;

	for (size_t i = 0; i < n; i++)
		len += strlen(rows[i].name) + 24;
	buf = malloc(len + 1);
	if (!buf)
		return -1;
	used = snprintf(buf, len + 1, "%s", HISTORY_MAGIC);
	for (size_t i = 0; i < n; i++) {
		/* A name that would break its line is not kept. */
		if (strchr(rows[i].name, '\n') || !rows[i].name[0])
			continue;
		used += snprintf(buf + used, len + 1 - used, "%llu %s\n",
				 (unsigned long long)rows[i].value, rows[i].name);
	}
	if (ftruncate(fd, 0)) {
		free(buf);
		return -1;
	}
	for (size_t off = 0; off < used; off += w) {
		w = pwrite(fd, buf + off, used - off, off);
		if (w <= 0) {
			free(buf);
			return -1;
		}
	}
	free(buf);
	return 0;
}

static const struct counter_row *find(const struct counter_row *rows,
				      size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	return NULL;
}

void history_delta(const struct counter_row *old, size_t n_old,
		   struct counter_row *cur, size_t n_cur)
{
	for (size_t i = 0; i < n_cur; i++) {
		const struct counter_row *o = find(old, n_old, cur[i].name);

		/* Went down: reset since, its value is the change (nstat). */
		if (o && cur[i].value >= o->value)
			cur[i].value -= o->value;
	}
}

int history_merge(struct counter_row **old, size_t *n_old,
		  const struct counter_row *cur, size_t n_cur)
{
	size_t cap = *n_old;

	for (size_t i = 0; i < n_cur; i++) {
		struct counter_row *o = (struct counter_row *)find(*old, *n_old,
								   cur[i].name);

		if (o)
			o->value = cur[i].value;
		else if (row_add(old, n_old, &cap, cur[i].name, cur[i].value))
			return -1;
	}
	return 0;
}
