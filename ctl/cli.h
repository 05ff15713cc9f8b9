/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line parsing for tpstat: no I/O, so it is unit-tested on the host. */
#ifndef TPSTAT_CLI_H
#define TPSTAT_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "filter.h"
#include "views.h"

struct command;

struct options {
	const struct command *cmd;	/* cmd.h: the command's row */
	const struct view_ops *view;	/* the views' row: which view */
	const struct command *help_for;	/* "help COMMAND"; NULL: all */
	const struct view_ops *help_view;	/* "help VIEW" */
	const char *glob;
	const char *textfile;	/* export --textfile DIR */
	bool json, pretty, verbose, zeros;
	bool version;		/* -V: the tool's version and the module's */
	double interval;	/* watch and views -i, seconds */
	long count;		/* watch and views -c, 0 = until interrupted */
	bool timed;		/* -i or -c: a view read once per interval */
	bool delta, no_update, reset_history;	/* show --delta ... */
	/* The view's --by, --top, --sort and own words; .sel set by its run. */
	struct view_args va;
	struct selector sel;	/* views' selectors: dst 10.0.0.0/8 ... */
	bool human, no_header;	/* views' -h and -H */
	bool numeric_netns;	/* --numeric-netns: inode numbers, no names */
	enum filter_action filter_act;
	struct filter filter;	/* filter KEY VALUE... */
	unsigned int alert_kinds; /* monitor KIND...: 1 << tpstat_alert_kind */
	const char *netns;	/* -n NAME, before the command: setns() */
	const char *warning;	/* a deprecated spelling, for stderr */
};

/*
 * A command word: its row of the commands' table (cmd.h) and, for the
 * views' row, its view (else NULL).  Whole, or a unique abbreviation.
 * 0: found; -1: no such command; -2: ambiguous abbreviation.
 */
int cli_lookup(const char *word, const struct command **cmd,
	       const struct view_ops **view);
/* The command's word: a view's name for the views' row; "" for NULL. */
const char *cli_name(const struct command *cmd, const struct view_ops *view);
/* 0, or 2 (a usage error) with the reason in @err. */
int cli_parse(int argc, char **argv, struct options *o, char *err,
	      size_t err_len);
/* The usage of @view, else of @cmd; of everything for neither. */
const char *cli_usage(const struct command *cmd,
		      const struct view_ops *view);
/*
 * For the commands' ->parse(): the reason, @fmt with its one %s @arg
 * (the word refused), into @err; returns 2, a usage error.
 */
int cli_usage_error(char *err, size_t err_len, const char *fmt,
		    const char *arg);
/* [GLOB]: at most one word, into @o->glob; a ->parse() of cmd.h. */
int cli_parse_glob(struct options *o, int n, const char *const *words,
		   char *err, size_t err_len);

/*
 * What -V prints: the tool's version and, when @module is not NULL, the
 * module's, escaped as text prints names (escape.h), into @out; a
 * warning into @warn (empty when none) when they differ.  Returns
 * whether they differ.
 */
bool cli_version(const char *tool, const char *module, char *out,
		 size_t out_len, char *warn, size_t warn_len);

#endif
