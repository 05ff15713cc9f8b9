// SPDX-License-Identifier: GPL-2.0
/*
 * Host-side unit tests of the tool's argument parsing and output
 * formatting: no kernel, no netlink.  Ends with "<P> passed, <F> failed".
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sys/socket.h>
#include <netinet/in.h>
#include <linux/genetlink.h>

#include "alert_output.h"
#include "cli.h"
#include "cmd.h"
#include "export.h"
#include "filter.h"
#include "hist.h"
#include "history.h"
#include "json.h"
#include "monitor.h"
#include "netns.h"
#include "nl.h"
#include "output.h"
#include "view_sort.h"
#include "views.h"
#include "../uapi/linux/tpstat.h"

static int passed, failed;
/* --json-sample: every JSON output the tests capture goes to stdout too. */
static bool sample, sample_pretty;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		passed++;						\
	} else if (!sample) {						\
		failed++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

static int parse(const char *line, struct options *o, char *err)
{
	/* Static: the options point into the words after this returns. */
	static char buf[256];
	char *argv[16];
	int argc = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = "tpstat";
	for (char *t = strtok(buf, " "); t && argc < 15; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	return cli_parse(argc, argv, o, err, 160);
}

/*
 * A command as these tests name it: CMD_* for a row of the commands'
 * table (cmd.h), by its word (cmd_words[]), and VIEW_CMD(enum
 * tpstat_view) for a view, which the views' row runs.
 */
enum {
	CMD_NONE, CMD_LIST, CMD_SHOW, CMD_WATCH, CMD_RESET, CMD_ATTACH,
	CMD_DETACH, CMD_INFO, CMD_EXPORT, CMD_HELP, CMD_FILTER, CMD_MONITOR,
	N_CMD_WORDS
};
static const char *const cmd_words[N_CMD_WORDS] = {
	[CMD_LIST] = "list", [CMD_SHOW] = "show", [CMD_WATCH] = "watch",
	[CMD_RESET] = "reset", [CMD_ATTACH] = "attach",
	[CMD_DETACH] = "detach", [CMD_INFO] = "info",
	[CMD_EXPORT] = "export", [CMD_HELP] = "help",
	[CMD_FILTER] = "filter", [CMD_MONITOR] = "monitor",
};
#define VIEW_CMD(id) (0x100 + (int)(id))
#define CMD_DROPS VIEW_CMD(TPSTAT_VIEW_DROPS)
#define CMD_TRAPS VIEW_CMD(TPSTAT_VIEW_TRAPS)
#define CMD_RETRANS VIEW_CMD(TPSTAT_VIEW_RETRANS)
#define CMD_RESETS VIEW_CMD(TPSTAT_VIEW_RESETS)
#define CMD_STATES VIEW_CMD(TPSTAT_VIEW_STATES)
#define CMD_LIFETIME VIEW_CMD(TPSTAT_VIEW_LIFETIMES)
#define CMD_DEVICES VIEW_CMD(TPSTAT_VIEW_DEVICES)
#define CMD_HIST VIEW_CMD(TPSTAT_VIEW_HISTS)
#define CMD_ERRORS VIEW_CMD(TPSTAT_VIEW_ERRORS)
#define CMD_RCVQ VIEW_CMD(TPSTAT_VIEW_RCVQ)
#define CMD_NEIGH VIEW_CMD(TPSTAT_VIEW_NEIGH)
#define CMD_AUTH VIEW_CMD(TPSTAT_VIEW_AUTH)
#define CMD_SOCKMEM VIEW_CMD(TPSTAT_VIEW_SOCKMEM)

static int cmd_code(const struct command *cmd, const struct view_ops *view)
{
	if (view)
		return VIEW_CMD(view->id);
	for (int c = CMD_LIST; cmd && cmd->name && c < N_CMD_WORDS; c++)
		if (!strcmp(cmd->name, cmd_words[c]))
			return c;
	return CMD_NONE;
}

/* The table's row for CMD_*, found by its word as a user types it. */
static const struct command *cmd_row(int c)
{
	const struct command *cmd;

	for (size_t i = 0; c > CMD_NONE && c < N_CMD_WORDS &&
	     (cmd = command_at(i)); i++)
		if (cmd->name && !strcmp(cmd->name, cmd_words[c]))
			return cmd;
	return NULL;
}

static int cmd_of(const struct options *o)
{
	return cmd_code(o->cmd, o->view);
}

static int help_of(const struct options *o)
{
	return cmd_code(o->help_for, o->help_view);
}

static int lookup(const char *word, int *c)
{
	const struct view_ops *view;
	const struct command *cmd;
	int r = cli_lookup(word, &cmd, &view);

	if (!r)
		*c = cmd_code(cmd, view);
	return r;
}

static const char *usage_of(int c)
{
	return c >= VIEW_CMD(0) ? cli_usage(NULL, view_ops(c - VIEW_CMD(0))) :
				  cli_usage(cmd_row(c), NULL);
}

static int cli_view(int c)
{
	return c >= VIEW_CMD(0) ? c - VIEW_CMD(0) : -1;
}

/*
 * The commands' table (cmd.h): a row each, found by its word, with its
 * parse, run and usage; one nameless row for the views; help offline
 * and last, as tpstat help ends with its usage.
 */
static void test_commands(void)
{
	const struct command *c, *found, *last = NULL;
	const struct view_ops *view;
	size_t named = 0, nameless = 0, offline = 0;
	char want[64];

	for (size_t i = 0; (c = command_at(i)); i++) {
		last = c;
		CHECK(c->parse && c->run, "row %zu: parse and run", i);
		offline += c->offline;
		if (!c->name) {
			nameless++;
			CHECK(!c->usage && (c->takes & TAKES_INTERVAL),
			      "the views' row: their usage, -i and -c");
			continue;
		}
		named++;
		CHECK(!cli_lookup(c->name, &found, &view) && found == c &&
		      !view, "%s: found by its word", c->name);
		snprintf(want, sizeof(want), "tpstat %s", c->name);
		CHECK(c->usage && !strncmp(c->usage, want, strlen(want)) &&
		      strstr(cli_usage(NULL, NULL), c->usage) &&
		      cli_usage(c, NULL) == c->usage,
		      "%s: its usage, in tpstat help", c->name);
		CHECK(cmd_row(cmd_code(c, NULL)) == c,
		      "%s: one of these tests' CMD_*", c->name);
	}
	CHECK(named == N_CMD_WORDS - 1 && nameless == 1,
	      "%zu commands and the views' row", named);
	CHECK(last == &help_command && help_command.offline && offline == 1,
	      "help: the last row, the one run before -n's namespace");
	CHECK(!(cmd_row(CMD_EXPORT)->takes & TAKES_JSON) &&
	      (cmd_row(CMD_LIST)->takes & TAKES_VERBOSE),
	      "export takes no -j, list takes -v");
}

static void test_lookup(void)
{
	int c;

	CHECK(!lookup("show", &c) && c == CMD_SHOW, "show");
	CHECK(!lookup("sh", &c) && c == CMD_SHOW, "sh");
	CHECK(lookup("a", &c) == -2, "a: attach or auth");
	CHECK(!lookup("at", &c) && c == CMD_ATTACH, "at");
	CHECK(!lookup("au", &c) && c == CMD_AUTH, "au");
	CHECK(!lookup("det", &c) && c == CMD_DETACH, "det");
	CHECK(lookup("x", &c) == -1, "x unknown");
	CHECK(lookup("", &c) == -1, "empty is no command");
	CHECK(lookup("shows", &c) == -1, "longer than a command");
}

struct parse_case {
	const char *line;
	int ret;
	int cmd;
	const char *glob;
	const char *err_has;
};

static const struct parse_case cases[] = {
	{ "show", 0, CMD_SHOW, NULL, NULL },
	{ "-j show tcp:*", 0, CMD_SHOW, "tcp:*", NULL },
	{ "show tcp:* -z", 0, CMD_SHOW, "tcp:*", NULL },
	{ "lis -v", 0, CMD_LIST, NULL, NULL },
	{ "w -i 0.5 -c 3 skb:*", 0, CMD_WATCH, "skb:*", NULL },
	{ "attach tcp:*", 0, CMD_ATTACH, "tcp:*", NULL },
	{ "help show", 0, CMD_HELP, NULL, NULL },
	{ "--help", 0, CMD_HELP, NULL, NULL },
	{ "", 2, CMD_NONE, NULL, "no command" },
	{ "frob", 2, CMD_NONE, NULL, "unknown command 'frob'" },
	{ "attach", 2, CMD_NONE, NULL, "attach needs a GLOB" },
	{ "detach", 2, CMD_NONE, NULL, "detach needs a GLOB" },
	/* A reset's scope is said: all (no glob to the kernel) or a glob. */
	{ "reset", 2, CMD_NONE, NULL, "reset needs its scope: 'tpstat reset all'" },
	{ "reset all", 0, CMD_RESET, NULL, NULL },
	{ "reset tcp:*", 0, CMD_RESET, "tcp:*", NULL },
	{ "reset all x", 2, CMD_NONE, NULL, "unexpected argument 'x'" },
	{ "show -q", 2, CMD_NONE, NULL, "unknown option '-q'" },
	{ "show a b", 2, CMD_NONE, NULL, "unexpected argument 'b'" },
	{ "info x", 2, CMD_NONE, NULL, "unexpected argument 'x'" },
	{ "show -v", 2, CMD_NONE, NULL, "-v is for list" },
	{ "list -z", 2, CMD_NONE, NULL, "-z is for show" },
	{ "show -i 1", 2, CMD_NONE, NULL, "-i and -c are for watch" },
	{ "show --delta", 0, CMD_SHOW, NULL, NULL },
	{ "show --no-update tcp:*", 0, CMD_SHOW, "tcp:*", NULL },
	{ "-j show --reset-history", 0, CMD_SHOW, NULL, NULL },
	{ "drops --delta", 2, CMD_NONE, NULL, "--delta, --no-update and --reset-history are for show, not drops" },
	{ "watch -i 0", 2, CMD_NONE, NULL, "-i needs a number" },
	{ "watch -i abc", 2, CMD_NONE, NULL, "-i needs a number" },
	{ "watch -c -1", 2, CMD_NONE, NULL, "-c needs a positive" },
	{ "watch -c", 2, CMD_NONE, NULL, "-c needs a positive" },
	{ "help frob", 2, CMD_NONE, NULL, "no help for 'frob'" },
	{ "export", 0, CMD_EXPORT, NULL, NULL },
	{ "ex tcp:* --textfile /d", 0, CMD_EXPORT, "tcp:*", NULL },
	{ "export --textfile", 2, CMD_NONE, NULL, "--textfile needs a directory" },
	{ "show --textfile /d", 2, CMD_NONE, NULL, "--textfile is for export" },
	{ "-j export", 2, CMD_NONE, NULL, "not JSON" },
	/* Long options, -V and --. */
	{ "-V", 0, CMD_NONE, NULL, NULL },
	{ "--version", 0, CMD_NONE, NULL, NULL },
	{ "--version show", 0, CMD_NONE, NULL, NULL },
	{ "watch -z", 0, CMD_WATCH, NULL, NULL },
	{ "watch --zeros --interval 0.5 --count 2 tcp:*", 0, CMD_WATCH, "tcp:*", NULL },
	{ "watch --interval", 2, CMD_NONE, NULL, "--interval needs a number" },
	{ "watch --count 0", 2, CMD_NONE, NULL, "--count needs a positive" },
	{ "list --verbose", 0, CMD_LIST, NULL, NULL },
	{ "--json --pretty show --zeros", 0, CMD_SHOW, NULL, NULL },
	{ "show --verbose", 2, CMD_NONE, NULL, "-v is for list" },
	{ "export -z", 2, CMD_NONE, NULL, "-z is for show and watch, not export" },
	{ "show -- -x", 0, CMD_SHOW, "-x", NULL },
	{ "-- show tcp:*", 0, CMD_SHOW, "tcp:*", NULL },
	{ "show -- tcp:* -z", 2, CMD_NONE, NULL, "unexpected argument '-z'" },
	{ "show -- -V", 0, CMD_SHOW, "-V", NULL },
	{ "show --frob", 2, CMD_NONE, NULL, "unknown option '--frob'" },
	{ "show -", 0, CMD_SHOW, "-", NULL },
};

static void test_options(void)
{
	struct options o;
	char err[160], out[128], warn[128];

	parse("-V", &o, err);
	CHECK(o.version, "-V");
	parse("show -- -V", &o, err);
	CHECK(!o.version, "-V after -- is a word");
	parse("watch --zeros -c 1", &o, err);
	CHECK(o.zeros && o.count == 1, "watch --zeros");
	CHECK(!cli_version("0.1.0", NULL, out, sizeof(out), warn, sizeof(warn)) &&
	      !strcmp(out, "tpstat 0.1.0\n") && !warn[0],
	      "-V without the module: the tool's version only (%s)", out);
	CHECK(!cli_version("0.1.0", "0.1.0", out, sizeof(out), warn, sizeof(warn)) &&
	      !strcmp(out, "tpstat 0.1.0\nmodule 0.1.0\n") && !warn[0],
	      "-V with the same module: both, no warning (%s)", out);
	CHECK(cli_version("0.2.0", "0.1.0", out, sizeof(out), warn, sizeof(warn)) &&
	      !strcmp(out, "tpstat 0.2.0\nmodule 0.1.0\n") &&
	      strstr(warn, "module is version 0.1.0, this tool 0.2.0") &&
	      !strchr(warn, '\n'),
	      "-V with another module's version: a one-line warning (%s)", warn);
	/* The module's string is the kernel's: escaped as other names are. */
	CHECK(cli_version("0.1.0", "0.1\033]2;x\007\n", out, sizeof(out),
			  warn, sizeof(warn)) &&
	      !strcmp(out, "tpstat 0.1.0\nmodule 0.1\\033]2;x\\007\\012\n") &&
	      strstr(warn, "module is version 0.1\\033]2;x\\007\\012, this tool") &&
	      !strchr(warn, '\n') && !strchr(warn, '\033'),
	      "-V escapes the module's version: %s / %s", out, warn);
	for (const char *opt = "--json\0--pretty\0--netns\0--version\0--help\0"
	     "--verbose\0--zeros\0--interval\0--count\0--by\0--top\0"
	     "--textfile\0"; *opt; opt += strlen(opt) + 1) {
		const char *u = usage_of(CMD_NONE);
		const char *p = u;
		bool whole = false;

		while ((p = strstr(p, opt))) {
			p += strlen(opt);
			if (!isalnum((unsigned char)*p) && *p != '-')
				whole = true;
		}
		CHECK(whole, "tpstat help names %s", opt);
	}
	CHECK(strstr(usage_of(CMD_NONE), "\n--  ") &&
	      strstr(usage_of(CMD_NONE), "Exit status: 0"),
	      "tpstat help names -- and the exit status");
	CHECK(!strstr(usage_of(CMD_DROPS), "-n"), "drops' help: --top, not -n");
}

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
		CHECK(cmd_of(&o) == c->cmd, "'%s': command %d, want %d",
		      c->line, cmd_of(&o), c->cmd);
		CHECK((!o.glob && !c->glob) ||
		      (o.glob && c->glob && !strcmp(o.glob, c->glob)),
		      "'%s': glob '%s'", c->line, o.glob ? o.glob : "(none)");
	}
}

/* Runs @fn into a memory buffer and returns what it wrote. */
static char *capture(void (*fn)(FILE *, void *), void *arg)
{
	static char buf[32768];
	FILE *f;

	buf[0] = '\0';
	f = fmemopen(buf, sizeof(buf), "w");

	fn(f, arg);
	fclose(f);
	if (sample && buf[0] == '{')
		fputs(buf, stdout);
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

/* ---- views, histograms, filter ------------------------------------------ */

static void test_view_lookup(void)
{
	int c;

	CHECK(!lookup("reset", &c) && c == CMD_RESET, "reset is exact");
	CHECK(!lookup("resets", &c) && c == CMD_RESETS, "resets is exact");
	CHECK(lookup("res", &c) == -2, "res: reset or resets");
	CHECK(lookup("re", &c) == -2, "re: reset, resets, retrans");
	CHECK(!lookup("ret", &c) && c == CMD_RETRANS, "ret");
	CHECK(lookup("l", &c) == -2, "l: list or lifetime");
	CHECK(!lookup("lif", &c) && c == CMD_LIFETIME, "lif");
	CHECK(lookup("de", &c) == -2, "de: detach or devices");
	CHECK(!lookup("dev", &c) && c == CMD_DEVICES, "dev");
	CHECK(!lookup("dr", &c) && c == CMD_DROPS, "dr");
	CHECK(lookup("h", &c) == -2, "h: help or hist");
	CHECK(!lookup("hi", &c) && c == CMD_HIST, "hi");
	CHECK(!lookup("st", &c) && c == CMD_STATES, "st");
	CHECK(!lookup("sh", &c) && c == CMD_SHOW, "sh stays show");
	CHECK(!lookup("f", &c) && c == CMD_FILTER, "f");
	CHECK(!lookup("errors", &c) && c == CMD_ERRORS, "errors is exact");
	CHECK(!lookup("er", &c) && c == CMD_ERRORS, "er");
	CHECK(lookup("e", &c) == -2, "e: errors or export");
	CHECK(!lookup("ex", &c) && c == CMD_EXPORT, "ex");
	CHECK(!lookup("rcvq", &c) && c == CMD_RCVQ, "rcvq is exact");
	CHECK(!lookup("rc", &c) && c == CMD_RCVQ, "rc");
	CHECK(cli_view(CMD_RCVQ) == TPSTAT_VIEW_RCVQ &&
	      !strcmp(view_name(TPSTAT_VIEW_RCVQ), "rcvq"),
	      "rcvq reads the RCVQ view");
	CHECK(cli_view(CMD_AUTH) == TPSTAT_VIEW_AUTH &&
	      !strcmp(view_name(TPSTAT_VIEW_AUTH), "auth"),
	      "auth reads the AUTH view");
	CHECK(cli_view(CMD_ERRORS) == TPSTAT_VIEW_ERRORS &&
	      !strcmp(view_name(TPSTAT_VIEW_ERRORS), "errors"),
	      "errors reads the ERRORS view");
}

/* Every uapi view has its ops, complete, under its own id and names. */
static void test_view_table(void)
{
	for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++) {
		const struct view_ops *ops = view_ops(id);
		bool unique = true;

		for (uint32_t k = 0; ops && ops->name && k < id; k++)
			unique &= !!strcmp(view_ops(k)->name, ops->name);
		CHECK(ops && ops->id == id && ops->name && unique &&
		      ops->list_key && ops->text && ops->json_entry,
		      "view %u: ops with its own name, a list key, text and JSON",
		      id);
	}
	CHECK(!view_ops(__TPSTAT_VIEW_CNT) &&
	      !strcmp(view_name(__TPSTAT_VIEW_CNT), "unknown"),
	      "a view past the table: no ops, named unknown");
}

static const struct parse_case view_cases[] = {
	{ "drops", 0, CMD_DROPS, NULL, NULL },
	{ "-j drops --by dev --top 5", 0, CMD_DROPS, NULL, NULL },
	{ "-j drops --by dev -n 5", 0, CMD_DROPS, NULL, NULL },
	{ "dr --by trap", 0, CMD_DROPS, NULL, NULL },
	{ "drops --by bogus", 2, CMD_NONE, NULL, "--by needs reason" },
	{ "drops --by", 2, CMD_NONE, NULL, "--by needs reason" },
	{ "drops -n 0", 2, CMD_NONE, NULL, "-n after drops is its old --top: it needs a positive" },
	{ "drops -n web", 2, CMD_NONE, NULL, "a namespace goes before the command" },
	{ "drops --top 0", 2, CMD_NONE, NULL, "--top needs a positive" },
	{ "drops --top", 2, CMD_NONE, NULL, "--top needs a positive" },
	{ "retrans --top 3", 0, CMD_RETRANS, NULL, NULL },
	{ "show --top 3", 2, CMD_NONE, NULL, "--top, --sort, -h and -H are for the views, not show" },
	{ "drops x", 2, CMD_NONE, NULL, "unknown selector 'x' (src, dst, sport, dport, port, dev, netns, reason or errno)" },
	{ "retrans -n 3", 2, CMD_NONE, NULL, "-n goes before the command" },
	{ "show --by reason", 2, CMD_NONE, NULL, "--by is for drops and resets, not show" },
	{ "resets --by peer", 0, CMD_RESETS, NULL, NULL },
	{ "--by service resets", 0, CMD_RESETS, NULL, NULL },
	{ "resets --by bogus", 2, CMD_NONE, NULL, "--by needs service or peer for resets, not 'bogus'" },
	{ "resets --by reason", 2, CMD_NONE, NULL, "--by needs service or peer for resets, not 'reason'" },
	{ "drops --by peer", 2, CMD_NONE, NULL, "--by needs reason, location, dev, netns or trap, not 'peer'" },
	{ "resets --by", 2, CMD_NONE, NULL, "--by needs reason" },
	{ "resets -n 3", 2, CMD_NONE, NULL, "-n goes before the command" },
	{ "lifetime --by peer", 2, CMD_NONE, NULL, "--by is for drops and resets, not lifetime" },
	{ "retrans x", 2, CMD_NONE, NULL, "unknown selector 'x' (src, dst, sport, dport, port, dev, netns, reason or errno)" },
	{ "-p states", 0, CMD_STATES, NULL, NULL },
	{ "lifetime -z", 2, CMD_NONE, NULL, "-z is for show" },
	{ "devices", 0, CMD_DEVICES, NULL, NULL },
	{ "resets", 0, CMD_RESETS, NULL, NULL },
	{ "errors", 0, CMD_ERRORS, NULL, NULL },
	{ "-j err", 0, CMD_ERRORS, NULL, NULL },
	{ "errors x", 2, CMD_NONE, NULL, "unknown selector 'x' (src, dst, sport, dport, port, dev, netns, reason or errno)" },
	{ "errors -n 3", 2, CMD_NONE, NULL, "-n goes before the command" },
	{ "auth", 0, CMD_AUTH, NULL, NULL },
	{ "-j au", 0, CMD_AUTH, NULL, NULL },
	{ "auth x", 2, CMD_NONE, NULL, "unknown selector 'x' (src, dst, sport, dport, port, dev, netns, reason or errno)" },
	{ "auth -n 3", 2, CMD_NONE, NULL, "-n goes before the command" },
	{ "help auth", 0, CMD_HELP, NULL, NULL },
	{ "a", 2, CMD_NONE, NULL, "ambiguous command 'a'" },
	{ "errors -z", 2, CMD_NONE, NULL, "-z is for show and watch, not errors" },
	{ "help errors", 0, CMD_HELP, NULL, NULL },
	{ "rcvq", 0, CMD_RCVQ, NULL, NULL },
	{ "-j rc", 0, CMD_RCVQ, NULL, NULL },
	{ "rcvq 53", 2, CMD_NONE, NULL, "unknown selector '53' (src, dst, sport, dport, port, dev, netns, reason or errno)" },
	{ "rcvq -z", 2, CMD_NONE, NULL, "-z is for show and watch, not rcvq" },
	{ "help rcvq", 0, CMD_HELP, NULL, NULL },
	{ "e", 2, CMD_NONE, NULL, "ambiguous command 'e'" },
	{ "neigh", 0, CMD_NEIGH, NULL, NULL },
	{ "-j ne", 0, CMD_NEIGH, NULL, NULL },
	{ "neigh eth0", 2, CMD_NONE, NULL, "unknown selector 'eth0' (src, dst, sport, dport, port, dev, netns, reason or errno)" },
	{ "neigh -n 3", 2, CMD_NONE, NULL, "-n goes before the command" },
	{ "neigh -i 2", 0, CMD_NEIGH, NULL, NULL },
	{ "resets -i 1 -c 2", 0, CMD_RESETS, NULL, NULL },
	{ "-j drops --by dev -c 3", 0, CMD_DROPS, NULL, NULL },
	{ "info -i 1", 2, CMD_NONE, NULL, "-i and -c are for watch and the views, not info" },
	{ "help neigh", 0, CMD_HELP, NULL, NULL },
	{ "hist", 0, CMD_HIST, NULL, NULL },
	{ "hist srtt_us", 0, CMD_HIST, NULL, NULL },
	{ "hist a b", 2, CMD_NONE, NULL, "unexpected argument 'b'" },
	{ "help drops", 0, CMD_HELP, NULL, NULL },
	{ "drops --help", 0, CMD_HELP, NULL, NULL },
	{ "show x --help", 0, CMD_HELP, NULL, NULL },
	{ "-h", 0, CMD_HELP, NULL, NULL },
	{ "drops -h", 0, CMD_DROPS, NULL, NULL },
	{ "show -h", 2, CMD_NONE, NULL, "--top, --sort, -h and -H are for the views, not show" },
	{ "re", 2, CMD_NONE, NULL, "ambiguous command 're'" },
	{ "filter", 0, CMD_FILTER, NULL, NULL },
	{ "filter show", 0, CMD_FILTER, NULL, NULL },
	{ "filter clear", 0, CMD_FILTER, NULL, NULL },
	{ "filter clear now", 2, CMD_NONE, NULL, "unexpected argument 'now'" },
	{ "filter pid 42 comm curl netns 4026531840 dev lo lport 80 rport 443", 0, CMD_FILTER, NULL, NULL },
	{ "filter ifindex 3", 0, CMD_FILTER, NULL, NULL },
	{ "filter pid 0", 2, CMD_NONE, NULL, "pid needs a process id" },
	{ "filter pid -1", 2, CMD_NONE, NULL, "pid needs a process id" },
	{ "filter pid +5", 2, CMD_NONE, NULL, "pid needs a process id" },
	{ "filter pid 2147483648", 2, CMD_NONE, NULL, "pid needs a process id" },
	{ "filter pid", 2, CMD_NONE, NULL, "pid needs a process id" },
	{ "filter pid 1x", 2, CMD_NONE, NULL, "pid needs a process id" },
	{ "filter lport 0", 2, CMD_NONE, NULL, "lport needs a port from 1 to 65535" },
	{ "filter lport 65536", 2, CMD_NONE, NULL, "lport needs a port" },
	{ "filter rport 0x50", 2, CMD_NONE, NULL, "rport needs a port" },
	{ "filter netns 0", 2, CMD_NONE, NULL, "netns needs a namespace inode" },
	{ "filter netns 4294967296", 2, CMD_NONE, NULL, "netns needs" },
	{ "filter comm 0123456789abcdef", 2, CMD_NONE, NULL, "comm needs a task name of 1 to 15" },
	{ "filter dev 0123456789abcdef", 2, CMD_NONE, NULL, "dev needs a device name" },
	{ "filter ifindex 0", 2, CMD_NONE, NULL, "ifindex needs a device index" },
	{ "filter pid 1 pid 2", 2, CMD_NONE, NULL, "pid given twice" },
	{ "filter dev lo ifindex 1", 2, CMD_NONE, NULL, "dev or ifindex given twice" },
	{ "filter uid 0", 2, CMD_NONE, NULL, "unknown filter key 'uid'" },
	{ "filter show pid 1", 2, CMD_NONE, NULL, "unexpected argument 'pid'" },
	{ "filter laddr 127.0.0.2 raddr 10.99.0.0/16", 0, CMD_FILTER, NULL, NULL },
	{ "filter raddr fd99::/16 laddr ::ffff:127.0.0.0/104", 0, CMD_FILTER, NULL, NULL },
	{ "filter raddr 0.0.0.0/0", 0, CMD_FILTER, NULL, NULL },
	{ "filter raddr 10.1.2.3/16", 2, CMD_NONE, NULL, "raddr: 10.1.2.3/16 has bits set beyond its prefix (the network is 10.1.0.0/16)" },
	{ "filter laddr fd99::1/64", 2, CMD_NONE, NULL, "laddr: fd99::1/64 has bits set beyond its prefix (the network is fd99::/64)" },
	{ "filter raddr 10.0.0.0/33", 2, CMD_NONE, NULL, "raddr: the prefix of 10.0.0.0 is 0 to 32" },
	{ "filter raddr ::/129", 2, CMD_NONE, NULL, "raddr: the prefix of :: is 0 to 128" },
	{ "filter raddr 10.0.0.0/", 2, CMD_NONE, NULL, "the prefix of 10.0.0.0 is 0 to 32" },
	{ "filter raddr 10.0.0.0/-1", 2, CMD_NONE, NULL, "the prefix of 10.0.0.0 is 0 to 32" },
	{ "filter raddr 10.0.0.0/0x8", 2, CMD_NONE, NULL, "the prefix of 10.0.0.0 is 0 to 32" },
	{ "filter raddr 10.0.0", 2, CMD_NONE, NULL, "raddr needs an IPv4 or IPv6 address" },
	{ "filter laddr example.com", 2, CMD_NONE, NULL, "laddr needs an IPv4 or IPv6 address" },
	{ "filter laddr", 2, CMD_NONE, NULL, "laddr needs an IPv4 or IPv6 address" },
	{ "filter laddr 1.2.3.4 laddr 1.2.3.4", 2, CMD_NONE, NULL, "laddr given twice" },
};

static void test_view_parse(void)
{
	struct options o;
	char err[160];

	for (size_t i = 0; i < sizeof(view_cases) / sizeof(view_cases[0]); i++) {
		const struct parse_case *c = &view_cases[i];
		int ret;

		err[0] = '\0';
		ret = parse(c->line, &o, err);
		CHECK(ret == c->ret, "'%s': returned %d, want %d (%s)",
		      c->line, ret, c->ret, err);
		if (ret || c->ret) {
			CHECK(c->err_has && strstr(err, c->err_has),
			      "'%s': said '%s', want '%s'", c->line, err,
			      c->err_has ? c->err_has : "");
			CHECK(!strchr(err, '\n'), "'%s': one line", c->line);
			continue;
		}
		CHECK(cmd_of(&o) == c->cmd, "'%s': command %d, want %d",
		      c->line, cmd_of(&o), c->cmd);
	}
	parse("-j drops --by dev --top 5", &o, err);
	CHECK(o.json && o.va.by == BY_DEV && o.va.top == 5 && !o.warning,
	      "drops --by dev --top 5");
	parse("-j drops --by dev -n 5", &o, err);
	CHECK(o.json && o.va.by == BY_DEV && o.va.top == 5 && o.warning &&
	      strstr(o.warning, "deprecated") && strstr(o.warning, "--top") &&
	      !strchr(o.warning, '\n'),
	      "drops -n 5: still TOP for one release, with a one-line warning");
	parse("drops", &o, err);
	CHECK(o.va.by == BY_DEFAULT && o.va.top == 0, "drops: default by, all");
	parse("hist srtt_us", &o, err);
	CHECK(o.va.hist_only && !strcmp(o.va.hist_only, "srtt_us"), "hist NAME");
	parse("drops --help", &o, err);
	CHECK(cmd_of(&o) == CMD_HELP && help_of(&o) == CMD_DROPS, "drops --help: its help");
	parse("drops -h", &o, err);
	CHECK(cmd_of(&o) == CMD_DROPS && o.human, "drops -h: human units, as ip -h");
	parse("filter", &o, err);
	CHECK(o.filter_act == FILTER_SHOW, "filter alone shows");
	parse("filter clear", &o, err);
	CHECK(o.filter_act == FILTER_CLEAR && filter_empty(&o.filter), "clear");
	parse("filter pid 42 comm curl netns 4026531840 dev lo lport 80 rport 443",
	      &o, err);
	CHECK(o.filter_act == FILTER_SET && o.filter.has_pid &&
	      o.filter.pid == 42 && o.filter.has_comm &&
	      !strcmp(o.filter.comm, "curl") && o.filter.has_netns &&
	      o.filter.netns == 4026531840U && !o.filter.has_ifindex &&
	      !strcmp(o.filter.ifname, "lo") && o.filter.has_lport &&
	      o.filter.lport == 80 && o.filter.has_rport &&
	      o.filter.rport == 443, "every filter key");
	parse("filter raddr 10.99.0.0/16 laddr fd99::1", &o, err);
	CHECK(o.filter_act == FILTER_SET && o.filter.has_raddr &&
	      o.filter.raddr.len == 4 && o.filter.raddr.has_prefix &&
	      o.filter.raddr.prefix == 16 &&
	      !memcmp(o.filter.raddr.addr, "\x0a\x63\0\0", 4) &&
	      o.filter.has_laddr && o.filter.laddr.len == 16 &&
	      !o.filter.laddr.has_prefix && o.filter.laddr.addr[0] == 0xfd &&
	      o.filter.laddr.addr[15] == 1, "raddr network, laddr address");
	parse("filter comm 0123456789abcde ifindex 4294967", &o, err);
	CHECK(!strcmp(o.filter.comm, "0123456789abcde") && o.filter.has_ifindex &&
	      o.filter.ifindex == 4294967, "15-character comm, ifindex");
	CHECK(!strncmp(usage_of(CMD_NONE) + strlen(usage_of(CMD_NONE)) -
		       strlen(usage_of(CMD_HELP)) - 1, usage_of(CMD_HELP),
		       strlen(usage_of(CMD_HELP))),
	      "the whole usage fits: it ends with help's");
	CHECK(strstr(usage_of(CMD_DROPS), "default is --by reason"),
	      "drops help says the default");
}

static void test_hist(void)
{
	static const struct { unsigned int b; uint64_t low, high; } edges[] = {
		{ 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 3 }, { 3, 4, 7 },
		{ 11, 1024, 2047 }, { 32, 2147483648ULL, 4294967295ULL },
		{ 33, 4294967296ULL, 8589934591ULL },
		{ 64, 9223372036854775808ULL, 18446744073709551615ULL },
	};
	struct hist h = { 0 };
	uint64_t low, high;

	for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
		hist_bounds(edges[i].b, &low, &high);
		CHECK(low == edges[i].low && high == edges[i].high,
		      "bucket %u: [%llu, %llu]", edges[i].b,
		      (unsigned long long)low, (unsigned long long)high);
	}
	for (unsigned int b = 0; b < TPSTAT_HIST_BUCKETS; b++) {
		hist_bounds(b, &low, &high);
		CHECK(hist_bucket_of(low) == b && hist_bucket_of(high) == b &&
		      (!b || hist_bucket_of(low - 1) == b - 1),
		      "bucket %u holds its bounds only", b);
	}
	CHECK(hist_bucket_of(0) == 0 && hist_bucket_of(1) == 1 &&
	      hist_bucket_of(2) == 2 && hist_bucket_of(4) == 3 &&
	      hist_bucket_of(UINT64_MAX) == 64, "values to buckets");
	CHECK(hist_stars(0, 10, 40) == 0 && hist_stars(10, 10, 40) == 40 &&
	      hist_stars(5, 10, 40) == 20 && hist_stars(1, 3, 40) == 13 &&
	      hist_stars(1, 0, 40) == 0 && hist_stars(11, 10, 40) == 40 &&
	      hist_stars(UINT64_MAX, UINT64_MAX, 20) == 20,
	      "stars as bcc: floor(width * val / max)");
	CHECK(hist_stars(UINT64_MAX / 2, UINT64_MAX, 40) == 19 &&
	      hist_stars(UINT64_MAX - 1, UINT64_MAX, 40) == 39 &&
	      hist_stars(1ULL << 63, UINT64_MAX, 40) == 20 &&
	      hist_stars(UINT64_MAX / 40, UINT64_MAX, 40) == 0 &&
	      hist_stars(UINT64_MAX / 40 + 1, UINT64_MAX, 40) == 1,
	      "stars exact where width * val passes 2^64");
	CHECK(hist_first(&h) == -1 && hist_last(&h) == -1, "empty");
	h.bucket[1] = 1;
	h.bucket[3] = 4;
	CHECK(hist_first(&h) == 1 && hist_last(&h) == 3, "first, last");
	h.bucket[0] = 0;
	h.bucket[64] = 0;
}

static void hist_small(FILE *f, void *arg)
{
	hist_print(f, arg, "usecs");
}

static void hist_json_out(FILE *f, void *arg)
{
	struct json j;

	json_init(&j, f, false);
	json_object_open(&j);
	hist_json(&j, arg);
	json_object_close(&j);
	json_end(&j);
}

static void test_hist_print(void)
{
	struct hist h = { 0 };
	char *s;

	s = capture(hist_small, &h);
	CHECK(!strcmp(s, ""), "an empty histogram prints nothing: '%s'", s);
	h.bucket[0] = 2;
	h.bucket[2] = 4;
	h.count = 6;
	h.sum = 10;
	s = capture(hist_small, &h);
	CHECK(!strcmp(s,
		"     usecs               : count     distribution\n"
		"         0 -> 0          : 2        |********************                    |\n"
		"         1 -> 1          : 0        |                                        |\n"
		"         2 -> 3          : 4        |****************************************|\n"),
	      "bcc's layout, buckets 0..2:\n%s", s);
	s = capture(hist_json_out, &h);
	CHECK(!strcmp(s, "{\"count\":6,\"sum\":10,\"buckets\":["
		      "{\"low\":0,\"high\":0,\"count\":2},"
		      "{\"low\":1,\"high\":1,\"count\":0},"
		      "{\"low\":2,\"high\":3,\"count\":4}]}\n"),
	      "histogram JSON: %s", s);
	memset(&h, 0, sizeof(h));
	h.bucket[64] = 1;
	h.bucket[63] = 2;
	s = capture(hist_small, &h);
	CHECK(!strcmp(s,
		"               usecs                         : count     distribution\n"
		" 4611686018427387904 -> 9223372036854775807  : 2        |********************|\n"
		" 9223372036854775808 -> 18446744073709551615 : 1        |**********          |\n"),
	      "the last bucket, wide as bcc past 2^32:\n%s", s);
	memset(&h, 0, sizeof(h));
	h.bucket[1] = 7;
	s = capture(hist_small, &h);
	CHECK(!strstr(s, "0 -> 0") && strstr(s, "1 -> 1          : 7"),
	      "starts at the first non-empty bucket:\n%s", s);
}

static void quantiles_out(FILE *f, void *arg)
{
	hist_quantiles_print(f, arg, "usecs");
}

static void quantiles_json_out(FILE *f, void *arg)
{
	struct json j;

	json_init(&j, f, false);
	json_object_open(&j);
	hist_quantiles_json(&j, arg);
	json_object_close(&j);
	json_end(&j);
}

/* @pct's estimate and bounds are @est, [@lo, @hi) (@hi 0: none). */
static bool quantile_is(const struct hist *h, unsigned int pct, uint64_t est,
			uint64_t lo, uint64_t hi)
{
	struct hist_quantile q;

	if (!hist_quantile(h, pct, &q))
		return false;
	if (q.estimate != est || q.lo != lo || q.has_hi != !!hi ||
	    (hi && q.hi != hi)) {
		printf("p%u: %llu in [%llu, %llu%s)\n", pct,
		       (unsigned long long)q.estimate,
		       (unsigned long long)q.lo, (unsigned long long)q.hi,
		       q.has_hi ? "" : " none");
		return false;
	}
	return true;
}

static void test_hist_quantiles(void)
{
	struct hist h = { 0 };
	struct hist_quantile q;
	char *s;

	CHECK(!hist_quantile(&h, 50, &q) && !hist_quantile(&h, 99, &q),
	      "an empty histogram has no percentiles");
	s = capture(quantiles_out, &h);
	CHECK(!strcmp(s, "    p50 -\n    p90 -\n    p99 -\n"), "empty: '%s'", s);
	s = capture(quantiles_json_out, &h);
	CHECK(!strcmp(s, "{\"p50\":null,\"p90\":null,\"p99\":null}\n"),
	      "empty JSON: %s", s);

	/* 10 in [1, 2), 30 in [4, 8), 50 in [16, 32), 10 in [64, 128). */
	h.bucket[1] = 10;
	h.bucket[3] = 30;
	h.bucket[5] = 50;
	h.bucket[7] = 10;
	CHECK(quantile_is(&h, 50, 19, 16, 32),
	      "p50: rank 50 is the 10th of 50 in [16, 32): 16 + 16 * 10/50");
	CHECK(quantile_is(&h, 90, 31, 16, 32),
	      "p90: rank 90 is the bucket's last value: hi - 1, not hi");
	CHECK(quantile_is(&h, 99, 121, 64, 128),
	      "p99: 64 + 64 * 9/10 = 121.6, rounded down");
	CHECK(quantile_is(&h, 10, 1, 1, 2) && quantile_is(&h, 11, 4, 4, 8) &&
	      quantile_is(&h, 100, 127, 64, 128),
	      "rank on a bucket's cumulative count stays in that bucket");
	s = capture(quantiles_out, &h);
	CHECK(!strcmp(s, "    p50 19 usecs in [16, 32)\n"
		      "    p90 31 usecs in [16, 32)\n"
		      "    p99 121 usecs in [64, 128)\n"), "text:\n%s", s);
	s = capture(quantiles_json_out, &h);
	CHECK(!strcmp(s, "{\"p50\":{\"estimate\":19,\"lo\":16,\"hi\":32},"
		      "\"p90\":{\"estimate\":31,\"lo\":16,\"hi\":32},"
		      "\"p99\":{\"estimate\":121,\"lo\":64,\"hi\":128}}\n"),
	      "JSON: %s", s);

	/* Everything in one bucket: where in it, by rank. */
	memset(&h, 0, sizeof(h));
	h.bucket[11] = 7;
	CHECK(quantile_is(&h, 50, 1536, 1024, 2048) &&
	      quantile_is(&h, 90, 1945, 1024, 2048) &&
	      quantile_is(&h, 99, 2037, 1024, 2048),
	      "one bucket: 1024 + 1024 * q, rounded down");
	memset(&h, 0, sizeof(h));
	h.bucket[0] = 5;
	CHECK(quantile_is(&h, 50, 0, 0, 1) && quantile_is(&h, 99, 0, 0, 1),
	      "bucket 0 is [0, 1): the estimate is 0");
	h.bucket[1] = 5;
	CHECK(quantile_is(&h, 50, 0, 0, 1) && quantile_is(&h, 90, 1, 1, 2),
	      "0 and 1: p50 in bucket 0, p90 in bucket 1");

	/* Everything in the last bucket, which has no hi that fits. */
	memset(&h, 0, sizeof(h));
	h.bucket[64] = 3;
	CHECK(quantile_is(&h, 50, 1ULL << 63, 1ULL << 63, 0) &&
	      quantile_is(&h, 99, 1ULL << 63, 1ULL << 63, 0),
	      "the last bucket: its lower bound, no upper one");
	s = capture(quantiles_out, &h);
	CHECK(strstr(s, "    p99 >= 9223372036854775808 usecs (the last bucket)\n"),
	      "last bucket text:\n%s", s);
	s = capture(quantiles_json_out, &h);
	CHECK(strstr(s, "\"p50\":{\"estimate\":9223372036854775808,"
		     "\"lo\":9223372036854775808,\"hi\":null}"),
	      "last bucket JSON: %s", s);
	h.bucket[63] = 98;
	h.bucket[64] = 2;
	CHECK(quantile_is(&h, 49, (1ULL << 62) + (1ULL << 61), 1ULL << 62,
			  1ULL << 63) &&
	      quantile_is(&h, 98, (1ULL << 63) - 1, 1ULL << 62, 1ULL << 63) &&
	      quantile_is(&h, 99, 1ULL << 63, 1ULL << 63, 0),
	      "bucket 63 ends at 2^63; above, the last bucket");

	/* Counts summing past 2^64: exact, no overflow. */
	memset(&h, 0, sizeof(h));
	h.bucket[1] = UINT64_MAX;
	h.bucket[2] = UINT64_MAX;
	h.bucket[40] = UINT64_MAX;
	CHECK(quantile_is(&h, 50, 3, 2, 4) &&
	      quantile_is(&h, 90, 934584883609ULL, 1ULL << 39, 1ULL << 40) &&
	      quantile_is(&h, 99, 1083018953359ULL, 1ULL << 39, 1ULL << 40),
	      "3 * (2^64 - 1) values: 2^39 + floor(2^39 * 0.7) and * 0.97");
	/* Where a double would round 2^62 - 1 to 2^62 and pick bucket 3. */
	memset(&h, 0, sizeof(h));
	h.bucket[3] = (1ULL << 62) - 1;
	h.bucket[5] = (1ULL << 62) + 1;
	CHECK(quantile_is(&h, 50, 16, 16, 32),
	      "rank 2^62 is past 2^62 - 1: bucket 5, its first value");
	h.bucket[3] = (1ULL << 62) + 1;
	h.bucket[5] = (1ULL << 62) - 1;
	CHECK(quantile_is(&h, 50, 7, 4, 8),
	      "rank 2^62 of 2^62 + 1 in bucket 3: just under its top, 7");
	CHECK(!hist_quantile(&h, 0, &q) && !hist_quantile(&h, 101, &q),
	      "percentiles outside 1..100 refused");
}

/*
 * format_addr() writes addresses itself: as inet_ntop() does, for every
 * shape of zero runs (each group zero or not: 256 patterns, with
 * 1-digit to 4-digit groups) and the dotted tails.
 */
static void test_addr_as_inet_ntop(void)
{
	static const unsigned int groups[] = { 0x1, 0xab, 0xfff, 0xffff };
	char want[INET6_ADDRSTRLEN], got[INET6_ADDRSTRLEN];
	unsigned int bad = 0, n = 0;
	uint8_t a[16];

	for (unsigned int mask = 0; mask < 256; mask++) {
		for (unsigned int g = 0; g < 4; g++) {
			for (int i = 0; i < 8; i++) {
				unsigned int w = mask >> i & 1 ?
					groups[(g + i) % 4] : 0;

				a[2 * i] = w >> 8;
				a[2 * i + 1] = w;
			}
			/* and ::ffff:0:0/96's and ::/96's dotted forms */
			for (int tail = 0; tail < 3; tail++) {
				if (tail == 1 && !(mask & 0x1f))
					a[10] = a[11] = 0xff;
				if (tail == 2 && !(mask & 0x3f))
					a[12] = 1;
				inet_ntop(AF_INET6, a, want, sizeof(want));
				format_addr(got, sizeof(got), a, 16, -1);
				n++;
				if (strcmp(want, got) && bad++ < 3)
					fprintf(stderr, "# %s, inet_ntop() %s\n",
						got, want);
			}
		}
	}
	CHECK(!bad, "IPv6 text as inet_ntop()'s: %u of %u differ", bad, n);
}

static void test_addr(void)
{
	static const uint8_t v4[4] = { 10, 0, 0, 1 };
	static const uint8_t v6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	static const uint8_t mapped[16] = { [10] = 0xff, [11] = 0xff,
					    192, 0, 2, 7 };
	char buf[64];

	format_addr(buf, sizeof(buf), v4, 4, 22);
	CHECK(!strcmp(buf, "10.0.0.1:22"), "v4: %s", buf);
	format_addr(buf, sizeof(buf), v4, 4, -1);
	CHECK(!strcmp(buf, "10.0.0.1"), "v4 without port: %s", buf);
	format_addr(buf, sizeof(buf), v6, 16, 443);
	CHECK(!strcmp(buf, "[2001:db8::1]:443"), "v6: %s", buf);
	format_addr(buf, sizeof(buf), v6, 16, -1);
	CHECK(!strcmp(buf, "2001:db8::1"), "v6 without port: %s", buf);
	format_addr(buf, sizeof(buf), mapped, 16, 80);
	CHECK(!strcmp(buf, "[::ffff:192.0.2.7]:80"), "v4-mapped: %s", buf);
	format_addr(buf, sizeof(buf), v4, 0, 80);
	CHECK(!strcmp(buf, "?:80"), "no address: %s", buf);
	test_addr_as_inet_ntop();
	CHECK(!strcmp(tcp_state_name(1), "ESTABLISHED") &&
	      !strcmp(tcp_state_name(2), "SYN_SENT") &&
	      !strcmp(tcp_state_name(4), "FIN_WAIT1") &&
	      !strcmp(tcp_state_name(7), "CLOSE") &&
	      !strcmp(tcp_state_name(12), "NEW_SYN_RECV") &&
	      !strcmp(tcp_state_name(13), "BOUND_INACTIVE") &&
	      !tcp_state_name(0) && !tcp_state_name(14) &&
	      !tcp_state_name(255), "TCP state names");
}

/* ---- replies built as the module sends them ----------------------------- */

static char msgbuf[4096];

static struct nlmsghdr *msg_new(void)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(msgbuf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

	g->cmd = TPSTAT_CMD_GET_VIEW;
	return nlh;
}

/*
 * @nlh, a reply the module must not send, is refused whole: an error,
 * EBADMSG, and nothing of it in @v.
 */
static void refused(struct view *v, const struct nlmsghdr *nlh,
		    const char *what)
{
	size_t n = v->n;
	int ret;

	errno = 0;
	ret = view_msg_cb(nlh, v);
	CHECK(ret == MNL_CB_ERROR && errno == EBADMSG && v->n == n,
	      "%s: refused (%d, %s, %zu entries)", what, ret, strerror(errno),
	      v->n);
}

static void put_header_msg(struct view *v, uint32_t entries, uint32_t cap,
			   uint64_t overflow)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, entries);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, cap);
	mnl_attr_put(nlh, TPSTAT_A_PAD, 0, NULL);
	mnl_attr_put_u64(nlh, TPSTAT_A_VIEW_OVERFLOW, overflow);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "header message");
}

/* A DROPS entry; @reason < 0: none (before 5.17); @name, @ifname NULL: absent. */
static void put_drop(struct view *v, const char *loc, int reason,
		     const char *name, uint32_t netns, uint32_t ifindex,
		     const char *ifname, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, loc);
	if (reason >= 0)
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, reason);
	if (name)
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, name);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (ifname)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, ifname);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "drop entry");
}

static void drops_view(struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_DROPS;
	put_header_msg(v, 5, 1024, 3);
	put_drop(v, "ip_rcv_core+0x1c4/0x2f0", 2, "NO_SOCKET", 1, 2, "eth0", 5);
	put_drop(v, "tcp_v4_rcv+0x88/0x900", 2, "NO_SOCKET", 1, 3, "eth1", 3);
	put_drop(v, "ip_rcv_core+0x1c4/0x2f0", 3, NULL, 2, 2, NULL, 4);
	put_drop(v, "udp_queue_rcv+0x10/0x20", -1, NULL, 1, 0, NULL, 4);
	put_drop(v, "tcp_v4_rcv+0x88/0x900", 2, "NO_SOCKET", 1, 2, "eth0", 0);
}

static struct view cur_view;
static enum drop_by cur_by;

/* The options @arg points to; under --json-sample maybe pretty. */
static struct out_opts *opts(void *arg)
{
	static struct out_opts o;

	o = *(struct out_opts *)arg;
	o.pretty = o.json && sample_pretty;
	return &o;
}

static void view_text(FILE *f, void *arg)
{
	print_view(f, opts(arg), &cur_view, cur_by, NULL);
}

static void test_drops(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v;
	char *s;

	drops_view(&v);
	CHECK(v.have_header && v.entries == 5 && v.capacity == 1024 &&
	      v.overflow == 3 && v.n == 5, "header and 5 entries: %zu", v.n);
	CHECK(v.e[0].has_reason && v.e[0].reason == 2 &&
	      !strcmp(v.e[0].reason_name, "NO_SOCKET") && v.e[0].count == 5 &&
	      !strcmp(v.e[0].location, "ip_rcv_core+0x1c4/0x2f0") &&
	      v.e[0].has_ifname && !strcmp(v.e[0].ifname, "eth0"),
	      "entry attributes");
	CHECK(!v.e[3].has_reason && !v.e[2].has_reason_name &&
	      !v.e[2].has_ifname && !v.e[0].hist, "absent attributes");

	drops_aggregate(&v, BY_REASON, 0);
	CHECK(v.n == 3 && v.e[0].reason == 2 && v.e[0].count == 8 &&
	      !v.e[1].has_reason && v.e[1].count == 4 &&
	      v.e[2].reason == 3 && v.e[2].count == 4,
	      "by reason: 8 NO_SOCKET, then ties by name ('-' before '?')");
	cur_view = v;
	cur_by = BY_REASON;
	s = capture(view_text, &text);
	CHECK(!strcmp(s, "   COUNT  REASON\n"
			 "       8  NO_SOCKET (2)\n"
			 "       4  -\n"
			 "       4  ? (3)\n"
			 "overflow: 3 lost updates (table 5/1024)\n"),
	      "drops by reason, text:\n%s", s);
	s = capture(view_text, &json);
	CHECK(!strcmp(s, "{\"schema_version\":1,\"view\":\"drops\",\"by\":\"reason\","
		      "\"overflow\":3,\"entries\":5,\"capacity\":1024,\"drops\":["
		      "{\"reason\":\"NO_SOCKET\",\"reason_code\":2,\"count\":8},"
		      "{\"reason\":null,\"reason_code\":null,\"count\":4},"
		      "{\"reason\":null,\"reason_code\":3,\"count\":4}]}\n"),
	      "drops by reason, JSON: %s", s);
	view_free(&v);

	drops_view(&v);
	drops_aggregate(&v, BY_LOCATION, 0);
	CHECK(v.n == 3 && v.e[0].count == 9 &&
	      !strcmp(v.e[0].location, "ip_rcv_core+0x1c4/0x2f0") &&
	      v.e[1].count == 4 && !strcmp(v.e[1].location, "udp_queue_rcv+0x10/0x20") &&
	      v.e[2].count == 3, "by location");
	cur_view = v;
	cur_by = BY_LOCATION;
	s = capture(view_text, &text);
	CHECK(strstr(s, "   COUNT  LOCATION\n       9  ip_rcv_core+0x1c4/0x2f0\n"),
	      "as dropwatch: %s", s);
	view_free(&v);

	drops_view(&v);
	drops_aggregate(&v, BY_LOCATION, 1);
	CHECK(v.n == 1 && v.e[0].count == 9, "-n 1");
	view_free(&v);

	drops_view(&v);
	drops_aggregate(&v, BY_DEV, 0);
	CHECK(v.n == 4 && v.e[0].count == 5 && !strcmp(v.e[0].ifname, "eth0") &&
	      v.e[1].count == 4 && v.e[1].netns == 1 && v.e[1].ifindex == 0 &&
	      v.e[2].count == 4 && v.e[2].netns == 2 && v.e[2].ifindex == 2 &&
	      !v.e[2].has_ifname && v.e[3].count == 3, "by dev");
	cur_view = v;
	cur_by = BY_DEV;
	s = capture(view_text, &text);
	CHECK(strstr(s, "   COUNT  DEVICE     NETNS\n") &&
	      strstr(s, "       5  eth0       1\n") &&
	      strstr(s, "       4  -          1\n") &&
	      strstr(s, "       4  ifindex 2  2\n"), "dev names: %s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "{\"netns\":2,\"ifindex\":2,\"ifname\":null,\"count\":4}") &&
	      strstr(s, "{\"netns\":1,\"ifindex\":2,\"ifname\":\"eth0\",\"count\":5}"),
	      "dev JSON: %s", s);
	view_free(&v);

	drops_view(&v);
	drops_aggregate(&v, BY_NETNS, 0);
	CHECK(v.n == 2 && v.e[0].netns == 1 && v.e[0].count == 12 &&
	      v.e[1].netns == 2 && v.e[1].count == 4, "by netns");
	view_free(&v);

	/* An empty table: only the overflow line. */
	memset(&v, 0, sizeof(v));
	v.id = TPSTAT_VIEW_DROPS;
	put_header_msg(&v, 0, 1024, 0);
	drops_aggregate(&v, BY_REASON, 0);
	cur_view = v;
	cur_by = BY_REASON;
	s = capture(view_text, &text);
	CHECK(!strcmp(s, "   COUNT  REASON\noverflow: 0 lost updates (table 0/1024)\n"),
	      "empty: the header and the overflow line: %s", s);
	view_free(&v);
}

static void put_trap(struct view *v, const char *dev, const char *trap,
		     uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_DEVLINK, dev);
	mnl_attr_put_strz(nlh, TPSTAT_A_TRAP, trap);
	mnl_attr_put_strz(nlh, TPSTAT_A_TRAP_GROUP, "l2_drops");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	view_msg_cb(nlh, v);
}

static void test_traps(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v = { .id = TPSTAT_VIEW_TRAPS };
	char *s;

	put_header_msg(&v, 3, 256, 0);
	put_trap(&v, "pci/0000:01:00.0", "source_mac_is_multicast", 3);
	put_trap(&v, "pci/0000:01:00.0", "vlan_tag_mismatch", 7);
	put_trap(&v, "pci/0000:01:00.0", "source_mac_is_multicast", 2);
	put_trap(&v, "pci/0000:02:00.0", "vlan_tag_mismatch", 1);
	drops_aggregate(&v, BY_TRAP, 0);
	CHECK(v.n == 3 && v.e[0].count == 7 && v.e[1].count == 5 &&
	      !strcmp(v.e[1].trap, "source_mac_is_multicast") &&
	      v.e[2].count == 1, "by trap");
	cur_view = v;
	cur_by = BY_TRAP;
	s = capture(view_text, &text);
	CHECK(strstr(s, "   COUNT  TRAP (GROUP) DEVICE\n"
			"       7  vlan_tag_mismatch (l2_drops) pci/0000:01:00.0\n"),
	      "trap text: %s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "\"view\":\"traps\",\"by\":\"trap\",") &&
	      strstr(s, "{\"devlink\":\"pci/0000:02:00.0\",\"trap\":\"vlan_tag_mismatch\","
		     "\"trap_group\":\"l2_drops\",\"count\":1}"), "trap JSON: %s", s);
	view_free(&v);
}

static void put_flow(struct view *v, int v6, uint16_t sport, uint64_t retrans,
		     uint64_t synack, int state)
{
	static const uint8_t a4[4] = { 10, 0, 0, 1 }, b4[4] = { 10, 0, 0, 2 };
	static const uint8_t a6[16] = { 0xfe, 0x80, [15] = 1 };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 4026531840U);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, v6 ? AF_INET6 : AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, v6 ? 16 : 4, v6 ? a6 : a4);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, sport);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, v6 ? 16 : 4, v6 ? a6 : b4);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 5201);
	mnl_attr_put_u64(nlh, TPSTAT_A_RETRANS, retrans);
	mnl_attr_put_u64(nlh, TPSTAT_A_SYNACK_RETRANS, synack);
	if (state >= 0)
		mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, state);
	view_msg_cb(nlh, v);
}

static void test_retrans(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v = { .id = TPSTAT_VIEW_RETRANS };
	char *s;

	put_header_msg(&v, 3, 4096, 0);
	put_flow(&v, 0, 40000, 2, 0, 1);
	put_flow(&v, 1, 40001, 9, 1, 7);
	put_flow(&v, 0, 40002, 2, 1, 99);
	view_sort(&v);
	CHECK(v.n == 3 && v.e[0].retrans == 9 && v.e[1].sport == 40002 &&
	      v.e[2].sport == 40000, "retransmits, most first, then SYN/ACK");
	cur_view = v;
	s = capture(view_text, &text);
	CHECK(strstr(s, "LOCAL            REMOTE               NETNS   RETRANS    SYNACK  STATE\n") &&
	      strstr(s, "[fe80::1]:40001  [fe80::1]:5201  4026531840         9         1  CLOSE\n") &&
	      strstr(s, "10.0.0.1:40002   10.0.0.2:5201   4026531840         2         1  99\n") &&
	      strstr(s, "overflow: 0 lost updates (table 3/4096)"),
	      "retrans text:\n%s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "{\"netns\":4026531840,\"family\":\"ipv6\",\"local\":\"fe80::1\","
		     "\"local_port\":40001,\"remote\":\"fe80::1\",\"remote_port\":5201,"
		     "\"retransmits\":9,\"synack_retransmits\":1,\"state\":\"CLOSE\","
		     "\"state_code\":7}") &&
	      strstr(s, "\"state\":null,\"state_code\":99}") &&
	      strstr(s, "\"flows\":["), "retrans JSON: %s", s);
	view_free(&v);
}

/* A RESETS entry as the module sends it: the service port by direction. */
static void put_reset(struct view *v, uint8_t dir, uint16_t port,
		      const uint8_t *peer, uint64_t sent, uint64_t received)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, dir);
	mnl_attr_put_u16(nlh, dir == TPSTAT_DIRECTION_ACTIVE ? TPSTAT_A_DPORT :
			 TPSTAT_A_SPORT, port);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
	if (sent) {
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 2);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, "NO_SOCKET");
	}
	mnl_attr_put_u64(nlh, TPSTAT_A_RST_SENT, sent);
	mnl_attr_put_u64(nlh, TPSTAT_A_RST_RECEIVED, received);
	view_msg_cb(nlh, v);
}

static void test_resets(void)
{
	static const uint8_t a[4] = { 192, 0, 2, 1 }, b[4] = { 192, 0, 2, 7 };
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v = { .id = TPSTAT_VIEW_RESETS }, w;
	char *s;

	/* Two peers refused on 5002 (a client's), one refused on 22. */
	put_header_msg(&v, 3, 1024, 0);
	put_reset(&v, TPSTAT_DIRECTION_ACTIVE, 5002, a, 0, 2);
	put_reset(&v, TPSTAT_DIRECTION_PASSIVE, 22, a, 5, 0);
	put_reset(&v, TPSTAT_DIRECTION_ACTIVE, 5002, b, 0, 3);
	CHECK(v.n == 3 && v.e[0].has_direction && v.e[0].has_dport &&
	      !v.e[0].has_sport && v.e[1].has_sport, "resets: DIRECTION read");
	w = v;
	w.e = malloc(v.n * sizeof(*v.e));
	memcpy(w.e, v.e, v.n * sizeof(*v.e));
	resets_aggregate(&v, RESETS_BY_SERVICE);
	CHECK(v.n == 2 && v.e[0].sport == 22 && v.e[1].dport == 5002 &&
	      v.e[1].rst_received == 5 && v.e[1].daddr_len == 0,
	      "resets by service: the peers of 5002 summed, ties local first");
	cur_view = v;
	s = capture(view_text, &text);
	CHECK(strstr(s, "DIRECTION  SERVICE                NETNS      SENT  RECEIVED  REASON\n"
		     "passive    local port 22              1         5         0  NO_SOCKET (2)\n"
		     "active     remote port 5002           1         0         5  -\n"),
	      "resets text:\n%s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "\"view\":\"resets\",\"by\":\"service\",") &&
	      strstr(s, "\"resets\":[{\"netns\":1,\"direction\":\"passive\",\"port\":22,"
		     "\"port_side\":\"local\",\"sent\":5,\"received\":0,"
		     "\"reason\":\"NO_SOCKET\",\"reason_code\":2},"
		     "{\"netns\":1,\"direction\":\"active\",\"port\":5002,"
		     "\"port_side\":\"remote\",\"sent\":0,\"received\":5,"
		     "\"reason\":null,\"reason_code\":null}]"), "resets JSON: %s", s);
	view_free(&v);

	resets_aggregate(&w, RESETS_BY_PEER);
	CHECK(w.n == 3 && w.e[0].sport == 22 && w.e[1].rst_received == 3 &&
	      w.e[2].rst_received == 2, "resets by peer: the module's rows, most first");
	cur_view = w;
	s = capture(view_text, &text);
	CHECK(strstr(s, "DIRECTION  SERVICE           PEER            NETNS      SENT  RECEIVED  REASON\n"
		     "passive    local port 22     192.0.2.1           1         5         0  NO_SOCKET (2)\n"
		     "active     remote port 5002  192.0.2.7           1         0         3  -\n"
		     "active     remote port 5002  192.0.2.1           1         0         2  -\n"),
	      "resets --by peer text:\n%s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "\"by\":\"peer\",") &&
	      strstr(s, "{\"netns\":1,\"direction\":\"active\",\"port\":5002,"
		     "\"port_side\":\"remote\",\"family\":\"ipv4\",\"remote\":\"192.0.2.7\","
		     "\"sent\":0,\"received\":3,\"reason\":null,\"reason_code\":null}"),
	      "resets --by peer JSON: %s", s);
	view_free(&w);
}

/* What a view's rows did between two reads (view_delta.c). */
static void delta_text(FILE *f, void *arg)
{
	static const struct view_interval iv = {
		.time = "2026-11-27 05:30:01", .elapsed = 2.0, .seconds = 1.0,
	};

	print_view_interval(f, arg, &cur_view, BY_DEFAULT, NULL, &iv);
}

static void test_view_delta(void)
{
	static const uint8_t a[4] = { 192, 0, 2, 1 }, b[4] = { 192, 0, 2, 7 };
	struct out_opts pipe = { 0 }, tty = { .tty = true };
	struct out_opts json = { .json = true, .pretty = true };
	struct view old = { .id = TPSTAT_VIEW_RESETS };
	struct view cur = { .id = TPSTAT_VIEW_RESETS }, d;
	char *s;

	put_header_msg(&old, 5, 1024, 5);
	put_reset(&old, TPSTAT_DIRECTION_ACTIVE, 5002, a, 0, 2);	/* still */
	put_reset(&old, TPSTAT_DIRECTION_PASSIVE, 22, a, 5, 0);	/* +4 */
	put_reset(&old, TPSTAT_DIRECTION_ACTIVE, 5003, b, 0, 7);	/* reset: 3 */
	put_reset(&old, TPSTAT_DIRECTION_ACTIVE, 5004, b, 0, 1);	/* vanishes */
	put_reset(&old, TPSTAT_DIRECTION_ACTIVE, 5005, b, 0, 1);	/* +1 */
	put_header_msg(&cur, 5, 1024, 7);
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 5005, b, 0, 2);
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 5003, b, 0, 3);
	put_reset(&cur, TPSTAT_DIRECTION_PASSIVE, 22, a, 9, 0);
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 5002, a, 0, 2);
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 6000, b, 0, 10);	/* new */
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 6001, b, 0, 1);	/* new */
	CHECK(old.n == 5 && cur.n == 6, "delta: the two reads");
	CHECK(!view_delta(&d, &cur, &old), "delta: computed");
	CHECK(d.n == 5, "delta: the 5 rows that moved, not the still one nor the vanished (%zu)",
	      d.n);
	CHECK(d.n == 5 && d.e[0].dport == 6000 && d.e[0].rst_received == 10,
	      "delta: a new row, its whole count, first (biggest)");
	CHECK(d.n == 5 && d.e[1].sport == 22 && d.e[1].rst_sent == 4 &&
	      d.e[1].rst_received == 0, "delta: a row that moved: 9 - 5");
	CHECK(d.n == 5 && d.e[2].dport == 5003 && d.e[2].rst_received == 3,
	      "delta: a count that went down is a reset: its value, never negative");
	CHECK(d.n == 5 && d.e[3].dport == 5005 && d.e[3].rst_received == 1 &&
	      d.e[4].dport == 6001 && d.e[4].rst_received == 1,
	      "delta: ties in the order read");
	CHECK(d.overflow == 2, "delta: the table's overflow as a change (%llu)",
	      (unsigned long long)d.overflow);
	for (size_t i = 0; i < d.n; i++)
		CHECK(view_entry_change(d.id, &d.e[i]) <= (i ? view_entry_change(d.id, &d.e[i - 1]) : ~0ULL),
		      "delta: sorted by change, row %zu", i);
	cur_view = d;
	s = capture(delta_text, &pipe);
	CHECK(!strchr(s, '\033') &&
	      !strncmp(s, "--- 2026-11-27 05:30:01  resets: changes in 1.0 s, biggest first\n"
		       "DIRECTION", 74) &&
	      strstr(s, "lost updates in the interval"),
	      "delta: piped, a block with a time line and no escapes:\n%s", s);
	s = capture(delta_text, &tty);
	CHECK(!strncmp(s, "\033[H\033[2J--- ", 11), "delta: a terminal is redrawn");
	s = capture(delta_text, &json);
	CHECK(strchr(s, '\n') == s + strlen(s) - 1 && !strchr(s, '\033') &&
	      strstr(s, "\"view\":\"resets\",\"time\":\"2026-11-27 05:30:01\","
		     "\"elapsed_s\":2.000,\"interval_s\":1.000,") &&
	      strstr(s, "\"overflow\":2,"),
	      "delta JSON: one object a line, whatever -p says: %s", s);
	view_free(&d);

	/* Overflow reset, an empty read, an empty change. */
	old.overflow = 9;
	CHECK(!view_delta(&d, &cur, &old) && d.overflow == 7,
	      "delta: an overflow that went down is a reset");
	view_free(&d);
	CHECK(!view_delta(&d, &cur, &cur) && d.n == 0,
	      "delta: nothing moved, no rows");
	view_free(&d);
	view_free(&old);
	CHECK(!view_delta(&d, &old, &cur) && d.n == 0,
	      "delta: every row vanished, no rows (never negative)");
	view_free(&d);
	view_free(&cur);
}

/* show --delta's baseline (history.c): the file, and the change. */
static void test_history(void)
{
	char dir[] = "/tmp/tpstat-history-XXXXXX", path[256], link[256];
	char target[256], err[512] = "", old_env[300] = "";
	const char *env = getenv("TPSTAT_HISTORY");
	struct counter_row old[] = {
		{ "skb:kfree_skb", 10 }, { "tcp:tcp_send_reset", 7 },
		{ "gone:event", 4 }, { "udp:udp_fail_queue_rcv_skb", 5 },
	};
	struct counter_row cur[] = {
		{ "skb:kfree_skb", 15 },	/* +5 */
		{ "tcp:tcp_send_reset", 3 },	/* went down: a reset, 3 */
		{ "new:event", 2 },		/* not in the baseline: 2 */
		{ "udp:udp_fail_queue_rcv_skb", 5 },	/* still: 0 */
	}, *rows = NULL, *merged;
	struct stat st;
	size_t n = 0, n_merged;
	int fd;

	history_delta(old, 4, cur, 4);
	CHECK(cur[0].value == 5 && cur[1].value == 3 && cur[2].value == 2 &&
	      cur[3].value == 0,
	      "history: moved, went down (its value), new (its value), still (0): %llu %llu %llu %llu",
	      (unsigned long long)cur[0].value, (unsigned long long)cur[1].value,
	      (unsigned long long)cur[2].value, (unsigned long long)cur[3].value);

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/history", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	snprintf(target, sizeof(target), "%s/planted", dir);
	if (env)
		snprintf(old_env, sizeof(old_env), "%s", env);
	setenv("TPSTAT_HISTORY", path, 1);
	CHECK(!history_path(link, sizeof(link), err, sizeof(err)) &&
	      !strcmp(link, path), "history: $TPSTAT_HISTORY names it");
	snprintf(link, sizeof(link), "%s/link", dir);

	fd = history_open(path, err, sizeof(err));
	CHECK(fd >= 0 && !stat(path, &st) && (st.st_mode & 0777) == 0600 &&
	      st.st_uid == getuid(), "history: made 0600, the user's (%s)", err);
	CHECK(fd >= 0 && !history_read(fd, &rows, &n) && n == 0,
	      "history: a new one is empty");
	free(rows);
	CHECK(fd >= 0 && !history_write(fd, old, 4), "history: written");
	if (fd >= 0)
		close(fd);
	fd = history_open(path, err, sizeof(err));
	rows = NULL;
	CHECK(fd >= 0 && !history_read(fd, &rows, &n) && n == 4 &&
	      !strcmp(rows[1].name, "tcp:tcp_send_reset") && rows[1].value == 7,
	      "history: read back as written (%zu rows)", n);
	free(rows);
	/* The values read, into the baseline: the others kept. */
	merged = malloc(sizeof(old));
	memcpy(merged, old, sizeof(old));
	n_merged = 4;
	cur[0].value = 15;
	CHECK(!history_merge(&merged, &n_merged, cur, 3) && n_merged == 5 &&
	      merged[0].value == 15 && merged[2].value == 4 &&
	      !strcmp(merged[4].name, "new:event"),
	      "history: merged, the counters not read kept, new ones added");
	free(merged);
	/* Shorter than before: nothing of the old file left past it. */
	CHECK(fd >= 0 && !history_write(fd, old, 1), "history: rewritten shorter");
	if (fd >= 0)
		close(fd);
	fd = history_open(path, err, sizeof(err));
	rows = NULL;
	CHECK(fd >= 0 && !history_read(fd, &rows, &n) && n == 1,
	      "history: the shorter one read whole (%zu rows)", n);
	free(rows);
	if (fd >= 0)
		close(fd);

	/* A symbolic link, wherever it points, is never followed. */
	CHECK(!symlink(target, link), "symlink");
	err[0] = '\0';
	CHECK(history_open(link, err, sizeof(err)) < 0 &&
	      strstr(err, "symbolic link: refused") && access(target, F_OK),
	      "history: a symbolic link refused, nothing made where it points (%s)",
	      err);
	CHECK(!symlink(path, target) || 1, "symlink");
	CHECK(history_open(target, err, sizeof(err)) < 0,
	      "history: a link to the user's own history refused too");
	/* Others may read it: refused, left as it is. */
	chmod(path, 0644);
	err[0] = '\0';
	CHECK(history_open(path, err, sizeof(err)) < 0 &&
	      strstr(err, "mode 0600): refused") && !stat(path, &st) &&
	      (st.st_mode & 0777) == 0644,
	      "history: mode 0644 refused (%s)", err);
	CHECK(history_open(dir, err, sizeof(err)) < 0,
	      "history: a directory refused");
	unlink(target);
	unlink(link);
	unlink(path);
	rmdir(dir);
	if (env)
		setenv("TPSTAT_HISTORY", old_env, 1);
	else
		unsetenv("TPSTAT_HISTORY");
}

static void test_states(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v = { .id = TPSTAT_VIEW_STATES };
	static const uint8_t cells[][3] = {
		{ 1, 4, 3 }, { 2, 1, 20 }, { 7, 2, 21 }, { 2, 7, 1 },
	};
	struct nlmsghdr *nlh = msg_new();
	char *s;

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 4);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, 196);
	mnl_attr_put_u64(nlh, TPSTAT_A_VIEW_OVERFLOW, 0);
	mnl_attr_put_u64(nlh, TPSTAT_A_OPENS_ACTIVE, 20);
	mnl_attr_put_u64(nlh, TPSTAT_A_OPENS_PASSIVE, 7);
	mnl_attr_put_u64(nlh, TPSTAT_A_OPENS_FAILED, 1);
	view_msg_cb(nlh, &v);
	for (size_t i = 0; i < 4; i++) {
		nlh = msg_new();
		mnl_attr_put_u8(nlh, TPSTAT_A_OLD_STATE, cells[i][0]);
		mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, cells[i][1]);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, cells[i][2]);
		view_msg_cb(nlh, &v);
	}
	view_sort(&v);
	cur_view = v;
	s = capture(view_text, &text);
	CHECK(!strcmp(s,
		"   COUNT  FROM              TO\n"
		"       3  ESTABLISHED    -> FIN_WAIT1\n"
		"      20  SYN_SENT       -> ESTABLISHED\n"
		"       1  SYN_SENT       -> CLOSE\n"
		"      21  CLOSE          -> SYN_SENT\n"
		"active opens   20\npassive opens  7\nfailed opens   1\n"
		"overflow: 0 lost updates (table 4/196)\n"),
	      "states in state number order:\n%s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "\"capacity\":196,\"active_opens\":20,\"passive_opens\":7,"
		     "\"failed_opens\":1,\"transitions\":[{\"old_state\":\"ESTABLISHED\","
		     "\"old_state_code\":1,\"new_state\":\"FIN_WAIT1\",\"new_state_code\":4,"
		     "\"count\":3},"), "states JSON: %s", s);
	view_free(&v);
}

/* A histogram entry; bucket 0 is put after a zero-length pad of type 1. */
static void put_hist(struct nlmsghdr *nlh, const uint64_t *b, size_t n,
		     uint64_t sum, uint64_t count)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, TPSTAT_A_HIST_BUCKETS);

	mnl_attr_put(nlh, TPSTAT_A_PAD, 0, NULL);
	for (size_t i = 0; i < n; i++)
		if (b[i])
			mnl_attr_put_u64(nlh, i + 1, b[i]);
	mnl_attr_put_u32(nlh, 66, 1);	/* past the last bucket: skipped */
	mnl_attr_nest_end(nlh, nest);
	mnl_attr_put_u64(nlh, TPSTAT_A_HIST_SUM, sum);
	mnl_attr_put_u64(nlh, TPSTAT_A_HIST_COUNT, count);
}

static void test_lifetimes(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v = { .id = TPSTAT_VIEW_LIFETIMES };
	static const uint64_t b1[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3 };
	static const uint64_t b2[] = { 1 };
	struct nlmsghdr *nlh;
	char *s;

	put_header_msg(&v, 2, 1024, 7);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, TPSTAT_DIRECTION_ACTIVE);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 22);
	mnl_attr_put_strz(nlh, TPSTAT_A_COMM, "ssh");
	put_hist(nlh, b1, 12, 6000, 4);
	view_msg_cb(nlh, &v);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, TPSTAT_DIRECTION_PASSIVE);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 80);
	put_hist(nlh, b2, 1, 0, 1);
	view_msg_cb(nlh, &v);
	CHECK(v.n == 2 && v.e[0].hist && v.e[0].hist->bucket[10] == 1 &&
	      v.e[0].hist->bucket[11] == 3 && v.e[0].hist->count == 4 &&
	      v.e[1].hist->bucket[0] == 1 && !v.e[1].has_comm,
	      "buckets by type - 1, the pad and type 66 skipped");
	view_sort(&v);
	cur_view = v;
	s = capture(view_text, &text);
	CHECK(strstr(s, "active  remote port 22  comm ssh  netns 1: 4 connections, mean 1500.0 usecs\n"
		     "     usecs               : count     distribution\n"
		     "       512 -> 1023       : 1        |*************                           |\n"
		     "      1024 -> 2047       : 3        |****************************************|\n\n") &&
	      strstr(s, "passive  local port 80  netns 1: 1 connection, mean 0.0 usecs\n"
		     "     usecs               : count     distribution\n"
		     "         0 -> 0          : 1        |") &&
	      strstr(s, "overflow: 7 lost updates (table 2/1024)\n"),
	      "lifetime text:\n%s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "\"lifetimes\":[{\"netns\":1,\"direction\":\"active\",\"port\":22,"
		     "\"port_side\":\"remote\",\"comm\":\"ssh\","
		     "\"mean\":1500.000,\"count\":4,\"sum\":6000,\"buckets\":[{\"low\":512,") &&
	      strstr(s, "{\"netns\":1,\"direction\":\"passive\",\"port\":80,"
		     "\"port_side\":\"local\",\"comm\":null,"), "lifetime JSON: %s", s);
	view_free(&v);
}

static void test_devices(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v = { .id = TPSTAT_VIEW_DEVICES };
	struct nlmsghdr *nlh;
	char *s;

	put_header_msg(&v, 2, 256, 0);
	for (int i = 0; i < 2; i++) {
		nlh = msg_new();
		mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
		mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 3 - i);
		if (i)
			mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "eth0");
		mnl_attr_put_u64(nlh, TPSTAT_A_TX_PACKETS, 10 + i);
		mnl_attr_put_u64(nlh, TPSTAT_A_TX_BYTES, 1000);
		mnl_attr_put_u64(nlh, TPSTAT_A_RX_PACKETS, 20);
		mnl_attr_put_u64(nlh, TPSTAT_A_RX_BYTES, 2000);
		mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_ERRORS, 1);
		mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_TIMEOUTS, 2);
		mnl_attr_put_u64(nlh, TPSTAT_A_GRO, 3);
		mnl_attr_put_u64(nlh, TPSTAT_A_NAPI_POLLS, 4);
		mnl_attr_put_u64(nlh, TPSTAT_A_NAPI_WORK, 5);
		mnl_attr_put_u64(nlh, TPSTAT_A_NAPI_BUDGET_EXHAUSTED, 6);
		view_msg_cb(nlh, &v);
	}
	view_sort(&v);
	CHECK(v.e[0].ifindex == 2 && v.e[1].ifindex == 3, "devices by index");
	cur_view = v;
	s = capture(view_text, &text);
	CHECK(strstr(s, "eth0 (ifindex 2, netns 1)\n"
		     "    tx: packets 11  bytes 1000  errors 1  timeouts 2\n"
		     "    rx: packets 20  bytes 2000  gro 3\n"
		     "    napi: polls 4  work 5  budget exhausted 6\n"
		     "ifindex 3 (ifindex 3, netns 1)\n"), "devices text:\n%s", s);
	s = capture(view_text, &json);
	CHECK(strstr(s, "\"devices\":[{\"netns\":1,\"ifindex\":2,\"ifname\":\"eth0\","
		     "\"tx_packets\":11,\"tx_bytes\":1000,\"rx_packets\":20,\"rx_bytes\":2000,"
		     "\"xmit_errors\":1,\"xmit_timeouts\":2,\"gro\":3,\"napi_polls\":4,"
		     "\"napi_work\":5,\"napi_budget_exhausted\":6},") &&
	      strstr(s, "\"ifname\":null"), "devices JSON: %s", s);
	view_free(&v);
}

static const char *hist_only;

static void hists_text(FILE *f, void *arg)
{
	print_view(f, opts(arg), &cur_view, BY_DEFAULT, hist_only);
}

static void test_hists(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v = { .id = TPSTAT_VIEW_HISTS };
	static const uint64_t b[] = { 0, 0, 2 };
	static const char *const names[] = { "rx_len", "srtt_us", "new_one" };
	struct nlmsghdr *nlh;
	char *s;

	put_header_msg(&v, 3, 4, 0);
	for (int i = 0; i < 3; i++) {
		nlh = msg_new();
		mnl_attr_put_strz(nlh, TPSTAT_A_HIST_NAME, names[i]);
		put_hist(nlh, b, 3, 5, 2);
		view_msg_cb(nlh, &v);
	}
	view_sort(&v);
	CHECK(!strcmp(v.e[0].hist_name, "srtt_us") &&
	      !strcmp(v.e[1].hist_name, "rx_len") &&
	      !strcmp(v.e[2].hist_name, "new_one"), "hists in their order");
	cur_view = v;
	hist_only = NULL;
	s = capture(hists_text, &text);
	CHECK(strstr(s, "srtt_us: 2 values, mean 2.5 usecs\n"
		     "    p50 3 usecs in [2, 4)\n"
		     "    p90 3 usecs in [2, 4)\n"
		     "    p99 3 usecs in [2, 4)\n"
		     "     usecs               : count     distribution\n"
		     "         2 -> 3          : 2        |****************************************|\n") &&
	      strstr(s, "rx_len: 2 values, mean 2.5 bytes\n"
			"    p50 3 bytes in [2, 4)\n") &&
	      strstr(s, "new_one: 2 values"), "hists text:\n%s", s);
	hist_only = "rx_len";
	s = capture(hists_text, &text);
	CHECK(strstr(s, "rx_len:") && !strstr(s, "srtt_us") &&
	      strstr(s, "overflow: 0 lost updates (table 3/4)"), "hist rx_len:\n%s", s);
	s = capture(hists_text, &json);
	CHECK(strstr(s, "\"histograms\":[{\"name\":\"rx_len\",\"unit\":\"bytes\","
		     "\"mean\":2.500,\"p50\":{\"estimate\":3,\"lo\":2,\"hi\":4},"
		     "\"p90\":{\"estimate\":3,\"lo\":2,\"hi\":4},"
		     "\"p99\":{\"estimate\":3,\"lo\":2,\"hi\":4},"
		     "\"count\":2,\"sum\":5,\"buckets\":"
		     "[{\"low\":2,\"high\":3,\"count\":2}]}]}") && !strstr(s, "srtt_us"),
	      "hist rx_len JSON: %s", s);
	hist_only = "xmit_len";
	s = capture(hists_text, &text);
	CHECK(strstr(s, "xmit_len: no values\n"), "a known name with no entry: %s", s);
	CHECK(hist_name_known("snd_cwnd") && !hist_name_known("srtt") &&
	      !hist_name_known(""), "known names");
	view_free(&v);
}

static struct filter cur_filter;

static void filter_out(FILE *f, void *arg)
{
	print_filter(f, opts(arg), &cur_filter);
}

static void test_filter(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct nlmsghdr *nlh = msg_new();
	struct filter in = { 0 };
	char *s;

	memset(&cur_filter, 0, sizeof(cur_filter));
	s = capture(filter_out, &text);
	CHECK(!strcmp(s, "no filter\n"), "no filter: %s", s);
	s = capture(filter_out, &json);
	CHECK(!strcmp(s, "{\"schema_version\":1,\"active\":false,\"pid\":null,"
		      "\"comm\":null,\"netns\":null,\"ifindex\":null,"
		      "\"local_port\":null,\"remote_port\":null,"
		      "\"local_network\":null,\"remote_network\":null}\n"),
	      "no filter JSON: %s", s);
	in.has_pid = in.has_comm = in.has_ifindex = in.has_rport = true;
	in.pid = 42;
	snprintf(in.comm, sizeof(in.comm), "curl");
	in.ifindex = 3;
	in.rport = 443;
	filter_put(nlh, &in);
	filter_reply_cb(nlh, &cur_filter);
	CHECK(cur_filter.has_pid && cur_filter.pid == 42 &&
	      !strcmp(cur_filter.comm, "curl") && cur_filter.ifindex == 3 &&
	      cur_filter.has_rport && cur_filter.rport == 443 &&
	      !cur_filter.has_lport && !cur_filter.has_netns,
	      "the request's attributes read back");
	s = capture(filter_out, &text);
	CHECK(!strcmp(s, "pid 42\ncomm curl\nifindex 3\nrport 443\n"), "filter: %s", s);
	s = capture(filter_out, &json);
	CHECK(!strcmp(s, "{\"schema_version\":1,\"active\":true,\"pid\":42,"
		      "\"comm\":\"curl\",\"netns\":null,\"ifindex\":3,"
		      "\"local_port\":null,\"remote_port\":443,"
		      "\"local_network\":null,\"remote_network\":null}\n"),
	      "filter JSON: %s", s);

	/* Addresses: the request's bytes and prefixes, as GET_FILTER gives them. */
	memset(&in, 0, sizeof(in));
	memset(&cur_filter, 0, sizeof(cur_filter));
	nlh = msg_new();
	in.has_laddr = in.has_raddr = true;
	in.laddr.len = 16;
	in.laddr.addr[0] = 0xfd;
	in.laddr.addr[1] = 0x99;
	in.laddr.has_prefix = true;
	in.laddr.prefix = 16;
	in.raddr.len = 4;
	memcpy(in.raddr.addr, "\x7f\0\0\x02", 4);
	filter_put(nlh, &in);
	CHECK(mnl_attr_get_type(mnl_nlmsg_get_payload_offset(nlh, sizeof(struct genlmsghdr))) ==
	      TPSTAT_A_FILTER_LADDR, "laddr first");
	filter_reply_cb(nlh, &cur_filter);
	CHECK(cur_filter.has_laddr && cur_filter.laddr.len == 16 &&
	      cur_filter.laddr.has_prefix && cur_filter.laddr.prefix == 16 &&
	      cur_filter.has_raddr && cur_filter.raddr.len == 4 &&
	      !cur_filter.raddr.has_prefix, "addresses read back");
	s = capture(filter_out, &text);
	CHECK(!strcmp(s, "laddr fd99::/16\nraddr 127.0.0.2/32\n"), "addresses: %s", s);
	s = capture(filter_out, &json);
	CHECK(strstr(s, "\"local_network\":\"fd99::/16\",\"remote_network\":\"127.0.0.2/32\"}"),
	      "addresses JSON: %s", s);
	/* An address of another length is a bad reply, not an address. */
	memset(&cur_filter, 0, sizeof(cur_filter));
	nlh = msg_new();
	mnl_attr_put(nlh, TPSTAT_A_FILTER_RADDR, 5, "\1\2\3\4\5");
	CHECK(filter_reply_cb(nlh, &cur_filter) != MNL_CB_OK && !cur_filter.has_raddr,
	      "a 5-byte address is refused");
}

/* A DONE-terminated dump's header missing: view_cmd refuses; here, the flag. */
static void test_no_header(void)
{
	struct view v = { .id = TPSTAT_VIEW_DROPS };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "x+0x1/0x2");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	refused(&v, nlh, "an entry before the header");
	CHECK(!v.have_header && v.n == 0, "an entry is not a header");
	view_free(&v);
}

/* A scrape as the module could answer it: sorted counters, one unknown. */
static const struct counter_row scrape_rows[] = {
	{ "net:net_dev_xmit", 12 },
	{ "net:net_dev_xmit.bytes", 18446744073709551615ULL },
	{ "net:net_dev_xmit.errors", 0 },
	{ "skb:kfree_skb", 3 },
	{ "skb:kfree_skb.drops", 2 },
	{ "skb:kfree_skb.future", 7 },
	{ "sock:inet_sock_set_state", 4 },
	{ "sock:inet_sock_set_state.7->12", 1 },
	{ "sock:inet_sock_set_state.CLOSE->SYN_SENT", 3 },
};
static const struct event_row scrape_events[] = {
	{ 1, TPSTAT_STATE_ATTACHED, false, "net:net_dev_xmit", "net", "", "" },
	{ 2, TPSTAT_STATE_MISSING, false, "net:gone", "net", "", "" },
	{ 3, TPSTAT_STATE_DETACHED, false, "skb:kfree_skb", "skb", "", "" },
};
static const struct info scrape_info = { "0.1.0", "6.1.0-56-amd64\"x\\", 0, 3,
					 0, false };
static const struct export_data scrape = {
	&scrape_info, scrape_events, 3, scrape_rows, 9, { NULL },
};

static void export_all(FILE *f, void *arg)
{
	export_write(f, arg);
}

static void export_histogram(FILE *f, void *arg)
{
	static const struct prom_family fam = { "tpstat_x_bytes", "histogram",
						"Sizes\nwith \\ escapes" };
	static const uint64_t bounds[] = { 64, 1500 }, counts[] = { 1, 2, 3 };
	const struct prom_label l = { "dev", "a\"b" };
	struct prom p;

	(void)arg;
	prom_init(&p, f);
	prom_histogram(&p, &fam, &l, 1, bounds, counts, 2, 9000);
	prom_histogram(&p, &fam, NULL, 0, bounds, counts, 0, 5);
}

static const char want_export[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	/* '\\' in a label value as text writes it, \134: export.c */
	"tpstat_info{version=\"0.1.0\",kernel=\"6.1.0-56-amd64\\\"x\\\\134\"} 1\n"
	"# HELP tpstat_tracepoint_attached 1 if tpstat counts this tracepoint, 0 if it is detached; tracepoints this kernel lacks are left out\n"
	"# TYPE tpstat_tracepoint_attached gauge\n"
	"tpstat_tracepoint_attached{tracepoint=\"net:net_dev_xmit\"} 1\n"
	"tpstat_tracepoint_attached{tracepoint=\"skb:kfree_skb\"} 0\n"
	"# HELP tpstat_tracepoint_hits_total Times the tracepoint fired while tpstat counted it, since load or its last reset\n"
	"# TYPE tpstat_tracepoint_hits_total counter\n"
	"tpstat_tracepoint_hits_total{tracepoint=\"net:net_dev_xmit\"} 12\n"
	"tpstat_tracepoint_hits_total{tracepoint=\"skb:kfree_skb\"} 3\n"
	"tpstat_tracepoint_hits_total{tracepoint=\"sock:inet_sock_set_state\"} 4\n"
	"# HELP tpstat_net_dev_xmit_bytes_total Bytes drivers accepted for transmit (net:net_dev_xmit with rc NETDEV_TX_OK), link-layer header included\n"
	"# TYPE tpstat_net_dev_xmit_bytes_total counter\n"
	"tpstat_net_dev_xmit_bytes_total 18446744073709551615\n"
	"# HELP tpstat_net_dev_xmit_errors_total Transmits drivers refused (net:net_dev_xmit with rc other than NETDEV_TX_OK)\n"
	"# TYPE tpstat_net_dev_xmit_errors_total counter\n"
	"tpstat_net_dev_xmit_errors_total 0\n"
	"# HELP tpstat_skb_drops_total Packets dropped (skb:kfree_skb); consumed packets are not drops\n"
	"# TYPE tpstat_skb_drops_total counter\n"
	"tpstat_skb_drops_total 2\n"
	"# HELP tpstat_tcp_state_transitions_total TCP state transitions (sock:inet_sock_set_state), states as tcpstates names them; only transitions that happened\n"
	"# TYPE tpstat_tcp_state_transitions_total counter\n"
	"tpstat_tcp_state_transitions_total{old=\"7\",new=\"12\"} 1\n"
	"tpstat_tcp_state_transitions_total{old=\"CLOSE\",new=\"SYN_SENT\"} 3\n"
	"# HELP tpstat_derived_total Other derived values of the counters dump, as \"<tracepoint>.<value>\" there\n"
	"# TYPE tpstat_derived_total counter\n"
	"tpstat_derived_total{tracepoint=\"skb:kfree_skb\",value=\"future\"} 7\n";

static const char want_histogram[] =
	"# HELP tpstat_x_bytes Sizes\\nwith \\\\ escapes\n"
	"# TYPE tpstat_x_bytes histogram\n"
	"tpstat_x_bytes_bucket{dev=\"a\\\"b\",le=\"64\"} 1\n"
	"tpstat_x_bytes_bucket{dev=\"a\\\"b\",le=\"1500\"} 3\n"
	"tpstat_x_bytes_bucket{dev=\"a\\\"b\",le=\"+Inf\"} 6\n"
	"tpstat_x_bytes_sum{dev=\"a\\\"b\"} 9000\n"
	"tpstat_x_bytes_count{dev=\"a\\\"b\"} 6\n"
	"tpstat_x_bytes_bucket{le=\"+Inf\"} 1\n"
	"tpstat_x_bytes_sum 5\n"
	"tpstat_x_bytes_count 1\n";

static char *slurp(const char *path)
{
	static char buf[8192];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Entries of @dir other than . and .. */
static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

static void test_export(void)
{
	char dir[] = "/tmp/tpstat-unit-XXXXXX", path[256], err[320] = "";
	struct export_data none = { &scrape_info, NULL, 0, NULL, 0, { NULL } };
	struct stat st;
	char *s;

	s = capture(export_all, (void *)&scrape);
	CHECK(!strcmp(s, want_export), "exact exposition:\n%s", s);
	s = capture(export_all, &none);
	CHECK(!strstr(s, "hits") && !strstr(s, "transitions") && strstr(s, "tpstat_up 1\n"),
	      "families without samples print nothing:\n%s", s);
	s = capture(export_histogram, NULL);
	CHECK(!strcmp(s, want_histogram), "exact histogram:\n%s", s);

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, EXPORT_TEXTFILE_NAME);
	CHECK(!export_textfile(dir, &scrape, err, sizeof(err)), "textfile: %s", err);
	s = slurp(path);
	CHECK(s && !strcmp(s, want_export), "textfile holds the exposition");
	CHECK(!stat(path, &st) && (st.st_mode & 0777) == 0644,
	      "textfile is 0644 (%o)", st.st_mode & 0777);
	CHECK(!export_textfile(dir, NULL, err, sizeof(err)), "textfile down: %s", err);
	s = slurp(path);
	CHECK(s && strstr(s, "tpstat_up 0\n") && !strstr(s, "tpstat_info"),
	      "down replaces it with tpstat_up 0: %s", s ? s : "(none)");
	CHECK(dir_entries(dir) == 1, "no temporary file left (%d entries)",
	      dir_entries(dir));
	unlink(path);
	rmdir(dir);
	CHECK(export_textfile(dir, &scrape, err, sizeof(err)) < 0 &&
	      strstr(err, dir), "missing dir fails and says where: %s", err);
}

/* ---- the errors view's entries ----------------------------------------- */

/* An ERRORS entry whose service is @port_attr (TPSTAT_A_SPORT or DPORT). */
static void put_error(struct view *v, uint32_t netns, uint8_t family,
		      uint8_t proto, uint32_t err, uint16_t port_attr,
		      uint16_t port, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, err);
	mnl_attr_put_u16(nlh, port_attr, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "error entry");
}

#define INIT_NETNS 4026531840U

/*
 * ERRORS as the module could send it: refused connects to a remote
 * port 8080 over IPv4 and IPv6 in namespace @ns, a UDP server's errors
 * on local port 53, an errno without a name, a protocol without one,
 * and an entry whose key attributes all have the wrong length.
 */
static void errors_view(struct view *v, uint32_t ns)
{
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_ERRORS;
	put_header_msg(v, 6, 256, 0);
	put_error(v, INIT_NETNS, AF_INET, IPPROTO_TCP, 4000, TPSTAT_A_DPORT,
		  443, 1);
	put_error(v, ns, AF_INET6, IPPROTO_TCP, ECONNREFUSED, TPSTAT_A_DPORT,
		  8080, 3);
	put_error(v, INIT_NETNS, AF_INET6, IPPROTO_UDP, EHOSTUNREACH,
		  TPSTAT_A_SPORT, 53, 2);
	put_error(v, ns, AF_INET, IPPROTO_TCP, ECONNREFUSED, TPSTAT_A_DPORT,
		  8080, 40);
	put_error(v, INIT_NETNS, AF_INET, 132, ECONNRESET, TPSTAT_A_SPORT,
		  5000, 1);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u32(nlh, TPSTAT_A_PROTOCOL, IPPROTO_TCP);	/* u8 wanted */
	mnl_attr_put_u16(nlh, TPSTAT_A_ERRNO, ECONNRESET);	/* u32 wanted */
	mnl_attr_put_u32(nlh, TPSTAT_A_SPORT, 80);		/* u16 wanted */
	mnl_attr_put_u8(nlh, TPSTAT_A_DPORT, 80);		/* u16 wanted */
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	refused(v, nlh, "error entry, wrong lengths");
	/* The same without them: an entry that lacks its keys. */
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "error entry, no keys");
}

/* ---- the auth view's entries ------------------------------------------- */

/* An AUTH entry; @addr_len 4 or 16, 0: no DADDR. */
static void put_auth(struct view *v, uint32_t netns, uint8_t family,
		     const char *addr, uint16_t lport, uint8_t kind,
		     uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();
	uint8_t a[16];

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	if (addr && inet_pton(family, addr, a) == 1)
		mnl_attr_put(nlh, TPSTAT_A_DADDR, family == AF_INET ? 4 : 16, a);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, lport);
	mnl_attr_put_u8(nlh, TPSTAT_A_AUTH_KIND, kind);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "auth entry");
}

/*
 * AUTH as the module could send it: a BGP peer (port 179) with the wrong
 * MD5 key over IPv4 and IPv6 in namespace @ns, one without a key, a kind
 * this tool does not know, and an entry whose kind has the wrong length.
 */
static void auth_view(struct view *v, uint32_t ns)
{
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_AUTH;
	put_header_msg(v, 5, 256, 0);
	put_auth(v, ns, AF_INET, "10.0.0.2", 179, TPSTAT_AUTH_MD5_REQUIRED, 4);
	put_auth(v, ns, AF_INET6, "fd00::2", 179, TPSTAT_AUTH_MD5_MISMATCH, 4);
	put_auth(v, ns, AF_INET, "10.0.0.2", 179, TPSTAT_AUTH_MD5_MISMATCH, 12);
	put_auth(v, INIT_NETNS, AF_INET, "192.0.2.7", 22, 200, 1);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u16(nlh, TPSTAT_A_AUTH_KIND, 2);	/* u8 wanted */
	mnl_attr_put_u32(nlh, TPSTAT_A_SPORT, 179);	/* u16 wanted */
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	refused(v, nlh, "auth entry, wrong lengths");
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "auth entry, no keys");
}

/* ---- export of the views ------------------------------------------------ */

/* DROPS as a 6.x kernel reports it: reasons 3 and 2 named, 999 not. */
static void export_drops_view(struct view *v, bool reasons)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_DROPS;
	put_header_msg(v, 5, 1024, 0);
	put_drop(v, "tcp_v4_rcv+0x88/0x900", reasons ? 3 : -1,
		 reasons ? "NO_SOCKET" : NULL, 1, 2, "eth0", 5);
	put_drop(v, "udp_queue_rcv_one_skb+0x10/0x20", reasons ? 3 : -1,
		 reasons ? "NO_SOCKET" : NULL, 1, 2, "eth0", 2);
	put_drop(v, "ip_rcv_core+0x1c4/0x2f0", reasons ? 2 : -1,
		 reasons ? "NOT_SPECIFIED" : NULL, 1, 3, "eth1", 4);
	put_drop(v, "nf_hook_slow+0x40/0xc0", reasons ? 999 : -1, NULL, 2, 1,
		 "lo", 1);
	/* No REASON: left out of the family even where others have one. */
	put_drop(v, "x+0x1/0x2", -1, NULL, 1, 0, NULL, 4);
	drops_aggregate(v, BY_REASON, 0);
}

static void put_named_hist(struct view *v, const char *name,
			   const uint64_t *b, size_t n, uint64_t sum)
{
	struct nlmsghdr *nlh = msg_new();
	uint64_t count = 0;

	for (size_t i = 0; i < n; i++)
		count += b[i];
	mnl_attr_put_strz(nlh, TPSTAT_A_HIST_NAME, name);
	put_hist(nlh, b, n, sum, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "hist entry %s", name);
}

/* HISTS: srtt_us, snd_cwnd, xmit_len (a bucket past 32), a new name. */
static void export_hists_view(struct view *v)
{
	static const uint64_t srtt[] = { [10] = 3, [11] = 5, [15] = 1 };
	static const uint64_t cwnd[] = { [1] = 2, [4] = 6 };
	static const uint64_t xmit[] = { [7] = 4, [11] = 2, [40] = 1 };
	static const uint64_t other[] = { [3] = 1 };

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_HISTS;
	put_header_msg(v, 4, 4, 0);
	put_named_hist(v, "xmit_len", xmit, 41,
		       400 + 3028 + (1ULL << 39));
	put_named_hist(v, "new_one", other, 4, 5);
	put_named_hist(v, "snd_cwnd", cwnd, 5, 62);
	put_named_hist(v, "srtt_us", srtt, 16, 29600);
	/* rx_len absent: no family. */
}

static struct view export_drops, export_hists;
static const struct info views_info = { "0.1.0", "6.12.0", TPSTAT_F_DROP_REASON,
					26, 0, false };
static const struct export_data views_scrape = {
	&views_info, NULL, 0, NULL, 0, {
		[TPSTAT_VIEW_DROPS] = &export_drops,
		[TPSTAT_VIEW_HISTS] = &export_hists,
	},
};

static const char want_views[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	"tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"
	"# HELP tpstat_skb_drops_by_reason_total Packets dropped (skb:kfree_skb) per drop reason: reason is the kernel's name for it (empty if it gave none), code its number; lost to a full drops table they are not counted here\n"
	"# TYPE tpstat_skb_drops_by_reason_total counter\n"
	"tpstat_skb_drops_by_reason_total{reason=\"NO_SOCKET\",code=\"3\"} 7\n"
	"tpstat_skb_drops_by_reason_total{reason=\"NOT_SPECIFIED\",code=\"2\"} 4\n"
	"tpstat_skb_drops_by_reason_total{reason=\"\",code=\"999\"} 1\n"
	"# HELP tpstat_tcp_srtt_seconds Smoothed round-trip time of TCP sockets at each tcp:tcp_probe, in seconds (log2 buckets of microseconds)\n"
	"# TYPE tpstat_tcp_srtt_seconds histogram\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000001\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000003\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000007\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000015\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000031\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000063\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000127\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000255\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000511\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.001023\"} 3\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.002047\"} 8\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.004095\"} 8\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.008191\"} 8\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.016383\"} 8\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.032767\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.065535\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.131071\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.262143\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.524287\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"1.048575\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"2.097151\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"4.194303\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"8.388607\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"16.777215\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"33.554431\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"67.108863\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"134.217727\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"268.435455\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"536.870911\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"1073.741823\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"2147.483647\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"4294.967295\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"+Inf\"} 9\n"
	"tpstat_tcp_srtt_seconds_sum 0.0296\n"
	"tpstat_tcp_srtt_seconds_count 9\n"
	"# HELP tpstat_tcp_snd_cwnd_segments Congestion window of TCP sockets at each tcp:tcp_probe, in log2 buckets\n"
	"# TYPE tpstat_tcp_snd_cwnd_segments histogram\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"0\"} 0\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"1\"} 2\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"3\"} 2\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"7\"} 2\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"15\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"31\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"63\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"127\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"255\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"511\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"1023\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"2047\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"4095\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"8191\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"16383\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"32767\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"65535\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"131071\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"262143\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"524287\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"1048575\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"2097151\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"4194303\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"8388607\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"16777215\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"33554431\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"67108863\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"134217727\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"268435455\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"536870911\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"1073741823\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"2147483647\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"4294967295\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"+Inf\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_sum 62\n"
	"tpstat_tcp_snd_cwnd_segments_count 8\n"
	"# HELP tpstat_xmit_length_bytes Length of packets drivers accepted for transmit (net:net_dev_xmit skb_len with rc NETDEV_TX_OK), in log2 buckets\n"
	"# TYPE tpstat_xmit_length_bytes histogram\n"
	"tpstat_xmit_length_bytes_bucket{le=\"0\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"1\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"3\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"7\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"15\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"31\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"63\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"127\"} 4\n"
	"tpstat_xmit_length_bytes_bucket{le=\"255\"} 4\n"
	"tpstat_xmit_length_bytes_bucket{le=\"511\"} 4\n"
	"tpstat_xmit_length_bytes_bucket{le=\"1023\"} 4\n"
	"tpstat_xmit_length_bytes_bucket{le=\"2047\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"4095\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"8191\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"16383\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"32767\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"65535\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"131071\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"262143\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"524287\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"1048575\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"2097151\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"4194303\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"8388607\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"16777215\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"33554431\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"67108863\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"134217727\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"268435455\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"536870911\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"1073741823\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"2147483647\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"4294967295\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"+Inf\"} 7\n"
	"tpstat_xmit_length_bytes_sum 549755817316\n"
	"tpstat_xmit_length_bytes_count 7\n";

/*
 * @fam's histogram in @text: bucket counts never fall, and le="+Inf"
 * equals _count.
 */
static bool hist_consistent(const char *text, const char *fam)
{
	char bucket[96], count[96];
	unsigned long long prev = 0, inf = 0, v;
	const char *l;
	bool have_inf = false;

	snprintf(bucket, sizeof(bucket), "\n%s_bucket{le=\"", fam);
	snprintf(count, sizeof(count), "\n%s_count ", fam);
	for (l = strstr(text, bucket); l; l = strstr(l + 1, bucket)) {
		const char *val = strstr(l, "} ");

		if (!val || sscanf(val + 2, "%llu", &v) != 1 || v < prev)
			return false;
		prev = v;
		if (!strncmp(l + strlen(bucket), "+Inf\"", 5)) {
			inf = v;
			have_inf = true;
		}
	}
	l = strstr(text, count);
	return have_inf && l && sscanf(l + strlen(count), "%llu", &v) == 1 &&
	       v == inf;
}

static void export_scaled(FILE *f, void *arg)
{
	static const struct prom_family fam = { "tpstat_t_seconds", "histogram",
						"t" };
	static const uint64_t bounds[] = { 0, 1, 1500000, 2000000 };
	static const uint64_t counts[] = { 1, 0, 2, 0, 1 };
	struct prom p;

	(void)arg;
	prom_init(&p, f);
	prom_histogram_scaled(&p, &fam, NULL, 0, bounds, counts, 4, 4000001, 6);
	prom_histogram_scaled(&p, &fam, NULL, 0, bounds, counts, 0,
			      UINT64_MAX, 19);
}

static const char want_errors[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	"tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"
	"# HELP tpstat_socket_errors_total Errors reported on TCP and UDP sockets (sock:inet_sk_error_report) per errno (its name, or its number), protocol and service port: side is remote where the local port was ephemeral (a client), else local; netns is the namespace's inode number, netns_cookie its cookie (an inode number is reused once its namespace is gone, a cookie never is); lost to a full errors table they are not counted here\n"
	"# TYPE tpstat_socket_errors_total counter\n"
	"tpstat_socket_errors_total{errno=\"ECONNREFUSED\",protocol=\"tcp\",port=\"8080\",side=\"remote\",netns=\"4026532157\",netns_cookie=\"\"} 43\n"
	"tpstat_socket_errors_total{errno=\"EHOSTUNREACH\",protocol=\"udp\",port=\"53\",side=\"local\",netns=\"4026531840\",netns_cookie=\"\"} 2\n"
	"tpstat_socket_errors_total{errno=\"ECONNRESET\",protocol=\"132\",port=\"5000\",side=\"local\",netns=\"4026531840\",netns_cookie=\"\"} 1\n"
	"tpstat_socket_errors_total{errno=\"4000\",protocol=\"tcp\",port=\"443\",side=\"remote\",netns=\"4026531840\",netns_cookie=\"\"} 1\n";

static void test_export_views(void)
{
	struct export_data d = views_scrape;
	struct info no_reasons = views_info;
	struct view old_drops, errors, auth;
	char *s;

	export_drops_view(&export_drops, true);
	export_hists_view(&export_hists);
	s = capture(export_all, &d);
	CHECK(!strcmp(s, want_views), "exact views exposition:\n%s", s);
	CHECK(hist_consistent(s, "tpstat_tcp_srtt_seconds") &&
	      hist_consistent(s, "tpstat_tcp_snd_cwnd_segments") &&
	      hist_consistent(s, "tpstat_xmit_length_bytes"),
	      "cumulative buckets, +Inf equals _count");
	CHECK(strstr(s, "tpstat_xmit_length_bytes_bucket{le=\"4294967295\"} 6\n"
		     "tpstat_xmit_length_bytes_bucket{le=\"+Inf\"} 7\n") &&
	      !strstr(s, "le=\"8589934591\""),
	      "a bucket past 32 counts under +Inf only");
	CHECK(!strstr(s, "new_one") && !strstr(s, "tpstat_rx_length_bytes"),
	      "unknown and absent histograms are left out");

	/* No drop reasons: no family, whether or not entries had REASON. */
	d.info = &no_reasons;
	no_reasons.features = 0;
	s = capture(export_all, &d);
	CHECK(!strstr(s, "drops_by_reason") && strstr(s, "tpstat_tcp_srtt_seconds_count 9\n"),
	      "without TPSTAT_F_DROP_REASON, no drops by reason:\n%s", s);
	export_drops_view(&old_drops, false);
	d.views[TPSTAT_VIEW_DROPS] = &old_drops;
	no_reasons.features = TPSTAT_F_DROP_REASON;
	s = capture(export_all, &d);
	CHECK(!strstr(s, "drops_by_reason"), "entries without REASON: none:\n%s", s);
	view_free(&old_drops);

	/* Views off (views=none) or not readable: only the counters' families. */
	d = views_scrape;
	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	s = capture(export_all, &d);
	CHECK(!strcmp(s, "# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
		      "# TYPE tpstat_up gauge\n"
		      "tpstat_up 1\n"
		      "# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
		      "# TYPE tpstat_info gauge\n"
		      "tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"),
	      "no views, no view families:\n%s", s);

	/* ERRORS summed over the family; entries lacking a key left out. */
	d = views_scrape;
	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	errors_view(&errors, 4026532157U);
	errors_aggregate(&errors);
	CHECK(errors.n == 5 && errors.e[0].count == 43 && !errors.e[0].family,
	      "IPv4 and IPv6 summed: %zu entries", errors.n);
	d.views[TPSTAT_VIEW_ERRORS] = &errors;
	s = capture(export_all, &d);
	CHECK(!strcmp(s, want_errors), "socket errors exposition:\n%s", s);
	view_free(&errors);
	d.views[TPSTAT_VIEW_ERRORS] = NULL;
	s = capture(export_all, &d);
	CHECK(!strstr(s, "socket_errors"), "a refused errors view: no family:\n%s", s);

	/* RESETS by service: a sample per kind that moved. */
	{
		static const uint8_t a[4] = { 192, 0, 2, 1 }, b[4] = { 192, 0, 2, 7 };
		struct view rv = { .id = TPSTAT_VIEW_RESETS };

		put_header_msg(&rv, 3, 1024, 0);
		put_reset(&rv, TPSTAT_DIRECTION_ACTIVE, 5002, a, 0, 2);
		put_reset(&rv, TPSTAT_DIRECTION_PASSIVE, 22, a, 5, 0);
		put_reset(&rv, TPSTAT_DIRECTION_ACTIVE, 5002, b, 0, 3);
		resets_aggregate(&rv, RESETS_BY_SERVICE);
		d = views_scrape;
		d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
		d.views[TPSTAT_VIEW_RESETS] = &rv;
		s = capture(export_all, &d);
		CHECK(strstr(s, "# TYPE tpstat_tcp_resets_total counter\n"
			     "tpstat_tcp_resets_total{kind=\"sent\",direction=\"passive\",port=\"22\",netns=\"1\",netns_cookie=\"\",reason=\"NO_SOCKET\"} 5\n"
			     "tpstat_tcp_resets_total{kind=\"received\",direction=\"active\",port=\"5002\",netns=\"1\",netns_cookie=\"\",reason=\"\"} 5\n") &&
		      !strstr(s, "192.0.2"), "resets exposition, no peers:\n%s", s);
		view_free(&rv);
	}
	/* AUTH: a sample per entry; one without a known kind, peer or port left out. */
	d = views_scrape;
	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	auth_view(&auth, 4026532157U);
	view_sort(&auth);
	d.views[TPSTAT_VIEW_AUTH] = &auth;
	s = capture(export_all, &d);
	CHECK(strstr(s, "# HELP tpstat_tcp_auth_failures_total TCP segments that failed TCP-MD5 or TCP-AO authentication") &&
	      strstr(s, "# TYPE tpstat_tcp_auth_failures_total counter\n"
		     "tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"\"} 12\n"
		     "tpstat_tcp_auth_failures_total{kind=\"md5_required\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"\"} 4\n"
		     "tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"fd00::2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"\"} 4\n") &&
	      !strstr(s, "port=\"22\""),
	      "auth failures exposition:\n%s", s);
	view_free(&auth);
	d.views[TPSTAT_VIEW_AUTH] = NULL;
	s = capture(export_all, &d);
	CHECK(!strstr(s, "auth_failures"), "a refused auth view: no family:\n%s", s);

	s = capture(export_scaled, NULL);
	CHECK(!strcmp(s, "# HELP tpstat_t_seconds t\n"
		      "# TYPE tpstat_t_seconds histogram\n"
		      "tpstat_t_seconds_bucket{le=\"0\"} 1\n"
		      "tpstat_t_seconds_bucket{le=\"0.000001\"} 1\n"
		      "tpstat_t_seconds_bucket{le=\"1.5\"} 3\n"
		      "tpstat_t_seconds_bucket{le=\"2\"} 3\n"
		      "tpstat_t_seconds_bucket{le=\"+Inf\"} 4\n"
		      "tpstat_t_seconds_sum 4.000001\n"
		      "tpstat_t_seconds_count 4\n"
		      "tpstat_t_seconds_bucket{le=\"+Inf\"} 1\n"
		      "tpstat_t_seconds_sum 1.8446744073709551615\n"
		      "tpstat_t_seconds_count 1\n"), "scaled bounds and sum:\n%s", s);
}

/* What --prom-sample prints: every family, the views' too. */
static void rcvq_view(struct view *v, uint32_t ns);

static void prom_sample_all(FILE *f)
{
	struct export_data d = scrape;
	struct info info = scrape_info;
	struct view errors, rcvq, auth;

	info.features = TPSTAT_F_DROP_REASON;
	export_drops_view(&export_drops, true);
	export_hists_view(&export_hists);
	errors_view(&errors, 4026532157U);
	errors_aggregate(&errors);
	auth_view(&auth, 4026532157U);
	view_sort(&auth);
	d.views[TPSTAT_VIEW_DROPS] = &export_drops;
	d.views[TPSTAT_VIEW_HISTS] = &export_hists;
	d.views[TPSTAT_VIEW_ERRORS] = &errors;
	rcvq_view(&rcvq, 4026532157U);
	view_ops(TPSTAT_VIEW_RCVQ)->export_prepare(&rcvq);
	d.views[TPSTAT_VIEW_RCVQ] = &rcvq;
	d.views[TPSTAT_VIEW_AUTH] = &auth;
	d.info = &info;
	export_write(f, &d);
	export_histogram(f, NULL);
	view_free(&export_drops);
	view_free(&export_hists);
	view_free(&errors);
	view_free(&rcvq);
	view_free(&auth);
}

/* promtool check metrics accepts it, where promtool is installed. */
static void test_promtool(void)
{
	FILE *p;

	if (system("command -v promtool >/dev/null 2>&1")) {
		printf("SKIP promtool check metrics: promtool not installed\n");
		return;
	}
	p = popen("promtool check metrics", "w");
	if (!p) {
		CHECK(0, "popen promtool");
		return;
	}
	prom_sample_all(p);
	CHECK(pclose(p) == 0, "promtool check metrics rejects the sample");
}

/* ---- network namespace names ------------------------------------------- */

/* An empty directory as /run/netns, so no machine's names leak in. */
static char netns_dir[] = "/tmp/tpstat-netns-XXXXXX";

static void netns_dir_empty(void)
{
	if (!mkdtemp(netns_dir)) {
		CHECK(0, "mkdtemp for the netns names");
		return;
	}
	netns_set_dir(netns_dir, false);
}

static void netns_dir_clean(void)
{
	static const char *const names[] = { "web", "alpha", "db", ".hidden" };
	char path[256];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", netns_dir, names[i]);
		unlink(path);
	}
	rmdir(netns_dir);
}

/* A file @name in the names directory: its inode, or 0. */
static uint32_t netns_file(const char *name)
{
	char path[256];
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", netns_dir, name);
	f = fopen(path, "w");
	if (!f || fclose(f) || stat(path, &st) || st.st_ino > UINT32_MAX)
		return 0;
	return st.st_ino;
}

static uint32_t ns_web, ns_db;

/* Errors a test provokes on purpose stay off the terminal. */
static void quiet_stderr(bool quiet)
{
	static int saved = -1;
	int null;

	fflush(stderr);
	if (quiet && saved < 0) {
		saved = dup(STDERR_FILENO);
		null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, STDERR_FILENO);
			close(null);
		}
	} else if (!quiet && saved >= 0) {
		dup2(saved, STDERR_FILENO);
		close(saved);
		saved = -1;
	}
}

static const struct parse_case netns_cases[] = {
	{ "-n web show", 0, CMD_SHOW, NULL, NULL },
	{ "--netns web -j drops -n 5", 0, CMD_DROPS, NULL, NULL },
	{ "-j -n web drops", 0, CMD_DROPS, NULL, NULL },
	{ "drops -n 5", 0, CMD_DROPS, NULL, NULL },
	{ "-n", 2, CMD_NONE, NULL, "-n needs a network namespace name" },
	{ "-n a/b show", 2, CMD_NONE, NULL, "-n needs a network namespace name" },
	{ "-n .. show", 2, CMD_NONE, NULL, "-n needs a network namespace name" },
	{ "show --netns web", 2, CMD_NONE, NULL, "--netns goes before the command" },
	{ "show -n 5", 2, CMD_NONE, NULL, "-n goes before the command" },
	{ "filter netns web", 0, CMD_FILTER, NULL, NULL },
	{ "filter netns 1x", 0, CMD_FILTER, NULL, NULL },
	{ "filter netns web netns 3", 2, CMD_NONE, NULL, "netns given twice" },
	{ "filter netns a/b", 2, CMD_NONE, NULL, "netns needs a namespace inode number" },
	{ "monitor", 0, CMD_MONITOR, NULL, NULL },
	{ "-j monitor drops errors", 0, CMD_MONITOR, NULL, NULL },
	{ "mon all drops", 0, CMD_MONITOR, NULL, NULL },
	{ "monitor frob", 2, CMD_NONE, NULL, "unknown alert kind 'frob'" },
	{ "monitor -z", 2, CMD_NONE, NULL, "-z is for show" },
	{ "help monitor", 0, CMD_HELP, NULL, NULL },
};

static void test_netns_parse(void)
{
	struct options o;
	char err[160];

	for (size_t i = 0; i < sizeof(netns_cases) / sizeof(netns_cases[0]); i++) {
		const struct parse_case *c = &netns_cases[i];
		int ret;

		err[0] = '\0';
		ret = parse(c->line, &o, err);
		CHECK(ret == c->ret, "'%s': returned %d, want %d (%s)",
		      c->line, ret, c->ret, err);
		if (ret || c->ret) {
			CHECK(c->err_has && strstr(err, c->err_has),
			      "'%s': said '%s', want '%s'", c->line, err,
			      c->err_has ? c->err_has : "");
			continue;
		}
		CHECK(cmd_of(&o) == c->cmd, "'%s': command %d, want %d",
		      c->line, cmd_of(&o), c->cmd);
	}
	parse("--netns web -j drops -n 5", &o, err);
	CHECK(o.netns && !strcmp(o.netns, "web") && o.json && o.va.top == 5,
	      "--netns before the command, -n TOP after it");
	parse("-n 5 drops", &o, err);
	CHECK(o.netns && !strcmp(o.netns, "5") && !o.va.top,
	      "-n before the command is a namespace, even a number");
	parse("drops -n 5", &o, err);
	CHECK(!o.netns && o.va.top == 5 && o.warning,
	      "drops -n 5 is still TOP, deprecated");
	parse("-n web drops --top 5", &o, err);
	CHECK(o.netns && !strcmp(o.netns, "web") && o.va.top == 5 && !o.warning,
	      "-n NAME and --top N");
	parse("show", &o, err);
	CHECK(!o.netns, "no namespace unless asked");
	parse("filter netns web lport 80", &o, err);
	CHECK(!o.filter.has_netns && !strcmp(o.filter.netns_name, "web") &&
	      o.filter.lport == 80, "filter netns NAME waits to be resolved");
	parse("filter netns 4026531840", &o, err);
	CHECK(o.filter.has_netns && o.filter.netns == 4026531840U &&
	      !o.filter.netns_name[0], "filter netns INODE");
	parse("monitor", &o, err);
	CHECK(o.alert_kinds == ALERT_KINDS_ALL, "monitor: all kinds");
	parse("monitor errors drops errors", &o, err);
	CHECK(o.alert_kinds == (1U << TPSTAT_ALERT_ERRORS | 1U << TPSTAT_ALERT_DROPS),
	      "monitor errors drops: those two (%#x)", o.alert_kinds);
	CHECK(strstr(usage_of(CMD_NONE), "[-n|--netns NAME] COMMAND"),
	      "usage names -n");
	CHECK(strstr(usage_of(CMD_MONITOR), "drops|resets|retrans|errors|states|all"),
	      "monitor's help names the kinds");
}

static void filter_json_out(FILE *f, void *arg)
{
	(void)arg;
	print_filter(f, opts(&(struct out_opts){ .json = true }), &cur_filter);
}

/*
 * netns NAME selects the rows of the namespace that has that name now, by
 * its cookie: a dead namespace's rows under the same (reused) inode
 * number are not its.  Here the names are plain files, and a file's
 * content is the cookie of the namespace it stands for (netns.h).
 */
static void test_netns_select_cookie(void)
{
	struct view_entry live = { .has_netns_cookie = true, .netns_cookie = 77 };
	struct view_entry dead = { .has_netns_cookie = true, .netns_cookie = 5 };
	static const char *const words[] = { "netns", "blue" };
	char path[300], err[512] = "";
	struct selector s;
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "%s/blue", netns_dir);
	f = fopen(path, "w");
	if (!f || fputs("77\n", f) < 0 || fclose(f) || stat(path, &st) ||
	    st.st_ino > UINT32_MAX) {
		CHECK(0, "netns file blue");
		return;
	}
	netns_set_dir(netns_dir, false);
	live.netns = dead.netns = st.st_ino;
	CHECK(!select_parse(2, words, &s, err, sizeof(err)) &&
	      !select_resolve(&s, err, sizeof(err)), "netns blue: %s", err);
	CHECK(select_match(&s, &live), "netns blue: its live namespace's row");
	CHECK(!select_match(&s, &dead),
	      "netns blue: not a dead namespace's row under its inode number (cookie 5, not 77)");
	unlink(path);
	netns_set_dir(netns_dir, false);
}

static void test_netns_names(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v;
	struct filter flt;
	uint32_t inode = 0;
	char buf[512], path[300];
	char *s;

	CHECK(netns_name_ok("web") && !netns_name_ok("") &&
	      !netns_name_ok(".") && !netns_name_ok("..") &&
	      !netns_name_ok("a/b") && netns_name_ok("..x"), "valid names");
	CHECK(!netns_name(1) && !strcmp(netns_text(1, buf, sizeof(buf)), "1"),
	      "an empty directory: numbers");

	ns_web = netns_file("web");
	ns_db = netns_file("db");
	netns_file(".hidden");
	snprintf(buf, sizeof(buf), "%s/web", netns_dir);
	snprintf(path, sizeof(path), "%s/alpha", netns_dir);
	if (!ns_web || !ns_db || link(buf, path)) {
		printf("SKIP netns names: this file system's inode numbers pass 32 bits\n");
		return;
	}
	CHECK(!netns_name(ns_web), "read once: files made later are not seen");
	netns_set_dir(netns_dir, false);
	CHECK(netns_name(ns_web) && !strcmp(netns_name(ns_web), "alpha") &&
	      netns_name(ns_db) && !strcmp(netns_name(ns_db), "db"),
	      "inode to name, the first in byte order of two");
	CHECK(!netns_inode("db", &inode) && inode == ns_db &&
	      netns_inode("nope", &inode) == -ENOENT &&
	      netns_inode("../x", &inode) == -EINVAL, "name to inode");
	test_netns_select_cookie();

	/* Views: the name where known, the number elsewhere. */
	drops_view(&v);
	v.e[0].netns = ns_web;
	v.e[1].netns = ns_web;
	v.e[3].netns = ns_web;
	v.e[4].netns = ns_web;
	drops_aggregate(&v, BY_NETNS, 0);
	cur_view = v;
	cur_by = BY_NETNS;
	s = capture(view_text, &text);
	CHECK(strstr(s, "      12  alpha\n") &&
	      strstr(s, "       4  2\n"), "drops by netns: %s", s);
	s = capture(view_text, &json);
	snprintf(buf, sizeof(buf),
		 "{\"netns\":%u,\"netns_name\":\"alpha\",\"count\":12}", ns_web);
	CHECK(strstr(s, "{\"netns\":2,\"count\":4}") && strstr(s, buf),
	      "netns_name only when known: %s", s);
	view_free(&v);

	memset(&v, 0, sizeof(v));
	v.id = TPSTAT_VIEW_RETRANS;
	put_header_msg(&v, 1, 16, 0);
	put_flow(&v, 0, 40000, 2, 0, 1);
	v.e[0].netns = ns_db;
	cur_view = v;
	s = capture(view_text, &text);
	CHECK(strstr(s, "LOCAL           REMOTE              NETNS   RETRANS") &&
	      strstr(s, "10.0.0.1:40000  10.0.0.2:5201          db         2"),
	      "retrans NETNS column holds names:\n%s", s);
	view_free(&v);

	/* filter netns NAME and show. */
	memset(&flt, 0, sizeof(flt));
	snprintf(flt.netns_name, sizeof(flt.netns_name), "db");
	CHECK(!filter_resolve(&flt) && flt.has_netns && flt.netns == ns_db,
	      "filter netns db resolves to its inode");
	memset(&flt, 0, sizeof(flt));
	snprintf(flt.netns_name, sizeof(flt.netns_name), "nope");
	quiet_stderr(true);
	CHECK(filter_resolve(&flt) == 1 && !flt.has_netns,
	      "filter netns with an unknown name fails");
	quiet_stderr(false);
	memset(&cur_filter, 0, sizeof(cur_filter));
	cur_filter.has_netns = true;
	cur_filter.netns = ns_db;
	s = capture(filter_out, &text);
	CHECK(!strcmp(s, "netns db\n"), "filter show names it: %s", s);
	s = capture(filter_json_out, NULL);
	snprintf(buf, sizeof(buf), "\"netns\":%u,\"netns_name\":\"db\",", ns_db);
	CHECK(strstr(s, buf), "filter JSON: %s", s);

	/* -n NAME: unknown, and a file that is no namespace. */
	CHECK(netns_enter("nope", buf, sizeof(buf)) &&
	      strstr(buf, "no network namespace named nope in ") &&
	      !strchr(buf, '\n'), "-n unknown: %s", buf);
	CHECK(netns_enter("db", buf, sizeof(buf)) &&
	      strstr(buf, "/db is not a network namespace"), "-n file: %s", buf);
}

/* ---- the errors view ---------------------------------------------------- */

static void test_errors(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	uint32_t ns = ns_db ? ns_db : 7;
	struct view_entry both = { .has_sport = true, .has_dport = true };
	struct view v;
	char want[2048], nsbuf[NETNS_NAME_MAX], nsjson[NETNS_NAME_MAX + 64];
	const char *name = netns_name(ns), *nstext;
	uint16_t port;
	char *s;

	errors_view(&v, ns);
	CHECK(v.n == 6 && v.e[0].has_err && v.e[0].err == 4000 &&
	      v.e[0].has_protocol && v.e[0].protocol == IPPROTO_TCP &&
	      v.e[0].has_dport && !v.e[0].has_sport && v.e[0].dport == 443,
	      "error entry attributes");
	CHECK(!v.e[5].has_err && !v.e[5].has_protocol && !v.e[5].has_sport &&
	      !v.e[5].has_dport && v.e[5].count == 1,
	      "wrong lengths are left out");
	CHECK(errors_side(&v.e[2], &port) == SIDE_LOCAL && port == 53 &&
	      errors_side(&v.e[1], &port) == SIDE_REMOTE && port == 8080 &&
	      errors_side(&v.e[5], &port) == SIDE_NONE && port == 0 &&
	      errors_side(&both, &port) == SIDE_NONE,
	      "the service port: SPORT local, DPORT remote, one of them");
	view_sort(&v);
	CHECK(v.e[0].count == 40 && v.e[1].count == 3 && v.e[2].count == 2 &&
	      v.e[3].err == ECONNRESET && v.e[4].err == 4000 &&
	      !v.e[5].has_err, "most first, ties by errno, invalid last");
	cur_view = v;
	s = capture(view_text, &text);
	nstext = netns_text(ns, nsbuf, sizeof(nsbuf));
#if ECONNREFUSED == 111 && EHOSTUNREACH == 113 && ECONNRESET == 104
	snprintf(want, sizeof(want),
		 "   COUNT  ERROR               PROTO  SERVICE           NETNS\n"
		 "      40  ECONNREFUSED (111)  tcp    remote port 8080  %s\n"
		 "       3  ECONNREFUSED (111)  tcp6   remote port 8080  %s\n"
		 "       2  EHOSTUNREACH (113)  udp6   local port 53     4026531840\n"
		 "       1  ECONNRESET (104)    132    local port 5000   4026531840\n"
		 "       1  errno 4000          tcp    remote port 443   4026531840\n"
		 "       1  -                   -      -                 4026531840\n"
		 "overflow: 0 lost updates (table 6/256)\n", nstext, nstext);
	CHECK(!strcmp(s, want), "errors text:\n%s", s);
#else
	/* Alpha, MIPS, PA-RISC, SPARC number errnos otherwise: widths vary. */
	snprintf(want, sizeof(want), "tcp6   remote port 8080  %s\n", nstext);
	CHECK(strstr(s, want) && strstr(s, "errno 4000 ") &&
	      strstr(s, "udp6   local port 53     4026531840\n"),
	      "errors text:\n%s", s);
#endif
	CHECK(!name || !strcmp(nstext, "db"), "the namespace by its name");

	s = capture(view_text, &json);
	if (name)
		snprintf(nsjson, sizeof(nsjson), "\"netns\":%u,\"netns_name\":\"%s\"",
			 ns, name);
	else
		snprintf(nsjson, sizeof(nsjson), "\"netns\":%u", ns);
	snprintf(want, sizeof(want),
		 "{\"schema_version\":1,\"view\":\"errors\",\"overflow\":0,"
		 "\"entries\":6,\"capacity\":256,\"errors\":["
		 "{\"count\":40,\"errno\":%d,\"error\":\"ECONNREFUSED\",\"message\":\"%s\","
		 "\"protocol\":\"tcp\",\"family\":\"ipv4\",\"port\":8080,"
		 "\"port_side\":\"remote\",%s},",
		 ECONNREFUSED, strerror(ECONNREFUSED), nsjson);
	CHECK(!strncmp(s, want, strlen(want)), "errors JSON, TCP remote port:\n%s", s);
	snprintf(want, sizeof(want),
		 "{\"count\":3,\"errno\":%d,\"error\":\"ECONNREFUSED\",\"message\":\"%s\","
		 "\"protocol\":\"tcp\",\"family\":\"ipv6\",\"port\":8080,"
		 "\"port_side\":\"remote\",%s},",
		 ECONNREFUSED, strerror(ECONNREFUSED), nsjson);
	CHECK(strstr(s, want), "errors JSON, the same over IPv6: %s", s);
	snprintf(want, sizeof(want),
		 "{\"count\":2,\"errno\":%d,\"error\":\"EHOSTUNREACH\",\"message\":\"%s\","
		 "\"protocol\":\"udp\",\"family\":\"ipv6\",\"port\":53,"
		 "\"port_side\":\"local\",\"netns\":4026531840}",
		 EHOSTUNREACH, strerror(EHOSTUNREACH));
	CHECK(strstr(s, want), "errors JSON, UDP local port: %s", s);
	snprintf(want, sizeof(want),
		 "{\"count\":1,\"errno\":%d,\"error\":\"ECONNRESET\",\"message\":\"%s\","
		 "\"protocol\":\"132\",",
		 ECONNRESET, strerror(ECONNRESET));
	CHECK(strstr(s, want), "errors JSON, another protocol's number: %s", s);
	snprintf(want, sizeof(want),
		 "{\"count\":1,\"errno\":4000,\"error\":null,\"message\":\"%s\","
		 "\"protocol\":\"tcp\",\"family\":\"ipv4\",\"port\":443,"
		 "\"port_side\":\"remote\",\"netns\":4026531840}",
		 strerror(4000));
	CHECK(strstr(s, want), "errors JSON, an errno without a name: %s", s);
	CHECK(strstr(s, "{\"count\":1,\"errno\":null,\"error\":null,\"message\":null,"
		     "\"protocol\":null,\"family\":\"ipv4\",\"port\":null,"
		     "\"port_side\":null,\"netns\":4026531840}]}\n"),
	      "errors JSON, wrong lengths: null: %s", s);
	view_free(&v);
}

/* Why a view was refused, as view_cmd() prints it. */
static struct tpnl fail_nl;
static uint32_t fail_view;
static int fail_err;

static void view_error_out(FILE *f, void *arg)
{
	(void)arg;
	view_error(f, &fail_nl, fail_view, fail_err);
}

static char *view_error_text(uint32_t view, int err, const char *extack)
{
	fail_view = view;
	fail_err = err;
	snprintf(fail_nl.extack, sizeof(fail_nl.extack), "%s",
		 extack ? extack : "");
	return capture(view_error_out, NULL);
}

static void test_errors_refused(void)
{
	char *s;

	s = view_error_text(TPSTAT_VIEW_ERRORS, -EOPNOTSUPP,
			    "tpstat: this view is unavailable: the kernel has no sock:inet_sk_error_report (5.14 on)");
	CHECK(!strcmp(s, "tpstat: errors view: this view is unavailable: the kernel has no sock:inet_sk_error_report (5.14 on)\n"),
	      "no tracepoint: the kernel's words: %s", s);
	s = view_error_text(TPSTAT_VIEW_ERRORS, -EOPNOTSUPP, NULL);
	CHECK(!strcmp(s, "tpstat: errors view: not available (the kernel has no sock:inet_sk_error_report before Linux 5.14, or the module was loaded with views= without it)\n"),
	      "no tracepoint, no words: %s", s);
	s = view_error_text(TPSTAT_VIEW_ERRORS, -EPERM, NULL);
	CHECK(!strcmp(s, "tpstat: permission denied: the errors view names sockets and needs CAP_NET_ADMIN (run as root)\n"),
	      "no CAP_NET_ADMIN: %s", s);
	s = view_error_text(TPSTAT_VIEW_RESETS, -EPERM, NULL);
	CHECK(!strcmp(s, "tpstat: permission denied: the resets view names sockets and needs CAP_NET_ADMIN (run as root)\n"),
	      "as resets says it: %s", s);
	s = view_error_text(TPSTAT_VIEW_ERRORS, -EPERM,
			    "tpstat: this view names sockets and needs CAP_NET_ADMIN");
	CHECK(!strcmp(s, "tpstat: this view names sockets and needs CAP_NET_ADMIN\n"),
	      "no CAP_NET_ADMIN, the kernel's words: %s", s);
	s = view_error_text(TPSTAT_VIEW_ERRORS, -ERANGE, "integer out of range");
	CHECK(!strcmp(s, "tpstat: the tpstat module does not have the errors view (integer out of range)\n"),
	      "an older module: %s", s);
	fail_nl.extack[0] = '\0';
	CHECK(view_refused(-EOPNOTSUPP) && view_refused(-EPERM) &&
	      view_refused(-EACCES) && view_refused(-ERANGE) &&
	      !view_refused(-ENOENT) && !view_refused(-ENOBUFS) &&
	      !view_refused(0), "export leaves out refused views only");
}

/* ---- the rcvq view ------------------------------------------------------ */

/* An RCVQ entry; @port < 0: no SPORT. */
static void put_rcvq(struct view *v, uint32_t netns, uint8_t family,
		     uint8_t proto, int port, uint64_t count, uint32_t rcvbuf)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	if (port >= 0)
		mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	mnl_attr_put_u32(nlh, TPSTAT_A_RCVBUF, rcvbuf);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "rcvq entry");
}

/*
 * RCVQ as the module could send it: a syslog collector on 514 dropping
 * over IPv4 and IPv6 in namespace @ns, DNS on 53 in the initial one, a
 * raw UDP socket (port 17: the protocol it receives), a ping socket, a
 * protocol without a name, and an entry whose attributes all have the
 * wrong length.
 */
static void rcvq_view(struct view *v, uint32_t ns)
{
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_RCVQ;
	put_header_msg(v, 7, 256, 2);
	put_rcvq(v, INIT_NETNS, AF_INET, IPPROTO_UDP, 53, 7, 212992);
	put_rcvq(v, ns, AF_INET6, IPPROTO_UDP, 514, 30, 4608);
	put_rcvq(v, ns, AF_INET, IPPROTO_UDP, 514, 1200, 2304);
	put_rcvq(v, INIT_NETNS, AF_INET, IPPROTO_RAW, 17, 7, 4608);
	put_rcvq(v, INIT_NETNS, AF_INET6, IPPROTO_ICMPV6, 9, 2, 4608);
	put_rcvq(v, INIT_NETNS, AF_INET, 200, 5000, 1, 65536);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u32(nlh, TPSTAT_A_PROTOCOL, IPPROTO_UDP);	/* u8 wanted */
	mnl_attr_put_u32(nlh, TPSTAT_A_SPORT, 53);		/* u16 wanted */
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	mnl_attr_put_u16(nlh, TPSTAT_A_RCVBUF, 4608);		/* u32 wanted */
	refused(v, nlh, "rcvq entry, wrong lengths");
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "rcvq entry, no keys");
}

static void test_rcvq(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	uint32_t ns = ns_db ? ns_db : 7;
	struct view v;
	char want[2048], nsbuf[NETNS_NAME_MAX], nsjson[NETNS_NAME_MAX + 64];
	const char *name = netns_name(ns), *nstext;
	char *s;

	rcvq_view(&v, ns);
	CHECK(v.n == 7 && v.e[1].has_protocol && v.e[1].protocol == IPPROTO_UDP &&
	      v.e[1].family == AF_INET6 && v.e[1].has_sport &&
	      v.e[1].sport == 514 && v.e[1].count == 30 &&
	      v.e[1].has_rcvbuf && v.e[1].rcvbuf == 4608,
	      "rcvq entry attributes");
	CHECK(!v.e[6].has_protocol && !v.e[6].has_sport && !v.e[6].has_rcvbuf &&
	      v.e[6].count == 1, "wrong lengths are left out");
	view_sort(&v);
	CHECK(v.e[0].count == 1200 && v.e[1].count == 30 &&
	      v.e[2].sport == 53 && v.e[3].protocol == IPPROTO_RAW &&
	      v.e[4].count == 2 && v.e[5].protocol == 200 && !v.e[6].has_protocol,
	      "most first, ties by protocol, invalid last");
	cur_view = v;
	s = capture(view_text, &text);
	nstext = netns_text(ns, nsbuf, sizeof(nsbuf));
	snprintf(want, sizeof(want),
		 "   COUNT  RCVBUF  PROTO    PORT  NETNS\n"
		 "    1200    2304  udp       514  %s\n"
		 "      30    4608  udp6      514  %s\n"
		 "       7  212992  udp        53  4026531840\n"
		 "       7    4608  raw        17  4026531840\n"
		 "       2    4608  icmpv6      9  4026531840\n"
		 "       1   65536  200      5000  4026531840\n"
		 "       1       -  -           -  4026531840\n"
		 "overflow: 2 lost updates (table 7/256)\n", nstext, nstext);
	CHECK(!strcmp(s, want), "rcvq text:\n%s", s);
	CHECK(!name || !strcmp(nstext, "db"), "the namespace by its name");

	s = capture(view_text, &json);
	if (name)
		snprintf(nsjson, sizeof(nsjson), "\"netns\":%u,\"netns_name\":\"%s\"",
			 ns, name);
	else
		snprintf(nsjson, sizeof(nsjson), "\"netns\":%u", ns);
	snprintf(want, sizeof(want),
		 "{\"schema_version\":1,\"view\":\"rcvq\",\"overflow\":2,"
		 "\"entries\":7,\"capacity\":256,\"rcvq\":["
		 "{\"count\":1200,\"rcvbuf\":2304,\"protocol\":\"udp\","
		 "\"family\":\"ipv4\",\"port\":514,%s},"
		 "{\"count\":30,\"rcvbuf\":4608,\"protocol\":\"udp\","
		 "\"family\":\"ipv6\",\"port\":514,%s},", nsjson, nsjson);
	CHECK(!strncmp(s, want, strlen(want)), "rcvq JSON, UDP:\n%s", s);
	CHECK(strstr(s, "{\"count\":7,\"rcvbuf\":4608,\"protocol\":\"raw\","
		     "\"family\":\"ipv4\",\"port\":17,\"netns\":4026531840}"),
	      "rcvq JSON, a raw socket: %s", s);
	CHECK(strstr(s, "{\"count\":1,\"rcvbuf\":65536,\"protocol\":\"200\","),
	      "rcvq JSON, another protocol's number: %s", s);
	CHECK(strstr(s, "{\"count\":1,\"rcvbuf\":null,\"protocol\":null,"
		     "\"family\":\"ipv4\",\"port\":null,\"netns\":4026531840}]}\n"),
	      "rcvq JSON, wrong lengths: null: %s", s);

	/* Export's sum over the family: 514 in @ns once; no-key entry out. */
	view_ops(TPSTAT_VIEW_RCVQ)->export_prepare(&v);
	CHECK(v.n == 5 && v.e[0].count == 1230 && v.e[0].sport == 514 &&
	      !v.e[0].family && v.e[0].rcvbuf == 4608,
	      "IPv4 and IPv6 summed, the largest buffer: %zu entries", v.n);
	view_free(&v);
}

static void test_rcvq_refused(void)
{
	char *s;

	s = view_error_text(TPSTAT_VIEW_RCVQ, -EOPNOTSUPP,
			    "tpstat: this view is unavailable: the kernel has no udp:udp_fail_queue_rcv_skb");
	CHECK(!strcmp(s, "tpstat: rcvq view: this view is unavailable: the kernel has no udp:udp_fail_queue_rcv_skb\n"),
	      "no tracepoint: the kernel's words: %s", s);
	s = view_error_text(TPSTAT_VIEW_RCVQ, -EOPNOTSUPP, NULL);
	CHECK(!strcmp(s, "tpstat: rcvq view: not available (the kernel lacks udp:udp_fail_queue_rcv_skb or sock:sock_rcvqueue_full, or the module was loaded with views= without it)\n"),
	      "no tracepoint, no words: %s", s);
	s = view_error_text(TPSTAT_VIEW_RCVQ, -EPERM, NULL);
	CHECK(!strcmp(s, "tpstat: permission denied: the rcvq view names sockets and needs CAP_NET_ADMIN (run as root)\n"),
	      "no CAP_NET_ADMIN: %s", s);
	s = view_error_text(TPSTAT_VIEW_RCVQ, -ERANGE, "integer out of range");
	CHECK(!strcmp(s, "tpstat: the tpstat module does not have the rcvq view (integer out of range)\n"),
	      "an older module: %s", s);
	fail_nl.extack[0] = '\0';
}

/* ---- the neighbour failures view ---------------------------------------- */

/* A NEIGH entry; @ifname NULL: the device is gone; @len: DADDR's length. */
static void put_neigh(struct view *v, uint32_t netns, uint32_t ifindex,
		      const char *ifname, uint8_t family, const void *addr,
		      size_t len, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (ifname)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, ifname);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	if (addr)
		mnl_attr_put(nlh, TPSTAT_A_DADDR, len, addr);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	if (addr && len != 4 && len != 16) {
		refused(v, nlh, "neigh entry, an address of no family");
		return;
	}
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "neigh entry");
}

/*
 * NEIGH as the module could send it: ARP failures on eth0 in namespace
 * @ns, an ND one there, one on a device since gone, and an address of a
 * length no family has.
 */
static void neigh_view(struct view *v, uint32_t ns)
{
	static const uint8_t a10[4] = { 10, 0, 0, 10 }, a9[4] = { 10, 0, 0, 9 };
	static const uint8_t a7[4] = { 192, 168, 7, 7 }, bad[3] = { 1, 2, 3 };
	static const uint8_t a6[16] = { 0xfd, 0x98, [15] = 0x10 };

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_NEIGH;
	put_header_msg(v, 5, 256, 1);
	put_neigh(v, ns, 2, "eth0", AF_INET, a10, 4, 1);
	put_neigh(v, INIT_NETNS, 7, NULL, AF_INET, a7, 4, 2);
	put_neigh(v, ns, 2, "eth0", AF_INET6, a6, 16, 3);
	put_neigh(v, ns, 2, "eth0", AF_INET, a9, 4, 1);
	put_neigh(v, INIT_NETNS, 3, "wlan0", AF_INET, bad, 3, 1);
	put_neigh(v, INIT_NETNS, 3, "wlan0", AF_INET, NULL, 0, 1);
}

static void test_neigh(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	uint32_t ns = 4026532157U;	/* after the initial namespace's */
	char want[2048], nsbuf[NETNS_NAME_MAX], nsjson[NETNS_NAME_MAX + 64];
	const char *name = netns_name(ns), *nstext;
	int c;
	struct view v;
	char *s;

	CHECK(!lookup("neigh", &c) && c == CMD_NEIGH, "neigh is exact");
	CHECK(!lookup("n", &c) && c == CMD_NEIGH, "n");
	CHECK(cli_view(CMD_NEIGH) == TPSTAT_VIEW_NEIGH &&
	      !strcmp(view_name(TPSTAT_VIEW_NEIGH), "neigh"),
	      "neigh reads the NEIGH view");

	neigh_view(&v, ns);
	CHECK(v.n == 5 && v.e[0].ifindex == 2 && v.e[0].has_ifname &&
	      v.e[0].daddr_len == 4 && v.e[2].daddr_len == 16 &&
	      !v.e[1].has_ifname && v.e[4].daddr_len == 0,
	      "neigh entry attributes; a 3-byte address is left out");
	view_sort(&v);
	CHECK(v.e[0].count == 3 && v.e[1].count == 2 && v.e[2].ifindex == 3 &&
	      v.e[3].daddr[3] == 9 && v.e[4].daddr[3] == 10,
	      "most first, ties by namespace, device, address");
	cur_view = v;
	s = capture(view_text, &text);
	nstext = netns_text(ns, nsbuf, sizeof(nsbuf));
	snprintf(want, sizeof(want),
		 "DEVICE     ADDRESS      FAILURES  NETNS\n"
		 "eth0       fd98::10            3  %s\n"
		 "ifindex 7  192.168.7.7         2  4026531840\n"
		 "wlan0      ?                   1  4026531840\n"
		 "eth0       10.0.0.9            1  %s\n"
		 "eth0       10.0.0.10           1  %s\n"
		 "overflow: 1 lost updates (table 5/256)\n",
		 nstext, nstext, nstext);
	CHECK(!strcmp(s, want), "neigh text:\n%s", s);

	s = capture(view_text, &json);
	if (name)
		snprintf(nsjson, sizeof(nsjson), "\"netns\":%u,\"netns_name\":\"%s\"",
			 ns, name);
	else
		snprintf(nsjson, sizeof(nsjson), "\"netns\":%u", ns);
	snprintf(want, sizeof(want),
		 "{\"schema_version\":1,\"view\":\"neigh\",\"overflow\":1,"
		 "\"entries\":5,\"capacity\":256,\"neighbours\":[");
	CHECK(!strncmp(s, want, strlen(want)), "neigh JSON header:\n%s", s);
	snprintf(want, sizeof(want),
		 "{\"failures\":3,\"ifname\":\"eth0\",\"ifindex\":2,"
		 "\"family\":\"ipv6\",\"address\":\"fd98::10\",%s}", nsjson);
	CHECK(strstr(s, want), "neigh JSON, ND: %s", s);
	CHECK(strstr(s, "{\"failures\":2,\"ifname\":null,\"ifindex\":7,"
		     "\"family\":\"ipv4\",\"address\":\"192.168.7.7\","
		     "\"netns\":4026531840}"),
	      "neigh JSON, a device gone: %s", s);
	CHECK(strstr(s, "{\"failures\":1,\"ifname\":\"wlan0\",\"ifindex\":3,"
		     "\"family\":\"ipv4\",\"address\":null,"
		     "\"netns\":4026531840}"),
	      "neigh JSON, a bad address: null: %s", s);
	view_free(&v);
}

static void test_neigh_refused(void)
{
	char *s;

	s = view_error_text(TPSTAT_VIEW_NEIGH, -EOPNOTSUPP,
			    "tpstat: this view is unavailable: the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler");
	CHECK(!strcmp(s, "tpstat: neigh view: this view is unavailable: the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler\n"),
	      "no tracepoints: the kernel's words: %s", s);
	s = view_error_text(TPSTAT_VIEW_NEIGH, -EOPNOTSUPP, NULL);
	CHECK(!strcmp(s, "tpstat: neigh view: not available (the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler, or the module was loaded with views= without it)\n"),
	      "no tracepoints, no words: %s", s);
	s = view_error_text(TPSTAT_VIEW_NEIGH, -EPERM, NULL);
	CHECK(!strcmp(s, "tpstat: permission denied: the neigh view names sockets and needs CAP_NET_ADMIN (run as root)\n"),
	      "no CAP_NET_ADMIN: %s", s);
	s = view_error_text(TPSTAT_VIEW_NEIGH, -ERANGE, "integer out of range");
	CHECK(!strcmp(s, "tpstat: the tpstat module does not have the neigh view (integer out of range)\n"),
	      "an older module: %s", s);
	fail_nl.extack[0] = '\0';
}

static const char want_rcvq[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	"tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"
	"# HELP tpstat_socket_rcvq_drops_total Packets dropped because the receiving socket's queue was full (UDP as UdpRcvbufErrors counts them, udp:udp_fail_queue_rcv_skb; raw and ping sockets, sock:sock_rcvqueue_full) per protocol and local port (a raw socket's is the IP protocol it receives); netns is the namespace's inode number, netns_cookie its cookie (an inode number is reused once its namespace is gone, a cookie never is); lost to a full rcvq table they are not counted here\n"
	"# TYPE tpstat_socket_rcvq_drops_total counter\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"514\",netns=\"4026532157\",netns_cookie=\"\"} 1230\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"53\",netns=\"4026531840\",netns_cookie=\"\"} 7\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"raw\",port=\"17\",netns=\"4026531840\",netns_cookie=\"\"} 7\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"icmpv6\",port=\"9\",netns=\"4026531840\",netns_cookie=\"\"} 2\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"200\",port=\"5000\",netns=\"4026531840\",netns_cookie=\"\"} 1\n";

static void test_export_rcvq(void)
{
	struct export_data d = views_scrape;
	struct view rcvq;
	char *s;

	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	rcvq_view(&rcvq, 4026532157U);
	view_ops(TPSTAT_VIEW_RCVQ)->export_prepare(&rcvq);
	d.views[TPSTAT_VIEW_RCVQ] = &rcvq;
	s = capture(export_all, &d);
	CHECK(!strcmp(s, want_rcvq), "rcvq exposition:\n%s", s);
	view_free(&rcvq);
	d.views[TPSTAT_VIEW_RCVQ] = NULL;
	s = capture(export_all, &d);
	CHECK(!strstr(s, "rcvq"), "a refused rcvq view: no family:\n%s", s);
}

static const char want_neigh[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	"tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"
	"# HELP tpstat_neigh_failures_total Neighbours (ARP, ND) whose resolution failed (reached NUD_FAILED from INCOMPLETE or PROBE: neigh:neigh_timer_handler, neigh:neigh_update), per device (its name when read, else ifindex N), family, address and netns (the namespace's inode number; netns_cookie its cookie, which unlike the inode number is never reused); bounded by the module's neigh_keys, lost ones are not counted here\n"
	"# TYPE tpstat_neigh_failures_total counter\n"
	"tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv6\",address=\"fd98::10\",netns=\"4026532157\",netns_cookie=\"\"} 3\n"
	"tpstat_neigh_failures_total{device=\"ifindex 7\",family=\"ipv4\",address=\"192.168.7.7\",netns=\"4026531840\",netns_cookie=\"\"} 2\n"
	"tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.9\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"
	"tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.10\",netns=\"4026532157\",netns_cookie=\"\"} 1\n";

/* Export: one sample per neighbour, the one without an address left out. */
static void test_export_neigh(void)
{
	struct export_data d = views_scrape;
	struct view neigh;
	char *s;

	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	neigh_view(&neigh, 4026532157U);
	view_sort(&neigh);
	d.views[TPSTAT_VIEW_NEIGH] = &neigh;
	s = capture(export_all, &d);
	CHECK(!strcmp(s, want_neigh), "neigh exposition:\n%s", s);
	view_free(&neigh);
	d.views[TPSTAT_VIEW_NEIGH] = NULL;
	s = capture(export_all, &d);
	CHECK(!strstr(s, "neigh_failures"), "a refused neigh view: no family:\n%s", s);
}


/* An entry's first attributes: namespace @ns, and cookie @cookie if not 0. */
static struct nlmsghdr *ns_msg(uint32_t ns, uint64_t cookie)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	if (cookie)
		mnl_attr_put_u64(nlh, TPSTAT_A_NETNS_COOKIE, cookie);
	return nlh;
}

/*
 * A namespace that died and a later one given its inode number: each
 * view has an entry, same key and same inode, from both (cookies 4097
 * and 8193) and from a module without cookies.  Every family keeps three
 * series, told apart by netns_cookie (the same labels twice would fail
 * the whole scrape), the last one's netns_cookie="".
 */
static void test_export_netns_cookie(void)
{
	static const uint64_t cookie[3] = { 4097, 8193, 0 };
	static const uint8_t peer[4] = { 10, 0, 0, 2 };
	struct view errors = { .id = TPSTAT_VIEW_ERRORS };
	struct view resets = { .id = TPSTAT_VIEW_RESETS };
	struct view rcvq = { .id = TPSTAT_VIEW_RCVQ };
	struct view neigh = { .id = TPSTAT_VIEW_NEIGH };
	struct view auth = { .id = TPSTAT_VIEW_AUTH };
	struct export_data d = views_scrape;
	struct nlmsghdr *nlh;
	char *s;

	put_header_msg(&errors, 3, 256, 0);
	put_header_msg(&resets, 3, 1024, 0);
	put_header_msg(&rcvq, 3, 256, 0);
	put_header_msg(&neigh, 3, 256, 0);
	put_header_msg(&auth, 3, 256, 0);
	for (int i = 0; i < 3; i++) {
		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, IPPROTO_TCP);
		mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, ECONNREFUSED);
		mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 8080);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3 - i);
		CHECK(view_msg_cb(nlh, &errors) == MNL_CB_OK, "error entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, TPSTAT_DIRECTION_ACTIVE);
		mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 5002);
		mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
		mnl_attr_put_u64(nlh, TPSTAT_A_RST_SENT, 0);
		mnl_attr_put_u64(nlh, TPSTAT_A_RST_RECEIVED, 3 - i);
		CHECK(view_msg_cb(nlh, &resets) == MNL_CB_OK, "reset entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, IPPROTO_UDP);
		mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 514);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3 - i);
		CHECK(view_msg_cb(nlh, &rcvq) == MNL_CB_OK, "rcvq entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "eth0");
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3 - i);
		CHECK(view_msg_cb(nlh, &neigh) == MNL_CB_OK, "neigh entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
		mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 179);
		mnl_attr_put_u8(nlh, TPSTAT_A_AUTH_KIND, TPSTAT_AUTH_MD5_MISMATCH);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3 - i);
		CHECK(view_msg_cb(nlh, &auth) == MNL_CB_OK, "auth entry");
	}
	CHECK(errors.n == 3 && errors.e[0].has_netns_cookie &&
	      errors.e[0].netns_cookie == 4097 && !errors.e[2].has_netns_cookie,
	      "NETNS_COOKIE read, or absent");
	errors_aggregate(&errors);
	resets_aggregate(&resets, RESETS_BY_SERVICE);
	view_ops(TPSTAT_VIEW_RCVQ)->export_prepare(&rcvq);
	view_sort(&neigh);
	view_sort(&auth);
	CHECK(errors.n == 3 && resets.n == 3 && rcvq.n == 3,
	      "one inode, three namespaces: not summed (%zu, %zu, %zu)",
	      errors.n, resets.n, rcvq.n);
	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	d.views[TPSTAT_VIEW_ERRORS] = &errors;
	d.views[TPSTAT_VIEW_RESETS] = &resets;
	d.views[TPSTAT_VIEW_RCVQ] = &rcvq;
	d.views[TPSTAT_VIEW_NEIGH] = &neigh;
	d.views[TPSTAT_VIEW_AUTH] = &auth;
	s = capture(export_all, &d);
	CHECK(strstr(s, "tpstat_socket_errors_total{errno=\"ECONNREFUSED\",protocol=\"tcp\",port=\"8080\",side=\"remote\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_socket_errors_total{errno=\"ECONNREFUSED\",protocol=\"tcp\",port=\"8080\",side=\"remote\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_socket_errors_total{errno=\"ECONNREFUSED\",protocol=\"tcp\",port=\"8080\",side=\"remote\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"),
	      "errors: a series per cookie:\n%s", s);
	CHECK(strstr(s, "tpstat_tcp_resets_total{kind=\"received\",direction=\"active\",port=\"5002\",netns=\"4026532157\",netns_cookie=\"4097\",reason=\"\"} 3\n"
		     "tpstat_tcp_resets_total{kind=\"received\",direction=\"active\",port=\"5002\",netns=\"4026532157\",netns_cookie=\"8193\",reason=\"\"} 2\n"
		     "tpstat_tcp_resets_total{kind=\"received\",direction=\"active\",port=\"5002\",netns=\"4026532157\",netns_cookie=\"\",reason=\"\"} 1\n"),
	      "resets: a series per cookie:\n%s", s);
	CHECK(strstr(s, "tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"514\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"514\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"514\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"),
	      "rcvq: a series per cookie:\n%s", s);
	CHECK(strstr(s, "tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.2\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.2\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.2\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"),
	      "neigh: a series per cookie:\n%s", s);
	CHECK(strstr(s, "tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"),
	      "auth: a series per cookie:\n%s", s);
	view_free(&errors);
	view_free(&resets);
	view_free(&rcvq);
	view_free(&neigh);
	view_free(&auth);
}


/* ---- the auth view ------------------------------------------------------ */

static void test_auth(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	uint32_t ns = ns_db ? ns_db : 7;
	struct view v;
	char want[2048], nsbuf[NETNS_NAME_MAX], nsjson[NETNS_NAME_MAX + 64];
	const char *name = netns_name(ns), *nstext;
	char *s;

	CHECK(!strcmp(auth_kind_text(TPSTAT_AUTH_MD5_MISMATCH), "MD5 mismatch") &&
	      !strcmp(auth_kind_name(TPSTAT_AUTH_AO_KEY_NOT_FOUND), "ao_key_not_found") &&
	      !auth_kind_text(__TPSTAT_AUTH_CNT) && !auth_kind_name(255),
	      "kind words and names; none for an unknown kind");
	for (unsigned int k = 0; k < __TPSTAT_AUTH_CNT; k++)
		CHECK(auth_kind_text(k) && auth_kind_name(k),
		      "kind %u has words and a name", k);
	auth_view(&v, ns);
	CHECK(v.n == 5 && v.e[0].has_auth_kind &&
	      v.e[0].auth_kind == TPSTAT_AUTH_MD5_REQUIRED &&
	      v.e[0].daddr_len == 4 && v.e[0].has_sport && v.e[0].sport == 179 &&
	      v.e[1].daddr_len == 16, "auth entry attributes");
	CHECK(!v.e[4].has_auth_kind && !v.e[4].has_sport && !v.e[4].daddr_len &&
	      v.e[4].count == 1, "auth: wrong lengths are left out");
	view_sort(&v);
	CHECK(v.e[0].count == 12 && v.e[1].count == 4 &&
	      v.e[1].auth_kind == TPSTAT_AUTH_MD5_REQUIRED &&
	      v.e[2].auth_kind == TPSTAT_AUTH_MD5_MISMATCH && v.e[3].count == 1 &&
	      v.e[3].has_auth_kind && !v.e[4].has_auth_kind,
	      "most first, ties by kind, no kind last");
	cur_view = v;
	s = capture(view_text, &text);
	nstext = netns_text(ns, nsbuf, sizeof(nsbuf));
	snprintf(want, sizeof(want),
		 "   COUNT  KIND          PEER       LPORT  NETNS\n"
		 "      12  MD5 mismatch  10.0.0.2     179  %s\n"
		 "       4  MD5 required  10.0.0.2     179  %s\n"
		 "       4  MD5 mismatch  fd00::2      179  %s\n"
		 "       1  kind 200      192.0.2.7     22  4026531840\n"
		 "       1  -             -              -  4026531840\n"
		 "overflow: 0 lost updates (table 5/256)\n", nstext, nstext, nstext);
	CHECK(!strcmp(s, want), "auth text:\n%s", s);

	s = capture(view_text, &json);
	if (name)
		snprintf(nsjson, sizeof(nsjson), "\"netns\":%u,\"netns_name\":\"%s\"",
			 ns, name);
	else
		snprintf(nsjson, sizeof(nsjson), "\"netns\":%u", ns);
	snprintf(want, sizeof(want),
		 "{\"schema_version\":1,\"view\":\"auth\",\"overflow\":0,"
		 "\"entries\":5,\"capacity\":256,\"auth_failures\":["
		 "{\"count\":12,\"kind\":\"md5_mismatch\",\"kind_code\":%d,"
		 "\"family\":\"ipv4\",\"peer\":\"10.0.0.2\",\"port\":179,%s},",
		 TPSTAT_AUTH_MD5_MISMATCH, nsjson);
	CHECK(!strncmp(s, want, strlen(want)), "auth JSON, first entry:\n%s", s);
	snprintf(want, sizeof(want),
		 "{\"count\":4,\"kind\":\"md5_mismatch\",\"kind_code\":%d,"
		 "\"family\":\"ipv6\",\"peer\":\"fd00::2\",\"port\":179,%s}",
		 TPSTAT_AUTH_MD5_MISMATCH, nsjson);
	CHECK(strstr(s, want), "auth JSON, IPv6 peer: %s", s);
	CHECK(strstr(s, "{\"count\":1,\"kind\":null,\"kind_code\":200,"
		     "\"family\":\"ipv4\",\"peer\":\"192.0.2.7\",\"port\":22,"
		     "\"netns\":4026531840}"),
	      "auth JSON, unknown kind: null name, its number: %s", s);
	CHECK(strstr(s, "{\"count\":1,\"kind\":null,\"kind_code\":null,"
		     "\"family\":\"ipv4\",\"peer\":null,\"port\":null,"
		     "\"netns\":4026531840}]}\n"),
	      "auth JSON, wrong lengths: null: %s", s);
	view_free(&v);

	s = view_error_text(TPSTAT_VIEW_AUTH, -EOPNOTSUPP,
			    "tpstat: this view is unavailable: the kernel has none of the TCP-MD5/AO failure tracepoints tcp:tcp_hash_* and tcp:tcp_ao_* (6.7 on)");
	CHECK(!strcmp(s, "tpstat: auth view: this view is unavailable: the kernel has none of the TCP-MD5/AO failure tracepoints tcp:tcp_hash_* and tcp:tcp_ao_* (6.7 on)\n"),
	      "auth refused: the kernel's words: %s", s);
	s = view_error_text(TPSTAT_VIEW_AUTH, -EOPNOTSUPP, NULL);
	CHECK(strstr(s, "tpstat: auth view: not available (the kernel has none of") == s,
	      "auth refused, no words: %s", s);
	s = view_error_text(TPSTAT_VIEW_AUTH, -EPERM, NULL);
	CHECK(!strcmp(s, "tpstat: permission denied: the auth view names sockets and needs CAP_NET_ADMIN (run as root)\n"),
	      "auth without CAP_NET_ADMIN: %s", s);
	fail_nl.extack[0] = '\0';
}

/* ---- netlink control messages and the monitor's alerts ------------------ */

#define TEST_FAMILY 0x1a
#define TEST_TIME 1795628703	/* 2026-11-25T17:45:03Z */

static struct nlmsghdr *genl_new(uint16_t type, uint8_t cmd)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(msgbuf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

	nlh->nlmsg_type = type;
	g->cmd = cmd;
	g->version = 1;
	return nlh;
}

static void put_group(struct nlmsghdr *nlh, int index, const char *name,
		      uint32_t id)
{
	struct nlattr *g = mnl_attr_nest_start(nlh, index);

	mnl_attr_put_u32(nlh, CTRL_ATTR_MCAST_GRP_ID, id);
	mnl_attr_put_strz(nlh, CTRL_ATTR_MCAST_GRP_NAME, name);
	mnl_attr_nest_end(nlh, g);
}

static void test_genl_ctrl(void)
{
	struct nlmsghdr *nlh;
	struct nlattr *nest;
	uint32_t id = 0;

	/* A GETFAMILY reply as nlctrl writes it. */
	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_NEWFAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY);
	nest = mnl_attr_nest_start(nlh, CTRL_ATTR_MCAST_GROUPS);
	put_group(nlh, 1, "other", 7);
	put_group(nlh, 2, TPSTAT_MCGRP_ALERTS, 42);
	mnl_attr_nest_end(nlh, nest);
	CHECK(!genl_group_id(nlh, TPSTAT_MCGRP_ALERTS, &id) && id == 42,
	      "the alerts group's id (%u)", id);
	CHECK(genl_group_id(nlh, "notify", &id) == -ENOENT, "no such group");
	CHECK(!genl_family_deleted(nlh, TPSTAT_GENL_NAME, TEST_FAMILY),
	      "NEWFAMILY is not a removal");

	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_NEWFAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, "old");
	CHECK(genl_group_id(nlh, TPSTAT_MCGRP_ALERTS, &id) == -ENOENT,
	      "a family without groups");

	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_DELFAMILY);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	CHECK(genl_family_deleted(nlh, TPSTAT_GENL_NAME, TEST_FAMILY),
	      "DELFAMILY tpstat");
	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_DELFAMILY);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY);
	CHECK(genl_family_deleted(nlh, TPSTAT_GENL_NAME, TEST_FAMILY),
	      "DELFAMILY by id alone");
	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_DELFAMILY);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY + 1);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, "wireguard");
	CHECK(!genl_family_deleted(nlh, TPSTAT_GENL_NAME, TEST_FAMILY),
	      "another family's removal");
}

static struct tpnl mon_nl = { .family = TEST_FAMILY };
static struct out_opts mon_opts;
static struct monitor mon = {
	.nl = &mon_nl, .kinds = ALERT_KINDS_ALL, .o = &mon_opts,
	.now = TEST_TIME,
};

/* What the monitor prints for the message in msgbuf. */
static void mon_msg(FILE *f, void *arg)
{
	mon.out = f;
	mon_opts = *(struct out_opts *)arg;
	monitor_msg_cb((struct nlmsghdr *)msgbuf, &mon);
}

static struct nlmsghdr *alert_new(uint8_t cmd, int kind)
{
	struct nlmsghdr *nlh = genl_new(TEST_FAMILY, cmd);

	if (kind >= 0)
		mnl_attr_put_u8(nlh, TPSTAT_A_ALERT_KIND, kind);
	return nlh;
}

static void put_drop_alert(const char *reason, uint32_t code,
			   uint32_t ifindex, const char *ifname,
			   uint64_t count)
{
	struct nlmsghdr *nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_DROPS);

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "tcp_v4_rcv+0x9e/0x1040");
	if (reason) {
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, code);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, reason);
	}
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (ifname)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, ifname);
	mnl_attr_put(nlh, TPSTAT_A_PAD, 0, NULL);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
}

/* What the tests expect for the namespace: its name, or 7 where skipped. */
static const char *web(void)
{
	return ns_web ? "alpha" : "7";
}

static bool line_is(const char *got, const char *fmt)
{
	char want[512];

	snprintf(want, sizeof(want), fmt, web());
	if (strcmp(got, want) && !sample)
		printf("want: %sgot:  %s", want, got);
	return !strcmp(got, want);
}

static void test_alert_drops(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	char *s, want[512];

	put_drop_alert("NO_SOCKET", 2, 1, "lo", 12);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 12 drops at tcp_v4_rcv+0x9e/0x1040 NO_SOCKET (2) netns %s dev lo\n"),
	      "drops text");
	s = capture(mon_msg, &json);
	snprintf(want, sizeof(want),
		 "{\"time\":\"2026-11-25T17:45:03Z\",\"kind\":\"drops\",\"count\":12,"
		 "\"location\":\"tcp_v4_rcv+0x9e/0x1040\",\"reason\":\"NO_SOCKET\","
		 "\"reason_code\":2,\"netns\":%u,%s\"ifindex\":1,\"ifname\":\"lo\"}\n",
		 ns_web ? ns_web : 7, ns_web ? "\"netns_name\":\"alpha\"," : "");
	CHECK(!strcmp(s, want), "drops JSON: %s", s);

	/* Before 5.17: no reason, none invented; a device gone; none. */
	put_drop_alert(NULL, 0, 7, NULL, 1);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 1 drop at tcp_v4_rcv+0x9e/0x1040 netns %s dev if7\n"),
	      "a drop without reason, its device gone");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"reason\":null,\"reason_code\":null,") &&
	      strstr(s, "\"ifindex\":7,\"ifname\":null}"), "no reason JSON: %s", s);
	put_drop_alert(NULL, 0, 0, NULL, 3);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 3 drops at tcp_v4_rcv+0x9e/0x1040 netns %s\n"),
	      "no device part for ifindex 0");
}

static void put_reset_alert(bool sent, bool reason, uint64_t n)
{
	static const uint8_t peer[4] = { 10, 0, 0, 2 };
	struct nlmsghdr *nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_RESETS);

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, sent ? 8080 : 41234);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
	if (reason) {
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 2);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, "NO_SOCKET");
	}
	mnl_attr_put_u64(nlh, sent ? TPSTAT_A_RST_SENT : TPSTAT_A_RST_RECEIVED, n);
}

static void test_alert_resets(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	char *s;

	put_reset_alert(true, true, 3);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 3 resets sent on port 8080 to 10.0.0.2 NO_SOCKET (2) netns %s\n"),
	      "resets sent");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"kind\":\"resets\",\"count\":3,\"direction\":\"sent\",\"netns\":") &&
	      strstr(s, "\"family\":\"ipv4\",\"local_port\":8080,\"remote\":\"10.0.0.2\","
		     "\"reason\":\"NO_SOCKET\",\"reason_code\":2}\n"), "resets JSON: %s", s);
	put_reset_alert(false, false, 1);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 1 reset received on port 41234 from 10.0.0.2 netns %s\n"),
	      "a reset received");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"count\":1,\"direction\":\"received\",") &&
	      strstr(s, "\"reason\":null,\"reason_code\":null}"), "received JSON: %s", s);
}

static void put_retrans_alert(bool v6, bool synack, uint64_t n)
{
	static const uint8_t a4[4] = { 10, 0, 0, 1 }, b4[4] = { 10, 0, 0, 2 };
	static const uint8_t a6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	static const uint8_t b6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 };
	struct nlmsghdr *nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_RETRANS);

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, v6 ? AF_INET6 : AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, v6 ? 16 : 4, v6 ? a6 : a4);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 443);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, v6 ? 16 : 4, v6 ? b6 : b4);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 51234);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, synack ? 3 : 1);
	mnl_attr_put_u64(nlh, synack ? TPSTAT_A_SYNACK_RETRANS : TPSTAT_A_RETRANS, n);
}

static void test_alert_retrans(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	char *s;

	put_retrans_alert(false, false, 5);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 5 retransmits 10.0.0.1:443 -> 10.0.0.2:51234 ESTABLISHED netns %s\n"),
	      "retransmits");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"kind\":\"retrans\",\"count\":5,\"synack\":false,\"netns\":") &&
	      strstr(s, "\"family\":\"ipv4\",\"local\":\"10.0.0.1\",\"local_port\":443,"
		     "\"remote\":\"10.0.0.2\",\"remote_port\":51234,\"state\":\"ESTABLISHED\","
		     "\"state_code\":1}\n"), "retrans JSON: %s", s);
	put_retrans_alert(true, true, 1);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 1 SYN-ACK retransmit [2001:db8::1]:443 -> [2001:db8::2]:51234 SYN_RECV netns %s\n"),
	      "a SYN-ACK retransmit over IPv6");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"synack\":true,") && strstr(s, "\"family\":\"ipv6\",\"local\":\"2001:db8::1\","),
	      "SYN-ACK JSON: %s", s);
}

static void test_alert_states_errors(void)
{
	static const uint8_t peer[4] = { 10, 0, 0, 2 };
	struct out_opts text = { 0 }, json = { .json = true };
	struct nlmsghdr *nlh;
	char *s, want[160];

	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_STATES);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_OLD_STATE, 2);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, 7);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 40);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 40 TCP SYN_SENT -> CLOSE netns %s\n"), "states");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"kind\":\"states\",\"count\":40,\"netns\":") &&
	      strstr(s, "\"family\":\"ipv4\",\"old_state\":\"SYN_SENT\",\"old_state_code\":2,"
		     "\"new_state\":\"CLOSE\",\"new_state_code\":7}\n"), "states JSON: %s", s);

	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_ERRORS);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 41000);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 80);
	mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, ECONNREFUSED);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 4);
	s = capture(mon_msg, &text);
	snprintf(want, sizeof(want),
		 "17:45:03 4 socket errors ECONNREFUSED (%d) on port 41000 to 10.0.0.2:80 netns %%s\n",
		 ECONNREFUSED);
	CHECK(line_is(s, want), "socket errors");
	s = capture(mon_msg, &json);
	snprintf(want, sizeof(want), "\"errno\":%d,\"error\":\"ECONNREFUSED\",\"message\":\"%s\"}\n",
		 ECONNREFUSED, strerror(ECONNREFUSED));
	CHECK(strstr(s, "\"kind\":\"errors\",\"count\":4,\"netns\":") &&
	      strstr(s, "\"family\":\"ipv4\",\"local_port\":41000,\"remote\":\"10.0.0.2\","
		     "\"remote_port\":80,") && strstr(s, want), "errors JSON: %s", s);
	CHECK(!strcmp(errno_name(ETIMEDOUT), "ETIMEDOUT") &&
	      !strcmp(errno_name(EHOSTUNREACH), "EHOSTUNREACH") &&
	      !errno_name(0) && !errno_name(4000), "errno names");

	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_ERRORS);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 5353);
	mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, 4000);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, "17:45:03 1 socket error errno 4000 on port 5353 to ?:0\n"),
	      "an unknown errno, no address, no netns: %s", s);
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"count\":1,\"netns\":null,\"family\":null,") &&
	      strstr(s, "\"errno\":4000,\"error\":null,\"message\":"), "unknown errno JSON: %s", s);
}

static void test_alert_lost(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct nlmsghdr *nlh;
	char *s;

	nlh = alert_new(TPSTAT_CMD_ALERTS_LOST, TPSTAT_ALERT_RESETS);
	mnl_attr_put_u64(nlh, TPSTAT_A_ALERTS_LOST, 12);
	mnl_attr_put_u64(nlh, TPSTAT_A_EVENTS_LOST, 340);
	mnl_attr_put_u32(nlh, TPSTAT_A_ALERT_RATE, 100);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, "17:45:03 resets: 12 alerts lost (340 events; limit 100 alerts/s)\n"),
	      "alerts lost: %s", s);
	s = capture(mon_msg, &json);
	CHECK(!strcmp(s, "{\"time\":\"2026-11-25T17:45:03Z\",\"kind\":\"resets\","
		      "\"alerts_lost\":12,\"events_lost\":340,\"rate\":100}\n"),
	      "alerts lost JSON: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERTS_LOST, TPSTAT_ALERT_DROPS);
	mnl_attr_put_u64(nlh, TPSTAT_A_ALERTS_LOST, 1);
	mnl_attr_put_u64(nlh, TPSTAT_A_EVENTS_LOST, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_ALERT_RATE, 1);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, "17:45:03 drops: 1 alert lost (1 event; limit 1 alerts/s)\n"),
	      "one alert lost: %s", s);
}

static void overrun_out(FILE *f, void *arg)
{
	alert_print_overrun(f, arg, TEST_TIME, 3);
}

static void test_alert_filtering(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct nlmsghdr *nlh;
	char *s;

	s = capture(overrun_out, &text);
	CHECK(!strcmp(s, "17:45:03 alerts lost: socket receive buffer overrun\n"),
	      "overrun: %s", s);
	s = capture(overrun_out, &json);
	CHECK(!strcmp(s, "{\"time\":\"2026-11-25T17:45:03Z\",\"lost\":\"overrun\",\"overruns\":3}\n"),
	      "overrun JSON: %s", s);

	/* Kinds not asked for, ALERTS_LOST included, print nothing. */
	mon.kinds = 1U << TPSTAT_ALERT_ERRORS;
	put_drop_alert("NO_SOCKET", 2, 1, "lo", 12);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "drops skipped when only errors are asked: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERTS_LOST, TPSTAT_ALERT_DROPS);
	mnl_attr_put_u64(nlh, TPSTAT_A_ALERTS_LOST, 1);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "their losses too: %s", s);
	mon.kinds = ALERT_KINDS_ALL;

	/* An alert with wrong lengths is not printed. */
	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_STATES);
	mnl_attr_put_u16(nlh, TPSTAT_A_NETNS, 5);		/* u32 wanted */
	mnl_attr_put_u32(nlh, TPSTAT_A_OLD_STATE, 2);		/* u8 wanted */
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, 1);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "wrong lengths: not printed: %s", s);
	/* Unknown attributes and kinds are ignored. */
	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_STATES);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, 1);
	mnl_attr_put_strz(nlh, TPSTAT_A_MAX + 5, "from a newer module");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, "17:45:03 2 TCP ? -> ESTABLISHED\n"), "unknown left out: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERT, __TPSTAT_ALERT_CNT);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "an unknown kind is skipped: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERT, -1);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "no kind: skipped: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_DROPS);
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "x+0x1/0x2");
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "no count, no line: %s", s);
	nlh = alert_new(TPSTAT_CMD_GET_INFO, TPSTAT_ALERT_DROPS);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "another command is no alert: %s", s);
	put_drop_alert("NO_SOCKET", 2, 1, "lo", 12);
	((struct nlmsghdr *)msgbuf)->nlmsg_type = TEST_FAMILY + 1;
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "another family's message is skipped: %s", s);
}

/* An NLMSG_ERROR answering request @seq: @error 0 is an ack. */
static void put_ack(uint32_t seq, int error, const char *extack)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(msgbuf);
	struct nlmsgerr *e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));

	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_seq = seq;
	e->error = error;
	e->msg.nlmsg_len = sizeof(e->msg);	/* the request, capped */
	e->msg.nlmsg_seq = seq;
	if (extack) {
		nlh->nlmsg_flags |= NLM_F_ACK_TLVS | NLM_F_CAPPED;
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, extack);
	}
}

static void test_monitor_control(void)
{
	struct out_opts text = { 0 };
	struct nlmsghdr *nlh;
	char *s;

	mon.first_seq = 100;
	mon.last_seq = 101;
	put_ack(99, -EPERM, NULL);
	capture(mon_msg, &text);
	CHECK(!mon.err && !mon.acked, "another request's error is not ours");
	put_ack(101, 0, NULL);
	capture(mon_msg, &text);
	CHECK(mon.acked && !mon.err, "the ack of the second request");
	put_ack(100, -EPERM, "tpstat: alerts need CAP_NET_ADMIN");
	CHECK(monitor_msg_cb((struct nlmsghdr *)msgbuf, &mon) == MNL_CB_STOP &&
	      mon.err == -EPERM &&
	      !strcmp(tpnl_strerror(&mon_nl, mon.err), "alerts need CAP_NET_ADMIN"),
	      "a refusal keeps the kernel's words: %s", mon_nl.extack);
	mon.err = 0;
	mon.acked = false;

	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_NEWFAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	s = capture(mon_msg, &text);
	CHECK(!mon.unloaded && !strcmp(s, ""), "a family coming is nothing");
	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_DELFAMILY);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	CHECK(monitor_msg_cb(nlh, &mon) == MNL_CB_STOP && mon.unloaded,
	      "rmmod: DELFAMILY tpstat stops the monitor");
	mon.unloaded = false;
}

static void test_monitor(void)
{
	test_genl_ctrl();
	test_alert_drops();
	test_alert_resets();
	test_alert_retrans();
	test_alert_states_errors();
	test_alert_lost();
	test_alert_filtering();
	test_monitor_control();
}

/* ---- selectors, --sort, -h and -H ---------------------------------------- */

/* A row with the fields selectors read; family from the address lengths. */
static struct view_entry sel_row(const char *src, const char *dst,
				 int sport, int dport)
{
	struct view_entry e;

	memset(&e, 0, sizeof(e));
	if (src) {
		e.saddr_len = strchr(src, ':') ? 16 : 4;
		inet_pton(e.saddr_len == 16 ? AF_INET6 : AF_INET, src, e.saddr);
	}
	if (dst) {
		e.daddr_len = strchr(dst, ':') ? 16 : 4;
		inet_pton(e.daddr_len == 16 ? AF_INET6 : AF_INET, dst, e.daddr);
	}
	e.has_sport = sport >= 0;
	e.sport = sport >= 0 ? sport : 0;
	e.has_dport = dport >= 0;
	e.dport = dport >= 0 ? dport : 0;
	return e;
}

/* Whether the words of @line select @e; -1 when they do not parse. */
static int sel_says(const char *line, const struct view_entry *e)
{
	static char buf[256];
	const char *words[16];
	struct selector s;
	char err[256];
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	for (char *t = strtok(buf, " "); t && n < 16; t = strtok(NULL, " "))
		words[n++] = t;
	if (select_parse(n, words, &s, err, sizeof(err)))
		return -1;
	return select_match(&s, e);
}

static void test_select(void)
{
	struct view_entry v4 = sel_row("10.1.2.3", "192.168.7.9", 40000, 443);
	struct view_entry v6 = sel_row("fd00:1::5", "2001:db8::1", 80, 51000);
	struct view_entry mapped = sel_row("::ffff:10.9.8.7", NULL, -1, 53);
	struct view_entry e;
	const char *words[4];
	struct selector s;
	char err[256];

	/* IPv4 prefixes: the bits up to the length, no further. */
	CHECK(sel_says("src 10.0.0.0/8", &v4) == 1, "src 10/8");
	CHECK(sel_says("src 10.1.2.3", &v4) == 1, "src host /32");
	CHECK(sel_says("src 10.1.2.2", &v4) == 0, "src other host");
	CHECK(sel_says("src 10.1.2.0/31", &v4) == 0, "/31 ends at .1");
	CHECK(sel_says("src 10.1.2.2/31", &v4) == 1, "/31 has .2 and .3");
	CHECK(sel_says("dst 192.168.0.0/17", &v4) == 1, "dst /17");
	CHECK(sel_says("dst 192.168.128.0/17", &v4) == 0, "dst other /17");
	CHECK(sel_says("src 0.0.0.0/0", &v4) == 1, "/0: any IPv4");
	CHECK(sel_says("src 0.0.0.0/0", &v6) == 0, "/0 IPv4: not IPv6");
	CHECK(sel_says("src 10.0.0.0/8", &mapped) == 1,
	      "an IPv4 prefix takes an IPv4-mapped IPv6 address");
	/* IPv6 */
	CHECK(sel_says("src fd00::/8", &v6) == 1, "src fd00::/8");
	CHECK(sel_says("src fd00:1::/32", &v6) == 1, "/32");
	CHECK(sel_says("src fd00:2::/32", &v6) == 0, "other /32");
	CHECK(sel_says("dst 2001:db8::1/128", &v6) == 1, "dst /128");
	CHECK(sel_says("dst 2001:db8::/127", &v6) == 1, "/127 has ::1");
	CHECK(sel_says("dst 2001:db8::2/127", &v6) == 0, "/127 ::2 and ::3");
	CHECK(sel_says("dst ::/0", &v4) == 0, "IPv6 /0: not IPv4");
	CHECK(sel_says("src fd00::/8", &mapped) == 0, "mapped is not fd00::/8");
	/* ports: one, :one, ranges; port is either */
	CHECK(sel_says("dport 443", &v4) == 1 && sel_says("dport :443", &v4) == 1,
	      "dport 443, :443");
	CHECK(sel_says("sport 443", &v4) == 0, "sport is the local port");
	CHECK(sel_says("sport 32768-60999", &v4) == 1, "sport range");
	CHECK(sel_says("sport 40001-60999", &v4) == 0, "range after it");
	CHECK(sel_says("port 53", &mapped) == 1 && sel_says("port 80", &v6) == 1 &&
	      sel_says("port 81", &v6) == 0, "port: the one the row has");
	CHECK(sel_says("sport 53", &mapped) == 0, "no SPORT: no sport match");
	/* keys AND, a key given twice OR */
	CHECK(sel_says("dport 80 dport 443", &v4) == 1, "dport 80 or 443");
	CHECK(sel_says("dport 443 src 10.0.0.0/8", &v4) == 1, "both match");
	CHECK(sel_says("dport 443 src 11.0.0.0/8", &v4) == 0, "one does not");
	/* errno, reason, dev, netns */
	memset(&e, 0, sizeof(e));
	e.has_err = true;
	e.err = ECONNREFUSED;
	CHECK(sel_says("errno ECONNREFUSED", &e) == 1 &&
	      sel_says("errno econnrefused", &e) == 1, "errno by name, any case");
	snprintf(err, sizeof(err), "errno %d", ECONNREFUSED);
	CHECK(sel_says(err, &e) == 1, "errno by number");
	CHECK(sel_says("errno ETIMEDOUT", &e) == 0, "another errno");
	e.has_err = false;
	CHECK(sel_says("errno ECONNREFUSED", &e) == 0, "a row without errno");
	e.has_reason = e.has_reason_name = true;
	e.reason = 2;
	e.reason_name = "NO_SOCKET";
	CHECK(sel_says("reason NO_SOCKET", &e) == 1 &&
	      sel_says("reason no_socket", &e) == 1 &&
	      sel_says("reason SKB_DROP_REASON_NO_SOCKET", &e) == 1 &&
	      sel_says("reason 2", &e) == 1, "reason: name, enum name, code");
	CHECK(sel_says("reason TCP_CSUM", &e) == 0 && sel_says("reason 3", &e) == 0,
	      "other reasons");
	e.has_ifname = true;
	e.ifname = "eth0";
	e.ifindex = 2;
	e.netns = 4026531840U;
	CHECK(sel_says("dev eth0", &e) == 1 && sel_says("dev 2", &e) == 1 &&
	      sel_says("dev eth1", &e) == 0, "dev: name or ifindex");
	CHECK(sel_says("netns 4026531840", &e) == 1 &&
	      sel_says("netns 4026531841", &e) == 0, "netns by inode");
	/* bad input: a usage error naming what it wanted */
	CHECK(sel_says("src 10.0.0.0/33", &v4) == -1, "/33");
	CHECK(sel_says("src fd00::/129", &v6) == -1, "/129");
	CHECK(sel_says("src 10.0.0", &v4) == -1, "not an address");
	CHECK(sel_says("src 10.0.0.0/", &v4) == -1, "empty length");
	CHECK(sel_says("dport 65536", &v4) == -1, "port past 65535");
	CHECK(sel_says("dport 90-80", &v4) == -1, "a range backwards");
	CHECK(sel_says("dport http", &v4) == -1, "a service name");
	CHECK(sel_says("errno ENOTANERRNO", &e) == -1, "unknown errno");
	CHECK(sel_says("netns a/b", &e) == -1, "netns name with a slash");
	CHECK(sel_says("dport", &v4) == -1, "a key without its value");
	words[0] = "dport";
	CHECK(select_parse(1, words, &s, err, sizeof(err)) == 2 &&
	      !strcmp(err, "dport needs a port or a range (443, 1024-65535)"),
	      "its message: %s", err);
	words[0] = "src";
	words[1] = "10.0.0.0/33";
	CHECK(select_parse(2, words, &s, err, sizeof(err)) == 2 &&
	      strstr(err, "not '10.0.0.0/33'"), "names the value: %s", err);
	/* a view's keys */
	words[0] = "dev";
	words[1] = "eth0";
	select_parse(2, words, &s, err, sizeof(err));
	CHECK(select_check(&s, (*view_ops(TPSTAT_VIEW_RETRANS)).selectors, "retrans", err,
			   sizeof(err)) == 2 &&
	      !strcmp(err, "dev is not a selector of retrans (its selectors: src, dst, sport, dport, netns)"),
	      "a key the view lacks: %s", err);
	CHECK(!select_check(&s, (*view_ops(TPSTAT_VIEW_DROPS)).selectors, "drops", err,
			    sizeof(err)), "drops has dev");
	CHECK(select_check(&s, (*view_ops(TPSTAT_VIEW_STATES)).selectors, "states", err,
			   sizeof(err)) == 2 && strstr(err, "(its selectors: none)"),
	      "states has none: %s", err);
}

/* Selectors from the command line to the rows printed. */
static void test_select_views(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct options o;
	char err[256], *s;
	struct view v;

	CHECK(!parse("retrans dst 10.0.0.0/8 dport 443", &o, err) &&
	      o.sel.n == 2 && o.sel.keys == (SEL_BIT(SEL_DST) | SEL_BIT(SEL_DPORT)),
	      "retrans selectors: %s", err);
	CHECK(parse("retrans dev eth0", &o, err) == 2 &&
	      strstr(err, "dev is not a selector of retrans"), "%s", err);
	CHECK(parse("drops --by trap dev eth0", &o, err) == 2 &&
	      strstr(err, "not a selector of traps"), "%s", err);
	CHECK(!parse("drops --by dev dev eth0 reason NO_SOCKET", &o, err),
	      "drops dev and reason: %s", err);
	CHECK(!parse("errors errno ECONNREFUSED port 5001", &o, err),
	      "errors: %s", err);
	CHECK(!parse("rcvq port 53", &o, err), "rcvq port: %s", err);
	CHECK(parse("retrans port 53", &o, err) == 2, "retrans has no port");
	CHECK(!parse("neigh dev eth0 dst 10.0.0.0/8", &o, err), "neigh: %s", err);
	CHECK(!parse("auth dst fd00::/8 port 179", &o, err), "auth: %s", err);
	CHECK(!parse("resets dst 10.0.0.0/8 reason NOT_SPECIFIED", &o, err),
	      "resets: %s", err);
	CHECK(!parse("lifetime port 5001", &o, err), "lifetime: %s", err);
	CHECK(!parse("devices dev lo --sort rx_bytes", &o, err), "devices: %s", err);

	/* drops by reason, only eth0's: selected before they are summed */
	drops_view(&v);
	{
		const char *w[] = { "dev", "eth0" };
		struct selector sel;

		select_parse(2, w, &sel, err, sizeof(err));
		select_apply(&sel, &v);
		CHECK(v.n == 2, "eth0's two drops rows: %zu", v.n);
		drops_aggregate(&v, BY_REASON, 0);
		cur_view = v;
		cur_by = BY_REASON;
		s = capture(view_text, &text);
		CHECK(!strcmp(s, "   COUNT  REASON\n       5  NO_SOCKET (2)\n"
			      "overflow: 3 lost updates (table 5/1024)\n"),
		      "dev eth0 by reason: 5 (the 0-count row too):\n%s", s);
		s = capture(view_text, &json);
		CHECK(strstr(s, "\"drops\":[{\"reason\":\"NO_SOCKET\",\"reason_code\":2,\"count\":5}]"),
		      "and in JSON: %s", s);
	}
	view_free(&v);
}

static void test_sort_top(void)
{
	struct out_opts text = { 0 };
	struct options o;
	char err[256], *s;
	struct view v;

	CHECK(!parse("errors --sort netns --top 2", &o, err) &&
	      !strcmp(o.va.sort, "netns") && o.va.top == 2, "errors --sort --top: %s", err);
	CHECK(parse("errors --sort bogus", &o, err) == 2 &&
	      !strcmp(err, "errors cannot be sorted by 'bogus' (its fields: count, error, proto, service, netns)"),
	      "an unknown field names the fields: %s", err);
	CHECK(parse("drops --by trap --sort name", &o, err) == 0, "traps sort by name");
	/* Each view by its own name; the older words still parse. */
	CHECK(!parse("traps", &o, err) && cmd_of(&o) == CMD_TRAPS && o.va.by == BY_TRAP,
	      "traps is drops --by trap: %s", err);
	CHECK(parse("traps --by reason", &o, err) == 2 &&
	      strstr(err, "traps takes no --by"), "traps --by: %s", err);
	CHECK(!parse("traps --by trap", &o, err) && o.va.by == BY_TRAP, "traps --by trap: %s", err);
	CHECK(!parse("lifetimes", &o, err) && cmd_of(&o) == CMD_LIFETIME, "lifetimes: %s", err);
	CHECK(!parse("lifetime", &o, err) && cmd_of(&o) == CMD_LIFETIME, "lifetime: %s", err);
	CHECK(!parse("hists srtt_us", &o, err) && cmd_of(&o) == CMD_HIST, "hists: %s", err);
	CHECK(!parse("hist", &o, err) && cmd_of(&o) == CMD_HIST, "hist: %s", err);
	CHECK(!parse("help traps", &o, err) && help_of(&o) == CMD_TRAPS &&
	      strstr(cli_usage(o.help_for, o.help_view), "tpstat traps"),
	      "help traps: %s", err);
	CHECK(parse("retrans --sort", &o, err) == 2, "--sort without a field");
	CHECK(view_field_find(&(*view_ops(TPSTAT_VIEW_RETRANS)), "synack") &&
	      !view_field_find(&(*view_ops(TPSTAT_VIEW_RETRANS)), "count"), "retrans' fields");

	/* by location, most first; --sort name: by location, A-Z; --top 2 */
	drops_view(&v);
	drops_aggregate(&v, BY_LOCATION, 0);
	CHECK(v.n == 3 && v.e[0].count == 9, "default: most first");
	CHECK(!view_sort_field(&v, view_field_find(&(*view_ops(TPSTAT_VIEW_DROPS)), "name")),
	      "sorted");
	CHECK(!strcmp(v.e[0].location, "ip_rcv_core+0x1c4/0x2f0") &&
	      !strcmp(v.e[1].location, "tcp_v4_rcv+0x88/0x900") &&
	      !strcmp(v.e[2].location, "udp_queue_rcv+0x10/0x20"),
	      "by name: %s %s %s", v.e[0].location, v.e[1].location,
	      v.e[2].location);
	view_truncate(&v, 2);
	CHECK(v.n == 2, "--top 2");
	view_free(&v);

	/* stable: ties keep the view's own order (4 and 4 by reason) */
	drops_view(&v);
	drops_aggregate(&v, BY_REASON, 0);
	view_sort_field(&v, view_field_find(&(*view_ops(TPSTAT_VIEW_DROPS)), "count"));
	CHECK(v.n == 3 && v.e[0].count == 8 && !v.e[1].has_reason &&
	      v.e[2].reason == 3, "count ties keep '-' before '?'");
	cur_view = v;
	cur_by = BY_REASON;
	text.no_header = true;
	s = capture(view_text, &text);
	CHECK(!strncmp(s, "       8  NO_SOCKET (2)\n", 24), "-H: no header:\n%s", s);
	view_free(&v);
}

static void test_human(void)
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

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
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
	CHECK(strstr(s, "\"count\":1234571}"), "-h never in JSON: %s", s);
	view_free(&v);
}

static const struct view_interval *cur_iv;

static void interval_text(FILE *f, void *arg)
{
	print_view_interval(f, arg, &cur_view, cur_by, NULL, cur_iv);
}

/* -i with -H: the interval's line stays, the table's header goes. */
static void test_interval_no_header(void)
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
/* A test order with ties: count, then sport; rows equal in both tie. */
static int sort_test_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count < b->count ? -1 : 1;
	return (a->sport > b->sport) - (a->sport < b->sport);
}

VIEW_SORT(sort_test_sort, sort_test_qsort)

/*
 * view_rows_sort() against qsort(), at sizes around each merge width;
 * and every view's ->sort a permutation that leaves sorted rows as they
 * are.
 */
static void test_view_rows_sort(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 7, 8, 9, 63, 64, 65, 1000 };
	struct view_entry *a = calloc(1000, sizeof(*a));
	struct view_entry *b = calloc(1000, sizeof(*b));
	unsigned int seed = 7;

	if (!a || !b)
		abort();
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		size_t n = sizes[s], bad = 0;

		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245 + 12345;
			a[i].count = seed >> 28;	/* many ties */
			a[i].sport = (seed >> 8) & 0xff;
			a[i].dport = i;			/* tells rows apart */
		}
		memcpy(b, a, n * sizeof(*a));
		sort_test_sort(a, n);
		qsort(b, n, sizeof(*b), sort_test_qsort);
		for (size_t i = 0; i < n; i++)
			bad += sort_test_qsort(&a[i], &b[i]) != 0 ||
			       (i && a[i - 1].count == a[i].count &&
				a[i - 1].sport == a[i].sport &&
				a[i - 1].dport > a[i].dport);
		CHECK(!bad, "view_rows_sort() of %zu rows: %zu out of order or unstable",
		      n, bad);
	}
	for (size_t i = 0; view_at(i); i++) {
		const struct view_ops *ops = view_at(i);
		size_t n = 300, bad = 0;

		if (!ops->sort)
			continue;
		memset(a, 0, n * sizeof(*a));
		for (size_t k = 0; k < n; k++) {
			seed = seed * 1103515245 + 12345;
			a[k].count = a[k].retrans = a[k].rst_sent = seed >> 29;
			a[k].synack_retrans = a[k].rst_received = (seed >> 12) & 3;
			a[k].sport = k;
			a[k].saddr_len = a[k].daddr_len = 4;
			a[k].saddr[3] = seed >> 20;
			a[k].old_state = a[k].new_state = (seed >> 4) & 7;
			a[k].netns = 1 + (seed & 1);
			a[k].ifname = a[k].reason_name = a[k].location = "";
		}
		ops->sort(a, n);
		memcpy(b, a, n * sizeof(*a));
		ops->sort(b, n);
		for (size_t k = 0; k < n; k++)
			bad += memcmp(&a[k], &b[k], sizeof(*a)) != 0;
		CHECK(!bad, "%s: ->sort moves %zu of %zu rows it has sorted",
		      ops->name, bad, n);
		/* Each row once: sport numbers them 0..n-1. */
		bad = 0;
		memset(b, 0, n * sizeof(*b));
		for (size_t k = 0; k < n; k++)
			b[a[k].sport].count++;
		for (size_t k = 0; k < n; k++)
			bad += b[k].count != 1;
		CHECK(!bad, "%s: ->sort keeps each row once", ops->name);
	}
	free(a);
	free(b);
}

static void test_json_u64(void)
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

	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
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

static void test_netns_init(void)
{
	struct json j;
	char buf[32], *out = NULL;
	size_t len = 0;
	FILE *f;

	netns_set_init(4026531840U);
	CHECK(!strcmp(netns_text(4026531840U, buf, sizeof(buf)), "init"),
	      "the initial namespace prints as init");
	CHECK(!strcmp(netns_text(4026532000U, buf, sizeof(buf)), "4026532000"),
	      "another without a name: its number");
	f = open_memstream(&out, &len);
	json_init(&j, f, false);
	json_object_open(&j);
	netns_json(&j, 4026531840U);
	json_object_close(&j);
	json_end(&j);
	fclose(f);
	CHECK(!strcmp(out, "{\"netns\":4026531840,\"netns_name\":\"init\"}\n"),
	      "JSON keeps the number, adds the name: %s", out);
	free(out);
	netns_set_numeric(true);
	CHECK(!strcmp(netns_text(4026531840U, buf, sizeof(buf)), "4026531840"),
	      "--numeric-netns: the number");
	netns_set_numeric(false);
	netns_set_init(0);
	CHECK(!strcmp(netns_text(4026531840U, buf, sizeof(buf)), "4026531840"),
	      "unknown initial namespace: the number");
}

/* ---- every view alike, from the view table --------------------------- */

/*
 * Entry @i (0, 1, 2) of a synthetic dump any view reads: the sockets'
 * key, a device, a protocol and counts.  Only attributes that share no
 * place in a row (view_rows.h) are sent, so each view keeps them all.
 */
static void put_any(struct view *v, unsigned int i)
{
	struct nlmsghdr *nlh = msg_new();
	uint8_t s4[4] = { 10, 0, 0, 1 + i }, d4[4] = { 192, 0, 2, 1 };

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 4026531840U);
	mnl_attr_put_u64(nlh, TPSTAT_A_NETNS_COOKIE, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, 4, s4);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 1000 + i);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, d4);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 443);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, IPPROTO_TCP);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "eth0");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 10 * (i + 1));
	mnl_attr_put_u64(nlh, TPSTAT_A_RETRANS, 3 - i);
	mnl_attr_put_u64(nlh, TPSTAT_A_SYNACK_RETRANS, i);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "entry %u", i);
}

static void any_view(struct view *v, uint32_t id)
{
	memset(v, 0, sizeof(*v));
	v->id = id;
	put_header_msg(v, 3, 8, 5);
	for (unsigned int i = 0; i < 3; i++)
		put_any(v, i);
}

/* Braces and brackets balanced outside strings, and nothing after. */
static bool json_balanced(const char *s)
{
	int depth = 0;
	bool str = false;

	for (; *s; s++) {
		if (str) {
			if (*s == '\\' && s[1])
				s++;
			else if (*s == '"')
				str = false;
			continue;
		}
		if (*s == '"')
			str = true;
		else if (*s == '{' || *s == '[')
			depth++;
		else if (*s == '}' || *s == ']')
			depth--;
		if (depth < 0)
			return false;
		if (!depth && (*s == '}') && s[1] && strcmp(s + 1, "\n"))
			return false;
	}
	return !depth && !str;
}

/* Every line a HELP, a TYPE, or "tpstat_NAME{LABELS} NUMBER". */
static bool prom_well_formed(const char *s, size_t *samples)
{
	char line[4096];

	*samples = 0;
	while (*s) {
		size_t n = strcspn(s, "\n");
		const char *sp;

		if (n >= sizeof(line) || !s[n])
			return false;
		memcpy(line, s, n);
		line[n] = '\0';
		s += n + 1;
		if (!strncmp(line, "# HELP tpstat_", 14) ||
		    !strncmp(line, "# TYPE tpstat_", 14))
			continue;
		sp = strrchr(line, ' ');
		if (strncmp(line, "tpstat_", 7) || !sp ||
		    strspn(sp + 1, "0123456789") != strlen(sp + 1) || !sp[1])
			return false;
		(*samples)++;
	}
	return true;
}

static const struct view_ops *battery_ops;

static void battery_export(FILE *f, void *arg)
{
	struct prom p;

	prom_init(&p, f);
	battery_ops->export(&p, arg);
}

/* --top, --sort, the text, JSON, selectors and export of every view. */
static void test_view_battery(void)
{
	struct out_opts text = { 0 }, bare = { .no_header = true };
	struct out_opts json = { .json = true };
	const struct view_ops *ops;
	char want[128], err[256];

	for (size_t k = 0; (ops = view_at(k)); k++) {
		const char *name = ops->name;
		const struct command *cmd;
		const struct view_ops *found;
		struct view v;
		size_t lines, lines_bare, samples;
		char *s;

		/* The command word and help are the table's. */
		CHECK(!cli_lookup(name, &cmd, &found) && !cmd->name &&
		      found == ops, "%s: its own command word", name);
		for (size_t a = 0; ops->aliases && ops->aliases[a]; a++)
			CHECK(!cli_lookup(ops->aliases[a], &cmd, &found) &&
			      found == ops, "%s: alias %s", name,
			      ops->aliases[a]);
		snprintf(want, sizeof(want), "tpstat %s ", name);
		CHECK(!strncmp(cli_usage(NULL, ops), want, strlen(want)) &&
		      strstr(cli_usage(NULL, ops), "selectors: "),
		      "%s: its usage", name);
		CHECK(strstr(cli_usage(NULL, NULL), ops->usage),
		      "%s: in tpstat help", name);

		/* The dump read whole. */
		any_view(&v, ops->id);
		CHECK(v.n == 3 && v.entries == 3 && v.capacity == 8 &&
		      v.overflow == 5 && v.e[2].sport == 1002 &&
		      v.e[2].count == 30 && !strcmp(v.e[0].ifname, "eth0"),
		      "%s: a dump of 3 read", name);

		/* Text: a line a row, a header unless -H, overflow last. */
		view_sort(&v);
		cur_view = v;
		cur_by = ops->id == TPSTAT_VIEW_TRAPS ? BY_TRAP : BY_REASON;
		s = capture(view_text, &text);
		lines = 0;
		for (const char *c = s; (c = strchr(c, '\n')); c++)
			lines++;
		CHECK(lines >= 2 && strstr(s, "overflow: 5 lost updates (table 3/8)\n") &&
		      !strcmp(strstr(s, "overflow: "),
			      "overflow: 5 lost updates (table 3/8)\n"),
		      "%s: text ends with the table's figures:\n%s", name, s);
		s = capture(view_text, &bare);
		lines_bare = 0;
		for (const char *c = s; (c = strchr(c, '\n')); c++)
			lines_bare++;
		/* Views printed as blocks (histograms) have no header. */
		CHECK(lines_bare + 1 == lines || lines_bare == lines,
		      "%s: -H drops the header line at most (%zu, %zu)",
		      name, lines_bare, lines);

		/* JSON: valid, the view's name, its list, three objects. */
		s = capture(view_text, &json);
		snprintf(want, sizeof(want), "\"view\":\"%s\"", name);
		CHECK(json_balanced(s) && strstr(s, want) &&
		      strstr(s, "\"overflow\":5,\"entries\":3,\"capacity\":8"),
		      "%s: JSON: %s", name, s);
		snprintf(want, sizeof(want), "\"%s\":[", ops->list_key);
		CHECK(strstr(s, want), "%s: JSON list %s", name, ops->list_key);

		/* Every --sort field orders the rows as its comparator says. */
		for (const struct view_field *f = ops->fields; f && f->name; f++) {
			bool ordered = true;

			CHECK(view_field_find(ops, f->name) == f,
			      "%s: --sort %s found", name, f->name);
			CHECK(!view_sort_field(&v, f) && v.n == 3,
			      "%s: --sort %s", name, f->name);
			for (size_t i = 1; i < v.n; i++)
				ordered &= f->cmp(&v.e[i - 1], &v.e[i]) <= 0;
			CHECK(ordered, "%s: --sort %s in order", name, f->name);
		}

		/* Selectors: a port picks its row, another namespace none. */
		if (ops->selectors & SEL_BIT(SEL_SPORT)) {
			struct selector sel;
			const char *w[] = { "sport", "1001" };
			struct view c = v;

			c.e = malloc(v.n * sizeof(*v.e));
			memcpy(c.e, v.e, v.n * sizeof(*v.e));
			for (size_t i = 0; i < c.n; i++)
				c.e[i].hist = NULL;
			CHECK(!select_parse(2, w, &sel, err, sizeof(err)) &&
			      !select_resolve(&sel, err, sizeof(err)),
			      "%s: sport 1001: %s", name, err);
			select_apply(&sel, &c);
			CHECK(c.n == 1 && c.e[0].sport == 1001,
			      "%s: sport 1001 selects its row (%zu)", name, c.n);
			view_free(&c);
		}
		if (ops->selectors & SEL_BIT(SEL_NETNS)) {
			struct selector sel;
			const char *w[] = { "netns", "4026531841" };
			struct view c = v;

			c.e = malloc(v.n * sizeof(*v.e));
			memcpy(c.e, v.e, v.n * sizeof(*v.e));
			for (size_t i = 0; i < c.n; i++)
				c.e[i].hist = NULL;
			CHECK(!select_parse(2, w, &sel, err, sizeof(err)) &&
			      !select_resolve(&sel, err, sizeof(err)),
			      "%s: netns: %s", name, err);
			select_apply(&sel, &c);
			CHECK(c.n == 0, "%s: another netns selects nothing (%zu)",
			      name, c.n);
			view_free(&c);
		}

		/* --top. */
		view_truncate(&v, 2);
		CHECK(v.n == 2, "%s: --top 2", name);
		view_free(&v);

		/* Its Prometheus family: well formed, from the rows. */
		if (ops->export) {
			any_view(&v, ops->id);
			CHECK(!ops->export_prepare || !ops->export_prepare(&v),
			      "%s: export_prepare", name);
			battery_ops = ops;
			s = capture(battery_export, &v);
			CHECK(prom_well_formed(s, &samples),
			      "%s: exposition well formed:\n%s", name, s);
			view_free(&v);
		}
	}
}

/* A SOCKMEM entry; @kind < 0: none. */
static void put_sockmem(struct view *v, uint8_t family, uint8_t proto,
			uint16_t port, int kind, uint64_t count,
			uint64_t alloc, uint64_t limit)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 4026531840U);
	mnl_attr_put_u64(nlh, TPSTAT_A_NETNS_COOKIE, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	if (kind >= 0)
		mnl_attr_put_u8(nlh, TPSTAT_A_MEM_KIND, kind);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	mnl_attr_put_u64(nlh, TPSTAT_A_MEM_ALLOCATED, alloc);
	mnl_attr_put_u64(nlh, TPSTAT_A_MEM_LIMIT, limit);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "sockmem entry");
}

static void sockmem_view(struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_SOCKMEM;
	put_header_msg(v, 4, 128, 1);
	put_sockmem(v, AF_INET, IPPROTO_TCP, 5201, TPSTAT_MEM_RECV, 7, 9000,
		    8192);
	put_sockmem(v, AF_INET6, IPPROTO_TCP, 5201, TPSTAT_MEM_RECV, 3, 9100,
		    8192);
	put_sockmem(v, AF_INET, IPPROTO_UDP, 53, TPSTAT_MEM_SEND, 40, 300,
		    256);
	put_sockmem(v, AF_INET, IPPROTO_TCP, 22, 9, 1, 10, 20);
}

static void sockmem_export_out(FILE *f, void *arg)
{
	struct prom p;

	prom_init(&p, f);
	view_ops(TPSTAT_VIEW_SOCKMEM)->export(&p, arg);
}

/* The SOCKMEM view: its rows, text, JSON, export and -i. */
static void test_sockmem(void)
{
	const struct view_ops *ops = view_ops(TPSTAT_VIEW_SOCKMEM);
	struct out_opts text = { 0 }, human = { .human = true };
	struct out_opts json = { .json = true };
	struct view v, old, d;
	char want[2048], ns[NETNS_NAME_MAX];
	const char *nstext = netns_text(4026531840U, ns, sizeof(ns));
	struct options o;
	char err[160];
	char *s;

	CHECK(ops && !strcmp(ops->name, "sockmem") && ops->names_sockets,
	      "sockmem in the table, naming sockets");
	CHECK(!parse("sockmem port 5201 --sort allocated --top 1", &o, err) &&
	      o.view == ops && o.va.top == 1 && !strcmp(o.va.sort, "allocated"),
	      "sockmem's command line: %s", err);
	CHECK(parse("sockmem dev eth0", &o, err) == 2 &&
	      strstr(err, "dev is not a selector of sockmem"), "%s", err);
	sockmem_view(&v);
	CHECK(v.n == 4 && v.e[0].has_mem_kind &&
	      v.e[0].mem_kind == TPSTAT_MEM_RECV && v.e[0].mem_allocated == 9000 &&
	      v.e[0].mem_limit == 8192 && v.e[0].count == 7 &&
	      v.e[0].protocol == IPPROTO_TCP, "sockmem entry attributes");
	view_sort(&v);
	cur_view = v;
	s = capture(view_text, &text);
	snprintf(want, sizeof(want),
		 "   COUNT  KIND  ALLOCATED  LIMIT  PROTO   PORT  NETNS\n"
		 "      40  send        300    256  udp       53  %s\n"
		 "       7  recv       9000   8192  tcp     5201  %s\n"
		 "       3  recv       9100   8192  tcp6    5201  %s\n"
		 "       1  9            10     20  tcp       22  %s\n"
		 "overflow: 1 lost updates (table 4/128)\n",
		 nstext, nstext, nstext, nstext);
	CHECK(!strcmp(s, want), "sockmem text:\n%s", s);
	s = capture(view_text, &human);
	CHECK(strstr(s, "recv      37.3M  33.6M  tcp6") ||
	      sysconf(_SC_PAGESIZE) != 4096,
	      "sockmem -h: pages as bytes:\n%s", s);
	s = capture(view_text, &json);
	CHECK(json_balanced(s) &&
	      strstr(s, "\"sockmem\":[{\"count\":40,\"kind\":\"send\",\"kind_code\":0,"
			"\"allocated_pages\":300,\"limit_pages\":256,"
			"\"protocol\":\"udp\",\"family\":\"ipv4\",\"port\":53,") &&
	      strstr(s, "{\"count\":1,\"kind\":null,\"kind_code\":9,"),
	      "sockmem JSON: %s", s);

	/* Export: summed over the family, the figures the larger. */
	CHECK(!ops->export_prepare(&v) && v.n == 3, "sockmem export rows: %zu",
	      v.n);
	s = capture(sockmem_export_out, &v);
	CHECK(strstr(s, "# TYPE tpstat_sockmem_events_total counter\n") &&
	      strstr(s, "tpstat_sockmem_events_total{protocol=\"tcp\",port=\"5201\",kind=\"recv\",netns=\"4026531840\",netns_cookie=\"1\"} 10\n") &&
	      strstr(s, "tpstat_sockmem_allocated_pages{protocol=\"tcp\",port=\"5201\",kind=\"recv\",netns=\"4026531840\",netns_cookie=\"1\"} 9100\n") &&
	      strstr(s, "tpstat_sockmem_limit_pages{protocol=\"udp\",port=\"53\",kind=\"send\",netns=\"4026531840\",netns_cookie=\"1\"} 256\n"),
	      "sockmem exposition:\n%s", s);
	view_free(&v);

	/* -i: the events' change; the figures as read, not a change. */
	sockmem_view(&old);
	view_sort(&old);
	memset(&v, 0, sizeof(v));
	v.id = TPSTAT_VIEW_SOCKMEM;
	put_header_msg(&v, 1, 128, 1);
	put_sockmem(&v, AF_INET, IPPROTO_TCP, 5201, TPSTAT_MEM_RECV, 9, 8000,
		    8192);
	view_sort(&v);
	CHECK(!view_delta(&d, &v, &old) && d.n == 1 && d.e[0].count == 2 &&
	      d.e[0].mem_allocated == 8000 && d.e[0].mem_limit == 8192,
	      "sockmem -i: 2 events, 8000 of 8192 pages (%zu rows)", d.n);
	view_free(&d);
	view_free(&v);
	view_free(&old);
}

int main(int argc, char **argv)
{
	/* Alerts print local time: the tests' is UTC.  No machine's names. */
	setenv("TZ", "UTC", 1);
	tzset();
	netns_dir_empty();
	/* The tests' namespaces are their own: none is the initial one. */
	netns_set_init(0);
	/* "--prom-sample" prints exposition samples for promtool. */
	if (argc > 1 && !strcmp(argv[1], "--prom-sample")) {
		sample = true;
		prom_sample_all(stdout);
		netns_dir_clean();
		return 0;
	}
	/* "--json-sample" prints outputs for an external validator (jq). */
	if (argc > 1 && !strcmp(argv[1], "--json-sample")) {
		struct out_opts o = { .json = true, .pretty = argc > 2,
				      .zeros = true };
		struct event_row ev = { 22, 2, true, "skb:kfree_skb", "skb",
					"skb,location,reason", "reason" };
		struct info info = { "0.1.0", "6.1.0-56-amd64", 7, 25,
				     1 << 20, true };

		print_counters(stdout, &o, rows, 4);
		o.verbose = true;
		print_events(stdout, &o, &ev, 1);
		print_events(stdout, &o, &ev, 0);
		print_info(stdout, &o, &info);
		print_watch(stdout, &o, 1.0, 2.0, rows, 2, rows, 4);
		/* The views' JSON, as their tests build it. */
		sample = true;
		sample_pretty = o.pretty;
		test_drops();
		test_traps();
		test_retrans();
		test_resets();
		test_states();
		test_lifetimes();
		test_devices();
		test_hists();
		test_filter();
		test_errors();
		test_rcvq();
		test_neigh();
		test_auth();
		test_monitor();
		netns_dir_clean();
		return 0;
	}
	test_commands();
	test_lookup();
	test_parse();
	test_options();
	test_output();
	test_view_lookup();
	test_view_table();
	test_view_battery();
	test_sockmem();
	test_view_parse();
	test_hist();
	test_hist_print();
	test_hist_quantiles();
	test_addr();
	test_drops();
	test_traps();
	test_retrans();
	test_resets();
	test_view_delta();
	test_history();
	test_states();
	test_lifetimes();
	test_devices();
	test_hists();
	test_filter();
	test_netns_parse();
	test_netns_names();
	test_errors();
	test_errors_refused();
	test_rcvq();
	test_rcvq_refused();
	test_neigh();
	test_neigh_refused();
	test_auth();
	test_monitor();
	test_select();
	test_select_views();
	test_sort_top();
	test_human();
	test_json_u64();
	test_view_rows_sort();
	test_netns_init();
	test_interval_no_header();
	netns_dir_clean();
	test_no_header();
	test_export();
	test_export_views();
	test_export_rcvq();
	test_export_neigh();
	test_export_netns_cookie();
	view_free(&export_drops);
	view_free(&export_hists);
	test_promtool();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
