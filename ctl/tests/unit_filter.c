// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat filter (filter.c): the request's attributes read back as
 * GET_FILTER answers them, and the filter shown as text and JSON.
 */
#include <string.h>

#include <linux/genetlink.h>

#include "unit.h"

struct filter cur_filter;

void filter_out(FILE *f, void *arg)
{
	print_filter(f, opts(arg), &cur_filter);
}

void test_filter(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct nlmsghdr *nlh = msg_new();
	struct filter in = { 0 };
	char *s;

	memset(&cur_filter, 0, sizeof(cur_filter));
	s = capture(filter_out, &text);
	CHECK(!strcmp(s, "no filter\n"), "no filter: %s", s);
	s = capture(filter_out, &json);
	CHECK(!strcmp(s, "{\"schema_version\":1,\"active\":false,\"pid\":null,"
		      "\"comm\":null,\"netns\":null,\"ifindex\":null,"
		      "\"local_port\":null,\"remote_port\":null,"
		      "\"local_network\":null,\"remote_network\":null}\n"),
	      "no filter JSON: %s", s);
	in.has_pid = in.has_comm = in.has_ifindex = in.has_rport = true;
	in.pid = 42;
	snprintf(in.comm, sizeof(in.comm), "curl");
	in.ifindex = 3;
	in.rport = 443;
	filter_put(nlh, &in);
	filter_reply_cb(nlh, &cur_filter);
	CHECK(cur_filter.has_pid && cur_filter.pid == 42 &&
	      !strcmp(cur_filter.comm, "curl") && cur_filter.ifindex == 3 &&
	      cur_filter.has_rport && cur_filter.rport == 443 &&
	      !cur_filter.has_lport && !cur_filter.has_netns,
	      "the request's attributes read back");
	s = capture(filter_out, &text);
	CHECK(!strcmp(s, "pid 42\ncomm curl\nifindex 3\nrport 443\n"), "filter: %s", s);
	s = capture(filter_out, &json);
	CHECK(!strcmp(s, "{\"schema_version\":1,\"active\":true,\"pid\":42,"
		      "\"comm\":\"curl\",\"netns\":null,\"ifindex\":3,"
		      "\"local_port\":null,\"remote_port\":443,"
		      "\"local_network\":null,\"remote_network\":null}\n"),
	      "filter JSON: %s", s);

	/* Addresses: the request's bytes and prefixes, as GET_FILTER gives them. */
	memset(&in, 0, sizeof(in));
	memset(&cur_filter, 0, sizeof(cur_filter));
	nlh = msg_new();
	in.has_laddr = in.has_raddr = true;
	in.laddr.len = 16;
	in.laddr.addr[0] = 0xfd;
	in.laddr.addr[1] = 0x99;
	in.laddr.has_prefix = true;
	in.laddr.prefix = 16;
	in.raddr.len = 4;
	memcpy(in.raddr.addr, "\x7f\0\0\x02", 4);
	filter_put(nlh, &in);
	CHECK(mnl_attr_get_type(mnl_nlmsg_get_payload_offset(nlh, sizeof(struct genlmsghdr))) ==
	      TPSTAT_A_FILTER_LADDR, "laddr first");
	filter_reply_cb(nlh, &cur_filter);
	CHECK(cur_filter.has_laddr && cur_filter.laddr.len == 16 &&
	      cur_filter.laddr.has_prefix && cur_filter.laddr.prefix == 16 &&
	      cur_filter.has_raddr && cur_filter.raddr.len == 4 &&
	      !cur_filter.raddr.has_prefix, "addresses read back");
	s = capture(filter_out, &text);
	CHECK(!strcmp(s, "laddr fd99::/16\nraddr 127.0.0.2/32\n"), "addresses: %s", s);
	s = capture(filter_out, &json);
	CHECK(strstr(s, "\"local_network\":\"fd99::/16\",\"remote_network\":\"127.0.0.2/32\"}"),
	      "addresses JSON: %s", s);
	/* An address of another length is a bad reply, not an address. */
	memset(&cur_filter, 0, sizeof(cur_filter));
	nlh = msg_new();
	mnl_attr_put(nlh, TPSTAT_A_FILTER_RADDR, 5, "\1\2\3\4\5");
	CHECK(filter_reply_cb(nlh, &cur_filter) != MNL_CB_OK && !cur_filter.has_raddr,
	      "a 5-byte address is refused");
}
