// SPDX-License-Identifier: GPL-2.0
/* A history file's views lines: see recording_file_views.h. */
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>
#include <libmnl/libmnl.h>

#include "attr_order.h"
#include "nl.h"
#include "recording_file_views.h"
#include "replies.h"
#include "../uapi/linux/tpstat.h"

static const char digits[] = "0123456789abcdef";

void rec_views_hex_write(FILE *f, const struct rec_attrs *a)
{
	unsigned char *b = xcalloc(1, a->len + 1);

	memcpy(b, a->bytes, a->len);
	attrs_to_file_order(b, a->len);
	for (size_t i = 0; i < a->len; i++) {
		fputc(digits[b[i] >> 4], f);
		fputc(digits[b[i] & 0xf], f);
	}
	free(b);
}

/* @c's value as a hex digit (either case), or -1. */
static int digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * A file's line is a views interval's message, never a counters' one:
 * those have lines of their own, counted apart (the end line).
 */
static int views_only_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
		if (mnl_attr_get_type(a) == TPSTAT_A_VIEW)
			return history_msg_cb(nlh, data);
	}
	return tpnl_reject("a views line without a view");
}

const char *rec_views_hex_read(struct recording *r, const char *hex)
{
	size_t n = strlen(hex) / 2, head = MNL_NLMSG_HDRLEN + GENL_HDRLEN;
	/* Port id and sequence 0: the parser takes the message as ours. */
	struct tpnl nl = { 0 };
	struct nlmsghdr *nlh;
	unsigned char *buf;
	int ret;

	if (strlen(hex) % 2)
		return "a views line's hex has an odd number of digits";
	buf = xcalloc(1, head + n);
	for (size_t i = 0; i < n; i++) {
		int hi = digit(hex[2 * i]), lo = digit(hex[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			free(buf);
			return "a views line with a character that is not a hex digit";
		}
		buf[head + i] = hi << 4 | lo;
	}
	attrs_from_file_order(buf + head, n);
	nlh = (struct nlmsghdr *)buf;
	/* Exactly its bytes: a length the parser checks, as the kernel's. */
	nlh->nlmsg_len = head + n;
	/* The family's id is dynamic: any type past the control messages. */
	nlh->nlmsg_type = NLMSG_MIN_TYPE;
	nlh->nlmsg_flags = NLM_F_MULTI;
	((struct genlmsghdr *)mnl_nlmsg_get_payload(nlh))->cmd =
		TPSTAT_CMD_GET_HISTORY;
	ret = tpnl_parse(&nl, buf, nlh->nlmsg_len, 0, views_only_cb, r);
	free(buf);
	return ret == MNL_CB_ERROR ? tpnl_rejected() : NULL;
}
