// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat doctor: reads the views its rules need (view_fetch(), as
 * export reads them), runs the rules of doctor/rules.c over them and
 * prints the findings, ranked.  A view the module refuses (off, not on
 * this kernel, not for this user or namespace) is named with the
 * module's words, and the rules go on without it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "cli.h"
#include "cmd.h"
#include "doctor.h"
#include "escape.h"
#include "nl.h"
#include "recording.h"
#include "recording_views.h"
#include "replies.h"
#include "views.h"
#include "when.h"

static bool rules_only;	/* --rules */
static bool prometheus;	/* --prometheus */
/* --since, --until: the recorder's window, ns since the epoch. */
static bool window;
static uint64_t since_ns, until_ns;

/* --since or --until and its @value; 0, or 2 with why in @err. */
static int window_option(const char *opt, const char *value, char *err,
			 size_t err_len)
{
	bool since = !strcmp(opt, "--since");

	if (!value || when_parse(value, time(NULL), since ? &since_ns :
							    &until_ns)) {
		snprintf(err, err_len, value ? "%s takes %s, not '%.40s'" :
			 "%s needs %s", opt, WHEN_FORMS, value);
		return 2;
	}
	window = true;
	return 0;
}

static int doctor_parse(struct options *o, int n, const char *const *words,
			char *err, size_t err_len)
{
	int ret;

	rules_only = prometheus = window = false;
	since_ns = 0;
	until_ns = UINT64_MAX;
	for (int i = 0; i < n; i++) {
		if (!strcmp(words[i], "--rules")) {
			rules_only = true;
		} else if (!strcmp(words[i], "--prometheus")) {
			prometheus = true;
		} else if (!strcmp(words[i], "--since") ||
			   !strcmp(words[i], "--until")) {
			ret = window_option(words[i], i + 1 < n ? words[i + 1] :
					    NULL, err, err_len);
			if (ret)
				return ret;
			i++;
		} else {
			return cli_usage_error(err, err_len,
					       "unexpected argument '%s'",
					       words[i]);
		}
	}
	if (rules_only && prometheus)
		return cli_usage_error(err, err_len,
				       "%s prints the rules as --rules does, another way: one of them",
				       "--prometheus");
	if (window && (rules_only || prometheus))
		return cli_usage_error(err, err_len,
				       "%s print the rules, which have no window: no --since or --until with them",
				       "--rules and --prometheus");
	if (until_ns <= since_ns)
		return cli_usage_error(err, err_len, "%s",
				       "--until is not after --since");
	if (o->timed && (window || rules_only || prometheus))
		return cli_usage_error(err, err_len, "%s",
				       "-i and -c watch what moves from now on: no --since, --until, --rules or --prometheus with them");
	return 0;
}

/* @s past @prefix if it starts with it, else @s. */
static const char *past(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(s, prefix, n) ? s : s + n;
}

/*
 * Why view @id was refused with @err, in view_error()'s words without
 * its "tpstat: ", "<view> view: " and newline (doctor's line names the
 * view), into @u.
 */
static void unread_why(struct doctor_unread *u, const struct tpnl *nl,
		       uint32_t id, int err)
{
	char line[sizeof(u->why) + 64] = "", prefix[64];
	const char *why;
	FILE *f = fmemopen(line, sizeof(line), "w");

	u->view = id;
	if (f) {
		view_error(f, nl, id, err);
		fclose(f);
	}
	line[strcspn(line, "\n")] = '\0';
	snprintf(prefix, sizeof(prefix), "%s view: ", view_name(id));
	why = past(past(line, "tpstat: "), prefix);
	snprintf(u->why, sizeof(u->why), "%.255s", why[0] ? why : "refused");
}

/*
 * The views the rules read into @views and @in; *@read the ones read,
 * @unread (*@n_unread) the ones refused.  0, or -errno as tpnl_send().
 */
static int doctor_read(struct tpnl *nl, struct view *views,
		       struct doctor_input *in, unsigned int *read,
		       struct doctor_unread *unread, size_t *n_unread)
{
	unsigned int want = doctor_views();
	const struct view_ops *ops;
	int refused, err;

	for (size_t i = 0; (ops = view_at(i)); i++) {
		struct view *v = &views[ops->id];

		if (!(want & DOCTOR_VIEW(ops->id)))
			continue;
		v->id = ops->id;
		err = view_fetch(nl, v, &refused);
		if (err)
			return err;
		if (refused) {
			unread_why(&unread[(*n_unread)++], nl, ops->id,
				   refused);
			nl->extack[0] = '\0';
			continue;
		}
		in->views[ops->id] = v;
		*read |= DOCTOR_VIEW(ops->id);
	}
	return 0;
}

/*
 * View @id's rows in the recorder's views intervals that overlap the
 * window, added up into @v (emptied first), and those intervals' span
 * into @w.  0, or -1 out of memory.
 */
static int window_view(const struct view_recording *vr, uint32_t id,
		       struct view *v, struct doctor_window *w)
{
	view_free(v);
	*v = (struct view){ .id = id, .have_header = true };
	for (size_t i = 0; i < vrec_count(vr); i++) {
		const struct vrec_interval *iv = vrec_at(vr, i);
		uint64_t end = iv->start_ns + iv->duration_ns;

		if (iv->v.id != id || !rec_overlaps(iv->start_ns,
						    iv->duration_ns,
						    since_ns, until_ns))
			continue;
		if (view_add(v, &iv->v))
			return -1;
		if (!w->from_ns || iv->start_ns < w->from_ns)
			w->from_ns = iv->start_ns;
		if (end > w->to_ns)
			w->to_ns = end;
	}
	return 0;
}

/* The views intervals (by number) that overlap the window: each once. */
static size_t window_intervals(const struct view_recording *vr)
{
	size_t n = 0;
	uint64_t last = UINT64_MAX;

	for (size_t i = 0; i < vrec_count(vr); i++) {
		const struct vrec_interval *iv = vrec_at(vr, i);

		if (iv->seq == last || !rec_overlaps(iv->start_ns,
						     iv->duration_ns,
						     since_ns, until_ns))
			continue;
		last = iv->seq;
		n++;
	}
	return n;
}

/*
 * --since/--until: each view read (@in) replaced by its rows in the
 * flight recorder's views intervals of the window, added up: what the
 * caller may read is still GET_VIEW's to say, the counts are the
 * recorder's.  0, or 1 after one line on stderr.
 */
static int doctor_window(struct tpnl *nl, struct view *views,
			 struct doctor_input *in)
{
	struct view_recording vr;
	struct recording r;
	struct info info = { 0 };
	char version[ESC_SIZE(sizeof(info.version))];
	int err, ret = 1;

	rec_init(&r);
	vrec_init(&vr);
	r.views = &vr;
	err = read_info(nl, &info);
	if (!err && !info.has_history_views) {
		fprintf(stderr, "tpstat: the loaded module (version %s) keeps no views history: it is older than this tool\n",
			esc(info.version, version, sizeof(version)));
		goto out;
	}
	if (!err && !info.history_views) {
		fputs("tpstat: the module keeps no views history here (history_views=0, or a namespace other than the initial one): doctor has no window but since load\n",
		      stderr);
		goto out;
	}
	if (!err)
		err = read_history(nl, &r);
	if (err) {
		fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
		goto out;
	}
	in->window.recorder = true;
	in->window.interval_s = info.history_views;
	in->window.intervals = window_intervals(&vr);
	for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++) {
		if (in->views[id] &&
		    window_view(&vr, id, &views[id], &in->window)) {
			fputs("tpstat: out of memory\n", stderr);
			goto out;
		}
	}
	ret = 0;
out:
	vrec_free(&vr);
	rec_free(&r);
	return ret;
}

/*
 * doctor -i SECONDS [-c COUNT]: every interval, the rules over what
 * moved since the previous read (view_delta(), as tpstat VIEW -i), each
 * interval's findings printed (JSON: an object a line).  The exit
 * status is the last interval's.
 */
static int doctor_watch(struct tpnl *nl, const struct out_opts *out,
			double interval, long count)
{
	struct view prev[__TPSTAT_VIEW_CNT] = { { 0 } };
	struct view cur[__TPSTAT_VIEW_CNT] = { { 0 } };
	struct view moved[__TPSTAT_VIEW_CNT] = { { 0 } };
	struct doctor_unread unread[__TPSTAT_VIEW_CNT];
	struct doctor_input in = { 0 }, now = { 0 };
	struct out_opts line = *out;
	unsigned int read = 0, again = 0;
	size_t n_unread = 0, n_again = 0;
	struct doctor_mibs mib_then, mib_now;
	int err, ret = 1;

	line.pretty = false;	/* JSON lines, as tpstat VIEW -i */
	doctor_mibs_read(&mib_then);
	err = doctor_read(nl, prev, &in, &read, unread, &n_unread);
	for (long i = 0; !err && (!count || i < count); i++) {
		struct timespec pause = {
			.tv_sec = (time_t)interval,
			.tv_nsec = (long)((interval - (time_t)interval) * 1e9),
		};

		nanosleep(&pause, NULL);
		now = (struct doctor_input){ 0 };
		again = 0;
		n_again = 0;
		err = doctor_read(nl, cur, &now, &again, unread, &n_again);
		if (err)
			break;
		/* The views both reads had: a view refused since is not read. */
		read &= again;
		in = (struct doctor_input){ .window.seconds = interval };
		doctor_mibs_read(&mib_now);
		doctor_mibs_moved(&in.mibs, &mib_then, &mib_now);
		mib_then = mib_now;
		for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++) {
			view_free(&moved[id]);
			if (!(read & DOCTOR_VIEW(id)))
				continue;
			if (view_delta(&moved[id], &cur[id], &prev[id])) {
				fputs("tpstat: out of memory\n", stderr);
				goto out;
			}
			in.views[id] = &moved[id];
		}
		ret = doctor_report(stdout, stderr, &line, &in, read, unread,
				    n_again);
		if (fflush(stdout) || ferror(stdout)) {
			fprintf(stderr, "tpstat: writing the findings failed\n");
			ret = 1;
			goto out;
		}
		for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++) {
			view_free(&prev[id]);
			prev[id] = cur[id];
			cur[id] = (struct view){ 0 };
		}
	}
	if (err) {
		fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
		ret = 1;
	}
out:
	for (size_t i = 0; i < __TPSTAT_VIEW_CNT; i++) {
		view_free(&prev[i]);
		view_free(&cur[i]);
		view_free(&moved[i]);
	}
	return ret;
}

static int doctor_cmd(struct tpnl *nl, const struct out_opts *out)
{
	struct view views[__TPSTAT_VIEW_CNT] = { { 0 } };
	struct doctor_unread unread[__TPSTAT_VIEW_CNT];
	struct doctor_input in = { 0 };
	unsigned int read = 0;
	size_t n_unread = 0;
	int err, ret = 1;

	err = doctor_read(nl, views, &in, &read, unread, &n_unread);
	if (err) {
		fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
		goto out;
	}
	if (window && doctor_window(nl, views, &in))
		goto out;
	ret = doctor_report(stdout, stderr, out, &in, read, unread, n_unread);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "tpstat: writing the findings failed\n");
		ret = 1;
	}
out:
	for (size_t i = 0; i < __TPSTAT_VIEW_CNT; i++)
		view_free(&views[i]);
	return ret;
}

/*
 * No tpstat family (the kernel's own request to load it, made by that
 * lookup, failed or was never possible): why, from this machine.
 */
static int doctor_not_running(const struct out_opts *out)
{
	struct doctor_absent_env env = { .root = "/", .kmsg = "/dev/kmsg" };
	struct doctor_absence a;
	struct utsname u;
	int ret;

	if (uname(&u)) {
		fprintf(stderr, "tpstat: the tpstat module is not loaded, and uname failed: %s\n",
			strerror(errno));
		return 1;
	}
	env.release = u.release;
	doctor_absent(&env, &a);
	ret = doctor_print_absent(stdout, out, &env, &a);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "tpstat: writing the diagnosis failed\n");
		ret = 1;
	}
	return ret;
}

static int doctor_cmd_run(const struct options *o, const struct out_opts *out)
{
	struct tpnl nl;
	int err, ret;

	if (rules_only || prometheus) {
		if (rules_only)
			doctor_print_rules(stdout, out);
		else
			doctor_print_prometheus(stdout);
		if (fflush(stdout) || ferror(stdout)) {
			fprintf(stderr, "tpstat: writing the rules failed\n");
			return 1;
		}
		return 0;
	}
	err = tpnl_open(&nl);
	if (err == -ENOENT)
		return doctor_not_running(out);
	if (err)
		return tpnl_done(&nl, err);
	if (o->timed)
		ret = doctor_watch(&nl, out, o->interval, o->count);
	else
		ret = doctor_cmd(&nl, out);
	tpnl_close(&nl);
	return ret;
}

static const char *const doctor_opts[] = {
	"--rules", "--prometheus", "--since=", "--until=", NULL
};

const struct command doctor_command = {
	.name = "doctor",
	.parse = doctor_parse,
	.run = doctor_cmd_run,
	.usage = "tpstat doctor [--since T] [--until T] [--rules | --prometheus]\n"
		 "tpstat doctor -i SECONDS [-c COUNT]\n"
		 "    what the views say is wrong, ranked by impact: each finding\n"
		 "    with its count (since load or the last reset; with --since or\n"
		 "    --until, in the flight recorder's views intervals of that window,\n"
		 "    T as tpstat history takes it; with -i, in each interval from now\n"
		 "    on), who (port, socket, netns), the likely cause, the sysctls\n"
		 "    that govern it with their values, and the command that shows\n"
		 "    more; views it may not read are named, and it goes on.  Exit\n"
		 "    status 3 when it finds something, 0 when not (with -i, in the\n"
		 "    last interval).  --rules: each rule, its threshold and what\n"
		 "    would make it a false alarm.  --prometheus: the rules as\n"
		 "    Prometheus alerting rules (YAML) over tpstat export's metrics.\n"
		 "    Where the module is not running: why (not built for this kernel,\n"
		 "    its headers missing, a failed DKMS build, built for another\n"
		 "    kernel, an unsigned module under Secure Boot) and what to do;\n"
		 "    exit status 4",
	.takes = TAKES_JSON | TAKES_INTERVAL,
	.opts = doctor_opts,
};
