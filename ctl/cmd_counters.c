// SPDX-License-Identifier: GPL-2.0
/*
 * The commands on the events and their counters: list, show (and its
 * --delta), watch, reset, attach and detach.  Each takes a GLOB of
 * events, all of them when none is given; reset, attach and detach
 * change what every user reads, so they must be told what ("reset all"
 * for everything).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cmd.h"
#include "history.h"
#include "nl.h"
#include "output.h"
#include "replies.h"
#include "../uapi/linux/tpstat.h"

static int list_run(const struct options *o, const struct out_opts *out)
{
	struct rows r = { 0 };
	struct tpnl nl;
	int err = tpnl_open(&nl);

	if (!err)
		err = read_events(&nl, o->glob, &r);
	if (!err)
		print_events(stdout, out, r.v, r.n);
	free(r.v);
	return tpnl_done(&nl, err);
}

const struct command list_command = {
	.name = "list",
	.parse = cli_parse_glob,
	.run = list_run,
	.usage = "tpstat list [GLOB] [-v|--verbose]\n"
		 "    every event tpstat knows and its state; -v adds the probe's\n"
		 "    prototype variant and the fields it reads",
	.takes = TAKES_VERBOSE | TAKES_JSON,
};

/*
 * show --delta: the counters' change since the baseline in this user's
 * history, which then holds them (unless --no-update).  0, or 1 after
 * one line on stderr.
 */
static int show_delta(struct tpnl *nl, const struct options *o,
		      const struct out_opts *out)
{
	struct counter_row *old = NULL, *base = NULL;
	struct rows r = { 0 };
	char path[4096], msg[512];
	size_t n_old = 0;
	int fd, err;

	if (history_path(path, sizeof(path), msg, sizeof(msg)))
		goto refused;
	fd = history_open(path, msg, sizeof(msg));
	if (fd < 0)
		goto refused;
	if (!o->reset_history && history_read(fd, &old, &n_old)) {
		snprintf(msg, sizeof(msg), "cannot read the history %.200s", path);
		close(fd);
		goto refused;
	}
	err = read_counters(nl, o->glob, &r);
	if (err) {
		free(old);
		close(fd);
		fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
		return 1;
	}
	/* The values as read, for the baseline; the rows become changes. */
	base = malloc((r.n ? r.n : 1) * sizeof(*base));
	if (!base) {
		snprintf(msg, sizeof(msg), "out of memory");
		goto failed;
	}
	memcpy(base, r.v, r.n * sizeof(*base));
	history_delta(old, n_old, r.v, r.n);
	if (!o->no_update &&
	    (history_merge(&old, &n_old, base, r.n) ||
	     history_write(fd, old, n_old))) {
		snprintf(msg, sizeof(msg), "cannot write the history %.200s", path);
		goto failed;
	}
	print_counters(stdout, out, r.v, r.n);
	free(base);
	free(old);
	free(r.v);
	close(fd);
	return 0;
failed:
	free(base);
	free(old);
	free(r.v);
	close(fd);
refused:
	fprintf(stderr, "tpstat: %s\n", msg);
	return 1;
}

static int show_run(const struct options *o, const struct out_opts *out)
{
	struct rows r = { 0 };
	struct tpnl nl;
	int err = tpnl_open(&nl);

	if (!err && o->delta) {
		err = show_delta(&nl, o, out);
		tpnl_close(&nl);
		return err;
	}
	if (!err)
		err = read_counters(&nl, o->glob, &r);
	if (!err)
		print_counters(stdout, out, r.v, r.n);
	free(r.v);
	return tpnl_done(&nl, err);
}

const struct command show_command = {
	.name = "show",
	.parse = cli_parse_glob,
	.run = show_run,
	.usage = "tpstat show [GLOB] [-z|--zeros] [--delta [--no-update] [--reset-history]]\n"
		 "    counters, non-zero ones unless -z; --delta: their change since\n"
		 "    this user's last --delta (a baseline file of theirs,\n"
		 "    $TPSTAT_HISTORY or ~/.cache/tpstat/history.UID), then the\n"
		 "    baseline is updated unless --no-update; --reset-history: from\n"
		 "    a new baseline (the change since load)",
	.takes = TAKES_ZEROS | TAKES_DELTA | TAKES_JSON,
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Every interval, the change since the previous read: 0, or 1 as ->run(). */
static int watch(struct tpnl *nl, const struct options *o,
		 const struct out_opts *out)
{
	struct rows prev = { 0 }, cur = { 0 }, tmp;
	double start = now(), last = start, t;
	struct timespec pause;
	long i;
	int err;

	err = read_counters(nl, o->glob, &prev);
	if (err)
		goto failed;
	for (i = 0; !o->count || i < o->count; i++) {
		pause.tv_sec = (time_t)o->interval;
		pause.tv_nsec = (long)((o->interval - pause.tv_sec) * 1e9);
		nanosleep(&pause, NULL);
		err = read_counters(nl, o->glob, &cur);
		if (err)
			goto failed;
		t = now();
		print_watch(stdout, out, t - last, t - start, prev.v, prev.n,
			    cur.v, cur.n);
		last = t;
		tmp = prev;
		prev = cur;
		cur = tmp;
	}
failed:
	free(prev.v);
	free(cur.v);
	if (err)
		fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
	return err ? 1 : 0;
}

static int watch_run(const struct options *o, const struct out_opts *out)
{
	struct tpnl nl;
	int err = tpnl_open(&nl);

	if (err)
		return tpnl_done(&nl, err);
	err = watch(&nl, o, out);
	tpnl_close(&nl);
	return err;
}

const struct command watch_command = {
	.name = "watch",
	.parse = cli_parse_glob,
	.run = watch_run,
	.usage = "tpstat watch [GLOB] [-i|--interval SECONDS] [-c|--count COUNT] [-z|--zeros]\n"
		 "    changes per interval (default 1 s) and rates; redraws on a\n"
		 "    terminal, appends when piped; -c stops after COUNT intervals;\n"
		 "    -z shows the counters that did not change too",
	.takes = TAKES_INTERVAL | TAKES_ZEROS | TAKES_JSON,
};

/* reset, attach, detach: @cmd on the events @o->glob names, no reply. */
static int control(const struct options *o, uint8_t cmd)
{
	struct tpnl nl;
	int err = tpnl_open(&nl);

	if (!err)
		err = tpnl_request(&nl, cmd, 0, o->glob, NULL, NULL);
	return tpnl_done(&nl, err);
}

/*
 * A reset zeroes what every user and the exporter read: its scope is
 * said, never implied.  "all" is every counter and view (no glob to the
 * kernel); anything else is a glob of events.
 */
static int reset_parse(struct options *o, int n, const char *const *words,
		       char *err, size_t err_len)
{
	int r = cli_parse_glob(o, n, words, err, err_len);

	if (r)
		return r;
	if (!o->glob)
		return cli_usage_error(err, err_len, "%s",
				       "reset needs its scope: 'tpstat reset all' or 'tpstat reset GLOB'");
	if (!strcmp(o->glob, "all"))
		o->glob = NULL;
	return 0;
}

static int reset_run(const struct options *o, const struct out_opts *out)
{
	(void)out;
	return control(o, TPSTAT_CMD_RESET);
}

const struct command reset_command = {
	.name = "reset",
	.parse = reset_parse,
	.run = reset_run,
	.usage = "tpstat reset all|GLOB\n"
		 "    restart counters at 0: every counter and view (all), or the\n"
		 "    matching events'; for every user; needs CAP_NET_ADMIN",
	.takes = TAKES_JSON,
};

/* attach and detach: GLOB, which they need. */
static int glob_needed(struct options *o, int n, const char *const *words,
		       char *err, size_t err_len)
{
	int r = cli_parse_glob(o, n, words, err, err_len);

	if (!r && !o->glob)
		return cli_usage_error(err, err_len, "%s needs a GLOB",
				       o->cmd->name);
	return r;
}

static int attach_run(const struct options *o, const struct out_opts *out)
{
	(void)out;
	return control(o, TPSTAT_CMD_ATTACH);
}

const struct command attach_command = {
	.name = "attach",
	.parse = glob_needed,
	.run = attach_run,
	.usage = "tpstat attach GLOB\n"
		 "    start counting the matching events; needs CAP_NET_ADMIN",
	.takes = TAKES_JSON,
};

static int detach_run(const struct options *o, const struct out_opts *out)
{
	(void)out;
	return control(o, TPSTAT_CMD_DETACH);
}

const struct command detach_command = {
	.name = "detach",
	.parse = glob_needed,
	.run = detach_run,
	.usage = "tpstat detach GLOB\n"
		 "    stop counting them (their counters stay); needs CAP_NET_ADMIN",
	.takes = TAKES_JSON,
};
