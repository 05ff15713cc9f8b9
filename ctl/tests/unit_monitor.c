// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat monitor (monitor.c, alert_output.c): nlctrl's replies, each
 * kind of alert as text and JSON, the alerts lost, what is skipped, and
 * the acks and the module's removal.  Each alert is built its own way,
 * so these stay plain tests.
 */
#include <errno.h>
#include <string.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/genetlink.h>

#include "alert_output.h"
#include "monitor.h"
#include "names.h"
#include "unit.h"

#define TEST_FAMILY 0x1a
#define TEST_TIME 1795628703	/* 2026-11-25T17:45:03Z */

static struct nlmsghdr *genl_new(uint16_t type, uint8_t cmd)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(msgbuf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

	nlh->nlmsg_type = type;
	g->cmd = cmd;
	g->version = 1;
	return nlh;
}

static void put_group(struct nlmsghdr *nlh, int index, const char *name,
		      uint32_t id)
{
	struct nlattr *g = mnl_attr_nest_start(nlh, index);

	mnl_attr_put_u32(nlh, CTRL_ATTR_MCAST_GRP_ID, id);
	mnl_attr_put_strz(nlh, CTRL_ATTR_MCAST_GRP_NAME, name);
	mnl_attr_nest_end(nlh, g);
}

static void test_genl_ctrl(void)
{
	struct nlmsghdr *nlh;
	struct nlattr *nest;
	uint32_t id = 0;

	/* A GETFAMILY reply as nlctrl writes it. */
	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_NEWFAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY);
	nest = mnl_attr_nest_start(nlh, CTRL_ATTR_MCAST_GROUPS);
	put_group(nlh, 1, "other", 7);
	put_group(nlh, 2, TPSTAT_MCGRP_ALERTS, 42);
	mnl_attr_nest_end(nlh, nest);
	CHECK(!genl_group_id(nlh, TPSTAT_MCGRP_ALERTS, &id) && id == 42,
	      "the alerts group's id (%u)", id);
	CHECK(genl_group_id(nlh, "notify", &id) == -ENOENT, "no such group");
	CHECK(!genl_family_deleted(nlh, TPSTAT_GENL_NAME, TEST_FAMILY),
	      "NEWFAMILY is not a removal");

	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_NEWFAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, "old");
	CHECK(genl_group_id(nlh, TPSTAT_MCGRP_ALERTS, &id) == -ENOENT,
	      "a family without groups");

	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_DELFAMILY);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	CHECK(genl_family_deleted(nlh, TPSTAT_GENL_NAME, TEST_FAMILY),
	      "DELFAMILY tpstat");
	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_DELFAMILY);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY);
	CHECK(genl_family_deleted(nlh, TPSTAT_GENL_NAME, TEST_FAMILY),
	      "DELFAMILY by id alone");
	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_DELFAMILY);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY + 1);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, "wireguard");
	CHECK(!genl_family_deleted(nlh, TPSTAT_GENL_NAME, TEST_FAMILY),
	      "another family's removal");
}

static struct tpnl mon_nl = { .family = TEST_FAMILY };
static struct out_opts mon_opts;
static struct monitor mon = {
	.nl = &mon_nl, .kinds = ALERT_KINDS_ALL, .o = &mon_opts,
	.now = TEST_TIME,
};

/* What the monitor prints for the message in msgbuf. */
static void mon_msg(FILE *f, void *arg)
{
	mon.out = f;
	mon_opts = *(struct out_opts *)arg;
	monitor_msg_cb((struct nlmsghdr *)msgbuf, &mon);
}

static struct nlmsghdr *alert_new(uint8_t cmd, int kind)
{
	struct nlmsghdr *nlh = genl_new(TEST_FAMILY, cmd);

	if (kind >= 0)
		mnl_attr_put_u8(nlh, TPSTAT_A_ALERT_KIND, kind);
	return nlh;
}

static void put_drop_alert(const char *reason, uint32_t code,
			   uint32_t ifindex, const char *ifname,
			   uint64_t count)
{
	struct nlmsghdr *nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_DROPS);

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "tcp_v4_rcv+0x9e/0x1040");
	if (reason) {
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, code);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, reason);
	}
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (ifname)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, ifname);
	mnl_attr_put(nlh, TPSTAT_A_PAD, 0, NULL);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
}

/* What the tests expect for the namespace: its name, or 7 where skipped. */
static const char *web(void)
{
	return ns_web ? "alpha" : "7";
}

static bool line_is(const char *got, const char *fmt)
{
	char want[512];

	snprintf(want, sizeof(want), fmt, web());
	if (strcmp(got, want) && !sample)
		printf("want: %sgot:  %s", want, got);
	return !strcmp(got, want);
}

static void test_alert_drops(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	char *s, want[512];

	put_drop_alert("NO_SOCKET", 2, 1, "lo", 12);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 12 drops at tcp_v4_rcv+0x9e/0x1040 NO_SOCKET (2) netns %s dev lo\n"),
	      "drops text");
	s = capture(mon_msg, &json);
	snprintf(want, sizeof(want),
		 "{\"time\":\"2026-11-25T17:45:03Z\",\"kind\":\"drops\",\"count\":12,"
		 "\"location\":\"tcp_v4_rcv+0x9e/0x1040\",\"reason\":\"NO_SOCKET\","
		 "\"reason_code\":2,\"netns\":%u,%s\"ifindex\":1,\"ifname\":\"lo\"}\n",
		 ns_web ? ns_web : 7, ns_web ? "\"netns_name\":\"alpha\"," : "");
	CHECK(!strcmp(s, want), "drops JSON: %s", s);

	/* Before 5.17: no reason, none invented; a device gone; none. */
	put_drop_alert(NULL, 0, 7, NULL, 1);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 1 drop at tcp_v4_rcv+0x9e/0x1040 netns %s dev if7\n"),
	      "a drop without reason, its device gone");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"reason\":null,\"reason_code\":null,") &&
	      strstr(s, "\"ifindex\":7,\"ifname\":null}"), "no reason JSON: %s", s);
	put_drop_alert(NULL, 0, 0, NULL, 3);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 3 drops at tcp_v4_rcv+0x9e/0x1040 netns %s\n"),
	      "no device part for ifindex 0");
}

static void put_reset_alert(bool sent, bool reason, uint64_t n)
{
	static const uint8_t peer[4] = { 10, 0, 0, 2 };
	struct nlmsghdr *nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_RESETS);

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, sent ? 8080 : 41234);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
	if (reason) {
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 2);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, "NO_SOCKET");
	}
	mnl_attr_put_u64(nlh, sent ? TPSTAT_A_RST_SENT : TPSTAT_A_RST_RECEIVED, n);
}

static void test_alert_resets(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	char *s;

	put_reset_alert(true, true, 3);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 3 resets sent on port 8080 to 10.0.0.2 NO_SOCKET (2) netns %s\n"),
	      "resets sent");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"kind\":\"resets\",\"count\":3,\"direction\":\"sent\",\"netns\":") &&
	      strstr(s, "\"family\":\"ipv4\",\"local_port\":8080,\"remote\":\"10.0.0.2\","
		     "\"reason\":\"NO_SOCKET\",\"reason_code\":2}\n"), "resets JSON: %s", s);
	put_reset_alert(false, false, 1);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 1 reset received on port 41234 from 10.0.0.2 netns %s\n"),
	      "a reset received");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"count\":1,\"direction\":\"received\",") &&
	      strstr(s, "\"reason\":null,\"reason_code\":null}"), "received JSON: %s", s);
}

static void put_retrans_alert(bool v6, bool synack, uint64_t n)
{
	static const uint8_t a4[4] = { 10, 0, 0, 1 }, b4[4] = { 10, 0, 0, 2 };
	static const uint8_t a6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	static const uint8_t b6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 };
	struct nlmsghdr *nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_RETRANS);

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, v6 ? AF_INET6 : AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, v6 ? 16 : 4, v6 ? a6 : a4);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 443);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, v6 ? 16 : 4, v6 ? b6 : b4);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 51234);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, synack ? 3 : 1);
	mnl_attr_put_u64(nlh, synack ? TPSTAT_A_SYNACK_RETRANS : TPSTAT_A_RETRANS, n);
}

static void test_alert_retrans(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	char *s;

	put_retrans_alert(false, false, 5);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 5 retransmits 10.0.0.1:443 -> 10.0.0.2:51234 ESTABLISHED netns %s\n"),
	      "retransmits");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"kind\":\"retrans\",\"count\":5,\"synack\":false,\"netns\":") &&
	      strstr(s, "\"family\":\"ipv4\",\"local\":\"10.0.0.1\",\"local_port\":443,"
		     "\"remote\":\"10.0.0.2\",\"remote_port\":51234,\"state\":\"ESTABLISHED\","
		     "\"state_code\":1}\n"), "retrans JSON: %s", s);
	put_retrans_alert(true, true, 1);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 1 SYN-ACK retransmit [2001:db8::1]:443 -> [2001:db8::2]:51234 SYN_RECV netns %s\n"),
	      "a SYN-ACK retransmit over IPv6");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"synack\":true,") && strstr(s, "\"family\":\"ipv6\",\"local\":\"2001:db8::1\","),
	      "SYN-ACK JSON: %s", s);
}

static void test_alert_states_errors(void)
{
	static const uint8_t peer[4] = { 10, 0, 0, 2 };
	struct out_opts text = { 0 }, json = { .json = true };
	struct nlmsghdr *nlh;
	char *s, want[160];

	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_STATES);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_OLD_STATE, 2);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, 7);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 40);
	s = capture(mon_msg, &text);
	CHECK(line_is(s, "17:45:03 40 TCP SYN_SENT -> CLOSE netns %s\n"), "states");
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"kind\":\"states\",\"count\":40,\"netns\":") &&
	      strstr(s, "\"family\":\"ipv4\",\"old_state\":\"SYN_SENT\",\"old_state_code\":2,"
		     "\"new_state\":\"CLOSE\",\"new_state_code\":7}\n"), "states JSON: %s", s);

	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_ERRORS);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns_web ? ns_web : 7);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 41000);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 80);
	mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, ECONNREFUSED);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 4);
	s = capture(mon_msg, &text);
	snprintf(want, sizeof(want),
		 "17:45:03 4 socket errors ECONNREFUSED (%d) on port 41000 to 10.0.0.2:80 netns %%s\n",
		 ECONNREFUSED);
	CHECK(line_is(s, want), "socket errors");
	s = capture(mon_msg, &json);
	snprintf(want, sizeof(want), "\"errno\":%d,\"error\":\"ECONNREFUSED\",\"message\":\"%s\"}\n",
		 ECONNREFUSED, strerror(ECONNREFUSED));
	CHECK(strstr(s, "\"kind\":\"errors\",\"count\":4,\"netns\":") &&
	      strstr(s, "\"family\":\"ipv4\",\"local_port\":41000,\"remote\":\"10.0.0.2\","
		     "\"remote_port\":80,") && strstr(s, want), "errors JSON: %s", s);
	CHECK(!strcmp(errno_name(ETIMEDOUT), "ETIMEDOUT") &&
	      !strcmp(errno_name(EHOSTUNREACH), "EHOSTUNREACH") &&
	      !errno_name(0) && !errno_name(4000), "errno names");

	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_ERRORS);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 5353);
	mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, 4000);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, "17:45:03 1 socket error errno 4000 on port 5353 to ?:0\n"),
	      "an unknown errno, no address, no netns: %s", s);
	s = capture(mon_msg, &json);
	CHECK(strstr(s, "\"count\":1,\"netns\":null,\"family\":null,") &&
	      strstr(s, "\"errno\":4000,\"error\":null,\"message\":"), "unknown errno JSON: %s", s);
}

static void test_alert_lost(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct nlmsghdr *nlh;
	char *s;

	nlh = alert_new(TPSTAT_CMD_ALERTS_LOST, TPSTAT_ALERT_RESETS);
	mnl_attr_put_u64(nlh, TPSTAT_A_ALERTS_LOST, 12);
	mnl_attr_put_u64(nlh, TPSTAT_A_EVENTS_LOST, 340);
	mnl_attr_put_u32(nlh, TPSTAT_A_ALERT_RATE, 100);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, "17:45:03 resets: 12 alerts lost (340 events; limit 100 alerts/s)\n"),
	      "alerts lost: %s", s);
	s = capture(mon_msg, &json);
	CHECK(!strcmp(s, "{\"time\":\"2026-11-25T17:45:03Z\",\"kind\":\"resets\","
		      "\"alerts_lost\":12,\"events_lost\":340,\"rate\":100}\n"),
	      "alerts lost JSON: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERTS_LOST, TPSTAT_ALERT_DROPS);
	mnl_attr_put_u64(nlh, TPSTAT_A_ALERTS_LOST, 1);
	mnl_attr_put_u64(nlh, TPSTAT_A_EVENTS_LOST, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_ALERT_RATE, 1);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, "17:45:03 drops: 1 alert lost (1 event; limit 1 alerts/s)\n"),
	      "one alert lost: %s", s);
}

static void overrun_out(FILE *f, void *arg)
{
	alert_print_overrun(f, arg, TEST_TIME, 3);
}

static void test_alert_filtering(void)
{
	struct out_opts text = { 0 }, json = { .json = true };
	struct nlmsghdr *nlh;
	char *s;

	s = capture(overrun_out, &text);
	CHECK(!strcmp(s, "17:45:03 alerts lost: socket receive buffer overrun\n"),
	      "overrun: %s", s);
	s = capture(overrun_out, &json);
	CHECK(!strcmp(s, "{\"time\":\"2026-11-25T17:45:03Z\",\"lost\":\"overrun\",\"overruns\":3}\n"),
	      "overrun JSON: %s", s);

	/* Kinds not asked for, ALERTS_LOST included, print nothing. */
	mon.kinds = 1U << TPSTAT_ALERT_ERRORS;
	put_drop_alert("NO_SOCKET", 2, 1, "lo", 12);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "drops skipped when only errors are asked: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERTS_LOST, TPSTAT_ALERT_DROPS);
	mnl_attr_put_u64(nlh, TPSTAT_A_ALERTS_LOST, 1);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "their losses too: %s", s);
	mon.kinds = ALERT_KINDS_ALL;

	/* An alert with wrong lengths is not printed. */
	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_STATES);
	mnl_attr_put_u16(nlh, TPSTAT_A_NETNS, 5);		/* u32 wanted */
	mnl_attr_put_u32(nlh, TPSTAT_A_OLD_STATE, 2);		/* u8 wanted */
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, 1);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "wrong lengths: not printed: %s", s);
	/* Unknown attributes and kinds are ignored. */
	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_STATES);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, 1);
	mnl_attr_put_strz(nlh, TPSTAT_A_MAX + 5, "from a newer module");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, "17:45:03 2 TCP ? -> ESTABLISHED\n"), "unknown left out: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERT, __TPSTAT_ALERT_CNT);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "an unknown kind is skipped: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERT, -1);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "no kind: skipped: %s", s);
	nlh = alert_new(TPSTAT_CMD_ALERT, TPSTAT_ALERT_DROPS);
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "x+0x1/0x2");
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "no count, no line: %s", s);
	nlh = alert_new(TPSTAT_CMD_GET_INFO, TPSTAT_ALERT_DROPS);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 2);
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "another command is no alert: %s", s);
	put_drop_alert("NO_SOCKET", 2, 1, "lo", 12);
	((struct nlmsghdr *)msgbuf)->nlmsg_type = TEST_FAMILY + 1;
	s = capture(mon_msg, &text);
	CHECK(!strcmp(s, ""), "another family's message is skipped: %s", s);
}

/* An NLMSG_ERROR answering request @seq: @error 0 is an ack. */
static void put_ack(uint32_t seq, int error, const char *extack)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(msgbuf);
	struct nlmsgerr *e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));

	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_seq = seq;
	e->error = error;
	e->msg.nlmsg_len = sizeof(e->msg);	/* the request, capped */
	e->msg.nlmsg_seq = seq;
	if (extack) {
		nlh->nlmsg_flags |= NLM_F_ACK_TLVS | NLM_F_CAPPED;
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, extack);
	}
}

static void test_monitor_control(void)
{
	struct out_opts text = { 0 };
	struct nlmsghdr *nlh;
	char *s;

	mon.first_seq = 100;
	mon.last_seq = 101;
	put_ack(99, -EPERM, NULL);
	capture(mon_msg, &text);
	CHECK(!mon.err && !mon.acked, "another request's error is not ours");
	put_ack(101, 0, NULL);
	capture(mon_msg, &text);
	CHECK(mon.acked && !mon.err, "the ack of the second request");
	put_ack(100, -EPERM, "tpstat: alerts need CAP_NET_ADMIN");
	CHECK(monitor_msg_cb((struct nlmsghdr *)msgbuf, &mon) == MNL_CB_STOP &&
	      mon.err == -EPERM &&
	      !strcmp(tpnl_strerror(&mon_nl, mon.err), "alerts need CAP_NET_ADMIN"),
	      "a refusal keeps the kernel's words: %s", mon_nl.extack);
	mon.err = 0;
	mon.acked = false;

	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_NEWFAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	s = capture(mon_msg, &text);
	CHECK(!mon.unloaded && !strcmp(s, ""), "a family coming is nothing");
	nlh = genl_new(GENL_ID_CTRL, CTRL_CMD_DELFAMILY);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, TEST_FAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	CHECK(monitor_msg_cb(nlh, &mon) == MNL_CB_STOP && mon.unloaded,
	      "rmmod: DELFAMILY tpstat stops the monitor");
	mon.unloaded = false;
}

void test_monitor(void)
{
	test_genl_ctrl();
	test_alert_drops();
	test_alert_resets();
	test_alert_retrans();
	test_alert_states_errors();
	test_alert_lost();
	test_alert_filtering();
	test_monitor_control();
}

