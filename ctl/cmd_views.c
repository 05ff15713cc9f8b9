// SPDX-License-Identifier: GPL-2.0
/*
 * The views' row of the commands' table: each view of view_table.c is
 * a command by its own name, and this row parses and runs any of them
 * (options.view says which).  What a view reads and prints is views.c's
 * and its views/<name>.c's.
 */
#include <stdio.h>

#include "cli.h"
#include "cmd.h"
#include "nl.h"
#include "select.h"
#include "views.h"

int view_parse_words(const struct view_ops *ops, int n,
		     const char *const *words, struct view_args *a,
		     struct selector *sel, char *err, size_t err_len)
{
	const struct view_ops *shown;
	int r;

	if (ops->parse_words)
		return ops->parse_words(n, words, a, err, err_len);
	r = select_parse(n, words, sel, err, err_len);
	if (r)
		return r;
	shown = view_ops_shown(ops, a);
	return select_check(sel, shown->selectors, shown->name, err, err_len);
}

/*
 * The words after a view: its own (hists' NAME), else selectors (dst
 * 10.0.0.0/8 ...), which the rows it shows must have.
 */
static int view_parse(struct options *o, int n, const char *const *words,
		      char *err, size_t err_len)
{
	return view_parse_words(o->view, n, words, &o->va, &o->sel, err,
				err_len);
}

/* Once, or with -i or -c once per interval (the rows that moved). */
static int view_run(const struct options *o, const struct out_opts *out)
{
	struct view_args va = o->va;
	struct tpnl nl;
	int err = tpnl_open(&nl);

	if (err)
		return tpnl_done(&nl, err);
	va.sel = &o->sel;
	if (o->timed)
		err = view_watch(&nl, o->view->id, &va, out, o->interval,
				 o->count);
	else
		err = view_cmd(&nl, o->view->id, &va, out);
	tpnl_close(&nl);
	return err;
}

const struct command views_command = {
	.name = NULL,	/* each view's own (view_table.c) */
	.parse = view_parse,
	.run = view_run,
	.usage = NULL,	/* each view's own, with its selectors and fields */
	.takes = TAKES_INTERVAL | TAKES_JSON,
};
