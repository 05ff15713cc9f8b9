// SPDX-License-Identifier: GPL-2.0
/*
 * The views that name sockets (errors, rcvq, neigh, auth), rows of the
 * views' table (unit_views.c): their rows in a namespace with a name
 * ("db", unit_netns.c) or without one, the entries whose attributes
 * have the wrong length left out or null, and their Prometheus family.
 */
#include <errno.h>
#include <string.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include "unit.h"

/* Export's scrape of each, in namespace 4026532157. */
static const char want_errors[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	"tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"
	"# HELP tpstat_socket_errors_total Errors reported on TCP and UDP sockets (sock:inet_sk_error_report) per errno (its name, or its number), protocol and service port: side is remote where the local port was ephemeral (a client), else local; netns is the namespace's inode number, netns_cookie its cookie (an inode number is reused once its namespace is gone, a cookie never is); lost to a full errors table they are not counted here\n"
	"# TYPE tpstat_socket_errors_total counter\n"
	"tpstat_socket_errors_total{errno=\"ECONNREFUSED\",protocol=\"tcp\",port=\"8080\",side=\"remote\",netns=\"4026532157\",netns_cookie=\"\"} 43\n"
	"tpstat_socket_errors_total{errno=\"EHOSTUNREACH\",protocol=\"udp\",port=\"53\",side=\"local\",netns=\"4026531840\",netns_cookie=\"\"} 2\n"
	"tpstat_socket_errors_total{errno=\"ECONNRESET\",protocol=\"132\",port=\"5000\",side=\"local\",netns=\"4026531840\",netns_cookie=\"\"} 1\n"
	"tpstat_socket_errors_total{errno=\"4000\",protocol=\"tcp\",port=\"443\",side=\"remote\",netns=\"4026531840\",netns_cookie=\"\"} 1\n";

static const char want_rcvq[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	"tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"
	"# HELP tpstat_socket_rcvq_drops_total Packets dropped because the receiving socket's queue was full (UDP as UdpRcvbufErrors counts them, udp:udp_fail_queue_rcv_skb; raw and ping sockets, sock:sock_rcvqueue_full) per protocol and local port (a raw socket's is the IP protocol it receives); netns is the namespace's inode number, netns_cookie its cookie (an inode number is reused once its namespace is gone, a cookie never is); lost to a full rcvq table they are not counted here\n"
	"# TYPE tpstat_socket_rcvq_drops_total counter\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"514\",netns=\"4026532157\",netns_cookie=\"\"} 1230\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"53\",netns=\"4026531840\",netns_cookie=\"\"} 7\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"raw\",port=\"17\",netns=\"4026531840\",netns_cookie=\"\"} 7\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"icmpv6\",port=\"9\",netns=\"4026531840\",netns_cookie=\"\"} 2\n"
	"tpstat_socket_rcvq_drops_total{protocol=\"200\",port=\"5000\",netns=\"4026531840\",netns_cookie=\"\"} 1\n";

static const char want_neigh[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	"tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"
	"# HELP tpstat_neigh_failures_total Neighbours (ARP, ND) whose resolution failed (reached NUD_FAILED from INCOMPLETE or PROBE: neigh:neigh_timer_handler, neigh:neigh_update), per device (its name when read, else ifindex N), family, address and netns (the namespace's inode number; netns_cookie its cookie, which unlike the inode number is never reused); bounded by the module's neigh_keys, lost ones are not counted here\n"
	"# TYPE tpstat_neigh_failures_total counter\n"
	"tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv6\",address=\"fd98::10\",netns=\"4026532157\",netns_cookie=\"\"} 3\n"
	"tpstat_neigh_failures_total{device=\"ifindex 7\",family=\"ipv4\",address=\"192.168.7.7\",netns=\"4026531840\",netns_cookie=\"\"} 2\n"
	"tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.9\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"
	"tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.10\",netns=\"4026532157\",netns_cookie=\"\"} 1\n";


/* ---- the rows' own checks ------------------------------------------------ */

static void errors_read(const struct view *v)
{
	static const struct view_entry both = {
		.has_sport = true, .has_dport = true,
	};
	uint16_t port;

	CHECK(v->n == 6 && v->e[0].has_err && v->e[0].err == 4000 &&
	      v->e[0].has_protocol && v->e[0].protocol == IPPROTO_TCP &&
	      v->e[0].has_dport && !v->e[0].has_sport && v->e[0].dport == 443,
	      "error entry attributes");
	CHECK(!v->e[5].has_err && !v->e[5].has_protocol &&
	      !v->e[5].has_sport && !v->e[5].has_dport && v->e[5].count == 1,
	      "wrong lengths are left out");
	CHECK(errors_side(&v->e[2], &port) == SIDE_LOCAL && port == 53 &&
	      errors_side(&v->e[1], &port) == SIDE_REMOTE && port == 8080 &&
	      errors_side(&v->e[5], &port) == SIDE_NONE && port == 0 &&
	      errors_side(&both, &port) == SIDE_NONE,
	      "the service port: SPORT local, DPORT remote, one of them");
}

static void errors_sorted(const struct view *v)
{
	CHECK(v->e[0].count == 40 && v->e[1].count == 3 && v->e[2].count == 2 &&
	      v->e[3].err == ECONNRESET && v->e[4].err == 4000 &&
	      !v->e[5].has_err, "most first, ties by errno, invalid last");
}

/* Export: ERRORS summed over the family; entries lacking a key left out. */
static void errors_summed(const struct view *v)
{
	CHECK(v->n == 5 && v->e[0].count == 43 && !v->e[0].family,
	      "IPv4 and IPv6 summed: %zu entries", v->n);
}

static void rcvq_read(const struct view *v)
{
	CHECK(v->n == 7 && v->e[1].has_protocol &&
	      v->e[1].protocol == IPPROTO_UDP && v->e[1].family == AF_INET6 &&
	      v->e[1].has_sport && v->e[1].sport == 514 &&
	      v->e[1].count == 30 && ROW_HAS_VAL(v->e[1], RCVBUF) &&
	      ROW_VAL(v->e[1], RCVBUF) == 4608, "rcvq entry attributes");
	CHECK(!v->e[6].has_protocol && !v->e[6].has_sport &&
	      !ROW_HAS_VAL(v->e[6], RCVBUF) && v->e[6].count == 1,
	      "wrong lengths are left out");
}

static void rcvq_sorted(const struct view *v)
{
	CHECK(v->e[0].count == 1200 && v->e[1].count == 30 &&
	      v->e[2].sport == 53 && v->e[3].protocol == IPPROTO_RAW &&
	      v->e[4].count == 2 && v->e[5].protocol == 200 &&
	      !v->e[6].has_protocol,
	      "most first, ties by protocol, invalid last");
}

/* Export's sum over the family: 514 in its namespace once; no-key entry out. */
static void rcvq_summed(const struct view *v)
{
	CHECK(v->n == 5 && v->e[0].count == 1230 && v->e[0].sport == 514 &&
	      !v->e[0].family && ROW_VAL(v->e[0], RCVBUF) == 4608,
	      "IPv4 and IPv6 summed, the largest buffer: %zu entries", v->n);
}

static void neigh_read(const struct view *v)
{
	CHECK(v->n == 5 && v->e[0].ifindex == 2 && v->e[0].has_ifname &&
	      v->e[0].daddr_len == 4 && v->e[2].daddr_len == 16 &&
	      !v->e[1].has_ifname && v->e[4].daddr_len == 0,
	      "neigh entry attributes; a 3-byte address is left out");
}

static void neigh_sorted(const struct view *v)
{
	CHECK(v->e[0].count == 3 && v->e[1].count == 2 &&
	      v->e[2].ifindex == 3 && v->e[3].daddr[3] == 9 &&
	      v->e[4].daddr[3] == 10,
	      "most first, ties by namespace, device, address");
}

static void auth_read(const struct view *v)
{
	CHECK(v->n == 5 && v->e[0].has_kind &&
	      v->e[0].kind == TPSTAT_AUTH_MD5_REQUIRED &&
	      v->e[0].daddr_len == 4 && v->e[0].has_sport &&
	      v->e[0].sport == 179 && v->e[1].daddr_len == 16,
	      "auth entry attributes");
	CHECK(!v->e[4].has_kind && !v->e[4].has_sport &&
	      !v->e[4].daddr_len && v->e[4].count == 1,
	      "auth: wrong lengths are left out");
}

static void auth_sorted(const struct view *v)
{
	CHECK(v->e[0].count == 12 && v->e[1].count == 4 &&
	      v->e[1].kind == TPSTAT_AUTH_MD5_REQUIRED &&
	      v->e[2].kind == TPSTAT_AUTH_MD5_MISMATCH &&
	      v->e[3].count == 1 && v->e[3].has_kind &&
	      !v->e[4].has_kind,
	      "most first, ties by kind, no kind last");
}

/* ---- the table ----------------------------------------------------------- */

static const struct view_case socket_views[] = {
	{
		.dump_ns = errors_view, .ns = NS_DB, .ns_name = "db",
		.read = errors_read, .arranged = errors_sorted,
		.out = {
#if ECONNREFUSED == 111 && EHOSTUNREACH == 113 && ECONNRESET == 104
			{ OUT_TEXT, MATCH_EXACT, .want = {
				"   COUNT  ERROR               PROTO  SERVICE           NETNS\n"
				"      40  ECONNREFUSED (111)  tcp    remote port 8080  ${ns}\n"
				"       3  ECONNREFUSED (111)  tcp6   remote port 8080  ${ns}\n"
				"       2  EHOSTUNREACH (113)  udp6   local port 53     4026531840\n"
				"       1  ECONNRESET (104)    132    local port 5000   4026531840\n"
				"       1  errno 4000          tcp    remote port 443   4026531840\n"
				"       1  -                   -      -                 4026531840\n"
				"overflow: 0 lost updates (table 6/256)\n" },
			  .what = "errors text" },
#else
			/* Alpha, MIPS, PA-RISC, SPARC number errnos otherwise: widths vary. */
			{ OUT_TEXT, MATCH_ALL, .want = {
				"tcp6   remote port 8080  ${ns}\n",
				"errno 4000 ",
				"udp6   local port 53     4026531840\n" },
			  .what = "errors text" },
#endif
			{ OUT_JSON, MATCH_START, .want = {
				"{\"schema_version\":1,\"view\":\"errors\",\"overflow\":0,"
				"\"entries\":6,\"capacity\":256,\"errors\":["
				"{\"count\":40,\"errno\":${ECONNREFUSED},\"error\":\"ECONNREFUSED\","
				"\"message\":\"${strerror ECONNREFUSED}\","
				"\"protocol\":\"tcp\",\"family\":\"ipv4\",\"port\":8080,"
				"\"port_side\":\"remote\",${netns}}," },
			  .what = "errors JSON, TCP remote port" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":3,\"errno\":${ECONNREFUSED},\"error\":\"ECONNREFUSED\","
				"\"message\":\"${strerror ECONNREFUSED}\","
				"\"protocol\":\"tcp\",\"family\":\"ipv6\",\"port\":8080,"
				"\"port_side\":\"remote\",${netns}}," },
			  .what = "errors JSON, the same over IPv6" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":2,\"errno\":${EHOSTUNREACH},\"error\":\"EHOSTUNREACH\","
				"\"message\":\"${strerror EHOSTUNREACH}\","
				"\"protocol\":\"udp\",\"family\":\"ipv6\",\"port\":53,"
				"\"port_side\":\"local\",\"netns\":4026531840}" },
			  .what = "errors JSON, UDP local port" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":1,\"errno\":${ECONNRESET},\"error\":\"ECONNRESET\","
				"\"message\":\"${strerror ECONNRESET}\",\"protocol\":\"132\"," },
			  .what = "errors JSON, another protocol's number" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":1,\"errno\":4000,\"error\":null,"
				"\"message\":\"${strerror 4000}\","
				"\"protocol\":\"tcp\",\"family\":\"ipv4\",\"port\":443,"
				"\"port_side\":\"remote\",\"netns\":4026531840}" },
			  .what = "errors JSON, an errno without a name" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":1,\"errno\":null,\"error\":null,\"message\":null,"
				"\"protocol\":null,\"family\":\"ipv4\",\"port\":null,"
				"\"port_side\":null,\"netns\":4026531840}]}\n" },
			  .what = "errors JSON, wrong lengths: null" },
		},
		.prom = {
			.what = "socket errors exposition", .ns = 4026532157U,
			.prepared = errors_summed, .match = MATCH_EXACT,
			.want = { want_errors }, .absent = "socket_errors",
		},
	}, {
		.dump_ns = rcvq_view, .ns = NS_DB, .ns_name = "db",
		.read = rcvq_read, .arranged = rcvq_sorted,
		.out = {
			{ OUT_TEXT, MATCH_EXACT, .want = {
				"   COUNT  RCVBUF  PROTO    PORT  NETNS\n"
				"    1200    2304  udp       514  ${ns}\n"
				"      30    4608  udp6      514  ${ns}\n"
				"       7  212992  udp        53  4026531840\n"
				"       7    4608  raw        17  4026531840\n"
				"       2    4608  icmpv6      9  4026531840\n"
				"       1   65536  200      5000  4026531840\n"
				"       1       -  -           -  4026531840\n"
				"overflow: 2 lost updates (table 7/256)\n" },
			  .what = "rcvq text" },
			{ OUT_JSON, MATCH_START, .want = {
				"{\"schema_version\":1,\"view\":\"rcvq\",\"overflow\":2,"
				"\"entries\":7,\"capacity\":256,\"rcvq\":["
				"{\"count\":1200,\"rcvbuf\":2304,\"protocol\":\"udp\","
				"\"family\":\"ipv4\",\"port\":514,${netns}},"
				"{\"count\":30,\"rcvbuf\":4608,\"protocol\":\"udp\","
				"\"family\":\"ipv6\",\"port\":514,${netns}}," },
			  .what = "rcvq JSON, UDP" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":7,\"rcvbuf\":4608,\"protocol\":\"raw\","
				"\"family\":\"ipv4\",\"port\":17,\"netns\":4026531840}" },
			  .what = "rcvq JSON, a raw socket" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":1,\"rcvbuf\":65536,\"protocol\":\"200\"," },
			  .what = "rcvq JSON, another protocol's number" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":1,\"rcvbuf\":null,\"protocol\":null,"
				"\"family\":\"ipv4\",\"port\":null,\"netns\":4026531840}]}\n" },
			  .what = "rcvq JSON, wrong lengths: null" },
		},
		.prom = {
			.what = "rcvq exposition", .ns = 4026532157U,
			.prepared = rcvq_summed, .match = MATCH_EXACT,
			.want = { want_rcvq }, .absent = "rcvq",
		},
	}, {
		/* After the initial namespace's. */
		.dump_ns = neigh_view, .ns = 4026532157U,
		.read = neigh_read, .arranged = neigh_sorted,
		.out = {
			{ OUT_TEXT, MATCH_EXACT, .want = {
				"DEVICE     ADDRESS      FAILURES  NETNS\n"
				"eth0       fd98::10            3  ${ns}\n"
				"ifindex 7  192.168.7.7         2  4026531840\n"
				"wlan0      ?                   1  4026531840\n"
				"eth0       10.0.0.9            1  ${ns}\n"
				"eth0       10.0.0.10           1  ${ns}\n"
				"overflow: 1 lost updates (table 5/256)\n" },
			  .what = "neigh text" },
			{ OUT_JSON, MATCH_START, .want = {
				"{\"schema_version\":1,\"view\":\"neigh\",\"overflow\":1,"
				"\"entries\":5,\"capacity\":256,\"neighbours\":[" },
			  .what = "neigh JSON header" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"ifname\":\"eth0\",\"ifindex\":2,\"family\":\"ipv6\","
				"\"address\":\"fd98::10\",\"failures\":3,${netns}}" },
			  .what = "neigh JSON, ND" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"ifname\":null,\"ifindex\":7,\"family\":\"ipv4\","
				"\"address\":\"192.168.7.7\",\"failures\":2,"
				"\"netns\":4026531840}" },
			  .what = "neigh JSON, a device gone" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"ifname\":\"wlan0\",\"ifindex\":3,\"family\":\"ipv4\","
				"\"address\":null,\"failures\":1,"
				"\"netns\":4026531840}" },
			  .what = "neigh JSON, a bad address: null" },
		},
		/* One sample per neighbour, the one without an address left out. */
		.prom = {
			.what = "neigh exposition", .ns = 4026532157U,
			.match = MATCH_EXACT, .want = { want_neigh },
			.absent = "neigh_failures",
		},
	}, {
		.dump_ns = auth_view, .ns = NS_DB,
		.read = auth_read, .arranged = auth_sorted,
		.out = {
			{ OUT_TEXT, MATCH_EXACT, .want = {
				"   COUNT  KIND          PEER       LPORT  NETNS\n"
				"      12  MD5 mismatch  10.0.0.2     179  ${ns}\n"
				"       4  MD5 required  10.0.0.2     179  ${ns}\n"
				"       4  MD5 mismatch  fd00::2      179  ${ns}\n"
				"       1  kind 200      192.0.2.7     22  4026531840\n"
				"       1  -             -              -  4026531840\n"
				"overflow: 0 lost updates (table 5/256)\n" },
			  .what = "auth text" },
			{ OUT_JSON, MATCH_START, .want = {
				"{\"schema_version\":1,\"view\":\"auth\",\"overflow\":0,"
				"\"entries\":5,\"capacity\":256,\"auth_failures\":["
				"{\"count\":12,\"kind\":\"md5_mismatch\","
				"\"kind_code\":${TPSTAT_AUTH_MD5_MISMATCH},"
				"\"family\":\"ipv4\",\"peer\":\"10.0.0.2\",\"port\":179,${netns}}," },
			  .what = "auth JSON, first entry" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":4,\"kind\":\"md5_mismatch\","
				"\"kind_code\":${TPSTAT_AUTH_MD5_MISMATCH},"
				"\"family\":\"ipv6\",\"peer\":\"fd00::2\",\"port\":179,${netns}}" },
			  .what = "auth JSON, IPv6 peer" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":1,\"kind\":null,\"kind_code\":200,"
				"\"family\":\"ipv4\",\"peer\":\"192.0.2.7\",\"port\":22,"
				"\"netns\":4026531840}" },
			  .what = "auth JSON, unknown kind: null name, its number" },
			{ OUT_JSON, MATCH_ALL, .want = {
				"{\"count\":1,\"kind\":null,\"kind_code\":null,"
				"\"family\":\"ipv4\",\"peer\":null,\"port\":null,"
				"\"netns\":4026531840}]}\n" },
			  .what = "auth JSON, wrong lengths: null" },
		},
		/* A sample per entry; one without a known kind, peer or port left out. */
		.prom = {
			.what = "auth failures exposition", .ns = 4026532157U,
			.match = MATCH_ALL, .want = {
				"# HELP tpstat_tcp_auth_failures_total TCP segments that failed TCP-MD5 or TCP-AO authentication",
				"# TYPE tpstat_tcp_auth_failures_total counter\n"
				"tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"\"} 12\n"
				"tpstat_tcp_auth_failures_total{kind=\"md5_required\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"\"} 4\n"
				"tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"fd00::2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"\"} 4\n" },
			.lacks = "port=\"22\"", .absent = "auth_failures",
		},
	},
};

/* AUTH's kinds: words for the text, names for JSON and export. */
static void test_auth_kinds(void)
{
	CHECK(!strcmp(auth_kind_text(TPSTAT_AUTH_MD5_MISMATCH), "MD5 mismatch") &&
	      !strcmp(auth_kind_name(TPSTAT_AUTH_AO_KEY_NOT_FOUND),
		      "ao_key_not_found") &&
	      !auth_kind_text(__TPSTAT_AUTH_CNT) && !auth_kind_name(255),
	      "kind words and names; none for an unknown kind");
	for (unsigned int k = 0; k < __TPSTAT_AUTH_CNT; k++)
		CHECK(auth_kind_text(k) && auth_kind_name(k),
		      "kind %u has words and a name", k);
}

/* The views that name sockets, once the names directory has "db". */
void test_socket_views(void)
{
	test_auth_kinds();
	run_view_cases(socket_views, ARRAY_SIZE(socket_views));
}
