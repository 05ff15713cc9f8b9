// SPDX-License-Identifier: GPL-2.0
/*
 * rowbench: what a large RETRANS view costs the tool, without a kernel.
 * N synthetic entries, built as the module sends them (one message an
 * entry, packed into receive buffers as a dump fills them), go through
 * the tool's parser, the view's order and its JSON writer, to
 * /dev/null, as "tpstat -j retrans" does.  One line on stdout:
 *   rowbench entries=N row_bytes=B peak_rss_kib=K ns_per_entry=T
 * row_bytes: sizeof(struct view_entry); peak_rss_kib: getrusage()'s
 * ru_maxrss for the whole process; ns_per_entry: wall time of parse,
 * order and JSON over N.  Exit 1 when fewer than N rows were read.
 *   rowbench [N] [BUF] [V6]	(65536 entries, 32768-byte buffers,
 *				 every 3rd flow IPv6; 0: none, as bench/)
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <linux/genetlink.h>

#include "../output.h"
#include "../views.h"

/* A family id as the kernel hands out (GENL_MIN_ID up). */
#define FAMILY_ID 0x20

static struct nlmsghdr *put_header(char *p, uint32_t n)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(p);

	mnl_nlmsg_put_extra_header(nlh, sizeof(struct genlmsghdr));
	nlh->nlmsg_type = FAMILY_ID;
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, TPSTAT_VIEW_RETRANS);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_ENTRIES, n);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW_CAPACITY, n);
	mnl_attr_put_u64(nlh, TPSTAT_A_VIEW_OVERFLOW, 0);
	return nlh;
}

/* One flow as the module writes a RETRANS entry: every @v6th IPv6. */
static struct nlmsghdr *put_flow(char *p, uint32_t i, long v6_every)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(p);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	uint8_t s4[4] = { 10, 1, i >> 8, i }, d4[4] = { 10, 2, 0, 1 };
	uint8_t s6[16] = { 0x20, 0x01, 0x0d, 0xb8, [12] = i >> 8, [15] = i };
	uint8_t d6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	bool v6 = v6_every > 0 && i % v6_every == 1 % v6_every;

	g->cmd = TPSTAT_CMD_GET_VIEW;
	nlh->nlmsg_type = FAMILY_ID;
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 4026531840U);
	mnl_attr_put_u64(nlh, TPSTAT_A_NETNS_COOKIE, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, v6 ? AF_INET6 : AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, v6 ? 16 : 4, v6 ? s6 : s4);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 32768 + i % 28000);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, v6 ? 16 : 4, v6 ? d6 : d4);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 443);
	mnl_attr_put_u64(nlh, TPSTAT_A_RETRANS, 1 + i % 7);
	mnl_attr_put_u64(nlh, TPSTAT_A_SYNACK_RETRANS, i % 2);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, 1 + i % 11);
	return nlh;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 65536;
	size_t bufsize = argc > 2 ? (size_t)atol(argv[2]) : 32768;
	long v6_every = argc > 3 ? atol(argv[3]) : 3;
	const struct out_opts o = { .json = true };
	struct view v = { .id = TPSTAT_VIEW_RETRANS };
	char *buf = malloc(bufsize), one[512];
	FILE *out = fopen("/dev/null", "w");
	struct rusage ru;
	size_t len = 0, read;
	double start;

	if (!buf || !out || n < 0 || n > 0xffffffffL || bufsize < sizeof(one))
		return 1;
	start = now();
	/* The header message, then the entries, as many a buffer as fit. */
	for (long i = -1; i < n; i++) {
		struct nlmsghdr *nlh = i < 0 ? put_header(one, n) :
					       put_flow(one, i, v6_every);

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
	view_sort(&v);
	print_view(out, &o, &v, BY_DEFAULT, NULL);
	fflush(out);
	read = v.n;
	printf("rowbench entries=%zu row_bytes=%zu", read,
	       sizeof(struct view_entry));
	view_free(&v);
	getrusage(RUSAGE_SELF, &ru);
	printf(" peak_rss_kib=%ld ns_per_entry=%.0f\n", ru.ru_maxrss,
	       n ? (now() - start) * 1e9 / n : 0.0);
	fclose(out);
	free(buf);
	return read == (size_t)n ? 0 : 1;
}
