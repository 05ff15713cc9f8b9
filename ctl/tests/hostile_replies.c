// SPDX-License-Identifier: GPL-2.0
/*
 * Replies faked as the kernel would send them, for the hostile tests:
 * datagrams of several messages with a sender and a sequence, parsed as
 * the tool parses them, and a view's messages one at a time.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "hostile.h"
#include "replies.h"

/* ---- datagrams of several messages ---------------------------------------- */

char dgram[8192] __attribute__((aligned(8)));
size_t dgram_len;

/* A new message at the end of dgram: a generic netlink one unless @type < 16. */
struct nlmsghdr *put_msg(uint16_t type, uint32_t seq, uint32_t pid,
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
void end_msg(struct nlmsghdr *nlh)
{
	dgram_len += NLMSG_ALIGN(nlh->nlmsg_len);
}

void put_done(uint32_t seq, uint32_t pid, int error)
{
	struct nlmsghdr *nlh = put_msg(NLMSG_DONE, seq, pid, 0);
	int *e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));

	*e = error;
	end_msg(nlh);
}

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

struct tpnl fake_nl(void)
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
int parse(struct tpnl *nl, struct seen *s)
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

/* ---- a view's messages, one at a time ------------------------------------ */

static char msgbuf[4096] __attribute__((aligned(8)));

struct nlmsghdr *view_msg(void)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(msgbuf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

	g->cmd = TPSTAT_CMD_GET_VIEW;
	return nlh;
}

int view_header(struct view *v, uint32_t entries, uint32_t cap)
{
	struct nlmsghdr *nlh = view_msg();

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, v->id);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, entries);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, cap);
	mnl_attr_put_u64(nlh, TPSTAT_A_VIEW_OVERFLOW, 0);
	return view_msg_cb(nlh, v);
}

int drop_entry(struct view *v, const char *loc, uint64_t count)
{
	struct nlmsghdr *nlh = view_msg();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, loc);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	return view_msg_cb(nlh, v);
}

