/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tpstat history: what moved, interval by interval, in the module's
 * flight recorder (cmd_history.c).  Its options are its own (cmd.h's
 * ->opts), parsed here into struct history_args, not struct options;
 * the parse and the output take "now" and a FILE, so the tests give
 * theirs.
 */
#ifndef TPSTAT_CMD_HISTORY_H
#define TPSTAT_CMD_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "select.h"
#include "views.h"

struct out_opts;
struct recording;
struct view_recording;

/* The most marks the summary's sparklines have unless --step says. */
#define HISTORY_MARKS 60

struct history_args {
	const char *glob;
	/*
	 * VIEW: its views intervals instead of the counters'; after --by,
	 * the view whose rows are shown (traps for drops --by trap).
	 */
	const struct view_ops *view;
	/* VIEW's --by and selectors, parsed as tpstat VIEW parses them. */
	struct view_args va;
	struct selector sel;
	const char *by;			/* --by as typed; NULL: none */
	const char *sel_words[2 * SEL_MAX];	/* the selectors as typed */
	int n_sel;
	/* The window, ns since the epoch: 0 and UINT64_MAX for all. */
	uint64_t since_ns, until_ns;
	bool window;		/* --since or --until given */
	const char *step;	/* --step as typed, for messages */
	uint64_t step_ns;	/* 0: the recording's interval */
	const char *save, *load;	/* --save FILE, --load FILE */
	enum history_show {
		SHOW_AUTO,	/* a terminal's: the summary; else intervals */
		SHOW_INTERVALS,	/* --intervals */
		SHOW_SPARK,	/* --spark: the summary wherever */
	} show;
	bool csv;
};

/*
 * The words after "history" (its own options among them, cli.c) into
 * @a, the times against @now; @json: -j was given.  0, or 2 (a usage
 * error) with the reason in @err.
 */
int history_parse(struct history_args *a, int n, const char *const *words,
		  bool json, time_t now, char *err, size_t err_len);
/* What the command's parse made of its words. */
const struct history_args *history_parsed(void);
/*
 * @r chosen (GLOB, the window), binned (--step, or the summary's own)
 * and printed into @f as @a and @out say.  0, or 2 with the reason in
 * @err: a --step that is not a multiple of the recording's interval.
 */
int history_show(FILE *f, const struct history_args *a,
		 const struct out_opts *out, struct recording *r, char *err,
		 size_t err_len);
/*
 * tpstat history VIEW: @vr chosen (a->view, the window), its rows
 * selected by a->sel and arranged as tpstat VIEW's with @va (a->va,
 * view_prepare()d), and printed into @f as @out says; an interval left
 * without rows is not.  0, or 1 after one line on stderr (out of
 * memory).
 */
int history_view_show(FILE *f, const struct history_args *a,
		      const struct out_opts *out, struct view_recording *vr,
		      const struct view_args *va);

#endif
