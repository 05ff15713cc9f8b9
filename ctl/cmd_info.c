// SPDX-License-Identifier: GPL-2.0
/*
 * What the module says of itself (TPSTAT_CMD_GET_INFO): tpstat info,
 * and the module's version -V prints beside the tool's.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "cmd.h"
#include "nl.h"
#include "output.h"
#include "replies.h"
#include "../module/base/version.h"

static int info_run(const struct options *o, const struct out_opts *out)
{
	struct info info = { 0 };
	struct tpnl nl;
	int err = tpnl_open(&nl);

	(void)o;
	if (!err)
		err = read_info(&nl, &info);
	if (!err)
		print_info(stdout, out, &info);
	return tpnl_done(&nl, err);
}

/* info takes no words. */
static int info_parse(struct options *o, int n, const char *const *words,
		      char *err, size_t err_len)
{
	(void)o;
	if (n)
		return cli_usage_error(err, err_len, "unexpected argument '%s'",
				       words[0]);
	return 0;
}

const struct command info_command = {
	.name = "info",
	.parse = info_parse,
	.run = info_run,
	.usage = "tpstat info\n"
		 "    module version, kernel, features",
	.takes = TAKES_JSON,
};

/*
 * The module is asked only when it is loaded: looking the family up
 * would load an installed module, and -V is to say what is running.
 */
int cmd_version(void)
{
	struct info info = { 0 };
	char out[256], warn[256];
	bool loaded = !access("/sys/module/tpstat", F_OK);
	struct tpnl nl;
	int err = -ENOENT;

	if (loaded) {
		err = tpnl_open(&nl);
		if (!err)
			err = read_info(&nl, &info);
		if (err)
			fprintf(stderr, "tpstat: the module's version: %s\n",
				tpnl_strerror(&nl, err));
		tpnl_close(&nl);
	}
	cli_version(TPSTAT_VERSION, err ? NULL : info.version, out,
		    sizeof(out), warn, sizeof(warn));
	fputs(out, stdout);
	if (warn[0])
		fprintf(stderr, "tpstat: %s\n", warn);
	return 0;
}
