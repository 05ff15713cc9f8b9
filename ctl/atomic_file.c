// SPDX-License-Identifier: GPL-2.0
/* Writing a file whole: see atomic_file.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"

static int step_failed(char *err, size_t err_len, const char *step,
		       const char *path)
{
	int e = errno ? errno : EIO;

	snprintf(err, err_len, "%s %s: %s", step, path, strerror(e));
	return -e;
}

/*
 * The temporary file's template for @path into @tmp, and @path's
 * directory into @dir ("." for a bare name): 0, or -1 when too long.
 */
static int temp_name(const char *path, char *tmp, size_t tmp_len,
		     char *dir, size_t dir_len)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	int n = slash ? (int)(slash - path) : 1;

	if (slash && slash == path)
		n = 1;			/* "/name": the root */
	if (snprintf(dir, dir_len, "%.*s", n, slash ? path : ".") >= (int)dir_len)
		return -1;
	return snprintf(tmp, tmp_len, "%s/.%s.XXXXXX", dir, base) >=
	       (int)tmp_len ? -1 : 0;
}

/* @f, filled, on the disk and closed: 0, or -errno in @err. */
static int finish(FILE *f, const char *tmp, char *err, size_t err_len)
{
	if (fflush(f) || ferror(f) || fsync(fileno(f))) {
		int ret = step_failed(err, err_len, "writing", tmp);

		fclose(f);
		return ret;
	}
	if (fclose(f))
		return step_failed(err, err_len, "writing", tmp);
	return 0;
}

int atomic_file_write(const char *path, void (*fill)(FILE *f, const void *arg),
		      const void *arg, char *err, size_t err_len)
{
	char tmp[4096], dir[4096];
	FILE *f;
	int fd, ret;

	if (temp_name(path, tmp, sizeof(tmp), dir, sizeof(dir))) {
		errno = ENAMETOOLONG;
		return step_failed(err, err_len, "writing", path);
	}
	fd = mkstemp(tmp);
	if (fd < 0)
		return step_failed(err, err_len, "creating a file in", dir);
	/* mkstemp makes it 0600; its readers may be other users. */
	f = fchmod(fd, 0644) ? NULL : fdopen(fd, "w");
	if (!f) {
		ret = step_failed(err, err_len, "opening", tmp);
		close(fd);
		unlink(tmp);
		return ret;
	}
	/* A write that failed in @fill leaves its errno for the message. */
	errno = 0;
	fill(f, arg);
	ret = finish(f, tmp, err, err_len);
	if (!ret && rename(tmp, path))
		ret = step_failed(err, err_len, "renaming into", path);
	if (ret)
		unlink(tmp);
	return ret;
}
