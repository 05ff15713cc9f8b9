// SPDX-License-Identifier: GPL-2.0
/*
 * The writers every command prints with (output.c, json.c, view_output.c):
 * counters as text and JSON, -h's units, JSON's numbers, -i's block, and
 * info's line of the flight recorder.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "unit.h"

/* Counters as the module could dump them, a name to escape among them. */
const struct counter_row rows[4] = {
	{ "net:net_dev_xmit", 12 },
	{ "net:net_dev_xmit.bytes", 18446744073709551615ULL },
	{ "sock:inet_sock_set_state.SYN_SENT->ESTABLISHED", 0 },
	{ "weird\"name\\\n", 1 },
};

static void counters_text(FILE *f, void *arg)
{
	print_counters(f, arg, rows, 4);
}

/* show: text hides zeros unless -z; JSON has them all, exact. */
void test_output(void)
{
	struct out_opts text = { 0 }, zeros = { .zeros = true };
	struct out_opts json = { .json = true };
	char *s;

	s = capture(counters_text, &text);
	CHECK(strstr(s, "net:net_dev_xmit") && strstr(s, "18446744073709551615"),
	      "text has names and full u64 values: %s", s);
	CHECK(!strstr(s, "ESTABLISHED"), "zero values hidden without -z");
	s = capture(counters_text, &zeros);
	CHECK(strstr(s, "SYN_SENT->ESTABLISHED"), "-z shows zeros");
	s = capture(counters_text, &json);
	CHECK(!strcmp(s, "{\"schema_version\":1,\"counters\":["
		      "{\"name\":\"net:net_dev_xmit\",\"value\":12},"
		      "{\"name\":\"net:net_dev_xmit.bytes\",\"value\":18446744073709551615},"
		      "{\"name\":\"weird\\\"name\\\\\\n\",\"value\":1}]}\n"),
	      "exact JSON: %s", s);
}

/* -h: counts in k, M, G, T and E, as ip -h; never in JSON. */
void test_human(void)
{
	static const struct {
		uint64_t v;
		const char *text;
	} cases[] = {
		{ 0, "0" }, { 999, "999" }, { 1000, "1.00k" }, { 1234, "1.23k" },
		{ 12345, "12.3k" }, { 123456, "123k" }, { 999999, "1000k" },
		{ 1000000, "1.00M" }, { 45678901, "45.7M" },
		{ 1234567890, "1.23G" }, { 1000000000000ULL, "1.00T" },
		{ 18446744073709551615ULL, "18.4E" },
	};
	struct out_opts text = { .human = true }, json = { .json = true,
							   .human = true };
	char buf[COUNT_MAX], *s;
	struct view v;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		CHECK(!strcmp(count_text(cases[i].v, true, buf, sizeof(buf)),
			      cases[i].text), "%llu: %s, want %s",
		      (unsigned long long)cases[i].v, buf, cases[i].text);
	CHECK(!strcmp(count_text(1234567, false, buf, sizeof(buf)), "1234567"),
	      "without -h: every digit");

	drops_view(&v);
	v.e[0].count = 1234567;
	drops_aggregate(&v, BY_LOCATION, 0);
	cur_view = v;
	cur_by = BY_LOCATION;
	s = capture(view_text, &text);
	CHECK(strstr(s, "   1.23M  ip_rcv_core+0x1c4/0x2f0\n"), "-h text:\n%s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "{\"count\":1234571,"), "-h never in JSON: %s", s);
	view_free(&v);
}

static const struct view_interval *cur_iv;

static void interval_text(FILE *f, void *arg)
{
	print_view_interval(f, arg, &cur_view, cur_by, NULL, cur_iv);
}

/* -i with -H: the interval's line stays, the table's header goes. */
void test_interval_no_header(void)
{
	struct out_opts tty = { .tty = true, .no_header = true };
	struct view_interval iv = { "2026-11-27 08:00:00", 2.0, 1.0 };
	struct view v;
	char *s;

	drops_view(&v);
	drops_aggregate(&v, BY_REASON, 0);
	cur_view = v;
	cur_by = BY_REASON;
	cur_iv = &iv;
	s = capture(interval_text, &tty);
	CHECK(!strncmp(s, "\033[H\033[2J--- 2026-11-27 08:00:00  drops: changes in 1.0 s, biggest first\n"
		       "       8  NO_SOCKET (2)\n", 82) && !strstr(s, "COUNT"),
	      "-i -H on a terminal: redrawn, no column header:\n%s", s);
	view_free(&v);
}

/* json_u64() across its 32-bit and nine-digit steps. */
void test_json_u64(void)
{
	static const uint64_t values[] = {
		0, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000,
		999999, 1000000, 9999999, 10000000, 99999999, 100000000,
		999999999, 1000000000, 4294967295ULL,
		4294967296ULL, 1000000000000000000ULL, 10000000000000000000ULL,
		18446744073709551615ULL,
	};
	char want[32], *out = NULL;
	size_t len = 0;
	struct json j;
	FILE *f;

	for (size_t i = 0; i < ARRAY_SIZE(values); i++) {
		f = open_memstream(&out, &len);
		json_init(&j, f, false);
		json_u64(&j, values[i]);
		json_end(&j);
		fclose(f);
		snprintf(want, sizeof(want), "%llu\n",
			 (unsigned long long)values[i]);
		CHECK(!strcmp(out, want), "json_u64(%s) wrote %s", want, out);
		free(out);
		out = NULL;
	}
}

/*
 * tpstat info's recorder: its line, its JSON, its views intervals where
 * the module says them, none from an older module.
 */
static struct info rec_info;

static void info_out(FILE *f, void *arg)
{
	print_info(f, arg, &rec_info);
}

void test_info_recorder(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	char *s;

	rec_info = (struct info){
		.version = "0.1.0", .kernel = "6.12.0", .has_history = true,
		.history_interval = 10, .history_memory = 262144,
		.history_intervals = 360,
	};
	s = capture(info_out, &text);
	CHECK(strstr(s, "\nhistory   every 10 s, 360 intervals held, 262144 bytes (256 kB)\n"),
	      "text: %s", s);
	s = capture(info_out, &json);
	CHECK(strstr(s, "\"history_interval_s\":10,\"history_memory_bytes\":262144,\"history_intervals\":360,\"history_views_s\":null}"),
	      "JSON: %s", s);
	rec_info.has_history_views = true;
	rec_info.history_views = 60;
	s = capture(info_out, &text);
	CHECK(strstr(s, "\nhistory   every 10 s, 360 intervals held, 262144 bytes (256 kB); views every 60 s\n"),
	      "views intervals: %s", s);
	s = capture(info_out, &json);
	CHECK(strstr(s, "\"history_intervals\":360,\"history_views_s\":60}"),
	      "views intervals, JSON: %s", s);
	rec_info.history_views = 0;
	s = capture(info_out, &text);
	CHECK(strstr(s, "(256 kB); views off\n"), "views off: %s", s);
	s = capture(info_out, &json);
	CHECK(strstr(s, "\"history_views_s\":0}"), "views off, JSON: %s", s);
	rec_info.history_interval = 0;
	s = capture(info_out, &text);
	CHECK(strstr(s, "\nhistory   off\n"), "off: %s", s);
	rec_info = (struct info){ .version = "0.1.0", .kernel = "6.12.0" };
	s = capture(info_out, &text);
	CHECK(!strstr(s, "history"), "an older module: no line: %s", s);
	s = capture(info_out, &json);
	CHECK(strstr(s, "\"history_interval_s\":null,\"history_memory_bytes\":null,\"history_intervals\":null,\"history_views_s\":null}"),
	      "an older module: null: %s", s);
}
