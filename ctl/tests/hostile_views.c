// SPDX-License-Identifier: GPL-2.0
/*
 * A view's messages that break what its first message announced, or
 * its own attributes' sizes (view_msg_cb()), and alerts malformed or
 * full of escapes (alert_parse(), alert_print()).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>

#include "alert.h"
#include "alert_output.h"
#include "hostile.h"
#include "output.h"

/* @nlh is refused whole, and @v keeps what it had. */
static void view_refuses(struct view *v, const struct nlmsghdr *nlh,
			 const char *what)
{
	size_t n = v->n;
	struct nlmsghdr *copy = malloc(nlh->nlmsg_len);
	int ret, err;

	/* Exactly as long as it says, as parse() does. */
	memcpy(copy, nlh, nlh->nlmsg_len);
	errno = 0;
	ret = view_msg_cb(copy, v);
	err = errno;
	free(copy);
	errno = err;
	CHECK(ret == MNL_CB_ERROR && errno == EBADMSG && v->n == n,
	      "%s: refused (%d, %s, %zu entries)", what, ret, strerror(errno),
	      v->n);
}

void test_view_limits(void)
{
	struct view v = { .id = TPSTAT_VIEW_DROPS };
	struct nlmsghdr *nlh;
	struct nlattr *a;
	int ret = 0;

	/* More entries than announced. */
	CHECK(view_header(&v, 2, 2) == MNL_CB_OK, "header 2/2");
	CHECK(drop_entry(&v, "a", 1) == MNL_CB_OK &&
	      drop_entry(&v, "b", 1) == MNL_CB_OK, "2 entries");
	errno = 0;
	ret = drop_entry(&v, "c", 1);
	CHECK(ret == MNL_CB_ERROR && errno == EBADMSG && v.n == 2 &&
	      v.cap <= 64, "a third is refused: %d, %zu entries", ret, v.n);
	CHECK(strstr(tpnl_strerror(&(struct tpnl){ 0 }, -EBADMSG),
		     "more entries than the 2 the drops view's first message announced"),
	      "and says so: %s", tpnl_strerror(&(struct tpnl){ 0 }, -EBADMSG));
	view_free(&v);

	/* Past the capacity by a few (concurrent inserters): as ENTRIES says. */
	memset(&v, 0, sizeof(v));
	v.id = TPSTAT_VIEW_DROPS;
	view_header(&v, 4, 2);
	ret = MNL_CB_OK;
	for (int i = 0; i < 4; i++)
		ret |= drop_entry(&v, "x", 1);
	CHECK(ret == MNL_CB_OK && v.n == 4, "ENTRIES 4 over CAPACITY 2: 4 read");
	CHECK(drop_entry(&v, "y", 1) == MNL_CB_ERROR && v.n == 4,
	      "a fifth is not");
	view_free(&v);

	/* Huge announced figures reserve a bounded number of rows ahead. */
	memset(&v, 0, sizeof(v));
	v.id = TPSTAT_VIEW_DROPS;
	CHECK(view_header(&v, 0xffffffffu, 0xffffffffu) == MNL_CB_OK,
	      "header 4294967295/4294967295");
	for (int i = 0; i < 3; i++)
		drop_entry(&v, "z", 0xffffffffffffffffULL);
	CHECK(v.n == 3 && v.cap == 1U << 17 && v.capacity == 0xffffffffu,
	      "reserved up to 131072 rows: %zu of %zu", v.n, v.cap);
	drops_aggregate(&v, BY_LOCATION, 0);
	CHECK(v.n == 1, "huge counts sum (wrapping, but no fault): %zu", v.n);
	view_free(&v);

	/* The header twice; without its capacity; an entry before it. */
	memset(&v, 0, sizeof(v));
	v.id = TPSTAT_VIEW_DROPS;
	nlh = view_msg();
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "early");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	view_refuses(&v, nlh, "an entry before the header");
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 1);
	view_refuses(&v, nlh, "a header without CAPACITY");
	CHECK(!v.have_header, "... is no header");
	view_header(&v, 5, 10);
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, 1000000);
	view_refuses(&v, nlh, "a second header");
	CHECK(v.entries == 5 && v.capacity == 10,
	      "... changes nothing: %u/%u", v.entries, v.capacity);

	/* Strings without their NUL, wrong lengths, attributes cut short. */
	nlh = view_msg();
	mnl_attr_put(nlh, TPSTAT_A_LOCATION, 4, "abcd");
	view_refuses(&v, nlh, "an unterminated location");
	nlh = view_msg();
	mnl_attr_put(nlh, TPSTAT_A_COMM, 0, NULL);
	view_refuses(&v, nlh, "an empty comm (no NUL)");
	nlh = view_msg();
	mnl_attr_put_u16(nlh, TPSTAT_A_NETNS, 1);
	view_refuses(&v, nlh, "a u16 netns");
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_COUNT, 1);
	view_refuses(&v, nlh, "a u32 count");
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, 1);
	a = (struct nlattr *)mnl_nlmsg_get_payload_tail(nlh);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	a->nla_len = 200;	/* past the message */
	view_refuses(&v, nlh, "an attribute past the message");
	/* A histogram whose nest holds a cut attribute, or a short bucket. */
	nlh = view_msg();
	{
		struct nlattr *nest = mnl_attr_nest_start(nlh, TPSTAT_A_HIST_BUCKETS);

		a = (struct nlattr *)mnl_nlmsg_get_payload_tail(nlh);
		mnl_attr_put_u64(nlh, 1, 5);
		mnl_attr_nest_end(nlh, nest);
		a->nla_len = 40;	/* past its nest */
	}
	view_refuses(&v, nlh, "a bucket past its nest");
	nlh = view_msg();
	{
		struct nlattr *nest = mnl_attr_nest_start(nlh, TPSTAT_A_HIST_BUCKETS);

		mnl_attr_put_u32(nlh, 3, 5);	/* u64 wanted */
		mnl_attr_nest_end(nlh, nest);
	}
	view_refuses(&v, nlh, "a u32 bucket");
	CHECK(v.n == 0, "none of them is an entry: %zu", v.n);
	view_free(&v);
}

/* ---- alerts --------------------------------------------------------------- */

void test_alerts(void)
{
	struct alert a;
	struct nlmsghdr *nlh;
	struct nlattr *at;

	nlh = view_msg();
	((struct genlmsghdr *)mnl_nlmsg_get_payload(nlh))->cmd = TPSTAT_CMD_ALERT;
	mnl_attr_put_u8(nlh, TPSTAT_A_ALERT_KIND, TPSTAT_ALERT_DROPS);
	mnl_attr_put(nlh, TPSTAT_A_LOCATION, 3, "abc");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(alert_parse(nlh, &a) < 0, "an alert with an unterminated location");

	nlh = view_msg();
	((struct genlmsghdr *)mnl_nlmsg_get_payload(nlh))->cmd = TPSTAT_CMD_ALERT;
	mnl_attr_put_u8(nlh, TPSTAT_A_ALERT_KIND, TPSTAT_ALERT_DROPS);
	at = (struct nlattr *)mnl_nlmsg_get_payload_tail(nlh);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	at->nla_len = 100;
	CHECK(alert_parse(nlh, &a) < 0, "an alert whose count runs past it");

	nlh = view_msg();
	((struct genlmsghdr *)mnl_nlmsg_get_payload(nlh))->cmd = TPSTAT_CMD_ALERT;
	mnl_attr_put_u8(nlh, TPSTAT_A_ALERT_KIND, TPSTAT_ALERT_DROPS);
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "\x1b[2J\x1b]0;owned\x07");
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "e\x9b" "1m");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(!alert_parse(nlh, &a), "an alert with escapes in its names");
	{
		struct out_opts text = { 0 };
		char out[512] = "";
		FILE *f = fmemopen(out, sizeof(out), "w");

		alert_print(f, &text, 0, &a);
		fclose(f);
		CHECK(strstr(out, "at \\033[2J\\033]0;owned\\007") &&
		      strstr(out, "dev e\\2331m"),
		      "its text escaped: %s", out);
	}
}
