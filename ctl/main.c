// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat: query and steer the tpstat module over generic netlink.
 *   tpstat [-j|--json] [-p|--pretty] [-n|--netns NAME] COMMAND [ARGS]
 *   tpstat -V|--version
 *   (tpstat help)
 * Exit status: 0 done, 1 a request failed (one line on stderr says why),
 * 2 a usage error, 3 doctor's findings (doctor.h: no failure returns it).
 *
 * Dispatch only: cli.c parses the line and finds the command's row in
 * the commands' table (cmd.h, cmd_list.h), and the row runs it.  The
 * commands are in the files of their concern.
 */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "cmd.h"
#include "netns.h"
#include "output.h"
#include "select.h"

int main(int argc, char **argv)
{
	struct options o;
	struct out_opts out;
	char why[160], ns_why[512];

	if (cli_parse(argc, argv, &o, why, sizeof(why))) {
		fprintf(stderr, "tpstat: %s (see: tpstat help)\n", why);
		return 2;
	}
	if (o.warning)
		fprintf(stderr, "tpstat: %s\n", o.warning);
	if (o.version)
		return cmd_version();
	out = (struct out_opts){
		.json = o.json, .pretty = o.pretty, .verbose = o.verbose,
		.zeros = o.zeros, .tty = isatty(STDOUT_FILENO),
		.human = o.human, .no_header = o.no_header,
	};
	/* help: whatever namespace -n names, or none. */
	if (o.cmd->offline)
		return o.cmd->run(&o, &out);
	/* First: device names resolve in the namespace, as with ip -n. */
	if (o.netns && netns_enter(o.netns, ns_why, sizeof(ns_why))) {
		fprintf(stderr, "tpstat: %s\n", ns_why);
		return 1;
	}
	/* Names in the namespace the command runs in, as ip netns sees them. */
	netns_set_numeric(o.numeric_netns);
	if (select_resolve(&o.sel, ns_why, sizeof(ns_why))) {
		fprintf(stderr, "tpstat: %s\n", ns_why);
		return 1;
	}
	signal(SIGPIPE, SIG_DFL);
	return o.cmd->run(&o, &out);
}
