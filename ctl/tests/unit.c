// SPDX-License-Identifier: GPL-2.0
/*
 * Host-side unit tests of the tool's argument parsing and output
 * formatting: no kernel, no netlink.  Ends with "<P> passed, <F> failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output.h"

static int passed, failed;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		passed++;						\
	} else {							\
		failed++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

static int parse(const char *line, struct options *o, char *err)
{
	char buf[256], *argv[16];
	int argc = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = "tpstat";
	for (char *t = strtok(buf, " "); t && argc < 15; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	return cli_parse(argc, argv, o, err, 160);
}

static void test_lookup(void)
{
	enum tp_cmd c;

	CHECK(!cli_lookup("show", &c) && c == CMD_SHOW, "show");
	CHECK(!cli_lookup("sh", &c) && c == CMD_SHOW, "sh");
	CHECK(!cli_lookup("a", &c) && c == CMD_ATTACH, "a");
	CHECK(!cli_lookup("de", &c) && c == CMD_DETACH, "de");
	CHECK(cli_lookup("x", &c) == -1, "x unknown");
	CHECK(cli_lookup("", &c) == -1, "empty is no command");
	CHECK(cli_lookup("shows", &c) == -1, "longer than a command");
}

struct parse_case {
	const char *line;
	int ret;
	enum tp_cmd cmd;
	const char *glob;
	const char *err_has;
};

static const struct parse_case cases[] = {
	{ "show", 0, CMD_SHOW, NULL, NULL },
	{ "-j show tcp:*", 0, CMD_SHOW, "tcp:*", NULL },
	{ "show tcp:* -z", 0, CMD_SHOW, "tcp:*", NULL },
	{ "l -v", 0, CMD_LIST, NULL, NULL },
	{ "w -i 0.5 -c 3 skb:*", 0, CMD_WATCH, "skb:*", NULL },
	{ "attach tcp:*", 0, CMD_ATTACH, "tcp:*", NULL },
	{ "help show", 0, CMD_HELP, NULL, NULL },
	{ "--help", 0, CMD_HELP, NULL, NULL },
	{ "", 2, CMD_NONE, NULL, "no command" },
	{ "frob", 2, CMD_NONE, NULL, "unknown command 'frob'" },
	{ "attach", 2, CMD_NONE, NULL, "attach needs a GLOB" },
	{ "detach", 2, CMD_NONE, NULL, "detach needs a GLOB" },
	{ "show -q", 2, CMD_NONE, NULL, "unknown option '-q'" },
	{ "show a b", 2, CMD_NONE, NULL, "unexpected argument 'b'" },
	{ "info x", 2, CMD_NONE, NULL, "unexpected argument 'x'" },
	{ "show -v", 2, CMD_NONE, NULL, "-v is for list" },
	{ "list -z", 2, CMD_NONE, NULL, "-z is for show" },
	{ "show -i 1", 2, CMD_NONE, NULL, "-i and -c are for watch" },
	{ "watch -i 0", 2, CMD_NONE, NULL, "-i needs a number" },
	{ "watch -i abc", 2, CMD_NONE, NULL, "-i needs a number" },
	{ "watch -c -1", 2, CMD_NONE, NULL, "-c needs a positive" },
	{ "watch -c", 2, CMD_NONE, NULL, "-c needs a positive" },
	{ "help frob", 2, CMD_NONE, NULL, "no help for 'frob'" },
};

static void test_parse(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct parse_case *c = &cases[i];
		struct options o;
		char err[160] = "";
		int ret = parse(c->line, &o, err);

		CHECK(ret == c->ret, "'%s': returned %d, want %d (%s)",
		      c->line, ret, c->ret, err);
		if (ret || c->ret) {
			CHECK(c->err_has && strstr(err, c->err_has),
			      "'%s': said '%s', want '%s'", c->line, err,
			      c->err_has ? c->err_has : "");
			continue;
		}
		CHECK(o.cmd == c->cmd, "'%s': command %d, want %d", c->line,
		      o.cmd, c->cmd);
		CHECK((!o.glob && !c->glob) ||
		      (o.glob && c->glob && !strcmp(o.glob, c->glob)),
		      "'%s': glob '%s'", c->line, o.glob ? o.glob : "(none)");
	}
}

/* Runs @fn into a memory buffer and returns what it wrote. */
static char *capture(void (*fn)(FILE *, void *), void *arg)
{
	static char buf[8192];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	fn(f, arg);
	fclose(f);
	return buf;
}

static const struct counter_row rows[] = {
	{ "net:net_dev_xmit", 12 },
	{ "net:net_dev_xmit.bytes", 18446744073709551615ULL },
	{ "sock:inet_sock_set_state.SYN_SENT->ESTABLISHED", 0 },
	{ "weird\"name\\\n", 1 },
};

static void counters_text(FILE *f, void *arg)
{
	print_counters(f, arg, rows, 4);
}

static void test_output(void)
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

int main(int argc, char **argv)
{
	/* "--json-sample" prints outputs for an external validator (jq). */
	if (argc > 1 && !strcmp(argv[1], "--json-sample")) {
		struct out_opts o = { .json = true, .pretty = argc > 2,
				      .zeros = true };
		struct event_row ev = { 22, 2, true, "skb:kfree_skb", "skb",
					"skb,location,reason", "reason" };
		struct info info = { "0.1.0", "6.1.0-56-amd64", 7, 25 };

		print_counters(stdout, &o, rows, 4);
		o.verbose = true;
		print_events(stdout, &o, &ev, 1);
		print_events(stdout, &o, &ev, 0);
		print_info(stdout, &o, &info);
		print_watch(stdout, &o, 1.0, 2.0, rows, 2, rows, 4);
		return 0;
	}
	test_lookup();
	test_parse();
	test_output();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
