// SPDX-License-Identifier: GPL-2.0
/*
 * Network namespace names (netns.c): a names directory standing in for
 * /run/netns, names to inodes and back, the views and filter printing
 * them, netns NAME selecting by cookie, -n NAME, and the initial
 * namespace as "init".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include "json.h"
#include "netns.h"
#include "unit.h"

/* An empty directory as /run/netns, so no machine's names leak in. */
static char netns_dir[] = "/tmp/tpstat-netns-XXXXXX";

void netns_dir_empty(void)
{
	if (!mkdtemp(netns_dir)) {
		CHECK(0, "mkdtemp for the netns names");
		return;
	}
	netns_set_dir(netns_dir, false);
}

void netns_dir_clean(void)
{
	static const char *const names[] = { "web", "alpha", "db", ".hidden" };
	char path[256];

	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		snprintf(path, sizeof(path), "%s/%s", netns_dir, names[i]);
		unlink(path);
	}
	rmdir(netns_dir);
}

/* A file @name in the names directory: its inode, or 0. */
static uint32_t netns_file(const char *name)
{
	char path[256];
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", netns_dir, name);
	f = fopen(path, "w");
	if (!f || fclose(f) || stat(path, &st) || st.st_ino > UINT32_MAX)
		return 0;
	return st.st_ino;
}

/* The inodes of the names "web" (and "alpha") and "db", or 0. */
uint32_t ns_web, ns_db;

/* Errors a test provokes on purpose stay off the terminal. */
static void quiet_stderr(bool quiet)
{
	static int saved = -1;
	int null;

	fflush(stderr);
	if (quiet && saved < 0) {
		saved = dup(STDERR_FILENO);
		null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, STDERR_FILENO);
			close(null);
		}
	} else if (!quiet && saved >= 0) {
		dup2(saved, STDERR_FILENO);
		close(saved);
		saved = -1;
	}
}

static void filter_json_out(FILE *f, void *arg)
{
	(void)arg;
	print_filter(f, opts(&(struct out_opts){ .json = true }), &cur_filter);
}

/*
 * netns NAME selects the rows of the namespace that has that name now, by
 * its cookie: a dead namespace's rows under the same (reused) inode
 * number are not its.  Here the names are plain files, and a file's
 * content is the cookie of the namespace it stands for (netns.h).
 */
static void test_netns_select_cookie(void)
{
	struct view_entry live = { .has_netns_cookie = true, .netns_cookie = 77 };
	struct view_entry dead = { .has_netns_cookie = true, .netns_cookie = 5 };
	static const char *const words[] = { "netns", "blue" };
	char path[300], err[512] = "";
	struct selector s;
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "%s/blue", netns_dir);
	f = fopen(path, "w");
	if (!f || fputs("77\n", f) < 0 || fclose(f) || stat(path, &st) ||
	    st.st_ino > UINT32_MAX) {
		CHECK(0, "netns file blue");
		return;
	}
	netns_set_dir(netns_dir, false);
	live.netns = dead.netns = st.st_ino;
	CHECK(!select_parse(2, words, &s, err, sizeof(err)) &&
	      !select_resolve(&s, err, sizeof(err)), "netns blue: %s", err);
	CHECK(select_match(&s, &live), "netns blue: its live namespace's row");
	CHECK(!select_match(&s, &dead),
	      "netns blue: not a dead namespace's row under its inode number (cookie 5, not 77)");
	unlink(path);
	netns_set_dir(netns_dir, false);
}

/* Names to inodes and back; the views, filter and -n with names. */
void test_netns_names(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct view v;
	struct filter flt;
	uint32_t inode = 0;
	char buf[512], path[300];
	char *s;

	CHECK(netns_name_ok("web") && !netns_name_ok("") &&
	      !netns_name_ok(".") && !netns_name_ok("..") &&
	      !netns_name_ok("a/b") && netns_name_ok("..x"), "valid names");
	CHECK(!netns_name(1) && !strcmp(netns_text(1, buf, sizeof(buf)), "1"),
	      "an empty directory: numbers");

	ns_web = netns_file("web");
	ns_db = netns_file("db");
	netns_file(".hidden");
	snprintf(buf, sizeof(buf), "%s/web", netns_dir);
	snprintf(path, sizeof(path), "%s/alpha", netns_dir);
	if (!ns_web || !ns_db || link(buf, path)) {
		printf("SKIP netns names: this file system's inode numbers pass 32 bits\n");
		return;
	}
	CHECK(!netns_name(ns_web), "read once: files made later are not seen");
	netns_set_dir(netns_dir, false);
	CHECK(netns_name(ns_web) && !strcmp(netns_name(ns_web), "alpha") &&
	      netns_name(ns_db) && !strcmp(netns_name(ns_db), "db"),
	      "inode to name, the first in byte order of two");
	CHECK(!netns_inode("db", &inode) && inode == ns_db &&
	      netns_inode("nope", &inode) == -ENOENT &&
	      netns_inode("../x", &inode) == -EINVAL, "name to inode");
	test_netns_select_cookie();

	/* Views: the name where known, the number elsewhere. */
	drops_view(&v);
	v.e[0].netns = ns_web;
	v.e[1].netns = ns_web;
	v.e[3].netns = ns_web;
	v.e[4].netns = ns_web;
	drops_aggregate(&v, BY_NETNS, 0);
	cur_view = v;
	cur_by = BY_NETNS;
	s = capture(view_text, &text);
	CHECK(strstr(s, "      12  alpha\n") &&
	      strstr(s, "       4  2\n"), "drops by netns: %s", s);
	s = capture(view_text, &json);
	snprintf(buf, sizeof(buf),
		 "{\"count\":12,\"netns\":%u,\"netns_name\":\"alpha\"}", ns_web);
	CHECK(strstr(s, "{\"count\":4,\"netns\":2}") && strstr(s, buf),
	      "netns_name only when known: %s", s);
	view_free(&v);

	memset(&v, 0, sizeof(v));
	v.id = TPSTAT_VIEW_RETRANS;
	put_header_msg(&v, 1, 16, 0);
	put_flow(&v, 0, 40000, 2, 0, 1);
	v.e[0].netns = ns_db;
	cur_view = v;
	s = capture(view_text, &text);
	CHECK(strstr(s, "LOCAL           REMOTE              NETNS   RETRANS") &&
	      strstr(s, "10.0.0.1:40000  10.0.0.2:5201          db         2"),
	      "retrans NETNS column holds names:\n%s", s);
	view_free(&v);

	/* filter netns NAME and show. */
	memset(&flt, 0, sizeof(flt));
	snprintf(flt.netns_name, sizeof(flt.netns_name), "db");
	CHECK(!filter_resolve(&flt) && flt.has_netns && flt.netns == ns_db,
	      "filter netns db resolves to its inode");
	memset(&flt, 0, sizeof(flt));
	snprintf(flt.netns_name, sizeof(flt.netns_name), "nope");
	quiet_stderr(true);
	CHECK(filter_resolve(&flt) == 1 && !flt.has_netns,
	      "filter netns with an unknown name fails");
	quiet_stderr(false);
	memset(&cur_filter, 0, sizeof(cur_filter));
	cur_filter.has_netns = true;
	cur_filter.netns = ns_db;
	s = capture(filter_out, &text);
	CHECK(!strcmp(s, "netns db\n"), "filter show names it: %s", s);
	s = capture(filter_json_out, NULL);
	snprintf(buf, sizeof(buf), "\"netns\":%u,\"netns_name\":\"db\",", ns_db);
	CHECK(strstr(s, buf), "filter JSON: %s", s);

	/* -n NAME: unknown, and a file that is no namespace. */
	CHECK(netns_enter("nope", buf, sizeof(buf)) &&
	      strstr(buf, "no network namespace named nope in ") &&
	      !strchr(buf, '\n'), "-n unknown: %s", buf);
	CHECK(netns_enter("db", buf, sizeof(buf)) &&
	      strstr(buf, "/db is not a network namespace"), "-n file: %s", buf);
}

/* The initial namespace prints as init, but under --numeric-netns. */
void test_netns_init(void)
{
	struct json j;
	char buf[32], *out = NULL;
	size_t len = 0;
	FILE *f;

	netns_set_init(4026531840U);
	CHECK(!strcmp(netns_text(4026531840U, buf, sizeof(buf)), "init"),
	      "the initial namespace prints as init");
	CHECK(!strcmp(netns_text(4026532000U, buf, sizeof(buf)), "4026532000"),
	      "another without a name: its number");
	f = open_memstream(&out, &len);
	json_init(&j, f, false);
	json_object_open(&j);
	netns_json(&j, 4026531840U);
	json_object_close(&j);
	json_end(&j);
	fclose(f);
	CHECK(!strcmp(out, "{\"netns\":4026531840,\"netns_name\":\"init\"}\n"),
	      "JSON keeps the number, adds the name: %s", out);
	free(out);
	netns_set_numeric(true);
	CHECK(!strcmp(netns_text(4026531840U, buf, sizeof(buf)), "4026531840"),
	      "--numeric-netns: the number");
	netns_set_numeric(false);
	netns_set_init(0);
	CHECK(!strcmp(netns_text(4026531840U, buf, sizeof(buf)), "4026531840"),
	      "unknown initial namespace: the number");
}

