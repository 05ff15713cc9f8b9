// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <math.h>

#include "json.h"

void json_init(struct json *j, FILE *out, bool pretty)
{
	j->out = out;
	j->pretty = pretty;
	j->depth = 0;
	j->first[0] = true;
	j->in_object[0] = false;
	j->key_pending = false;
}

static void indent(struct json *j)
{
	if (!j->pretty)
		return;
	fputc('\n', j->out);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->out);
}

/* Comma and indentation before a value or a key. */
static void before_item(struct json *j)
{
	if (j->key_pending) {
		j->key_pending = false;
		return;
	}
	if (!j->first[j->depth])
		fputc(',', j->out);
	j->first[j->depth] = false;
	if (j->depth > 0)
		indent(j);
}

static void open_container(struct json *j, char c, bool object)
{
	before_item(j);
	fputc(c, j->out);
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
	fputc(c, j->out);
}

void json_object_open(struct json *j) { open_container(j, '{', true); }
void json_object_close(struct json *j) { close_container(j, '}'); }
void json_array_open(struct json *j) { open_container(j, '[', false); }
void json_array_close(struct json *j) { close_container(j, ']'); }

/* Whether @c must be escaped in a JSON string. */
static bool needs_escape(unsigned char c)
{
	return c < 0x20 || c == '"' || c == '\\';
}

/*
 * Runs of plain characters go out whole: keys and values are mostly
 * plain, and writing them a character at a time was a sixth of what
 * tpstat -j retrans spent on a full 4,096-flow table.
 */
static void write_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', out);
	while (*p) {
		const unsigned char *run = p;

		while (*p && !needs_escape(*p))
			p++;
		if (p > run)
			fwrite(run, 1, p - run, out);
		if (!*p)
			break;
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\t': fputs("\\t", out); break;
		case '\r': fputs("\\r", out); break;
		default: fprintf(out, "\\u%04x", *p);
		}
		p++;
	}
	fputc('"', out);
}

void json_key(struct json *j, const char *key)
{
	before_item(j);
	write_string(j->out, key);
	fputs(j->pretty ? ": " : ":", j->out);
	j->key_pending = true;
}

void json_string(struct json *j, const char *s)
{
	before_item(j);
	write_string(j->out, s ? s : "");
}

void json_u64(struct json *j, uint64_t v)
{
	before_item(j);
	fprintf(j->out, "%" PRIu64, v);
}

/* NaN and infinities are not JSON: they become null. */
void json_double(struct json *j, double v)
{
	before_item(j);
	if (isfinite(v))
		fprintf(j->out, "%.3f", v);
	else
		fputs("null", j->out);
}

void json_bool(struct json *j, bool v)
{
	before_item(j);
	fputs(v ? "true" : "false", j->out);
}

void json_null(struct json *j)
{
	before_item(j);
	fputs("null", j->out);
}

void json_opt_u64(struct json *j, const char *key, bool has, uint64_t v)
{
	json_key(j, key);
	if (has)
		json_u64(j, v);
	else
		json_null(j);
}

void json_opt_str(struct json *j, const char *key, bool has, const char *s)
{
	json_key(j, key);
	if (has)
		json_string(j, s);
	else
		json_null(j);
}

void json_end(struct json *j)
{
	fputc('\n', j->out);
	j->first[0] = true;
}
