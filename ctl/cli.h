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
	/* views */
	CMD_DROPS, CMD_RETRANS, CMD_RESETS, CMD_STATES, CMD_LIFETIME,
	CMD_DEVICES, CMD_HIST, CMD_ERRORS, CMD_RCVQ,
	CMD_NEIGH, CMD_AUTH,
	CMD_FILTER, CMD_MONITOR,
};

struct options {
	enum tp_cmd cmd;
	enum tp_cmd help_for;	/* "help COMMAND" */
	enum drop_by help_by;	/* BY_TRAP: "help traps" */
	const char *glob;
	const char *textfile;	/* export --textfile DIR */
	bool json, pretty, verbose, zeros;
	bool version;		/* -V: the tool's version and the module's */
	double interval;	/* watch and views -i, seconds */
	long count;		/* watch and views -c, 0 = until interrupted */
	bool timed;		/* a view with -i or -c: one per interval */
	bool delta, no_update, reset_history;	/* show --delta ... */
	enum drop_by by;	/* drops --by */
	enum resets_by resets_by; /* resets --by */
	long top;		/* views' --top, 0 = all */
	const char *sort;	/* views' --sort FIELD, NULL = their order */
	struct selector sel;	/* views' selectors: dst 10.0.0.0/8 ... */
	bool human, no_header;	/* views' -h and -H */
	bool numeric_netns;	/* --numeric-netns: inode numbers, no names */
	const char *hist;	/* hist NAME, NULL = all */
	enum filter_action filter_act;
	struct filter filter;	/* filter KEY VALUE... */
	unsigned int alert_kinds; /* monitor KIND...: 1 << tpstat_alert_kind */
	const char *netns;	/* -n NAME, before the command: setns() */
	const char *warning;	/* a deprecated spelling, for stderr */
};

/* The view a command reads (enum tpstat_view), or -1. */
int cli_view(enum tp_cmd cmd);

/* 0: found; -1: no such command; -2: ambiguous abbreviation. */
int cli_lookup(const char *word, enum tp_cmd *cmd);
const char *cli_name(enum tp_cmd cmd);
/* 0, or 2 (a usage error) with the reason in @err. */
int cli_parse(int argc, char **argv, struct options *o, char *err,
	      size_t err_len);
const char *cli_usage(enum tp_cmd cmd);
/* The usage of @cmd, or with BY_TRAP of traps (drops --by trap). */
const char *cli_usage_by(enum tp_cmd cmd, enum drop_by by);

/*
 * What -V prints: the tool's version and, when @module is not NULL, the
 * module's, into @out; a warning into @warn (empty when none) when they
 * differ.  Returns whether they differ.
 */
bool cli_version(const char *tool, const char *module, char *out,
		 size_t out_len, char *warn, size_t warn_len);

#endif
