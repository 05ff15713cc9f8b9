// SPDX-License-Identifier: GPL-2.0
/*
 * The tool against replies it must not believe: truncated and malicious
 * messages fed to the reply parser (tpnl_parse(), view_msg_cb(),
 * alert_parse(), history_msg_cb() with its views intervals), datagrams
 * from a sender that is not the kernel over real netlink sockets, names
 * full of terminal escapes and bytes that are not UTF-8 printed as
 * text, JSON and Prometheus, and history files cut short or mangled at
 * every byte (rec_load()).
 * Each is rejected, skipped or escaped.  Ends with "<P> passed, <F>
 * failed".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "alert.h"
#include "alert_output.h"
#include "escape.h"
#include "export.h"
#include "json.h"
#include "netns.h"
#include "nl.h"
#include "output.h"
#include "recording.h"
#include "recording_file.h"
#include "recording_output.h"
#include "recording_views.h"
#include "recording_views_output.h"
#include "replies.h"
#include "views.h"
#include "../uapi/linux/tpstat.h"

static int passed, failed;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		passed++;						\
	} else {							\
		failed++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

#define OUR_PORT	4242
#define OUR_SEQ		1000

/* ---- building replies ---------------------------------------------------- */

/* Room for several messages back to back, as one datagram. */
static char dgram[8192] __attribute__((aligned(8)));
static size_t dgram_len;

/* A new message at the end of dgram: a generic netlink one unless @type < 16. */
static struct nlmsghdr *put_msg(uint16_t type, uint32_t seq, uint32_t pid,
				uint8_t cmd)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(dgram + dgram_len);

	nlh->nlmsg_type = type;
	nlh->nlmsg_seq = seq;
	nlh->nlmsg_pid = pid;
	nlh->nlmsg_flags = NLM_F_MULTI;
	if (type >= NLMSG_MIN_TYPE) {
		struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

		g->cmd = cmd;
		g->version = TPSTAT_GENL_VERSION;
	}
	return nlh;
}

/* Ends the message put last: the datagram now holds it. */
static void end_msg(struct nlmsghdr *nlh)
{
	dgram_len += NLMSG_ALIGN(nlh->nlmsg_len);
}

static void put_done(uint32_t seq, uint32_t pid, int error)
{
	struct nlmsghdr *nlh = put_msg(NLMSG_DONE, seq, pid, 0);
	int *e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));

	*e = error;
	end_msg(nlh);
}

/* What a parse's callback saw. */
struct seen {
	int calls;
	uint32_t last;		/* TPSTAT_A_COUNT of the last message */
};

static int count_cb(const struct nlmsghdr *nlh, void *data)
{
	struct seen *s = data;
	const struct nlattr *a;

	s->calls++;
	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == TPSTAT_A_VIEW_ENTRIES)
			s->last = mnl_attr_get_u32(a);
	return MNL_CB_OK;
}

static struct tpnl fake_nl(void)
{
	struct tpnl nl;

	memset(&nl, 0, sizeof(nl));
	nl.portid = OUR_PORT;
	nl.seq = OUR_SEQ;
	nl.family = 0x20;
	return nl;
}

/*
 * Parses dgram as the answer to OUR_SEQ: tpnl_parse()'s result.  From a
 * copy exactly as long as what was read, so that a read past it is one
 * past an allocation (-fsanitize=address, valgrind see it).
 */
static int parse(struct tpnl *nl, struct seen *s)
{
	void *copy = malloc(dgram_len ? dgram_len : 1);
	int ret, err;

	memcpy(copy, dgram, dgram_len);
	memset(s, 0, sizeof(*s));
	errno = 0;
	ret = tpnl_parse(nl, copy, dgram_len, OUR_SEQ, count_cb, s);
	err = errno;
	free(copy);
	errno = err;
	return ret;
}

/* ---- the sender and the sequence number ---------------------------------- */

static void test_seq_and_port(void)
{
	struct tpnl nl = fake_nl();
	struct nlmsghdr *nlh;
	struct seen s;
	int ret;

	/* Another request's (a dump given up), another port's, ours. */
	dgram_len = 0;
	nlh = put_msg(0x20, OUR_SEQ - 1, OUR_PORT, TPSTAT_CMD_GET_VIEW);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 1);
	end_msg(nlh);
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT + 1, TPSTAT_CMD_GET_VIEW);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 2);
	end_msg(nlh);
	nlh = put_msg(0x20, 0, 0, TPSTAT_CMD_ALERT);	/* a notification */
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 3);
	end_msg(nlh);
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT, TPSTAT_CMD_GET_VIEW);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 4);
	end_msg(nlh);
	ret = parse(&nl, &s);
	CHECK(ret == MNL_CB_OK && s.calls == 1 && s.last == 4 && nl.stale == 3,
	      "only our seq and port id: %d calls, last %u, %lu stale",
	      s.calls, s.last, nl.stale);

	/* A DONE with another seq does not end our dump; ours does. */
	dgram_len = 0;
	put_done(OUR_SEQ + 1, OUR_PORT, 0);
	ret = parse(&nl, &s);
	CHECK(ret == MNL_CB_OK, "a stranger's DONE is not the end: %d", ret);
	put_done(OUR_SEQ, OUR_PORT, 0);
	ret = parse(&nl, &s);
	CHECK(ret == MNL_CB_STOP, "ours is: %d", ret);

	/* A forged error with sequence number 0 (libmnl lets 0 pass). */
	dgram_len = 0;
	put_done(0, OUR_PORT, -EPERM);
	ret = parse(&nl, &s);
	CHECK(ret == MNL_CB_OK, "seq 0 is no answer to ours: %d", ret);
}

/* ---- malformed messages --------------------------------------------------- */

static void expect_bad(struct tpnl *nl, const char *what, const char *why)
{
	struct seen s;
	int ret = parse(nl, &s);
	const char *text = tpnl_strerror(nl, -errno);

	CHECK(ret == MNL_CB_ERROR && errno == EBADMSG && !s.calls,
	      "%s: rejected (%d, %s, %d calls)", what, ret, strerror(errno),
	      s.calls);
	CHECK(strstr(text, "a malformed reply from the kernel: ") &&
	      strstr(text, why) && !strchr(text, '\n'),
	      "%s: one plain line: %s", what, text);
}

static void test_lengths(void)
{
	struct tpnl nl = fake_nl();
	struct nlmsghdr *nlh;
	struct nlattr *a;

	/* nlmsg_len shorter than the header itself */
	dgram_len = 0;
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT, TPSTAT_CMD_GET_VIEW);
	end_msg(nlh);
	nlh->nlmsg_len = 8;
	expect_bad(&nl, "nlmsg_len 8", "length (8)");

	/* nlmsg_len past what was read */
	dgram_len = 0;
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT, TPSTAT_CMD_GET_VIEW);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 1);
	end_msg(nlh);
	nlh->nlmsg_len = 4096;
	expect_bad(&nl, "nlmsg_len past the datagram", "length (4096)");

	/* fewer bytes than a header */
	dgram_len = 10;
	expect_bad(&nl, "10 bytes read", "10 bytes read");

	/* a generic netlink message without its genlmsghdr */
	dgram_len = 0;
	nlh = mnl_nlmsg_put_header(dgram);
	nlh->nlmsg_type = 0x20;
	nlh->nlmsg_seq = OUR_SEQ;
	nlh->nlmsg_pid = OUR_PORT;
	nlh->nlmsg_len = MNL_NLMSG_HDRLEN + 2;
	end_msg(nlh);
	expect_bad(&nl, "no genetlink header", "generic netlink header");

	/* an attribute running past its message */
	dgram_len = 0;
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT, TPSTAT_CMD_GET_VIEW);
	a = (struct nlattr *)mnl_nlmsg_get_payload_tail(nlh);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 1);
	a->nla_len = 64;
	end_msg(nlh);
	/* a second message behind it, which the attribute would run into */
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT, TPSTAT_CMD_GET_VIEW);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 2);
	end_msg(nlh);
	expect_bad(&nl, "attribute past its message", "runs past");

	/* an attribute shorter than its own header */
	dgram_len = 0;
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT, TPSTAT_CMD_GET_VIEW);
	a = (struct nlattr *)mnl_nlmsg_get_payload_tail(nlh);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 1);
	a->nla_len = 2;
	end_msg(nlh);
	expect_bad(&nl, "nla_len 2", "shorter than its header");

	/* trailing bytes that are no whole attribute */
	dgram_len = 0;
	nlh = put_msg(0x20, OUR_SEQ, OUR_PORT, TPSTAT_CMD_GET_VIEW);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, 1);
	nlh->nlmsg_len += 2;
	end_msg(nlh);
	expect_bad(&nl, "2 stray bytes", "runs past");

	/* an error message shorter than struct nlmsgerr */
	dgram_len = 0;
	nlh = put_msg(NLMSG_ERROR, OUR_SEQ, OUR_PORT, 0);
	mnl_nlmsg_put_extra_header(nlh, 4);
	end_msg(nlh);
	expect_bad(&nl, "short NLMSG_ERROR", "error message shorter");

	/* the attribute checker alone, at its edges */
	{
		struct nlattr at[2] = { { .nla_len = 4 }, { .nla_len = 8 } };

		CHECK(tpnl_attrs_ok(at, 0) && tpnl_attrs_ok(at, 4) &&
		      tpnl_attrs_ok(at, 12) && !tpnl_attrs_ok(at, 10) &&
		      !tpnl_attrs_ok(at, 3), "tpnl_attrs_ok() at its edges");
		at[0].nla_len = 0;
		CHECK(!tpnl_attrs_ok(at, 12), "nla_len 0 is no attribute");
		at[0].nla_len = 0xffff;
		CHECK(!tpnl_attrs_ok(at, 12), "nla_len 65535 in 12 bytes");
	}
}

/* An ack with an extack; @req_len: the quoted request's nlmsg_len. */
static void put_error_ack(int error, uint32_t req_len, const void *msg,
			  size_t msg_len)
{
	struct nlmsghdr *nlh = put_msg(NLMSG_ERROR, OUR_SEQ, OUR_PORT, 0);
	struct nlmsgerr *err = mnl_nlmsg_put_extra_header(nlh, sizeof(*err));

	err->error = error;
	err->msg.nlmsg_len = req_len;
	nlh->nlmsg_flags = NLM_F_ACK_TLVS | NLM_F_CAPPED;
	if (req_len != sizeof(err->msg))
		nlh->nlmsg_flags = NLM_F_ACK_TLVS;
	mnl_attr_put(nlh, NLMSGERR_ATTR_MSG, msg_len, msg);
	end_msg(nlh);
}

static void test_extack(void)
{
	static const char esc_msg[] = "tpstat: no event '\x1b]2;pwn\x07'";
	static const char no_nul[4] = { 'a', 'b', 'c', 'd' };
	struct tpnl nl = fake_nl();
	struct seen s;
	int ret;

	dgram_len = 0;
	put_error_ack(-EINVAL, sizeof(struct nlmsghdr), esc_msg,
		      sizeof(esc_msg));
	ret = parse(&nl, &s);
	CHECK(ret == MNL_CB_ERROR && errno == EINVAL &&
	      !strcmp(tpnl_strerror(&nl, -EINVAL),
		      "no event '\\033]2;pwn\\007'"),
	      "the kernel's text, escaped: %s", tpnl_strerror(&nl, -EINVAL));

	/* unterminated: not kept */
	nl.extack[0] = '\0';
	dgram_len = 0;
	put_error_ack(-EINVAL, sizeof(struct nlmsghdr), no_nul, sizeof(no_nul));
	ret = parse(&nl, &s);
	CHECK(ret == MNL_CB_ERROR && errno == EINVAL && !nl.extack[0],
	      "an unterminated extack is not read: '%s'", nl.extack);

	/*
	 * A quoted request of a length that would wrap the offset round to
	 * inside the error itself (0xfffffff0 - 16 + 20 is 4 in 32 bits).
	 */
	nl.extack[0] = '\0';
	dgram_len = 0;
	put_error_ack(-EINVAL, 0xfffffff0u, esc_msg, sizeof(esc_msg));
	ret = parse(&nl, &s);
	CHECK(ret == MNL_CB_ERROR && errno == EINVAL && !nl.extack[0],
	      "a huge quoted length: no extack, no wrap: '%s'", nl.extack);
	dgram_len = 0;
	put_error_ack(-EINVAL, 3, esc_msg, sizeof(esc_msg));
	ret = parse(&nl, &s);
	CHECK(ret == MNL_CB_ERROR && errno == EINVAL && !nl.extack[0],
	      "a quoted length under a header: no extack: '%s'", nl.extack);
}

/* ---- real sockets: a sender that is not the kernel ------------------------ */

static void test_foreign_sender(void)
{
	struct mnl_socket *evil;
	struct tpnl nl = fake_nl();
	uint32_t id = 0, want = 0;
	struct nlmsghdr *nlh;
	char buf[512] = { 0 };
	int err;

	nl.buf = calloc(1, TPNL_BUF_SIZE);
	nl.sock = mnl_socket_open(NETLINK_GENERIC);
	evil = mnl_socket_open(NETLINK_GENERIC);
	if (!nl.buf || !nl.sock || !evil ||
	    mnl_socket_bind(nl.sock, 0, MNL_SOCKET_AUTOPID) < 0 ||
	    mnl_socket_bind(evil, 0, MNL_SOCKET_AUTOPID) < 0) {
		printf("# no generic netlink sockets here (%s): sender tests skipped\n",
		       strerror(errno));
		goto out;
	}
	nl.portid = mnl_socket_get_portid(nl.sock);
	err = tpnl_group(&nl, "nlctrl", "notify", &want);
	CHECK(!err && want, "nlctrl's notify group from the kernel: %d", err);

	/*
	 * The answer a container's root would forge to our next request,
	 * the tool run in its namespace: the sequence number and our port
	 * id right, a group id of its own.  From its own socket, whose
	 * port id is not 0 (sending to a user's port id takes
	 * CAP_NET_ADMIN over the namespace: skipped without).
	 */
	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_seq = nl.seq + 1;
	nlh->nlmsg_pid = nl.portid;
	{
		struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
		struct nlattr *groups, *grp;

		g->cmd = CTRL_CMD_NEWFAMILY;
		groups = mnl_attr_nest_start(nlh, CTRL_ATTR_MCAST_GROUPS);
		grp = mnl_attr_nest_start(nlh, 1);
		mnl_attr_put_strz(nlh, CTRL_ATTR_MCAST_GRP_NAME, "notify");
		mnl_attr_put_u32(nlh, CTRL_ATTR_MCAST_GRP_ID, 0xbad);
		mnl_attr_nest_end(nlh, grp);
		mnl_attr_nest_end(nlh, groups);
	}
	{
		struct sockaddr_nl to = {
			.nl_family = AF_NETLINK, .nl_pid = nl.portid,
		};

		err = sendto(mnl_socket_get_fd(evil), buf, nlh->nlmsg_len, 0,
			     (struct sockaddr *)&to, sizeof(to));
	}
	if (err < 0) {
		printf("# cannot send between user sockets here (%s): skipped\n",
		       strerror(errno));
		goto out;
	}
	/* Only the forged datagram is queued: dropped, nothing else. */
	errno = 0;
	CHECK(tpnl_recv(&nl, nl.buf, TPNL_BUF_SIZE, MSG_DONTWAIT) < 0 &&
	      errno == EAGAIN && nl.foreign == 1,
	      "a user's datagram is dropped (%s, %lu foreign)",
	      strerror(errno), nl.foreign);
	/* Again, now ahead of the kernel's real answer. */
	{
		struct sockaddr_nl to = {
			.nl_family = AF_NETLINK, .nl_pid = nl.portid,
		};

		sendto(mnl_socket_get_fd(evil), buf, nlh->nlmsg_len, 0,
		       (struct sockaddr *)&to, sizeof(to));
	}
	err = tpnl_group(&nl, "nlctrl", "notify", &id);
	CHECK(!err && id == want && nl.foreign == 2,
	      "the kernel's answer, not the forged one: %d, id %u (kernel %u), %lu foreign",
	      err, id, want, nl.foreign);
out:
	if (evil)
		mnl_socket_close(evil);
	tpnl_close(&nl);
}

/* ---- views: what the first message announced ------------------------------ */

static char msgbuf[4096] __attribute__((aligned(8)));

static struct nlmsghdr *view_msg(void)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(msgbuf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

	g->cmd = TPSTAT_CMD_GET_VIEW;
	return nlh;
}

static int view_header(struct view *v, uint32_t entries, uint32_t cap)
{
	struct nlmsghdr *nlh = view_msg();

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, v->id);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, entries);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, cap);
	mnl_attr_put_u64(nlh, TPSTAT_A_VIEW_OVERFLOW, 0);
	return view_msg_cb(nlh, v);
}

static int drop_entry(struct view *v, const char *loc, uint64_t count)
{
	struct nlmsghdr *nlh = view_msg();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, loc);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	return view_msg_cb(nlh, v);
}

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

static void test_view_limits(void)
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

static void test_alerts(void)
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

/* ---- names printed ------------------------------------------------------- */

/* Whether @s holds no control byte but newlines: safe on a terminal. */
static bool terminal_safe(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p < 0x20 && *p != '\n') || *p == 0x7f || *p >= 0x80)
			return false;
	return true;
}

/* Whether @s is UTF-8 without a raw control byte but newlines. */
static bool utf8_clean(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = utf8_len(p);

		if (!n || (*p < 0x20 && *p != '\n') || *p == 0x7f ||
		    (n == 2 && p[0] == 0xc2 && p[1] < 0xa0))
			return false;
		p += n;
	}
	return true;
}

static void test_escape(void)
{
	char buf[64];
	const char *plain = "eth0";

	CHECK(!strcmp(esc("\x1b]2;pwn\x07", buf, sizeof(buf)),
		      "\\033]2;pwn\\007"), "ESC and BEL: %s", buf);
	CHECK(esc(plain, buf, sizeof(buf)) == plain, "plain: no copy");
	CHECK(!strcmp(esc("a\\b", buf, sizeof(buf)), "a\\134b"),
	      "a backslash is escaped too: %s", buf);
	CHECK(!strcmp(esc("caf\xc3\xa9\x7f", buf, sizeof(buf)),
		      "caf\\303\\251\\177"), "past ASCII and DEL: %s", buf);
	CHECK(!strcmp(esc("ab\x1b", buf, 6), "ab"),
	      "cut before an escape, never inside: %s", buf);
	CHECK(!strcmp(esc("\n\r\t", buf, sizeof(buf)), "\\012\\015\\011"),
	      "newlines forge no lines: %s", buf);
	CHECK(esc(NULL, buf, sizeof(buf)) == NULL, "NULL");

	CHECK(utf8_len((const unsigned char *)"a") == 1 &&
	      utf8_len((const unsigned char *)"\xc3\xa9") == 2 &&
	      utf8_len((const unsigned char *)"\xe2\x82\xac") == 3 &&
	      utf8_len((const unsigned char *)"\xf0\x9f\x98\x80") == 4,
	      "UTF-8 lengths");
	CHECK(!utf8_len((const unsigned char *)"\x80") &&
	      !utf8_len((const unsigned char *)"\xc0\xaf") &&
	      !utf8_len((const unsigned char *)"\xe0\x80\xaf") &&
	      !utf8_len((const unsigned char *)"\xed\xa0\x80") &&
	      !utf8_len((const unsigned char *)"\xf4\x90\x80\x80") &&
	      !utf8_len((const unsigned char *)"\xf5\x80\x80\x80") &&
	      !utf8_len((const unsigned char *)"\xe2\x82") &&
	      !utf8_len((const unsigned char *)"\xff"),
	      "not UTF-8: stray, overlong, surrogate, too high, cut, 0xff");
}

static struct view cur;
static const struct out_opts text_opts = { 0 }, json_opts = { .json = true };

static char *print(const struct out_opts *o, enum drop_by by)
{
	static char out[16384];
	FILE *f;

	memset(out, 0, sizeof(out));
	f = fmemopen(out, sizeof(out) - 1, "w");
	print_view(f, o, &cur, by, NULL);
	fclose(f);
	return out;
}

static void test_names(void)
{
	static const char evil[] = "\x1b]2;pwn\x07";
	struct nlmsghdr *nlh;
	char *s;

	/* LIFETIMES with a task named to retitle the reader's terminal. */
	memset(&cur, 0, sizeof(cur));
	cur.id = TPSTAT_VIEW_LIFETIMES;
	view_header(&cur, 1, 16);
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, TPSTAT_DIRECTION_ACTIVE);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 22);
	mnl_attr_put_strz(nlh, TPSTAT_A_COMM, evil);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "lifetime entry");
	s = print(&text_opts, BY_DEFAULT);
	CHECK(strstr(s, "comm \\033]2;pwn\\007  netns 1") && terminal_safe(s),
	      "lifetime text escaped:\n%s", s);
	s = print(&json_opts, BY_DEFAULT);
	CHECK(strstr(s, "\"comm\":\"\\u001b]2;pwn\\u0007\"") && utf8_clean(s),
	      "lifetime JSON escaped: %s", s);
	view_free(&cur);

	/* DROPS: every name the kernel or a user chose. */
	memset(&cur, 0, sizeof(cur));
	cur.id = TPSTAT_VIEW_DROPS;
	view_header(&cur, 1, 16);
	nlh = view_msg();
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "f\x1b[31m+0x1/0x2");
	mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 2);
	mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, "NO\nSOCKET");
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "et\xff\xc2\x9bh");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "drops entry");
	s = print(&text_opts, BY_LOCATION);
	CHECK(strstr(s, "  f\\033[31m+0x1/0x2\n") && terminal_safe(s),
	      "location escaped:\n%s", s);
	s = print(&text_opts, BY_REASON);
	CHECK(strstr(s, "  NO\\012SOCKET (2)\n") && terminal_safe(s),
	      "reason escaped, no forged line:\n%s", s);
	s = print(&text_opts, BY_DEV);
	CHECK(strstr(s, "  et\\377\\302\\233h  1\n") && terminal_safe(s),
	      "device escaped:\n%s", s);
	s = print(&json_opts, BY_DEV);
	CHECK(strstr(s, "\"ifname\":\"et\\ufffd\\u009bh\"") && utf8_clean(s),
	      "JSON: not UTF-8 is U+FFFD, C1 is \\u009b: %s", s);
	s = print(&json_opts, BY_REASON);
	CHECK(strstr(s, "\"reason\":\"NO\\nSOCKET\"") && utf8_clean(s),
	      "JSON reason: %s", s);
	view_free(&cur);

	/* TRAPS: devlink names. */
	memset(&cur, 0, sizeof(cur));
	cur.id = TPSTAT_VIEW_TRAPS;
	view_header(&cur, 1, 16);
	nlh = view_msg();
	mnl_attr_put_strz(nlh, TPSTAT_A_DEVLINK, "pci/\x1b" "c");
	mnl_attr_put_strz(nlh, TPSTAT_A_TRAP, "t\x07");
	mnl_attr_put_strz(nlh, TPSTAT_A_TRAP_GROUP, "g\x7f");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "trap entry");
	s = print(&text_opts, BY_TRAP);
	CHECK(strstr(s, "  t\\007 (g\\177) pci/\\033c\n") &&
	      terminal_safe(s), "traps escaped:\n%s", s);
	view_free(&cur);
}

static void neigh_prom(FILE *f, const struct view *v)
{
	struct prom p;

	prom_init(&p, f);
	view_ops(TPSTAT_VIEW_NEIGH)->export(&p, v);
}

static void test_prometheus(void)
{
	char out[4096] = "";
	struct nlmsghdr *nlh;
	FILE *f;
	static const uint8_t addr[4] = { 10, 0, 0, 1 };

	memset(&cur, 0, sizeof(cur));
	cur.id = TPSTAT_VIEW_NEIGH;
	view_header(&cur, 2, 16);
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "a\x1b\"b\n\\\xff\xc3\xa9");
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "neigh entry");
	/* the name a user would give to collide with it, were '\' kept */
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 3);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "a\\033\"b\n\\\xff\xc3\xa9");
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "neigh entry 2");
	f = fmemopen(out, sizeof(out) - 1, "w");
	neigh_prom(f, &cur);
	fclose(f);
	CHECK(strstr(out, "{device=\"a\\\\033\\\"b\\n\\\\134\\\\377\xc3\xa9\",") &&
	      strstr(out, "{device=\"a\\\\134033\\\"b\\n\\\\134\\\\377\xc3\xa9\",") &&
	      utf8_clean(out),
	      "label values: \\\\ooo for control, '\\\\' and not UTF-8; \\\" and \\n; UTF-8 kept; two names, two series:\n%s",
	      out);
	view_free(&cur);
}

/* Namespace names are any bytes but '/': ip netns add takes them. */
static void test_netns_names(void)
{
	char dir[] = "/tmp/tpstat-hostile-XXXXXX", path[256], buf[32];
	const char *name = "ns\x1b]2;x\x07";
	struct stat st;
	char out[512] = "";
	struct json j;
	FILE *f;

	if (!mkdtemp(dir))
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fclose(fopen(path, "w"));
	stat(path, &st);
	netns_set_dir(dir, false);
	CHECK(!strcmp(netns_text(st.st_ino, buf, sizeof(buf)),
		      "ns\\033]2;x\\007"), "netns name escaped: %s",
	      netns_text(st.st_ino, buf, sizeof(buf)));
	f = fmemopen(out, sizeof(out) - 1, "w");
	json_init(&j, f, false);
	json_object_open(&j);
	netns_json(&j, st.st_ino);
	json_object_close(&j);
	json_end(&j);
	fclose(f);
	CHECK(strstr(out, "\"netns_name\":\"ns\\u001b]2;x\\u0007\""),
	      "netns name in JSON: %s", out);
	unlink(path);
	rmdir(dir);
	netns_set_dir(NETNS_RUN_DIR, true);
}

/* ---- the flight recorder ------------------------------------------------- */

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
static void test_history(void)
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
static void test_history_views(void)
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
static void test_history_file(void)
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

int main(void)
{
	test_seq_and_port();
	test_lengths();
	test_extack();
	test_foreign_sender();
	test_view_limits();
	test_alerts();
	test_escape();
	test_names();
	test_prometheus();
	test_netns_names();
	test_history();
	test_history_views();
	test_history_file();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
