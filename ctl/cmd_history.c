// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat history: the module's flight recorder (TPSTAT_CMD_GET_HISTORY),
 * or a recording tpstat history --save wrote, shown as sar shows its
 * files: what moved, interval by interval, or on a terminal a line per
 * counter with a sparkline of its rate, so that a burst stands out.
 * With a view's name, that view's keys that moved most, each views
 * interval.  The recording itself is recording.c's (the views'
 * recording_views.c's), its file recording_file.c's, its printing
 * recording_output.c's (recording_views_output.c's); here are the
 * command's words and which of them applies.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cmd.h"
#include "cmd_history.h"
#include "escape.h"
#include "nl.h"
#include "recording.h"
#include "recording_file.h"
#include "recording_output.h"
#include "recording_views.h"
#include "recording_views_output.h"
#include "replies.h"
#include "views.h"
#include "when.h"

/* ---- the words -------------------------------------------------------- */

/* --since, --until, --step, --save or --load @opt, and its @value. */
static int value_option(struct history_args *a, const char *opt,
			const char *value, time_t now, char *err,
			size_t err_len)
{
	bool since = !strcmp(opt, "--since");

	if (since || !strcmp(opt, "--until")) {
		if (!value || when_parse(value, now, since ? &a->since_ns :
							     &a->until_ns))
			goto bad;
		a->window = true;
	} else if (!strcmp(opt, "--step")) {
		if (!value || when_span(value, &a->step_ns))
			goto bad;
		a->step = value;
	} else if (!strcmp(opt, "--by")) {
		/* The view's to parse, when it is known: history_parse(). */
		if (!value)
			return cli_usage_error(err, err_len, "%s needs one of the view's words (tpstat help VIEW)",
					       opt);
		a->by = value;
	} else if (!strcmp(opt, "--save") || !strcmp(opt, "--load")) {
		if (!value || !*value)
			return cli_usage_error(err, err_len, "%s needs a FILE (-: standard output or input)",
					       opt);
		*(opt[2] == 's' ? &a->save : &a->load) = value;
	} else {
		return cli_usage_error(err, err_len, "unknown option '%s'", opt);
	}
	return 0;
bad:
	snprintf(err, err_len, value ? "%s takes %s, not '%.40s'" : "%s needs %s",
		 opt, strcmp(opt, "--step") ? WHEN_FORMS :
		 "a length on the clock (30s, 1m, 1h)", value);
	return 2;
}

/* One word: a flag, an option and its value (*@i past it), VIEW or GLOB. */
static int one_word(struct history_args *a, int n, const char *const *words,
		    int *i, time_t now, char *err, size_t err_len)
{
	const char *w = words[*i];
	enum history_show show = !strcmp(w, "--intervals") ? SHOW_INTERVALS :
				 !strcmp(w, "--spark") ? SHOW_SPARK : SHOW_AUTO;

	if (show != SHOW_AUTO) {
		if (a->show && a->show != show)
			return cli_usage_error(err, err_len, "%s",
					       "--intervals and --spark are two ways to show it: one of them");
		a->show = show;
	} else if (!strcmp(w, "--csv")) {
		a->csv = true;
	} else if (!strncmp(w, "--", 2)) {
		return value_option(a, w, *i + 1 < n ? words[++*i] : NULL,
				    now, err, err_len);
	} else if (a->view) {
		/* Parsed whole after the loop, as tpstat VIEW's words. */
		if (a->n_sel == 2 * SEL_MAX)
			return cli_usage_error(err, err_len, "unexpected argument '%s'", w);
		a->sel_words[a->n_sel++] = w;
	} else if (a->glob) {
		return cli_usage_error(err, err_len, "unexpected argument '%s'", w);
	} else if (view_named(w)) {
		a->view = view_named(w);
		/* Never a glob: a view without keys is refused, not matched. */
		if (a->view->no_history)
			return cli_usage_error(err, err_len, "the flight recorder keeps no history of the %s view: it has no keys",
					       a->view->name);
	} else if (!rec_glob_ok(w)) {
		return cli_usage_error(err, err_len, "an empty glob in '%s'", w);
	} else {
		a->glob = w;
	}
	return 0;
}

/*
 * The option a view's history does not take, or NULL: its intervals
 * are listed, or with -j an object each; --save writes the whole
 * recording, never a view's part (--load reads one for a view too).
 */
static const char *counters_only(const struct history_args *a)
{
	if (a->step)
		return "--step";
	if (a->csv)
		return "--csv";
	if (a->show == SHOW_SPARK)
		return "--spark";
	return a->save ? "--save" : NULL;
}

/* What the words say together. */
static int combined(const struct history_args *a, bool json, char *err,
		    size_t err_len)
{
	const char *why = NULL;

	if (a->view && counters_only(a))
		return cli_usage_error(err, err_len, "%s is for the counters' history, not a view's",
				       counters_only(a));
	if (a->until_ns <= a->since_ns)
		why = "--until is not after --since";
	else if (json && a->csv)
		why = "--csv and -j are two formats: one of them";
	else if ((json || a->csv) && a->show)
		why = "--intervals and --spark are for text, not -j or --csv";
	else if (a->save && (a->glob || a->window || a->step || a->csv ||
			     json || a->show))
		why = "--save writes the whole recording and shows nothing: no GLOB, --since, --until, --step, --csv, -j, --intervals or --spark with it";
	return why ? cli_usage_error(err, err_len, "%s", why) : 0;
}

/*
 * VIEW's --by, then its selectors, by the parse tpstat VIEW has: the
 * same words, the same errors.  Then the view shown by --by: drops
 * --by trap is traps' history, as tpstat drops --by trap reads traps.
 */
static int view_words(struct history_args *a, char *err, size_t err_len)
{
	int ret = view_parse_by(a->view, a->view ? a->view->name :
				"the counters' history", a->by, &a->va, err,
				err_len);

	if (ret || !a->view)
		return ret;
	ret = view_parse_words(a->view, a->n_sel, a->sel_words, &a->va,
			       &a->sel, err, err_len);
	a->view = view_ops_shown(a->view, &a->va);
	return ret;
}

int history_parse(struct history_args *a, int n, const char *const *words,
		  bool json, time_t now, char *err, size_t err_len)
{
	int ret = 0;

	memset(a, 0, sizeof(*a));
	a->until_ns = UINT64_MAX;
	for (int i = 0; !ret && i < n; i++)
		ret = one_word(a, n, words, &i, now, err, err_len);
	if (!ret)
		ret = view_words(a, err, err_len);
	return ret ? ret : combined(a, json, err, err_len);
}

/* The parse's, for the run: the command's own, not struct options'. */
static struct history_args args;

const struct history_args *history_parsed(void)
{
	return &args;
}

static int history_cmd_parse(struct options *o, int n,
			     const char *const *words, char *err,
			     size_t err_len)
{
	return history_parse(&args, n, words, o->json, time(NULL), err,
			     err_len);
}

/* ---- showing it ------------------------------------------------------- */

int history_show(FILE *f, const struct history_args *a,
		 const struct out_opts *out, struct recording *r, char *err,
		 size_t err_len)
{
	uint64_t base = (r->interval_s ? r->interval_s : 1) * NS_PER_SEC;
	uint64_t step = a->step_ns;
	char span[WHEN_LEN];
	bool summary;

	if (step % base) {
		snprintf(err, err_len, "--step %.40s is not a multiple of the recording's intervals of %s",
			 a->step, when_span_text(base, span, sizeof(span)));
		return 2;
	}
	rec_select(r, a->glob, a->since_ns, a->until_ns);
	summary = a->show == SHOW_SPARK ||
		  (!a->show && out->tty && !out->json && !a->csv);
	if (!step)
		step = summary ? rec_auto_step(r, HISTORY_MARKS) : base;
	/* One bin is no series: its listing says as much. */
	if (a->show == SHOW_AUTO && rec_bins(r, step) < 2)
		summary = false;
	if (step != base)
		rec_rebin(r, step);
	if (out->json)
		rec_print_json(f, r);
	else if (a->csv)
		rec_print_csv(f, r);
	else if (summary)
		rec_print_summary(f, r, step);
	else
		rec_print_intervals(f, r);
	return 0;
}

int history_view_show(FILE *f, const struct history_args *a,
		      const struct out_opts *out, struct view_recording *vr,
		      const struct view_args *va)
{
	const struct view_print how = {
		.by = va->by, .human = out->human, .no_header = out->no_header,
	};
	struct view_args shown = *va;
	const char *where = "the recording";

	/* Nothing of the view at all, or nothing in the window? */
	vrec_select(vr, a->view->id, 0, UINT64_MAX);
	if (a->window && vrec_count(vr))
		where = "that window";
	vrec_select(vr, a->view->id, a->since_ns, a->until_ns);
	shown.sel = &a->sel;
	if (vrec_arrange(vr, &shown)) {
		fputs("tpstat: out of memory\n", stderr);
		return 1;
	}
	if (out->json)
		vrec_print_json(f, vr, &how);
	else
		vrec_print_text(f, vr, &how, a->view->id, where);
	return 0;
}

/* ---- the run ---------------------------------------------------------- */

/*
 * Whether the module keeps views intervals, as its info says; else one
 * line on stderr.  A module older than them does not say.
 */
static bool keeps_views(const struct info *info)
{
	char version[ESC_SIZE(sizeof(info->version))];

	if (!info->has_history_views)
		fprintf(stderr, "tpstat: the loaded module (version %s) keeps no views history: it is older than this tool\n",
			esc(info->version, version, sizeof(version)));
	else if (!info->history_views)
		fputs("tpstat: the module keeps no views history here (history_views=0, or a namespace other than the initial one)\n",
		      stderr);
	return info->has_history_views && info->history_views;
}

/*
 * With r->views, what tpstat history VIEW needs past the dump: views
 * intervals kept, their length, and @va as the view's read resolves it
 * (drops' default --by).  0, or 1 after one line on stderr.
 */
static int views_ready(struct tpnl *nl, const struct info *info,
		       struct view_recording *vr, struct view_args *va)
{
	struct view v = { .id = args.view->id };

	if (!keeps_views(info))
		return 1;
	vr->interval_s = info->history_views;
	return view_prepare(nl, &v, va);
}

/*
 * A file's views intervals ready for tpstat history VIEW, as
 * views_ready() readies the module's: their length, and drops' default
 * --by from the module's features as it said them.  0, or 1 after one
 * line on stderr: the file holds none.
 */
static int file_views_ready(const struct recording *r,
			    struct view_recording *vr, struct view_args *va)
{
	if (!r->views_interval_s) {
		fprintf(stderr, "tpstat: %s holds no views intervals (a version 1 file, or the module kept none)\n",
			strcmp(args.load, "-") ? args.load : "standard input");
		return 1;
	}
	vr->interval_s = r->views_interval_s;
	if (args.view->id == TPSTAT_VIEW_DROPS)
		drops_default_by(va, r->features);
	return 0;
}

/*
 * The module's recording into @r, with what it says of itself for a
 * file, its views intervals into r->views where it is set, and for
 * tpstat history VIEW those readied (@va for them, see views_ready()):
 * 0, or 1 after one line on stderr (the kernel's own message where it
 * refused: off, or not the initial network namespace).
 */
static int from_module(struct recording *r, struct view_args *va)
{
	struct info info = { 0 };
	char version[ESC_SIZE(sizeof(info.version))];
	struct tpnl nl;
	int err = tpnl_open(&nl);

	if (!err)
		err = read_info(&nl, &info);
	if (err)
		return tpnl_done(&nl, err);
	snprintf(r->version, sizeof(r->version), "%s", info.version);
	snprintf(r->kernel, sizeof(r->kernel), "%s", info.kernel);
	r->interval_s = info.history_interval;
	r->views_interval_s = info.history_views;
	r->features = info.features;
	err = read_history(&nl, r);
	/* A module without the command has no word of its own for it. */
	if (err == -EOPNOTSUPP && !nl.extack[0] && !info.has_history) {
		fprintf(stderr, "tpstat: the loaded module (version %s) has no flight recorder: it is older than this tool\n",
			esc(info.version, version, sizeof(version)));
		tpnl_close(&nl);
		return 1;
	}
	if (!err && args.view && views_ready(&nl, &info, r->views, va)) {
		tpnl_close(&nl);
		return 1;
	}
	return tpnl_done(&nl, err);
}

static int history_run(const struct options *o, const struct out_opts *out)
{
	struct view_recording vr;
	struct view_args va = args.va;
	struct recording r;
	char err[512];
	int ret;

	(void)o;
	/* netns NAME: its namespace's cookie, as main() does for a view. */
	if (select_resolve(&args.sel, err, sizeof(err))) {
		fprintf(stderr, "tpstat: %s\n", err);
		return 1;
	}
	rec_init(&r);
	vrec_init(&vr);
	/*
	 * --save: the views intervals read as for VIEW, so that the file
	 * holds none the parser would refuse, and kept whole for it.
	 */
	if (args.view || args.save)
		r.views = &vr;
	r.keep_attrs = args.save != NULL;
	if (args.load) {
		ret = rec_load_file(args.load, &r, err, sizeof(err)) ? 1 : 0;
		if (ret)
			fprintf(stderr, "tpstat: %s\n", err);
		else if (args.view)
			ret = file_views_ready(&r, &vr, &va);
	} else {
		ret = from_module(&r, &va);
	}
	if (!ret && args.save) {
		ret = rec_save_file(args.save, &r, err, sizeof(err)) ? 1 : 0;
		if (ret)
			fprintf(stderr, "tpstat: %s\n", err);
	} else if (!ret && args.view) {
		ret = history_view_show(stdout, &args, out, &vr, &va);
	} else if (!ret) {
		ret = history_show(stdout, &args, out, &r, err, sizeof(err));
		if (ret)
			fprintf(stderr, "tpstat: %s (see: tpstat help history)\n",
				err);
	}
	vrec_free(&vr);
	rec_free(&r);
	return ret;
}

/* Its own options (cmd.h): cli.c hands them to history_cmd_parse(). */
static const char *const history_opts[] = {
	"--since=", "--until=", "--step=", "--save=", "--load=", "--by=",
	"--intervals", "--spark", "--csv", NULL,
};

const struct command history_command = {
	.name = "history",
	.parse = history_cmd_parse,
	.run = history_run,
	.usage = "tpstat history [GLOB] [--since T] [--until T] [--step D] [--intervals|--spark] [--csv] [--save FILE] [--load FILE]\n"
		 "tpstat history VIEW [SELECTOR]... [--by X] [--since T] [--until T] [--load FILE]\n"
		 "    what moved in the module's flight recorder (history= seconds an\n"
		 "    interval, from load on).  On a terminal, a line per counter that\n"
		 "    moved: its total, peak rate and a sparkline of its rate (--spark:\n"
		 "    off a terminal too), at most 60 marks of 1m, 5m, 15m, 1h ... unless\n"
		 "    --step; --intervals, or piped: each interval and what moved in it.\n"
		 "    T: HH:MM[:SS] (today; yesterday if that is later than now),\n"
		 "    YYYY-MM-DDTHH:MM[:SS] (local; a Z after it: UTC), or a time back\n"
		 "    from now: 90s, 15m, 2h, 1d; the intervals that overlap the window.\n"
		 "    --step D: bins of D on the clock, a multiple of the interval;\n"
		 "    -j: an object per bin a line; --csv: a row per bin; --save FILE:\n"
		 "    all of it, the views intervals too, into FILE (-: stdout),\n"
		 "    nothing shown; --load FILE: a saved recording instead of the\n"
		 "    module's, for the counters or a VIEW.\n"
		 "    VIEW, a view's name (not states or hists): each views interval\n"
		 "    (history_views= seconds) in which its keys moved, the keys that\n"
		 "    moved most, as tpstat VIEW prints them, with their changes, and\n"
		 "    how much moved outside them; -j: an object per interval a line.\n"
		 "    Its selectors and --by as tpstat VIEW's, on each interval's keys;\n"
		 "    an interval without a selected key is left out, and how much\n"
		 "    moved outside the keys is the whole view's, selected or not",
	.takes = TAKES_JSON,
	.opts = history_opts,
};
