// SPDX-License-Identifier: GPL-2.0
/*
 * Every view's test is one shape: the module's dump read, its rows
 * arranged as the command arranges them, then its text, JSON and
 * Prometheus family.  So each is a row of a table (struct view_case,
 * unit.h) that run_view_cases() runs; the rows' own checks are the
 * functions they name.  Here that loop and the views of counts and
 * histograms; the views that name sockets are unit_views_sockets.c's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <netinet/in.h>

#include "netns.h"
#include "unit.h"

/* ---- the loop ------------------------------------------------------------ */

/* Numbers the templates name: ${ECONNREFUSED}, ${strerror ECONNREFUSED}. */
static const struct {
	const char *name;
	int value;
} numbers[] = {
	{ "ECONNREFUSED", ECONNREFUSED },
	{ "EHOSTUNREACH", EHOSTUNREACH },
	{ "ECONNRESET", ECONNRESET },
	{ "TPSTAT_AUTH_MD5_MISMATCH", TPSTAT_AUTH_MD5_MISMATCH },
};

static int number_of(const char *name, size_t len)
{
	char *end;
	long n = strtol(name, &end, 10);

	if (end == name + len)
		return n;
	for (size_t i = 0; i < ARRAY_SIZE(numbers); i++)
		if (strlen(numbers[i].name) == len &&
		    !strncmp(numbers[i].name, name, len))
			return numbers[i].value;
	fprintf(stderr, "unit: no number named %.*s\n", (int)len, name);
	abort();
}

/* @t with its ${...} written out for namespace @ns; a static buffer. */
static const char *expand(const char *t, uint32_t ns)
{
	static char buf[4096];
	char nsbuf[NETNS_NAME_MAX];
	const char *name = netns_name(ns);
	size_t n = 0;

	while (*t && n < sizeof(buf) - 1) {
		const char *key = t + 2;
		const char *end = strncmp(t, "${", 2) ? NULL : strchr(key, '}');
		size_t len;

		if (!end) {
			buf[n++] = *t++;
			continue;
		}
		len = end - key;
		t = end + 1;
		if (len == 2 && !strncmp(key, "ns", 2))
			n += snprintf(buf + n, sizeof(buf) - n, "%s",
				      netns_text(ns, nsbuf, sizeof(nsbuf)));
		else if (len == 5 && !strncmp(key, "netns", 5) && name)
			n += snprintf(buf + n, sizeof(buf) - n,
				      "\"netns\":%u,\"netns_name\":\"%s\"",
				      ns, name);
		else if (len == 5 && !strncmp(key, "netns", 5))
			n += snprintf(buf + n, sizeof(buf) - n, "\"netns\":%u",
				      ns);
		else if (len > 9 && !strncmp(key, "strerror ", 9))
			n += snprintf(buf + n, sizeof(buf) - n, "%s",
				      strerror(number_of(key + 9, len - 9)));
		else
			n += snprintf(buf + n, sizeof(buf) - n, "%d",
				      number_of(key, len));
		if (n >= sizeof(buf))
			n = sizeof(buf) - 1;
	}
	buf[n] = '\0';
	return buf;
}

/* Whether @s says what @want (templates, for @ns) and @lacks say. */
static bool says(const char *s, enum view_match match,
		 const char *const *want, size_t n_want, const char *lacks,
		 uint32_t ns)
{
	const char *w = expand(want[0], ns);

	switch (match) {
	case MATCH_EXACT:
		return !strcmp(s, w);
	case MATCH_START:
		return !strncmp(s, w, strlen(w));
	case MATCH_ALL:
		break;
	}
	for (size_t i = 0; i < n_want && want[i]; i++)
		if (!strstr(s, expand(want[i], ns)))
			return false;
	return !lacks || !strstr(s, lacks);
}

static const char *cur_hist_only;

static void case_text(FILE *f, void *arg)
{
	print_view(f, opts(arg), &cur_view, cur_by, cur_hist_only);
}

/* The outputs of @c's rows in @v, arranged. */
static void case_outputs(const struct view_case *c, const struct view *v,
			 uint32_t ns)
{
	static const struct out_opts out_opts[] = {
		[OUT_TEXT] = { 0 },
		[OUT_JSON] = { .json = true },
		[OUT_HUMAN] = { .human = true },
	};
	const struct view_want *prev = NULL;
	char *s = NULL;

	cur_view = *v;
	cur_by = c->by;
	for (const struct view_want *w = c->out; w->out; prev = w++) {
		bool ok;

		/* The same output as the last want's: not printed again. */
		if (!prev || prev->out != w->out ||
		    !prev->hist_only != !w->hist_only ||
		    (w->hist_only && strcmp(prev->hist_only, w->hist_only))) {
			cur_hist_only = w->hist_only;
			s = capture(case_text, (void *)&out_opts[w->out]);
		}
		ok = says(s, w->match, w->want, ARRAY_SIZE(w->want), w->lacks,
			  ns);
		if (w->page_4k && sysconf(_SC_PAGESIZE) != 4096)
			ok = true;
		if (w->out == OUT_JSON)
			ok &= json_balanced(s);
		CHECK(ok, "%s:\n%s", w->what, s);
	}
}

/* @c's family in export's exposition, from a dump of its own. */
static void case_prom(const struct view_case *c)
{
	const struct view_prom *p = &c->prom;
	struct export_data d = views_scrape;
	const struct view_ops *ops;
	struct view v;
	int err = 0;
	char *s;

	if (c->dump_ns)
		c->dump_ns(&v, p->ns);
	else
		c->dump(&v);
	ops = view_ops(v.id);
	if (ops->export_prepare)
		err = ops->export_prepare(&v);
	else
		view_sort(&v);
	CHECK(!err, "%s: export_prepare: %d", ops->name, err);
	if (p->prepared)
		p->prepared(&v);
	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	d.views[v.id] = &v;
	s = capture(export_all, &d);
	CHECK(says(s, p->match, p->want, ARRAY_SIZE(p->want), p->lacks, 0),
	      "%s:\n%s", p->what, s);
	view_free(&v);
	if (p->absent) {
		d.views[v.id] = NULL;
		s = capture(export_all, &d);
		CHECK(!strstr(s, p->absent), "a refused %s view: no family:\n%s",
		      ops->name, s);
	}
}

void run_view_cases(const struct view_case *cases, size_t n)
{
	for (const struct view_case *c = cases; c < cases + n; c++) {
		uint32_t ns = c->ns == NS_DB ? (ns_db ? ns_db : 7) : c->ns;
		char nsbuf[NETNS_NAME_MAX];
		struct view v;

		if (c->dump_ns)
			c->dump_ns(&v, ns);
		else
			c->dump(&v);
		if (c->read)
			c->read(&v);
		switch (c->arrange) {
		case ARRANGE_SORT:
			view_sort(&v);
			break;
		case ARRANGE_DROPS:
			drops_aggregate(&v, c->by, c->top);
			break;
		case ARRANGE_RESETS:
			resets_aggregate(&v, c->resets_by);
			break;
		}
		if (c->arranged)
			c->arranged(&v);
		case_outputs(c, &v, ns);
		if (c->ns_name)
			CHECK(!netns_name(ns) ||
			      !strcmp(netns_text(ns, nsbuf, sizeof(nsbuf)),
				      c->ns_name), "the namespace by its name");
		view_free(&v);
		if (c->prom.what)
			case_prom(c);
	}
}

/* ---- drops and traps ----------------------------------------------------- */

static void drops_read(const struct view *v)
{
	CHECK(v->have_header && v->entries == 5 && v->capacity == 1024 &&
	      v->overflow == 3 && v->n == 5, "header and 5 entries: %zu", v->n);
	CHECK(v->e[0].has_reason && v->e[0].reason == 2 &&
	      !strcmp(v->e[0].reason_name, "NO_SOCKET") && v->e[0].count == 5 &&
	      !strcmp(v->e[0].location, "ip_rcv_core+0x1c4/0x2f0") &&
	      v->e[0].has_ifname && !strcmp(v->e[0].ifname, "eth0"),
	      "entry attributes");
	CHECK(!v->e[3].has_reason && !v->e[2].has_reason_name &&
	      !v->e[2].has_ifname && !v->e[0].hist, "absent attributes");
}

static void drops_by_reason(const struct view *v)
{
	CHECK(v->n == 3 && v->e[0].reason == 2 && v->e[0].count == 8 &&
	      !v->e[1].has_reason && v->e[1].count == 4 &&
	      v->e[2].reason == 3 && v->e[2].count == 4,
	      "by reason: 8 NO_SOCKET, then ties by name ('-' before '?')");
}

static void drops_by_location(const struct view *v)
{
	CHECK(v->n == 3 && v->e[0].count == 9 &&
	      !strcmp(v->e[0].location, "ip_rcv_core+0x1c4/0x2f0") &&
	      v->e[1].count == 4 &&
	      !strcmp(v->e[1].location, "udp_queue_rcv+0x10/0x20") &&
	      v->e[2].count == 3, "by location");
}

static void drops_top_1(const struct view *v)
{
	CHECK(v->n == 1 && v->e[0].count == 9, "-n 1");
}

static void drops_by_dev(const struct view *v)
{
	CHECK(v->n == 4 && v->e[0].count == 5 &&
	      !strcmp(v->e[0].ifname, "eth0") &&
	      v->e[1].count == 4 && v->e[1].netns == 1 &&
	      v->e[1].ifindex == 0 &&
	      v->e[2].count == 4 && v->e[2].netns == 2 &&
	      v->e[2].ifindex == 2 &&
	      !v->e[2].has_ifname && v->e[3].count == 3, "by dev");
}

static void drops_by_netns(const struct view *v)
{
	CHECK(v->n == 2 && v->e[0].netns == 1 && v->e[0].count == 12 &&
	      v->e[1].netns == 2 && v->e[1].count == 4, "by netns");
}

static void traps_by_trap(const struct view *v)
{
	CHECK(v->n == 3 && v->e[0].count == 7 && v->e[1].count == 5 &&
	      !strcmp(v->e[1].trap, "source_mac_is_multicast") &&
	      v->e[2].count == 1, "by trap");
}

/* ---- the others' rows ---------------------------------------------------- */

static void retrans_sorted(const struct view *v)
{
	CHECK(v->n == 3 && ROW_VAL(v->e[0], RETRANS) == 9 && v->e[1].sport == 40002 &&
	      v->e[2].sport == 40000, "retransmits, most first, then SYN/ACK");
}

static void resets_read(const struct view *v)
{
	CHECK(v->n == 3 && v->e[0].has_direction && v->e[0].has_dport &&
	      !v->e[0].has_sport && v->e[1].has_sport,
	      "resets: DIRECTION read");
}

static void resets_by_service(const struct view *v)
{
	CHECK(v->n == 2 && v->e[0].sport == 22 && v->e[1].dport == 5002 &&
	      ROW_VAL(v->e[1], RST_RECEIVED) == 5 && v->e[1].daddr_len == 0,
	      "resets by service: the peers of 5002 summed, ties local first");
}

static void resets_by_peer(const struct view *v)
{
	CHECK(v->n == 3 && v->e[0].sport == 22 && ROW_VAL(v->e[1], RST_RECEIVED) == 3 &&
	      ROW_VAL(v->e[2], RST_RECEIVED) == 2,
	      "resets by peer: the module's rows, most first");
}

static void lifetimes_read(const struct view *v)
{
	CHECK(v->n == 2 && v->e[0].hist && v->e[0].hist->bucket[10] == 1 &&
	      v->e[0].hist->bucket[11] == 3 && v->e[0].hist->count == 4 &&
	      v->e[1].hist->bucket[0] == 1 && !v->e[1].has_comm,
	      "buckets by type - 1, the pad and type 66 skipped");
}

static void devices_sorted(const struct view *v)
{
	CHECK(v->e[0].ifindex == 2 && v->e[1].ifindex == 3,
	      "devices by index");
}

static void hists_sorted(const struct view *v)
{
	CHECK(!strcmp(v->e[0].hist_name, "srtt_us") &&
	      !strcmp(v->e[1].hist_name, "rx_len") &&
	      !strcmp(v->e[2].hist_name, "new_one"), "hists in their order");
}

static void sockmem_read(const struct view *v)
{
	CHECK(v->n == 4 && v->e[0].has_kind &&
	      v->e[0].kind == TPSTAT_MEM_RECV &&
	      ROW_VAL(v->e[0], MEM_ALLOCATED) == 9000 && ROW_VAL(v->e[0], MEM_LIMIT) == 8192 &&
	      v->e[0].count == 7 && v->e[0].protocol == IPPROTO_TCP,
	      "sockmem entry attributes");
}

/* Export: summed over the family, the figures the larger. */
static void sockmem_prepared(const struct view *v)
{
	CHECK(v->n == 3, "sockmem export rows: %zu", v->n);
}

/* ---- the table ----------------------------------------------------------- */

static const struct view_case views[] = {
	{
		.dump = drops_view, .read = drops_read,
		.arrange = ARRANGE_DROPS, .by = BY_REASON,
		.arranged = drops_by_reason,
		.out = {
			{ OUT_TEXT, MATCH_EXACT, .want = {
				"   COUNT  REASON\n"
				"       8  NO_SOCKET (2)\n"
				"       4  -\n"
				"       4  ? (3)\n"
				"overflow: 3 lost updates (table 5/1024)\n" },
			  .what = "drops by reason, text" },
			{ OUT_JSON, MATCH_EXACT, .want = {
				"{\"schema_version\":1,\"view\":\"drops\",\"by\":\"reason\","
				"\"overflow\":3,\"entries\":5,\"capacity\":1024,\"drops\":["
				"{\"count\":8,\"reason\":\"NO_SOCKET\",\"reason_code\":2,\"loss\":true},"
				"{\"count\":4,\"reason\":null,\"reason_code\":null,\"loss\":null},"
				"{\"count\":4,\"reason\":null,\"reason_code\":3,\"loss\":null}]}\n" },
			  .what = "drops by reason, JSON" },
		},
	}, {
		.dump = drops_view, .arrange = ARRANGE_DROPS,
		.by = BY_LOCATION, .arranged = drops_by_location,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"   COUNT  LOCATION\n"
				"       9  ip_rcv_core+0x1c4/0x2f0\n" },
			  .what = "as dropwatch" },
		},
	}, {
		.dump = drops_view, .arrange = ARRANGE_DROPS,
		.by = BY_LOCATION, .top = 1, .arranged = drops_top_1,
	}, {
		.dump = drops_view, .arrange = ARRANGE_DROPS, .by = BY_DEV,
		.arranged = drops_by_dev,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"   COUNT  DEVICE     NETNS\n",
				"       5  eth0       1\n",
				"       4  -          1\n",
				"       4  ifindex 2  2\n" },
			  .what = "dev names" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":4,\"ifname\":null,\"ifindex\":2,\"netns\":2}",
				"{\"count\":5,\"ifname\":\"eth0\",\"ifindex\":2,\"netns\":1}" },
			  .what = "dev JSON" },
		},
	}, {
		.dump = drops_view, .arrange = ARRANGE_DROPS, .by = BY_NETNS,
		.arranged = drops_by_netns,
	}, {
		/* An empty table: only the overflow line. */
		.dump = drops_empty_view, .arrange = ARRANGE_DROPS,
		.by = BY_REASON,
		.out = {
			{ OUT_TEXT, MATCH_EXACT, .want = {
				"   COUNT  REASON\n"
				"overflow: 0 lost updates (table 0/1024)\n" },
			  .what = "empty: the header and the overflow line" },
		},
	}, {
		.dump = traps_view, .arrange = ARRANGE_DROPS, .by = BY_TRAP,
		.arranged = traps_by_trap,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"   COUNT  TRAP (GROUP) DEVICE\n"
				"       7  vlan_tag_mismatch (l2_drops) pci/0000:01:00.0\n" },
			  .what = "trap text" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"\"view\":\"traps\",\"by\":\"trap\",",
				"{\"count\":1,\"devlink\":\"pci/0000:02:00.0\","
				"\"trap\":\"vlan_tag_mismatch\",\"trap_group\":\"l2_drops\"}" },
			  .what = "trap JSON" },
		},
	}, {
		.dump = retrans_view, .arranged = retrans_sorted,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"LOCAL            REMOTE               NETNS   RETRANS    SYNACK  STATE\n",
				"[fe80::1]:40001  [fe80::1]:5201  4026531840         9         1  CLOSE\n",
				"10.0.0.1:40002   10.0.0.2:5201   4026531840         2         1  99\n",
				"overflow: 0 lost updates (table 3/4096)" },
			  .what = "retrans text" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"family\":\"ipv6\",\"local\":\"fe80::1\",\"local_port\":40001,"
				"\"remote\":\"fe80::1\",\"remote_port\":5201,\"netns\":4026531840,"
				"\"retransmits\":9,\"synack_retransmits\":1,\"state\":\"CLOSE\","
				"\"state_code\":7}",
				"\"state\":null,\"state_code\":99}",
				"\"flows\":[" },
			  .what = "retrans JSON" },
		},
	}, {
		.dump = resets_view, .read = resets_read,
		.arrange = ARRANGE_RESETS, .resets_by = RESETS_BY_SERVICE,
		.arranged = resets_by_service,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"DIRECTION  SERVICE                NETNS      SENT  RECEIVED  REASON\n"
				"passive    local port 22              1         5         0  NO_SOCKET (2)\n"
				"active     remote port 5002           1         0         5  -\n" },
			  .what = "resets text" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"\"view\":\"resets\",\"by\":\"service\",",
				"\"resets\":[{\"direction\":\"passive\",\"port\":22,"
				"\"port_side\":\"local\",\"netns\":1,\"sent\":5,\"received\":0,"
				"\"reason\":\"NO_SOCKET\",\"reason_code\":2},"
				"{\"direction\":\"active\",\"port\":5002,"
				"\"port_side\":\"remote\",\"netns\":1,\"sent\":0,\"received\":5,"
				"\"reason\":null,\"reason_code\":null}]" },
			  .what = "resets JSON" },
		},
		/* A sample per kind that moved, without peers. */
		.prom = {
			.what = "resets exposition, no peers",
			.match = MATCH_ALL, .want = {
				"# TYPE tpstat_tcp_resets_total counter\n"
				"tpstat_tcp_resets_total{kind=\"sent\",direction=\"passive\",port=\"22\",netns=\"1\",netns_cookie=\"\",reason=\"NO_SOCKET\"} 5\n"
				"tpstat_tcp_resets_total{kind=\"received\",direction=\"active\",port=\"5002\",netns=\"1\",netns_cookie=\"\",reason=\"\"} 5\n" },
			.lacks = "192.0.2",
		},
	}, {
		.dump = resets_view, .arrange = ARRANGE_RESETS,
		.resets_by = RESETS_BY_PEER, .arranged = resets_by_peer,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"DIRECTION  SERVICE           PEER            NETNS      SENT  RECEIVED  REASON\n"
				"passive    local port 22     192.0.2.1           1         5         0  NO_SOCKET (2)\n"
				"active     remote port 5002  192.0.2.7           1         0         3  -\n"
				"active     remote port 5002  192.0.2.1           1         0         2  -\n" },
			  .what = "resets --by peer text" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"\"by\":\"peer\",",
				"{\"direction\":\"active\",\"port\":5002,"
				"\"port_side\":\"remote\",\"family\":\"ipv4\",\"remote\":\"192.0.2.7\","
				"\"netns\":1,\"sent\":0,\"received\":3,\"reason\":null,\"reason_code\":null}" },
			  .what = "resets --by peer JSON" },
		},
	}, {
		/* In state number order. */
		.dump = states_view,
		.out = {
			{ OUT_TEXT, MATCH_EXACT, .want = {
				"   COUNT  FROM              TO\n"
				"       3  ESTABLISHED    -> FIN_WAIT1\n"
				"      20  SYN_SENT       -> ESTABLISHED\n"
				"       1  SYN_SENT       -> CLOSE\n"
				"      21  CLOSE          -> SYN_SENT\n"
				"active opens   20\npassive opens  7\nfailed opens   1\n"
				"overflow: 0 lost updates (table 4/196)\n" },
			  .what = "states in state number order" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"\"capacity\":196,\"active_opens\":20,\"passive_opens\":7,"
				"\"failed_opens\":1,\"transitions\":[{\"count\":3,"
				"\"old_state\":\"ESTABLISHED\",\"old_state_code\":1,"
				"\"new_state\":\"FIN_WAIT1\",\"new_state_code\":4}," },
			  .what = "states JSON" },
		},
	}, {
		.dump = lifetimes_view, .read = lifetimes_read,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"active  remote port 22  comm ssh  netns 1: 4 connections, mean 1500.0 usecs\n"
				"     usecs               : count     distribution\n"
				"       512 -> 1023       : 1        |*************                           |\n"
				"      1024 -> 2047       : 3        |****************************************|\n\n",
				"passive  local port 80  netns 1: 1 connection, mean 0.0 usecs\n"
				"     usecs               : count     distribution\n"
				"         0 -> 0          : 1        |",
				"overflow: 7 lost updates (table 2/1024)\n" },
			  .what = "lifetime text" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"\"lifetimes\":[{\"direction\":\"active\",\"port\":22,"
				"\"port_side\":\"remote\",\"comm\":\"ssh\",\"netns\":1,"
				"\"mean\":1500.000,\"count\":4,\"sum\":6000,\"buckets\":[{\"low\":512,",
				"{\"direction\":\"passive\",\"port\":80,"
				"\"port_side\":\"local\",\"comm\":null,\"netns\":1," },
			  .what = "lifetime JSON" },
		},
	}, {
		.dump = devices_view, .arranged = devices_sorted,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"eth0 (ifindex 2, netns 1)\n"
				"    tx: packets 11  bytes 1000  errors 1  timeouts 2\n"
				"    rx: packets 20  bytes 2000  gro 3\n"
				"    napi: polls 4  work 5  budget exhausted 6\n"
				"ifindex 3 (ifindex 3, netns 1)\n" },
			  .what = "devices text" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"\"devices\":[{\"ifname\":\"eth0\",\"ifindex\":2,\"netns\":1,"
				"\"tx_packets\":11,\"tx_bytes\":1000,\"xmit_errors\":1,"
				"\"xmit_timeouts\":2,\"rx_packets\":20,\"rx_bytes\":2000,\"gro\":3,"
				"\"napi_polls\":4,\"napi_work\":5,\"napi_budget_exhausted\":6},",
				"\"ifname\":null" },
			  .what = "devices JSON" },
		},
	}, {
		.dump = hists_view, .arranged = hists_sorted,
		.out = {
			{ OUT_TEXT, MATCH_ALL, .want = {
				"srtt_us: 2 values, mean 2.5 usecs\n"
				"    p50 3 usecs in [2, 4)\n"
				"    p90 3 usecs in [2, 4)\n"
				"    p99 3 usecs in [2, 4)\n"
				"     usecs               : count     distribution\n"
				"         2 -> 3          : 2        |****************************************|\n",
				"rx_len: 2 values, mean 2.5 bytes\n"
				"    p50 3 bytes in [2, 4)\n",
				"new_one: 2 values" },
			  .what = "hists text" },
			{ OUT_TEXT, MATCH_ALL, "rx_len", .want = {
				"rx_len:",
				"overflow: 0 lost updates (table 3/4)" },
			  .lacks = "srtt_us", .what = "hist rx_len" },
			{ OUT_JSON, MATCH_ALL, "rx_len", .want = {
				"\"histograms\":[{\"name\":\"rx_len\",\"unit\":\"bytes\","
				"\"mean\":2.500,\"p50\":{\"estimate\":3,\"lo\":2,\"hi\":4},"
				"\"p90\":{\"estimate\":3,\"lo\":2,\"hi\":4},"
				"\"p99\":{\"estimate\":3,\"lo\":2,\"hi\":4},"
				"\"count\":2,\"sum\":5,\"buckets\":"
				"[{\"low\":2,\"high\":3,\"count\":2}]}]}" },
			  .lacks = "srtt_us", .what = "hist rx_len JSON" },
			{ OUT_TEXT, MATCH_ALL, "xmit_len", .want = {
				"xmit_len: no values\n" },
			  .what = "a known name with no entry" },
		},
	}, {
		.dump = sockmem_view, .ns = INIT_NETNS, .read = sockmem_read,
		.out = {
			{ OUT_TEXT, MATCH_EXACT, .want = {
				"   COUNT  KIND  ALLOCATED  LIMIT  PROTO   PORT  NETNS\n"
				"      40  send        300    256  udp       53  ${ns}\n"
				"       7  recv       9000   8192  tcp     5201  ${ns}\n"
				"       3  recv       9100   8192  tcp6    5201  ${ns}\n"
				"       1  9            10     20  tcp       22  ${ns}\n"
				"overflow: 1 lost updates (table 4/128)\n" },
			  .what = "sockmem text" },
			{ OUT_HUMAN, MATCH_ALL, .want = {
				"recv      37.3M  33.6M  tcp6" },
			  .page_4k = true, .what = "sockmem -h: pages as bytes" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"\"sockmem\":[{\"count\":40,\"kind\":\"send\",\"kind_code\":0,"
				"\"allocated_pages\":300,\"limit_pages\":256,"
				"\"protocol\":\"udp\",\"family\":\"ipv4\",\"port\":53,",
				"{\"count\":1,\"kind\":null,\"kind_code\":9," },
			  .what = "sockmem JSON" },
		},
		.prom = {
			.what = "sockmem exposition",
			.prepared = sockmem_prepared, .match = MATCH_ALL, .want = {
				"# TYPE tpstat_sockmem_events_total counter\n",
				"tpstat_sockmem_events_total{protocol=\"tcp\",port=\"5201\",kind=\"recv\",netns=\"4026531840\",netns_cookie=\"1\"} 10\n",
				"tpstat_sockmem_allocated_pages{protocol=\"tcp\",port=\"5201\",kind=\"recv\",netns=\"4026531840\",netns_cookie=\"1\"} 9100\n",
				"tpstat_sockmem_limit_pages{protocol=\"udp\",port=\"53\",kind=\"send\",netns=\"4026531840\",netns_cookie=\"1\"} 256\n" },
		},
	},
};

/* The views of counts and histograms: no namespace names yet. */
void test_views(void)
{
	run_view_cases(views, ARRAY_SIZE(views));
}
