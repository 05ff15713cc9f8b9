// SPDX-License-Identifier: GPL-2.0
/*
 * Replies the reply parser (tpnl_parse()) must not believe: from another
 * sender or sequence, with lengths that lie, with extended ACKs that
 * point outside the request, and datagrams over real netlink sockets
 * from a sender that is not the kernel.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "hostile.h"

/* ---- the sender and the sequence number ---------------------------------- */

void test_seq_and_port(void)
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

void test_lengths(void)
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

void test_extack(void)
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

void test_foreign_sender(void)
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
