// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat export: one scrape of the module (info, events, counters and
 * the views with a Prometheus family), written by export.c, which has
 * no netlink and so is unit-tested on the host.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "cmd.h"
#include "export.h"
#include "nl.h"
#include "replies.h"
#include "views.h"

/*
 * A view for export into @v (*@have true), or 0 with *@have false when
 * the module refuses only this view (view_fetch()): export leaves its
 * families out, and the refusal's words unsaid.
 */
static int export_view(struct tpnl *nl, struct view *v, bool *have)
{
	int refused, err = view_fetch(nl, v, &refused);

	*have = !err && !refused;
	if (refused)
		nl->extack[0] = '\0';
	return err;
}

/*
 * One scrape: info, events and counters, then every view with a
 * Prometheus family (view_table.c) that the module's features allow,
 * each ->export_prepare()d, then the exposition on stdout or into the
 * textfile directory.  With --textfile, a module that does not answer
 * (@err, tpnl_open()'s, included) still gets a file, saying tpstat_up 0,
 * so an alert on it fires instead of old numbers standing.
 */
static int export(struct tpnl *nl, int err, const struct options *o)
{
	struct rows ev = { 0 };
	struct rows r = { 0 };
	struct info info = { 0 };
	struct export_data d = { .info = &info };
	struct view views[__TPSTAT_VIEW_CNT] = { { 0 } };
	const struct view_ops *ops;
	bool have;
	char why[320];

	if (!err)
		err = read_info(nl, &info);
	if (!err)
		err = read_events(nl, o->glob, &ev);
	if (!err)
		err = read_counters(nl, o->glob, &r);
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

/* Without the module too: the scrape then says tpstat_up 0. */
static int export_run(const struct options *o, const struct out_opts *out)
{
	struct tpnl nl;
	int err = tpnl_open(&nl);

	(void)out;
	err = export(&nl, err, o);
	tpnl_close(&nl);
	return err;
}

const struct command export_command = {
	.name = "export",
	.parse = cli_parse_glob,
	.run = export_run,
	.usage = "tpstat export [GLOB] [--textfile DIR]\n"
		 "    counters in the Prometheus text format; --textfile writes\n"
		 "    DIR/tpstat.prom atomically, for node_exporter's textfile collector",
	.takes = TAKES_TEXTFILE,	/* no JSON: Prometheus's format */
};
