/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line parsing for tpstat: no I/O, so it is unit-tested on the host. */
#ifndef TPSTAT_CLI_H
#define TPSTAT_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "filter.h"
#include "views.h"

enum tp_cmd {
	CMD_NONE, CMD_LIST, CMD_SHOW, CMD_WATCH, CMD_RESET, CMD_ATTACH,
	CMD_DETACH, CMD_INFO, CMD_EXPORT, CMD_HELP,
	CMD_VIEW,	/* a view: options.view says which (view_table.c) */
	CMD_FILTER, CMD_MONITOR,
};

struct options {
	enum tp_cmd cmd;
	const struct view_ops *view;	/* CMD_VIEW: the view */
	enum tp_cmd help_for;	/* "help COMMAND" */
	const struct view_ops *help_view;	/* "help VIEW" */
	const char *glob;
	const char *textfile;	/* export --textfile DIR */
	bool json, pretty, verbose, zeros;
	bool version;		/* -V: the tool's version and the module's */
	double interval;	/* watch and views -i, seconds */
	long count;		/* watch and views -c, 0 = until interrupted */
	bool timed;		/* a view with -i or -c: one per interval */
	bool delta, no_update, reset_history;	/* show --delta ... */
	/* The view's --by, --top, --sort and own words; .sel set by run(). */
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
 * A command word: its command, and for CMD_VIEW its view (else NULL).
 * 0: found; -1: no such command; -2: ambiguous abbreviation.
 */
int cli_lookup(const char *word, enum tp_cmd *cmd,
	       const struct view_ops **view);
/* The command's word: a view's name for CMD_VIEW. */
const char *cli_name(enum tp_cmd cmd, const struct view_ops *view);
/* 0, or 2 (a usage error) with the reason in @err. */
int cli_parse(int argc, char **argv, struct options *o, char *err,
	      size_t err_len);
/* The usage of @view, else of @cmd; of everything for CMD_NONE. */
const char *cli_usage(enum tp_cmd cmd, const struct view_ops *view);

/*
 * What -V prints: the tool's version and, when @module is not NULL, the
 * module's, escaped as text prints names (escape.h), into @out; a
 * warning into @warn (empty when none) when they differ.  Returns
 * whether they differ.
 */
bool cli_version(const char *tool, const char *module, char *out,
		 size_t out_len, char *warn, size_t warn_len);

#endif
