// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat doctor --prometheus on the host: the expansion of an alert's
 * expression, and the rules file every rule's alert goes into
 * (promtool's word on it, and the series that make it fire, are
 * tests/fleet/check.sh's).
 */
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "doctor.h"

static void test_expand(void)
{
	struct doctor_alert a = { .expr = "@(m{a=\"b\"}) >= @N" };
	char buf[256], tiny[16];

	doctor_alert_expr(&a, buf, sizeof(buf));
	CHECK(!strcmp(buf, "(m{a=\"b\"} unless m{a=\"b\"} offset " DOCTOR_ALERT_WINDOW
		      " or increase(m{a=\"b\"}[" DOCTOR_ALERT_WINDOW "])) >= 10"),
	      "@(SELECTOR) and @N expanded: %s", buf);
	a.expr = "sum(x) @ @(y";
	doctor_alert_expr(&a, buf, sizeof(buf));
	CHECK(!strcmp(buf, "sum(x) @ @(y"),
	      "an '@' that opens nothing is itself: %s", buf);
	a.expr = "@(a_long_metric_name) >= @N";
	doctor_alert_expr(&a, tiny, sizeof(tiny));
	CHECK(strlen(tiny) == sizeof(tiny) - 1 && !strncmp(tiny, "(a_long_metric_", 15),
	      "a short buffer: truncated, terminated: %s", tiny);
}

/* Whether @line's value, "..." after ": ", has no '"' unescaped inside. */
static bool quoted_ok(const char *line)
{
	const char *v = strstr(line, ": \"");
	size_t n;

	if (!v)
		return false;
	v += 3;
	n = strlen(v);
	if (n < 1 || v[n - 1] != '"')
		return false;
	for (size_t i = 0; i + 1 < n; i++)
		if (v[i] == '"' && (i == 0 || v[i - 1] != '\\'))
			return false;
	return true;
}

static void test_rules_file(void)
{
	const struct doctor_rule *r;
	char *s = NULL, *line, *save = NULL, want[128];
	size_t len = 0, annotations = 0, rules = 0;
	FILE *f = open_memstream(&s, &len);

	for (size_t i = 0; (r = doctor_rule_at(i)); i++, rules++) {
		const struct doctor_alert *a = &r->alert;

		CHECK(a->name && !strncmp(a->name, "Tpstat", 6) && a->expr &&
		      strstr(a->expr, ">= @N") && strstr(a->expr, "@(") &&
		      a->summary && strstr(a->summary, "{{ $value }}") &&
		      a->cause && a->cause[0] && a->knobs && a->knobs[0] &&
		      a->more && !strncmp(a->more, "tpstat ", 7) == !strstr(a->more, "{{ with"),
		      "rule %s: an alert with a name, a window's count at the minimum, its summary, cause, knobs and more",
		      r->name);
	}
	doctor_print_prometheus(f);
	fclose(f);
	CHECK(s && !strncmp(s, "# tpstat doctor's rules", 23) &&
	      strstr(s, "\ngroups:\n  - name: tpstat-doctor\n    rules:\n"),
	      "the file's head");
	for (size_t i = 0; s && (r = doctor_rule_at(i)); i++) {
		snprintf(want, sizeof(want), "      - alert: %s\n        expr: |-\n          ",
			 r->alert.name);
		CHECK(strstr(s, want), "%s: its alert, the expression a block", r->name);
		snprintf(want, sizeof(want), "          rule: %s\n", r->name);
		CHECK(strstr(s, want), "%s: labelled with the rule", r->name);
	}
	for (line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "          ", 10) || !strchr(line, ':') ||
		    line[10] == ' ' || !strstr(line, ": \""))
			continue;
		annotations++;
		CHECK(quoted_ok(line), "a quoted value: %s", line);
	}
	CHECK(annotations == 4 * rules, "4 annotations a rule: %zu for %zu",
	      annotations, rules);
	free(s);
}

void test_doctor_prometheus(void)
{
	test_expand();
	test_rules_file();
}
