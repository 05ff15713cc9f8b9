// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat history VIEW: the views intervals of the recorder's dump, which
 * come after the counters' with a sequence of their own (replies.c's
 * routing, recording_views.c), chosen by view and window, and printed
 * as tpstat VIEW prints its rows (recording_views_output.c); and that
 * the counters' history is the same whatever views messages come.
 * "Now" is fixed and TZ is UTC (unit_main.c), so outputs are compared
 * whole.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>

#include "cmd_history.h"
#include "recording.h"
#include "recording_file.h"
#include "recording_output.h"
#include "recording_views.h"
#include "recording_views_output.h"
#include "replies.h"
#include "unit.h"
#include "when.h"

#define S(x) ((uint64_t)(x) * NS_PER_SEC)
/* 2026-12-02T03:00:00Z */
#define T0 S(1796180400)
/* "Now" for the windows: 03:05:00 that day. */
#define NOW ((time_t)1796180700)

/* A views interval: loaded at 03:00:20, so the first is partial. */
struct viv {
	uint64_t seq, start, duration;
	uint32_t flags;
};

static const struct viv iv0 = { 0, T0 + S(20), S(40), TPSTAT_HISTORY_F_PARTIAL };
static const struct viv iv1 = { 1, T0 + S(60), S(60), 0 };

static const uint8_t peer_a[4] = { 192, 0, 2, 1 }, peer_b[4] = { 192, 0, 2, 7 };

/* One views message of the dump: a key of RESETS or DROPS, or a rest. */
struct vmsg {
	const struct viv *iv;
	enum { RESET_KEY, DROP_KEY, REST } what;
	uint32_t view;
	uint8_t dir;
	uint16_t port;
	const uint8_t *peer;
	uint64_t a, b;		/* sent and received; a drop's count; the rest */
};

/* A views message of @iv and @view, the ring having dropped @lost. */
static struct nlmsghdr *views_msg(const struct viv *iv, uint32_t view,
				  uint64_t lost)
{
	struct nlmsghdr *nlh = history_msg_new(iv->seq, iv->start,
					       iv->duration, iv->flags, lost);

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, view);
	return nlh;
}

static struct nlmsghdr *vmsg_build(const struct vmsg *m, uint64_t lost)
{
	struct nlmsghdr *nlh = views_msg(m->iv, m->view, lost);

	switch (m->what) {
	case RESET_KEY:
		put_reset_attrs(nlh, m->dir, m->port, m->peer, m->a, m->b);
		break;
	case DROP_KEY:
		mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
		mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "tcp_v4_rcv+0x88/0x900");
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 2);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, "NO_SOCKET");
		mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, m->a);
		break;
	case REST:
		mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_REST, m->a);
		break;
	}
	return nlh;
}

#define PASSIVE TPSTAT_DIRECTION_PASSIVE
#define ACTIVE TPSTAT_DIRECTION_ACTIVE
#define RESETS TPSTAT_VIEW_RESETS
#define DROPS TPSTAT_VIEW_DROPS

/*
 * The views part of an administrator's dump, in the module's order (by
 * interval, then by view; each view's keys, most moved first, then its
 * rest): drops then resets in the first interval, where two services
 * had resets; resets in the second, where two peers of one service had
 * them, which tpstat resets sums into one row.
 */
static const struct vmsg views_dump[] = {
	{ &iv0, DROP_KEY, DROPS, .a = 9 },
	{ &iv0, REST, DROPS, .a = 0 },
	{ &iv0, RESET_KEY, RESETS, PASSIVE, 22, peer_a, 5, 0 },
	{ &iv0, RESET_KEY, RESETS, ACTIVE, 5002, peer_b, 0, 3 },
	{ &iv0, REST, RESETS, .a = 7 },
	{ &iv1, RESET_KEY, RESETS, ACTIVE, 5002, peer_b, 0, 4 },
	{ &iv1, RESET_KEY, RESETS, ACTIVE, 5002, peer_a, 0, 2 },
	{ &iv1, REST, RESETS, .a = 12 },
};

/* The counters' part: intervals of 10 s, their own seq from 0. */
static const struct {
	uint64_t seq, start;
	const char *name;
	uint64_t value;
} counters_dump[] = {
	{ 0, T0 + S(20), "tcp:tcp_send_reset", 5 },
	{ 0, T0 + S(20), "tcp:tcp_receive_reset", 3 },
	{ 1, T0 + S(30), NULL, 0 },
	{ 4, T0 + S(60), "tcp:tcp_receive_reset", 6 },
	{ 5, T0 + S(70), NULL, 0 },
};

/* The counters' message @i. */
static struct nlmsghdr *counter_msg(size_t i)
{
	struct nlmsghdr *nlh = history_msg_new(counters_dump[i].seq,
					       counters_dump[i].start, S(10),
					       0, 0);

	if (counters_dump[i].name) {
		mnl_attr_put_strz(nlh, TPSTAT_A_COUNTER_NAME,
				  counters_dump[i].name);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNTER_VALUE,
				 counters_dump[i].value);
	}
	return nlh;
}

/* How the two parts arrive. */
enum order {
	COUNTERS_ONLY,		/* an older module: no views message */
	MODULE_ORDER,		/* the counters', then the views' */
	INTERLEAVED,		/* a views message first, then by turns */
};

/*
 * The dump read into @r as read_history() reads it, its views into @vr
 * (NULL: skipped, as tpstat history does), rests only for @admin.
 */
static bool read_mixed(struct recording *r, struct view_recording *vr,
		       enum order order, bool admin)
{
	size_t nc = ARRAY_SIZE(counters_dump), nv = ARRAY_SIZE(views_dump);
	size_t c = 0, v = 0;
	bool ok = true;

	rec_init(r);
	r->interval_s = 10;
	r->views_interval_s = 60;
	r->views = vr;
	/* As --save reads it: each views message kept whole for the file. */
	r->keep_attrs = vr != NULL;
	if (vr) {
		vrec_init(vr);
		vr->interval_s = 60;
	}
	if (order == COUNTERS_ONLY)
		nv = 0;
	while (c < nc || v < nv) {
		bool views = c == nc ||
			     (order == INTERLEAVED && v < nv && v <= c);

		if (!views)
			ok &= history_msg_cb(counter_msg(c++), r) == MNL_CB_OK;
		else if (views_dump[v].what != REST || admin)
			ok &= history_msg_cb(vmsg_build(&views_dump[v++], 0),
					     r) == MNL_CB_OK;
		else
			v++;
	}
	rec_finish(r);
	return ok;
}

static void counters_out(FILE *f, void *arg)
{
	rec_print_intervals(f, arg);
	rec_print_json(f, arg);
}

/* The counters' history, whatever views messages come and wherever. */
static void test_views_routing(void)
{
	struct view_recording vr;
	struct recording r;
	char *want, *s;

	CHECK(read_mixed(&r, NULL, COUNTERS_ONLY, true), "the counters alone");
	want = strdup(capture(counters_out, &r));
	CHECK(strstr(want, "03:00:20  10s\n  tcp:tcp_receive_reset  3\n") &&
	      strstr(want, "03:01:00  10s\n  tcp:tcp_receive_reset  6\n"),
	      "the counters' listing:\n%s", want);
	rec_free(&r);
	for (enum order o = MODULE_ORDER; o <= INTERLEAVED; o++) {
		CHECK(read_mixed(&r, NULL, o, true),
		      "order %d: the views' messages skipped", o);
		s = capture(counters_out, &r);
		CHECK(!strcmp(s, want) && rec_count(&r) == 4,
		      "order %d, views skipped: the counters' output the same:\n%s",
		      o, s);
		rec_free(&r);
		CHECK(read_mixed(&r, &vr, o, true),
		      "order %d: the views' messages read", o);
		s = capture(counters_out, &r);
		CHECK(!strcmp(s, want) && rec_count(&r) == 4,
		      "order %d, views read: the counters' output the same:\n%s",
		      o, s);
		CHECK(vrec_count(&vr) == 3 && vrec_at(&vr, 0)->v.id == DROPS &&
		      vrec_at(&vr, 1)->v.n == 2 && vrec_at(&vr, 1)->rest == 7 &&
		      vrec_at(&vr, 2)->seq == 1 && vrec_at(&vr, 2)->has_rest,
		      "order %d: three views intervals, by interval and view (%zu)",
		      o, vrec_count(&vr));
		vrec_free(&vr);
		rec_free(&r);
	}
	free(want);
}

static void save_out(FILE *f, void *arg)
{
	rec_save(f, arg);
}

/*
 * @r saved, then loaded back into itself as --load reads it, with
 * its views into @vr (NULL: skipped) as tpstat history VIEW readies
 * them: 0, or -1 with the loader's line in @err.
 */
static int save_load(struct recording *r, struct view_recording *vr,
		     char *err, size_t err_len)
{
	char *file = strdup(capture(save_out, r));
	FILE *f = fmemopen(file, strlen(file), "r");
	int ret;

	if (r->views)
		vrec_free(r->views);
	rec_free(r);
	r->views = vr;
	r->keep_attrs = vr != NULL;
	ret = rec_load(f, "h.txt", r, err, err_len);
	if (vr)
		vr->interval_s = r->views_interval_s;
	fclose(f);
	free(file);
	return ret;
}

/* What tpstat history prints of the mixed dump: the words of a case. */
struct vcase {
	const char *words;	/* after "history" */
	bool json, admin;
	bool file;		/* from the dump saved, then loaded */
};

static char vshow_err[256];
static int vshow_ret;

static void vshow_out(FILE *f, void *arg)
{
	const struct vcase *c = arg;
	struct out_opts out = { .json = c->json };
	struct view_recording vr;
	struct history_args a;
	struct recording r;
	const char *words[16];
	char line[128], *w, *next;
	int n = 0;

	snprintf(line, sizeof(line), "%s", c->words);
	for (w = strtok_r(line, " ", &next); w && n < 16;
	     w = strtok_r(NULL, " ", &next))
		words[n++] = w;
	vshow_ret = history_parse(&a, n, words, c->json, NOW, vshow_err,
				  sizeof(vshow_err));
	read_mixed(&r, &vr, MODULE_ORDER, c->admin);
	if (c->file && save_load(&r, &vr, vshow_err, sizeof(vshow_err)))
		vshow_ret = -1;
	if (!vshow_ret && a.view)
		vshow_ret = history_view_show(f, &a, &out, &vr, &a.va);
	vrec_free(&vr);
	rec_free(&r);
}

static const char want_resets[] =
	"views intervals of 1m\n"
	"03:00:20  40s  partial\n"
	"DIRECTION  SERVICE                NETNS      SENT  RECEIVED  REASON\n"
	"passive    local port 22              1         5         0  NO_SOCKET (2)\n"
	"active     remote port 5002           1         0         3  -\n"
	"  (7 more outside these 2 keys)\n"
	"\n"
	"03:01:00  1m\n"
	"DIRECTION  SERVICE                NETNS      SENT  RECEIVED  REASON\n"
	"active     remote port 5002           1         0         6  -\n"
	"  (12 more outside these 2 keys)\n";

static const char want_resets_json[] =
	"{\"schema_version\":1,\"seq\":0,\"start\":\"2026-12-02T03:00:20Z\","
	"\"start_ns\":1796180420000000000,\"duration_ns\":40000000000,"
	"\"flags\":[\"partial\"],\"lost\":0,\"view\":\"resets\",\"rows\":["
	"{\"direction\":\"passive\",\"port\":22,\"port_side\":\"local\","
	"\"netns\":1,\"sent\":5,\"received\":0,\"reason\":\"NO_SOCKET\",\"reason_code\":2},"
	"{\"direction\":\"active\",\"port\":5002,\"port_side\":\"remote\","
	"\"netns\":1,\"sent\":0,\"received\":3,\"reason\":null,\"reason_code\":null}],"
	"\"rest\":7}\n"
	"{\"schema_version\":1,\"seq\":1,\"start\":\"2026-12-02T03:01:00Z\","
	"\"start_ns\":1796180460000000000,\"duration_ns\":60000000000,"
	"\"flags\":[],\"lost\":0,\"view\":\"resets\",\"rows\":["
	"{\"direction\":\"active\",\"port\":5002,\"port_side\":\"remote\","
	"\"netns\":1,\"sent\":0,\"received\":6,\"reason\":null,\"reason_code\":null}],"
	"\"rest\":12}\n";

/* history resets dst 192.0.2.7: one row of two; then peer b's alone. */
static const char want_resets_dst[] =
	"views intervals of 1m\n"
	"03:00:20  40s  partial\n"
	"DIRECTION  SERVICE                NETNS      SENT  RECEIVED  REASON\n"
	"active     remote port 5002           1         0         3  -\n"
	"  (7 more in the whole view outside the 2 keys it kept, selected or not)\n"
	"\n"
	"03:01:00  1m\n"
	"DIRECTION  SERVICE                NETNS      SENT  RECEIVED  REASON\n"
	"active     remote port 5002           1         0         4  -\n"
	"  (12 more in the whole view outside the 2 keys it kept, selected or not)\n";

/* history resets port 22: the second interval has none, not shown. */
static const char want_resets_port[] =
	"views intervals of 1m\n"
	"03:00:20  40s  partial\n"
	"DIRECTION  SERVICE             NETNS      SENT  RECEIVED  REASON\n"
	"passive    local port 22           1         5         0  NO_SOCKET (2)\n"
	"  (7 more in the whole view outside the 2 keys it kept, selected or not)\n";

static const char want_resets_port_json[] =
	"{\"schema_version\":1,\"seq\":0,\"start\":\"2026-12-02T03:00:20Z\","
	"\"start_ns\":1796180420000000000,\"duration_ns\":40000000000,"
	"\"flags\":[\"partial\"],\"lost\":0,\"view\":\"resets\",\"rows\":["
	"{\"direction\":\"passive\",\"port\":22,\"port_side\":\"local\","
	"\"netns\":1,\"sent\":5,\"received\":0,\"reason\":\"NO_SOCKET\",\"reason_code\":2}],"
	"\"rest\":7}\n";

/* history resets --by peer --since 03:01: the two peers, not summed. */
static const char want_resets_peer[] =
	"views intervals of 1m\n"
	"03:01:00  1m\n"
	"DIRECTION  SERVICE           PEER            NETNS      SENT  RECEIVED  REASON\n"
	"active     remote port 5002  192.0.2.7           1         0         4  -\n"
	"active     remote port 5002  192.0.2.1           1         0         2  -\n"
	"  (12 more outside these 2 keys)\n";

/* history resets, text and -j; a reader without the rest; the windows. */
static void test_views_outputs(void)
{
	struct vcase c = { .words = "resets", .admin = true };
	char *s;

	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, want_resets), "history resets:\n%s", s);
	c.json = true;
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, want_resets_json),
	      "history -j resets:\n%s", s);
	for (char *line = strtok(s, "\n"); line; line = strtok(NULL, "\n"))
		CHECK(json_balanced(line), "a whole object a line: %s", line);
	/* Unprivileged: the same keys, no rest. */
	c = (struct vcase){ .words = "resets" };
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strstr(s, "more outside") &&
	      strstr(s, "03:01:00  1m\nDIRECTION") &&
	      strstr(s, "active     remote port 5002           1         0         6  -\n"),
	      "no rest, no line:\n%s", s);
	c.json = true;
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && strstr(s, "\"reason_code\":null}],\"rest\":null}\n") &&
	      !strstr(s, "\"rest\":7") && !strstr(s, "\"rest\":12"),
	      "no rest: null:\n%s", s);
	/* A rest of 0 says nothing moved outside: no line. */
	c = (struct vcase){ .words = "drops", .admin = true };
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && strstr(s, "03:00:20  40s  partial\n") &&
	      strstr(s, "tcp_v4_rcv+0x88/0x900") && !strstr(s, "more outside") &&
	      !strstr(s, "03:01:00"), "drops: one interval, by location:\n%s", s);
	/* The window: the intervals that overlap it. */
	c = (struct vcase){ .words = "resets --since 03:01:30", .admin = true };
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strstr(s, "03:00:20") && strstr(s, "03:01:00  1m\n"),
	      "--since 03:01:30: the second only:\n%s", s);
	c = (struct vcase){ .words = "resets --until 03:01", .admin = true,
			    .json = true };
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && strstr(s, "\"seq\":0,") && !strstr(s, "\"seq\":1,"),
	      "--until 03:01 -j: the first only:\n%s", s);
	/* None: in the recording, or in the window. */
	c = (struct vcase){ .words = "auth", .admin = true };
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, "views intervals of 1m\nno key of auth moved in the recording\n"),
	      "a view without messages:\n%s", s);
	c.json = true;
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, ""), "a view without messages, -j: nothing");
	c = (struct vcase){ .words = "resets --since 2m", .admin = true };
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && strstr(s, "no key of resets moved in that window\n"),
	      "an empty window:\n%s", s);
}

/*
 * The dump's first views message in a file: HISTORY_SEQ 0, START,
 * DURATION, FLAGS PARTIAL, LOST 0, VIEW DROPS, NETNS 1, LOCATION,
 * REASON 2, REASON_NAME, IFINDEX 2, COUNT 9, each number little-endian.
 */
static const char drop_line[] =
	"\nv 0c0053000000000000000000" "0c00540000a89c4e9350ed18"
	"0c00550000902f5009000000" "0800560001000000" "0c0057000000000000000000"
	"0800100000000000" "0800140001000000"
	"1a001c007463705f76345f7263762b307838382f3078393030000000"
	"08001d0002000000" "0e001e004e4f5f534f434b4554000000"
	"08001a0002000000" "0c0026000900000000000000\n";

/*
 * --save then --load: the counters' output and each view's, text and
 * -j, as from the dump; saved again, the same file.
 */
static void test_views_file(void)
{
	static const struct {
		const char *words;
		bool json;
		const char *want;
	} cases[] = {
		{ "resets", false, want_resets },
		{ "resets", true, want_resets_json },
		{ "resets dst 192.0.2.7", false, want_resets_dst },
		{ "resets port 22", true, want_resets_port_json },
		{ "resets --by peer --since 03:01", false, want_resets_peer },
	};
	struct view_recording vr, back;
	struct recording r;
	char err[256] = "", *want, *file, *s;

	read_mixed(&r, NULL, MODULE_ORDER, true);
	want = strdup(capture(counters_out, &r));
	rec_free(&r);
	read_mixed(&r, &vr, MODULE_ORDER, true);
	file = strdup(capture(save_out, &r));
	CHECK(strstr(file, "tpstat-history 2\n") && strstr(file, "\nviews_interval 60\n") &&
	      strstr(file, "\nv ") && strstr(file, "\nend 13\n"),
	      "the file has the views, 8 lines of them:\n%s", file);
	/* Little-endian on every host: a file moves between architectures. */
	CHECK(strstr(file, drop_line), "the first views line, little-endian:\n%s", file);
	CHECK(!save_load(&r, NULL, err, sizeof(err)) &&
	      !strcmp(capture(counters_out, &r), want),
	      "loaded: the counters' output as from the dump: %s", err);
	rec_free(&r);
	read_mixed(&r, &vr, MODULE_ORDER, true);
	vrec_init(&back);
	CHECK(!save_load(&r, &back, err, sizeof(err)) && vrec_count(&back) == 3 &&
	      !strcmp(capture(counters_out, &r), want),
	      "loaded with its views: three views intervals: %s", err);
	s = capture(save_out, &r);
	CHECK(!strcmp(s, file), "saved again: the same file:\n%s", s);
	vrec_free(&back);
	rec_free(&r);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct vcase c = { cases[i].words, cases[i].json, true, true };

		s = capture(vshow_out, &c);
		CHECK(!vshow_ret && !strcmp(s, cases[i].want),
		      "history --load F %s%s: as from the dump (%s):\n%s",
		      cases[i].json ? "-j " : "", cases[i].words, vshow_err, s);
	}
	free(file);
	free(want);
}

/*
 * A bad selector or --by: the one line tpstat VIEW gives for the same
 * words, through cli_parse() both.
 */
static void test_views_same_errors(void)
{
	static const char *const words[] = {
		"resets port abc", "resets dev eth0", "resets drops",
		"resets --by location", "retrans --by peer",
		"drops --by trap port 1", "errors errno EFOO",
		"resets netns a/b",
	};
	char line[96], view_err[256], hist_err[256];
	struct options o;

	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		int vr = parse(words[i], &o, view_err), hr;

		snprintf(line, sizeof(line), "history %s", words[i]);
		hr = parse(line, &o, hist_err);
		CHECK(vr == 2 && hr == 2 && !strcmp(view_err, hist_err) &&
		      !strchr(hist_err, '\n'),
		      "%s: %d '%s', as tpstat %s: %d '%s'", line, hr, hist_err,
		      words[i], vr, view_err);
	}
}

/* The view's rows selected, summed by --by, interval by interval. */
static void test_views_selected(void)
{
	struct vcase c = { .words = "resets dst 192.0.2.7", .admin = true };
	char *s;

	/* One row of two kept in the first; the second sums peer b alone. */
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, want_resets_dst),
	      "history resets dst 192.0.2.7:\n%s", s);
	/* The second has no row of port 22: not shown. */
	c.words = "resets port 22";
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, want_resets_port),
	      "history resets port 22:\n%s", s);
	c.json = true;
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, want_resets_port_json),
	      "history -j resets port 22:\n%s", s);
	/* --by peer: the module's rows, not summed; --by service sums them. */
	c = (struct vcase){ .words = "resets --by peer --since 03:01", .admin = true };
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, want_resets_peer),
	      "history resets --by peer:\n%s", s);
	c.words = "resets --by service --since 03:01 port 5002";
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && strstr(s, "active     remote port 5002           1         0         6  -\n") &&
	      strstr(s, "(12 more in the whole view"),
	      "history resets --by service port 5002: summed:\n%s", s);
	/* None selected anywhere. */
	c.words = "resets port 9";
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, "views intervals of 1m\n"
				    "no key of resets that the selectors choose moved in the recording\n"),
	      "history resets port 9:\n%s", s);
	c.json = true;
	s = capture(vshow_out, &c);
	CHECK(!vshow_ret && !strcmp(s, ""), "history -j resets port 9: nothing:\n%s", s);
}

/* What the ring dropped; an interval of one key; a day apart. */
static void heading_out(FILE *f, void *arg)
{
	static const struct viv later = { 1440, T0 + S(86400), S(60), 0 };
	const struct view_print how = { 0 };
	struct view_args va = { 0 };
	struct view_recording vr;
	struct recording r;
	struct nlmsghdr *nlh;

	(void)arg;
	read_mixed(&r, &vr, MODULE_ORDER, true);
	nlh = views_msg(&later, RESETS, 3);
	put_reset_attrs(nlh, PASSIVE, 443, peer_a, 1, 0);
	history_msg_cb(nlh, &r);
	nlh = views_msg(&later, RESETS, 3);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_REST, 1);
	history_msg_cb(nlh, &r);
	vrec_select(&vr, RESETS, T0 + S(61), UINT64_MAX);
	vrec_arrange(&vr, &va);
	vrec_print_text(f, &vr, &how, RESETS, "that window");
	vrec_free(&vr);
	rec_free(&r);
}

static void test_views_heading(void)
{
	char *s = capture(heading_out, NULL);

	CHECK(!strcmp(s, "views intervals of 1m; the ring dropped 3 older views intervals\n"
		      "2026-12-02 03:01:00  1m\n"
		      "DIRECTION  SERVICE                NETNS      SENT  RECEIVED  REASON\n"
		      "active     remote port 5002           1         0         6  -\n"
		      "  (12 more outside these 2 keys)\n"
		      "\n"
		      "2026-12-03 03:00:00  1m\n"
		      "DIRECTION  SERVICE              NETNS      SENT  RECEIVED  REASON\n"
		      "passive    local port 443           1         1         0  NO_SOCKET (2)\n"
		      "  (1 more outside this key)\n"),
	      "over two days, what the ring dropped, one key:\n%s", s);
}

/* @nlh refused whole: EBADMSG, one line that says @why. */
static void views_refused(struct recording *r, const struct nlmsghdr *nlh,
			  const char *what, const char *why)
{
	struct tpnl nl = { 0 };
	const char *text;

	errno = 0;
	CHECK(history_msg_cb(nlh, r) == MNL_CB_ERROR && errno == EBADMSG,
	      "%s: refused", what);
	text = tpnl_strerror(&nl, -EBADMSG);
	CHECK(strstr(text, why) && !strchr(text, '\n'), "%s: %s", what, text);
}

/* What the module never sends, refused; skipped unread for the counters. */
static void test_views_refused(void)
{
	static const struct viv odd = { 1, T0 + S(61), S(60), 0 };
	struct view_recording vr;
	struct recording r;
	struct nlmsghdr *nlh;

	read_mixed(&r, &vr, MODULE_ORDER, true);
	nlh = views_msg(&iv0, RESETS, 0);
	put_reset_attrs(nlh, PASSIVE, 22, peer_a, 1, 0);
	views_refused(&r, nlh, "an older views interval", "views interval out of order");
	nlh = views_msg(&iv1, DROPS, 0);
	views_refused(&r, nlh, "a lower view in the same interval",
		      "views interval's views out of order");
	nlh = views_msg(&odd, RESETS, 0);
	views_refused(&r, nlh, "another start for seq 1", "disagree on its start");
	nlh = views_msg(&iv1, RESETS, 0);
	put_reset_attrs(nlh, PASSIVE, 22, peer_a, 1, 0);
	views_refused(&r, nlh, "a key after its rest", "after its rest");
	/* A view this tool does not know is a later module's: skipped. */
	nlh = views_msg(&iv1, __TPSTAT_VIEW_CNT, 0);
	CHECK(history_msg_cb(nlh, &r) == MNL_CB_OK, "a view past the last: skipped");
	nlh = views_msg(&iv1, UINT32_MAX, 0);
	CHECK(history_msg_cb(nlh, &r) == MNL_CB_OK, "view 4294967295: skipped");
	nlh = history_msg_new(2, T0 + S(120), S(60), 0, 0);
	mnl_attr_put_u16(nlh, TPSTAT_A_VIEW, RESETS);
	views_refused(&r, nlh, "a view of 2 bytes", "of the wrong length");
	nlh = views_msg(&iv1, TPSTAT_VIEW_DEVICES, 0);
	mnl_attr_put_u32(nlh, TPSTAT_A_HISTORY_REST, 1);
	views_refused(&r, nlh, "a rest of 4 bytes", "of the wrong length");
	nlh = views_msg(&iv1, TPSTAT_VIEW_DEVICES, 0);
	mnl_attr_put_strz(nlh, TPSTAT_A_COUNTER_NAME, "net:net_dev_xmit");
	views_refused(&r, nlh, "a views message with a counter", "a counter's name or value");
	nlh = mnl_nlmsg_put_header(msgbuf);
	mnl_nlmsg_put_extra_header(nlh, sizeof(struct genlmsghdr));
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, RESETS);
	views_refused(&r, nlh, "a view without its interval", "without its seq");
	nlh = views_msg(&iv1, TPSTAT_VIEW_DEVICES, 0);
	mnl_attr_put_u32(nlh, TPSTAT_A_RST_SENT, 1);
	views_refused(&r, nlh, "a key's count of 4 bytes",
		      "a devices view message with an attribute of the wrong length");
	nlh = views_msg(&iv1, TPSTAT_VIEW_DEVICES, 0);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, 1);
	views_refused(&r, nlh, "a table's figures", "first message came twice");
	CHECK(vrec_at(&vr, 1)->v.n == 2 && vrec_at(&vr, 2)->rest == 12,
	      "what was read stays");
	vrec_free(&vr);
	rec_free(&r);
	/* The counters' history reads none of it: as before. */
	read_mixed(&r, NULL, MODULE_ORDER, true);
	nlh = views_msg(&iv1, UINT32_MAX, 0);
	CHECK(history_msg_cb(nlh, &r) == MNL_CB_OK, "counters: an unknown view skipped");
	nlh = history_msg_new(0, T0, S(60), 0, 0);
	mnl_attr_put_u16(nlh, TPSTAT_A_VIEW, RESETS);
	mnl_attr_put_u32(nlh, TPSTAT_A_RST_SENT, 1);
	CHECK(history_msg_cb(nlh, &r) == MNL_CB_OK && rec_count(&r) == 4,
	      "counters: a malformed views message skipped, nothing of it kept");
	rec_free(&r);
}

/* history VIEW's words: a view's name, and what it does not take. */
static void test_views_words(void)
{
	static const struct {
		const char *words;
		bool json;
		const char *view;	/* parsed: this view, or NULL (a glob) */
		const char *err;	/* NULL: parsed */
	} cases[] = {
		{ "resets", false, "resets", NULL },
		{ "resets --since 15m --until 03:04 --intervals", false, "resets", NULL },
		{ "--since 15m sockmem", true, "sockmem", NULL },
		{ "lifetime", false, "lifetimes", NULL },
		{ "reset", false, NULL, NULL },
		{ "resets*", false, NULL, NULL },
		{ "resets --step 1m", false, NULL, "--step is for the counters' history, not a view's" },
		{ "resets --csv", false, NULL, "--csv is for the counters' history" },
		{ "resets --spark", false, NULL, "--spark is for the counters' history" },
		{ "resets --save x", false, NULL, "--save is for the counters' history" },
		{ "drops --load x", false, "drops", NULL },
		{ "resets port 22 --by peer --load -", true, "resets", NULL },
		{ "resets --intervals", true, NULL, "--intervals and --spark are for text" },
		{ "resets port 5001 --since 1h dst 192.0.2.0/24", false, "resets", NULL },
		{ "resets --by peer netns init", true, "resets", NULL },
		{ "drops --by trap", false, "traps", NULL },
		{ "resets drops", false, NULL, "unknown selector 'drops' (src, dst," },
		{ "resets port", false, NULL, "port needs a port or a range" },
		{ "resets dev eth0", false, NULL, "dev is not a selector of resets (its selectors: dst," },
		{ "drops --by trap reason 2", false, NULL, "reason is not a selector of traps" },
		{ "resets --by location", false, NULL, "--by needs service or peer for resets, not 'location'" },
		{ "retrans --by peer", false, NULL, "--by is for drops and resets, not retrans" },
		{ "--by peer", false, NULL, "--by is for drops and resets, not the counters' history" },
		{ "tcp:* --by peer", false, NULL, "--by is for drops and resets, not the counters' history" },
		{ "tcp:* resets", false, NULL, "unexpected argument 'resets'" },
		{ "states", false, NULL, "the flight recorder keeps no history of the states view: it has no keys" },
		{ "hist", false, NULL, "no history of the hists view" },
	};
	struct options o;
	char err[256];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct history_args a;
		const char *words[8];
		char line[128], *w, *next;
		int n = 0, ret;

		snprintf(line, sizeof(line), "%s", cases[i].words);
		for (w = strtok_r(line, " ", &next); w && n < 8;
		     w = strtok_r(NULL, " ", &next))
			words[n++] = w;
		err[0] = '\0';
		ret = history_parse(&a, n, words, cases[i].json, NOW, err,
				    sizeof(err));
		if (cases[i].err)
			CHECK(ret == 2 && strstr(err, cases[i].err) &&
			      !strchr(err, '\n'),
			      "history %s: %d %s", cases[i].words, ret, err);
		else
			CHECK(!ret && (cases[i].view ? a.view &&
				       !strcmp(a.view->name, cases[i].view) :
				       !a.view && a.glob),
			      "history %s: %d %s", cases[i].words, ret, err);
	}
	CHECK(!parse("-j history resets --since 1h", &o, err) &&
	      cmd_of(&o) == CMD_HISTORY && history_parsed()->view &&
	      history_parsed()->view->id == RESETS && history_parsed()->since_ns,
	      "history resets through cli_parse(): %s", err);
	CHECK(!parse("history resets --by peer port 5002 --since 1h", &o, err) &&
	      history_parsed()->va.by == RESETS_BY_PEER &&
	      history_parsed()->sel.n == 1 &&
	      history_parsed()->sel.t[0].key == SEL_PORT,
	      "history resets --by peer port 5002 through cli_parse(): %s", err);
	CHECK(parse("history --since 1h --by peer resets", &o, err) == 0 &&
	      history_parsed()->va.by == RESETS_BY_PEER,
	      "--by before the view: history's own too: %s", err);
	CHECK(parse("history resets --top 3", &o, err) == 2 &&
	      strstr(err, "are for the views, not history"),
	      "--top: the views', not history's: %s", err);
}

void test_history_views(void)
{
	test_views_routing();
	test_views_outputs();
	test_views_heading();
	test_views_refused();
	test_views_words();
	test_views_same_errors();
	test_views_selected();
	test_views_file();
}
