/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tool's commands, a struct command each, defined with the code of
 * its concern and listed in cmd_list.h.  cli.c looks a word up in their
 * table (cmd_table.c) and calls the row's ->parse(), main.c its ->run():
 * nothing else names a command, so a new one is a row and a line.
 */
#ifndef TPSTAT_CMD_H
#define TPSTAT_CMD_H

#include <stdbool.h>
#include <stddef.h>

struct options;
struct out_opts;

/*
 * The options a command takes of those only some do (struct command's
 * ->takes); cli_parse() refuses the others, in this order, with texts
 * that name the commands taking each ("-z is for show and watch"): a
 * row that takes one more is said there too.  --by, --top, --sort, -h
 * and -H are the views', which say so themselves.
 */
enum {
	TAKES_VERBOSE	= 1 << 0,	/* -v */
	TAKES_INTERVAL	= 1 << 1,	/* -i, -c */
	TAKES_ZEROS	= 1 << 2,	/* -z */
	TAKES_DELTA	= 1 << 3,	/* --delta, --no-update, --reset-history */
	TAKES_TEXTFILE	= 1 << 4,	/* --textfile */
	TAKES_JSON	= 1 << 5,	/* -j, -p */
	/*
	 * Every option, none checked: help's options are for the command
	 * it is asked about (tpstat help drops --by dev is drops' help).
	 */
	TAKES_ANY	= 1 << 6,
};

struct command {
	/*
	 * The word that runs it, as typed or abbreviated; NULL in the row
	 * that stands for the views, each a command of its own name
	 * (view_table.c), at this place in the table and in tpstat help.
	 */
	const char *name;
	/*
	 * The words after the command word into @o (@o->cmd and @o->view
	 * are set): 0, or 2 (a usage error) with the reason in @err.
	 */
	int (*parse)(struct options *o, int n, const char *const *words,
		     char *err, size_t err_len);
	/*
	 * Runs it, in -n's namespace unless ->offline: an exit status, 0,
	 * or 1 after one line on stderr.  A command that asks the module
	 * opens the family itself: what it does first (filter's names) and
	 * what it does without the module (export's tpstat_up 0) are its
	 * own.
	 */
	int (*run)(const struct options *o, const struct out_opts *out);
	/* Its part of tpstat help: synopsis, then indented prose. */
	const char *usage;
	unsigned int takes;	/* TAKES_* */
	/*
	 * Its own options, which no other command takes: "--name", or
	 * "--name=" for one that takes a value.  Typed after the command
	 * word, cli_parse() hands each to ->parse() among the words, in
	 * the order given, with its value (the next argument) after it;
	 * so only ->parse() knows them, and struct options does not.
	 */
	const char *const *opts;
	/* Run before -n's namespace is entered, as it needs none (help). */
	bool offline;
};

/* The commands in the order tpstat help lists them; NULL past the last. */
const struct command *command_at(size_t i);

/* The command --help runs: the help of the command it follows. */
extern const struct command help_command;

/*
 * -V, which is an option, not a command: the tool's version and, when
 * it is loaded, the module's (cmd_info.c).  Exit status 0.
 */
int cmd_version(void);

#endif
