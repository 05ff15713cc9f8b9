// SPDX-License-Identifier: GPL-2.0
/* Printing a recording: see recording_output.h. */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "json.h"
#include "recording_output.h"
#include "sparkline.h"
#include "when.h"
#include "../uapi/linux/tpstat.h"

/* A counter's name, escaped as text prints names. */
#define NAME_TEXT ESC_SIZE(COUNTER_NAME_MAX)

/* TPSTAT_HISTORY_F_*, by bit: why a bin is not a plain change. */
static const char *const flag_names[] = {
	"partial", "reset", "attach", "filter", "suspend",
};
#define N_FLAGS (sizeof(flag_names) / sizeof(flag_names[0]))
/* Room for every flag's name: 32 bits of "bitNN" and a separator each. */
#define FLAGS_TEXT 256

/*
 * @flags' names, each after @sep but the first ("partial|reset"); a bit
 * this tool does not know as its number ("bit7"), so none is hidden.
 */
static const char *flags_text(uint32_t flags, const char *sep, char *buf,
			      size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int b = 0; b < 32 && used < len; b++) {
		char unknown[8];

		if (!(flags & (1U << b)))
			continue;
		snprintf(unknown, sizeof(unknown), "bit%u", b);
		used += snprintf(buf + used, len - used, "%s%s",
				 used ? sep : "",
				 b < N_FLAGS ? flag_names[b] : unknown);
	}
	return buf;
}

/* The rate of @v over @iv, a second; 0 for a bin of no length. */
static double rate(uint64_t v, const struct rec_interval *iv)
{
	return iv->duration_ns ? (double)v * NS_PER_SEC / iv->duration_ns : 0;
}

/* ---- text ------------------------------------------------------------- */

/* Where the recording starts, its intervals, what the ring dropped. */
static void print_heading(FILE *f, const struct recording *r)
{
	char since[WHEN_LEN], span[WHEN_LEN];

	if (!r->since_ns) {
		fputs("the recorder holds no interval yet\n", f);
		return;
	}
	fprintf(f, "recorded since %s",
		when_local(r->since_ns, true, since, sizeof(since)));
	if (r->interval_s)
		fprintf(f, ", intervals of %s",
			when_span_text(r->interval_s * NS_PER_SEC, span,
				       sizeof(span)));
	if (r->lost)
		fprintf(f, "; the ring dropped %llu older interval%s",
			(unsigned long long)r->lost, r->lost == 1 ? "" : "s");
	fputc('\n', f);
}

/* Whether a bin's start is printed with its date: the bins span days. */
static bool with_date(const struct recording *r)
{
	return rec_count(r) &&
	       !when_same_day(rec_at(r, 0)->start_ns,
			      rec_at(r, rec_count(r) - 1)->start_ns);
}

/* The widths of the names and the values that moved in @r. */
static void widths(const struct recording *r, int *name_w, int *value_w)
{
	const struct counter_row *v = r->val.v;
	char name[NAME_TEXT], digits[24];

	for (size_t i = 0; i < r->val.n; i++) {
		int n = strlen(esc(v[i].name, name, sizeof(name)));
		int d = snprintf(digits, sizeof(digits), "%llu",
				 (unsigned long long)v[i].value);

		*name_w = n > *name_w ? n : *name_w;
		*value_w = d > *value_w ? d : *value_w;
	}
}

void rec_when_line(FILE *f, uint64_t start, uint64_t duration,
		   uint32_t flags, bool date, const char *what)
{
	char when[WHEN_LEN], span[WHEN_LEN], names[FLAGS_TEXT];

	fprintf(f, "%s  %s", when_local(start, date, when, sizeof(when)),
		when_span_text(duration, span, sizeof(span)));
	if (flags)
		fprintf(f, "  %s", flags_text(flags, " ", names, sizeof(names)));
	if (what)
		fprintf(f, "  %s", what);
	fputc('\n', f);
}

/* A bin in which nothing moved, and nothing happened to say. */
static bool quiet(const struct rec_interval *iv)
{
	return !iv->n && !iv->flags;
}

/*
 * The quiet bins from the @i-th on, one after the other: one line for
 * them all, as uniq makes of equal lines.  The index of the last.
 */
static size_t quiet_run(FILE *f, const struct recording *r, size_t i,
			bool date)
{
	uint64_t start = rec_at(r, i)->start_ns, ns = 0;

	for (;; i++) {
		ns += rec_at(r, i)->duration_ns;
		if (i + 1 == rec_count(r) || !quiet(rec_at(r, i + 1)))
			break;
	}
	rec_when_line(f, start, ns, 0, date, "nothing moved");
	return i;
}

void rec_print_intervals(FILE *f, const struct recording *r)
{
	bool date = with_date(r);
	int name_w = 0, value_w = 0;
	char name[NAME_TEXT];

	print_heading(f, r);
	if (r->since_ns && !rec_count(r))
		fputs("no interval in that window\n", f);
	widths(r, &name_w, &value_w);
	for (size_t i = 0; i < rec_count(r); i++) {
		const struct rec_interval *iv = rec_at(r, i);
		const struct counter_row *v = rec_values(r, iv);

		if (quiet(iv)) {
			i = quiet_run(f, r, i, date);
			continue;
		}
		rec_when_line(f, iv->start_ns, iv->duration_ns, iv->flags,
			      date, iv->n ? NULL : "nothing moved");
		for (size_t k = 0; k < iv->n; k++)
			fprintf(f, "  %-*s  %*llu\n", name_w,
				esc(v[k].name, name, sizeof(name)), value_w,
				(unsigned long long)v[k].value);
	}
}

/* "12.3", "0.0167": a rate with the digits it needs, no more. */
static const char *rate_text(double v, char *buf, size_t len)
{
	snprintf(buf, len, v >= 1 ? "%.1f" : "%.3g", v);
	return buf;
}

/* One counter of the summary: what rec_print_summary() prints of it. */
struct spark_row {
	uint64_t total;
	double peak;		/* a second */
	uint64_t peak_at;	/* the start of the peak's bin */
	double *rates;		/* a bin each */
};

static void spark_row(const struct recording *r, const char *name,
		      struct spark_row *s)
{
	memset(s->rates, 0, rec_count(r) * sizeof(*s->rates));
	s->total = 0;
	s->peak = 0;
	s->peak_at = 0;
	for (size_t i = 0; i < rec_count(r); i++) {
		const struct rec_interval *iv = rec_at(r, i);
		uint64_t v = rec_value(r, iv, name);

		s->total += v;
		s->rates[i] = rate(v, iv);
		if (s->rates[i] > s->peak) {
			s->peak = s->rates[i];
			s->peak_at = iv->start_ns;
		}
	}
}

/* The window's line: its bounds, and what a mark stands for. */
static void window_line(FILE *f, const struct recording *r, bool date,
			uint64_t step_ns)
{
	const struct rec_interval *last = rec_at(r, rec_count(r) - 1);
	char from[WHEN_LEN], to[WHEN_LEN], step[WHEN_LEN];

	fprintf(f, "%s to %s, a mark per %s, each line against its own peak\n",
		when_local(rec_at(r, 0)->start_ns, date, from, sizeof(from)),
		when_local(last->start_ns + last->duration_ns, date, to,
			   sizeof(to)),
		when_span_text(step_ns, step, sizeof(step)));
}

/* The summary's table: a header, then a line per counter of @names. */
static void summary_lines(FILE *f, const struct recording *r,
			  const char *const *names, size_t n, bool date)
{
	int name_w = strlen("counter"), value_w = strlen("total");
	char name[NAME_TEXT], peak[32], at[WHEN_LEN];
	size_t len = SPARK_SIZE(rec_count(r));
	char *line = xcalloc(len, 1);
	struct spark_row s = {
		.rates = xcalloc(rec_count(r), sizeof(*s.rates)),
	};

	widths(r, &name_w, &value_w);
	fprintf(f, "%-*s  %*s  %8s  %-*s  rate\n", name_w, "counter", value_w,
		"total", "peak/s", date ? 19 : 8, "at");
	for (size_t i = 0; i < n; i++) {
		spark_row(r, names[i], &s);
		fprintf(f, "%-*s  %*llu  %8s  %s  %s\n", name_w,
			esc(names[i], name, sizeof(name)), value_w,
			(unsigned long long)s.total,
			rate_text(s.peak, peak, sizeof(peak)),
			when_local(s.peak_at, date, at, sizeof(at)),
			sparkline(s.rates, rec_count(r), line, len));
	}
	free(line);
	free(s.rates);
}

void rec_print_summary(FILE *f, const struct recording *r, uint64_t step_ns)
{
	bool date = with_date(r);
	const char **names;
	size_t n;

	print_heading(f, r);
	if (!rec_count(r)) {
		if (r->since_ns)
			fputs("no interval in that window\n", f);
		return;
	}
	window_line(f, r, date, step_ns);
	n = rec_names(r, &names);
	if (n)
		summary_lines(f, r, names, n, date);
	else
		fputs("nothing moved\n", f);
	free(names);
}

/* ---- CSV -------------------------------------------------------------- */

/* @s as a CSV field: escaped as text, quoted where it has , or ". */
static void csv_field(FILE *f, const char *s)
{
	char text[NAME_TEXT];

	s = esc(s, text, sizeof(text));
	if (!strpbrk(s, ",\"")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void rec_print_csv(FILE *f, const struct recording *r)
{
	char start[WHEN_LEN], secs[WHEN_LEN], flags[FLAGS_TEXT];
	const char **names;
	size_t n = rec_names(r, &names);

	fputs("start,duration_s,flags", f);
	for (size_t k = 0; k < n; k++) {
		fputc(',', f);
		csv_field(f, names[k]);
	}
	fputc('\n', f);
	for (size_t i = 0; i < rec_count(r); i++) {
		const struct rec_interval *iv = rec_at(r, i);

		fprintf(f, "%s,%s,%s", when_iso(iv->start_ns, start, sizeof(start)),
			when_seconds(iv->duration_ns, secs, sizeof(secs)),
			flags_text(iv->flags, "|", flags, sizeof(flags)));
		for (size_t k = 0; k < n; k++)
			fprintf(f, ",%llu",
				(unsigned long long)rec_value(r, iv, names[k]));
		fputc('\n', f);
	}
	free(names);
}

/* ---- JSON ------------------------------------------------------------- */

void rec_json_when(struct json *j, uint64_t seq, uint64_t start_ns,
		   uint64_t duration_ns, uint32_t flags, uint64_t lost)
{
	char start[WHEN_LEN], names[FLAGS_TEXT], *name, *next;

	json_field_u64(j, "schema_version", JSON_SCHEMA_VERSION);
	json_field_u64(j, "seq", seq);
	json_key(j, "start");
	json_plain(j, when_iso(start_ns, start, sizeof(start)));
	json_field_u64(j, "start_ns", start_ns);
	json_field_u64(j, "duration_ns", duration_ns);
	json_key(j, "flags");
	json_array_open(j);
	flags_text(flags, " ", names, sizeof(names));
	for (name = strtok_r(names, " ", &next); name;
	     name = strtok_r(NULL, " ", &next))
		json_plain(j, name);
	json_array_close(j);
	json_field_u64(j, "lost", lost);
}

static void json_bin(struct json *j, const struct recording *r,
		     const struct rec_interval *iv)
{
	const struct counter_row *v = rec_values(r, iv);

	json_object_open(j);
	rec_json_when(j, iv->seq, iv->start_ns, iv->duration_ns, iv->flags,
		      r->lost);
	json_key(j, "values");
	json_object_open(j);
	for (size_t k = 0; k < iv->n; k++) {
		json_key_str(j, v[k].name);
		json_u64(j, v[k].value);
	}
	json_object_close(j);
	json_object_close(j);
}

void rec_print_json(FILE *f, const struct recording *r)
{
	/* 32 kB: not on the stack. */
	struct json *j = xcalloc(1, sizeof(*j));

	for (size_t i = 0; i < rec_count(r); i++) {
		json_init(j, f, false);
		json_bin(j, r, rec_at(r, i));
		json_end(j);
	}
	free(j);
}
