// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat help [COMMAND], and --help after a command (cli.c): the usage
 * every row of the commands' table and every view carries, so the help
 * never differs from what the parser takes.
 */
#include <stdio.h>

#include "cli.h"
#include "cmd.h"

static int help_parse(struct options *o, int n, const char *const *words,
		      char *err, size_t err_len)
{
	const struct command *cmd = NULL;
	const struct view_ops *view = NULL;

	if (n > 1)
		return cli_usage_error(err, err_len, "unexpected argument '%s'",
				       words[1]);
	if (n == 1 && cli_lookup(words[0], &cmd, &view))
		return cli_usage_error(err, err_len, "no help for '%s'",
				       words[0]);
	/* "help help" is all of it, as "help" alone. */
	if (n == 1 && cmd != &help_command) {
		o->help_for = cmd;
		o->help_view = view;
	}
	return 0;
}

static int help_run(const struct options *o, const struct out_opts *out)
{
	(void)out;
	printf("%s\n", cli_usage(o->help_for, o->help_view));
	return 0;
}

const struct command help_command = {
	.name = "help",
	.parse = help_parse,
	.run = help_run,
	.usage = "tpstat help [COMMAND]\n"
		 "    this text, or one command's",
	.takes = TAKES_ANY,
	.offline = true,
};
