// SPDX-License-Identifier: GPL-2.0
/*
 * Host-side unit tests of the tool's argument parsing and output
 * formatting: no kernel, no netlink.  Ends with "<P> passed, <F> failed".
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "export.h"
#include "output.h"
#include "../uapi/linux/tpstat.h"

static int passed, failed;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		passed++;						\
	} else {							\
		failed++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

static int parse(const char *line, struct options *o, char *err)
{
	char buf[256], *argv[16];
	int argc = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = "tpstat";
	for (char *t = strtok(buf, " "); t && argc < 15; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	return cli_parse(argc, argv, o, err, 160);
}

static void test_lookup(void)
{
	enum tp_cmd c;

	CHECK(!cli_lookup("show", &c) && c == CMD_SHOW, "show");
	CHECK(!cli_lookup("sh", &c) && c == CMD_SHOW, "sh");
	CHECK(!cli_lookup("a", &c) && c == CMD_ATTACH, "a");
	CHECK(!cli_lookup("de", &c) && c == CMD_DETACH, "de");
	CHECK(cli_lookup("x", &c) == -1, "x unknown");
	CHECK(cli_lookup("", &c) == -1, "empty is no command");
	CHECK(cli_lookup("shows", &c) == -1, "longer than a command");
}

struct parse_case {
	const char *line;
	int ret;
	enum tp_cmd cmd;
	const char *glob;
	const char *err_has;
};

static const struct parse_case cases[] = {
	{ "show", 0, CMD_SHOW, NULL, NULL },
	{ "-j show tcp:*", 0, CMD_SHOW, "tcp:*", NULL },
	{ "show tcp:* -z", 0, CMD_SHOW, "tcp:*", NULL },
	{ "l -v", 0, CMD_LIST, NULL, NULL },
	{ "w -i 0.5 -c 3 skb:*", 0, CMD_WATCH, "skb:*", NULL },
	{ "attach tcp:*", 0, CMD_ATTACH, "tcp:*", NULL },
	{ "help show", 0, CMD_HELP, NULL, NULL },
	{ "--help", 0, CMD_HELP, NULL, NULL },
	{ "", 2, CMD_NONE, NULL, "no command" },
	{ "frob", 2, CMD_NONE, NULL, "unknown command 'frob'" },
	{ "attach", 2, CMD_NONE, NULL, "attach needs a GLOB" },
	{ "detach", 2, CMD_NONE, NULL, "detach needs a GLOB" },
	{ "show -q", 2, CMD_NONE, NULL, "unknown option '-q'" },
	{ "show a b", 2, CMD_NONE, NULL, "unexpected argument 'b'" },
	{ "info x", 2, CMD_NONE, NULL, "unexpected argument 'x'" },
	{ "show -v", 2, CMD_NONE, NULL, "-v is for list" },
	{ "list -z", 2, CMD_NONE, NULL, "-z is for show" },
	{ "show -i 1", 2, CMD_NONE, NULL, "-i and -c are for watch" },
	{ "watch -i 0", 2, CMD_NONE, NULL, "-i needs a number" },
	{ "watch -i abc", 2, CMD_NONE, NULL, "-i needs a number" },
	{ "watch -c -1", 2, CMD_NONE, NULL, "-c needs a positive" },
	{ "watch -c", 2, CMD_NONE, NULL, "-c needs a positive" },
	{ "help frob", 2, CMD_NONE, NULL, "no help for 'frob'" },
	{ "export", 0, CMD_EXPORT, NULL, NULL },
	{ "ex tcp:* --textfile /d", 0, CMD_EXPORT, "tcp:*", NULL },
	{ "export --textfile", 2, CMD_NONE, NULL, "--textfile needs a directory" },
	{ "show --textfile /d", 2, CMD_NONE, NULL, "--textfile is for export" },
	{ "-j export", 2, CMD_NONE, NULL, "not JSON" },
};

static void test_parse(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct parse_case *c = &cases[i];
		struct options o;
		char err[160] = "";
		int ret = parse(c->line, &o, err);

		CHECK(ret == c->ret, "'%s': returned %d, want %d (%s)",
		      c->line, ret, c->ret, err);
		if (ret || c->ret) {
			CHECK(c->err_has && strstr(err, c->err_has),
			      "'%s': said '%s', want '%s'", c->line, err,
			      c->err_has ? c->err_has : "");
			continue;
		}
		CHECK(o.cmd == c->cmd, "'%s': command %d, want %d", c->line,
		      o.cmd, c->cmd);
		CHECK((!o.glob && !c->glob) ||
		      (o.glob && c->glob && !strcmp(o.glob, c->glob)),
		      "'%s': glob '%s'", c->line, o.glob ? o.glob : "(none)");
	}
}

/* Runs @fn into a memory buffer and returns what it wrote. */
static char *capture(void (*fn)(FILE *, void *), void *arg)
{
	static char buf[8192];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	fn(f, arg);
	fclose(f);
	return buf;
}

static const struct counter_row rows[] = {
	{ "net:net_dev_xmit", 12 },
	{ "net:net_dev_xmit.bytes", 18446744073709551615ULL },
	{ "sock:inet_sock_set_state.SYN_SENT->ESTABLISHED", 0 },
	{ "weird\"name\\\n", 1 },
};

static void counters_text(FILE *f, void *arg)
{
	print_counters(f, arg, rows, 4);
}

static void test_output(void)
{
	struct out_opts text = { 0 }, zeros = { .zeros = true };
	struct out_opts json = { .json = true };
	char *s;

	s = capture(counters_text, &text);
	CHECK(strstr(s, "net:net_dev_xmit") && strstr(s, "18446744073709551615"),
	      "text has names and full u64 values: %s", s);
	CHECK(!strstr(s, "ESTABLISHED"), "zero values hidden without -z");
	s = capture(counters_text, &zeros);
	CHECK(strstr(s, "SYN_SENT->ESTABLISHED"), "-z shows zeros");
	s = capture(counters_text, &json);
	CHECK(!strcmp(s, "{\"schema_version\":1,\"counters\":["
		      "{\"name\":\"net:net_dev_xmit\",\"value\":12},"
		      "{\"name\":\"net:net_dev_xmit.bytes\",\"value\":18446744073709551615},"
		      "{\"name\":\"weird\\\"name\\\\\\n\",\"value\":1}]}\n"),
	      "exact JSON: %s", s);
}

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
static const struct info scrape_info = { "0.1.0", "6.1.0-56-amd64\"x\\", 0, 3 };
static const struct export_data scrape = {
	&scrape_info, scrape_events, 3, scrape_rows, 9,
};

static void export_all(FILE *f, void *arg)
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
	"tpstat_info{version=\"0.1.0\",kernel=\"6.1.0-56-amd64\\\"x\\\\\"} 1\n"
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

static void test_export(void)
{
	char dir[] = "/tmp/tpstat-unit-XXXXXX", path[256], err[320] = "";
	struct export_data none = { &scrape_info, NULL, 0, NULL, 0 };
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
}

int main(int argc, char **argv)
{
	/* "--prom-sample" prints exposition samples for promtool. */
	if (argc > 1 && !strcmp(argv[1], "--prom-sample")) {
		export_write(stdout, &scrape);
		export_histogram(stdout, NULL);
		return 0;
	}
	/* "--json-sample" prints outputs for an external validator (jq). */
	if (argc > 1 && !strcmp(argv[1], "--json-sample")) {
		struct out_opts o = { .json = true, .pretty = argc > 2,
				      .zeros = true };
		struct event_row ev = { 22, 2, true, "skb:kfree_skb", "skb",
					"skb,location,reason", "reason" };
		struct info info = { "0.1.0", "6.1.0-56-amd64", 7, 25 };

		print_counters(stdout, &o, rows, 4);
		o.verbose = true;
		print_events(stdout, &o, &ev, 1);
		print_events(stdout, &o, &ev, 0);
		print_info(stdout, &o, &info);
		print_watch(stdout, &o, 1.0, 2.0, rows, 2, rows, 4);
		return 0;
	}
	test_lookup();
	test_parse();
	test_output();
	test_export();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
