// SPDX-License-Identifier: GPL-2.0
/*
 * What picks and orders a view's rows: selectors (select.c) from the
 * command line to the rows printed, --sort, --top, -H, and the sort
 * every view's order runs on (view_sort.h).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <sys/socket.h>

#include "view_sort.h"
#include "unit.h"

/* A row with the fields selectors read; family from the address lengths. */
static struct view_entry sel_row(const char *src, const char *dst,
				 int sport, int dport)
{
	struct view_entry e;

	memset(&e, 0, sizeof(e));
	if (src) {
		e.saddr_len = strchr(src, ':') ? 16 : 4;
		inet_pton(e.saddr_len == 16 ? AF_INET6 : AF_INET, src, e.saddr);
	}
	if (dst) {
		e.daddr_len = strchr(dst, ':') ? 16 : 4;
		inet_pton(e.daddr_len == 16 ? AF_INET6 : AF_INET, dst, e.daddr);
	}
	e.has_sport = sport >= 0;
	e.sport = sport >= 0 ? sport : 0;
	e.has_dport = dport >= 0;
	e.dport = dport >= 0 ? dport : 0;
	return e;
}

/* Whether the words of @line select @e; -1 when they do not parse. */
static int sel_says(const char *line, const struct view_entry *e)
{
	static char buf[256];
	const char *words[16];
	struct selector s;
	char err[256];
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	for (char *t = strtok(buf, " "); t && n < 16; t = strtok(NULL, " "))
		words[n++] = t;
	if (select_parse(n, words, &s, err, sizeof(err)))
		return -1;
	return select_match(&s, e);
}

/* Each selector key: prefixes, ports and ranges, errno, reason, dev, netns. */
void test_select(void)
{
	struct view_entry v4 = sel_row("10.1.2.3", "192.168.7.9", 40000, 443);
	struct view_entry v6 = sel_row("fd00:1::5", "2001:db8::1", 80, 51000);
	struct view_entry mapped = sel_row("::ffff:10.9.8.7", NULL, -1, 53);
	struct view_entry e;
	const char *words[4];
	struct selector s;
	char err[256];

	/* IPv4 prefixes: the bits up to the length, no further. */
	CHECK(sel_says("src 10.0.0.0/8", &v4) == 1, "src 10/8");
	CHECK(sel_says("src 10.1.2.3", &v4) == 1, "src host /32");
	CHECK(sel_says("src 10.1.2.2", &v4) == 0, "src other host");
	CHECK(sel_says("src 10.1.2.0/31", &v4) == 0, "/31 ends at .1");
	CHECK(sel_says("src 10.1.2.2/31", &v4) == 1, "/31 has .2 and .3");
	CHECK(sel_says("dst 192.168.0.0/17", &v4) == 1, "dst /17");
	CHECK(sel_says("dst 192.168.128.0/17", &v4) == 0, "dst other /17");
	CHECK(sel_says("src 0.0.0.0/0", &v4) == 1, "/0: any IPv4");
	CHECK(sel_says("src 0.0.0.0/0", &v6) == 0, "/0 IPv4: not IPv6");
	CHECK(sel_says("src 10.0.0.0/8", &mapped) == 1,
	      "an IPv4 prefix takes an IPv4-mapped IPv6 address");
	/* IPv6 */
	CHECK(sel_says("src fd00::/8", &v6) == 1, "src fd00::/8");
	CHECK(sel_says("src fd00:1::/32", &v6) == 1, "/32");
	CHECK(sel_says("src fd00:2::/32", &v6) == 0, "other /32");
	CHECK(sel_says("dst 2001:db8::1/128", &v6) == 1, "dst /128");
	CHECK(sel_says("dst 2001:db8::/127", &v6) == 1, "/127 has ::1");
	CHECK(sel_says("dst 2001:db8::2/127", &v6) == 0, "/127 ::2 and ::3");
	CHECK(sel_says("dst ::/0", &v4) == 0, "IPv6 /0: not IPv4");
	CHECK(sel_says("src fd00::/8", &mapped) == 0, "mapped is not fd00::/8");
	/* ports: one, :one, ranges; port is either */
	CHECK(sel_says("dport 443", &v4) == 1 && sel_says("dport :443", &v4) == 1,
	      "dport 443, :443");
	CHECK(sel_says("sport 443", &v4) == 0, "sport is the local port");
	CHECK(sel_says("sport 32768-60999", &v4) == 1, "sport range");
	CHECK(sel_says("sport 40001-60999", &v4) == 0, "range after it");
	CHECK(sel_says("port 53", &mapped) == 1 && sel_says("port 80", &v6) == 1 &&
	      sel_says("port 81", &v6) == 0, "port: the one the row has");
	CHECK(sel_says("sport 53", &mapped) == 0, "no SPORT: no sport match");
	/* keys AND, a key given twice OR */
	CHECK(sel_says("dport 80 dport 443", &v4) == 1, "dport 80 or 443");
	CHECK(sel_says("dport 443 src 10.0.0.0/8", &v4) == 1, "both match");
	CHECK(sel_says("dport 443 src 11.0.0.0/8", &v4) == 0, "one does not");
	/* errno, reason, dev, netns */
	memset(&e, 0, sizeof(e));
	e.has_err = true;
	e.err = ECONNREFUSED;
	CHECK(sel_says("errno ECONNREFUSED", &e) == 1 &&
	      sel_says("errno econnrefused", &e) == 1, "errno by name, any case");
	snprintf(err, sizeof(err), "errno %d", ECONNREFUSED);
	CHECK(sel_says(err, &e) == 1, "errno by number");
	CHECK(sel_says("errno ETIMEDOUT", &e) == 0, "another errno");
	e.has_err = false;
	CHECK(sel_says("errno ECONNREFUSED", &e) == 0, "a row without errno");
	e.has_reason = e.has_reason_name = true;
	e.reason = 2;
	e.reason_name = "NO_SOCKET";
	CHECK(sel_says("reason NO_SOCKET", &e) == 1 &&
	      sel_says("reason no_socket", &e) == 1 &&
	      sel_says("reason SKB_DROP_REASON_NO_SOCKET", &e) == 1 &&
	      sel_says("reason 2", &e) == 1, "reason: name, enum name, code");
	CHECK(sel_says("reason TCP_CSUM", &e) == 0 && sel_says("reason 3", &e) == 0,
	      "other reasons");
	e.has_ifname = true;
	e.ifname = "eth0";
	e.ifindex = 2;
	e.netns = 4026531840U;
	CHECK(sel_says("dev eth0", &e) == 1 && sel_says("dev 2", &e) == 1 &&
	      sel_says("dev eth1", &e) == 0, "dev: name or ifindex");
	CHECK(sel_says("netns 4026531840", &e) == 1 &&
	      sel_says("netns 4026531841", &e) == 0, "netns by inode");
	/* bad input: a usage error naming what it wanted */
	CHECK(sel_says("src 10.0.0.0/33", &v4) == -1, "/33");
	CHECK(sel_says("src fd00::/129", &v6) == -1, "/129");
	CHECK(sel_says("src 10.0.0", &v4) == -1, "not an address");
	CHECK(sel_says("src 10.0.0.0/", &v4) == -1, "empty length");
	CHECK(sel_says("dport 65536", &v4) == -1, "port past 65535");
	CHECK(sel_says("dport 90-80", &v4) == -1, "a range backwards");
	CHECK(sel_says("dport http", &v4) == -1, "a service name");
	CHECK(sel_says("errno ENOTANERRNO", &e) == -1, "unknown errno");
	CHECK(sel_says("netns a/b", &e) == -1, "netns name with a slash");
	CHECK(sel_says("dport", &v4) == -1, "a key without its value");
	words[0] = "dport";
	CHECK(select_parse(1, words, &s, err, sizeof(err)) == 2 &&
	      !strcmp(err, "dport needs a port or a range (443, 1024-65535)"),
	      "its message: %s", err);
	words[0] = "src";
	words[1] = "10.0.0.0/33";
	CHECK(select_parse(2, words, &s, err, sizeof(err)) == 2 &&
	      strstr(err, "not '10.0.0.0/33'"), "names the value: %s", err);
	/* a view's keys */
	words[0] = "dev";
	words[1] = "eth0";
	select_parse(2, words, &s, err, sizeof(err));
	CHECK(select_check(&s, (*view_ops(TPSTAT_VIEW_RETRANS)).selectors, "retrans", err,
			   sizeof(err)) == 2 &&
	      !strcmp(err, "dev is not a selector of retrans (its selectors: src, dst, sport, dport, netns)"),
	      "a key the view lacks: %s", err);
	CHECK(!select_check(&s, (*view_ops(TPSTAT_VIEW_DROPS)).selectors, "drops", err,
			    sizeof(err)), "drops has dev");
	CHECK(select_check(&s, (*view_ops(TPSTAT_VIEW_STATES)).selectors, "states", err,
			   sizeof(err)) == 2 && strstr(err, "(its selectors: none)"),
	      "states has none: %s", err);
}

/* Selectors from the command line to the rows printed. */
void test_select_views(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct options o;
	char err[256], *s;
	struct view v;

	CHECK(!parse("retrans dst 10.0.0.0/8 dport 443", &o, err) &&
	      o.sel.n == 2 && o.sel.keys == (SEL_BIT(SEL_DST) | SEL_BIT(SEL_DPORT)),
	      "retrans selectors: %s", err);
	CHECK(parse("retrans dev eth0", &o, err) == 2 &&
	      strstr(err, "dev is not a selector of retrans"), "%s", err);
	CHECK(parse("drops --by trap dev eth0", &o, err) == 2 &&
	      strstr(err, "not a selector of traps"), "%s", err);
	CHECK(!parse("drops --by dev dev eth0 reason NO_SOCKET", &o, err),
	      "drops dev and reason: %s", err);
	CHECK(!parse("errors errno ECONNREFUSED port 5001", &o, err),
	      "errors: %s", err);
	CHECK(!parse("rcvq port 53", &o, err), "rcvq port: %s", err);
	CHECK(parse("retrans port 53", &o, err) == 2, "retrans has no port");
	CHECK(!parse("neigh dev eth0 dst 10.0.0.0/8", &o, err), "neigh: %s", err);
	CHECK(!parse("auth dst fd00::/8 port 179", &o, err), "auth: %s", err);
	CHECK(!parse("resets dst 10.0.0.0/8 reason NOT_SPECIFIED", &o, err),
	      "resets: %s", err);
	CHECK(!parse("lifetime port 5001", &o, err), "lifetime: %s", err);
	CHECK(!parse("devices dev lo --sort rx_bytes", &o, err), "devices: %s", err);

	/* drops by reason, only eth0's: selected before they are summed */
	drops_view(&v);
	{
		const char *w[] = { "dev", "eth0" };
		struct selector sel;

		select_parse(2, w, &sel, err, sizeof(err));
		select_apply(&sel, &v);
		CHECK(v.n == 2, "eth0's two drops rows: %zu", v.n);
		drops_aggregate(&v, BY_REASON, 0);
		cur_view = v;
		cur_by = BY_REASON;
		s = capture(view_text, &text);
		CHECK(!strcmp(s, "   COUNT  REASON\n       5  NO_SOCKET (2)\n"
			      "overflow: 3 lost updates (table 5/1024)\n"),
		      "dev eth0 by reason: 5 (the 0-count row too):\n%s", s);
		s = capture(view_text, &json);
		CHECK(strstr(s, "\"drops\":[{\"count\":5,\"reason\":\"NO_SOCKET\",\"reason_code\":2,\"loss\":true}]"),
		      "and in JSON: %s", s);
	}
	view_free(&v);
}

/* --sort FIELD, --top N, -H, and the views' own words for them. */
void test_sort_top(void)
{
	struct out_opts text = { 0 };
	struct options o;
	char err[256], *s;
	struct view v;

	CHECK(!parse("errors --sort netns --top 2", &o, err) &&
	      !strcmp(o.va.sort, "netns") && o.va.top == 2, "errors --sort --top: %s", err);
	CHECK(parse("errors --sort bogus", &o, err) == 2 &&
	      !strcmp(err, "errors cannot be sorted by 'bogus' (its fields: count, error, proto, service, netns)"),
	      "an unknown field names the fields: %s", err);
	CHECK(parse("drops --by trap --sort name", &o, err) == 0, "traps sort by name");
	/* Each view by its own name; the older words still parse. */
	CHECK(!parse("traps", &o, err) && cmd_of(&o) == CMD_TRAPS && o.va.by == BY_TRAP,
	      "traps is drops --by trap: %s", err);
	CHECK(parse("traps --by reason", &o, err) == 2 &&
	      strstr(err, "traps takes no --by"), "traps --by: %s", err);
	CHECK(!parse("traps --by trap", &o, err) && o.va.by == BY_TRAP, "traps --by trap: %s", err);
	CHECK(!parse("lifetimes", &o, err) && cmd_of(&o) == CMD_LIFETIME, "lifetimes: %s", err);
	CHECK(!parse("lifetime", &o, err) && cmd_of(&o) == CMD_LIFETIME, "lifetime: %s", err);
	CHECK(!parse("hists srtt_us", &o, err) && cmd_of(&o) == CMD_HIST, "hists: %s", err);
	CHECK(!parse("hist", &o, err) && cmd_of(&o) == CMD_HIST, "hist: %s", err);
	CHECK(!parse("help traps", &o, err) && help_of(&o) == CMD_TRAPS &&
	      strstr(cli_usage(o.help_for, o.help_view), "tpstat traps"),
	      "help traps: %s", err);
	CHECK(parse("retrans --sort", &o, err) == 2, "--sort without a field");
	CHECK(view_field_find(&(*view_ops(TPSTAT_VIEW_RETRANS)), "synack") &&
	      !view_field_find(&(*view_ops(TPSTAT_VIEW_RETRANS)), "count"), "retrans' fields");

	/* by location, most first; --sort name: by location, A-Z; --top 2 */
	drops_view(&v);
	drops_aggregate(&v, BY_LOCATION, 0);
	CHECK(v.n == 3 && v.e[0].count == 9, "default: most first");
	CHECK(!view_sort_field(&v, view_field_find(&(*view_ops(TPSTAT_VIEW_DROPS)), "name")),
	      "sorted");
	CHECK(!strcmp(v.e[0].location, "ip_rcv_core+0x1c4/0x2f0") &&
	      !strcmp(v.e[1].location, "tcp_v4_rcv+0x88/0x900") &&
	      !strcmp(v.e[2].location, "udp_queue_rcv+0x10/0x20"),
	      "by name: %s %s %s", v.e[0].location, v.e[1].location,
	      v.e[2].location);
	view_truncate(&v, 2);
	CHECK(v.n == 2, "--top 2");
	view_free(&v);

	/* stable: ties keep the view's own order (4 and 4 by reason) */
	drops_view(&v);
	drops_aggregate(&v, BY_REASON, 0);
	view_sort_field(&v, view_field_find(&(*view_ops(TPSTAT_VIEW_DROPS)), "count"));
	CHECK(v.n == 3 && v.e[0].count == 8 && !v.e[1].has_reason &&
	      v.e[2].reason == 3, "count ties keep '-' before '?'");
	cur_view = v;
	cur_by = BY_REASON;
	text.no_header = true;
	s = capture(view_text, &text);
	CHECK(!strncmp(s, "       8  NO_SOCKET (2)\n", 24), "-H: no header:\n%s", s);
	view_free(&v);
}

/* A test order with ties: count, then sport; rows equal in both tie. */
static int sort_test_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count < b->count ? -1 : 1;
	return (a->sport > b->sport) - (a->sport < b->sport);
}

VIEW_SORT(sort_test_sort, sort_test_qsort)

/*
 * view_rows_sort() against qsort(), at sizes around each merge width;
 * and every view's ->sort a permutation that leaves sorted rows as they
 * are.
 */
void test_view_rows_sort(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 7, 8, 9, 63, 64, 65, 1000 };
	struct view_entry *a = calloc(1000, sizeof(*a));
	struct view_entry *b = calloc(1000, sizeof(*b));
	unsigned int seed = 7;

	if (!a || !b)
		abort();
	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++) {
		size_t n = sizes[s], bad = 0;

		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245 + 12345;
			a[i].count = seed >> 28;	/* many ties */
			a[i].sport = (seed >> 8) & 0xff;
			a[i].dport = i;			/* tells rows apart */
		}
		memcpy(b, a, n * sizeof(*a));
		sort_test_sort(a, n);
		qsort(b, n, sizeof(*b), sort_test_qsort);
		for (size_t i = 0; i < n; i++)
			bad += sort_test_qsort(&a[i], &b[i]) != 0 ||
			       (i && a[i - 1].count == a[i].count &&
				a[i - 1].sport == a[i].sport &&
				a[i - 1].dport > a[i].dport);
		CHECK(!bad, "view_rows_sort() of %zu rows: %zu out of order or unstable",
		      n, bad);
	}
	for (size_t i = 0; view_at(i); i++) {
		const struct view_ops *ops = view_at(i);
		size_t n = 300, bad = 0;

		if (!ops->sort)
			continue;
		memset(a, 0, n * sizeof(*a));
		for (size_t k = 0; k < n; k++) {
			seed = seed * 1103515245 + 12345;
			a[k].count = a[k].val[0] = seed >> 29;
			a[k].val[1] = (seed >> 12) & 3;
			a[k].sport = k;
			a[k].saddr_len = a[k].daddr_len = 4;
			a[k].saddr[3] = seed >> 20;
			a[k].old_state = a[k].new_state = (seed >> 4) & 7;
			a[k].netns = 1 + (seed & 1);
			a[k].ifname = a[k].reason_name = a[k].location = "";
		}
		ops->sort(a, n);
		memcpy(b, a, n * sizeof(*a));
		ops->sort(b, n);
		for (size_t k = 0; k < n; k++)
			bad += memcmp(&a[k], &b[k], sizeof(*a)) != 0;
		CHECK(!bad, "%s: ->sort moves %zu of %zu rows it has sorted",
		      ops->name, bad, n);
		/* Each row once: sport numbers them 0..n-1. */
		bad = 0;
		memset(b, 0, n * sizeof(*b));
		for (size_t k = 0; k < n; k++)
			b[a[k].sport].count++;
		for (size_t k = 0; k < n; k++)
			bad += b[k].count != 1;
		CHECK(!bad, "%s: ->sort keeps each row once", ops->name);
	}
	free(a);
	free(b);
}
