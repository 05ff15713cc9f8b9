// SPDX-License-Identifier: GPL-2.0
/*
 * The argument parser (cli.c): tables of command lines, each with what
 * it parses to or the error it says, and the options they set.
 */
#include <ctype.h>
#include <string.h>

#include "alert.h"
#include "unit.h"

int parse(const char *line, struct options *o, char *err)
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

/* The commands' words, by CMD_*. */
static const char *const cmd_words[N_CMD_WORDS] = {
	[CMD_LIST] = "list", [CMD_SHOW] = "show", [CMD_WATCH] = "watch",
	[CMD_RESET] = "reset", [CMD_ATTACH] = "attach",
	[CMD_DETACH] = "detach", [CMD_INFO] = "info",
	[CMD_EXPORT] = "export", [CMD_HELP] = "help",
	[CMD_FILTER] = "filter", [CMD_MONITOR] = "monitor",
	[CMD_HISTORY] = "history", [CMD_DOCTOR] = "doctor",
};

int cmd_code(const struct command *cmd, const struct view_ops *view)
{
	if (view)
		return VIEW_CMD(view->id);
	for (int c = CMD_LIST; cmd && cmd->name && c < N_CMD_WORDS; c++)
		if (!strcmp(cmd->name, cmd_words[c]))
			return c;
	return CMD_NONE;
}

/* The table's row for CMD_*, found by its word as a user types it. */
const struct command *cmd_row(int c)
{
	const struct command *cmd;

	for (size_t i = 0; c > CMD_NONE && c < N_CMD_WORDS &&
	     (cmd = command_at(i)); i++)
		if (cmd->name && !strcmp(cmd->name, cmd_words[c]))
			return cmd;
	return NULL;
}

int cmd_of(const struct options *o)
{
	return cmd_code(o->cmd, o->view);
}

int help_of(const struct options *o)
{
	return cmd_code(o->help_for, o->help_view);
}

int lookup(const char *word, int *c)
{
	const struct view_ops *view;
	const struct command *cmd;
	int r = cli_lookup(word, &cmd, &view);

	if (!r)
		*c = cmd_code(cmd, view);
	return r;
}

/* tpstat help, or help COMMAND's paragraph for CMD_* @c. */
static const char *usage_of(int c)
{
	return c >= VIEW_CMD(0) ? cli_usage(NULL, view_ops(c - VIEW_CMD(0))) :
				  cli_usage(cmd_row(c), NULL);
}

int cli_view(int c)
{
	return c >= VIEW_CMD(0) ? c - VIEW_CMD(0) : -1;
}

/*
 * A command line and what it parses to: @ret 0 and command @cmd (and
 * @glob), or @ret 2 and an error that says @err_has.
 */
struct parse_case {
	const char *line;
	int ret;
	int cmd;
	const char *glob;
	const char *err_has;
};

/* The commands and the options every command has. */
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

/* The views, filter and the options they take. */
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
	{ "info -i 1", 2, CMD_NONE, NULL, "-i and -c are for watch, the views and doctor, not info" },
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

/* -n NAME, --netns, filter netns and monitor. */
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

/* What a table's cases check besides the return, command and error. */
#define CASE_GLOB	1	/* the glob, where one parses */
#define CASE_ONE_LINE	2	/* the error is one line */

/* One loop for every table of command lines. */
static void run_cases(const struct parse_case *table, size_t n,
		      unsigned int also)
{
	for (size_t i = 0; i < n; i++) {
		const struct parse_case *c = &table[i];
		struct options o;
		char err[160] = "";
		int ret = parse(c->line, &o, err);

		CHECK(ret == c->ret, "'%s': returned %d, want %d (%s)",
		      c->line, ret, c->ret, err);
		if (ret || c->ret) {
			CHECK(c->err_has && strstr(err, c->err_has),
			      "'%s': said '%s', want '%s'", c->line, err,
			      c->err_has ? c->err_has : "");
			if (also & CASE_ONE_LINE)
				CHECK(!strchr(err, '\n'), "'%s': one line",
				      c->line);
			continue;
		}
		CHECK(cmd_of(&o) == c->cmd, "'%s': command %d, want %d",
		      c->line, cmd_of(&o), c->cmd);
		if (also & CASE_GLOB)
			CHECK((!o.glob && !c->glob) ||
			      (o.glob && c->glob && !strcmp(o.glob, c->glob)),
			      "'%s': glob '%s'", c->line,
			      o.glob ? o.glob : "(none)");
	}
}

void test_parse(void)
{
	run_cases(cases, ARRAY_SIZE(cases), CASE_GLOB);
}

void test_options(void)
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

void test_view_parse(void)
{
	const struct view_ops *sockmem = view_ops(TPSTAT_VIEW_SOCKMEM);
	struct options o;
	char err[160];

	run_cases(view_cases, ARRAY_SIZE(view_cases), CASE_ONE_LINE);
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
	CHECK(o.va.word && !strcmp(o.va.word, "srtt_us"), "hist NAME");
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
	CHECK(sockmem && !strcmp(sockmem->name, "sockmem") &&
	      sockmem->names_sockets, "sockmem in the table, naming sockets");
	CHECK(!parse("sockmem port 5201 --sort allocated --top 1", &o, err) &&
	      o.view == sockmem && o.va.top == 1 &&
	      !strcmp(o.va.sort, "allocated"),
	      "sockmem's command line: %s", err);
	CHECK(parse("sockmem dev eth0", &o, err) == 2 &&
	      strstr(err, "dev is not a selector of sockmem"), "%s", err);
}

void test_netns_parse(void)
{
	struct options o;
	char err[160];

	run_cases(netns_cases, ARRAY_SIZE(netns_cases), 0);
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
