/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small JSON writer that can only produce valid JSON: it tracks nesting
 * and commas itself and escapes every string that is not its own.
 */
#ifndef TPSTAT_JSON_H
#define TPSTAT_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define JSON_MAX_DEPTH 8

struct json {
	FILE *out;
	bool pretty;
	int depth;
	bool first[JSON_MAX_DEPTH];	/* nothing written yet at this level */
	bool in_object[JSON_MAX_DEPTH];
	bool key_pending;		/* a key was written, its value is next */
	/*
	 * What is not yet written to @out: json_end() writes it.  Nothing
	 * else may write to @out between json_init() and json_end().
	 */
	size_t len;
	char buf[32768];	/* a write() each: a 65,536-row view is 13 MB */
};

void json_init(struct json *j, FILE *out, bool pretty);
void json_object_open(struct json *j);
void json_object_close(struct json *j);
void json_array_open(struct json *j);
void json_array_close(struct json *j);
/*
 * @key: a name this program chose, of printable ASCII without '"' or
 * '\\', written as it is.  Compact output that fits in the buffer takes
 * the inline path, where a literal's length is a constant and its copy a
 * few moves (a large view writes a dozen keys a row); the rest, pretty
 * output among it, json_key_slow().
 */
void json_key_slow(struct json *j, const char *key, size_t n);
static inline void json_key_fits(struct json *j, const char *key, size_t n)
{
	char *p = j->buf + j->len;

	if (!j->first[j->depth])
		*p++ = ',';
	j->first[j->depth] = false;
	*p++ = '"';
	memcpy(p, key, n);
	p += n;
	*p++ = '"';
	*p++ = ':';
	j->len = p - j->buf;
	j->key_pending = true;
}

static inline void json_key_n(struct json *j, const char *key, size_t n)
{
	if (j->pretty || j->key_pending || j->len + n + 5 > sizeof(j->buf))
		json_key_slow(j, key, n);
	else
		json_key_fits(j, key, n);
}

static inline void json_key(struct json *j, const char *key)
{
	json_key_n(j, key, strlen(key));
}

/*
 * A key from anywhere (a counter's name from the kernel or a file):
 * escaped as json_string() escapes a value.
 */
void json_key_str(struct json *j, const char *key);
void json_string(struct json *j, const char *s);
/* As json_string(), for short text this program made (addresses, names) */
void json_plain(struct json *j, const char *s);
/* @n bytes this program wrote that need no escape (addresses): unchecked */
void json_plain_n(struct json *j, const char *s, size_t n);
void json_u64(struct json *j, uint64_t v);
/* @key, then @v. */
static inline void json_field_u64(struct json *j, const char *key, uint64_t v)
{
	json_key(j, key);
	json_u64(j, v);
}
void json_double(struct json *j, double v);
void json_bool(struct json *j, bool v);
void json_null(struct json *j);
/* @key, then @v (or @s), or null when not @has. */
static inline void json_opt_u64(struct json *j, const char *key, bool has,
				uint64_t v)
{
	json_key(j, key);
	has ? json_u64(j, v) : json_null(j);
}

static inline void json_opt_str(struct json *j, const char *key, bool has,
				const char *s)
{
	json_key(j, key);
	has ? json_string(j, s) : json_null(j);
}

static inline void json_opt_plain(struct json *j, const char *key, bool has,
				  const char *s)
{
	json_key(j, key);
	has ? json_plain(j, s) : json_null(j);
}

/* Ends a top-level value with a newline, and writes it all to @out. */
void json_end(struct json *j);

#endif
