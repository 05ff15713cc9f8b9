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
 *   nlprobe view NAME...     GET_VIEW dumps of views NAME (drops, resets,
 *                            ...): one line per message, the view's name
 *                            then the message's attributes as
 *                            "name=value", decoded by their types in
 *                            uapi/linux/tpstat.h alone (ports as u16 in
 *                            host order, addresses as network-order
 *                            bytes), not by the tool's code: a reading
 *                            of the contract that does not share the
 *                            tool's mistakes (tests/net/endian.sh).  A
 *                            view refused says so on stderr; the others
 *                            are dumped still
 *   nlprobe hold N           up to N dumps of the drops view held open
 *                            (a tenant taking every dump slot it may):
 *                            before each, a whole dump read to its end
 *                            says whether a slot is left.  Prints "dumps
 *                            <held>", "errno <the refusal's>", "message
 *                            <its extack>" and "held", then keeps them
 *                            open until its standard input ends
 * Exit 0 when every request got a clean answer.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdint.h>
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

/*
 * NLMSGERR_ATTR_MSG of an NLMSG_ERROR, or of the NLMSG_DONE of a dump
 * that failed past its start (its TLVs follow the errno), into
 * last_extack.
 */
static void read_extack(const struct nlmsghdr *h)
{
	const struct nlmsgerr *e = NLMSG_DATA(h);
	size_t off = NLMSG_HDRLEN + sizeof(*e);
	const struct nlattr *a;

	last_extack[0] = '\0';
	if (!(h->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	if (h->nlmsg_type == NLMSG_DONE)
		off = NLMSG_HDRLEN + sizeof(int);
	/* The request comes back whole unless capped to its header. */
	else if (!(h->nlmsg_flags & NLM_F_CAPPED))
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

static void print_view_msg(const struct nlmsghdr *h);

/*
 * Sends @len bytes and reads until the request ends.  Returns the errno of
 * an NLMSG_ERROR (0 for an ACK or a DONE), or 1 when nothing ended it.
 * With @print 1, data messages' counter attributes are printed; with 2,
 * every attribute of a view's messages (print_view_msg).
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
			if (h->nlmsg_type == NLMSG_DONE) {
				read_extack(h);
				return h->nlmsg_len >= NLMSG_LENGTH(sizeof(int)) ?
				       *(int *)NLMSG_DATA(h) : 0;
			}
			if (print == 2) {
				print_view_msg(h);
			} else if (print) {
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

/* A CTRL_CMD_GETFAMILY request for tpstat's family: its length. */
static size_t getfamily(struct msg *m)
{
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;

	memset(m, 0, sizeof(*m));
	m->nlh.nlmsg_type = GENL_ID_CTRL;
	m->nlh.nlmsg_flags = NLM_F_REQUEST;
	m->genl.cmd = CTRL_CMD_GETFAMILY;
	m->genl.version = 1;
	len += put_attr(m->attrs, CTRL_ATTR_FAMILY_NAME,
			NLA_HDRLEN + sizeof(TPSTAT_GENL_NAME),
			TPSTAT_GENL_NAME, sizeof(TPSTAT_GENL_NAME));
	m->nlh.nlmsg_len = len;
	return len;
}

static int family_id(void)
{
	struct msg m;
	size_t len = getfamily(&m);
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct nlmsghdr *h;
	ssize_t n;

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

/*
 * The GET_VIEW reply attributes by uapi/linux/tpstat.h's comments: their
 * names (TPSTAT_A_ lower-cased) and types.  A payload whose length is not
 * its type's prints as "badlen<N>".
 */
enum vtype { V_SKIP, V_U8, V_U16, V_U32, V_U64, V_STR, V_ADDR };
static const struct {
	const char *name;
	enum vtype type;
} vattrs[TPSTAT_A_MAX + 1] = {
#define VA(a, n, t) [TPSTAT_A_##a] = { n, t }
	VA(VIEW, "view", V_U32), VA(VIEW_ENTRIES, "view_entries", V_U32),
	VA(VIEW_CAPACITY, "view_capacity", V_U32),
	VA(VIEW_OVERFLOW, "view_overflow", V_U64),
	VA(NETNS, "netns", V_U32), VA(FAMILY, "family", V_U8),
	VA(SADDR, "saddr", V_ADDR), VA(SPORT, "sport", V_U16),
	VA(DADDR, "daddr", V_ADDR), VA(DPORT, "dport", V_U16),
	VA(IFINDEX, "ifindex", V_U32), VA(IFNAME, "ifname", V_STR),
	VA(LOCATION, "location", V_STR), VA(REASON, "reason", V_U32),
	VA(REASON_NAME, "reason_name", V_STR), VA(DEVLINK, "devlink", V_STR),
	VA(TRAP, "trap", V_STR), VA(TRAP_GROUP, "trap_group", V_STR),
	VA(COMM, "comm", V_STR), VA(OLD_STATE, "old_state", V_U8),
	VA(NEW_STATE, "new_state", V_U8), VA(HIST_NAME, "hist_name", V_STR),
	VA(COUNT, "count", V_U64), VA(RETRANS, "retrans", V_U64),
	VA(SYNACK_RETRANS, "synack_retrans", V_U64),
	VA(RST_SENT, "rst_sent", V_U64), VA(RST_RECEIVED, "rst_received", V_U64),
	VA(TX_PACKETS, "tx_packets", V_U64), VA(TX_BYTES, "tx_bytes", V_U64),
	VA(RX_PACKETS, "rx_packets", V_U64), VA(RX_BYTES, "rx_bytes", V_U64),
	VA(XMIT_ERRORS, "xmit_errors", V_U64),
	VA(XMIT_TIMEOUTS, "xmit_timeouts", V_U64), VA(GRO, "gro", V_U64),
	VA(NAPI_POLLS, "napi_polls", V_U64), VA(NAPI_WORK, "napi_work", V_U64),
	VA(NAPI_BUDGET_EXHAUSTED, "napi_budget_exhausted", V_U64),
	VA(HIST_BUCKETS, "hist_buckets", V_SKIP),
	VA(HIST_SUM, "hist_sum", V_U64), VA(HIST_COUNT, "hist_count", V_U64),
	VA(OPENS_ACTIVE, "opens_active", V_U64),
	VA(OPENS_PASSIVE, "opens_passive", V_U64),
	VA(OPENS_FAILED, "opens_failed", V_U64),
	VA(ERRNO, "errno", V_U32), VA(PROTOCOL, "protocol", V_U8),
	VA(DIRECTION, "direction", V_U8), VA(RCVBUF, "rcvbuf", V_U32),
	VA(AUTH_KIND, "auth_kind", V_U8),
	VA(NETNS_COOKIE, "netns_cookie", V_U64),
	VA(MEM_KIND, "mem_kind", V_U8), VA(MEM_ALLOCATED, "mem_allocated", V_U64),
	VA(MEM_LIMIT, "mem_limit", V_U64),
#undef VA
};

/* The view being dumped, the first word of each line printed. */
static const char *view_name = "";

static void print_view_msg(const struct nlmsghdr *h)
{
	const struct nlattr *a = (const void *)((const char *)NLMSG_DATA(h) + GENL_HDRLEN);
	int rem = h->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;

	printf("%s", view_name);
	for (; rem >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN && a->nla_len <= rem;
	     rem -= NLA_ALIGN(a->nla_len),
	     a = (const void *)((const char *)a + NLA_ALIGN(a->nla_len))) {
		const unsigned char *d = (const unsigned char *)a + NLA_HDRLEN;
		size_t len = a->nla_len - NLA_HDRLEN;
		unsigned int t = a->nla_type & NLA_TYPE_MASK;
		enum vtype vt = t <= TPSTAT_A_MAX ? vattrs[t].type : V_SKIP;
		static const size_t size[] = { [V_U8] = 1, [V_U16] = 2,
					       [V_U32] = 4, [V_U64] = 8 };
		char text[INET6_ADDRSTRLEN];
		uint16_t u16;
		uint32_t u32;
		uint64_t u64;

		if (vt == V_SKIP || !vattrs[t].name)
			continue;
		printf(" %s=", vattrs[t].name);
		if (vt <= V_U64 && len != size[vt]) {
			printf("badlen%zu", len);
			continue;
		}
		switch (vt) {
		case V_U8:
			printf("%u", d[0]);
			break;
		case V_U16:
			memcpy(&u16, d, 2);
			printf("%u", u16);
			break;
		case V_U32:
			memcpy(&u32, d, 4);
			printf("%u", u32);
			break;
		case V_U64:
			memcpy(&u64, d, 8);
			printf("%llu", (unsigned long long)u64);
			break;
		case V_STR:
			/* Names hold no space; "?" and the like stay as sent. */
			printf("%.*s", len && !d[len - 1] ? (int)len - 1 : (int)len,
			       (const char *)d);
			break;
		case V_ADDR:
			if ((len != 4 && len != 16) ||
			    !inet_ntop(len == 4 ? AF_INET : AF_INET6, d, text,
				       sizeof(text)))
				printf("badlen%zu", len);
			else
				printf("%s", text);
			break;
		default:
			break;
		}
	}
	printf("\n");
}

static const char *const view_names[__TPSTAT_VIEW_CNT] = {
	[TPSTAT_VIEW_DROPS] = "drops", [TPSTAT_VIEW_TRAPS] = "traps",
	[TPSTAT_VIEW_RETRANS] = "retrans", [TPSTAT_VIEW_RESETS] = "resets",
	[TPSTAT_VIEW_STATES] = "states", [TPSTAT_VIEW_LIFETIMES] = "lifetimes",
	[TPSTAT_VIEW_DEVICES] = "devices", [TPSTAT_VIEW_HISTS] = "hists",
	[TPSTAT_VIEW_ERRORS] = "errors", [TPSTAT_VIEW_RCVQ] = "rcvq",
	[TPSTAT_VIEW_NEIGH] = "neigh", [TPSTAT_VIEW_AUTH] = "auth",
	[TPSTAT_VIEW_SOCKMEM] = "sockmem",
};

/* A GET_VIEW dump request of @view: its length. */
static size_t view_request(struct msg *m, int family, uint32_t view)
{
	size_t len = header(m, family, TPSTAT_CMD_GET_VIEW, NLM_F_DUMP);

	len += put_attr(m->attrs, TPSTAT_A_VIEW, NLA_HDRLEN + sizeof(view),
			&view, sizeof(view));
	m->nlh.nlmsg_len = len;
	return len;
}

/* One view's dump, printed; its error's errno and extack on stderr. */
static int view_dump(int family, const char *name)
{
	struct msg m;
	uint32_t view;
	size_t len;
	int err;

	for (view = 0; view < __TPSTAT_VIEW_CNT; view++)
		if (!strcmp(view_names[view], name))
			break;
	if (view == __TPSTAT_VIEW_CNT) {
		fprintf(stderr, "nlprobe: no view '%s'\n", name);
		return 2;
	}
	len = view_request(&m, family, view);
	view_name = name;
	last_extack[0] = '\0';
	err = transact(&m, len, 2, NULL);
	if (err)
		fprintf(stderr, "nlprobe: view %s: %s%s%s\n", name,
			err > 0 ? "no answer" : strerror(-err),
			*last_extack ? ": " : "", last_extack);
	return err != 0;
}

/*
 * A dump of the drops view that waits, holding its slot, on a socket of
 * its own: the socket's receive buffer, as small as it gets, is full of
 * unread replies, so the dump's first part never goes out.
 */
static void hold_one(int family)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	int tiny = 1, i;
	struct msg m;
	size_t len;

	if (fd < 0)
		die("netlink socket");
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &tiny, sizeof(tiny));
	for (i = 0; i < 3; i++) {
		len = getfamily(&m);
		if (sendto(fd, &m, len, 0, (struct sockaddr *)&kernel,
			   sizeof(kernel)) < 0)
			die("sendto");
	}
	len = view_request(&m, family, TPSTAT_VIEW_DROPS);
	if (sendto(fd, &m, len, 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0)
		die("sendto");
	/* Left open: the dump holds its slot until this process ends. */
}

/* Up to @n dumps held open, each once a whole dump said a slot is left. */
static int hold(int family, long n)
{
	long held = 0;
	struct msg m;
	int err = 0;

	while (held < n) {
		size_t len = view_request(&m, family, TPSTAT_VIEW_DROPS);

		last_extack[0] = '\0';
		err = transact(&m, len, 0, NULL);
		if (err)
			break;
		hold_one(family);
		held++;
	}
	printf("dumps %ld\nerrno %d\nmessage %s\nheld\n", held, err,
	       last_extack);
	fflush(stdout);
	while (getchar() != EOF)
		;
	return 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_nl local = { .nl_family = AF_NETLINK };
	struct timeval tv = { .tv_sec = 2 };
	int family, one = 1;

	if (argc < 2) {
		fprintf(stderr, "usage: nlprobe bad | filter-bad | random N SEED | dump | view NAME... | hold N\n");
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
	if (!strcmp(argv[1], "hold") && argc == 3)
		return hold(family, atol(argv[2]));
	if (!strcmp(argv[1], "view") && argc >= 3) {
		int i, failed = 0;

		for (i = 2; i < argc; i++)
			failed |= view_dump(family, argv[i]);
		return failed;
	}
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
	fprintf(stderr, "usage: nlprobe bad | filter-bad | random N SEED | dump | view NAME... | hold N\n");
	return 2;
}
