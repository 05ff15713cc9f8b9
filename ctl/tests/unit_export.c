// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat export (export.c, prom.c): the counters' exposition, exact,
 * the histogram writers, --textfile's file, and promtool's word on a
 * sample of every family.  The views' families are unit_export_views.c's
 * and each view's own row's (unit_views.c).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include "prom.h"
#include "unit.h"

/* A scrape as the module could answer it: sorted counters, one unknown. */
static const struct counter_row scrape_rows[] = {
	{ "net:net_dev_xmit", 12 },
	{ "net:net_dev_xmit.bytes", 18446744073709551615ULL },
	{ "net:net_dev_xmit.errors", 0 },
	{ "skb:kfree_skb", 3 },
	{ "skb:kfree_skb.drops", 2 },
	{ "skb:kfree_skb.future", 7 },
	{ "sock:inet_sock_set_state", 4 },
	{ "sock:inet_sock_set_state.7->12", 1 },
	{ "sock:inet_sock_set_state.CLOSE->SYN_SENT", 3 },
};
static const struct event_row scrape_events[] = {
	{ 1, TPSTAT_STATE_ATTACHED, false, "net:net_dev_xmit", "net", "", "" },
	{ 2, TPSTAT_STATE_MISSING, false, "net:gone", "net", "", "" },
	{ 3, TPSTAT_STATE_DETACHED, false, "skb:kfree_skb", "skb", "", "" },
};
static const struct info scrape_info = {
	.version = "0.1.0", .kernel = "6.1.0-56-amd64\"x\\", .events = 3,
};
static const struct export_data scrape = {
	&scrape_info, scrape_events, 3, scrape_rows, 9, { NULL },
};

void export_all(FILE *f, void *arg)
{
	export_write(f, arg);
}

static void export_histogram(FILE *f, void *arg)
{
	static const struct prom_family fam = { "tpstat_x_bytes", "histogram",
						"Sizes\nwith \\ escapes" };
	static const uint64_t bounds[] = { 64, 1500 }, counts[] = { 1, 2, 3 };
	const struct prom_label l = { "dev", "a\"b" };
	struct prom p;

	(void)arg;
	prom_init(&p, f);
	prom_histogram(&p, &fam, &l, 1, bounds, counts, 2, 9000);
	prom_histogram(&p, &fam, NULL, 0, bounds, counts, 0, 5);
}

static const char want_export[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	/* '\\' in a label value as text writes it, \134: export.c */
	"tpstat_info{version=\"0.1.0\",kernel=\"6.1.0-56-amd64\\\"x\\\\134\"} 1\n"
	"# HELP tpstat_tracepoint_attached 1 if tpstat counts this tracepoint, 0 if it is detached; tracepoints this kernel lacks are left out\n"
	"# TYPE tpstat_tracepoint_attached gauge\n"
	"tpstat_tracepoint_attached{tracepoint=\"net:net_dev_xmit\"} 1\n"
	"tpstat_tracepoint_attached{tracepoint=\"skb:kfree_skb\"} 0\n"
	"# HELP tpstat_tracepoint_hits_total Times the tracepoint fired while tpstat counted it, since load or its last reset\n"
	"# TYPE tpstat_tracepoint_hits_total counter\n"
	"tpstat_tracepoint_hits_total{tracepoint=\"net:net_dev_xmit\"} 12\n"
	"tpstat_tracepoint_hits_total{tracepoint=\"skb:kfree_skb\"} 3\n"
	"tpstat_tracepoint_hits_total{tracepoint=\"sock:inet_sock_set_state\"} 4\n"
	"# HELP tpstat_net_dev_xmit_bytes_total Bytes drivers accepted for transmit (net:net_dev_xmit with rc NETDEV_TX_OK), link-layer header included\n"
	"# TYPE tpstat_net_dev_xmit_bytes_total counter\n"
	"tpstat_net_dev_xmit_bytes_total 18446744073709551615\n"
	"# HELP tpstat_net_dev_xmit_errors_total Transmits drivers refused (net:net_dev_xmit with rc other than NETDEV_TX_OK)\n"
	"# TYPE tpstat_net_dev_xmit_errors_total counter\n"
	"tpstat_net_dev_xmit_errors_total 0\n"
	"# HELP tpstat_skb_drops_total Packets dropped (skb:kfree_skb); consumed packets are not drops\n"
	"# TYPE tpstat_skb_drops_total counter\n"
	"tpstat_skb_drops_total 2\n"
	"# HELP tpstat_tcp_state_transitions_total TCP state transitions (sock:inet_sock_set_state), states as tcpstates names them; only transitions that happened\n"
	"# TYPE tpstat_tcp_state_transitions_total counter\n"
	"tpstat_tcp_state_transitions_total{old=\"7\",new=\"12\"} 1\n"
	"tpstat_tcp_state_transitions_total{old=\"CLOSE\",new=\"SYN_SENT\"} 3\n"
	"# HELP tpstat_derived_total Other derived values of the counters dump, as \"<tracepoint>.<value>\" there\n"
	"# TYPE tpstat_derived_total counter\n"
	"tpstat_derived_total{tracepoint=\"skb:kfree_skb\",value=\"future\"} 7\n";

static const char want_histogram[] =
	"# HELP tpstat_x_bytes Sizes\\nwith \\\\ escapes\n"
	"# TYPE tpstat_x_bytes histogram\n"
	"tpstat_x_bytes_bucket{dev=\"a\\\"b\",le=\"64\"} 1\n"
	"tpstat_x_bytes_bucket{dev=\"a\\\"b\",le=\"1500\"} 3\n"
	"tpstat_x_bytes_bucket{dev=\"a\\\"b\",le=\"+Inf\"} 6\n"
	"tpstat_x_bytes_sum{dev=\"a\\\"b\"} 9000\n"
	"tpstat_x_bytes_count{dev=\"a\\\"b\"} 6\n"
	"tpstat_x_bytes_bucket{le=\"+Inf\"} 1\n"
	"tpstat_x_bytes_sum 5\n"
	"tpstat_x_bytes_count 1\n";

static char *slurp(const char *path)
{
	static char buf[8192];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Entries of @dir other than . and .. */
static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

static void export_scaled(FILE *f, void *arg)
{
	static const struct prom_family fam = { "tpstat_t_seconds", "histogram",
						"t" };
	static const uint64_t bounds[] = { 0, 1, 1500000, 2000000 };
	static const uint64_t counts[] = { 1, 0, 2, 0, 1 };
	struct prom p;

	(void)arg;
	prom_init(&p, f);
	prom_histogram_scaled(&p, &fam, NULL, 0, bounds, counts, 4, 4000001, 6);
	prom_histogram_scaled(&p, &fam, NULL, 0, bounds, counts, 0,
			      UINT64_MAX, 19);
}

/* Histograms in seconds of microsecond bounds: scaled bounds and sum. */
static void test_export_scaled(void)
{
	char *s;

	s = capture(export_scaled, NULL);
	CHECK(!strcmp(s, "# HELP tpstat_t_seconds t\n"
		      "# TYPE tpstat_t_seconds histogram\n"
		      "tpstat_t_seconds_bucket{le=\"0\"} 1\n"
		      "tpstat_t_seconds_bucket{le=\"0.000001\"} 1\n"
		      "tpstat_t_seconds_bucket{le=\"1.5\"} 3\n"
		      "tpstat_t_seconds_bucket{le=\"2\"} 3\n"
		      "tpstat_t_seconds_bucket{le=\"+Inf\"} 4\n"
		      "tpstat_t_seconds_sum 4.000001\n"
		      "tpstat_t_seconds_count 4\n"
		      "tpstat_t_seconds_bucket{le=\"+Inf\"} 1\n"
		      "tpstat_t_seconds_sum 1.8446744073709551615\n"
		      "tpstat_t_seconds_count 1\n"), "scaled bounds and sum:\n%s", s);
}

/* The counters' exposition, the histogram writer, and --textfile. */
void test_export(void)
{
	char dir[] = "/tmp/tpstat-unit-XXXXXX", path[256], err[320] = "";
	struct export_data none = { &scrape_info, NULL, 0, NULL, 0, { NULL } };
	struct stat st;
	char *s;

	s = capture(export_all, (void *)&scrape);
	CHECK(!strcmp(s, want_export), "exact exposition:\n%s", s);
	s = capture(export_all, &none);
	CHECK(!strstr(s, "hits") && !strstr(s, "transitions") && strstr(s, "tpstat_up 1\n"),
	      "families without samples print nothing:\n%s", s);
	s = capture(export_histogram, NULL);
	CHECK(!strcmp(s, want_histogram), "exact histogram:\n%s", s);

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, EXPORT_TEXTFILE_NAME);
	CHECK(!export_textfile(dir, &scrape, err, sizeof(err)), "textfile: %s", err);
	s = slurp(path);
	CHECK(s && !strcmp(s, want_export), "textfile holds the exposition");
	CHECK(!stat(path, &st) && (st.st_mode & 0777) == 0644,
	      "textfile is 0644 (%o)", st.st_mode & 0777);
	CHECK(!export_textfile(dir, NULL, err, sizeof(err)), "textfile down: %s", err);
	s = slurp(path);
	CHECK(s && strstr(s, "tpstat_up 0\n") && !strstr(s, "tpstat_info"),
	      "down replaces it with tpstat_up 0: %s", s ? s : "(none)");
	CHECK(dir_entries(dir) == 1, "no temporary file left (%d entries)",
	      dir_entries(dir));
	unlink(path);
	rmdir(dir);
	CHECK(export_textfile(dir, &scrape, err, sizeof(err)) < 0 &&
	      strstr(err, dir), "missing dir fails and says where: %s", err);
	test_export_scaled();
}

/* What --prom-sample prints: every family, the views' too. */
void prom_sample_all(FILE *f)
{
	struct export_data d = scrape;
	struct info info = scrape_info;
	struct view errors, rcvq, auth, resets, devices;

	info.features = TPSTAT_F_DROP_REASON;
	export_drops_view(&export_drops, true);
	export_hists_view(&export_hists);
	errors_view(&errors, 4026532157U);
	errors_aggregate(&errors);
	auth_view(&auth, 4026532157U);
	view_sort(&auth);
	d.views[TPSTAT_VIEW_DROPS] = &export_drops;
	d.views[TPSTAT_VIEW_HISTS] = &export_hists;
	d.views[TPSTAT_VIEW_ERRORS] = &errors;
	rcvq_view(&rcvq, 4026532157U);
	view_ops(TPSTAT_VIEW_RCVQ)->export_prepare(&rcvq);
	d.views[TPSTAT_VIEW_RCVQ] = &rcvq;
	d.views[TPSTAT_VIEW_AUTH] = &auth;
	resets_view(&resets);
	view_ops(TPSTAT_VIEW_RESETS)->export_prepare(&resets);
	d.views[TPSTAT_VIEW_RESETS] = &resets;
	devices_view(&devices);
	d.views[TPSTAT_VIEW_DEVICES] = &devices;
	d.info = &info;
	export_write(f, &d);
	export_histogram(f, NULL);
	view_free(&export_drops);
	view_free(&export_hists);
	view_free(&errors);
	view_free(&rcvq);
	view_free(&auth);
	view_free(&resets);
	view_free(&devices);
}

/* promtool check metrics accepts it, where promtool is installed. */
void test_promtool(void)
{
	FILE *p;

	if (system("command -v promtool >/dev/null 2>&1")) {
		printf("SKIP promtool check metrics: promtool not installed\n");
		return;
	}
	p = popen("promtool check metrics", "w");
	if (!p) {
		CHECK(0, "popen promtool");
		return;
	}
	prom_sample_all(p);
	CHECK(pclose(p) == 0, "promtool check metrics rejects the sample");
}
