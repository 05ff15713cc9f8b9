// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat doctor --prometheus: the rules of doctor/rules.c as one
 * Prometheus rules file, an alerting rule each, from their ->alert.  The
 * threshold (DOCTOR_MIN_COUNT) and the window (DOCTOR_ALERT_WINDOW) are
 * doctor.h's: the file is written from them, never by hand
 * (contrib/prometheus/tpstat.rules.yml is this output, which the fleet
 * check compares).
 */
#include <string.h>

#include "../doctor.h"

/* @s's first @n bytes onto @buf (at @*at, of @len), truncating. */
static void put(char *buf, size_t len, size_t *at, const char *s, size_t n)
{
	if (*at + 1 >= len)
		return;
	if (n > len - 1 - *at)
		n = len - 1 - *at;
	memcpy(buf + *at, s, n);
	*at += n;
	buf[*at] = '\0';
}

static void put_str(char *buf, size_t len, size_t *at, const char *s)
{
	put(buf, len, at, s, strlen(s));
}

/*
 * A selector's events in the window: the increase of a series that was
 * there a window ago, else its whole value ("unless" binds tighter
 * than "or").
 */
static void window(char *buf, size_t len, size_t *at, const char *sel,
		   size_t n)
{
	put_str(buf, len, at, "(");
	put(buf, len, at, sel, n);
	put_str(buf, len, at, " unless ");
	put(buf, len, at, sel, n);
	put_str(buf, len, at, " offset " DOCTOR_ALERT_WINDOW " or increase(");
	put(buf, len, at, sel, n);
	put_str(buf, len, at, "[" DOCTOR_ALERT_WINDOW "]))");
}

void doctor_alert_expr(const struct doctor_alert *alert, char *buf,
		       size_t len)
{
	const char *s = alert->expr;
	char min[24];
	size_t at = 0;

	buf[0] = '\0';
	snprintf(min, sizeof(min), "%d", DOCTOR_MIN_COUNT);
	while (*s) {
		/* "@(selector)": the selector ends at its first ')'. */
		const char *end = s[0] == '@' && s[1] == '(' ?
				  strchr(s + 2, ')') : NULL;

		if (s[0] == '@' && s[1] == 'N') {
			put_str(buf, len, &at, min);
			s += 2;
		} else if (end) {
			window(buf, len, &at, s + 2, (size_t)(end - s - 2));
			s = end + 1;
		} else {
			put(buf, len, &at, s, 1);
			s++;
		}
	}
}

/* A YAML double-quoted scalar: only '"' and '\' need escapes here. */
static void quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* A literal block (|-), each line of @s at @indent. */
static void block(FILE *f, const char *s, const char *indent)
{
	fprintf(f, "|-\n%s", indent);
	for (; *s; s++) {
		fputc(*s, f);
		if (*s == '\n')
			fputs(indent, f);
	}
	fputc('\n', f);
}

static void annotation(FILE *f, const char *key, const char *value)
{
	fprintf(f, "          %s: ", key);
	quoted(f, value);
	fputc('\n', f);
}

void doctor_print_prometheus(FILE *f)
{
	const struct doctor_rule *r;
	char expr[2048];

	fprintf(f,
		"# tpstat doctor's rules as Prometheus alerting rules over the metrics of\n"
		"# tpstat export (node_exporter's textfile collector: docs/fleet.md).\n"
		"# Written by \"tpstat doctor --prometheus\" from the rules' table; do not\n"
		"# edit: change the rule (ctl/doctor/<rule>.c) and write it again.\n"
		"# Each fires at %d events or more in %s for one key (doctor: %d since\n"
		"# the module's load); a series new in the window counts whole.\n"
		"groups:\n"
		"  - name: tpstat-doctor\n"
		"    rules:\n",
		DOCTOR_MIN_COUNT, DOCTOR_ALERT_WINDOW, DOCTOR_MIN_COUNT);
	for (size_t i = 0; (r = doctor_rule_at(i)); i++) {
		const struct doctor_alert *a = &r->alert;

		doctor_alert_expr(a, expr, sizeof(expr));
		fprintf(f, "      - alert: %s\n        expr: ", a->name);
		block(f, expr, "          ");
		fprintf(f, "        labels:\n          severity: warning\n"
			   "          rule: %s\n        annotations:\n", r->name);
		annotation(f, "summary", a->summary);
		annotation(f, "cause", a->cause);
		annotation(f, "knobs", a->knobs);
		annotation(f, "more", a->more);
	}
}
