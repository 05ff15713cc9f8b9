// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat doctor on the host (unit_doctor_fixture.h): its rules of
 * sockets (receive queues, closed ports, listen queues, connect errors,
 * socket memory), the text and JSON around them, windows, the sysctls,
 * the rules' table and the command line; unit_doctor_paths.c has the
 * rest of the rules.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include "doctor.h"
#include "netns.h"
#include "unit.h"
#include "unit_doctor_fixture.h"

/* ---- the cases -------------------------------------------------------------- */

/*
 * A UDP receiver on 5305 dropping over IPv4 and IPv6 (one socket, one
 * finding, the sum), one on 53 below the minimum: the port, its buffer
 * and rmem_default's value, and the command that shows more.
 */
static void test_rcvq_overflow(void)
{
	struct doctor_input in = { 0 };
	struct doctor_findings d;
	struct view v[2];
	const char *s;
	int st;

	view_start(&v[0], TPSTAT_VIEW_RCVQ);
	rcvq(&v[0], AF_INET, IPPROTO_UDP, 5305, NS_X, 30, 2304);
	rcvq(&v[0], AF_INET6, IPPROTO_UDP, 5305, NS_X, 8, 4608);
	rcvq(&v[0], AF_INET, IPPROTO_UDP, 53, NS_X, 9, 212992);
	view_start(&v[1], TPSTAT_VIEW_DROPS);
	drop(&v[1], "udp_queue_rcv_one_skb+0x3b5/0x510", "SOCKET_RCVBUFF",
	     NS_X, 47);
	in.views[TPSTAT_VIEW_RCVQ] = &v[0];
	in.views[TPSTAT_VIEW_DROPS] = &v[1];

	CHECK(!doctor_run(&in, &d) && d.n == 1, "rcvq: one finding, not %zu "
	      "(53's 9 drops are below the minimum; drops' SOCKET_RCVBUFF are the same losses)",
	      d.n);
	if (d.n == 1) {
		const struct doctor_finding *f = &d.f[0];

		CHECK(!strcmp(f->rule->name, "rcvq_overflow") &&
		      f->count == 38 && f->has_port && f->port == 5305 &&
		      f->protocol && !strcmp(f->protocol, "udp") &&
		      f->has_rcvbuf && f->rcvbuf == 4608,
		      "rcvq: udp port 5305, both families summed (38), the larger buffer");
		CHECK(f->n_knobs == 2 && f->knobs[0].has &&
		      !strcmp(f->knobs[0].name, "net.core.rmem_default") &&
		      !strcmp(f->knobs[0].value, "212992") &&
		      !strcmp(f->knobs[1].value, "425984"),
		      "rcvq: rmem_default and rmem_max as the sysctls say");
	}
	doctor_findings_free(&d);

	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS && DOCTOR_EXIT_FINDINGS == 3,
	      "rcvq: exit status 3, not %d", st);
	CHECK(strstr(s, "[1] rcvq_overflow: 38 packets dropped") &&
	      strstr(s, "udp port 5305, netns 4026532999, receive buffer 4608 bytes") &&
	      strstr(s, "net.core.rmem_default = 212992; net.core.rmem_max = 425984") &&
	      strstr(s, "more:   tpstat rcvq port 5305 netns 4026532999\n") &&
	      strstr(s, "since the module's load") &&
	      strstr(s, "views read: drops, rcvq\n") && !strstr(s, "[2]"),
	      "rcvq: the text names the port, the knobs' values, the window and more:\n%s",
	      s);
	s = report(&in, true, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS && json_balanced(s) &&
	      strstr(s, "{\"schema_version\":1,\"window\":\"since_load\",\"findings\":[{\"rule\":\"rcvq_overflow\",\"count\":38,\"window\":\"since_load\",") &&
	      strstr(s, "\"who\":{\"text\":\"udp port 5305, netns 4026532999, receive buffer 4608 bytes at the last drop\",\"protocol\":\"udp\",\"port\":5305,\"netns\":4026532999,\"rcvbuf\":4608,\"device\":null,\"address\":null}") &&
	      strstr(s, "\"knobs\":[{\"name\":\"net.core.rmem_default\",\"value\":\"212992\"},{\"name\":\"net.core.rmem_max\",\"value\":\"425984\"}]") &&
	      strstr(s, "\"more\":\"tpstat rcvq port 5305 netns 4026532999\"") &&
	      strstr(s, "\"cause\":\"the application reads") &&
	      strstr(s, "\"views_read\":[\"drops\",\"rcvq\"],\"views_not_read\":[]}"),
	      "rcvq: the JSON is valid and carries the same fields:\n%s", s);

	/* A knob not there to read: said so, null in JSON. */
	sysctl_remove("net.core.rmem_max");
	s = report(&in, false, &st);
	CHECK(strstr(s, "net.core.rmem_max = (not readable)"),
	      "rcvq: an unreadable knob says so:\n%s", s);
	s = report(&in, true, &st);
	CHECK(strstr(s, "{\"name\":\"net.core.rmem_max\",\"value\":null}"),
	      "rcvq: an unreadable knob is null in JSON:\n%s", s);
	sysctl_write("net.core.rmem_max", "425984\n");

	/* In the initial namespace, more needs no netns selector. */
	views_free(v, 2);
	view_start(&v[0], TPSTAT_VIEW_RCVQ);
	rcvq(&v[0], AF_INET, IPPROTO_UDP, 5301, INIT_NETNS, 10, 2304);
	in.views[TPSTAT_VIEW_RCVQ] = &v[0];
	in.views[TPSTAT_VIEW_DROPS] = NULL;
	netns_set_init(INIT_NETNS);
	s = report(&in, false, &st);
	netns_set_init(0);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "udp port 5301, netns init,") &&
	      strstr(s, "more:   tpstat rcvq port 5301\n"),
	      "rcvq: exactly the minimum (10) is a finding; init needs no selector:\n%s",
	      s);
	views_free(v, 1);
}

/* Without the rcvq view (refused): drops' SOCKET_RCVBUFF, no port. */
static void test_rcvq_from_drops(void)
{
	struct doctor_input in = { 0 };
	struct doctor_unread u = {
		TPSTAT_VIEW_RCVQ,
		"permission denied: the rcvq view names sockets and needs CAP_NET_ADMIN (run as root)",
	};
	struct run r = { .in = &in, .unread = &u, .n_unread = 1 };
	struct view v;
	const char *s;

	view_start(&v, TPSTAT_VIEW_DROPS);
	drop(&v, "udp_queue_rcv_one_skb+0x3b5/0x510", "SOCKET_RCVBUFF", NS_X, 7);
	drop(&v, "__udp_enqueue_schedule_skb+0x1/0x2", "SOCKET_RCVBUFF", NS_X, 5);
	in.views[TPSTAT_VIEW_DROPS] = &v;
	r.read = read_of(&in);
	s = capture(run_out, &r);
	CHECK(r.status == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] rcvq_overflow: 12 packets dropped because a socket's receive queue was full (SOCKET_RCVBUFF)") &&
	      strstr(s, "the rcvq view, which names the port, was not read") &&
	      strstr(s, "more:   tpstat drops --by location reason SOCKET_RCVBUFF netns 4026532999\n") &&
	      strstr(s, "views read: drops\nnot read: rcvq: permission denied: the rcvq view names sockets"),
	      "rcvq refused: drops' SOCKET_RCVBUFF per netns, and the view not read named:\n%s",
	      s);
	r.json = true;
	s = capture(run_out, &r);
	CHECK(json_balanced(s) &&
	      strstr(s, "\"who\":{\"text\":\"sockets in netns 4026532999 (the rcvq view, which names the port, was not read)\",\"protocol\":null,\"port\":null,\"netns\":4026532999,\"rcvbuf\":null,\"device\":null,\"address\":null}") &&
	      strstr(s, "\"views_not_read\":[{\"view\":\"rcvq\",\"why\":\"permission denied: the rcvq view"),
	      "rcvq refused: the same in JSON:\n%s", s);
	/* Nothing read at all: no "no findings", a failure. */
	r.read = 0;
	r.json = false;
	s = capture(run_out, &r);
	CHECK(r.status == 1 && !s[0] &&
	      !strcmp(r.err, "tpstat: doctor could read none of its views: permission denied: the rcvq view names sockets and needs CAP_NET_ADMIN (run as root)\n"),
	      "nothing read: exit status 1, one line on stderr, nothing printed: %s",
	      r.err);
	view_free(&v);
}

static const struct view *drops_shown;

static void drops_out(FILE *f, void *arg)
{
	print_view(f, arg, drops_shown, BY_REASON, NULL);
}

/*
 * Frees that are not losses never make a finding: QUEUE_PURGE at
 * socket close and NOT_SPECIFIED, however many; nor drops without a
 * reason's name (before 5.17).
 */
static void test_not_losses(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_DROPS);
	drop(&v, "inet_sock_destruct+0x5e/0x1e0", "QUEUE_PURGE", NS_X, 5000);
	drop(&v, "skb_queue_purge_reason+0x1/0x2", "QUEUE_PURGE", INIT_NETNS,
	     700);
	drop(&v, "ip6_mc_input+0x1a3/0x2b0", "NOT_SPECIFIED", NS_X, 300);
	in.views[TPSTAT_VIEW_DROPS] = &v;
	s = report(&in, false, &st);
	CHECK(st == 0 && !strstr(s, "[1]") &&
	      !strncmp(s, "no findings; counted since the module's load", 44),
	      "QUEUE_PURGE and NOT_SPECIFIED only: exit 0, no finding:\n%s", s);
	CHECK(!doctor_drop_is_loss(&v.e[0]) && !doctor_drop_is_loss(&v.e[2]),
	      "QUEUE_PURGE and NOT_SPECIFIED are not losses");
	view_free(&v);
	/* tpstat drops says so too: a line after the rows, "loss" in JSON. */
	view_start(&v, TPSTAT_VIEW_DROPS);
	drop_coded(&v, "inet_sock_destruct+0x5e/0x1e0", "QUEUE_PURGE", 91,
		   NS_X, 5700);
	drop_coded(&v, "ip6_mc_input+0x1a3/0x2b0", "NOT_SPECIFIED", 2, NS_X,
		   300);
	drop_coded(&v, "__udp4_lib_rcv+0x545/0xdd0", "NO_SOCKET", 3, NS_X, 12);
	CHECK(!drops_aggregate(&v, BY_REASON, 0), "drops by reason");
	drops_shown = &v;
	s = capture(drops_out, &(struct out_opts){ 0 });
	CHECK(strstr(s, "     300  NOT_SPECIFIED (2)\n      12  NO_SOCKET (3)\n"
			"not losses: QUEUE_PURGE (a socket's queue freed at its close), NOT_SPECIFIED (frees on ordinary paths that name no reason)\n"),
	      "tpstat drops names the reasons that are no loss:\n%s", s);
	s = capture(drops_out, &(struct out_opts){ .json = true });
	CHECK(strstr(s, "{\"count\":5700,\"reason\":\"QUEUE_PURGE\",\"reason_code\":91,\"loss\":false}") &&
	      strstr(s, "{\"count\":12,\"reason\":\"NO_SOCKET\",\"reason_code\":3,\"loss\":true}"),
	      "tpstat -j drops: loss false and true:\n%s", s);
	view_free(&v);
}

/* A quiet host: every view read, every count below the minimum. */
static void test_quiet(void)
{
	struct doctor_input in = { 0 };
	struct view v[3];
	const char *s;
	int st;

	view_start(&v[0], TPSTAT_VIEW_DROPS);
	drop(&v[0], "__udp4_lib_rcv+0x545/0xdd0", "NO_SOCKET", NS_X, 9);
	drop(&v[0], "tcp_v4_rcv+0x9e/0x1380", "NO_SOCKET", NS_X, 9);
	drop(&v[0], "tcp_check_req+0x1/0x2", "TCP_LISTEN_OVERFLOW", NS_X, 9);
	drop(&v[0], "udp_queue_rcv_one_skb+0x1/0x2", "SOCKET_RCVBUFF", NS_X, 9);
	view_start(&v[1], TPSTAT_VIEW_RCVQ);
	rcvq(&v[1], AF_INET, IPPROTO_UDP, 5305, NS_X, 9, 2304);
	view_start(&v[2], TPSTAT_VIEW_RESETS);
	reset(&v[2], TPSTAT_DIRECTION_PASSIVE, 5303, 1, NS_X, "NO_SOCKET", 9);
	/* Resets of other kinds, however many: not to a closed port. */
	reset(&v[2], TPSTAT_DIRECTION_PASSIVE, 80, 1, NS_X, "TCP_ABORT_ON_DATA",
	      500);
	reset(&v[2], TPSTAT_DIRECTION_PASSIVE, 81, 1, NS_X, NULL, 500);
	reset(&v[2], TPSTAT_DIRECTION_ACTIVE, 5303, 1, NS_X, "NO_SOCKET", 500);
	in.views[TPSTAT_VIEW_DROPS] = &v[0];
	in.views[TPSTAT_VIEW_RCVQ] = &v[1];
	in.views[TPSTAT_VIEW_RESETS] = &v[2];
	s = report(&in, false, &st);
	CHECK(st == 0 && !strstr(s, "[1]") && strstr(s, "no findings") &&
	      strstr(s, "views read: drops, resets, rcvq\n") &&
	      !strstr(s, "not read"),
	      "below the minimum (9 each), other resets: exit 0, no finding:\n%s",
	      s);
	s = report(&in, true, &st);
	CHECK(st == 0 && json_balanced(s) &&
	      !strcmp(s, "{\"schema_version\":1,\"window\":\"since_load\",\"findings\":[],\"views_read\":[\"drops\",\"resets\",\"rcvq\"],\"views_not_read\":[]}\n"),
	      "quiet: the JSON has no findings:\n%s", s);
	/* Every view empty: the same. */
	views_free(v, 3);
	view_start(&v[0], TPSTAT_VIEW_DROPS);
	in.views[TPSTAT_VIEW_RCVQ] = in.views[TPSTAT_VIEW_RESETS] = NULL;
	s = report(&in, false, &st);
	CHECK(st == 0 && strstr(s, "no findings"), "empty drops: exit 0:\n%s",
	      s);
	view_free(&v[0]);
}

/*
 * Closed ports: resets sent for NO_SOCKET to 5303 from two peers (one
 * finding, their sum), UDP's NO_SOCKET drops per netns; TCP's NO_SOCKET
 * drops are the resets' own segments, not a finding again.  Ranked
 * most first.
 */
/*
 * Clients' failed connections, one finding per error and remote port;
 * a server's errors, other errors and fewer than 10 make none.
 */
static void test_connect_errors(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_ERRORS);
	sock_error(&v, ECONNREFUSED, 5333, true, NS_X, 12);
	sock_error(&v, ETIMEDOUT, 443, true, NS_X, 10);
	sock_error(&v, ECONNREFUSED, 22, false, NS_X, 50);	/* a server's */
	sock_error(&v, ECONNRESET, 80, true, NS_X, 40);	/* not a connect's */
	sock_error(&v, EHOSTUNREACH, 8080, true, NS_X, 9);	/* too few */
	in.views[TPSTAT_VIEW_ERRORS] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] connect_errors: 12 connections to tcp port 5333 failed with ECONNREFUSED (Connection refused)\n") &&
	      strstr(s, "who:    clients of tcp port 5333, netns 4026532999\n") &&
	      strstr(s, "more:   tpstat errors dport 5333 errno ECONNREFUSED netns 4026532999\n") &&
	      strstr(s, "[2] connect_errors: 10 connections to tcp port 443 failed with ETIMEDOUT (Connection timed out)\n") &&
	      strstr(s, "knobs:  net.ipv4.tcp_syn_retries = 6; net.ipv4.tcp_retries2 = 15\n") &&
	      !strstr(s, "[3]"),
	      "connect errors: port 5333's refusals, port 443's timeouts:\n%s", s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"connect_errors\",\"count\":12,") &&
	      strstr(s, "\"protocol\":\"tcp\",\"port\":5333,\"netns\":4026532999,\"rcvbuf\":null,\"device\":null,\"address\":null},"),
	      "connect errors: JSON:\n%s", s);
	views_free(&v, 1);
}

/*
 * A protocol over its memory limit: UDP's refusals summed over its ports
 * and kinds in one namespace, the port refused most named, the pages of
 * the fullest row; another namespace's few and TCP's few make none.
 */
static void test_sockmem_pressure(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_SOCKMEM);
	sockmem(&v, IPPROTO_UDP, 5341, TPSTAT_MEM_RECV, NS_X, 8, 17, 16);
	sockmem(&v, IPPROTO_UDP, 53, TPSTAT_MEM_SEND, NS_X, 3, 20, 16);
	sockmem(&v, IPPROTO_UDP, 5341, TPSTAT_MEM_RECV, INIT_NETNS, 9, 17, 16);
	sockmem(&v, IPPROTO_TCP, 5201, TPSTAT_MEM_RECV, NS_X, 9, 300, 256);
	in.views[TPSTAT_VIEW_SOCKMEM] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] sockmem_pressure: udp sockets were refused memory 11 times: the protocol had 20 pages allocated against its limit of 16\n") &&
	      strstr(s, "who:    udp sockets in netns 4026532999; most on port 5341 (8 refusals, to recv)\n") &&
	      strstr(s, "knobs:  net.ipv4.udp_mem = 16 16 16; net.core.rmem_default = 212992\n") &&
	      strstr(s, "more:   tpstat sockmem netns 4026532999\n") &&
	      !strstr(s, "[2]"),
	      "sockmem: udp in one netns, 11 over two ports:\n%s", s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"sockmem_pressure\",\"count\":11,") &&
	      strstr(s, "\"protocol\":\"udp\",\"port\":5341,\"netns\":4026532999,\"rcvbuf\":null,\"device\":null,\"address\":null},"),
	      "sockmem: JSON:\n%s", s);
	views_free(&v, 1);
}

/*
 * The recorder's window (--since): the text and JSON say it, its span
 * and intervals; an empty one says there was none.
 */
static void test_window(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_RCVQ);
	rcvq(&v, AF_INET, IPPROTO_UDP, 5350, NS_X, 38, 2304);
	in.views[TPSTAT_VIEW_RCVQ] = &v;
	in.window = (struct doctor_window){
		.recorder = true, .intervals = 3, .interval_s = 60,
		.from_ns = 1796439600ULL * 1000000000ULL,	/* 03:00Z */
		.to_ns = 1796439780ULL * 1000000000ULL,
	};
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "1 finding, most first; counted in the flight recorder's 3 views intervals of 1m from 2026-12-0") &&
	      strstr(s, " (in each, the keys of a view that moved most)\n[1] rcvq_overflow: 38 packets"),
	      "window: the text says the recorder's intervals:\n%s", s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"schema_version\":1,\"window\":\"recorder\",\"window_from\":\"2026-12-05T03:00:00Z\",\"window_to\":\"2026-12-05T03:03:00Z\",\"window_intervals\":3,\"window_interval_s\":60,\"findings\":[{\"rule\":\"rcvq_overflow\",\"count\":38,\"window\":\"recorder\","),
	      "window: JSON:\n%s", s);
	view_free(&v);
	view_start(&v, TPSTAT_VIEW_RCVQ);
	in.window = (struct doctor_window){ .recorder = true, .interval_s = 60 };
	s = report(&in, false, &st);
	CHECK(st == 0 &&
	      strstr(s, "no findings; the flight recorder has no views interval in that window\n"),
	      "window: none in it:\n%s", s);
	s = report(&in, true, &st);
	CHECK(strstr(s, "\"window\":\"recorder\",\"window_from\":null,\"window_to\":null,\"window_intervals\":0,"),
	      "window: none in it, JSON:\n%s", s);
	in.window = (struct doctor_window){ .seconds = 2.5 };
	s = report(&in, false, &st);
	CHECK(st == 0 &&
	      strstr(s, "no findings; counted over the last 2.5 s (what moved between two reads, -i)\n"),
	      "window: -i's:\n%s", s);
	s = report(&in, true, &st);
	CHECK(strstr(s, "{\"schema_version\":1,\"window\":\"interval\",\"window_s\":2.500,\"findings\":[]"),
	      "window: -i's, JSON:\n%s", s);
	views_free(&v, 1);
}

static void test_closed_port(void)
{
	struct doctor_input in = { 0 };
	struct view v[2];
	const char *s, *udp, *tcp;
	int st;

	view_start(&v[0], TPSTAT_VIEW_RESETS);
	reset(&v[0], TPSTAT_DIRECTION_PASSIVE, 5303, 1, NS_X, "NO_SOCKET", 5);
	reset(&v[0], TPSTAT_DIRECTION_PASSIVE, 5303, 2, NS_X, "NO_SOCKET", 6);
	view_start(&v[1], TPSTAT_VIEW_DROPS);
	drop(&v[1], "__udp4_lib_rcv+0x545/0xdd0", "NO_SOCKET", NS_X, 20);
	drop(&v[1], "__udp6_lib_rcv+0x1/0x2", "NO_SOCKET", NS_X, 10);
	drop(&v[1], "tcp_v4_rcv+0x9e/0x1380", "NO_SOCKET", NS_X, 11);
	in.views[TPSTAT_VIEW_RESETS] = &v[0];
	in.views[TPSTAT_VIEW_DROPS] = &v[1];
	s = report(&in, false, &st);
	udp = strstr(s, "[1] closed_port: 30 UDP datagrams to ports where no socket is bound");
	tcp = strstr(s, "[2] closed_port: 11 TCP segments to a port where nothing listens");
	CHECK(st == DOCTOR_EXIT_FINDINGS && udp && tcp && !strstr(s, "[3]") &&
	      strstr(s, "who:    tcp port 5303, netns 4026532999\n") &&
	      strstr(s, "more:   tpstat resets --by peer port 5303 netns 4026532999\n") &&
	      strstr(s, "more:   tpstat drops --by location reason NO_SOCKET netns 4026532999\n") &&
	      strstr(s, "knobs:  none\n"),
	      "closed ports: UDP's 30 first, then port 5303's 11 resets:\n%s",
	      s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"closed_port\",\"count\":11,") &&
	      strstr(s, "\"protocol\":\"tcp\",\"port\":5303,\"netns\":4026532999,\"rcvbuf\":null,\"device\":null,\"address\":null},") &&
	      strstr(s, "\"knobs\":[]"),
	      "closed ports: JSON:\n%s", s);

	/* Without the resets view, TCP's NO_SOCKET drops, without a port. */
	in.views[TPSTAT_VIEW_RESETS] = NULL;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[2] closed_port: 11 packets other than UDP to ports where nothing listens") &&
	      strstr(s, "the resets view, which has it, was not read"),
	      "closed ports, no resets view: TCP's from drops:\n%s", s);
	views_free(v, 2);
}

/* Listen overflows: somaxconn's and tcp_max_syn_backlog's values. */
static void test_listen_overflow(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_DROPS);
	drop(&v, "tcp_check_req+0x1/0x2", "TCP_LISTEN_OVERFLOW", NS_X, 40);
	drop(&v, "tcp_v4_rcv+0x1/0x2", "TCP_LISTEN_OVERFLOW", NS_X, 2);
	/* Many more, but not losses: ranked nowhere. */
	drop(&v, "inet_sock_destruct+0x5e/0x1e0", "QUEUE_PURGE", NS_X, 900);
	in.views[TPSTAT_VIEW_DROPS] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] listen_overflow: 42 TCP handshakes dropped") &&
	      strstr(s, "knobs:  net.core.somaxconn = 4096; net.ipv4.tcp_max_syn_backlog = 512\n") &&
	      strstr(s, "more:   tpstat drops --by location reason TCP_LISTEN_OVERFLOW netns 4026532999\n") &&
	      !strstr(s, "[2]"),
	      "listen overflow: one finding with its knobs:\n%s", s);
	view_free(&v);
}

/* Blanks as one space, unprintable bytes as '?': it goes to a terminal. */
static void test_sysctl(void)
{
	char buf[64];

	sysctl_write("net.ipv4.tcp_rmem", "4096\t131072\t6291456\n");
	CHECK(doctor_sysctl("net.ipv4.tcp_rmem", buf, sizeof(buf)) &&
	      !strcmp(buf, "4096 131072 6291456"), "tcp_rmem: '%s'", buf);
	sysctl_write("net.ipv4.tcp_rmem", "4\x1b[2J\n");
	CHECK(doctor_sysctl("net.ipv4.tcp_rmem", buf, sizeof(buf)) &&
	      !strcmp(buf, "4?[2J"), "an escape: '%s'", buf);
	CHECK(!doctor_sysctl("net.core.nosuch", buf, sizeof(buf)),
	      "a sysctl not there");
}

/* The table: every rule states its threshold and its false alarms. */
static void test_rules(void)
{
	struct out_opts o = { 0 };
	const struct doctor_rule *r;
	char *s = NULL;
	size_t n = 0, len = 0;
	FILE *f = open_memstream(&s, &len);

	for (size_t i = 0; (r = doctor_rule_at(i)); i++, n++) {
		CHECK(r->name && r->eval && r->views &&
		      r->threshold && strstr(r->threshold, "at least 10") &&
		      r->false_alarm && r->false_alarm[0],
		      "rule %zu: a name, views, eval, its threshold and false alarm",
		      i);
	}
	CHECK(n == 14 && !strcmp(doctor_rule_at(0)->name, "rcvq_overflow"),
	      "fourteen rules, rcvq_overflow first");
	doctor_print_rules(f, &o);
	o.json = true;
	doctor_print_rules(f, &o);
	fclose(f);
	CHECK(s && strstr(s, "rcvq_overflow (reads drops, rcvq)\n    threshold:   at least 10") &&
	      strstr(s, "closed_port (reads drops, resets)") &&
	      strstr(s, "listen_overflow (reads drops)") &&
	      strstr(s, "connect_errors (reads errors)") &&
	      strstr(s, "sockmem_pressure (reads sockmem)") &&
	      strstr(s, "neigh_failures (reads neigh)") &&
	      strstr(s, "neigh_table_full (reads drops)") &&
	      strstr(s, "qdisc_drops (reads drops)") &&
	      strstr(s, "auth_failures (reads auth)") &&
	      strstr(s, "netfilter_drops (reads drops)") &&
	      strstr(s, "retrans_peer (reads retrans)") &&
	      strstr(s, "retrans_spread (reads retrans)") &&
	      strstr(s, "device_errors (reads devices)") &&
	      strstr(s, "backlog_drops (reads drops)") &&
	      strstr(s, "    false alarm: ") &&
	      strstr(s, "{\"schema_version\":1,\"rules\":[{\"name\":\"rcvq_overflow\",\"views\":[\"drops\",\"rcvq\"],\"threshold\":\"at least 10"),
	      "--rules, text and JSON:\n%s", s);
	CHECK(doctor_views() == (DOCTOR_VIEW(TPSTAT_VIEW_DROPS) |
				 DOCTOR_VIEW(TPSTAT_VIEW_RESETS) |
				 DOCTOR_VIEW(TPSTAT_VIEW_RCVQ) |
				 DOCTOR_VIEW(TPSTAT_VIEW_ERRORS) |
				 DOCTOR_VIEW(TPSTAT_VIEW_SOCKMEM) |
				 DOCTOR_VIEW(TPSTAT_VIEW_NEIGH) |
				 DOCTOR_VIEW(TPSTAT_VIEW_AUTH) |
				 DOCTOR_VIEW(TPSTAT_VIEW_RETRANS) |
				 DOCTOR_VIEW(TPSTAT_VIEW_DEVICES)),
	      "the views doctor reads");
	free(s);
}

void test_doctor(void)
{
	if (!mkdtemp(sysdir)) {
		CHECK(0, "doctor: a directory for the sysctls");
		return;
	}
	doctor_sysctl_root(sysdir);
	sysctl_write("net.core.rmem_default", "212992\n");
	sysctl_write("net.core.rmem_max", "425984\n");
	sysctl_write("net.core.somaxconn", "4096\n");
	sysctl_write("net.ipv4.tcp_max_syn_backlog", "512\n");
	sysctl_write("net.ipv4.tcp_syn_retries", "6\n");
	sysctl_write("net.ipv4.tcp_retries2", "15\n");
	sysctl_write("net.ipv4.udp_mem", "16\t16\t16\n");
	sysctl_write("net.core.default_qdisc", "fq_codel\n");
	sysctl_write("net.ipv4.neigh.default.gc_thresh3", "16\n");
	sysctl_write("net.core.netdev_max_backlog", "10\n");
	sysctl_write("net.core.netdev_budget", "300\n");
	sysctl_write("net.core.netdev_budget_usecs", "2000\n");
	neigh_sysctl_write("eth0.100", "mcast_solicit", "3\n");
	neigh_sysctl_write("eth0.100", "retrans_time_ms", "1000\n");
	device_setting_write("tun0", "tx_queue_len", "500\n");
	test_rcvq_overflow();
	test_rcvq_from_drops();
	test_not_losses();
	test_quiet();
	test_closed_port();
	test_listen_overflow();
	test_connect_errors();
	test_sockmem_pressure();
	test_doctor_paths();
	test_window();
	test_sysctl();
	test_rules();
	sysctls_clean();
}

/* The command line: --rules its own, -j taken, nothing else. */
void test_doctor_cli(void)
{
	time_t ago20 = time(NULL) - 20 * 60, ago5 = ago20 + 15 * 60;
	char err[160], since[8], until[8], window[64];
	struct options o;

	/*
	 * A window that ended 5 minutes ago: HH:MM is the latest such time
	 * of day, today's or yesterday's, so fixed times would be refused
	 * while the clock is between them.
	 */
	strftime(since, sizeof(since), "%H:%M", localtime(&ago20));
	strftime(until, sizeof(until), "%H:%M", localtime(&ago5));
	snprintf(window, sizeof(window), "doctor --since %s --until %s",
		 since, until);

	CHECK(!parse("doctor", &o, err) && cmd_of(&o) == CMD_DOCTOR,
	      "doctor");
	CHECK(!parse("-j doctor", &o, err) && o.json, "-j doctor");
	CHECK(!parse("doc -p", &o, err) && cmd_of(&o) == CMD_DOCTOR &&
	      o.pretty, "doc -p: the shortest word");
	CHECK(!parse("doctor --rules", &o, err), "doctor --rules");
	CHECK(!parse("doctor --prometheus", &o, err), "doctor --prometheus");
	CHECK(parse("doctor --rules --prometheus", &o, err) == 2 &&
	      strstr(err, "one of them"), "doctor --rules --prometheus: %s", err);
	CHECK(parse("doctor bogus", &o, err) == 2 &&
	      strstr(err, "unexpected argument 'bogus'"), "doctor bogus: %s",
	      err);
	CHECK(parse("doctor --top 3", &o, err) == 2, "doctor --top: %s", err);
	CHECK(!parse("doctor --since 10m", &o, err) && !parse(window, &o, err),
	      "doctor --since, --until (%s): %s", window, err);
	CHECK(parse("doctor --since yesterday", &o, err) == 2 &&
	      strstr(err, "--since takes HH:MM"), "doctor --since bad: %s", err);
	CHECK(parse("doctor --until", &o, err) == 2 &&
	      strstr(err, "--until needs HH:MM"), "doctor --until alone: %s", err);
	CHECK(parse("doctor --since 10m --until 1h", &o, err) == 2 &&
	      strstr(err, "--until is not after --since"),
	      "doctor --until before --since: %s", err);
	CHECK(!parse("-i 5 -c 2 doctor", &o, err) && o.timed &&
	      o.interval == 5.0 && o.count == 2, "-i 5 -c 2 doctor: %s", err);
	CHECK(parse("-i 5 doctor --since 10m", &o, err) == 2 &&
	      strstr(err, "-i and -c watch what moves from now on"),
	      "-i with --since: %s", err);
	CHECK(parse("--rules --since 10m doctor", &o, err) == 2,
	      "options before the word: %s", err);
	CHECK(parse("doctor --rules --since 10m", &o, err) == 2 &&
	      strstr(err, "no --since or --until"), "doctor --rules --since: %s",
	      err);
	CHECK(parse("show --rules", &o, err) == 2, "--rules is doctor's: %s",
	      err);
}
