// SPDX-License-Identifier: GPL-2.0
/*
 * The commands' table (cmd.h, cmd_table.c) and the views' (view_table.c):
 * each row found by its word or an abbreviation of it, complete, with its
 * usage in tpstat help.
 */
#include <string.h>

#include "unit.h"

/*
 * The commands' table (cmd.h): a row each, found by its word, with its
 * parse, run and usage; one nameless row for the views; help offline
 * and last, as tpstat help ends with its usage.
 */
void test_commands(void)
{
	const struct command *c, *found, *last = NULL;
	const struct view_ops *view;
	size_t named = 0, nameless = 0, offline = 0;
	char want[64];

	for (size_t i = 0; (c = command_at(i)); i++) {
		last = c;
		CHECK(c->parse && c->run, "row %zu: parse and run", i);
		offline += c->offline;
		if (!c->name) {
			nameless++;
			CHECK(!c->usage && (c->takes & TAKES_INTERVAL),
			      "the views' row: their usage, -i and -c");
			continue;
		}
		named++;
		CHECK(!cli_lookup(c->name, &found, &view) && found == c &&
		      !view, "%s: found by its word", c->name);
		snprintf(want, sizeof(want), "tpstat %s", c->name);
		CHECK(c->usage && !strncmp(c->usage, want, strlen(want)) &&
		      strstr(cli_usage(NULL, NULL), c->usage) &&
		      cli_usage(c, NULL) == c->usage,
		      "%s: its usage, in tpstat help", c->name);
		CHECK(cmd_row(cmd_code(c, NULL)) == c,
		      "%s: one of these tests' CMD_*", c->name);
	}
	CHECK(named == N_CMD_WORDS - 1 && nameless == 1,
	      "%zu commands and the views' row", named);
	CHECK(last == &help_command && help_command.offline && offline == 1,
	      "help: the last row, the one run before -n's namespace");
	CHECK(!(cmd_row(CMD_EXPORT)->takes & TAKES_JSON) &&
	      (cmd_row(CMD_LIST)->takes & TAKES_VERBOSE),
	      "export takes no -j, list takes -v");
}

/* Commands by their word or the shortest prefix only one of them has. */
void test_lookup(void)
{
	int c;

	CHECK(!lookup("show", &c) && c == CMD_SHOW, "show");
	CHECK(!lookup("sh", &c) && c == CMD_SHOW, "sh");
	CHECK(lookup("a", &c) == -2, "a: attach or auth");
	CHECK(!lookup("at", &c) && c == CMD_ATTACH, "at");
	CHECK(!lookup("au", &c) && c == CMD_AUTH, "au");
	CHECK(!lookup("det", &c) && c == CMD_DETACH, "det");
	CHECK(lookup("x", &c) == -1, "x unknown");
	CHECK(lookup("", &c) == -1, "empty is no command");
	CHECK(lookup("shows", &c) == -1, "longer than a command");
}

/* The views' words among the commands'. */
void test_view_lookup(void)
{
	int c;

	CHECK(!lookup("reset", &c) && c == CMD_RESET, "reset is exact");
	CHECK(!lookup("resets", &c) && c == CMD_RESETS, "resets is exact");
	CHECK(lookup("res", &c) == -2, "res: reset or resets");
	CHECK(lookup("re", &c) == -2, "re: reset, resets, retrans");
	CHECK(!lookup("ret", &c) && c == CMD_RETRANS, "ret");
	CHECK(lookup("l", &c) == -2, "l: list or lifetime");
	CHECK(!lookup("lif", &c) && c == CMD_LIFETIME, "lif");
	CHECK(lookup("de", &c) == -2, "de: detach or devices");
	CHECK(!lookup("dev", &c) && c == CMD_DEVICES, "dev");
	CHECK(!lookup("dr", &c) && c == CMD_DROPS, "dr");
	CHECK(lookup("h", &c) == -2, "h: help or hist");
	CHECK(lookup("hi", &c) == -2, "hi: hists or history");
	CHECK(!lookup("hist", &c) && c == CMD_HIST, "hist: hists' older word, exact");
	CHECK(!lookup("histo", &c) && c == CMD_HISTORY, "histo");
	CHECK(!lookup("st", &c) && c == CMD_STATES, "st");
	CHECK(!lookup("sh", &c) && c == CMD_SHOW, "sh stays show");
	CHECK(!lookup("f", &c) && c == CMD_FILTER, "f");
	CHECK(!lookup("errors", &c) && c == CMD_ERRORS, "errors is exact");
	CHECK(!lookup("er", &c) && c == CMD_ERRORS, "er");
	CHECK(lookup("e", &c) == -2, "e: errors or export");
	CHECK(!lookup("ex", &c) && c == CMD_EXPORT, "ex");
	CHECK(!lookup("rcvq", &c) && c == CMD_RCVQ, "rcvq is exact");
	CHECK(!lookup("rc", &c) && c == CMD_RCVQ, "rc");
	CHECK(cli_view(CMD_RCVQ) == TPSTAT_VIEW_RCVQ &&
	      !strcmp(view_name(TPSTAT_VIEW_RCVQ), "rcvq"),
	      "rcvq reads the RCVQ view");
	CHECK(cli_view(CMD_AUTH) == TPSTAT_VIEW_AUTH &&
	      !strcmp(view_name(TPSTAT_VIEW_AUTH), "auth"),
	      "auth reads the AUTH view");
	CHECK(cli_view(CMD_ERRORS) == TPSTAT_VIEW_ERRORS &&
	      !strcmp(view_name(TPSTAT_VIEW_ERRORS), "errors"),
	      "errors reads the ERRORS view");
	CHECK(!lookup("neigh", &c) && c == CMD_NEIGH, "neigh is exact");
	CHECK(!lookup("n", &c) && c == CMD_NEIGH, "n");
	CHECK(cli_view(CMD_NEIGH) == TPSTAT_VIEW_NEIGH &&
	      !strcmp(view_name(TPSTAT_VIEW_NEIGH), "neigh"),
	      "neigh reads the NEIGH view");
}

/* Every uapi view has its ops, complete, under its own id and names. */
void test_view_table(void)
{
	for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++) {
		const struct view_ops *ops = view_ops(id);
		bool unique = true;

		for (uint32_t k = 0; ops && ops->name && k < id; k++)
			unique &= !!strcmp(view_ops(k)->name, ops->name);
		CHECK(ops && ops->id == id && ops->name && unique &&
		      ops->list_key &&
		      !ops->row != !ops->record &&
		      (!ops->shows || ops->record),
		      "view %u: ops with its own name, a list key, and a row or a record",
		      id);
	}
	CHECK(!view_ops(__TPSTAT_VIEW_CNT) &&
	      !strcmp(view_name(__TPSTAT_VIEW_CNT), "unknown"),
	      "a view past the table: no ops, named unknown");
}
