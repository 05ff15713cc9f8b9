// SPDX-License-Identifier: GPL-2.0
/*
 * nlprobe: a raw generic netlink client for the tests, sending what the
 * tpstat tool never would.
 *
 *   nlprobe bad              malformed requests, one per case; each must
 *                            get an NLMSG_ERROR with a negative errno
 *   nlprobe random N SEED    N random requests (fixed seed); each must get
 *                            a clean end: an error, an ACK or a DONE
 *   nlprobe dump             GET_COUNTERS dump: prints "name value" lines
 *                            and, on stderr, how many recv() batches
 *   nlprobe filter-bad       SET_FILTER requests with addresses the tool
 *                            never sends; each must be refused: prints
 *                            "what: errno: the extack message" each
 * Exit 0 when every request got a clean answer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "../../uapi/linux/tpstat.h"

static int sock_fd;
/* The extack message of the last NLMSG_ERROR, "" if it had none. */
static char last_extack[256];
static unsigned int seq = 1;
/*
 * The kernel sizes dump messages after the largest read so far: small
 * reads keep them near NLMSG_GOODSIZE, so a dump spans several.
 */
#define READ_SIZE 4096
static unsigned char rbuf[READ_SIZE];

struct msg {
	struct nlmsghdr nlh;
	struct genlmsghdr genl;
	unsigned char attrs[1024];
};

static void die(const char *what)
{
	fprintf(stderr, "nlprobe: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Appends an attribute; @len is what the header claims. */
static size_t put_attr(unsigned char *at, unsigned short type,
		       unsigned short len, const void *data, size_t copy)
{
	struct nlattr *a = (struct nlattr *)at;

	a->nla_type = type;
	a->nla_len = len;
	memcpy(at + NLA_HDRLEN, data, copy);
	return NLA_ALIGN(NLA_HDRLEN + copy);
}

/* NLMSGERR_ATTR_MSG of an NLMSG_ERROR into last_extack. */
static void read_extack(const struct nlmsghdr *h)
{
	const struct nlmsgerr *e = NLMSG_DATA(h);
	size_t off = NLMSG_HDRLEN + sizeof(*e);
	const struct nlattr *a;

	last_extack[0] = '\0';
	if (!(h->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	/* The request comes back whole unless capped to its header. */
	if (!(h->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - NLMSG_HDRLEN;
	while (off + NLA_HDRLEN <= h->nlmsg_len) {
		a = (const void *)((const char *)h + off);
		if (a->nla_len < NLA_HDRLEN || off + a->nla_len > h->nlmsg_len)
			return;
		if (a->nla_type == NLMSGERR_ATTR_MSG) {
			snprintf(last_extack, sizeof(last_extack), "%.*s",
				 (int)(a->nla_len - NLA_HDRLEN),
				 (const char *)a + NLA_HDRLEN);
			return;
		}
		off += NLA_ALIGN(a->nla_len);
	}
}

/*
 * Sends @len bytes and reads until the request ends.  Returns the errno of
 * an NLMSG_ERROR (0 for an ACK or a DONE), or 1 when nothing ended it.
 * With @print, data messages' counter attributes are printed.
 */
static int transact(struct msg *m, size_t len, int print, int *batches)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };

	m->nlh.nlmsg_seq = ++seq;
	if (sendto(sock_fd, m, len, 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0)
		die("sendto");
	for (;;) {
		ssize_t n = recv(sock_fd, rbuf, READ_SIZE, 0);
		struct nlmsghdr *h;

		if (n < 0)
			return errno == EAGAIN ? 1 : -errno;
		if (batches)
			(*batches)++;
		for (h = (struct nlmsghdr *)rbuf; NLMSG_OK(h, (size_t)n);
		     h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_seq != seq)
				continue;
			if (h->nlmsg_type == NLMSG_ERROR) {
				read_extack(h);
				return ((struct nlmsgerr *)NLMSG_DATA(h))->error;
			}
			/* A dump that failed says so in its DONE (an int). */
			if (h->nlmsg_type == NLMSG_DONE)
				return h->nlmsg_len >= NLMSG_LENGTH(sizeof(int)) ?
				       *(int *)NLMSG_DATA(h) : 0;
			if (print) {
				struct nlattr *a = (void *)((char *)NLMSG_DATA(h) + GENL_HDRLEN);
				int rem = h->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
				const char *name = "?";
				unsigned long long v = 0;

				for (; rem >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN && a->nla_len <= rem;
				     rem -= NLA_ALIGN(a->nla_len),
				     a = (void *)((char *)a + NLA_ALIGN(a->nla_len))) {
					if (a->nla_type == TPSTAT_A_COUNTER_NAME)
						name = (char *)a + NLA_HDRLEN;
					if (a->nla_type == TPSTAT_A_COUNTER_VALUE)
						memcpy(&v, (char *)a + NLA_HDRLEN, 8);
				}
				printf("%s %llu\n", name, v);
			}
		}
	}
}

static int family_id(void)
{
	struct msg m = { 0 };
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct nlmsghdr *h;
	ssize_t n;

	m.nlh.nlmsg_type = GENL_ID_CTRL;
	m.nlh.nlmsg_flags = NLM_F_REQUEST;
	m.genl.cmd = CTRL_CMD_GETFAMILY;
	m.genl.version = 1;
	len += put_attr(m.attrs, CTRL_ATTR_FAMILY_NAME,
			NLA_HDRLEN + sizeof(TPSTAT_GENL_NAME),
			TPSTAT_GENL_NAME, sizeof(TPSTAT_GENL_NAME));
	m.nlh.nlmsg_len = len;
	if (sendto(sock_fd, &m, len, 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0)
		die("sendto");
	n = recv(sock_fd, rbuf, READ_SIZE, 0);
	for (h = (struct nlmsghdr *)rbuf; n > 0 && NLMSG_OK(h, (size_t)n);
	     h = NLMSG_NEXT(h, n)) {
		struct nlattr *a = (void *)((char *)NLMSG_DATA(h) + GENL_HDRLEN);
		int rem = h->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;

		if (h->nlmsg_type != GENL_ID_CTRL)
			continue;
		for (; rem >= NLA_HDRLEN; rem -= NLA_ALIGN(a->nla_len),
		     a = (void *)((char *)a + NLA_ALIGN(a->nla_len)))
			if (a->nla_type == CTRL_ATTR_FAMILY_ID)
				return *(unsigned short *)((char *)a + NLA_HDRLEN);
	}
	fprintf(stderr, "nlprobe: no tpstat family (module not loaded?)\n");
	exit(1);
}

static size_t header(struct msg *m, int family, int cmd, int flags)
{
	memset(m, 0, sizeof(*m));
	m->nlh.nlmsg_type = family;
	m->nlh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
	m->genl.cmd = cmd;
	m->genl.version = TPSTAT_GENL_VERSION;
	return NLMSG_HDRLEN + GENL_HDRLEN;
}

static int bad(int family)
{
	char big[400];
	unsigned int u32 = 4;
	int failures = 0, i;
	struct msg m;

	memset(big, 'a', sizeof(big));
	big[sizeof(big) - 1] = '\0';
	for (i = 0; i < 10; i++) {
		const char *what = "";
		size_t len = 0;
		int err;

		switch (i) {
		case 0:
			what = "unknown command";
			len = header(&m, family, 99, 0);
			break;
		case 1:
			what = "unknown attribute";
			len = header(&m, family, TPSTAT_CMD_GET_INFO, 0);
			len += put_attr(m.attrs, 200, NLA_HDRLEN + 4, &u32, 4);
			break;
		case 2:
			what = "wrongly typed attribute (u32 as glob)";
			len = header(&m, family, TPSTAT_CMD_RESET, 0);
			len += put_attr(m.attrs, TPSTAT_A_GLOB, NLA_HDRLEN + 4, &u32, 4);
			break;
		case 3:
			what = "oversize string";
			len = header(&m, family, TPSTAT_CMD_ATTACH, 0);
			len += put_attr(m.attrs, TPSTAT_A_GLOB, NLA_HDRLEN + sizeof(big),
					big, sizeof(big));
			break;
		case 4:
			what = "unterminated string";
			len = header(&m, family, TPSTAT_CMD_DETACH, 0);
			len += put_attr(m.attrs, TPSTAT_A_GLOB, NLA_HDRLEN + 5, "tcp:*", 5);
			break;
		case 5:
			what = "missing required attribute";
			len = header(&m, family, TPSTAT_CMD_ATTACH, 0);
			break;
		case 6:
			what = "truncated genetlink header";
			len = header(&m, family, TPSTAT_CMD_GET_INFO, 0) - 2;
			break;
		case 7:
			what = "reserved header bytes set";
			len = header(&m, family, TPSTAT_CMD_GET_INFO, 0);
			m.genl.reserved = 1;
			break;
		case 8:
			what = "attribute longer than the message";
			len = header(&m, family, TPSTAT_CMD_RESET, 0);
			len += put_attr(m.attrs, TPSTAT_A_GLOB, NLA_HDRLEN + 200, "x", 2);
			break;
		case 9:
			what = "bad glob in a dump";
			len = header(&m, family, TPSTAT_CMD_GET_COUNTERS, NLM_F_DUMP);
			len += put_attr(m.attrs, TPSTAT_A_GLOB, NLA_HDRLEN + 7, "nosuch", 7);
			break;
		}
		m.nlh.nlmsg_len = len;
		err = transact(&m, len, 0, NULL);
		printf("%-40s %s\n", what, err < 0 ? strerror(-err) :
		       err ? "no answer" : "accepted");
		failures += err >= 0;
	}
	return failures;
}

/*
 * Address filters the kernel must refuse, each with its reason; a valid
 * port filter beside each, which must not be set either.
 */
static int filter_bad(int family)
{
	static const unsigned char v4[4] = { 127, 0, 0, 3 };
	/* 17 bytes: the 17-byte case reads one past the address. */
	static const unsigned char v6[17] = { 0xfd, 0x99, [15] = 1 };
	static const unsigned char mapped[16] = {
		[10] = 0xff, [11] = 0xff, 127, 0, 0, 1 };
	unsigned char u8;
	unsigned short port = 9;
	int failures = 0, i;
	struct msg m;

	for (i = 0; i < 8; i++) {
		const char *what = "";
		size_t len = header(&m, family, TPSTAT_CMD_SET_FILTER, 0);
		unsigned char *at = m.attrs;
		int err;

		at += put_attr(at, TPSTAT_A_FILTER_LPORT, NLA_HDRLEN + 2, &port, 2);
		switch (i) {
		case 0:
			what = "5-byte raddr";
			at += put_attr(at, TPSTAT_A_FILTER_RADDR, NLA_HDRLEN + 5, v6, 5);
			break;
		case 1:
			what = "17-byte laddr";
			at += put_attr(at, TPSTAT_A_FILTER_LADDR, NLA_HDRLEN + 17, v6, 17);
			break;
		case 2:
			what = "IPv4 raddr, prefix 33";
			u8 = 33;
			at += put_attr(at, TPSTAT_A_FILTER_RADDR, NLA_HDRLEN + 4, v4, 4);
			at += put_attr(at, TPSTAT_A_FILTER_RADDR_PREFIX, NLA_HDRLEN + 1, &u8, 1);
			break;
		case 3:
			what = "IPv6 laddr, prefix 129";
			u8 = 129;
			at += put_attr(at, TPSTAT_A_FILTER_LADDR, NLA_HDRLEN + 16, v6, 16);
			at += put_attr(at, TPSTAT_A_FILTER_LADDR_PREFIX, NLA_HDRLEN + 1, &u8, 1);
			break;
		case 4:
			what = "raddr 127.0.0.3/24, host bits";
			u8 = 24;
			at += put_attr(at, TPSTAT_A_FILTER_RADDR, NLA_HDRLEN + 4, v4, 4);
			at += put_attr(at, TPSTAT_A_FILTER_RADDR_PREFIX, NLA_HDRLEN + 1, &u8, 1);
			break;
		case 5:
			what = "laddr fd99::1/64, host bits";
			u8 = 64;
			at += put_attr(at, TPSTAT_A_FILTER_LADDR, NLA_HDRLEN + 16, v6, 16);
			at += put_attr(at, TPSTAT_A_FILTER_LADDR_PREFIX, NLA_HDRLEN + 1, &u8, 1);
			break;
		case 6:
			what = "raddr prefix, no raddr";
			u8 = 8;
			at += put_attr(at, TPSTAT_A_FILTER_RADDR_PREFIX, NLA_HDRLEN + 1, &u8, 1);
			break;
		case 7:
			what = "raddr ::ffff:127.0.0.1/120, IPv4 prefix 24";
			u8 = 120;
			at += put_attr(at, TPSTAT_A_FILTER_RADDR, NLA_HDRLEN + 16, mapped, 16);
			at += put_attr(at, TPSTAT_A_FILTER_RADDR_PREFIX, NLA_HDRLEN + 1, &u8, 1);
			break;
		}
		len += at - m.attrs;
		m.nlh.nlmsg_len = len;
		err = transact(&m, len, 0, NULL);
		printf("%s: %s: %s\n", what, err < 0 ? strerror(-err) :
		       err ? "no answer" : "accepted", last_extack);
		failures += err >= 0;
	}
	return failures;
}

static int random_requests(int family, long n, unsigned int seed)
{
	long i, errors = 0, ends = 0, hangs = 0;
	struct msg m;

	srandom(seed);
	for (i = 0; i < n; i++) {
		size_t len = header(&m, family, random() % 10,
				    random() % 2 ? NLM_F_DUMP : 0);
		size_t extra = random() % 64;
		int err;

		m.genl.version = random() % 3;
		for (size_t k = 0; k < extra; k++)
			m.attrs[k] = random();
		/* Mostly well-formed attributes, with random contents. */
		if (extra >= NLA_HDRLEN && random() % 4) {
			struct nlattr *a = (struct nlattr *)m.attrs;

			a->nla_len = NLA_HDRLEN + random() % (extra - NLA_HDRLEN + 1);
			a->nla_type = random() % (TPSTAT_A_MAX + 3);
		}
		len += extra;
		m.nlh.nlmsg_len = len;
		err = transact(&m, len, 0, NULL);
		if (err > 0)
			hangs++;
		else if (err < 0)
			errors++;
		else
			ends++;
	}
	printf("requests=%ld errors=%ld completed=%ld unanswered=%ld\n", n,
	       errors, ends, hangs);
	return hangs != 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_nl local = { .nl_family = AF_NETLINK };
	struct timeval tv = { .tv_sec = 2 };
	int family, one = 1;

	if (argc < 2) {
		fprintf(stderr, "usage: nlprobe bad | filter-bad | random N SEED | dump\n");
		return 2;
	}
	sock_fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	if (sock_fd < 0 || bind(sock_fd, (struct sockaddr *)&local, sizeof(local)))
		die("netlink socket");
	setsockopt(sock_fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(sock_fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	family = family_id();

	if (!strcmp(argv[1], "bad"))
		return bad(family) ? 1 : 0;
	if (!strcmp(argv[1], "filter-bad"))
		return filter_bad(family) ? 1 : 0;
	if (!strcmp(argv[1], "random") && argc == 4)
		return random_requests(family, atol(argv[2]),
				       strtoul(argv[3], NULL, 0));
	if (!strcmp(argv[1], "dump")) {
		struct msg m;
		size_t len = header(&m, family, TPSTAT_CMD_GET_COUNTERS,
				    NLM_F_DUMP);
		int batches = 0, err;

		m.nlh.nlmsg_len = len;
		err = transact(&m, len, 1, &batches);
		fprintf(stderr, "batches=%d\n", batches);
		return err != 0;
	}
	fprintf(stderr, "usage: nlprobe bad | filter-bad | random N SEED | dump\n");
	return 2;
}
