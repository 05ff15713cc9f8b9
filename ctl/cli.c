// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const struct {
	const char *name;
	enum tp_cmd cmd;
	const char *usage;
} commands[] = {
	{ "list", CMD_LIST, "tpstat list [GLOB] [-v]\n"
	  "    every event tpstat knows and its state; -v adds the probe's\n"
	  "    prototype variant and the fields it reads" },
	{ "show", CMD_SHOW, "tpstat show [GLOB] [-z]\n"
	  "    counters, non-zero ones unless -z" },
	{ "watch", CMD_WATCH, "tpstat watch [GLOB] [-i SECONDS] [-c COUNT]\n"
	  "    changes per interval (default 1 s) and rates; redraws on a\n"
	  "    terminal, appends when piped; -c stops after COUNT intervals" },
	{ "reset", CMD_RESET, "tpstat reset [GLOB]\n"
	  "    restart counters at 0 (all, or the matching events'); needs CAP_NET_ADMIN" },
	{ "attach", CMD_ATTACH, "tpstat attach GLOB\n"
	  "    start counting the matching events; needs CAP_NET_ADMIN" },
	{ "detach", CMD_DETACH, "tpstat detach GLOB\n"
	  "    stop counting them (their counters stay); needs CAP_NET_ADMIN" },
	{ "info", CMD_INFO, "tpstat info\n"
	  "    module version, kernel, features" },
	{ "export", CMD_EXPORT, "tpstat export [GLOB] [--textfile DIR]\n"
	  "    counters in the Prometheus text format; --textfile writes\n"
	  "    DIR/tpstat.prom atomically, for node_exporter's textfile collector" },
	{ "help", CMD_HELP, "tpstat help [COMMAND]\n"
	  "    this text, or one command's" },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

int cli_lookup(const char *word, enum tp_cmd *cmd)
{
	size_t len = strlen(word), i;
	int found = 0;

	for (i = 0; i < N_COMMANDS; i++) {
		if (!strcmp(word, commands[i].name)) {
			*cmd = commands[i].cmd;
			return 0;
		}
		if (len && !strncmp(word, commands[i].name, len)) {
			*cmd = commands[i].cmd;
			found++;
		}
	}
	return found == 1 ? 0 : found ? -2 : -1;
}

const char *cli_name(enum tp_cmd cmd)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (commands[i].cmd == cmd)
			return commands[i].name;
	return "";
}

const char *cli_usage(enum tp_cmd cmd)
{
	static char all[2048];
	size_t used;

	for (size_t i = 0; i < N_COMMANDS; i++)
		if (commands[i].cmd == cmd)
			return commands[i].usage;
	used = snprintf(all, sizeof(all),
			"usage: tpstat [-j|--json] [-p|--pretty] COMMAND [ARGS]\n"
			"GLOB: comma-separated globs over <group>:<name>, e.g. 'tcp:*,skb:kfree_skb'\n"
			"Commands may be abbreviated.\n\n");
	for (size_t i = 0; i < N_COMMANDS && used < sizeof(all); i++)
		used += snprintf(all + used, sizeof(all) - used, "%s\n",
				 commands[i].usage);
	return all;
}

static int usage_error(char *err, size_t err_len, const char *fmt,
		       const char *arg)
{
	snprintf(err, err_len, fmt, arg);
	return 2;
}

/* A positive number of seconds, at most a day. */
static int parse_interval(const char *s, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v >= 0.01 && v <= 86400))
		return -1;
	*out = v;
	return 0;
}

static int parse_count(const char *s, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end || v < 1)
		return -1;
	*out = v;
	return 0;
}

int cli_parse(int argc, char **argv, struct options *o, char *err,
	      size_t err_len)
{
	const char *words[3];
	int n_words = 0, i, r;
	bool timing = false;

	memset(o, 0, sizeof(*o));
	o->interval = 1.0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-j") || !strcmp(a, "--json")) {
			o->json = true;
		} else if (!strcmp(a, "-p") || !strcmp(a, "--pretty")) {
			o->json = o->pretty = true;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			o->verbose = true;
		} else if (!strcmp(a, "-z") || !strcmp(a, "--zeros")) {
			o->zeros = true;
		} else if (!strcmp(a, "-i") || !strcmp(a, "--interval")) {
			timing = true;
			if (++i == argc || parse_interval(argv[i], &o->interval))
				return usage_error(err, err_len,
						   "%s needs a number of seconds between 0.01 and 86400", a);
		} else if (!strcmp(a, "-c") || !strcmp(a, "--count")) {
			timing = true;
			if (++i == argc || parse_count(argv[i], &o->count))
				return usage_error(err, err_len,
						   "%s needs a positive whole number", a);
		} else if (!strcmp(a, "--textfile")) {
			if (++i == argc || !argv[i][0])
				return usage_error(err, err_len,
						   "%s needs a directory", a);
			o->textfile = argv[i];
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			o->help_for = o->cmd;
			o->cmd = CMD_HELP;
		} else if (a[0] == '-' && a[1]) {
			return usage_error(err, err_len, "unknown option '%s'", a);
		} else if (n_words < 3) {
			words[n_words++] = a;
		} else {
			return usage_error(err, err_len, "unexpected argument '%s'", a);
		}
	}
	if (o->cmd == CMD_HELP && !n_words)
		return 0;
	if (!n_words)
		return usage_error(err, err_len, "%s", "no command given");
	r = cli_lookup(words[0], &o->cmd);
	if (r)
		return usage_error(err, err_len, r == -2 ?
				   "ambiguous command '%s'" :
				   "unknown command '%s'", words[0]);
	if (o->cmd == CMD_HELP) {
		if (n_words > 2)
			return usage_error(err, err_len, "unexpected argument '%s'", words[2]);
		if (n_words == 2 && cli_lookup(words[1], &o->help_for))
			return usage_error(err, err_len, "no help for '%s'", words[1]);
		return 0;
	}
	if (n_words > 2 || (n_words == 2 && o->cmd == CMD_INFO))
		return usage_error(err, err_len, "unexpected argument '%s'",
				   words[n_words - 1]);
	if (n_words == 2)
		o->glob = words[1];
	if ((o->cmd == CMD_ATTACH || o->cmd == CMD_DETACH) && !o->glob)
		return usage_error(err, err_len, "%s needs a GLOB",
				   cli_name(o->cmd));
	if (o->verbose && o->cmd != CMD_LIST)
		return usage_error(err, err_len, "-v is for list, not %s", cli_name(o->cmd));
	if (timing && o->cmd != CMD_WATCH)
		return usage_error(err, err_len, "-i and -c are for watch, not %s", cli_name(o->cmd));
	if (o->zeros && o->cmd != CMD_SHOW)
		return usage_error(err, err_len, "-z is for show, not %s", cli_name(o->cmd));
	if (o->textfile && o->cmd != CMD_EXPORT)
		return usage_error(err, err_len, "--textfile is for export, not %s", cli_name(o->cmd));
	if (o->json && o->cmd == CMD_EXPORT)
		return usage_error(err, err_len, "%s", "export prints the Prometheus format, not JSON");
	return 0;
}
