// SPDX-License-Identifier: GPL-2.0
/*
 * Output is gathered in j->buf and written with one fwrite() a buffer:
 * a full view is tens of thousands of objects, and a fputc(), fwrite() or
 * fprintf() per key and value was most of what printing one cost.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "json.h"

static void flush(struct json *j)
{
	if (j->len)
		fwrite(j->buf, 1, j->len, j->out);
	j->len = 0;
}

static void put_c(struct json *j, char c)
{
	if (j->len == sizeof(j->buf))
		flush(j);
	j->buf[j->len++] = c;
}

static void put_mem(struct json *j, const char *s, size_t n)
{
	if (j->len + n > sizeof(j->buf)) {
		flush(j);
		if (n > sizeof(j->buf)) {
			fwrite(s, 1, n, j->out);
			return;
		}
	}
	memcpy(j->buf + j->len, s, n);
	j->len += n;
}

static void put_str(struct json *j, const char *s)
{
	put_mem(j, s, strlen(s));
}

/* "00" to "99", filled by json_init(): numbers go two digits a step. */
static char digit_pairs[200];

void json_init(struct json *j, FILE *out, bool pretty)
{
	if (!digit_pairs[0]) {
		for (int i = 0; i < 100; i++) {
			digit_pairs[2 * i] = '0' + i / 10;
			digit_pairs[2 * i + 1] = '0' + i % 10;
		}
	}
	j->out = out;
	j->pretty = pretty;
	j->depth = 0;
	j->first[0] = true;
	j->in_object[0] = false;
	j->key_pending = false;
	j->len = 0;
}

static void indent(struct json *j)
{
	if (!j->pretty)
		return;
	put_c(j, '\n');
	for (int i = 0; i < j->depth; i++)
		put_mem(j, "  ", 2);
}

/* Comma and indentation before a key, or a value no key precedes. */
static void comma_indent(struct json *j)
{
	if (!j->first[j->depth])
		put_c(j, ',');
	j->first[j->depth] = false;
	if (j->depth > 0)
		indent(j);
}

/* Inline: most values follow their key. */
static inline void before_item(struct json *j)
{
	if (j->key_pending)
		j->key_pending = false;
	else
		comma_indent(j);
}

static void open_container(struct json *j, char c, bool object)
{
	before_item(j);
	put_c(j, c);
	if (j->depth + 1 < JSON_MAX_DEPTH)
		j->depth++;
	j->first[j->depth] = true;
	j->in_object[j->depth] = object;
}

static void close_container(struct json *j, char c)
{
	bool empty = j->first[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (!empty)
		indent(j);
	put_c(j, c);
}

void json_object_open(struct json *j) { open_container(j, '{', true); }
void json_object_close(struct json *j) { close_container(j, '}'); }
void json_array_open(struct json *j) { open_container(j, '[', false); }
void json_array_close(struct json *j) { close_container(j, ']'); }

/*
 * Whether a byte is not written as it is in a JSON string: NUL ends one,
 * the rest are escaped, and bytes past ASCII are checked as UTF-8.
 */
static const bool needs_escape[256] = {
	[0 ... 0x1f] = true, ['"'] = true, ['\\'] = true,
	[0x7f ... 0xff] = true,
};

/* The letter after the backslash, for the characters JSON escapes so. */
static const char short_escape[256] = {
	['"'] = '"', ['\\'] = '\\', ['\n'] = 'n', ['\t'] = 't', ['\r'] = 'r',
};

/* "\u00XX" for @c. */
static void put_u00(struct json *j, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";
	char esc[6] = "\\u00";

	esc[4] = hex[c >> 4];
	esc[5] = hex[c & 15];
	put_mem(j, esc, 6);
}

/*
 * Runs of plain characters go out whole: keys and values mostly are.
 * Names come from the kernel and from users, so anything may be in
 * them: control characters (C0, DEL and C1) are escaped as \u00XX, and
 * bytes that are not UTF-8 become U+FFFD each, as Go's encoding/json
 * writes them, so the output is always valid JSON of valid UTF-8.
 */
static void write_string(struct json *j, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	put_c(j, '"');
	while (*p) {
		const unsigned char *run = p;
		size_t n;

		while (!needs_escape[*p])
			p++;
		if (p > run)
			put_mem(j, (const char *)run, p - run);
		if (!*p)
			break;
		if (*p >= 0x80) {
			n = utf8_len(p);
			if (!n) {
				put_mem(j, "\\ufffd", 6);
				p++;
			} else if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0) {
				put_u00(j, p[1]);	/* U+0080..U+009F */
				p += 2;
			} else {
				put_mem(j, (const char *)p, n);
				p += n;
			}
			continue;
		}
		if (short_escape[*p]) {
			char esc[2] = { '\\', short_escape[*p] };

			put_mem(j, esc, 2);
		} else {
			put_u00(j, *p);
		}
		p++;
	}
	put_c(j, '"');
}

/* @n bytes that need no escape, quoted, in one copy. */
static void put_quoted(struct json *j, const char *s, size_t n)
{
	if (n + 2 > sizeof(j->buf)) {
		write_string(j, s);
		return;
	}
	if (j->len + n + 2 > sizeof(j->buf))
		flush(j);
	j->buf[j->len++] = '"';
	memcpy(j->buf + j->len, s, n);
	j->len += n;
	j->buf[j->len++] = '"';
}

void json_key_str(struct json *j, const char *key)
{
	before_item(j);
	write_string(j, key);
	put_c(j, ':');
	if (j->pretty)
		put_c(j, ' ');
	j->key_pending = true;
}

/* A key in pretty output, after another key, or too long for the buffer. */
void json_key_slow(struct json *j, const char *key, size_t n)
{
	if (j->pretty || j->key_pending || n + 5 > sizeof(j->buf)) {
		json_key_str(j, key);
		return;
	}
	flush(j);
	json_key_fits(j, key, n);
}

/*
 * The text json_plain() takes is this program's own, and needs no
 * escape: one pass finds its length and checks that, and it goes out in
 * one copy.  write_string()'s way, a call per run and per quote, was a
 * third of what writing a large view cost.
 */
void json_plain(struct json *j, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	before_item(j);
	while (!needs_escape[*p])
		p++;
	if (*p)
		write_string(j, s);
	else
		put_quoted(j, s, p - (const unsigned char *)s);
}

void json_plain_n(struct json *j, const char *s, size_t n)
{
	before_item(j);
	put_quoted(j, s, n);
}

void json_string(struct json *j, const char *s)
{
	before_item(j);
	write_string(j, s ? s : "");
}

/* @v's digits, ending at @end. */
static void digits32(char *end, uint32_t v)
{
	while (v >= 100) {
		end -= 2;
		memcpy(end, digit_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10)
		memcpy(end - 2, digit_pairs + 2 * v, 2);
	else
		end[-1] = '0' + v;
}

/* How many digits @v has, in three or four comparisons. */
static size_t digits_in(uint32_t v)
{
	if (v < 100000) {
		if (v < 100)
			return v < 10 ? 1 : 2;
		return v < 1000 ? 3 : v < 10000 ? 4 : 5;
	}
	if (v < 10000000)
		return v < 1000000 ? 6 : 7;
	return v < 100000000 ? 8 : v < 1000000000 ? 9 : 10;
}

/* A number above 32 bits, as few are: printf's way. */
static void json_u64_wide(struct json *j, uint64_t v)
{
	char digits[24];
	int n = snprintf(digits, sizeof(digits), "%llu", (unsigned long long)v);

	before_item(j);
	put_mem(j, digits, n);
}

/*
 * Straight into the buffer: a view writes several numbers a row.  Most
 * fit in 32 bits, and are counted and written with 32-bit arithmetic,
 * which a 32-bit CPU (armhf) does without a 64-bit division a digit.
 */
void json_u64(struct json *j, uint64_t v)
{
	uint32_t low = v;
	size_t n;

	if (v > UINT32_MAX) {
		json_u64_wide(j, v);
		return;
	}
	before_item(j);
	n = digits_in(low);
	if (j->len + n > sizeof(j->buf))
		flush(j);
	digits32(j->buf + j->len + n, low);
	j->len += n;
}

/* NaN and infinities are not JSON: they become null. */
void json_double(struct json *j, double v)
{
	before_item(j);
	if (isfinite(v)) {
		char buf[64];
		int n = snprintf(buf, sizeof(buf), "%.3f", v);

		if (n >= (int)sizeof(buf)) {	/* 1e308 has 309 digits */
			flush(j);
			fprintf(j->out, "%.3f", v);
		} else {
			put_mem(j, buf, n);
		}
	} else {
		put_mem(j, "null", 4);
	}
}

void json_bool(struct json *j, bool v)
{
	before_item(j);
	put_str(j, v ? "true" : "false");
}

void json_null(struct json *j)
{
	before_item(j);
	put_mem(j, "null", 4);
}

void json_end(struct json *j)
{
	put_c(j, '\n');
	flush(j);
	j->first[0] = true;
}
