// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz: the tpstat family against what a hostile or careless client
 * sends, seeded from its YNL spec (uapi/tpstat.yaml, turned into a seed
 * table at build time by specseed.py: the guest needs no Python, and one
 * seed always sends the same bytes).
 *
 *   nlfuzz fuzz MODE N SEED   N random requests: every command of the spec,
 *                             its attributes at and past their ranges and
 *                             lengths, wrong types, truncated and batched
 *                             messages, nested garbage, unknown attributes
 *                             and commands, reserved fields and NLM_F_*
 *                             flags, dump and doit on every command, other
 *                             family versions.  MODE says who sends them:
 *                             root, nobody (no capability), userns (root
 *                             of an unprivileged user namespace with its
 *                             own network namespace).  Fails when a
 *                             request gets no clean end, when a change
 *                             succeeds that MODE may not make, when an
 *                             error is not a refusal or a validation
 *                             error, or when the module stops answering.
 *   nlfuzz bad MODE           targeted bad requests, one line each:
 *                             "PASS|FAIL|INFO <case>: <errno> <extack>";
 *                             each must get its error and change nothing
 *                             (events, filter, counters never go back).
 *   nlfuzz race N             two processes send N bad globs each at
 *                             once, each its own kind of error; each
 *                             error's text must say its own kind.
 *   nlfuzz hold-dump CMD [VIEW]
 *                             starts a dump (CMD: counters, events or
 *                             view), reads its first part, says "held",
 *                             waits for a line on stdin, then reads the
 *                             rest: prints "rest=<messages> end=<how>".
 *   nlfuzz refuse ADDR PORT N N TCP connects to ADDR, ports PORT..PORT+N-1
 *                             (closed): prints refused=<count>.
 * A fault prints the request's bytes (hex), its index and the seed.
 *
 * This file reads the command line; each mode is its own file
 * (nlfuzz_fuzz.c, nlfuzz_bad.c, nlfuzz_modes.c), on the spec
 * (nlfuzz_spec.c), the wire (nlfuzz_wire.c) and the module's state
 * (nlfuzz_state.c), declared in nlfuzz.h.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nlfuzz.h"

void die(const char *what)
{
	fprintf(stderr, "nlfuzz: %s: %s\n", what, strerror(errno));
	exit(2);
}

static enum mode parse_mode(const char *s)
{
	if (!strcmp(s, "root"))
		return M_ROOT;
	if (!strcmp(s, "nobody"))
		return M_NOBODY;
	if (!strcmp(s, "userns"))
		return M_USERNS;
	fprintf(stderr, "nlfuzz: mode is root, nobody or userns\n");
	exit(2);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	if (argc == 5 && !strcmp(argv[1], "refuse"))
		return refuse(argv[2], atoi(argv[3]), atoi(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "race"))
		return race(atol(argv[2]));
	if (argc < 3) {
		fprintf(stderr, "usage: nlfuzz fuzz MODE N SEED | bad MODE | race N | hold-dump CMD [VIEW] | refuse ADDR PORT N\n");
		return 2;
	}
	setup();
	if (argc == 5 && !strcmp(argv[1], "fuzz"))
		return fuzz(parse_mode(argv[2]), atol(argv[3]), strtoul(argv[4], NULL, 0));
	if (argc == 3 && !strcmp(argv[1], "bad"))
		return bad(parse_mode(argv[2]));
	if (!strcmp(argv[1], "hold-dump"))
		return hold_dump(argv[2], argc > 3 ? argv[3] : NULL);
	fprintf(stderr, "nlfuzz: unknown command\n");
	return 2;
}
