// SPDX-License-Identifier: GPL-2.0
/*
 * doctor's findings as text or JSON (one object, the tool's JSON
 * writer), and its rules for --rules.  Text and JSON carry the same
 * fields: the JSON's members are the text's labels.
 */
#include <string.h>

#include "../doctor.h"
#include "../json.h"
#include "../netns.h"
#include "../output.h"
#include "../views.h"
#include "../when.h"

/* The counts' window: the views' own, or the recorder's intervals. */
#define WINDOW_TEXT "counted since the module's load or its last reset (tpstat reset all, or a filter change)"

static const char *window_kind(const struct doctor_window *w)
{
	if (w->seconds > 0)
		return "interval";
	return w->recorder ? "recorder" : "since_load";
}

static void window_text(FILE *f, const struct doctor_window *w)
{
	char from[WHEN_LEN], to[WHEN_LEN], span[WHEN_LEN];

	if (w->seconds > 0) {
		fprintf(f, "counted over the last %g s (what moved between two reads, -i)",
			w->seconds);
		return;
	}
	if (!w->recorder) {
		fputs(WINDOW_TEXT, f);
		return;
	}
	if (!w->intervals) {
		fputs("the flight recorder has no views interval in that window", f);
		return;
	}
	fprintf(f, "counted in the flight recorder's %zu views interval%s of %s from %s to %s (in each, the keys of a view that moved most)",
		w->intervals, w->intervals == 1 ? "" : "s",
		when_span_text((uint64_t)w->interval_s * 1000000000ULL, span,
			       sizeof(span)),
		when_local(w->from_ns, true, from, sizeof(from)),
		when_local(w->to_ns, !when_same_day(w->from_ns, w->to_ns), to,
			   sizeof(to)));
}

static void views_text(FILE *f, unsigned int views)
{
	const char *sep = "";

	for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++) {
		if (!(views & DOCTOR_VIEW(id)))
			continue;
		fprintf(f, "%s%s", sep, view_name(id));
		sep = ", ";
	}
}

static void knobs_text(FILE *f, const struct doctor_finding *d)
{
	for (size_t k = 0; k < d->n_knobs; k++)
		fprintf(f, "%s%s = %s", k ? "; " : "", d->knobs[k].name,
			d->knobs[k].has ? d->knobs[k].value : "(not readable)");
}

static void finding_text(FILE *f, size_t i, const struct doctor_finding *d)
{
	fprintf(f, "[%zu] %s: %s\n", i + 1, d->rule->name, d->what);
	fprintf(f, "    who:    %s\n", d->who);
	fprintf(f, "    cause:  %s\n", d->cause);
	fprintf(f, "    knobs:  ");
	if (d->n_knobs)
		knobs_text(f, d);
	else
		fprintf(f, "none");
	fprintf(f, "\n    more:   %s\n", d->more);
}

static void print_text(FILE *f, const struct doctor_findings *d,
		       const struct doctor_window *w, unsigned int read,
		       const struct doctor_unread *unread, size_t n_unread)
{
	if (d->n)
		fprintf(f, "%zu finding%s, most first; ", d->n,
			d->n == 1 ? "" : "s");
	else
		fprintf(f, "no findings; ");
	window_text(f, w);
	fputc('\n', f);
	for (size_t i = 0; i < d->n; i++)
		finding_text(f, i, &d->f[i]);
	fprintf(f, "views read: ");
	views_text(f, read);
	fprintf(f, "%s\n", read ? "" : "none");
	for (size_t i = 0; i < n_unread; i++)
		fprintf(f, "not read: %s: %s\n", view_name(unread[i].view),
			unread[i].why);
}

static void finding_json(struct json *j, const struct doctor_finding *d,
			 const struct doctor_window *w)
{
	json_object_open(j);
	json_key(j, "rule");
	json_plain(j, d->rule->name);
	json_field_u64(j, "count", d->count);
	json_key(j, "window");
	json_plain(j, window_kind(w));
	json_key(j, "what");
	json_string(j, d->what);
	json_key(j, "who");
	json_object_open(j);
	json_key(j, "text");
	json_string(j, d->who);
	json_opt_plain(j, "protocol", d->protocol, d->protocol);
	json_opt_u64(j, "port", d->has_port, d->port);
	if (d->has_netns)
		netns_json(j, d->netns);
	json_opt_u64(j, "rcvbuf", d->has_rcvbuf, d->rcvbuf);
	json_opt_str(j, "device", d->device[0], d->device);
	json_opt_str(j, "address", d->address[0], d->address);
	json_object_close(j);
	json_key(j, "cause");
	json_string(j, d->cause);
	json_key(j, "knobs");
	json_array_open(j);
	for (size_t k = 0; k < d->n_knobs; k++) {
		json_object_open(j);
		json_key(j, "name");
		json_plain(j, d->knobs[k].name);
		json_opt_str(j, "value", d->knobs[k].has, d->knobs[k].value);
		json_object_close(j);
	}
	json_array_close(j);
	json_key(j, "more");
	json_string(j, d->more);
	json_object_close(j);
}

/* The recorder's window: its span and intervals, null where none. */
static void window_json(struct json *j, const struct doctor_window *w)
{
	char from[WHEN_LEN], to[WHEN_LEN];

	json_key(j, "window");
	json_plain(j, window_kind(w));
	if (w->seconds > 0) {
		json_key(j, "window_s");
		json_double(j, w->seconds);
		return;
	}
	if (!w->recorder)
		return;
	json_opt_plain(j, "window_from", w->intervals,
		       when_iso(w->from_ns, from, sizeof(from)));
	json_opt_plain(j, "window_to", w->intervals,
		       when_iso(w->to_ns, to, sizeof(to)));
	json_field_u64(j, "window_intervals", w->intervals);
	json_field_u64(j, "window_interval_s", w->interval_s);
}

static void print_json(FILE *f, bool pretty, const struct doctor_findings *d,
		       const struct doctor_window *w, unsigned int read,
		       const struct doctor_unread *unread, size_t n_unread)
{
	struct json j;

	json_init(&j, f, pretty);
	json_object_open(&j);
	json_field_u64(&j, "schema_version", JSON_SCHEMA_VERSION);
	window_json(&j, w);
	json_key(&j, "findings");
	json_array_open(&j);
	for (size_t i = 0; i < d->n; i++)
		finding_json(&j, &d->f[i], w);
	json_array_close(&j);
	json_key(&j, "views_read");
	json_array_open(&j);
	for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++)
		if (read & DOCTOR_VIEW(id))
			json_plain(&j, view_name(id));
	json_array_close(&j);
	json_key(&j, "views_not_read");
	json_array_open(&j);
	for (size_t i = 0; i < n_unread; i++) {
		json_object_open(&j);
		json_key(&j, "view");
		json_plain(&j, view_name(unread[i].view));
		json_key(&j, "why");
		json_string(&j, unread[i].why);
		json_object_close(&j);
	}
	json_array_close(&j);
	json_object_close(&j);
	json_end(&j);
}

void doctor_print(FILE *f, const struct out_opts *o,
		  const struct doctor_findings *d,
		  const struct doctor_window *w, unsigned int read,
		  const struct doctor_unread *unread, size_t n_unread)
{
	if (o->json)
		print_json(f, o->pretty, d, w, read, unread, n_unread);
	else
		print_text(f, d, w, read, unread, n_unread);
}

void doctor_print_rules(FILE *f, const struct out_opts *o)
{
	const struct doctor_rule *r;
	struct json j;

	if (!o->json) {
		for (size_t i = 0; (r = doctor_rule_at(i)); i++) {
			fprintf(f, "%s%s (reads ", i ? "\n" : "", r->name);
			views_text(f, r->views);
			fprintf(f, ")\n    threshold:   %s\n    false alarm: %s\n",
				r->threshold, r->false_alarm);
		}
		return;
	}
	json_init(&j, f, o->pretty);
	json_object_open(&j);
	json_field_u64(&j, "schema_version", JSON_SCHEMA_VERSION);
	json_key(&j, "rules");
	json_array_open(&j);
	for (size_t i = 0; (r = doctor_rule_at(i)); i++) {
		json_object_open(&j);
		json_key(&j, "name");
		json_plain(&j, r->name);
		json_key(&j, "views");
		json_array_open(&j);
		for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++)
			if (r->views & DOCTOR_VIEW(id))
				json_plain(&j, view_name(id));
		json_array_close(&j);
		json_key(&j, "threshold");
		json_string(&j, r->threshold);
		json_key(&j, "false_alarm");
		json_string(&j, r->false_alarm);
		json_object_close(&j);
	}
	json_array_close(&j);
	json_object_close(&j);
	json_end(&j);
}

int doctor_report(FILE *f, FILE *err, const struct out_opts *o,
		  const struct doctor_input *in, unsigned int read,
		  const struct doctor_unread *unread, size_t n_unread)
{
	struct doctor_findings d;
	int ret;

	if (!read) {
		fprintf(err, "tpstat: doctor could read none of its views");
		for (size_t i = 0; i < n_unread; i++)
			fprintf(err, "%s %s", i ? ";" : ":", unread[i].why);
		fprintf(err, "\n");
		return 1;
	}
	if (doctor_run(in, &d)) {
		fprintf(err, "tpstat: out of memory\n");
		return 1;
	}
	doctor_print(f, o, &d, &in->window, read, unread, n_unread);
	ret = d.n ? DOCTOR_EXIT_FINDINGS : 0;
	doctor_findings_free(&d);
	return ret;
}

int doctor_print_absent(FILE *f, const struct out_opts *o,
			const struct doctor_absent_env *env,
			const struct doctor_absence *a)
{
	struct json j;

	if (!o->json) {
		fprintf(f, "tpstat is not running on this kernel (%s): doctor reads the module's views\n",
			env->release);
		for (size_t i = 0; i < a->n; i++)
			fprintf(f, "[%zu] %s: %s\n    do: %s\n", i + 1,
				a->causes[i].id, a->causes[i].what,
				a->causes[i].fix);
		return DOCTOR_EXIT_NOT_LOADED;
	}
	json_init(&j, f, o->pretty);
	json_object_open(&j);
	json_key(&j, "loaded");
	json_bool(&j, false);
	json_key(&j, "release");
	json_string(&j, env->release);
	json_key(&j, "causes");
	json_array_open(&j);
	for (size_t i = 0; i < a->n; i++) {
		json_object_open(&j);
		json_key(&j, "cause");
		json_string(&j, a->causes[i].id);
		json_key(&j, "what");
		json_string(&j, a->causes[i].what);
		json_key(&j, "fix");
		json_string(&j, a->causes[i].fix);
		json_object_close(&j);
	}
	json_array_close(&j);
	json_object_close(&j);
	json_end(&j);
	return DOCTOR_EXIT_NOT_LOADED;
}
