// SPDX-License-Identifier: GPL-2.0
/*
 * The family's attributes in one byte order (attr_order.c): each kind
 * swapped as its type says, and back.  On every host: attrs_swap() is
 * what a big-endian one does to its files' views lines.
 */
#include <stdlib.h>
#include <string.h>
#include <libmnl/libmnl.h>

#include "unit.h"
#include "../replies.h"
#include "../attr_order.h"

/* @n bytes at @a are @b's reversed. */
static bool reversed(const unsigned char *a, const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[n - 1 - i])
			return false;
	return true;
}

static void test_attr_swap(void)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	static const uint8_t addr[4] = { 192, 0, 2, 1 };
	unsigned char *orig, *b;
	struct nlattr *nest;
	size_t len, off[6];
	void *payload;

	payload = mnl_nlmsg_get_payload(nlh);
	off[0] = nlh->nlmsg_len;
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, TPSTAT_VIEW_LIFETIMES);
	off[1] = nlh->nlmsg_len;
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 5301);
	off[2] = nlh->nlmsg_len;
	/* Four bytes, as a u32: a string, never swapped. */
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "br0");
	off[3] = nlh->nlmsg_len;
	mnl_attr_put(nlh, TPSTAT_A_SADDR, sizeof(addr), addr);
	off[4] = nlh->nlmsg_len;
	nest = mnl_attr_nest_start(nlh, TPSTAT_A_HIST_BUCKETS);
	mnl_attr_put_u64(nlh, 3, 0x0102030405060708ULL);
	mnl_attr_put_u64(nlh, 9, 7);
	mnl_attr_nest_end(nlh, nest);
	off[5] = nlh->nlmsg_len;
	mnl_attr_put_u64(nlh, TPSTAT_A_HIST_COUNT, 0x1122334455667788ULL);
	len = nlh->nlmsg_len - off[0];
	orig = xcalloc(1, len);
	memcpy(orig, payload, len);
	b = payload;

	attrs_swap(b, len, true);
#define AT(i) (b + off[i] - off[0])
#define OR(i) (orig + off[i] - off[0])
	CHECK(reversed(AT(0), OR(0), 2) && reversed(AT(0) + 2, OR(0) + 2, 2) &&
	      reversed(AT(0) + 4, OR(0) + 4, 4),
	      "a u32: its header's fields and its value swapped");
	CHECK(reversed(AT(1) + 4, OR(1) + 4, 2) && !memcmp(AT(1) + 6, OR(1) + 6, 2),
	      "a u16: its two bytes, not its padding");
	CHECK(reversed(AT(2), OR(2), 2) && !memcmp(AT(2) + 4, "br0", 4),
	      "a string of four bytes: its header only");
	CHECK(!memcmp(AT(3) + 4, addr, 4), "an address: as it is (network order)");
	CHECK(reversed(AT(4), OR(4), 2) && reversed(AT(4) + 4, OR(4) + 4, 2) &&
	      reversed(AT(4) + 8, OR(4) + 8, 8) && reversed(AT(4) + 18, OR(4) + 18, 2) &&
	      reversed(AT(4) + 20, OR(4) + 20, 8),
	      "a nest of u64s: its members' headers and values");
	CHECK(reversed(AT(5) + 4, OR(5) + 4, 8), "a u64");
	attrs_swap(b, len, false);
	CHECK(!memcmp(b, orig, len), "swapped back: as it was");

	/* Cut inside an attribute: the rest left for the parser to refuse. */
	attrs_swap(b, off[1] - off[0] + 2, true);
	CHECK(reversed(AT(0) + 4, OR(0) + 4, 4) && !memcmp(AT(1), OR(1), 8),
	      "a message cut short: swapped up to the cut");
#undef AT
#undef OR
	free(orig);
}

/* Each number of the spec has its width; strings and addresses none. */
static void test_attr_widths(void)
{
	CHECK(tpstat_attr_width[TPSTAT_A_COUNT] == 8 &&
	      tpstat_attr_width[TPSTAT_A_VIEW] == 4 &&
	      tpstat_attr_width[TPSTAT_A_DPORT] == 2 &&
	      tpstat_attr_width[TPSTAT_A_FAMILY] == 1 &&
	      tpstat_attr_width[TPSTAT_A_HIST_BUCKETS] == ATTR_U64_NEST &&
	      !tpstat_attr_width[TPSTAT_A_DADDR] &&
	      !tpstat_attr_width[TPSTAT_A_LOCATION],
	      "the widths of a sample of the spec's attributes");
}

void test_attr_order(void)
{
	test_attr_swap();
	test_attr_widths();
}
