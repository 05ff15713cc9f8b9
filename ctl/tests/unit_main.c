// SPDX-License-Identifier: GPL-2.0
/*
 * Host-side unit tests of the tool's argument parsing and output
 * formatting: no kernel, no netlink.  Runs every group of tests/unit_*.c
 * and ends with "<P> passed, <F> failed".
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "unit.h"

int passed, failed;
bool sample, sample_pretty;

char *capture(void (*fn)(FILE *f, void *arg), void *arg)
{
	static char buf[32768];
	FILE *f;

	buf[0] = '\0';
	f = fmemopen(buf, sizeof(buf), "w");

	fn(f, arg);
	fclose(f);
	if (sample && buf[0] == '{')
		fputs(buf, stdout);
	return buf;
}

/* "--json-sample [pretty]": outputs for an external validator (jq). */
static void json_sample(bool pretty)
{
	struct out_opts o = { .json = true, .pretty = pretty, .zeros = true };
	struct event_row ev = { 22, 2, true, "skb:kfree_skb", "skb",
				"skb,location,reason", "reason" };
	struct info info = {
		.version = "0.1.0", .kernel = "6.1.0-56-amd64", .features = 7,
		.events = 25, .memory = 1 << 20, .has_memory = true,
		.has_history = true, .history_interval = 10,
		.history_memory = 1 << 18, .history_intervals = 360,
		.has_history_views = true, .history_views = 60,
	};

	print_counters(stdout, &o, rows, 4);
	o.verbose = true;
	print_events(stdout, &o, &ev, 1);
	print_events(stdout, &o, &ev, 0);
	print_info(stdout, &o, &info);
	print_watch(stdout, &o, 1.0, 2.0, rows, 2, rows, 4);
	/* The views' JSON, as their tests build it. */
	sample = true;
	sample_pretty = pretty;
	test_views();
	test_filter();
	test_socket_views();
	test_monitor();
}

int main(int argc, char **argv)
{
	/* Alerts print local time: the tests' is UTC.  No machine's names. */
	setenv("TZ", "UTC", 1);
	tzset();
	netns_dir_empty();
	/* The tests' namespaces are their own: none is the initial one. */
	netns_set_init(0);
	/* "--prom-sample" prints exposition samples for promtool. */
	if (argc > 1 && !strcmp(argv[1], "--prom-sample")) {
		sample = true;
		prom_sample_all(stdout);
		netns_dir_clean();
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "--json-sample")) {
		json_sample(argc > 2);
		netns_dir_clean();
		return 0;
	}
	test_commands();
	test_lookup();
	test_parse();
	test_options();
	test_output();
	test_view_lookup();
	test_view_table();
	test_view_battery();
	test_view_parse();
	test_hist();
	test_hist_print();
	test_hist_quantiles();
	test_addr();
	/* Before the names directory has names: numbers only. */
	test_views();
	test_view_delta();
	test_view_add();
	test_history();
	test_sockmem_delta();
	test_filter();
	test_netns_parse();
	test_netns_names();
	/* After it: the db namespace's rows print its name. */
	test_socket_views();
	test_refused();
	test_monitor();
	test_select();
	test_select_views();
	test_sort_top();
	test_human();
	test_json_u64();
	test_view_rows_sort();
	test_netns_init();
	test_interval_no_header();
	test_info_recorder();
	netns_dir_clean();
	test_no_header();
	test_export();
	test_export_views();
	test_export_netns_cookie();
	view_free(&export_drops);
	view_free(&export_hists);
	test_promtool();
	test_history_cmd();
	test_history_views();
	test_attr_order();
	test_doctor_cli();
	test_doctor();
	test_doctor_prometheus();
	test_doctor_absent();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
