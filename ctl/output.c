// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "escape.h"
#include "json.h"
#include "output.h"
#include "../uapi/linux/tpstat.h"

const char *state_name(uint8_t state)
{
	switch (state) {
	case TPSTAT_STATE_ATTACHED:
		return "attached";
	case TPSTAT_STATE_DETACHED:
		return "detached";
	case TPSTAT_STATE_MISSING:
		return "missing";
	}
	return "unknown";
}

static void json_header(struct json *j, FILE *f, const struct out_opts *o)
{
	json_init(j, f, o->pretty);
	json_object_open(j);
	json_field_u64(j, "schema_version", JSON_SCHEMA_VERSION);
}

void print_events(FILE *f, const struct out_opts *o,
		  const struct event_row *rows, size_t n)
{
	struct json j;

	if (!o->json) {
		/* Names vary with the kernel: the state column follows the longest. */
		char name[ESC_SIZE(sizeof(rows->name))];
		char variant[ESC_SIZE(sizeof(rows->variant))];
		char fields[ESC_SIZE(sizeof(rows->fields))];
		int width = 0;

		for (size_t i = 0; i < n; i++) {
			int len = (int)strlen(esc(rows[i].name, name,
						  sizeof(name)));

			if (len > width)
				width = len;
		}
		for (size_t i = 0; i < n; i++) {
			fprintf(f, "%-*s %s", width,
				esc(rows[i].name, name, sizeof(name)),
				state_name(rows[i].state));
			if (o->verbose && rows[i].has_probe)
				fprintf(f, "  (%s) reads: %s",
					esc(rows[i].variant, variant,
					    sizeof(variant)),
					rows[i].fields[0] ?
					esc(rows[i].fields, fields,
					    sizeof(fields)) : "-");
			fputc('\n', f);
		}
		return;
	}
	json_header(&j, f, o);
	json_key(&j, "events");
	json_array_open(&j);
	for (size_t i = 0; i < n; i++) {
		json_object_open(&j);
		json_key(&j, "name");
		json_string(&j, rows[i].name);
		json_key(&j, "group");
		json_string(&j, rows[i].group);
		json_key(&j, "id");
		json_u64(&j, rows[i].id);
		json_key(&j, "state");
		json_string(&j, state_name(rows[i].state));
		if (o->verbose) {
			json_key(&j, "variant");
			if (rows[i].has_probe)
				json_string(&j, rows[i].variant);
			else
				json_null(&j);
			json_key(&j, "fields");
			if (rows[i].has_probe)
				json_string(&j, rows[i].fields);
			else
				json_null(&j);
		}
		json_object_close(&j);
	}
	json_array_close(&j);
	json_object_close(&j);
	json_end(&j);
}

void print_counters(FILE *f, const struct out_opts *o,
		    const struct counter_row *rows, size_t n)
{
	char name[ESC_SIZE(sizeof(rows->name))];
	struct json j;

	if (o->json) {
		json_header(&j, f, o);
		json_key(&j, "counters");
		json_array_open(&j);
	}
	for (size_t i = 0; i < n; i++) {
		if (!rows[i].value && !o->zeros)
			continue;
		if (!o->json) {
			fprintf(f, "%-52s %20llu\n",
				esc(rows[i].name, name, sizeof(name)),
				(unsigned long long)rows[i].value);
			continue;
		}
		json_object_open(&j);
		json_key(&j, "name");
		json_string(&j, rows[i].name);
		json_key(&j, "value");
		json_u64(&j, rows[i].value);
		json_object_close(&j);
	}
	if (o->json) {
		json_array_close(&j);
		json_object_close(&j);
		json_end(&j);
	}
}

static const struct {
	uint32_t bit;
	const char *name;
} features[] = {
	{ TPSTAT_F_DROP_REASON, "drop_reason" },
	{ TPSTAT_F_SKB_CONSUMED, "skb_consumed" },
	{ TPSTAT_F_RST_REASON, "rst_reason" },
};

/*
 * The flight recorder's line of tpstat info; none for an older module.
 * Its views intervals last: the intervals held are the counters'.
 */
static void print_recorder(FILE *f, const struct info *info)
{
	if (!info->has_history)
		return;
	if (!info->history_interval) {
		fputs("history   off\n", f);
		return;
	}
	fprintf(f, "history   every %u s, %u interval%s held, %llu bytes (%llu kB)",
		info->history_interval, info->history_intervals,
		info->history_intervals == 1 ? "" : "s",
		(unsigned long long)info->history_memory,
		(unsigned long long)(info->history_memory + 512) / 1024);
	if (info->has_history_views && info->history_views)
		fprintf(f, "; views every %u s", info->history_views);
	else if (info->has_history_views)
		fputs("; views off", f);
	fputc('\n', f);
}

void print_info(FILE *f, const struct out_opts *o, const struct info *info)
{
	struct json j;
	size_t i;

	if (!o->json) {
		char version[ESC_SIZE(sizeof(info->version))];
		char kernel[ESC_SIZE(sizeof(info->kernel))];

		fprintf(f, "version   %s\nkernel    %s\nevents    %u\nfeatures ",
			esc(info->version, version, sizeof(version)),
			esc(info->kernel, kernel, sizeof(kernel)),
			info->events);
		for (i = 0; i < sizeof(features) / sizeof(features[0]); i++)
			if (info->features & features[i].bit)
				fprintf(f, " %s", features[i].name);
		fputc('\n', f);
		if (info->has_memory)
			fprintf(f, "memory    %llu bytes\n",
				(unsigned long long)info->memory);
		print_recorder(f, info);
		return;
	}
	json_header(&j, f, o);
	json_key(&j, "version");
	json_string(&j, info->version);
	json_key(&j, "kernel");
	json_string(&j, info->kernel);
	json_key(&j, "events");
	json_u64(&j, info->events);
	json_key(&j, "features");
	json_array_open(&j);
	for (i = 0; i < sizeof(features) / sizeof(features[0]); i++)
		if (info->features & features[i].bit)
			json_string(&j, features[i].name);
	json_array_close(&j);
	json_key(&j, "memory_bytes");
	if (info->has_memory)
		json_u64(&j, info->memory);
	else
		json_null(&j);
	/* null where the module has no recorder, as memory_bytes above. */
	json_opt_u64(&j, "history_interval_s", info->has_history,
		     info->history_interval);
	json_opt_u64(&j, "history_memory_bytes", info->has_history,
		     info->history_memory);
	json_opt_u64(&j, "history_intervals", info->has_history,
		     info->history_intervals);
	json_opt_u64(&j, "history_views_s", info->has_history_views,
		     info->history_views);
	json_object_close(&j);
	json_end(&j);
}

/* Value of @name in @rows (sorted), 0 if absent. */
static uint64_t lookup(const struct counter_row *rows, size_t n,
		       const char *name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(rows[mid].name, name);

		if (!c)
			return rows[mid].value;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

void print_watch(FILE *f, const struct out_opts *o, double seconds,
		 double elapsed, const struct counter_row *prev, size_t n_prev,
		 const struct counter_row *cur, size_t n_cur)
{
	char name[ESC_SIZE(sizeof(cur->name))];
	struct json j;

	if (o->json) {
		/* One object per line, whatever -p says: a stream of records. */
		json_init(&j, f, false);
		json_object_open(&j);
		json_key(&j, "schema_version");
		json_u64(&j, JSON_SCHEMA_VERSION);
		json_key(&j, "elapsed_s");
		json_double(&j, elapsed);
		json_key(&j, "interval_s");
		json_double(&j, seconds);
		json_key(&j, "counters");
		json_array_open(&j);
	} else if (o->tty) {
		fputs("\033[H\033[2J", f);
		fprintf(f, "%-52s %16s %12s %12s\n", "counter", "total",
			"delta", "per second");
	} else {
		fprintf(f, "--- %.1f s\n", elapsed);
	}
	for (size_t i = 0; i < n_cur; i++) {
		uint64_t before = lookup(prev, n_prev, cur[i].name);
		/* A reset in between makes a counter go back: count from 0. */
		uint64_t delta = cur[i].value >= before ? cur[i].value - before
							: cur[i].value;

		if (!delta && !o->zeros)
			continue;
		if (!o->json) {
			fprintf(f, "%-52s %16llu %12llu %12.1f\n",
				esc(cur[i].name, name, sizeof(name)),
				(unsigned long long)cur[i].value,
				(unsigned long long)delta, delta / seconds);
			continue;
		}
		json_object_open(&j);
		json_key(&j, "name");
		json_string(&j, cur[i].name);
		json_key(&j, "value");
		json_u64(&j, cur[i].value);
		json_key(&j, "delta");
		json_u64(&j, delta);
		json_key(&j, "rate");
		json_double(&j, delta / seconds);
		json_object_close(&j);
	}
	if (o->json) {
		json_array_close(&j);
		json_object_close(&j);
		json_end(&j);
	}
	fflush(f);
}
