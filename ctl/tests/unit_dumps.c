// SPDX-License-Identifier: GPL-2.0
/*
 * The module's replies, built as it sends them (TPSTAT_CMD_GET_VIEW):
 * a view's header and entries, each view's dump the tests read, and
 * view_text() that prints the view read; and GET_HISTORY's messages.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <string.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/genetlink.h>

#include "unit.h"

char msgbuf[4096];

/*
 * A GET_VIEW reply in msgbuf, its attributes to be put.  Zeroed first:
 * the kernel pads attributes with zeroes, and libmnl before 1.0.5 does
 * not, which would leave a reply's padding to the last one's bytes.
 */
struct nlmsghdr *msg_new(void)
{
	struct nlmsghdr *nlh;
	struct genlmsghdr *g;

	memset(msgbuf, 0, sizeof(msgbuf));
	nlh = mnl_nlmsg_put_header(msgbuf);
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

	g->cmd = TPSTAT_CMD_GET_VIEW;
	return nlh;
}

/*
 * @nlh, a reply the module must not send, is refused whole: an error,
 * EBADMSG, and nothing of it in @v.
 */
void refused(struct view *v, const struct nlmsghdr *nlh,
		    const char *what)
{
	size_t n = v->n;
	int ret;

	errno = 0;
	ret = view_msg_cb(nlh, v);
	CHECK(ret == MNL_CB_ERROR && errno == EBADMSG && v->n == n,
	      "%s: refused (%d, %s, %zu entries)", what, ret, strerror(errno),
	      v->n);
}

void put_header_msg(struct view *v, uint32_t entries, uint32_t cap,
			   uint64_t overflow)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, entries);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, cap);
	mnl_attr_put(nlh, TPSTAT_A_PAD, 0, NULL);
	mnl_attr_put_u64(nlh, TPSTAT_A_VIEW_OVERFLOW, overflow);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "header message");
}

/* A DROPS entry; @reason < 0: none (before 5.17); @name, @ifname NULL: absent. */
static void put_drop(struct view *v, const char *loc, int reason,
		     const char *name, uint32_t netns, uint32_t ifindex,
		     const char *ifname, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, loc);
	if (reason >= 0)
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, reason);
	if (name)
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, name);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (ifname)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, ifname);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "drop entry");
}

/*
 * DROPS: NO_SOCKET at two locations on eth0 and eth1 (one row of count
 * 0), a reason without a name in namespace 2, one without a reason.
 */
void drops_view(struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_DROPS;
	put_header_msg(v, 5, 1024, 3);
	put_drop(v, "ip_rcv_core+0x1c4/0x2f0", 2, "NO_SOCKET", 1, 2, "eth0", 5);
	put_drop(v, "tcp_v4_rcv+0x88/0x900", 2, "NO_SOCKET", 1, 3, "eth1", 3);
	put_drop(v, "ip_rcv_core+0x1c4/0x2f0", 3, NULL, 2, 2, NULL, 4);
	put_drop(v, "udp_queue_rcv+0x10/0x20", -1, NULL, 1, 0, NULL, 4);
	put_drop(v, "tcp_v4_rcv+0x88/0x900", 2, "NO_SOCKET", 1, 2, "eth0", 0);
}

/* DROPS with nothing in its table. */
void drops_empty_view(struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_DROPS;
	put_header_msg(v, 0, 1024, 0);
}

/* The view view_text() prints, and its --by. */
struct view cur_view;
enum drop_by cur_by;

/* The options @arg points to; under --json-sample maybe pretty. */
struct out_opts *opts(void *arg)
{
	static struct out_opts o;

	o = *(struct out_opts *)arg;
	o.pretty = o.json && sample_pretty;
	return &o;
}

void view_text(FILE *f, void *arg)
{
	print_view(f, opts(arg), &cur_view, cur_by, NULL);
}

static void put_trap(struct view *v, const char *dev, const char *trap,
		     uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_DEVLINK, dev);
	mnl_attr_put_strz(nlh, TPSTAT_A_TRAP, trap);
	mnl_attr_put_strz(nlh, TPSTAT_A_TRAP_GROUP, "l2_drops");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	view_msg_cb(nlh, v);
}

/* TRAPS: two devices' traps, one of them twice. */
void traps_view(struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_TRAPS;
	put_header_msg(v, 3, 256, 0);
	put_trap(v, "pci/0000:01:00.0", "source_mac_is_multicast", 3);
	put_trap(v, "pci/0000:01:00.0", "vlan_tag_mismatch", 7);
	put_trap(v, "pci/0000:01:00.0", "source_mac_is_multicast", 2);
	put_trap(v, "pci/0000:02:00.0", "vlan_tag_mismatch", 1);
}

void put_flow(struct view *v, int v6, uint16_t sport, uint64_t retrans,
		     uint64_t synack, int state)
{
	static const uint8_t a4[4] = { 10, 0, 0, 1 }, b4[4] = { 10, 0, 0, 2 };
	static const uint8_t a6[16] = { 0xfe, 0x80, [15] = 1 };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 4026531840U);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, v6 ? AF_INET6 : AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, v6 ? 16 : 4, v6 ? a6 : a4);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, sport);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, v6 ? 16 : 4, v6 ? a6 : b4);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 5201);
	mnl_attr_put_u64(nlh, TPSTAT_A_RETRANS, retrans);
	mnl_attr_put_u64(nlh, TPSTAT_A_SYNACK_RETRANS, synack);
	if (state >= 0)
		mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, state);
	view_msg_cb(nlh, v);
}

/* RETRANS: three flows, one over IPv6, one in a state without a name. */
void retrans_view(struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_RETRANS;
	put_header_msg(v, 3, 4096, 0);
	put_flow(v, 0, 40000, 2, 0, 1);
	put_flow(v, 1, 40001, 9, 1, 7);
	put_flow(v, 0, 40002, 2, 1, 99);
}

/* A RESETS entry as the module sends it: the service port by direction. */
void put_reset(struct view *v, uint8_t dir, uint16_t port,
		      const uint8_t *peer, uint64_t sent, uint64_t received)
{
	struct nlmsghdr *nlh = msg_new();

	put_reset_attrs(nlh, dir, port, peer, sent, received);
	view_msg_cb(nlh, v);
}

void put_reset_attrs(struct nlmsghdr *nlh, uint8_t dir, uint16_t port,
		     const uint8_t *peer, uint64_t sent, uint64_t received)
{
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, dir);
	mnl_attr_put_u16(nlh, dir == TPSTAT_DIRECTION_ACTIVE ? TPSTAT_A_DPORT :
			 TPSTAT_A_SPORT, port);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
	if (sent) {
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 2);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, "NO_SOCKET");
	}
	mnl_attr_put_u64(nlh, TPSTAT_A_RST_SENT, sent);
	mnl_attr_put_u64(nlh, TPSTAT_A_RST_RECEIVED, received);
}

struct nlmsghdr *history_msg_new(uint64_t seq, uint64_t start,
				 uint64_t duration, uint32_t flags,
				 uint64_t lost)
{
	struct nlmsghdr *nlh = msg_new();
	struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);

	g->cmd = TPSTAT_CMD_GET_HISTORY;
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_SEQ, seq);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_START, start);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_DURATION, duration);
	mnl_attr_put_u32(nlh, TPSTAT_A_HISTORY_FLAGS, flags);
	mnl_attr_put_u64(nlh, TPSTAT_A_HISTORY_LOST, lost);
	return nlh;
}

/* RESETS: two peers refused on 5002 (a client's), one refused on 22. */
void resets_view(struct view *v)
{
	static const uint8_t a[4] = { 192, 0, 2, 1 }, b[4] = { 192, 0, 2, 7 };

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_RESETS;
	put_header_msg(v, 3, 1024, 0);
	put_reset(v, TPSTAT_DIRECTION_ACTIVE, 5002, a, 0, 2);
	put_reset(v, TPSTAT_DIRECTION_PASSIVE, 22, a, 5, 0);
	put_reset(v, TPSTAT_DIRECTION_ACTIVE, 5002, b, 0, 3);
}

/* STATES: the opens in the header, four transitions. */
void states_view(struct view *v)
{
	static const uint8_t cells[][3] = {
		{ 1, 4, 3 }, { 2, 1, 20 }, { 7, 2, 21 }, { 2, 7, 1 },
	};
	struct nlmsghdr *nlh = msg_new();

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_STATES;
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 4);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, 196);
	mnl_attr_put_u64(nlh, TPSTAT_A_VIEW_OVERFLOW, 0);
	mnl_attr_put_u64(nlh, TPSTAT_A_OPENS_ACTIVE, 20);
	mnl_attr_put_u64(nlh, TPSTAT_A_OPENS_PASSIVE, 7);
	mnl_attr_put_u64(nlh, TPSTAT_A_OPENS_FAILED, 1);
	view_msg_cb(nlh, v);
	for (size_t i = 0; i < ARRAY_SIZE(cells); i++) {
		nlh = msg_new();
		mnl_attr_put_u8(nlh, TPSTAT_A_OLD_STATE, cells[i][0]);
		mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, cells[i][1]);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, cells[i][2]);
		view_msg_cb(nlh, v);
	}
}

/* A histogram entry; bucket 0 is put after a zero-length pad of type 1. */
static void put_hist(struct nlmsghdr *nlh, const uint64_t *b, size_t n,
		     uint64_t sum, uint64_t count)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, TPSTAT_A_HIST_BUCKETS);

	mnl_attr_put(nlh, TPSTAT_A_PAD, 0, NULL);
	for (size_t i = 0; i < n; i++)
		if (b[i])
			mnl_attr_put_u64(nlh, i + 1, b[i]);
	mnl_attr_put_u32(nlh, 66, 1);	/* past the last bucket: skipped */
	mnl_attr_nest_end(nlh, nest);
	mnl_attr_put_u64(nlh, TPSTAT_A_HIST_SUM, sum);
	mnl_attr_put_u64(nlh, TPSTAT_A_HIST_COUNT, count);
}

/* LIFETIMES: ssh's connections to port 22, and one to a local port 80. */
void lifetimes_view(struct view *v)
{
	static const uint64_t b1[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3 };
	static const uint64_t b2[] = { 1 };
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_LIFETIMES;
	put_header_msg(v, 2, 1024, 7);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, TPSTAT_DIRECTION_ACTIVE);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 22);
	mnl_attr_put_strz(nlh, TPSTAT_A_COMM, "ssh");
	put_hist(nlh, b1, 12, 6000, 4);
	view_msg_cb(nlh, v);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, TPSTAT_DIRECTION_PASSIVE);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 80);
	put_hist(nlh, b2, 1, 0, 1);
	view_msg_cb(nlh, v);
}

/* DEVICES: ifindex 3 without a name, then eth0 (2). */
void devices_view(struct view *v)
{
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_DEVICES;
	put_header_msg(v, 2, 256, 0);
	for (int i = 0; i < 2; i++) {
		nlh = msg_new();
		mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
		mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 3 - i);
		if (i)
			mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "eth0");
		mnl_attr_put_u64(nlh, TPSTAT_A_TX_PACKETS, 10 + i);
		mnl_attr_put_u64(nlh, TPSTAT_A_TX_BYTES, 1000);
		mnl_attr_put_u64(nlh, TPSTAT_A_RX_PACKETS, 20);
		mnl_attr_put_u64(nlh, TPSTAT_A_RX_BYTES, 2000);
		mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_ERRORS, 1);
		mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_TIMEOUTS, 2);
		mnl_attr_put_u64(nlh, TPSTAT_A_GRO, 3);
		mnl_attr_put_u64(nlh, TPSTAT_A_NAPI_POLLS, 4);
		mnl_attr_put_u64(nlh, TPSTAT_A_NAPI_WORK, 5);
		mnl_attr_put_u64(nlh, TPSTAT_A_NAPI_BUDGET_EXHAUSTED, 6);
		view_msg_cb(nlh, v);
	}
}

/* HISTS: rx_len, srtt_us and a name this tool does not know, alike. */
void hists_view(struct view *v)
{
	static const uint64_t b[] = { 0, 0, 2 };
	static const char *const names[] = { "rx_len", "srtt_us", "new_one" };
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_HISTS;
	put_header_msg(v, 3, 4, 0);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		nlh = msg_new();
		mnl_attr_put_strz(nlh, TPSTAT_A_HIST_NAME, names[i]);
		put_hist(nlh, b, 3, 5, 2);
		view_msg_cb(nlh, v);
	}
}

/* An ERRORS entry whose service is @port_attr (TPSTAT_A_SPORT or DPORT). */
static void put_error(struct view *v, uint32_t netns, uint8_t family,
		      uint8_t proto, uint32_t err, uint16_t port_attr,
		      uint16_t port, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, err);
	mnl_attr_put_u16(nlh, port_attr, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "error entry");
}


/*
 * ERRORS as the module could send it: refused connects to a remote
 * port 8080 over IPv4 and IPv6 in namespace @ns, a UDP server's errors
 * on local port 53, an errno without a name, a protocol without one,
 * and an entry whose key attributes all have the wrong length.
 */
void errors_view(struct view *v, uint32_t ns)
{
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_ERRORS;
	put_header_msg(v, 6, 256, 0);
	put_error(v, INIT_NETNS, AF_INET, IPPROTO_TCP, 4000, TPSTAT_A_DPORT,
		  443, 1);
	put_error(v, ns, AF_INET6, IPPROTO_TCP, ECONNREFUSED, TPSTAT_A_DPORT,
		  8080, 3);
	put_error(v, INIT_NETNS, AF_INET6, IPPROTO_UDP, EHOSTUNREACH,
		  TPSTAT_A_SPORT, 53, 2);
	put_error(v, ns, AF_INET, IPPROTO_TCP, ECONNREFUSED, TPSTAT_A_DPORT,
		  8080, 40);
	put_error(v, INIT_NETNS, AF_INET, 132, ECONNRESET, TPSTAT_A_SPORT,
		  5000, 1);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u32(nlh, TPSTAT_A_PROTOCOL, IPPROTO_TCP);	/* u8 wanted */
	mnl_attr_put_u16(nlh, TPSTAT_A_ERRNO, ECONNRESET);	/* u32 wanted */
	mnl_attr_put_u32(nlh, TPSTAT_A_SPORT, 80);		/* u16 wanted */
	mnl_attr_put_u8(nlh, TPSTAT_A_DPORT, 80);		/* u16 wanted */
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	refused(v, nlh, "error entry, wrong lengths");
	/* The same without them: an entry that lacks its keys. */
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "error entry, no keys");
}

/* An AUTH entry; @addr_len 4 or 16, 0: no DADDR. */
static void put_auth(struct view *v, uint32_t netns, uint8_t family,
		     const char *addr, uint16_t lport, uint8_t kind,
		     uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();
	uint8_t a[16];

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	if (addr && inet_pton(family, addr, a) == 1)
		mnl_attr_put(nlh, TPSTAT_A_DADDR, family == AF_INET ? 4 : 16, a);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, lport);
	mnl_attr_put_u8(nlh, TPSTAT_A_AUTH_KIND, kind);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "auth entry");
}

/*
 * AUTH as the module could send it: a BGP peer (port 179) with the wrong
 * MD5 key over IPv4 and IPv6 in namespace @ns, one without a key, a kind
 * this tool does not know, and an entry whose kind has the wrong length.
 */
void auth_view(struct view *v, uint32_t ns)
{
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_AUTH;
	put_header_msg(v, 5, 256, 0);
	put_auth(v, ns, AF_INET, "10.0.0.2", 179, TPSTAT_AUTH_MD5_REQUIRED, 4);
	put_auth(v, ns, AF_INET6, "fd00::2", 179, TPSTAT_AUTH_MD5_MISMATCH, 4);
	put_auth(v, ns, AF_INET, "10.0.0.2", 179, TPSTAT_AUTH_MD5_MISMATCH, 12);
	put_auth(v, INIT_NETNS, AF_INET, "192.0.2.7", 22, 200, 1);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u16(nlh, TPSTAT_A_AUTH_KIND, 2);	/* u8 wanted */
	mnl_attr_put_u32(nlh, TPSTAT_A_SPORT, 179);	/* u16 wanted */
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	refused(v, nlh, "auth entry, wrong lengths");
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "auth entry, no keys");
}

/* An RCVQ entry; @port < 0: no SPORT. */
static void put_rcvq(struct view *v, uint32_t netns, uint8_t family,
		     uint8_t proto, int port, uint64_t count, uint32_t rcvbuf)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	if (port >= 0)
		mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	mnl_attr_put_u32(nlh, TPSTAT_A_RCVBUF, rcvbuf);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "rcvq entry");
}

/*
 * RCVQ as the module could send it: a syslog collector on 514 dropping
 * over IPv4 and IPv6 in namespace @ns, DNS on 53 in the initial one, a
 * raw UDP socket (port 17: the protocol it receives), a ping socket, a
 * protocol without a name, and an entry whose attributes all have the
 * wrong length.
 */
void rcvq_view(struct view *v, uint32_t ns)
{
	struct nlmsghdr *nlh;

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_RCVQ;
	put_header_msg(v, 7, 256, 2);
	put_rcvq(v, INIT_NETNS, AF_INET, IPPROTO_UDP, 53, 7, 212992);
	put_rcvq(v, ns, AF_INET6, IPPROTO_UDP, 514, 30, 4608);
	put_rcvq(v, ns, AF_INET, IPPROTO_UDP, 514, 1200, 2304);
	put_rcvq(v, INIT_NETNS, AF_INET, IPPROTO_RAW, 17, 7, 4608);
	put_rcvq(v, INIT_NETNS, AF_INET6, IPPROTO_ICMPV6, 9, 2, 4608);
	put_rcvq(v, INIT_NETNS, AF_INET, 200, 5000, 1, 65536);
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u32(nlh, TPSTAT_A_PROTOCOL, IPPROTO_UDP);	/* u8 wanted */
	mnl_attr_put_u32(nlh, TPSTAT_A_SPORT, 53);		/* u16 wanted */
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	mnl_attr_put_u16(nlh, TPSTAT_A_RCVBUF, 4608);		/* u32 wanted */
	refused(v, nlh, "rcvq entry, wrong lengths");
	nlh = msg_new();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, INIT_NETNS);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "rcvq entry, no keys");
}

/* A NEIGH entry; @ifname NULL: the device is gone; @len: DADDR's length. */
static void put_neigh(struct view *v, uint32_t netns, uint32_t ifindex,
		      const char *ifname, uint8_t family, const void *addr,
		      size_t len, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, netns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (ifname)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, ifname);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	if (addr)
		mnl_attr_put(nlh, TPSTAT_A_DADDR, len, addr);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	if (addr && len != 4 && len != 16) {
		refused(v, nlh, "neigh entry, an address of no family");
		return;
	}
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "neigh entry");
}

/*
 * NEIGH as the module could send it: ARP failures on eth0 in namespace
 * @ns, an ND one there, one on a device since gone, and an address of a
 * length no family has.
 */
void neigh_view(struct view *v, uint32_t ns)
{
	static const uint8_t a10[4] = { 10, 0, 0, 10 }, a9[4] = { 10, 0, 0, 9 };
	static const uint8_t a7[4] = { 192, 168, 7, 7 }, bad[3] = { 1, 2, 3 };
	static const uint8_t a6[16] = { 0xfd, 0x98, [15] = 0x10 };

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_NEIGH;
	put_header_msg(v, 5, 256, 1);
	put_neigh(v, ns, 2, "eth0", AF_INET, a10, 4, 1);
	put_neigh(v, INIT_NETNS, 7, NULL, AF_INET, a7, 4, 2);
	put_neigh(v, ns, 2, "eth0", AF_INET6, a6, 16, 3);
	put_neigh(v, ns, 2, "eth0", AF_INET, a9, 4, 1);
	put_neigh(v, INIT_NETNS, 3, "wlan0", AF_INET, bad, 3, 1);
	put_neigh(v, INIT_NETNS, 3, "wlan0", AF_INET, NULL, 0, 1);
}

/* A SOCKMEM entry; @kind < 0: none. */
void put_sockmem(struct view *v, uint8_t family, uint8_t proto,
			uint16_t port, int kind, uint64_t count,
			uint64_t alloc, uint64_t limit)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 4026531840U);
	mnl_attr_put_u64(nlh, TPSTAT_A_NETNS_COOKIE, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	if (kind >= 0)
		mnl_attr_put_u8(nlh, TPSTAT_A_MEM_KIND, kind);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	mnl_attr_put_u64(nlh, TPSTAT_A_MEM_ALLOCATED, alloc);
	mnl_attr_put_u64(nlh, TPSTAT_A_MEM_LIMIT, limit);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "sockmem entry");
}

/*
 * SOCKMEM: TCP port 5201 over its receive limit over IPv4 and IPv6, UDP
 * 53 over its send limit, and a kind this tool does not know.
 */
void sockmem_view(struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_SOCKMEM;
	put_header_msg(v, 4, 128, 1);
	put_sockmem(v, AF_INET, IPPROTO_TCP, 5201, TPSTAT_MEM_RECV, 7, 9000,
		    8192);
	put_sockmem(v, AF_INET6, IPPROTO_TCP, 5201, TPSTAT_MEM_RECV, 3, 9100,
		    8192);
	put_sockmem(v, AF_INET, IPPROTO_UDP, 53, TPSTAT_MEM_SEND, 40, 300,
		    256);
	put_sockmem(v, AF_INET, IPPROTO_TCP, 22, 9, 1, 10, 20);
}

/* ---- as export reads them ---------------------------------------------- */

/* DROPS as a 6.x kernel reports it: reasons 3 and 2 named, 999 not. */
void export_drops_view(struct view *v, bool reasons)
{
	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_DROPS;
	put_header_msg(v, 5, 1024, 0);
	put_drop(v, "tcp_v4_rcv+0x88/0x900", reasons ? 3 : -1,
		 reasons ? "NO_SOCKET" : NULL, 1, 2, "eth0", 5);
	put_drop(v, "udp_queue_rcv_one_skb+0x10/0x20", reasons ? 3 : -1,
		 reasons ? "NO_SOCKET" : NULL, 1, 2, "eth0", 2);
	put_drop(v, "ip_rcv_core+0x1c4/0x2f0", reasons ? 2 : -1,
		 reasons ? "NOT_SPECIFIED" : NULL, 1, 3, "eth1", 4);
	put_drop(v, "nf_hook_slow+0x40/0xc0", reasons ? 999 : -1, NULL, 2, 1,
		 "lo", 1);
	/* No REASON: left out of the family even where others have one. */
	put_drop(v, "x+0x1/0x2", -1, NULL, 1, 0, NULL, 4);
	drops_aggregate(v, BY_REASON, 0);
}

static void put_named_hist(struct view *v, const char *name,
			   const uint64_t *b, size_t n, uint64_t sum)
{
	struct nlmsghdr *nlh = msg_new();
	uint64_t count = 0;

	for (size_t i = 0; i < n; i++)
		count += b[i];
	mnl_attr_put_strz(nlh, TPSTAT_A_HIST_NAME, name);
	put_hist(nlh, b, n, sum, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "hist entry %s", name);
}

/* HISTS: srtt_us, snd_cwnd, xmit_len (a bucket past 32), a new name. */
void export_hists_view(struct view *v)
{
	static const uint64_t srtt[] = { [10] = 3, [11] = 5, [15] = 1 };
	static const uint64_t cwnd[] = { [1] = 2, [4] = 6 };
	static const uint64_t xmit[] = { [7] = 4, [11] = 2, [40] = 1 };
	static const uint64_t other[] = { [3] = 1 };

	memset(v, 0, sizeof(*v));
	v->id = TPSTAT_VIEW_HISTS;
	put_header_msg(v, 4, 4, 0);
	put_named_hist(v, "xmit_len", xmit, 41,
		       400 + 3028 + (1ULL << 39));
	put_named_hist(v, "new_one", other, 4, 5);
	put_named_hist(v, "snd_cwnd", cwnd, 5, 62);
	put_named_hist(v, "srtt_us", srtt, 16, 29600);
	/* rx_len absent: no family. */
}
