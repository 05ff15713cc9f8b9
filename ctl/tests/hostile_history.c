// SPDX-License-Identifier: GPL-2.0
/*
 * The flight recorder against hostile input: history messages and
 * their views intervals cut short or full of escapes
 * (history_msg_cb()), and history files cut and mangled at every byte
 * (rec_load()).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/genetlink.h>

#include "hostile.h"
#include "output.h"
#include "recording.h"
#include "recording_file.h"
#include "recording_output.h"
#include "recording_views.h"
#include "recording_views_output.h"
#include "replies.h"

/* A GET_HISTORY message of interval @seq: @name NULL for none. */
static struct nlmsghdr *history_msg(uint64_t seq, uint64_t start,
				    uint64_t duration, const char *name,
				    uint64_t value)
{
	struct nlmsghdr *nlh = view_msg();

	((struct genlmsghdr *)mnl_nlmsg_get_payload(nlh))->cmd =
		TPSTAT_CMD_GET_HISTORY;
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_SEQ, seq);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_START, start);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_DURATION, duration);
	mnl_attr_put_u32(nlh, TPSTAT_A_HISTORY_FLAGS, 0xffffffff);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_LOST, UINT64_MAX);
	if (name) {
		mnl_attr_put_strz(nlh, TPSTAT_A_COUNTER_NAME, name);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNTER_VALUE, value);
	}
	return nlh;
}

/* @fn's output of @r, in a buffer of its own. */
static char *history_print(void (*fn)(FILE *f, const struct recording *r),
			   const struct recording *r)
{
	static char out[16384];
	FILE *f;

	memset(out, 0, sizeof(out));
	f = fmemopen(out, sizeof(out) - 1, "w");
	fn(f, r);
	fclose(f);
	return out;
}

static void json_out(FILE *f, const struct recording *r)
{
	rec_print_json(f, r);
}

/*
 * A kernel's worst: names that would drive a terminal or break a CSV
 * line, every flag bit, values and lengths that overflow when summed,
 * a clock set back; refused: a name without its NUL.
 */
void test_history(void)
{
	static const char evil[] = "\x1b]2;pwn\x07,\"x\n\xff";
	uint64_t near_end = UINT64_MAX - 5;
	struct recording r;
	struct nlmsghdr *nlh;
	char *s;

	rec_init(&r);
	r.interval_s = 10;
	CHECK(history_msg_cb(history_msg(1, near_end, UINT64_MAX, evil,
					 UINT64_MAX), &r) == MNL_CB_OK &&
	      history_msg_cb(history_msg(2, 20, UINT64_MAX, evil,
					 UINT64_MAX), &r) == MNL_CB_OK &&
	      history_msg_cb(history_msg(2, 20, UINT64_MAX, evil, 5),
			     &r) == MNL_CB_OK &&
	      history_msg_cb(history_msg(3, 10, 0, "a:b", 1), &r) == MNL_CB_OK &&
	      history_msg_cb(history_msg(5, 21, UINT64_MAX, NULL, 0),
			     &r) == MNL_CB_OK,
	      "escapes, overflows, a clock set back: taken");
	nlh = history_msg(6, 0, 10, NULL, 0);
	mnl_attr_put(nlh, TPSTAT_A_COUNTER_NAME, 3, "abc");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNTER_VALUE, 1);
	errno = 0;
	CHECK(history_msg_cb(nlh, &r) == MNL_CB_ERROR && errno == EBADMSG &&
	      rec_count(&r) == 4, "a name without its NUL: refused");
	rec_finish(&r);
	CHECK(rec_at(&r, 1)->n == 1 &&
	      rec_values(&r, rec_at(&r, 1))[0].value == UINT64_MAX,
	      "a name twice in an interval: summed, to the most a u64 holds");
	s = history_print(rec_print_intervals, &r);
	CHECK(terminal_safe(s) && strstr(s, "\\033]2;pwn\\007,\"x\\012\\377") &&
	      strstr(s, "bit31"), "the intervals' text escaped: %s", s);
	s = history_print(rec_print_csv, &r);
	CHECK(terminal_safe(s) && strstr(s, ",\"\\033]2;pwn\\007,\"\"x\\012\\377\",a:b\n"),
	      "CSV: escaped, quoted: %s", s);
	s = history_print(json_out, &r);
	CHECK(utf8_clean(s) && strstr(s, "\"\\u001b]2;pwn\\u0007,\\\"x\\n\\ufffd\":"),
	      "JSON: escaped: %s", s);
	/* Their ends past the last nanosecond a u64 holds: at its end. */
	rec_select(&r, NULL, near_end + 1, UINT64_MAX);
	CHECK(rec_count(&r) == 3, "a window: the overflowing lengths overlap it (%zu)",
	      rec_count(&r));
	CHECK(rec_auto_step(&r, 1) && !(rec_auto_step(&r, 1) % 10000000000ULL),
	      "a step for one mark, however the clock went: it ends, a multiple");
	rec_rebin(&r, 60 * 1000000000ULL);
	CHECK(rec_count(&r) == 2 && rec_at(&r, 1)->seq == 2 &&
	      rec_at(&r, 1)->duration_ns == UINT64_MAX,
	      "binned: lengths summed to the most a u64 holds");
	rec_free(&r);
}

/* A views message of interval @seq (from @start) and @view: its key to be put. */
static struct nlmsghdr *views_msg(uint64_t seq, uint64_t start, uint32_t view)
{
	struct nlmsghdr *nlh = history_msg(seq, start, UINT64_MAX, NULL, 0);

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, view);
	return nlh;
}

/* The views intervals @vr as text, or JSON (@json), as @how prints them. */
static char *views_print(bool json, const struct view_recording *vr,
			 const struct view_print *how)
{
	static char out[16384];
	FILE *f;

	memset(out, 0, sizeof(out));
	f = fmemopen(out, sizeof(out) - 1, "w");
	if (json)
		vrec_print_json(f, vr, how);
	else
		vrec_print_text(f, vr, how, TPSTAT_VIEW_DROPS, "the recording");
	fclose(f);
	return out;
}

/*
 * The views intervals at their worst: names that would drive a
 * terminal, every flag, the largest counts and rest, a start at the
 * end of time; a view out of range and a message cut anywhere refused
 * in one line, never read past.
 */
void test_history_views(void)
{
	static const char evil[] = "\x1b]2;pwn\x07,\"x\n\xff";
	const struct view_print how = { .by = BY_REASON };
	struct view_args va = { .by = BY_REASON };
	struct tpnl nl = fake_nl();
	struct view_recording vr;
	struct nlmsghdr *nlh;
	struct recording r;
	size_t len, cuts = 0, ok = 0;
	char *s;

	rec_init(&r);
	vrec_init(&vr);
	r.views = &vr;
	nlh = views_msg(1, UINT64_MAX - 5, TPSTAT_VIEW_DROPS);
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, evil);
	mnl_attr_put_u32(nlh, TPSTAT_A_REASON, UINT32_MAX);
	mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, evil);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, UINT64_MAX);
	CHECK(history_msg_cb(nlh, &r) == MNL_CB_OK, "an evil key: taken");
	nlh = views_msg(1, UINT64_MAX - 5, TPSTAT_VIEW_DROPS);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_REST, UINT64_MAX);
	CHECK(history_msg_cb(nlh, &r) == MNL_CB_OK, "the largest rest: taken");
	nlh = views_msg(2, 20, UINT32_MAX);
	CHECK(history_msg_cb(nlh, &r) == MNL_CB_OK,
	      "a view out of range: a later module's, skipped");
	vrec_select(&vr, TPSTAT_VIEW_DROPS, UINT64_MAX - 1, UINT64_MAX);
	vrec_arrange(&vr, &va);
	CHECK(vrec_count(&vr) == 1, "a window at the end of time overlaps it");
	s = views_print(false, &vr, &how);
	CHECK(terminal_safe(s) && strstr(s, "\\033]2;pwn\\007,\"x\\012\\377") &&
	      strstr(s, "bit31") && strstr(s, "(18446744073709551615 more outside this key)"),
	      "the views' text escaped: %s", s);
	s = views_print(true, &vr, &how);
	CHECK(utf8_clean(s) && strstr(s, "\"\\u001b]2;pwn\\u0007,\\\"x\\n\\ufffd\"") &&
	      strstr(s, "\"rest\":18446744073709551615}\n"), "the views' JSON escaped: %s", s);
	vrec_free(&vr);
	rec_free(&r);
	/* A key cut at every byte, as read: refused or read, never past. */
	dgram_len = 0;
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT, TPSTAT_CMD_GET_HISTORY);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_SEQ, 0);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_START, 10);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_DURATION, 10);
	mnl_attr_put_u32(nlh, TPSTAT_A_HISTORY_FLAGS, 0);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_LOST, 0);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, TPSTAT_VIEW_DROPS);
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, evil);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3);
	end_msg(nlh);
	for (len = MNL_NLMSG_HDRLEN + GENL_HDRLEN; len <= dgram_len; len++) {
		char *copy = malloc(len);
		int ret;

		memcpy(copy, dgram, len);
		((struct nlmsghdr *)copy)->nlmsg_len = len;
		rec_init(&r);
		vrec_init(&vr);
		r.views = &vr;
		errno = 0;
		ret = tpnl_parse(&nl, copy, len, OUR_SEQ, history_msg_cb, &r);
		ok += ret == MNL_CB_OK || (ret == MNL_CB_ERROR && errno == EBADMSG);
		cuts++;
		free(copy);
		vrec_free(&vr);
		rec_free(&r);
	}
	CHECK(ok == cuts, "a views message cut at every byte: read or refused (%zu of %zu)",
	      ok, cuts);
}

/*
 * @f into @r as --load reads it, its views lines through the dump's
 * parser into @vr and kept, as for a --save of it: 0, or -1 and @err.
 */
static int load_views(FILE *f, struct recording *r,
		      struct view_recording *vr, char *err, size_t err_len)
{
	rec_init(r);
	vrec_init(vr);
	r->views = vr;
	r->keep_attrs = true;
	return rec_load(f, "h", r, err, err_len);
}

/*
 * A recording's file, with views lines, cut at every byte and mangled
 * at every byte: loaded or refused in one line, never read past.
 */
void test_history_file(void)
{
	static const char mangle[] = { '\0', '\n', ' ', '9', 'x', '\\', '-', 'f' };
	static const char evil[] = "\x1b]2;pwn\x07";
	char file[4096], copy[4096], err[512];
	struct view_recording vr;
	struct recording r;
	struct nlmsghdr *nlh;
	size_t len, refused = 0, cut = 0, tried = 0;
	FILE *f;

	rec_init(&r);
	vrec_init(&vr);
	r.views = &vr;
	r.keep_attrs = true;
	r.interval_s = 10;
	r.views_interval_s = 60;
	history_msg_cb(history_msg(1, 10, 10, "net:net_dev_xmit", 3), &r);
	history_msg_cb(history_msg(1, 10, 10, "we ird\\\x1b", 4), &r);
	history_msg_cb(history_msg(2, 20, 10, NULL, 0), &r);
	nlh = views_msg(0, 10, TPSTAT_VIEW_DROPS);
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, evil);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3);
	history_msg_cb(nlh, &r);
	nlh = views_msg(0, 10, TPSTAT_VIEW_DROPS);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_REST, 5);
	history_msg_cb(nlh, &r);
	rec_finish(&r);
	CHECK(vrec_count(&vr) == 1 && r.attrs.n == 2, "the views read and kept");
	f = fmemopen(file, sizeof(file), "w");
	rec_save(f, &r);
	len = ftell(f);
	fclose(f);
	vrec_free(&vr);
	rec_free(&r);
	CHECK(len < sizeof(file) - 1 && strstr(file, "\nv "), "saved, with its views lines");
	f = fmemopen(file, len, "r");
	CHECK(!load_views(f, &r, &vr, err, sizeof(err)) && vrec_count(&vr) == 1 &&
	      vrec_at(&vr, 0)->rest == 5 && r.attrs.n == 2,
	      "loaded whole: its views as from the dump: %s", err);
	fclose(f);
	vrec_free(&vr);
	rec_free(&r);
	for (size_t n = 0; n < len; n++) {
		f = fmemopen(file, n ? n : 1, "r");
		if (!n)
			fgetc(f);	/* an empty file: fmemopen takes no 0 */
		cut += load_views(f, &r, &vr, err, sizeof(err)) &&
		       !strchr(err, '\n') && !rec_count(&r);
		fclose(f);
		vrec_free(&vr);
		rec_free(&r);
	}
	CHECK(cut == len, "cut at any of its %zu bytes: refused, one line (%zu)",
	      len, cut);
	for (size_t n = 0; n < len; n++) {
		for (size_t k = 0; k < sizeof(mangle); k++) {
			memcpy(copy, file, len);
			copy[n] = mangle[k];
			f = fmemopen(copy, len, "r");
			if (load_views(f, &r, &vr, err, sizeof(err)))
				refused += !strchr(err, '\n') && terminal_safe(err);
			else
				refused++;
			tried++;
			fclose(f);
			vrec_free(&vr);
			rec_free(&r);
		}
	}
	CHECK(refused == tried, "mangled at every byte: loaded or refused in one line (%zu of %zu)",
	      refused, tried);
}
