// SPDX-License-Identifier: GPL-2.0
/*
 * readbench: what the tool spends in userspace on a RETRANS dump of N
 * entries, without a kernel: the replies are built as the module sends
 * them (one message per entry, packed into receive buffers of BUF bytes)
 * and go through the tool's parser, sort and printer to /dev/null.  For
 * valgrind --tool=callgrind (instructions per entry):
 *   readbench N [json|pretty|text|parse|sort] [BUF] [OUT] [mixed]
 * parse: only read the replies; sort: read and sort them, print nothing.
 * OUT: where the output goes (/dev/null); mixed: IPv6 flows, other
 * states and counts among them, to compare outputs between versions.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/genetlink.h>

#include "../output.h"
#include "../views.h"

/* A family id as the kernel hands out (GENL_MIN_ID up). */
#define FAMILY_ID 0x20

/* One entry as the module's tpstat_put_keyed() writes it for RETRANS. */
static struct nlmsghdr *put_flow(char *p, uint32_t i, bool mixed)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(p);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	uint8_t saddr[4] = { 127, 1, i >> 8, i }, daddr[4] = { 127, 0, 0, 1 };
	uint8_t s6[16] = { 0x20, 0x01, 0x0d, 0xb8, [12] = i >> 8, [15] = i };
	uint8_t d6[16] = { [10] = 0xff, [11] = 0xff, 10, 0, i >> 8, i };
	bool v6 = mixed && i % 3 == 1;

	g->cmd = TPSTAT_CMD_GET_VIEW;
	nlh->nlmsg_type = FAMILY_ID;
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 4026531840U);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, v6 ? AF_INET6 : AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, v6 ? 16 : 4, v6 ? s6 : saddr);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 32768 + (i * 7919) % 28000);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, v6 ? 16 : 4, v6 ? d6 : daddr);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, mixed ? i % 65536 : 7002);
	mnl_attr_put_u64(nlh, TPSTAT_A_RETRANS, mixed ? i % 7 : 2);
	mnl_attr_put_u64(nlh, TPSTAT_A_SYNACK_RETRANS, mixed ? i % 2 : 0);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, mixed ? i % 16 : 7);
	return nlh;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 4096;
	const char *mode = argc > 2 ? argv[2] : "json";
	size_t bufsize = argc > 3 ? (size_t)atol(argv[3]) : 4096;
	const char *path = argc > 4 ? argv[4] : "/dev/null";
	bool mixed = argc > 5 && !strcmp(argv[5], "mixed");
	struct out_opts o = { .json = !strcmp(mode, "json") || !strcmp(mode, "pretty"),
			      .pretty = !strcmp(mode, "pretty") };
	struct view v = { .id = TPSTAT_VIEW_RETRANS };
	char *buf = malloc(bufsize), one[512];
	size_t len = 0;
	FILE *out;
	long i;

	out = fopen(path, "w");
	if (!buf || !out || n < 0)
		return 1;
	/* The header message, then the entries, as many a buffer as fit. */
	for (i = -1; i < n; i++) {
		struct nlmsghdr *nlh;

		if (i < 0) {
			nlh = mnl_nlmsg_put_header(one);
			mnl_nlmsg_put_extra_header(nlh, sizeof(struct genlmsghdr));
			nlh->nlmsg_type = FAMILY_ID;
			nlh->nlmsg_flags = NLM_F_MULTI;
			mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, TPSTAT_VIEW_RETRANS);
			mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, n);
			mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, n);
			mnl_attr_put_u64(nlh, TPSTAT_A_VIEW_OVERFLOW, 0);
		} else {
			nlh = put_flow(one, i, mixed);
		}
		if (len + nlh->nlmsg_len > bufsize) {
			if (mnl_cb_run(buf, len, 0, 0, view_msg_cb, &v) < 0)
				return 1;
			len = 0;
		}
		memcpy(buf + len, nlh, nlh->nlmsg_len);
		len += nlh->nlmsg_len;
	}
	if (len && mnl_cb_run(buf, len, 0, 0, view_msg_cb, &v) < 0)
		return 1;
	if (strcmp(mode, "parse")) {
		view_sort(&v);
		if (strcmp(mode, "sort"))
			print_view(out, &o, &v, BY_DEFAULT, NULL);
	}
	fprintf(stderr, "readbench: %zu entries\n", v.n);
	view_free(&v);
	fclose(out);
	free(buf);
	return 0;
}
