// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat doctor on the host: views built as the module sends them and a
 * directory of sysctls in place of /proc/sys, run through the rules'
 * table and printed as the command prints them, text and JSON, with
 * its exit status.
 */
#define _GNU_SOURCE	/* nftw() */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include "doctor.h"
#include "netns.h"
#include "unit.h"

/* A namespace no test names: its inode number prints as such. */
#define NS_X 4026532999U

/* ---- the module's replies ---------------------------------------------- */

static void view_start(struct view *v, uint32_t id)
{
	memset(v, 0, sizeof(*v));
	v->id = id;
	put_header_msg(v, 16, 1024, 0);
}

/* A drops entry whose reason has code @code. */
static void drop_coded(struct view *v, const char *loc, const char *reason,
		       uint32_t code, uint32_t ns, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, loc);
	mnl_attr_put_u32(nlh, TPSTAT_A_REASON, code);
	mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, reason);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 1);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "lo");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a drops entry");
}

static void drop(struct view *v, const char *loc, const char *reason,
		 uint32_t ns, uint64_t count)
{
	drop_coded(v, loc, reason, 7, ns, count);	/* the kernel's: any */
}

static void rcvq(struct view *v, uint8_t family, uint8_t proto, uint16_t port,
		 uint32_t ns, uint64_t count, uint32_t rcvbuf)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	mnl_attr_put_u32(nlh, TPSTAT_A_RCVBUF, rcvbuf);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: an rcvq entry");
}

/* A reset sent for a segment to local @port: @reason NULL, none (< 6.10). */
static void reset(struct view *v, uint8_t dir, uint16_t port, uint8_t peer,
		  uint32_t ns, const char *reason, uint64_t sent)
{
	const uint8_t addr[4] = { 192, 0, 2, peer };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, dir);
	mnl_attr_put_u16(nlh, dir == TPSTAT_DIRECTION_ACTIVE ? TPSTAT_A_DPORT :
			 TPSTAT_A_SPORT, port);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	if (reason) {
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 1);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, reason);
	}
	mnl_attr_put_u64(nlh, TPSTAT_A_RST_SENT, sent);
	mnl_attr_put_u64(nlh, TPSTAT_A_RST_RECEIVED, 0);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a resets entry");
}

/* A socket error: the service @port is remote (a client's) or local. */
static void sock_error(struct view *v, uint32_t err, uint16_t port,
		       bool remote, uint32_t ns, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, IPPROTO_TCP);
	mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, err);
	mnl_attr_put_u16(nlh, remote ? TPSTAT_A_DPORT : TPSTAT_A_SPORT, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: an errors entry");
}

/* @count drops for @reason on device @dev (ifindex @ifindex). */
static void dev_drop(struct view *v, const char *dev, uint32_t ifindex,
		     const char *reason, uint32_t ns, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "__dev_queue_xmit+0x1/0x2");
	mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 7);
	mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, reason);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, dev);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a device's drops");
}

/* @count TCP-MD5/AO failures of @kind from 192.0.2.@peer to local @port. */
static void auth(struct view *v, uint8_t kind, uint8_t peer, uint16_t port,
		 uint32_t ns, uint64_t count)
{
	const uint8_t addr[4] = { 192, 0, 2, peer };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_AUTH_KIND, kind);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: an auth entry");
}

/* A flow to 192.0.2.@peer:443 from local @sport, last in @state. */
static void flow(struct view *v, uint8_t peer, uint16_t sport, uint8_t state,
		 uint32_t ns, uint64_t retrans)
{
	const uint8_t local[4] = { 198, 51, 100, 1 };
	const uint8_t addr[4] = { 192, 0, 2, peer };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, 4, local);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, sport);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 443);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, state);
	mnl_attr_put_u64(nlh, TPSTAT_A_RETRANS, retrans);
	mnl_attr_put_u64(nlh, TPSTAT_A_SYNACK_RETRANS, 0);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a retrans entry");
}

/* A device's transmits: @name NULL, one whose name is gone. */
static void device(struct view *v, const char *name, uint32_t ifindex,
		   uint32_t ns, uint64_t sent, uint64_t errors,
		   uint64_t timeouts)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (name)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, name);
	mnl_attr_put_u64(nlh, TPSTAT_A_TX_PACKETS, sent);
	mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_ERRORS, errors);
	mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_TIMEOUTS, timeouts);
	mnl_attr_put_u64(nlh, TPSTAT_A_RX_PACKETS, 7);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a devices entry");
}

/* A protocol refused memory at @port: @alloc pages against @limit. */
static void sockmem(struct view *v, uint8_t proto, uint16_t port, uint8_t kind,
		    uint32_t ns, uint64_t count, uint64_t alloc, uint64_t limit)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	mnl_attr_put_u8(nlh, TPSTAT_A_MEM_KIND, kind);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	mnl_attr_put_u64(nlh, TPSTAT_A_MEM_ALLOCATED, alloc);
	mnl_attr_put_u64(nlh, TPSTAT_A_MEM_LIMIT, limit);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a sockmem entry");
}

/* Neighbour 192.0.2.@host on @dev (ifindex @ifindex) failed @count times. */
static void neigh(struct view *v, const char *dev, uint32_t ifindex,
		  uint8_t host, uint32_t ns, uint64_t count)
{
	const uint8_t addr[4] = { 192, 0, 2, host };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (dev)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, dev);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a neigh entry");
}

/* ---- the sysctls --------------------------------------------------------- */

static char sysdir[] = "/tmp/tpstat-unit-doctor.XXXXXX";

static void sysctl_write(const char *name, const char *value)
{
	char path[256], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", sysdir, name);
	for (p = path + strlen(sysdir) + 1; *p; p++) {
		if (*p != '.')
			continue;
		*p = '\0';
		mkdir(path, 0700);
		*p = '/';
	}
	f = fopen(path, "w");
	CHECK(f, "doctor: sysctl %s written", name);
	if (f) {
		fputs(value, f);
		fclose(f);
	}
}

static void sysctl_remove(const char *name)
{
	char path[256], *p;

	snprintf(path, sizeof(path), "%s/%s", sysdir, name);
	for (p = path + strlen(sysdir) + 1; *p; p++)
		if (*p == '.')
			*p = '/';
	unlink(path);
}

/* A device's knob: its name's dots stay dots, as in /proc/sys. */
static void neigh_sysctl_write(const char *dev, const char *leaf,
			       const char *value)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/net/ipv4/neigh", sysdir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/net/ipv4/neigh/%s", sysdir, dev);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/net/ipv4/neigh/%s/%s", sysdir, dev,
		 leaf);
	f = fopen(path, "w");
	CHECK(f, "doctor: sysctl %s of %s written", leaf, dev);
	if (f) {
		fputs(value, f);
		fclose(f);
	}
}

/*
 * A device's settings, under the directory's "devices", for the tests'
 * namespace NS_X alone (doctor_device_root()).
 */
static void device_setting_write(const char *dev, const char *leaf,
				 const char *value)
{
	static char dir[256];	/* doctor_device_root() keeps it */
	char path[256];
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/devices", sysdir);
	mkdir(dir, 0700);
	doctor_device_root(dir, NS_X);
	snprintf(path, sizeof(path), "%s/devices/%s", sysdir, dev);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/devices/%s/%s", sysdir, dev, leaf);
	f = fopen(path, "w");
	CHECK(f, "doctor: %s of %s written", leaf, dev);
	if (f) {
		fputs(value, f);
		fclose(f);
	}
}

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void sysctls_clean(void)
{
	CHECK(!nftw(sysdir, remove_one, 8, FTW_DEPTH | FTW_PHYS),
	      "doctor: the sysctls' directory removed");
	doctor_sysctl_root(NULL);
	doctor_device_root(NULL, 0);
}

/* ---- a run, as the command makes it ---------------------------------------- */

struct run {
	const struct doctor_input *in;
	unsigned int read;
	const struct doctor_unread *unread;
	size_t n_unread;
	bool json;
	int status;		/* doctor_report()'s */
	char err[512];		/* what it said on stderr */
};

static void run_out(FILE *f, void *arg)
{
	struct run *r = arg;
	struct out_opts o = { .json = r->json };
	FILE *err = fmemopen(r->err, sizeof(r->err), "w");

	r->status = doctor_report(f, err, &o, r->in, r->read, r->unread,
				  r->n_unread);
	fclose(err);
}

/* The views of @in that are there, as read. */
static unsigned int read_of(const struct doctor_input *in)
{
	unsigned int read = 0;

	for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++)
		if (in->views[id])
			read |= DOCTOR_VIEW(id);
	return read;
}

/* doctor's text (or JSON) of @in into a static copy; its status in *@st. */
static const char *report(const struct doctor_input *in, bool json, int *st)
{
	static char copy[32768];
	struct run r = { .in = in, .read = read_of(in), .json = json };

	snprintf(copy, sizeof(copy), "%s", capture(run_out, &r));
	*st = r.status;
	return copy;
}

static void views_free(struct view *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		view_free(&v[i]);
}

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
	CHECK(strstr(s, "{\"reason\":\"QUEUE_PURGE\",\"reason_code\":91,\"loss\":false,\"count\":5700}") &&
	      strstr(s, "{\"reason\":\"NO_SOCKET\",\"reason_code\":3,\"loss\":true,\"count\":12}"),
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
		.has = true, .netns = NS_X, .listen_overflows = 12,
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
	CHECK(n == 12 && !strcmp(doctor_rule_at(0)->name, "rcvq_overflow"),
	      "twelve rules, rcvq_overflow first");
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
	      strstr(s, "qdisc_drops (reads drops)") &&
	      strstr(s, "auth_failures (reads auth)") &&
	      strstr(s, "netfilter_drops (reads drops)") &&
	      strstr(s, "retrans_peer (reads retrans)") &&
	      strstr(s, "retrans_spread (reads retrans)") &&
	      strstr(s, "device_errors (reads devices)") &&
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
	test_neigh_failures();
	test_qdisc_drops();
	test_auth_failures();
	test_netfilter_drops();
	test_retrans_peer();
	test_retrans_spread();
	test_device_errors();
	test_window();
	test_listen_mib();
	test_sysctl();
	test_rules();
	sysctls_clean();
}

/* The command line: --rules its own, -j taken, nothing else. */
void test_doctor_cli(void)
{
	struct options o;
	char err[160];

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
	CHECK(!parse("doctor --since 10m", &o, err) &&
	      !parse("doctor --since 03:12 --until 03:30", &o, err),
	      "doctor --since, --until: %s", err);
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
