// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat doctor's rules of the paths a packet takes past its socket, on
 * the host (unit_doctor_fixture.h): neighbours and their table, queue
 * disciplines, devices and CPU backlogs, the firewall, TCP's peers and
 * keys, and the MIBs read over -i.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include "doctor.h"
#include "unit.h"
#include "unit_doctor_fixture.h"

/*
 * Failed neighbours, per device: one next hop failing again and again
 * (its device's knobs, a name with a dot), many addresses once each; a
 * device with fewer than 10, and one whose name is gone, by ifindex.
 */
static void test_neigh_failures(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_NEIGH);
	neigh(&v, "eth0.100", 3, 1, NS_X, 30);
	neigh(&v, "eth0.100", 3, 9, NS_X, 2);
	for (uint8_t h = 10; h < 22; h++)
		neigh(&v, "veth1", 4, h, NS_X, 1);
	neigh(&v, "eth1", 5, 1, NS_X, 9);
	neigh(&v, NULL, 6, 1, NS_X, 10);
	in.views[TPSTAT_VIEW_NEIGH] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] neigh_failures: 32 neighbour resolutions failed on eth0.100: 2 addresses, 192.0.2.1 most (30)\n") &&
	      strstr(s, "who:    device eth0.100, netns 4026532999, next hop 192.0.2.1\n") &&
	      strstr(s, "cause:  one neighbour fails again and again") &&
	      strstr(s, "knobs:  net.ipv4.neigh.eth0.100.mcast_solicit = 3; net.ipv4.neigh.eth0.100.retrans_time_ms = 1000\n") &&
	      strstr(s, "more:   tpstat neigh dev eth0.100 netns 4026532999\n") &&
	      strstr(s, "[2] neigh_failures: 12 neighbour resolutions failed on veth1: 12 addresses, 192.0.2.10 most (1)\n") &&
	      strstr(s, "who:    device veth1, netns 4026532999, addresses such as 192.0.2.10\n") &&
	      strstr(s, "cause:  many addresses on the link do not answer") &&
	      strstr(s, "knobs:  net.ipv4.neigh.veth1.mcast_solicit = (not readable); net.ipv4.neigh.veth1.retrans_time_ms = (not readable)\n") &&
	      strstr(s, "[3] neigh_failures: 10 neighbour resolutions failed on ifindex 6: 1 address, 192.0.2.1 most (10)\n") &&
	      strstr(s, "more:   tpstat neigh dev 6 netns 4026532999\n") &&
	      !strstr(s, "on eth1:") && !strstr(s, "[4]"),
	      "neigh: eth0.100's next hop, veth1's 12 addresses, ifindex 6:\n%s",
	      s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"neigh_failures\",\"count\":32,") &&
	      strstr(s, "\"protocol\":null,\"port\":null,\"netns\":4026532999,\"rcvbuf\":null,\"device\":\"eth0.100\",\"address\":\"192.0.2.1\"},") &&
	      strstr(s, "{\"name\":\"net.ipv4.neigh.eth0.100.mcast_solicit\",\"value\":\"3\"}") &&
	      strstr(s, "\"device\":null,\"address\":\"192.0.2.1\"},"),
	      "neigh: JSON:\n%s", s);
	views_free(&v, 1);
}

/*
 * Queue disciplines that drop, per device: two locations of one device
 * summed; another device's 9 and other reasons on it make none.
 */
static void test_qdisc_drops(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_DROPS);
	dev_drop(&v, "eth0", 2, "QDISC_DROP", NS_X, 30);
	dev_drop(&v, "eth1", 3, "QDISC_DROP", NS_X, 9);
	dev_drop(&v, "eth1", 3, "NOT_SPECIFIED", NS_X, 50);
	drop(&v, "__dev_queue_xmit+0x3/0x4", "QDISC_DROP", NS_X, 0);
	dev_drop(&v, "eth0", 2, "QDISC_DROP", NS_X, 5);
	in.views[TPSTAT_VIEW_DROPS] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] qdisc_drops: 35 packets dropped by eth0's queue discipline (QDISC_DROP)\n") &&
	      strstr(s, "who:    device eth0, netns 4026532999\n") &&
	      strstr(s, "knobs:  net.core.default_qdisc = fq_codel\n") &&
	      strstr(s, "more:   tpstat drops --by dev reason QDISC_DROP netns 4026532999\n") &&
	      !strstr(s, "[2]"),
	      "qdisc drops: eth0's 35, not eth1's 9:\n%s", s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"qdisc_drops\",\"count\":35,") &&
	      strstr(s, "\"rcvbuf\":null,\"device\":\"eth0\",\"address\":null},"),
	      "qdisc drops: JSON:\n%s", s);
	views_free(&v, 1);
}

/*
 * TCP-MD5/AO failures per peer: one peer's kinds and ports summed, the
 * kind seen most its cause; another peer's 9 make none.
 */
static void test_auth_failures(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_AUTH);
	auth(&v, TPSTAT_AUTH_MD5_MISMATCH, 1, 179, NS_X, 8);
	auth(&v, TPSTAT_AUTH_MD5_REQUIRED, 1, 179, NS_X, 3);
	auth(&v, TPSTAT_AUTH_AO_MISMATCH, 2, 179, NS_X, 9);
	in.views[TPSTAT_VIEW_AUTH] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] auth_failures: 11 TCP segments from 192.0.2.1 failed their TCP-MD5 or TCP-AO check, most for md5_mismatch (8)\n") &&
	      strstr(s, "who:    peer 192.0.2.1, local tcp port 179, netns 4026532999\n") &&
	      strstr(s, "cause:  the peer signs with a key this socket does not have or that differs") &&
	      strstr(s, "knobs:  none\n") &&
	      strstr(s, "more:   tpstat auth dst 192.0.2.1 netns 4026532999\n") &&
	      !strstr(s, "[2]"),
	      "auth: 192.0.2.1's 11, not 192.0.2.2's 9:\n%s", s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"auth_failures\",\"count\":11,") &&
	      strstr(s, "\"protocol\":\"tcp\",\"port\":179,\"netns\":4026532999,\"rcvbuf\":null,\"device\":null,\"address\":\"192.0.2.1\"},"),
	      "auth: JSON:\n%s", s);
	views_free(&v, 1);
}

/* The firewall's drops per namespace: 10 make one, 9 elsewhere none. */
static void test_netfilter_drops(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_DROPS);
	drop(&v, "nf_hook_slow+0x1/0x2", "NETFILTER_DROP", NS_X, 6);
	dev_drop(&v, "eth0", 2, "NETFILTER_DROP", NS_X, 4);
	drop(&v, "nf_hook_slow+0x1/0x2", "NETFILTER_DROP", INIT_NETNS, 9);
	in.views[TPSTAT_VIEW_DROPS] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] netfilter_drops: 10 packets dropped by the firewall (NETFILTER_DROP)\n") &&
	      strstr(s, "who:    the ruleset of netns 4026532999 (") &&
	      strstr(s, "knobs:  none\n") &&
	      strstr(s, "more:   tpstat drops --by location reason NETFILTER_DROP netns 4026532999\n") &&
	      !strstr(s, "[2]"),
	      "netfilter: 10 in one netns, 9 in the other:\n%s", s);
	views_free(&v, 1);
}

/*
 * Retransmits concentrated on one peer: its flows summed, half or more
 * of the namespace's; a connect's SYNs (SYN_SENT) are not counted; a
 * peer with less than half, or retransmits spread, make none.
 */
static void test_retrans_peer(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_RETRANS);
	flow(&v, 1, 40001, 1, NS_X, 8);		/* ESTABLISHED */
	flow(&v, 1, 40002, 4, NS_X, 7);		/* FIN_WAIT1 */
	flow(&v, 2, 40003, 1, NS_X, 5);
	flow(&v, 3, 40004, 2, NS_X, 50);	/* SYN_SENT: a connect's */
	for (uint8_t p = 10; p < 16; p++)	/* spread: 12 over 6 peers */
		flow(&v, p, 40010 + p, 1, INIT_NETNS, 2);
	in.views[TPSTAT_VIEW_RETRANS] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] retrans_peer: 15 TCP retransmits to 192.0.2.1, 75% of the namespace's 20, over 2 connections\n") &&
	      strstr(s, "who:    peer 192.0.2.1, netns 4026532999\n") &&
	      strstr(s, "more:   tpstat retrans dst 192.0.2.1 netns 4026532999\n") &&
	      strstr(s, "[2] retrans_spread: 12 TCP retransmits spread over 6 peers") &&
	      !strstr(s, "[3]"),
	      "retrans: 192.0.2.1's 15 of 20, the spread 12 retrans_spread's; SYN_SENT's 50 none:\n%s",
	      s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"retrans_peer\",\"count\":15,") &&
	      strstr(s, "\"protocol\":\"tcp\",\"port\":null,\"netns\":4026532999,\"rcvbuf\":null,\"device\":null,\"address\":\"192.0.2.1\"},"),
	      "retrans: JSON:\n%s", s);
	views_free(&v, 1);
}

/*
 * Retransmits spread: 30 over 5 peers of one namespace, none with half;
 * another namespace's 25 over 3 peers with 13 at one (retrans_peer's),
 * a third's 24 over 2 peers, and a fourth's 9 over 4: none of those.
 */
static void test_retrans_spread(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_RETRANS);
	for (uint8_t p = 1; p <= 5; p++)
		flow(&v, p, 40000 + p, 1, NS_X, p == 2 ? 10 : 5);
	flow(&v, 1, 40100, 2, NS_X, 90);	/* SYN_SENT: not counted */
	flow(&v, 1, 40101, 1, INIT_NETNS, 13);
	flow(&v, 2, 40102, 1, INIT_NETNS, 6);
	flow(&v, 3, 40103, 1, INIT_NETNS, 6);
	flow(&v, 1, 40201, 1, 4026532001U, 12);
	flow(&v, 2, 40202, 1, 4026532001U, 12);
	for (uint8_t p = 1; p <= 4; p++)
		flow(&v, p, 40300 + p, 1, 4026532002U, p == 1 ? 3 : 2);
	in.views[TPSTAT_VIEW_RETRANS] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "] retrans_spread: 30 TCP retransmits spread over 5 peers, none with half: 192.0.2.2 most (10)\n") &&
	      strstr(s, "who:    this host's side, netns 4026532999\n") &&
	      strstr(s, "knobs:  net.core.default_qdisc = fq_codel\n") &&
	      strstr(s, "more:   tpstat retrans netns 4026532999\n") &&
	      strstr(s, "] retrans_peer: 13 TCP retransmits to 192.0.2.1") &&
	      !strstr(s, "spread over 3") && !strstr(s, "spread over 2") &&
	      !strstr(s, "spread over 4") && !strstr(s, "[5]"),
	      "retrans spread: NS_X's 5 peers; not 13 of 25, 2 peers, 9:\n%s",
	      s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"retrans_spread\",\"count\":30,") &&
	      strstr(s, "\"protocol\":\"tcp\",\"port\":null,\"netns\":4026532999,\"rcvbuf\":null,\"device\":null,\"address\":\"192.0.2.2\"},"),
	      "retrans spread: JSON:\n%s", s);
	views_free(&v, 1);
}

/*
 * Devices whose driver refused: a tun's 100 errors (its txqueuelen from
 * the test's directory), a NIC's timeouts, another namespace's device
 * of the same name (no knob read), one whose name is gone, and 9.
 */
static void test_device_errors(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_DEVICES);
	device(&v, "tun0", 4, NS_X, 500, 100, 0);
	device(&v, "eth0", 2, NS_X, 90000, 9, 3);
	device(&v, "tun0", 4, INIT_NETNS, 10, 20, 0);
	device(&v, NULL, 9, NS_X, 0, 11, 0);
	device(&v, "eth1", 3, NS_X, 100, 9, 0);
	in.views[TPSTAT_VIEW_DEVICES] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] device_errors: tun0's driver refused 100 of 600 packets handed to it, with 0 transmit timeouts\n") &&
	      strstr(s, "who:    device tun0, netns 4026532999\n") &&
	      strstr(s, "cause:  the driver refused packets") &&
	      strstr(s, "knobs:  tun0 txqueuelen = 500\n") &&
	      strstr(s, "more:   tpstat devices dev tun0 netns 4026532999\n") &&
	      strstr(s, "] device_errors: tun0's driver refused 20 of 30 packets handed to it") &&
	      strstr(s, "knobs:  tun0 txqueuelen = (not readable)\n") &&
	      strstr(s, "] device_errors: eth0's driver refused 9 of 90009 packets handed to it, with 3 transmit timeouts\n") &&
	      strstr(s, "cause:  the transmit watchdog fired") &&
	      strstr(s, "] device_errors: ifindex 9's driver refused 11 of 11") &&
	      strstr(s, "more:   tpstat devices dev 9 netns 4026532999\n") &&
	      !strstr(s, "eth1") && !strstr(s, "[5]"),
	      "devices: tun0's 100, the other tun0's 20, eth0's 12, ifindex 9's 11; not eth1's 9:\n%s",
	      s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"device_errors\",\"count\":100,") &&
	      strstr(s, "\"rcvbuf\":null,\"device\":\"tun0\",\"address\":null},") &&
	      strstr(s, "{\"name\":\"tun0 txqueuelen\",\"value\":\"500\"}"),
	      "devices: JSON:\n%s", s);
	views_free(&v, 1);
}

/*
 * A full neighbour table: NEIGH_CREATEFAIL per namespace (gc_thresh3's
 * values from the test's directory, ND's not there); 9 in another
 * namespace make none; under -i, the tables' table_fulls where the view
 * has no such drop, and not where it has.
 */
static void test_neigh_table_full(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_DROPS);
	drop(&v, "ip_finish_output2+0x1/0x2", "NEIGH_CREATEFAIL", NS_X, 20);
	drop(&v, "ip6_finish_output2+0x1/0x2", "NEIGH_CREATEFAIL", NS_X, 4);
	drop(&v, "ip_finish_output2+0x1/0x2", "NEIGH_CREATEFAIL", INIT_NETNS, 9);
	drop(&v, "neigh_invalidate+0x1/0x2", "NEIGH_FAILED", NS_X, 40);
	in.views[TPSTAT_VIEW_DROPS] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "] neigh_table_full: 24 packets dropped because their next hop got no neighbour entry (NEIGH_CREATEFAIL)\n") &&
	      strstr(s, "who:    packets sent from netns 4026532999 (tpstat drops --by dev shows the devices; the table is the host's)\n") &&
	      strstr(s, "knobs:  net.ipv4.neigh.default.gc_thresh3 = 16; net.ipv6.neigh.default.gc_thresh3 = (not readable)\n") &&
	      strstr(s, "more:   tpstat drops --by location reason NEIGH_CREATEFAIL netns 4026532999; ip -s neigh\n") &&
	      !strstr(s, "neigh_table_full: 9 "),
	      "neigh table: netns X's 24, not init's 9:\n%s", s);
	s = report(&in, true, &st);
	CHECK(json_balanced(s) &&
	      strstr(s, "{\"rule\":\"neigh_table_full\",\"count\":24,") &&
	      strstr(s, "{\"name\":\"net.ipv4.neigh.default.gc_thresh3\",\"value\":\"16\"}"),
	      "neigh table: JSON:\n%s", s);
	in.mibs = (struct doctor_mibs){
		.has_table_fulls = true, .netns = INIT_NETNS, .table_fulls = 30,
	};
	s = report(&in, false, &st);
	CHECK(!strstr(s, "table_fulls") && strstr(s, "neigh_table_full: 24 "),
	      "neigh table: the view's rows stand for the tables':\n%s", s);
	views_free(&v, 1);
	view_start(&v, TPSTAT_VIEW_DROPS);
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] neigh_table_full: 30 neighbour entries refused because the table was full (table_fulls)\n") &&
	      strstr(s, "who:    the host's ARP and ND tables, which every namespace shares") &&
	      strstr(s, "more:   lnstat -c 1 -k arp_cache:entries,arp_cache:table_fulls,ndisc_cache:entries,ndisc_cache:table_fulls; ip -s neigh\n"),
	      "neigh table: 30 table_fulls in the interval, no drop reason:\n%s",
	      s);
	in.mibs.table_fulls = 9;
	s = report(&in, false, &st);
	CHECK(st == 0, "neigh table: 9 table_fulls make none:\n%s", s);
	views_free(&v, 1);
}

/*
 * A CPU's backlog full: CPU_BACKLOG per namespace, with the three knobs;
 * under -i, softnet_stat's dropped where the view has no such drop.
 */
static void test_backlog_drops(void)
{
	struct doctor_input in = { 0 };
	struct view v;
	const char *s;
	int st;

	view_start(&v, TPSTAT_VIEW_DROPS);
	drop(&v, "enqueue_to_backlog+0x1/0x2", "CPU_BACKLOG", NS_X, 199);
	drop(&v, "enqueue_to_backlog+0x1/0x2", "CPU_BACKLOG", INIT_NETNS, 9);
	in.views[TPSTAT_VIEW_DROPS] = &v;
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] backlog_drops: 199 packets dropped because a CPU's input backlog was full (CPU_BACKLOG)\n") &&
	      strstr(s, "who:    packets received in netns 4026532999 (tpstat drops --by dev shows the devices; the backlog is a CPU's)\n") &&
	      strstr(s, "knobs:  net.core.netdev_max_backlog = 10; net.core.netdev_budget = 300; net.core.netdev_budget_usecs = 2000\n") &&
	      strstr(s, "more:   tpstat drops --by dev reason CPU_BACKLOG netns 4026532999; cat /proc/net/softnet_stat\n") &&
	      !strstr(s, "[2]"),
	      "backlog: netns X's 199, not init's 9:\n%s", s);
	in.mibs = (struct doctor_mibs){
		.has_backlog_drops = true, .backlog_drops = 50,
	};
	s = report(&in, false, &st);
	CHECK(!strstr(s, "(softnet_stat)") && strstr(s, "backlog_drops: 199 "),
	      "backlog: the view's rows stand for softnet_stat's:\n%s", s);
	views_free(&v, 1);
	view_start(&v, TPSTAT_VIEW_DROPS);
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] backlog_drops: 50 packets dropped because a CPU's input backlog was full (softnet_stat)\n") &&
	      strstr(s, "who:    the host's CPUs") &&
	      strstr(s, "more:   cat /proc/net/softnet_stat\n"),
	      "backlog: 50 of softnet_stat's in the interval:\n%s", s);
	in.mibs.backlog_drops = 9;
	s = report(&in, false, &st);
	CHECK(st == 0, "backlog: 9 make none:\n%s", s);
	views_free(&v, 1);
}

/*
 * The tables' statistics: a column summed over the CPUs' hex lines; the
 * MIBs' change, where both reads have them and none went back.
 */
static void test_neigh_stat(void)
{
	static const char stat[] =
		"entries  allocs   table_fulls\n"
		"00000011 0000000a 00000010\n"
		"00000011 00000003 0000000e\n";
	static const char sn[] =
		"0000a000 0000001f 00000001 00000000\n"
		"00000500 00000002 00000002 00000000\n";
	char path[] = "/tmp/tpstat-arp-XXXXXX";
	char softnet[] = "/tmp/tpstat-softnet-XXXXXX";
	struct doctor_mibs then = { .has_listen = true, .listen_overflows = 5,
				    .has_table_fulls = true, .table_fulls = 7 };
	struct doctor_mibs now = { .netns = NS_X, .has_listen = true,
				   .listen_overflows = 4,
				   .has_table_fulls = true, .table_fulls = 37 };
	struct doctor_mibs moved;
	uint64_t val = 0;
	int fd = mkstemp(path);

	CHECK(fd >= 0 && write(fd, stat, sizeof(stat) - 1) ==
	      (ssize_t)(sizeof(stat) - 1), "neigh stat: a file");
	if (fd >= 0)
		close(fd);
	CHECK(doctor_neigh_stat(path, "table_fulls", &val) && val == 30 &&
	      doctor_neigh_stat(path, "allocs", &val) && val == 13 &&
	      !doctor_neigh_stat(path, "hits", &val) &&
	      !doctor_neigh_stat("/nonexistent", "allocs", &val),
	      "neigh stat: a column's hex summed over CPUs (%llu)",
	      (unsigned long long)val);
	unlink(path);
	fd = mkstemp(softnet);
	CHECK(fd >= 0 && write(fd, sn, sizeof(sn) - 1) ==
	      (ssize_t)(sizeof(sn) - 1), "softnet stat: a file");
	if (fd >= 0)
		close(fd);
	CHECK(doctor_softnet_stat(softnet, 1, &val) && val == 0x1f + 0x02 &&
	      doctor_softnet_stat(softnet, 2, &val) && val == 3 &&
	      !doctor_softnet_stat("/nonexistent", 1, &val),
	      "softnet stat: the second column summed over CPUs (%llu)",
	      (unsigned long long)val);
	unlink(softnet);
	doctor_mibs_moved(&moved, &then, &now);
	CHECK(moved.netns == NS_X && !moved.has_listen &&
	      moved.has_table_fulls && moved.table_fulls == 30,
	      "mibs moved: 30 table_fulls; the listen count went back: none");
	now.has_table_fulls = false;
	doctor_mibs_moved(&moved, &then, &now);
	CHECK(!moved.has_table_fulls, "mibs moved: not read now, none");
}

/*
 * The MIB under -i: /proc/net/netstat's TcpExt read by name; 12 listen
 * overflows in the interval make a finding in the tool's namespace, 9
 * none, and the view's TCP_LISTEN_OVERFLOW rows of that namespace stand
 * for it where there are some.
 */
static void test_listen_mib(void)
{
	static const char netstat[] =
		"TcpExt: SyncookiesSent ListenOverflows ListenDrops\n"
		"TcpExt: 0 54 55\n"
		"IpExt: InNoRoutes ListenOverflows\n"
		"IpExt: 1 2\n";
	char path[] = "/tmp/tpstat-netstat-XXXXXX";
	struct doctor_input in = { 0 };
	struct view v;
	uint64_t val = 0;
	const char *s;
	int st, fd = mkstemp(path);

	CHECK(fd >= 0 && write(fd, netstat, sizeof(netstat) - 1) ==
	      (ssize_t)(sizeof(netstat) - 1), "mib: a netstat file");
	if (fd >= 0)
		close(fd);
	CHECK(doctor_mib(path, "ListenOverflows", &val) && val == 54 &&
	      doctor_mib(path, "ListenDrops", &val) && val == 55 &&
	      !doctor_mib(path, "InNoRoutes", &val) &&
	      !doctor_mib("/nonexistent", "ListenDrops", &val),
	      "mib: TcpExt's by name, not IpExt's (%llu)",
	      (unsigned long long)val);
	unlink(path);

	view_start(&v, TPSTAT_VIEW_DROPS);
	in.views[TPSTAT_VIEW_DROPS] = &v;
	in.mibs = (struct doctor_mibs){
		.has_listen = true, .netns = NS_X, .listen_overflows = 12,
	};
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS &&
	      strstr(s, "[1] listen_overflow: 12 TCP handshakes refused because a listener's accept queue was full (TcpExtListenOverflows)\n") &&
	      strstr(s, "who:    tcp listeners in netns 4026532999 (the MIB has no port") &&
	      strstr(s, "knobs:  net.core.somaxconn = 4096; net.ipv4.tcp_max_syn_backlog = 512\n") &&
	      strstr(s, "more:   nstat -az TcpExtListenOverflows TcpExtListenDrops; ss -ltn\n"),
	      "mib: 12 listen overflows in the interval:\n%s", s);
	in.mibs.listen_overflows = 9;
	s = report(&in, false, &st);
	CHECK(st == 0, "mib: 9 make none:\n%s", s);
	in.mibs.listen_overflows = 30;
	drop(&v, "tcp_check_req+0x1/0x2", "TCP_LISTEN_OVERFLOW", NS_X, 25);
	s = report(&in, false, &st);
	CHECK(st == DOCTOR_EXIT_FINDINGS && strstr(s, "[1] listen_overflow: 25 ") &&
	      !strstr(s, "[2]"),
	      "mib: the view's rows of that netns stand for it:\n%s", s);
	views_free(&v, 1);
}

/* Called by test_doctor(), inside its directory of sysctls. */
void test_doctor_paths(void)
{
	test_neigh_failures();
	test_neigh_table_full();
	test_qdisc_drops();
	test_auth_failures();
	test_netfilter_drops();
	test_retrans_peer();
	test_retrans_spread();
	test_device_errors();
	test_backlog_drops();
	test_listen_mib();
	test_neigh_stat();
}
