// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat: query and steer the tpstat module over generic netlink.
 *   tpstat [-j|--json] [-p|--pretty] [-n|--netns NAME] COMMAND [ARGS]
 *   tpstat -V|--version
 *   (tpstat help)
 * Exit status: 0 done, 1 a request failed (one line on stderr says why),
 * 2 a usage error.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/genetlink.h>

#include "cli.h"
#include "filter.h"
#include "export.h"
#include "history.h"
#include "monitor.h"
#include "netns.h"
#include "nl.h"
#include "output.h"
#include "select.h"
#include "views.h"
#include "../module/version.h"
#include "../uapi/linux/tpstat.h"

struct rows {
	void *v;
	size_t n, cap, size;
};

static void *rows_add(struct rows *r)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 64;
		void *v = realloc(r->v, cap * r->size);

		if (!v) {
			fprintf(stderr, "tpstat: out of memory\n");
			exit(1);
		}
		r->v = v;
		r->cap = cap;
	}
	return memset((char *)r->v + r->n++ * r->size, 0, r->size);
}

/*
 * Whether @a is a valid @type; a known attribute that is not (the wrong
 * length, a string without its NUL) marks the whole reply *@bad.
 */
static bool valid(const struct nlattr *a, enum mnl_attr_data_type type,
		  bool *bad)
{
	if (mnl_attr_validate(a, type) >= 0)
		return true;
	*bad = true;
	return false;
}

static bool copy_str(char *dst, size_t len, const struct nlattr *a,
		     bool *bad)
{
	if (!valid(a, MNL_TYPE_NUL_STRING, bad))
		return false;
	snprintf(dst, len, "%s", mnl_attr_get_str(a));
	return true;
}

/*
 * The end of a callback: MNL_CB_OK, or a malformed @what rejected, or
 * one without the attributes the module always sends (not @whole).
 */
static int verdict(bool bad, bool whole, const char *what)
{
	if (bad)
		return tpnl_reject("%s with an attribute of the wrong length, or a string without its NUL",
				   what);
	if (!whole)
		return tpnl_reject("%s without its id, name or value", what);
	return MNL_CB_OK;
}

static int event_cb(const struct nlmsghdr *nlh, void *data)
{
	struct event_row *e = rows_add(data);
	const struct nlattr *a;
	bool bad = false, id = false, named = false;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case TPSTAT_A_EVENT_ID:
			id = valid(a, MNL_TYPE_U32, &bad);
			if (id)
				e->id = mnl_attr_get_u32(a);
			break;
		case TPSTAT_A_EVENT_NAME:
			named = copy_str(e->name, sizeof(e->name), a, &bad);
			break;
		case TPSTAT_A_EVENT_GROUP:
			copy_str(e->group, sizeof(e->group), a, &bad);
			break;
		case TPSTAT_A_EVENT_STATE:
			if (valid(a, MNL_TYPE_U8, &bad))
				e->state = mnl_attr_get_u8(a);
			break;
		case TPSTAT_A_EVENT_VARIANT:
			e->has_probe = true;
			copy_str(e->variant, sizeof(e->variant), a, &bad);
			break;
		case TPSTAT_A_EVENT_FIELDS:
			copy_str(e->fields, sizeof(e->fields), a, &bad);
			break;
		}
	}
	return verdict(bad, id && named, "an event");
}

static int counter_cb(const struct nlmsghdr *nlh, void *data)
{
	struct counter_row *c = rows_add(data);
	const struct nlattr *a;
	bool bad = false, named = false, value = false;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case TPSTAT_A_COUNTER_NAME:
			named = copy_str(c->name, sizeof(c->name), a, &bad);
			break;
		case TPSTAT_A_COUNTER_VALUE:
			value = valid(a, MNL_TYPE_U64, &bad);
			if (value)
				c->value = mnl_attr_get_u64(a);
			break;
		}
	}
	return verdict(bad, named && value, "a counter");
}

static int info_cb(const struct nlmsghdr *nlh, void *data)
{
	struct info *info = data;
	const struct nlattr *a;
	bool bad = false;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case TPSTAT_A_INFO_VERSION:
			copy_str(info->version, sizeof(info->version), a, &bad);
			break;
		case TPSTAT_A_INFO_KERNEL:
			copy_str(info->kernel, sizeof(info->kernel), a, &bad);
			break;
		case TPSTAT_A_INFO_FEATURES:
			if (valid(a, MNL_TYPE_U32, &bad))
				info->features = mnl_attr_get_u32(a);
			break;
		case TPSTAT_A_INFO_EVENTS:
			if (valid(a, MNL_TYPE_U32, &bad))
				info->events = mnl_attr_get_u32(a);
			break;
		case TPSTAT_A_INFO_MEMORY:
			if (valid(a, MNL_TYPE_U64, &bad)) {
				info->memory = mnl_attr_get_u64(a);
				info->has_memory = true;
			}
			break;
		}
	}
	return verdict(bad, true, "the module's info");
}

static int fail(struct tpnl *nl, int err)
{
	fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
	return 1;
}

static int get_counters(struct tpnl *nl, const char *glob, struct rows *r)
{
	r->n = 0;
	r->size = sizeof(struct counter_row);
	return tpnl_request(nl, TPSTAT_CMD_GET_COUNTERS, 1, glob, counter_cb, r);
}

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
	err = get_counters(nl, o->glob, &r);
	if (err) {
		free(old);
		close(fd);
		return fail(nl, err);
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

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int watch(struct tpnl *nl, const struct options *o,
		 const struct out_opts *out)
{
	struct rows prev = { 0 }, cur = { 0 }, tmp;
	double start = now(), last = start, t;
	struct timespec pause;
	long i;
	int err;

	err = get_counters(nl, o->glob, &prev);
	if (err)
		return fail(nl, err);
	for (i = 0; !o->count || i < o->count; i++) {
		pause.tv_sec = (time_t)o->interval;
		pause.tv_nsec = (long)((o->interval - pause.tv_sec) * 1e9);
		nanosleep(&pause, NULL);
		err = get_counters(nl, o->glob, &cur);
		if (err)
			return fail(nl, err);
		t = now();
		print_watch(stdout, out, t - last, t - start, prev.v, prev.n,
			    cur.v, cur.n);
		last = t;
		tmp = prev;
		prev = cur;
		cur = tmp;
	}
	free(prev.v);
	free(cur.v);
	return 0;
}

/*
 * A view for export into @v (*@have true), or 0 with *@have false when
 * the module refuses only this view (view_refused(): off, without its
 * tracepoint, not for this user, or older than the view): export
 * leaves its families out.  Other errors as tpnl_send().
 */
static int export_view(struct tpnl *nl, struct view *v, bool *have)
{
	struct nlmsghdr *nlh = tpnl_msg(nl, TPSTAT_CMD_GET_VIEW, 1);
	int err;

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, v->id);
	err = tpnl_send(nl, nlh, view_msg_cb, v);
	*have = !err;
	if (view_refused(err)) {
		view_free(v);
		nl->extack[0] = '\0';
		return 0;
	}
	return err;
}

/*
 * One scrape: info, events and counters, then every view with a
 * Prometheus family (view_table.c) that the module's features allow,
 * each ->export_prepare()d, then the exposition on stdout or into the
 * textfile directory.  With --textfile, a module that does not answer
 * still gets a file, saying tpstat_up 0, so an alert on it fires
 * instead of old numbers standing.
 */
static int export(struct tpnl *nl, int open_err, const struct options *o)
{
	struct rows ev = { .size = sizeof(struct event_row) };
	struct rows r = { 0 };
	struct info info = { 0 };
	struct export_data d = { .info = &info };
	struct view views[__TPSTAT_VIEW_CNT] = { { 0 } };
	const struct view_ops *ops;
	bool have;
	char why[320];
	int err = open_err;

	if (!err)
		err = tpnl_request(nl, TPSTAT_CMD_GET_INFO, 0, NULL, info_cb,
				   &info);
	if (!err)
		err = tpnl_request(nl, TPSTAT_CMD_LIST_EVENTS, 1, o->glob,
				   event_cb, &ev);
	if (!err)
		err = get_counters(nl, o->glob, &r);
	for (size_t i = 0; !err && (ops = view_at(i)); i++) {
		struct view *v = &views[ops->id];

		if (!ops->export || ops->export_features & ~info.features)
			continue;
		v->id = ops->id;
		err = export_view(nl, v, &have);
		if (!err && have && ops->export_prepare)
			err = ops->export_prepare(v);
		d.views[ops->id] = have ? v : NULL;
	}
	d.events = ev.v;
	d.n_events = ev.n;
	d.counters = r.v;
	d.n_counters = r.n;
	if (err)
		fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
	if (o->textfile) {
		if (export_textfile(o->textfile, err ? NULL : &d, why,
				    sizeof(why))) {
			fprintf(stderr, "tpstat: %s\n", why);
			err = -1;
		}
	} else if (!err) {
		export_write(stdout, &d);
		if (fflush(stdout) || ferror(stdout)) {
			fprintf(stderr, "tpstat: writing the metrics failed\n");
			err = -1;
		}
	}
	for (size_t i = 0; i < __TPSTAT_VIEW_CNT; i++)
		view_free(&views[i]);
	free(ev.v);
	free(r.v);
	return err ? 1 : 0;
}

static int run(const struct options *o)
{
	struct out_opts out = {
		.json = o->json, .pretty = o->pretty, .verbose = o->verbose,
		.zeros = o->zeros, .tty = isatty(STDOUT_FILENO),
		.human = o->human, .no_header = o->no_header,
	};
	struct view_args va = o->va;
	struct rows r = { 0 };
	struct info info = { 0 };
	struct tpnl nl;
	uint8_t cmd;
	int err;

	va.sel = &o->sel;
	err = tpnl_open(&nl);
	if (o->cmd == CMD_EXPORT) {
		err = export(&nl, err, o);
		tpnl_close(&nl);
		return err;
	}
	if (err)
		return fail(&nl, err);
	switch (o->cmd) {
	case CMD_LIST:
		r.size = sizeof(struct event_row);
		err = tpnl_request(&nl, TPSTAT_CMD_LIST_EVENTS, 1, o->glob,
				   event_cb, &r);
		if (!err)
			print_events(stdout, &out, r.v, r.n);
		break;
	case CMD_SHOW:
		if (o->delta) {
			err = show_delta(&nl, o, &out);
			tpnl_close(&nl);
			return err;
		}
		err = get_counters(&nl, o->glob, &r);
		if (!err)
			print_counters(stdout, &out, r.v, r.n);
		break;
	case CMD_WATCH:
		err = watch(&nl, o, &out);
		tpnl_close(&nl);
		return err;
	case CMD_VIEW:
		if (o->timed)
			err = view_watch(&nl, o->view->id, &va, &out,
					 o->interval, o->count);
		else
			err = view_cmd(&nl, o->view->id, &va, &out);
		tpnl_close(&nl);
		return err;
	case CMD_FILTER:
		err = filter_cmd(&nl, o->filter_act, &o->filter, &out);
		tpnl_close(&nl);
		return err;
	case CMD_MONITOR:
		err = monitor_cmd(&nl, o->alert_kinds, &out);
		tpnl_close(&nl);
		return err;
	case CMD_INFO:
		err = tpnl_request(&nl, TPSTAT_CMD_GET_INFO, 0, NULL, info_cb,
				   &info);
		if (!err)
			print_info(stdout, &out, &info);
		break;
	default:
		cmd = o->cmd == CMD_RESET ? TPSTAT_CMD_RESET :
		      o->cmd == CMD_ATTACH ? TPSTAT_CMD_ATTACH :
					     TPSTAT_CMD_DETACH;
		err = tpnl_request(&nl, cmd, 0, o->glob, NULL, NULL);
		break;
	}
	free(r.v);
	if (err)
		err = fail(&nl, err);
	tpnl_close(&nl);
	return err;
}

/*
 * -V: the tool's version, and the module's when it is loaded (asked only
 * then: looking the family up would load an installed module).  Exit 0.
 */
static int version(void)
{
	struct info info = { 0 };
	char out[256], warn[256];
	bool loaded = !access("/sys/module/tpstat", F_OK);
	struct tpnl nl;
	int err = -ENOENT;

	if (loaded) {
		err = tpnl_open(&nl);
		if (!err)
			err = tpnl_request(&nl, TPSTAT_CMD_GET_INFO, 0, NULL,
					   info_cb, &info);
		if (err)
			fprintf(stderr, "tpstat: the module's version: %s\n",
				tpnl_strerror(&nl, err));
		tpnl_close(&nl);
	}
	cli_version(TPSTAT_VERSION, err ? NULL : info.version, out,
		    sizeof(out), warn, sizeof(warn));
	fputs(out, stdout);
	if (warn[0])
		fprintf(stderr, "tpstat: %s\n", warn);
	return 0;
}

int main(int argc, char **argv)
{
	struct options o;
	char why[160], ns_why[512];

	if (cli_parse(argc, argv, &o, why, sizeof(why))) {
		fprintf(stderr, "tpstat: %s (see: tpstat help)\n", why);
		return 2;
	}
	if (o.warning)
		fprintf(stderr, "tpstat: %s\n", o.warning);
	if (o.version)
		return version();
	if (o.cmd == CMD_HELP) {
		printf("%s\n", cli_usage(o.help_for == CMD_HELP ? CMD_NONE :
					 o.help_for, o.help_view));
		return 0;
	}
	/* First: device names resolve in the namespace, as with ip -n. */
	if (o.netns && netns_enter(o.netns, ns_why, sizeof(ns_why))) {
		fprintf(stderr, "tpstat: %s\n", ns_why);
		return 1;
	}
	if (o.cmd == CMD_FILTER && filter_resolve(&o.filter))
		return 1;
	/* Names in the namespace the command runs in, as ip netns sees them. */
	netns_set_numeric(o.numeric_netns);
	if (select_resolve(&o.sel, ns_why, sizeof(ns_why))) {
		fprintf(stderr, "tpstat: %s\n", ns_why);
		return 1;
	}
	signal(SIGPIPE, SIG_DFL);
	return run(&o);
}
