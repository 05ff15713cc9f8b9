// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat history (cmd_history.c) and what it stands on: the recorder's
 * dump read into a recording (replies.c, recording.c), chosen by GLOB
 * and window, binned by --step, its sparklines, text, CSV and JSON
 * Lines (recording_output.c), its file (recording_file.c), the times
 * users type (when.c), and its words.  "Now" is fixed and TZ is UTC
 * (unit_main.c), so every output is compared whole.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/stat.h>
#include <linux/genetlink.h>

#include "cmd_history.h"
#include "recording.h"
#include "recording_file.h"
#include "recording_output.h"
#include "replies.h"
#include "sparkline.h"
#include "unit.h"
#include "when.h"

#define S(x) ((uint64_t)(x) * NS_PER_SEC)
/* 2026-12-02T03:00:00Z */
#define T0 S(1796180400)
/* "Now" for the windows: 03:05:00 that day. */
#define NOW ((time_t)1796180700)

#define F_PARTIAL TPSTAT_HISTORY_F_PARTIAL
#define F_RESET TPSTAT_HISTORY_F_RESET

/* A message of the dump, as the module sends it: -1 @lost leaves it out. */
struct msg {
	uint64_t seq, start, duration;
	uint32_t flags;
	const char *name;	/* NULL: nothing moved */
	uint64_t value;
};

static struct nlmsghdr *history_msg(const struct msg *m, uint64_t lost)
{
	struct nlmsghdr *nlh = history_msg_new(m->seq, m->start, m->duration,
					       m->flags, lost);

	if (m->name) {
		mnl_attr_put_strz(nlh, TPSTAT_A_COUNTER_NAME, m->name);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNTER_VALUE, m->value);
		mnl_attr_put_u32(nlh, TPSTAT_A_EVENT_ID, 7);
	}
	return nlh;
}

/*
 * The recording the tests read: loaded at 03:00:03.5, so a partial
 * first interval; a reset at 03:00:40; a burst of drops at 03:01:30.
 * Not in name order within an interval, as nothing says it must be.
 */
static const struct msg dump[] = {
	{ 0, T0 + S(3) + 500000000, 6500000000, F_PARTIAL, "net:net_dev_xmit.bytes", 400 },
	{ 0, T0 + S(3) + 500000000, 6500000000, F_PARTIAL, "net:net_dev_xmit", 4 },
	{ 1, T0 + S(10), S(10), 0, "net:net_dev_xmit", 10 },
	{ 2, T0 + S(20), S(10), 0, NULL, 0 },
	{ 3, T0 + S(30), S(10), 0, NULL, 0 },
	{ 4, T0 + S(40), S(10), F_RESET, "tcp:tcp_retransmit_skb", 3 },
	{ 5, T0 + S(50), S(10), 0, "net:net_dev_xmit", 2 },
	{ 6, T0 + S(60), S(10), 0, NULL, 0 },
	{ 7, T0 + S(70), S(10), 0, NULL, 0 },
	{ 8, T0 + S(80), S(10), 0, NULL, 0 },
	{ 9, T0 + S(90), S(10), 0, "skb:kfree_skb", 80 },
	{ 10, T0 + S(100), S(10), 0, NULL, 0 },
	{ 11, T0 + S(110), S(10), 0, NULL, 0 },
	{ 12, T0 + S(120), S(10), 0, "net:net_dev_xmit", 1 },
};

/* The recording of dump[], read as read_history() reads it. */
static void read_dump(struct recording *r)
{
	bool ok = true;

	rec_init(r);
	snprintf(r->version, sizeof(r->version), "0.1.0");
	snprintf(r->kernel, sizeof(r->kernel), "6.12.0");
	r->interval_s = 10;
	for (size_t i = 0; i < ARRAY_SIZE(dump); i++)
		ok &= history_msg_cb(history_msg(&dump[i], 0), r) == MNL_CB_OK;
	rec_finish(r);
	CHECK(ok, "every message of the dump read");
}

/* @nlh is refused whole: EBADMSG, nothing of it in @r. */
static void history_refused(struct recording *r, const struct nlmsghdr *nlh,
			    const char *what)
{
	size_t n_iv = rec_count(r), n_val = r->val.n;

	errno = 0;
	CHECK(history_msg_cb(nlh, r) == MNL_CB_ERROR && errno == EBADMSG &&
	      rec_count(r) == n_iv && r->val.n == n_val,
	      "%s: refused", what);
}

/* The dump: a message per value, grouped into intervals by seq. */
static void test_history_dump(void)
{
	struct msg m = { 20, T0, S(10), 0, "net:net_dev_xmit", 5 };
	struct recording r;
	struct nlmsghdr *nlh;

	read_dump(&r);
	CHECK(rec_count(&r) == 13 && r.val.n == 7,
	      "13 intervals, 7 values (%zu, %zu)", rec_count(&r), r.val.n);
	CHECK(rec_at(&r, 0)->n == 2 && rec_at(&r, 0)->flags == F_PARTIAL &&
	      rec_at(&r, 0)->duration_ns == 6500000000 &&
	      !strcmp(rec_values(&r, rec_at(&r, 0))[0].name, "net:net_dev_xmit") &&
	      rec_values(&r, rec_at(&r, 0))[1].value == 400,
	      "seq 0: its two values, by name");
	CHECK(rec_at(&r, 2)->seq == 2 && !rec_at(&r, 2)->n,
	      "seq 2: an interval in which nothing moved");
	CHECK(rec_value(&r, rec_at(&r, 9), "skb:kfree_skb") == 80 &&
	      !rec_value(&r, rec_at(&r, 9), "net:net_dev_xmit"),
	      "rec_value(): a value, and 0 for one that did not move");
	CHECK(r.since_ns == T0 + S(3) + 500000000 && !r.lost,
	      "since the first interval; nothing lost");
	/* The ring's word on what it dropped: the latest, the largest. */
	CHECK(history_msg_cb(history_msg(&m, 4), &r) == MNL_CB_OK && r.lost == 4,
	      "HISTORY_LOST kept");
	m.seq = 19;
	history_refused(&r, history_msg(&m, 4), "an interval older than the last");
	m.seq = 20;
	m.duration = S(9);
	history_refused(&r, history_msg(&m, 4), "seq 20 again, another length");
	m.duration = S(10);
	m.name = "";
	history_refused(&r, history_msg(&m, 4), "a counter without a name");
	/* A name without its value; no SEQ; a u32 for a u64. */
	nlh = history_msg(&(struct msg){ 21, T0, S(10), 0, NULL, 0 }, 0);
	mnl_attr_put_strz(nlh, TPSTAT_A_COUNTER_NAME, "net:net_dev_xmit");
	history_refused(&r, nlh, "a name without its value");
	nlh = mnl_nlmsg_put_header(msgbuf);
	mnl_nlmsg_put_extra_header(nlh, sizeof(struct genlmsghdr));
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_START, T0);
	history_refused(&r, nlh, "an interval without its seq");
	nlh = history_msg(&(struct msg){ 21, T0, S(10), 0, NULL, 0 }, 0);
	mnl_attr_put_u32(nlh, TPSTAT_A_COUNTER_VALUE, 1);
	history_refused(&r, nlh, "a value of 4 bytes");
	rec_free(&r);
}

/* GLOB as show's: over the event, its name alone, and derived values. */
static void test_history_glob(void)
{
	static const struct {
		const char *glob, *name;
		bool match;
	} cases[] = {
		{ "net:*", "net:net_dev_xmit", true },
		{ "net:*", "net:net_dev_xmit.bytes", true },
		{ "net:net_dev_xmit", "net:net_dev_xmit.bytes", true },
		{ "net:net_dev_xmit", "net:net_dev_xmit_timeout", false },
		{ "net_dev_*", "net:net_dev_xmit", true },
		{ "xmit", "net:net_dev_xmit", false },
		{ "*.bytes", "net:net_dev_xmit.bytes", true },
		{ "*.bytes", "net:net_dev_xmit", false },
		{ "net:net_dev_xmit.bytes", "net:net_dev_xmit", false },
		{ "tcp:*,skb:kfree_skb", "skb:kfree_skb", true },
		{ "tcp:*,skb:kfree_skb", "skb:consume_skb", false },
		{ "tcp:tcp_probe", "tcp:tcp_probe.srtt_us", true },
		{ "sock:*", "sock:inet_sock_set_state.SYN_SENT->ESTABLISHED", true },
		{ "?cp:*", "tcp:tcp_send_reset", true },
	};
	struct recording r;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		CHECK(rec_glob_match(cases[i].glob, cases[i].name) == cases[i].match,
		      "glob %s %s %s", cases[i].glob,
		      cases[i].match ? "matches" : "does not match", cases[i].name);
	CHECK(rec_glob_ok("tcp:*,skb:*") && !rec_glob_ok("tcp:*,") &&
	      !rec_glob_ok(",tcp:*") && !rec_glob_ok("a,,b") && !rec_glob_ok(""),
	      "an empty item refused");
	read_dump(&r);
	rec_select(&r, "net:*", 0, UINT64_MAX);
	CHECK(rec_count(&r) == 13 && r.val.n == 5 && !rec_at(&r, 4)->n &&
	      rec_at(&r, 4)->flags == F_RESET,
	      "net:*: every interval kept, the others' values gone (%zu)", r.val.n);
	rec_free(&r);
}

/* Moments and lengths as typed, against NOW in UTC. */
static void test_history_when(void)
{
	static const struct {
		const char *s;
		int ret;
		uint64_t ns;
	} cases[] = {
		{ "4m", 0, T0 + S(60) },
		{ "90s", 0, T0 + S(210) },
		{ "1h30m", 0, T0 + S(300) - S(5400) },
		{ "1d", 0, T0 + S(300) - S(86400) },
		{ "03:01", 0, T0 + S(60) },
		{ "3:01:30", 0, T0 + S(90) },
		{ "03:05:00", 0, T0 + S(300) },
		/* Later today than now: yesterday's. */
		{ "04:00", 0, T0 + S(3600) - S(86400) },
		{ "2026-12-02T03:00", 0, T0 },
		{ "2026-12-02 03:00:07", 0, T0 + S(7) },
		{ "2026-12-02T03:00:00Z", 0, T0 },
		{ "2026-02-30T03:00", -1, 0 },
		{ "2026-12-02T24:00", -1, 0 },
		{ "2026-12-02", -1, 0 },
		{ "03:60", -1, 0 },
		{ "3", -1, 0 },
		{ "15", -1, 0 },
		{ "0s", -1, 0 },
		{ "5x", -1, 0 },
		{ "-5m", -1, 0 },
		{ "", -1, 0 },
		{ "99999999999999999999s", -1, 0 },
	};
	char buf[WHEN_LEN];
	uint64_t ns;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		int ret = when_parse(cases[i].s, NOW, &ns);

		CHECK(ret == cases[i].ret && (ret || ns == cases[i].ns),
		      "when '%s': %d, %llu", cases[i].s, ret,
		      ret ? 0ULL : (unsigned long long)(ns / NS_PER_SEC));
	}
	CHECK(!when_span("1m", &ns) && ns == S(60) && when_span("1", &ns),
	      "a length says its unit");
	CHECK(!strcmp(when_span_text(S(90), buf, sizeof(buf)), "1m30s") &&
	      !strcmp(when_span_text(S(86400 + 6 * 3600), buf, sizeof(buf)), "1d6h") &&
	      !strcmp(when_span_text(6500000000, buf, sizeof(buf)), "6.5s") &&
	      !strcmp(when_span_text(0, buf, sizeof(buf)), "0s"),
	      "lengths as text");
	CHECK(!strcmp(when_iso(T0 + 250000000, buf, sizeof(buf)),
		      "2026-12-02T03:00:00.25Z") &&
	      !strcmp(when_seconds(56500000000, buf, sizeof(buf)), "56.5") &&
	      !strcmp(when_local(T0 + S(86400), true, buf, sizeof(buf)),
		      "2026-12-03 03:00:00"),
	      "times as text: %s", buf);
}

/* --since and --until: the intervals that overlap the window. */
static void test_history_window(void)
{
	struct recording r;
	uint64_t since, until;

	read_dump(&r);
	/* 03:01:00 to 03:02:00: seq 6 to 11; 5 ends as it opens, 12 starts as it ends. */
	CHECK(!when_parse("4m", NOW, &since) && !when_parse("3m", NOW, &until),
	      "4m and 3m ago");
	rec_select(&r, NULL, since, until);
	CHECK(rec_count(&r) == 6 && rec_at(&r, 0)->seq == 6 &&
	      rec_at(&r, 5)->seq == 11 && r.val.n == 1 &&
	      r.since_ns == T0 + S(3) + 500000000,
	      "4m to 3m ago: seq 6 to 11 (%zu)", rec_count(&r));
	rec_free(&r);
	/* One nanosecond into the partial interval: it overlaps. */
	read_dump(&r);
	rec_select(&r, "net:net_dev_xmit", T0 + S(9), T0 + S(9) + 1);
	CHECK(rec_count(&r) == 1 && rec_at(&r, 0)->seq == 0 && r.val.n == 2,
	      "a window inside an interval: that interval, the event's two values");
	rec_free(&r);
}

/* --step: sums exact, flags OR'ed, lengths summed, on the clock. */
static void test_history_rebin(void)
{
	struct recording r;
	const struct rec_interval *b;

	read_dump(&r);
	CHECK(rec_bins(&r, S(60)) == 3 && rec_bins(&r, S(10)) == 13 &&
	      rec_bins(&r, S(3600)) == 1, "bins of 1m, 10s, 1h");
	rec_rebin(&r, S(60));
	CHECK(rec_count(&r) == 3, "three bins of a minute (%zu)", rec_count(&r));
	b = rec_at(&r, 0);
	CHECK(b->seq == 0 && b->start_ns == T0 + S(3) + 500000000 &&
	      b->duration_ns == 56500000000 &&
	      b->flags == (F_PARTIAL | F_RESET) && b->n == 3 &&
	      rec_value(&r, b, "net:net_dev_xmit") == 16 &&
	      rec_value(&r, b, "net:net_dev_xmit.bytes") == 400 &&
	      rec_value(&r, b, "tcp:tcp_retransmit_skb") == 3,
	      "03:00: seq 0 to 5, from the load, partial and reset, 4+10+2");
	b = rec_at(&r, 1);
	CHECK(b->seq == 6 && b->start_ns == T0 + S(60) &&
	      b->duration_ns == S(60) && !b->flags && b->n == 1 &&
	      rec_value(&r, b, "skb:kfree_skb") == 80, "03:01: a whole minute");
	b = rec_at(&r, 2);
	CHECK(b->seq == 12 && b->start_ns == T0 + S(120) &&
	      b->duration_ns == S(10), "03:02: what there is of it");
	CHECK(!strcmp(r.version, "0.1.0") && r.interval_s == 10,
	      "what the recording is stays");
	rec_free(&r);
	/* The summary's own step: at most so many marks, on the clock. */
	read_dump(&r);
	CHECK(rec_auto_step(&r, 60) == S(10) && rec_auto_step(&r, 5) == S(60) &&
	      rec_auto_step(&r, 2) == S(120) && rec_auto_step(&r, 1) == S(300),
	      "auto steps: 10s, 1m, 2m, 5m");
	r.interval_s = 7;
	CHECK(rec_auto_step(&r, 1) % S(7) == 0, "a multiple of an odd interval");
	rec_free(&r);
}

static void test_history_sparkline(void)
{
	static const double ramp[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	static const double zeros[] = { 0, 0, 0 };
	static const double burst[] = { 0, 0, 5, 0 };
	static const double tiny[] = { 1, 1000, 0.5 };
	char buf[SPARK_SIZE(9)];

	CHECK(!strcmp(sparkline(ramp, 9, buf, sizeof(buf)),
		      " \u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"),
	      "0 to 8: a space, then every mark: '%s'", buf);
	CHECK(!strcmp(sparkline(zeros, 3, buf, sizeof(buf)), "   "),
	      "all zero: spaces");
	CHECK(!strcmp(sparkline(burst, 4, buf, sizeof(buf)), "  \u2588 "),
	      "one burst: a full block alone");
	CHECK(!strcmp(sparkline(tiny, 3, buf, sizeof(buf)),
		      "\u2581\u2588\u2581"),
	      "the least that moved still shows");
	CHECK(!strcmp(sparkline(ramp, 9, buf, SPARK_SIZE(2)), " \u2581"),
	      "cut at a whole mark");
	CHECK(!strcmp(sparkline(ramp, 0, buf, sizeof(buf)), ""), "none");
}

/* What history_show() prints: the options of a case. */
struct show_case {
	const char *words;	/* after "history" */
	bool json, tty;
};

static char show_err[256];
static int show_ret;

static void show_out(FILE *f, void *arg)
{
	const struct show_case *c = arg;
	struct out_opts out = { .json = c->json, .tty = c->tty };
	struct history_args a;
	const char *words[8];
	char line[128], *w, *next;
	struct recording r;
	int n = 0;

	snprintf(line, sizeof(line), "%s", c->words);
	for (w = strtok_r(line, " ", &next); w && n < 8;
	     w = strtok_r(NULL, " ", &next))
		words[n++] = w;
	show_ret = history_parse(&a, n, words, c->json, NOW, show_err,
				 sizeof(show_err));
	read_dump(&r);
	if (!show_ret)
		show_ret = history_show(f, &a, &out, &r, show_err,
					sizeof(show_err));
	rec_free(&r);
}

static const char want_intervals[] =
	"recorded since 2026-12-02 03:00:03, intervals of 10s\n"
	"03:00:03  6.5s  partial\n"
	"  net:net_dev_xmit          4\n"
	"  net:net_dev_xmit.bytes  400\n"
	"03:00:10  10s\n"
	"  net:net_dev_xmit         10\n"
	"03:00:20  20s  nothing moved\n"
	"03:00:40  10s  reset\n"
	"  tcp:tcp_retransmit_skb    3\n"
	"03:00:50  10s\n"
	"  net:net_dev_xmit          2\n"
	"03:01:00  30s  nothing moved\n"
	"03:01:30  10s\n"
	"  skb:kfree_skb            80\n"
	"03:01:40  20s  nothing moved\n"
	"03:02:00  10s\n"
	"  net:net_dev_xmit          1\n";

static const char want_summary[] =
	"recorded since 2026-12-02 03:00:03, intervals of 10s\n"
	"03:00:03 to 03:02:10, a mark per 10s, each line against its own peak\n"
	"counter                 total    peak/s  at        rate\n"
	"net:net_dev_xmit           17       1.0  03:00:10  "
	"\u2585\u2588   \u2582      \u2581\n"
	"net:net_dev_xmit.bytes    400      61.5  03:00:03  "
	"\u2588            \n"
	"skb:kfree_skb              80       8.0  03:01:30  "
	"         \u2588   \n"
	"tcp:tcp_retransmit_skb      3       0.3  03:00:40  "
	"    \u2588        \n";

static const char want_csv[] =
	"start,duration_s,flags,net:net_dev_xmit,net:net_dev_xmit.bytes,skb:kfree_skb,tcp:tcp_retransmit_skb\n"
	"2026-12-02T03:00:03.5Z,56.5,partial|reset,16,400,0,3\n"
	"2026-12-02T03:01:00Z,60,,0,0,80,0\n"
	"2026-12-02T03:02:00Z,10,,1,0,0,0\n";

static const char want_json[] =
	"{\"schema_version\":1,\"seq\":0,\"start\":\"2026-12-02T03:00:03.5Z\","
	"\"start_ns\":1796180403500000000,\"duration_ns\":56500000000,"
	"\"flags\":[\"partial\",\"reset\"],\"lost\":0,\"values\":"
	"{\"net:net_dev_xmit\":16,\"net:net_dev_xmit.bytes\":400,"
	"\"tcp:tcp_retransmit_skb\":3}}\n"
	"{\"schema_version\":1,\"seq\":6,\"start\":\"2026-12-02T03:01:00Z\","
	"\"start_ns\":1796180460000000000,\"duration_ns\":60000000000,"
	"\"flags\":[],\"lost\":0,\"values\":{\"skb:kfree_skb\":80}}\n"
	"{\"schema_version\":1,\"seq\":12,\"start\":\"2026-12-02T03:02:00Z\","
	"\"start_ns\":1796180520000000000,\"duration_ns\":10000000000,"
	"\"flags\":[],\"lost\":0,\"values\":{\"net:net_dev_xmit\":1}}\n";

/* Every output of one recording, whole. */
static void test_history_outputs(void)
{
	struct show_case c = { .words = "" };
	char *s;

	s = capture(show_out, &c);
	CHECK(!show_ret && !strcmp(s, want_intervals),
	      "piped: the intervals:\n%s", s);
	c.tty = true;
	s = capture(show_out, &c);
	CHECK(!show_ret && !strcmp(s, want_summary),
	      "on a terminal: the summary:\n%s", s);
	c = (struct show_case){ .words = "--spark" };
	s = capture(show_out, &c);
	CHECK(!show_ret && !strcmp(s, want_summary), "--spark piped too");
	c = (struct show_case){ .words = "--intervals", .tty = true };
	s = capture(show_out, &c);
	CHECK(!show_ret && !strcmp(s, want_intervals),
	      "--intervals on a terminal");
	c = (struct show_case){ .words = "--csv --step 1m" };
	s = capture(show_out, &c);
	CHECK(!show_ret && !strcmp(s, want_csv), "CSV by the minute:\n%s", s);
	c = (struct show_case){ .words = "--step 1m", .json = true };
	s = capture(show_out, &c);
	CHECK(!show_ret && !strcmp(s, want_json), "JSON Lines by the minute:\n%s", s);
	for (char *line = strtok(s, "\n"); line; line = strtok(NULL, "\n"))
		CHECK(json_balanced(line), "a whole object a line: %s", line);
	c = (struct show_case){ .words = "skb:* --spark --step 1m" };
	s = capture(show_out, &c);
	CHECK(!show_ret && strstr(s, "a mark per 1m,") &&
	      strstr(s, "skb:kfree_skb     80       1.3  03:01:00   \u2588 \n") &&
	      !strstr(s, "net:"), "one counter, by the minute:\n%s", s);
	/* One bin: no series to draw, so its listing, even on a terminal. */
	c = (struct show_case){ .words = "--since 2026-12-02T03:01:31 --until 03:01:32",
				.tty = true };
	s = capture(show_out, &c);
	CHECK(!show_ret && strstr(s, "03:01:30  10s\n  skb:kfree_skb  80\n"),
	      "one bin on a terminal: listed:\n%s", s);
	c = (struct show_case){ .words = "--since 1m" };
	s = capture(show_out, &c);
	CHECK(!show_ret && strstr(s, "no interval in that window\n"),
	      "an empty window says so:\n%s", s);
	c = (struct show_case){ .words = "--since 1m --csv" };
	s = capture(show_out, &c);
	CHECK(!show_ret && !strcmp(s, "start,duration_s,flags\n"),
	      "an empty window's CSV: the header");
	c = (struct show_case){ .words = "--step 45s" };
	capture(show_out, &c);
	CHECK(show_ret == 2 && strstr(show_err, "--step 45s") &&
	      strstr(show_err, "intervals of 10s"),
	      "--step not a multiple of the interval: %s", show_err);
}

/* The heading: the date where the bins span days, what the ring dropped. */
static void heading_out(FILE *f, void *arg)
{
	struct recording r;
	struct msg m = { 8640, T0 + S(86400), S(10), 0, "net:net_dev_xmit", 9 };

	read_dump(&r);
	(void)arg;
	history_msg_cb(history_msg(&m, 3), &r);
	rec_finish(&r);
	rec_select(&r, NULL, T0 + S(100), UINT64_MAX);
	rec_print_intervals(f, &r);
	rec_free(&r);
}

static void test_history_heading(void)
{
	char *s = capture(heading_out, NULL);

	CHECK(!strcmp(s, "recorded since 2026-12-02 03:00:03, intervals of 10s; the ring dropped 3 older intervals\n"
		      "2026-12-02 03:01:40  20s  nothing moved\n"
		      "2026-12-02 03:02:00  10s\n"
		      "  net:net_dev_xmit  1\n"
		      "2026-12-03 03:00:00  10s\n"
		      "  net:net_dev_xmit  9\n"),
	      "over two days, with dates:\n%s", s);
}

/* Whether @a and @b hold the same recording. */
static bool same(const struct recording *a, const struct recording *b)
{
	if (strcmp(a->version, b->version) || strcmp(a->kernel, b->kernel) ||
	    a->interval_s != b->interval_s || a->lost != b->lost ||
	    a->since_ns != b->since_ns || rec_count(a) != rec_count(b) ||
	    a->val.n != b->val.n)
		return false;
	for (size_t i = 0; i < rec_count(a); i++) {
		const struct rec_interval *x = rec_at(a, i), *y = rec_at(b, i);

		if (x->seq != y->seq || x->start_ns != y->start_ns ||
		    x->duration_ns != y->duration_ns || x->flags != y->flags ||
		    x->n != y->n)
			return false;
		for (size_t k = 0; k < x->n; k++)
			if (strcmp(rec_values(a, x)[k].name, rec_values(b, y)[k].name) ||
			    rec_values(a, x)[k].value != rec_values(b, y)[k].value)
				return false;
	}
	return true;
}

/* rec_load() of @text (@len bytes): 0, or -1 and the error in @err. */
static int load_text(const char *text, size_t len, struct recording *r,
		     char *err, size_t err_len)
{
	FILE *f = fmemopen((void *)text, len, "r");
	int ret;

	rec_init(r);
	ret = rec_load(f, "h.txt", r, err, err_len);
	fclose(f);
	return ret;
}

static void save_out(FILE *f, void *arg)
{
	rec_save(f, arg);
}

/* Saved, then loaded: the same recording, byte for byte the same file. */
static void test_history_roundtrip(void)
{
	struct msg odd = { 13, T0 + S(130), S(10), 1U << 9,
			   "odd:na me\n\\\"\xc3\xa9", 18446744073709551615ULL };
	struct recording r, back;
	char err[256] = "", *first;
	int ret;

	read_dump(&r);
	snprintf(r.kernel, sizeof(r.kernel), "6.12.0 #1 SMP\t\\");
	r.lost = 5;
	history_msg_cb(history_msg(&odd, 5), &r);
	rec_finish(&r);
	first = strdup(capture(save_out, &r));
	CHECK(!strncmp(first, "tpstat-history 2\n", 17) &&
	      strstr(first, "\nkernel 6.12.0 #1 SMP\\011\\134\n") &&
	      strstr(first, "\n2 1796180420000000000 10000000000 0\n") &&
	      strstr(first, "\n0 1796180403500000000 6500000000 1 4 net:net_dev_xmit\n") &&
	      strstr(first, "\nend 15\n"), "the file:\n%s", first);
	ret = load_text(first, strlen(first), &back, err, sizeof(err));
	CHECK(!ret && same(&r, &back), "loaded back the same: %s", err);
	CHECK(!strcmp(capture(save_out, &back), first), "saved again the same");
	rec_free(&back);
	rec_free(&r);
	free(first);
}

/* A file that is not whole, or not one: one line, with its number. */
static void test_history_load_errors(void)
{
	static const struct {
		const char *text;
		size_t len;	/* 0: strlen */
		const char *err;
	} cases[] = {
		{ "", 0, "h.txt is empty: not a tpstat history file" },
		{ "hello\n", 0, "h.txt is not a tpstat history file (its first line is not 'tpstat-history 2')" },
		{ "tpstat-history 3\ninterval 10\nend 0\n", 0,
		  "h.txt is a version 3 history file; this tool reads versions 1 to 2 (a newer tpstat wrote it)" },
		/* A views line: hex, then what the dump's parser takes. */
		{ "tpstat-history 2\ninterval 10\nv 0a0\nend 1\n", 0,
		  "h.txt: line 3: a views line's hex has an odd number of digits" },
		{ "tpstat-history 2\ninterval 10\n1 2 3 0\nv 0g\nend 2\n", 0,
		  "h.txt: line 4: a views line with a character that is not a hex digit" },
		{ "tpstat-history 2\ninterval 10\nv 08000100\nend 1\n", 0,
		  "h.txt: line 3: an attribute runs past its message, or is shorter than its header" },
		{ "tpstat-history 2\ninterval 10\nv 0c0001000100000000000000\nend 1\n", 0,
		  "h.txt: line 3: a views line without a view" },
		{ "tpstat-history 2\ninterval 10\nfeatures x\nend 0\n", 0,
		  "h.txt: line 3: not a number (at most 4294967295)" },
		{ "tpstat-history x\n", 0, "h.txt: line 1: malformed: not tpstat-history VERSION" },
		{ "tpstat-history 1\ninterval 10\n1 2 3\nend 0\n", 0,
		  "h.txt: line 3: malformed: not SEQ START_NS DURATION_NS FLAGS [VALUE NAME]" },
		{ "tpstat-history 1\ninterval 10\n1 2 3 0 5\nend 1\n", 0,
		  "h.txt: line 3: malformed: not SEQ START_NS DURATION_NS FLAGS [VALUE NAME]" },
		{ "tpstat-history 1\ninterval 10\n1 2 3 4294967296\nend 1\n", 0,
		  "h.txt: line 3: malformed: not SEQ START_NS DURATION_NS FLAGS [VALUE NAME]" },
		{ "tpstat-history 1\ninterval 10\n1 2 3 0\n", 0,
		  "h.txt is cut short: it ends at line 3, before its end line" },
		{ "tpstat-history 1\ninterval 10\n1 2 3 0", 0,
		  "h.txt: line 3: cut short: the file ends inside it" },
		{ "tpstat-history 1\n\0\n", 20, "h.txt: line 2: a NUL byte" },
		{ "tpstat-history 1\ninterval 10\n1 2 3 0\nend 2\n", 0,
		  "h.txt: line 4: the end line's count is not the number of lines of intervals before it" },
		{ "tpstat-history 1\ninterval 10\nend 0\nlost 1\n", 0,
		  "h.txt: line 4: after the end line" },
		{ "tpstat-history 1\n1 2 3 0\nend 1\n", 0, "h.txt has no interval line" },
		{ "tpstat-history 1\ninterval 0\nend 0\n", 0,
		  "h.txt: line 2: not a number of seconds above 0" },
		{ "tpstat-history 1\ninterval 10\n5 2 3 0\n4 2 3 0\nend 2\n", 0,
		  "h.txt: line 4: an interval out of order (the oldest come first)" },
		{ "tpstat-history 1\ninterval 10\n1 2 3 0 1 a\\9\nend 1\n", 0,
		  "h.txt: line 3: a counter's name too long, or with a malformed escape" },
		{ "tpstat-history 1\ninterval 10\n Z\nend 0\n", 0,
		  "h.txt: line 3: malformed: neither KEY VALUE nor an interval's line" },
	};
	char err[256], longline[REC_FILE_LINE_MAX + 64];
	struct recording r;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);

		err[0] = '\0';
		CHECK(load_text(cases[i].text, len, &r, err, sizeof(err)) &&
		      !strcmp(err, cases[i].err) && !rec_count(&r),
		      "load error %zu: '%s'", i, err);
	}
	snprintf(longline, sizeof(longline), "tpstat-history 1\n# %0*d\n",
		 REC_FILE_LINE_MAX, 0);
	CHECK(load_text(longline, strlen(longline), &r, err, sizeof(err)) &&
	      !strcmp(err, "h.txt: line 2: too long"), "a line too long: %s", err);
	/* A key this version does not know is a later writer's: skipped. */
	snprintf(longline, sizeof(longline), "%s",
		 "tpstat-history 1\n# x\ncolour blue\ninterval 10\n0 5 6 0\nend 1\n");
	CHECK(!load_text(longline, strlen(longline), &r, err, sizeof(err)) &&
	      rec_count(&r) == 1,
	      "an unknown key skipped: %s", err);
	rec_free(&r);
	/* Version 1: no views; a v line there an unknown key, not counted. */
	snprintf(longline, sizeof(longline), "%s",
		 "tpstat-history 1\ninterval 10\n0 5 6 0 3 a:b\nv zz\nend 1\n");
	CHECK(!load_text(longline, strlen(longline), &r, err, sizeof(err)) &&
	      rec_count(&r) == 1 && rec_value(&r, rec_at(&r, 0), "a:b") == 3 &&
	      !r.views_interval_s && !r.attrs.n,
	      "a version 1 file loads: %s", err);
	rec_free(&r);
}

static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.' || (e->d_name[1] && strcmp(e->d_name, ".."));
	if (d)
		closedir(d);
	return n;
}

/* --save's file: whole, 0644, never through a link; --load's. */
static void test_history_files(void)
{
	char dir[] = "/tmp/tpstat-unit-XXXXXX", path[256], link[256];
	char err[320] = "";
	struct recording r, back;
	struct stat st;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/h.txt", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	read_dump(&r);
	CHECK(!rec_save_file(path, &r, err, sizeof(err)) && !stat(path, &st) &&
	      (st.st_mode & 0777) == 0644 && entries(dir) == 1,
	      "saved: mode 0644, no temporary file left: %s", err);
	rec_init(&back);
	CHECK(!rec_load_file(path, &back, err, sizeof(err)) && same(&r, &back),
	      "loaded from the file: %s", err);
	rec_free(&back);
	CHECK(!symlink(path, link), "symlink");
	CHECK(rec_save_file(link, &r, err, sizeof(err)) && strstr(err, "not a regular file") &&
	      !lstat(link, &st) && S_ISLNK(st.st_mode),
	      "a symbolic link is refused, left as it is: %s", err);
	CHECK(rec_save_file(dir, &r, err, sizeof(err)), "a directory is refused");
	CHECK(rec_load_file(link, &back, err, sizeof(err)) == 0, "--load reads through a link");
	rec_free(&back);
	unlink(link);
	unlink(path);
	rmdir(dir);
	CHECK(rec_load_file(path, &back, err, sizeof(err)) && strstr(err, "cannot read") &&
	      strstr(err, "No such file"), "a missing file: %s", err);
	CHECK(rec_save_file(path, &r, err, sizeof(err)) && strstr(err, dir),
	      "a missing directory: %s", err);
	rec_free(&r);
}

/* history's words: its own options, handed by cli.c, and their errors. */
static void test_history_words(void)
{
	static const struct {
		const char *words;
		bool json;
		const char *err;	/* NULL: parsed */
	} cases[] = {
		{ "tcp:* --since 15m --until 03:04 --step 1m --intervals", false, NULL },
		{ "--csv --load x", false, NULL },
		{ "--save -", false, NULL },
		{ "--save x --load y", false, NULL },
		{ "--csv", true, "--csv and -j are two formats" },
		{ "--intervals --spark", false, "--intervals and --spark are two ways" },
		{ "--spark", true, "--intervals and --spark are for text, not -j or --csv" },
		{ "--since 1m --until 2m", false, "--until is not after --since" },
		{ "--since 03:00 --until 03:00", false, "--until is not after --since" },
		{ "--since yesterday", false, "--since takes HH:MM[:SS], YYYY-MM-DDTHH:MM[:SS] or a time back from now (90s, 15m, 2h, 1d), not 'yesterday'" },
		{ "--until", false, "--until needs HH:MM[:SS]" },
		{ "--step 90", false, "--step takes a length on the clock (30s, 1m, 1h), not '90'" },
		{ "--step", false, "--step needs a length" },
		{ "--save", false, "--save needs a FILE" },
		{ "--save x tcp:*", false, "--save writes the whole recording" },
		{ "--save x", true, "--save writes the whole recording" },
		{ "--save x --step 1m", false, "--save writes the whole recording" },
		{ "--save x --until 1m", false, "--save writes the whole recording" },
		{ "tcp:* skb:*", false, "unexpected argument 'skb:*'" },
		{ "tcp:*,,skb:*", false, "an empty glob in 'tcp:*,,skb:*'" },
		{ "--frob", false, "unknown option '--frob'" },
	};
	const struct history_args *a;
	struct options o;
	char err[256];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct show_case c = { cases[i].words, cases[i].json, false };
		struct history_args args;
		const char *words[8];
		char line[128], *w, *next;
		int n = 0, ret;

		snprintf(line, sizeof(line), "%s", c.words);
		for (w = strtok_r(line, " ", &next); w && n < 8;
		     w = strtok_r(NULL, " ", &next))
			words[n++] = w;
		err[0] = '\0';
		ret = history_parse(&args, n, words, c.json, NOW, err, sizeof(err));
		CHECK(cases[i].err ? ret == 2 && strstr(err, cases[i].err) : !ret,
		      "history %s: %d %s", cases[i].words, ret, err);
	}
	/* Through the command line: its options after its word only. */
	CHECK(!parse("history tcp:* --since 15m --csv --step 1m", &o, err) &&
	      cmd_of(&o) == CMD_HISTORY && (a = history_parsed()) &&
	      !strcmp(a->glob, "tcp:*") && a->csv && a->step_ns == S(60) &&
	      a->since_ns && a->until_ns == UINT64_MAX,
	      "history's words through cli_parse(): %s", err);
	CHECK(!parse("-j history --load - --since 1h", &o, err) && o.json &&
	      !strcmp(history_parsed()->load, "-"), "--load -: %s", err);
	CHECK(parse("--since 1h history", &o, err) == 2 &&
	      strstr(err, "unknown option '--since'"), "before the command: %s", err);
	CHECK(parse("show --since 1h", &o, err) == 2 &&
	      strstr(err, "unknown option '--since'"), "another command's: %s", err);
	CHECK(parse("history -z", &o, err) == 2 && strstr(err, "-z is for show"),
	      "-z is not history's: %s", err);
	CHECK(!parse("history --help", &o, err) && help_of(&o) == CMD_HISTORY,
	      "history --help");
	CHECK(parse("history --step", &o, err) == 2 && strstr(err, "--step needs"),
	      "a missing value, at the end: %s", err);
}

void test_history_cmd(void)
{
	test_history_dump();
	test_history_glob();
	test_history_when();
	test_history_window();
	test_history_rebin();
	test_history_sparkline();
	test_history_outputs();
	test_history_heading();
	test_history_roundtrip();
	test_history_load_errors();
	test_history_files();
	test_history_words();
}
