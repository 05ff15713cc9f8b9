// SPDX-License-Identifier: GPL-2.0
/*
 * The file of tpstat history --save and --load:
 *
 *   tpstat-history 2
 *   # comment lines, anywhere
 *   module VERSION          what the module said of itself (GET_INFO)
 *   kernel RELEASE
 *   features BITS           its TPSTAT_F_* (version 2)
 *   interval SECONDS        an interval's length
 *   views_interval SECONDS  a views interval's, 0 for none (version 2)
 *   lost INTERVALS          the ring's drops since load (HISTORY_LOST)
 *   SEQ START_NS DURATION_NS FLAGS VALUE NAME
 *   SEQ START_NS DURATION_NS FLAGS
 *   ...
 *   v HEX                   a views interval's message (version 2)
 *   ...
 *   end LINES
 *
 * A line per value that moved, as the dump has a message per value; an
 * interval in which nothing moved has one without VALUE NAME.  Numbers
 * are decimal; the module's strings and the names are escaped as text
 * prints them (escape.h), so no byte of theirs can break a line, and
 * NAME is the rest of its line.
 *
 * Then a "v" line per message of the views intervals, in the dump's
 * order: the attributes after its generic netlink header, two hex
 * digits a byte.  Not a text of their own: a view's key is a dozen
 * attributes, some binary (addresses), each view its own, and the
 * dump's parser already checks them all; the loader rebuilds each
 * message and runs it through that parser (recording_file_views.c),
 * so that the rows are the module's and a file is no weaker a reply.
 *
 * "end" counts the lines of intervals, counters' and views': a file cut
 * short at a line's end is told from a whole one.  A reader skips a
 * "KEY VALUE" line it does not know, so a later writer may add one;
 * what an older reader must not misread takes a new version, which it
 * refuses.  Version 1 (before the views) had no views lines, and a v
 * line in it is such an unknown key: skipped, not counted.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "escape.h"
#include "recording_file.h"
#include "recording_file_views.h"

/* ---- writing ------------------------------------------------------------ */

void rec_save(FILE *f, const struct recording *r)
{
	char text[ESC_SIZE(COUNTER_NAME_MAX)];
	size_t lines = 0;

	fprintf(f, "%s %d\n", REC_FILE_MAGIC, REC_FILE_VERSION);
	fputs("# tpstat history --save: the module's flight recorder, oldest first.\n"
	      "# SEQ START_NS DURATION_NS FLAGS [VALUE NAME]: a line per value that\n"
	      "# moved; an interval in which nothing moved, a line without them.\n"
	      "# v HEX: a views interval's message, its netlink attributes.\n", f);
	fprintf(f, "module %s\n", esc(r->version, text, sizeof(text)));
	fprintf(f, "kernel %s\n", esc(r->kernel, text, sizeof(text)));
	fprintf(f, "features %u\n", r->features);
	fprintf(f, "interval %u\nviews_interval %u\nlost %llu\n", r->interval_s,
		r->views_interval_s, (unsigned long long)r->lost);
	for (size_t i = 0; i < rec_count(r); i++) {
		const struct rec_interval *iv = rec_at(r, i);
		const struct counter_row *v = rec_values(r, iv);
		size_t k = 0;

		do {
			fprintf(f, "%llu %llu %llu %u",
				(unsigned long long)iv->seq,
				(unsigned long long)iv->start_ns,
				(unsigned long long)iv->duration_ns, iv->flags);
			if (iv->n)
				fprintf(f, " %llu %s",
					(unsigned long long)v[k].value,
					esc(v[k].name, text, sizeof(text)));
			fputc('\n', f);
			lines++;
		} while (++k < iv->n);
	}
	for (size_t i = 0; i < r->attrs.n; i++) {
		fputs("v ", f);
		rec_views_hex_write(f, rec_attrs_at(r, i));
		fputc('\n', f);
		lines++;
	}
	fprintf(f, "end %zu\n", lines);
}

static void fill(FILE *f, const void *arg)
{
	rec_save(f, arg);
}

int rec_save_file(const char *path, const struct recording *r, char *err,
		  size_t err_len)
{
	struct stat st;

	if (!strcmp(path, "-")) {
		rec_save(stdout, r);
		if (!fflush(stdout) && !ferror(stdout))
			return 0;
		snprintf(err, err_len, "writing the recording failed: %s",
			 strerror(errno ? errno : EIO));
		return -1;
	}
	/* rename() would replace a link, a device, a FIFO: only a file. */
	if (!lstat(path, &st) && !S_ISREG(st.st_mode)) {
		snprintf(err, err_len, "%.200s is not a regular file: refused",
			 path);
		return -1;
	}
	return atomic_file_write(path, fill, r, err, err_len) ? -1 : 0;
}

/* ---- reading ------------------------------------------------------------ */

/* What read_line() says instead of a length. */
enum {
	LINE_EOF = -1,		/* no more lines */
	LINE_LONG = -2,		/* longer than REC_FILE_LINE_MAX */
	LINE_CUT = -3,		/* the file ends inside it: no newline */
	LINE_NUL = -4,		/* a NUL byte in it */
	LINE_ERROR = -5,	/* reading failed: errno */
};

/* One line of @f into @buf, without its newline: its length, or LINE_*. */
static int read_line(FILE *f, char *buf, size_t len)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != '\n') {
		if (c == EOF)
			return ferror(f) ? LINE_ERROR : n ? LINE_CUT : LINE_EOF;
		if (!c)
			return LINE_NUL;
		if (n + 1 >= len)
			return LINE_LONG;
		buf[n++] = c;
	}
	buf[n] = '\0';
	return n;
}

/* A load in progress. */
struct loader {
	const char *name;	/* the file's, for errors */
	size_t line;		/* the number of the line read */
	struct recording *r;
	uint64_t version;	/* the file's: line 1 */
	size_t lines;		/* of intervals, so far */
	bool ended, has_interval;
	char *err;
	size_t err_len;
};

static int bad(struct loader *l, const char *why)
{
	snprintf(l->err, l->err_len, "%.200s: line %zu: %s", l->name, l->line,
		 why);
	return -1;
}

/*
 * A decimal number at *@p, no sign, at most @max, into *@v, then *@p
 * past it and the one space after it (or at the line's end): 0 or -1.
 */
static int number(const char **p, uint64_t max, uint64_t *v)
{
	const char *s = *p;

	if (*s < '0' || *s > '9')
		return -1;
	for (*v = 0; *s >= '0' && *s <= '9'; s++) {
		if (*v > (max - (*s - '0')) / 10)
			return -1;
		*v = *v * 10 + (*s - '0');
	}
	if (*s && *s != ' ')
		return -1;
	*p = *s ? s + 1 : s;
	return 0;
}

/* SEQ START_NS DURATION_NS FLAGS [VALUE NAME] */
static int interval_line(struct loader *l, const char *s)
{
	char name[COUNTER_NAME_MAX];
	struct rec_point p = { .lost = l->r->lost };
	uint64_t flags;
	const char *why;

	if (number(&s, UINT64_MAX, &p.seq) ||
	    number(&s, UINT64_MAX, &p.start_ns) ||
	    number(&s, UINT64_MAX, &p.duration_ns) ||
	    number(&s, UINT32_MAX, &flags) ||
	    (*s && (number(&s, UINT64_MAX, &p.value) || !*s)))
		return bad(l, "malformed: not SEQ START_NS DURATION_NS FLAGS [VALUE NAME]");
	p.flags = flags;
	if (*s) {
		if (unesc(s, name, sizeof(name)))
			return bad(l, "a counter's name too long, or with a malformed escape");
		p.name = name;
	}
	why = rec_add(l->r, &p);
	if (why)
		return bad(l, why);
	l->lines++;
	return 0;
}

/* v HEX: a views interval's message, read as the dump's. */
static int views_line(struct loader *l, const char *hex)
{
	const char *why = rec_views_hex_read(l->r, hex);

	if (why)
		return bad(l, why);
	l->lines++;
	return 0;
}

/* "KEY VALUE": what the file says of the recording, or its end. */
static int key_line(struct loader *l, char *s)
{
	char *space = strchr(s, ' ');
	const char *value = space ? space + 1 : s + strlen(s);
	uint64_t v;

	if (space)
		*space = '\0';
	if (!strcmp(s, "module") || !strcmp(s, "kernel")) {
		char *dst = *s == 'm' ? l->r->version : l->r->kernel;
		size_t len = *s == 'm' ? sizeof(l->r->version) :
					 sizeof(l->r->kernel);

		if (unesc(value, dst, len))
			return bad(l, "too long, or a malformed escape");
	} else if (!strcmp(s, "interval")) {
		if (number(&value, UINT32_MAX, &v) || *value || !v)
			return bad(l, "not a number of seconds above 0");
		l->r->interval_s = v;
		l->has_interval = true;
	} else if (!strcmp(s, "views_interval") || !strcmp(s, "features")) {
		if (number(&value, UINT32_MAX, &v) || *value)
			return bad(l, "not a number (at most 4294967295)");
		*(*s == 'v' ? &l->r->views_interval_s : &l->r->features) = v;
	} else if (!strcmp(s, "v") && l->version >= 2) {
		return views_line(l, value);
	} else if (!strcmp(s, "lost")) {
		if (number(&value, UINT64_MAX, &l->r->lost) || *value)
			return bad(l, "not a number of intervals");
	} else if (!strcmp(s, "end")) {
		if (number(&value, SIZE_MAX, &v) || *value)
			return bad(l, "malformed: not end LINES");
		if (v != l->lines)
			return bad(l, "the end line's count is not the number of lines of intervals before it");
		l->ended = true;
	}
	/* Another word: a later writer's, which this version may skip. */
	return 0;
}

/* Line 1: the magic and a version this tool reads. */
static int first_line(struct loader *l, const char *s)
{
	size_t len = strlen(REC_FILE_MAGIC);
	uint64_t version;

	if (strncmp(s, REC_FILE_MAGIC, len) || s[len] != ' ') {
		snprintf(l->err, l->err_len,
			 "%.200s is not a tpstat history file (its first line is not '%s %d')",
			 l->name, REC_FILE_MAGIC, REC_FILE_VERSION);
		return -1;
	}
	s += len + 1;
	if (number(&s, UINT32_MAX, &version) || *s || !version)
		return bad(l, "malformed: not " REC_FILE_MAGIC " VERSION");
	if (version > REC_FILE_VERSION) {
		snprintf(l->err, l->err_len,
			 "%.200s is a version %llu history file; this tool reads versions 1 to %d (a newer tpstat wrote it)",
			 l->name, (unsigned long long)version,
			 REC_FILE_VERSION);
		return -1;
	}
	l->version = version;
	return 0;
}

static int one_line(struct loader *l, char *s)
{
	if (l->line == 1)
		return first_line(l, s);
	if (l->ended)
		return bad(l, "after the end line");
	if (*s == '#')
		return 0;
	if (*s >= '0' && *s <= '9')
		return interval_line(l, s);
	if (*s >= 'a' && *s <= 'z')
		return key_line(l, s);
	return bad(l, "malformed: neither KEY VALUE nor an interval's line");
}

/* Why read_line() gave no line; 0 at the end of a whole file. */
static int no_line(struct loader *l, int n)
{
	switch (n) {
	case LINE_EOF:
		break;
	case LINE_LONG:
		return bad(l, "too long");
	case LINE_CUT:
		return bad(l, "cut short: the file ends inside it");
	case LINE_NUL:
		return bad(l, "a NUL byte");
	default:
		snprintf(l->err, l->err_len, "cannot read %.200s: %s", l->name,
			 strerror(errno ? errno : EIO));
		return -1;
	}
	if (l->line == 1) {
		snprintf(l->err, l->err_len,
			 "%.200s is empty: not a tpstat history file", l->name);
		return -1;
	}
	if (!l->ended) {
		snprintf(l->err, l->err_len,
			 "%.200s is cut short: it ends at line %zu, before its end line",
			 l->name, l->line - 1);
		return -1;
	}
	if (!l->has_interval) {
		snprintf(l->err, l->err_len,
			 "%.200s has no interval line", l->name);
		return -1;
	}
	return 0;
}

int rec_load(FILE *f, const char *name, struct recording *r, char *err,
	     size_t err_len)
{
	struct loader l = {
		.name = name, .r = r, .err = err, .err_len = err_len,
	};
	char buf[REC_FILE_LINE_MAX];
	int n, ret;

	do {
		l.line++;
		errno = 0;
		n = read_line(f, buf, sizeof(buf));
		ret = n < 0 ? no_line(&l, n) : one_line(&l, buf);
	} while (!ret && n >= 0);
	if (ret) {
		rec_free(r);
		return -1;
	}
	rec_finish(r);
	return 0;
}

int rec_load_file(const char *path, struct recording *r, char *err,
		  size_t err_len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	int ret;

	if (!f) {
		snprintf(err, err_len, "cannot read %.200s: %s", path,
			 strerror(errno));
		return -1;
	}
	ret = rec_load(f, strcmp(path, "-") ? path : "standard input", r, err,
		       err_len);
	if (f != stdin)
		fclose(f);
	return ret;
}
