// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz: the tpstat family against what a hostile or careless client
 * sends, seeded from its YNL spec (uapi/tpstat.yaml, turned into a seed
 * table at build time by specseed.py: the guest needs no Python, and one
 * seed always sends the same bytes).
 *
 *   nlfuzz fuzz MODE N SEED   N random requests: every command of the spec,
 *                             its attributes at and past their ranges and
 *                             lengths, wrong types, truncated and batched
 *                             messages, nested garbage, unknown attributes
 *                             and commands, reserved fields and NLM_F_*
 *                             flags, dump and doit on every command, other
 *                             family versions.  MODE says who sends them:
 *                             root, nobody (no capability), userns (root
 *                             of an unprivileged user namespace with its
 *                             own network namespace).  Fails when a
 *                             request gets no clean end, when a change
 *                             succeeds that MODE may not make, when an
 *                             error is not a refusal or a validation
 *                             error, or when the module stops answering.
 *   nlfuzz bad MODE           targeted bad requests, one line each:
 *                             "PASS|FAIL|INFO <case>: <errno> <extack>";
 *                             each must get its error and change nothing
 *                             (events, filter, counters never go back).
 *   nlfuzz race N             two processes send N bad globs each at
 *                             once, each its own kind of error; each
 *                             error's text must say its own kind.
 *   nlfuzz hold-dump CMD [VIEW]
 *                             starts a dump (CMD: counters, events or
 *                             view), reads its first part, says "held",
 *                             waits for a line on stdin, then reads the
 *                             rest: prints "rest=<messages> end=<how>".
 *   nlfuzz refuse ADDR PORT N N TCP connects to ADDR, ports PORT..PORT+N-1
 *                             (closed): prints refused=<count>.
 * A fault prints the request's bytes (hex), its index and the seed.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "../../uapi/linux/tpstat.h"

enum seed_type { ST_PAD, ST_STRING, ST_BINARY, ST_U8, ST_U16, ST_U32, ST_U64,
		 ST_NEST, ST_FLAG };

struct seed_attr {
	const char *name;
	unsigned short id;
	enum seed_type type;
	int has_min;
	long long min;
	int has_max;	/* 1: max; 2: a flags mask */
	long long max;
	int max_len;	/* string: longest without the NUL; -1: none */
};

struct seed_op {
	const char *name;
	int id, has_do, has_dump, event, admin;
	const unsigned short *req;
	int nreq;
};

#include "nlfuzz_seed.h"

_Static_assert(SEED_ATTR_LAST == TPSTAT_A_MAX,
	       "uapi/tpstat.yaml's attributes disagree with uapi/linux/tpstat.h");
_Static_assert(SEED_CMD_LAST == TPSTAT_CMD_MAX,
	       "uapi/tpstat.yaml's operations disagree with uapi/linux/tpstat.h");
_Static_assert(SEED_CONST_GLOB_MAX == TPSTAT_GLOB_MAX, "glob-max");

#define NATTRS (sizeof(seed_attrs) / sizeof(seed_attrs[0]))
#define NOPS (sizeof(seed_ops) / sizeof(seed_ops[0]))
#define MSG_MAX 16384
#define BATCH_MAX 4
#define UNKNOWN_FAMILY 0xfff0

#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif
#ifndef NETLINK_CAP_ACK
#define NETLINK_CAP_ACK 10
#endif
#ifndef NLM_F_ACK_TLVS
#define NLM_F_ACK_TLVS 0x200
#endif
#ifndef NLM_F_CAPPED
#define NLM_F_CAPPED 0x100
#endif

static int sock_fd, family, mcgrp;
static unsigned int seq = 1;
static unsigned char rbuf[65536];

static void die(const char *what)
{
	fprintf(stderr, "nlfuzz: %s: %s\n", what, strerror(errno));
	exit(2);
}

/* ---- messages ------------------------------------------------------------ */

struct buf {
	unsigned char d[MSG_MAX];
	size_t len;
};

static struct nlmsghdr *msg_begin(struct buf *b, int type, int cmd, int flags)
{
	struct nlmsghdr *h = (void *)(b->d + b->len);
	struct genlmsghdr *g = (void *)(h + 1);

	memset(h, 0, NLMSG_HDRLEN + GENL_HDRLEN);
	h->nlmsg_type = type;
	h->nlmsg_flags = flags;
	h->nlmsg_seq = ++seq;
	g->cmd = cmd;
	g->version = TPSTAT_GENL_VERSION;
	b->len += NLMSG_HDRLEN + GENL_HDRLEN;
	return h;
}

static void msg_end(struct buf *b, struct nlmsghdr *h)
{
	h->nlmsg_len = b->d + b->len - (unsigned char *)h;
	b->len = NLMSG_ALIGN(b->len);
}

static struct genlmsghdr *genl_of(struct nlmsghdr *h)
{
	return (struct genlmsghdr *)(h + 1);
}

/* An attribute claiming @claim bytes of payload (-1: @len), @len copied. */
static void put_raw(struct buf *b, int type, int claim, const void *data,
		    size_t len)
{
	struct nlattr *a = (void *)(b->d + b->len);

	if (b->len + NLA_HDRLEN + NLA_ALIGN(len) > MSG_MAX - 64)
		return;
	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + (claim < 0 ? (int)len : claim);
	memcpy(b->d + b->len + NLA_HDRLEN, data, len);
	memset(b->d + b->len + NLA_HDRLEN + len, 0, NLA_ALIGN(len) - len);
	b->len += NLA_HDRLEN + NLA_ALIGN(len);
}

static void put_str(struct buf *b, int type, const char *s)
{
	put_raw(b, type, -1, s, strlen(s) + 1);
}

static void put_u32(struct buf *b, int type, uint32_t v)
{
	put_raw(b, type, -1, &v, 4);
}

static void put_u16(struct buf *b, int type, uint16_t v)
{
	put_raw(b, type, -1, &v, 2);
}

static void hexdump(const char *what, const void *p, size_t len)
{
	const unsigned char *c = p;
	size_t i;

	fprintf(stderr, "%s (%zu bytes):", what, len);
	for (i = 0; i < len && i < 512; i++)
		fprintf(stderr, "%s%02x", i % 32 ? "" : "\n  ", c[i]);
	fprintf(stderr, "%s\n", len > 512 ? " ..." : "");
}

/* ---- socket and answers ------------------------------------------------ */

static int open_socket(int *fd)
{
	struct sockaddr_nl local = { .nl_family = AF_NETLINK };
	int one = 1;

	*fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (*fd < 0 || bind(*fd, (struct sockaddr *)&local, sizeof(local)))
		return -1;
	setsockopt(*fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(*fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
	return 0;
}

static int send_buf(int fd, const void *p, size_t len)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };

	return sendto(fd, p, len, 0, (struct sockaddr *)&kernel,
		      sizeof(kernel)) < 0 ? -errno : 0;
}

/* recv with a timeout in ms: bytes, 0 on timeout, -errno. */
static ssize_t recv_wait(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	if (poll(&p, 1, ms) <= 0)
		return 0;
	n = recv(fd, rbuf, sizeof(rbuf), MSG_DONTWAIT);
	if (n < 0)
		return errno == EAGAIN ? 0 : -errno;
	return n;
}

/* The extack message of an ERROR or DONE, or "". */
static void extack_text(const struct nlmsghdr *h, char *out, size_t outlen)
{
	const unsigned char *p = NLMSG_DATA(h), *end = (const unsigned char *)h + h->nlmsg_len;
	const struct nlattr *a;

	*out = '\0';
	if (!(h->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	if (h->nlmsg_type == NLMSG_ERROR) {
		const struct nlmsgerr *e = (const void *)p;

		p += sizeof(*e);
		if (!(h->nlmsg_flags & NLM_F_CAPPED))
			p += e->msg.nlmsg_len - sizeof(e->msg);
	} else {
		p += sizeof(int);
	}
	while (p + NLA_HDRLEN <= end) {
		a = (const void *)p;
		if (a->nla_len < NLA_HDRLEN || p + a->nla_len > end)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == 1 /* NLMSGERR_ATTR_MSG */) {
			size_t n = a->nla_len - NLA_HDRLEN, i, o = 0;
			const unsigned char *s = p + NLA_HDRLEN;

			/* Escaped: the text is the kernel's, maybe the request's bytes. */
			for (i = 0; i < n && s[i] && o + 5 < outlen; i++) {
				if (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\\')
					out[o++] = s[i];
				else
					o += snprintf(out + o, outlen - o, "\\x%02x", s[i]);
			}
			out[o] = '\0';
		}
		p += NLA_ALIGN(a->nla_len);
	}
}

enum end { END_NONE, END_ACK, END_ERROR, END_DONE, END_DATA };

struct sent {
	uint32_t seq;
	int cmd, op;		/* op: index in seed_ops, -1: none */
	int dump;		/* asked as a dump (NLM_F_DUMP, to the family) */
	int whole;		/* the kernel runs it (lengths, REQUEST) */
	int cont;		/* the kernel reads on past it (lengths) */
	int to_family;
	int end, err, data, done;
	char ext[256];
};

/*
 * Reads the answers to @n sent messages, then to a barrier (NOOP with
 * ACK, sent apart: the kernel stops at a bad length and would drop a
 * barrier in the same datagram).  A dump that began goes on until it
 * ends.  Returns 0, or -1 when something never ended.
 */
static int collect(int fd, struct sent *s, int n, int timeout_ms)
{
	struct {
		struct nlmsghdr h;
	} noop = { { .nlmsg_len = NLMSG_HDRLEN, .nlmsg_type = NLMSG_NOOP,
		     .nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK } };
	int barrier = 0, i, pending;
	struct timespec t0, t;

	noop.h.nlmsg_seq = ++seq;
	if (send_buf(fd, &noop, sizeof(noop)))
		die("send barrier");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct nlmsghdr *h;
		ssize_t len;

		pending = !barrier;
		for (i = 0; i < n; i++)
			pending |= s[i].data && !s[i].done && s[i].dump;
		if (!pending)
			return 0;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 > timeout_ms)
			return -1;
		len = recv_wait(fd, 200);
		if (len < 0) {
			if (len == -ENOBUFS) {
				fprintf(stderr, "nlfuzz: receive buffer overrun\n");
				return -1;
			}
			die("recv");
		}
		for (h = (void *)rbuf; NLMSG_OK(h, (size_t)len); h = NLMSG_NEXT(h, len)) {
			struct sent *m = NULL;

			if (h->nlmsg_seq == noop.h.nlmsg_seq) {
				barrier = 1;
				continue;
			}
			for (i = 0; i < n; i++)
				if (s[i].seq == h->nlmsg_seq)
					m = &s[i];
			if (!m)
				continue;	/* an alert, or a late answer */
			if (h->nlmsg_type == NLMSG_ERROR) {
				m->err = ((struct nlmsgerr *)NLMSG_DATA(h))->error;
				m->end = m->err ? END_ERROR : END_ACK;
				m->done = 1;
				extack_text(h, m->ext, sizeof(m->ext));
			} else if (h->nlmsg_type == NLMSG_DONE) {
				m->err = *(int *)NLMSG_DATA(h);
				m->end = m->err ? END_ERROR : END_DONE;
				m->done = 1;
				extack_text(h, m->ext, sizeof(m->ext));
			} else {
				m->data++;
				if (m->end == END_NONE)
					m->end = END_DATA;
			}
		}
	}
}

/* One request and its answer, on the main socket. */
static int transact(struct buf *b, struct sent *s)
{
	struct nlmsghdr *h = (void *)b->d;

	memset(s, 0, sizeof(*s));
	s->seq = h->nlmsg_seq;
	s->dump = (h->nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP;
	if (send_buf(sock_fd, b->d, b->len))
		die("send");
	return collect(sock_fd, s, 1, 10000);
}

static int resolve_family(int fd)
{
	struct buf b = { .len = 0 };
	struct nlmsghdr *h = msg_begin(&b, GENL_ID_CTRL, CTRL_CMD_GETFAMILY,
				       NLM_F_REQUEST);
	ssize_t len;

	genl_of(h)->version = 1;
	put_str(&b, CTRL_ATTR_FAMILY_NAME, SEED_FAMILY);
	msg_end(&b, h);
	if (send_buf(fd, b.d, b.len))
		die("send getfamily");
	len = recv_wait(fd, 5000);
	for (h = (void *)rbuf; len > 0 && NLMSG_OK(h, (size_t)len); h = NLMSG_NEXT(h, len)) {
		struct nlattr *a = (void *)((char *)NLMSG_DATA(h) + GENL_HDRLEN);
		int rem = h->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;

		if (h->nlmsg_type != GENL_ID_CTRL)
			continue;
		for (; rem >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN;
		     rem -= NLA_ALIGN(a->nla_len),
		     a = (void *)((char *)a + NLA_ALIGN(a->nla_len))) {
			if (a->nla_type == CTRL_ATTR_FAMILY_ID)
				family = *(uint16_t *)((char *)a + NLA_HDRLEN);
			if ((a->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_MCAST_GROUPS) {
				/* One group (the spec's): its nest's ID. */
				struct nlattr *g = (void *)((char *)a + NLA_HDRLEN);
				struct nlattr *x = (void *)((char *)g + NLA_HDRLEN);
				int grem = g->nla_len - NLA_HDRLEN;

				for (; grem >= NLA_HDRLEN; grem -= NLA_ALIGN(x->nla_len),
				     x = (void *)((char *)x + NLA_ALIGN(x->nla_len)))
					if (x->nla_type == CTRL_ATTR_MCAST_GRP_ID)
						mcgrp = *(uint32_t *)((char *)x + NLA_HDRLEN);
			}
		}
	}
	if (!family) {
		fprintf(stderr, "nlfuzz: no %s family (module not loaded?)\n", SEED_FAMILY);
		exit(2);
	}
	return family;
}

static void setup(void)
{
	int size = 1 << 20;

	if (open_socket(&sock_fd))
		die("netlink socket");
	setsockopt(sock_fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	resolve_family(sock_fd);
}

/* ---- what the module says about itself -------------------------------- */

#define MAX_EVENTS 512
static char ev_name[MAX_EVENTS][64];
static int ev_state[MAX_EVENTS], n_events;

static const struct nlattr *attr_find(const struct nlmsghdr *h, int type)
{
	const struct nlattr *a = (const void *)((const char *)NLMSG_DATA(h) + GENL_HDRLEN);
	int rem = h->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;

	for (; rem >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN && a->nla_len <= rem;
	     rem -= NLA_ALIGN(a->nla_len), a = (const void *)((const char *)a + NLA_ALIGN(a->nla_len)))
		if ((a->nla_type & NLA_TYPE_MASK) == type)
			return a;
	return NULL;
}

/*
 * A dump or doit on the main socket, each data message handed to @fn.
 * Returns its error (0: done).
 */
static int query(int cmd, int dump, struct buf *attrs,
		 void (*fn)(const struct nlmsghdr *, void *), void *arg)
{
	struct buf b = { .len = 0 };
	struct nlmsghdr *h = msg_begin(&b, family, cmd,
				       NLM_F_REQUEST | NLM_F_ACK | (dump ? NLM_F_DUMP : 0));
	uint32_t want = h->nlmsg_seq;
	ssize_t len;

	if (attrs) {
		memcpy(b.d + b.len, attrs->d, attrs->len);
		b.len += attrs->len;
	}
	msg_end(&b, h);
	if (send_buf(sock_fd, b.d, b.len))
		die("send query");
	for (;;) {
		len = recv_wait(sock_fd, 10000);
		if (len <= 0) {
			fprintf(stderr, "nlfuzz: no answer to command %d\n", cmd);
			return -ETIMEDOUT;
		}
		for (h = (void *)rbuf; NLMSG_OK(h, (size_t)len); h = NLMSG_NEXT(h, len)) {
			if (h->nlmsg_seq != want)
				continue;
			if (h->nlmsg_type == NLMSG_ERROR)
				return ((struct nlmsgerr *)NLMSG_DATA(h))->error;
			if (h->nlmsg_type == NLMSG_DONE)
				return *(int *)NLMSG_DATA(h);
			if (fn)
				fn(h, arg);
		}
	}
}

static void event_fn(const struct nlmsghdr *h, void *arg)
{
	const struct nlattr *n = attr_find(h, TPSTAT_A_EVENT_NAME);
	const struct nlattr *s = attr_find(h, TPSTAT_A_EVENT_STATE);

	(void)arg;
	if (!n || n_events >= MAX_EVENTS)
		return;
	snprintf(ev_name[n_events], sizeof(ev_name[0]), "%s", (const char *)n + NLA_HDRLEN);
	ev_state[n_events++] = s ? *((const uint8_t *)s + NLA_HDRLEN) : -1;
}

static int load_events(void)
{
	n_events = 0;
	return query(TPSTAT_CMD_LIST_EVENTS, 1, NULL, event_fn, NULL);
}

static void sum_fn(const struct nlmsghdr *h, void *arg)
{
	const struct nlattr *v = attr_find(h, TPSTAT_A_COUNTER_VALUE);
	uint64_t x;

	if (v) {
		memcpy(&x, (const char *)v + NLA_HDRLEN, 8);
		*(uint64_t *)arg += x;
	}
}

static void hash_fn(const struct nlmsghdr *h, void *arg)
{
	const unsigned char *p = (const unsigned char *)NLMSG_DATA(h) + GENL_HDRLEN;
	const unsigned char *end = (const unsigned char *)h + h->nlmsg_len;
	uint64_t *x = arg;

	for (; p < end; p++)
		*x = (*x ^ *p) * 1099511628211ULL;
}

/*
 * What a bad request must not change: which events are attached, the
 * filter (or the error GET_FILTER gives), and the counters' sum, which
 * only grows (a reset would take it back).
 */
struct state {
	uint64_t events, filter, sum;
	int filter_err, sum_err;
};

static void take_state(struct state *st)
{
	memset(st, 0, sizeof(*st));
	st->events = st->filter = 14695981039346656037ULL;
	query(TPSTAT_CMD_LIST_EVENTS, 1, NULL, hash_fn, &st->events);
	st->filter_err = query(TPSTAT_CMD_GET_FILTER, 0, NULL, hash_fn, &st->filter);
	st->sum_err = query(TPSTAT_CMD_GET_COUNTERS, 1, NULL, sum_fn, &st->sum);
}

/* "" if nothing changed, else what did. */
static const char *state_changed(const struct state *a, const struct state *b)
{
	if (a->events != b->events)
		return "the attached events changed";
	if (a->filter != b->filter || a->filter_err != b->filter_err)
		return "the filter changed";
	if (a->sum_err != b->sum_err || b->sum < a->sum)
		return "the counters went back (a reset)";
	return "";
}

static int alive(void)
{
	int err = query(TPSTAT_CMD_GET_INFO, 0, NULL, NULL, NULL);

	if (err) {
		fprintf(stderr, "nlfuzz: GET_INFO after the run: %s\n", strerror(-err));
		return 0;
	}
	err = load_events();
	if (err || !n_events) {
		fprintf(stderr, "nlfuzz: LIST_EVENTS after the run: %s, %d events\n",
			strerror(-err), n_events);
		return 0;
	}
	return 1;
}

static const char *errname(int e)
{
	static char other[16];

	switch (e) {
	case 0: return "ok";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EINVAL: return "EINVAL";
	case ERANGE: return "ERANGE";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EMSGSIZE: return "EMSGSIZE";
	case EBUSY: return "EBUSY";
	case ENODATA: return "ENODATA";
	case E2BIG: return "E2BIG";
	case ENOMEM: return "ENOMEM";
	case ENODEV: return "ENODEV";
	case EFAULT: return "EFAULT";
	case EACCES: return "EACCES";
	case EEXIST: return "EEXIST";
	case ENOBUFS: return "ENOBUFS";
	}
	snprintf(other, sizeof(other), "E%d", e);
	return other;
}

/* ---- the fuzzer --------------------------------------------------------- */

static uint64_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng >> 16;
}

static int pct(int p)
{
	return (int)(rnd() % 100) < p;
}

static const char *const glob_pool[] = {
	"*", "tcp:*", "skb:kfree_skb", "kfree_skb", "sock:*", "net:*", "?cp:*",
	"tcp:tcp_*,skb:*", "napi:napi_poll", "*:*", "udp:*", "neigh:*",
	"nosuch:thing", "tcp:$", "a:b:c", ",", "tcp:*,,", "TCP:*", "**",
	"tcp:tcp_retransmit_skb,tcp:tcp_send_reset",
};

static const char *const comm_pool[] = {
	"bash", "netload", "nlfuzz", "x", "kworker/0:1", "a b", "\x1b[2J",
	"123456789012345",
};

/* A string value for a string attribute: valid, at and past its bounds. */
static void gen_string(struct buf *b, int type, const struct seed_attr *sa)
{
	char s[600];
	int max = sa->max_len >= 0 ? sa->max_len : 64, n, i;

	switch (rnd() % 12) {
	case 0: case 1: case 2: case 3:
		if (sa->id == TPSTAT_A_FILTER_COMM)
			snprintf(s, sizeof(s), "%s", comm_pool[rnd() % (sizeof(comm_pool) / sizeof(*comm_pool))]);
		else if (n_events && pct(50))
			snprintf(s, sizeof(s), "%s", ev_name[rnd() % n_events]);
		else
			snprintf(s, sizeof(s), "%s", glob_pool[rnd() % (sizeof(glob_pool) / sizeof(*glob_pool))]);
		put_str(b, type, s);
		return;
	case 4:		/* exactly max, max + 1, max - 1 characters */
		n = max - 1 + rnd() % 3;
		memset(s, pct(50) ? '*' : 'a', n);
		s[n] = '\0';
		put_str(b, type, s);
		return;
	case 5:		/* empty */
		put_str(b, type, "");
		return;
	case 6:		/* no payload at all */
		put_raw(b, type, -1, "", 0);
		return;
	case 7:		/* unterminated */
		put_raw(b, type, -1, "tcp:*", 5);
		return;
	case 8:		/* embedded NUL */
		put_raw(b, type, -1, "tcp:*\0garbage", 14);
		return;
	case 9:		/* random bytes, maybe NUL-terminated */
		n = rnd() % 80;
		for (i = 0; i < n; i++)
			s[i] = rnd();
		if (pct(50) && n)
			s[n - 1] = '\0';
		put_raw(b, type, -1, s, n);
		return;
	case 10:	/* long list of items */
		n = 0;
		while (n < max + 40 && n < (int)sizeof(s) - 20)
			n += snprintf(s + n, sizeof(s) - n, "%s,", n_events ? ev_name[rnd() % n_events] : "tcp:*");
		s[pct(50) ? n - 1 : (int)(rnd() % n)] = '\0';
		put_str(b, type, s);
		return;
	default:	/* a comm-sized string (15, 16, 17) */
		n = 15 + rnd() % 3;
		memset(s, 'c', n);
		s[n] = '\0';
		put_str(b, type, s);
		return;
	}
}

static int width(enum seed_type t)
{
	return t == ST_U8 ? 1 : t == ST_U16 ? 2 : t == ST_U32 ? 4 : 8;
}

static void gen_int(struct buf *b, int type, const struct seed_attr *sa)
{
	static const int bad_widths[] = { 0, 1, 2, 3, 4, 5, 8, 16 };
	int w = width(sa->type);
	uint64_t top = w == 8 ? ~0ULL : (1ULL << (8 * w)) - 1, v;
	unsigned char raw[16];

	switch (rnd() % 10) {
	case 0: v = sa->has_min ? (uint64_t)sa->min - 1 : 0; break;
	case 1: v = sa->has_min ? (uint64_t)sa->min : 1; break;
	case 2: v = sa->has_max == 1 ? (uint64_t)sa->max : top; break;
	case 3: v = sa->has_max == 1 ? (uint64_t)sa->max + 1 : top - 1; break;
	case 4: v = sa->has_max == 2 ? (uint64_t)sa->max + 1 : 0; break;	/* unknown flag */
	case 5: v = top; break;
	case 6: v = 0; break;
	default:
		v = ((uint64_t)rnd() << 32 | rnd()) & top;
		if (sa->has_max == 1 && pct(50))
			v = rnd() % (sa->max + 1);
		if (sa->id == TPSTAT_A_FILTER_PID && pct(50))
			v = getpid();
		break;
	}
	v &= top;
	memcpy(raw, &v, 8);
	memset(raw + 8, 0xa5, 8);
	if (pct(15))
		w = bad_widths[rnd() % 8];
	put_raw(b, type, -1, raw, w);
}

static void gen_attr(struct buf *b, const struct seed_attr *sa, int depth);

/* Nested garbage: attributes inside an attribute, some nested again. */
static void gen_nest(struct buf *b, int type, int depth)
{
	size_t at = b->len;
	int n = rnd() % 4, i;
	struct nlattr *a;

	put_raw(b, type | (pct(80) ? NLA_F_NESTED : 0), -1, "", 0);
	for (i = 0; i < n; i++)
		gen_attr(b, &seed_attrs[rnd() % NATTRS], depth + 1);
	a = (void *)(b->d + at);
	a->nla_len = b->len - at;
	if (pct(10))
		a->nla_len += 1 + rnd() % 8;	/* claims more than it holds */
}

static void gen_attr(struct buf *b, const struct seed_attr *sa, int depth)
{
	int type = sa->id;
	unsigned char junk[24];
	int i, n;

	if (pct(3))
		type |= NLA_F_NESTED;
	else if (pct(3))
		type |= NLA_F_NET_BYTEORDER;
	if (depth < 3 && pct(4)) {
		gen_nest(b, type, depth);
		return;
	}
	switch (sa->type) {
	case ST_STRING:
		gen_string(b, type, sa);
		break;
	case ST_U8: case ST_U16: case ST_U32: case ST_U64:
		gen_int(b, type, sa);
		break;
	case ST_NEST:
		if (depth < 3) {
			gen_nest(b, type, depth);
			break;
		}
		/* fall through */
	default:
		n = rnd() % sizeof(junk);
		for (i = 0; i < n; i++)
			junk[i] = rnd();
		put_raw(b, type, -1, junk, n);
		break;
	}
}

static const struct seed_attr *attr_by_id(int id)
{
	size_t i;

	for (i = 0; i < NATTRS; i++)
		if (seed_attrs[i].id == id)
			return &seed_attrs[i];
	return &seed_attrs[0];
}

static const int flag_pool[] = {
	NLM_F_ECHO, NLM_F_ROOT, NLM_F_MATCH, NLM_F_ATOMIC, NLM_F_EXCL,
	NLM_F_CREATE, NLM_F_APPEND, 0x1000, 0x2000, 0x4000, 0x8000,
	NLM_F_MULTI, 0x20 /* NLM_F_DUMP_FILTERED */,
};

/* Which commands MODE may change things with. */
enum mode { M_ROOT, M_NOBODY, M_USERNS };

static int write_allowed(enum mode mode, int cmd)
{
	if (mode == M_ROOT)
		return 1;
	/* Its own filter, its own alerts (the privilege table, uapi/). */
	if (mode == M_USERNS)
		return cmd == TPSTAT_CMD_SET_FILTER || cmd == TPSTAT_CMD_GET_FILTER ||
		       cmd == TPSTAT_CMD_MONITOR;
	return 0;
}

/* A refusal or a validation error; anything else is a fault. */
static int errno_ok(int err)
{
	switch (-err) {
	case EPERM: case EINVAL: case ERANGE: case EOPNOTSUPP: case EMSGSIZE:
	case ENOENT: case EBUSY: case ENODATA: case E2BIG:
		return 1;
	}
	return 0;
}

/* Builds one message of a batch; fills what collect() and the checks need. */
static void gen_message(struct buf *b, struct sent *s, enum mode mode)
{
	struct nlmsghdr *h;
	int type = family, cmd, flags = NLM_F_REQUEST | NLM_F_ACK, op = -1;
	int nattr, i, trunc = 0;
	size_t start = b->len;

	memset(s, 0, sizeof(*s));
	i = rnd() % 100;
	if (i < 2)
		type = rnd() % NLMSG_MIN_TYPE;
	else if (i < 3)
		type = UNKNOWN_FAMILY;
	else if (i < 4)
		type = GENL_ID_CTRL;
	if (pct(88)) {
		op = rnd() % NOPS;
		/*
		 * Root's successful SET_FILTER, ATTACH and DETACH re-register
		 * probes, and they and RESET wait for a grace period: a third
		 * as many of those keeps its run short.
		 */
		if (mode == M_ROOT && (seed_ops[op].id == TPSTAT_CMD_SET_FILTER ||
				       seed_ops[op].id == TPSTAT_CMD_RESET ||
				       seed_ops[op].id == TPSTAT_CMD_ATTACH ||
				       seed_ops[op].id == TPSTAT_CMD_DETACH) && pct(67))
			op = rnd() % NOPS;
		cmd = seed_ops[op].id;
	} else {
		cmd = rnd() % 256;
		for (i = 0; i < (int)NOPS; i++)
			if (seed_ops[i].id == cmd)
				op = i;
	}
	if (op >= 0 && type == family) {
		int dump = seed_ops[op].has_dump && !seed_ops[op].has_do;

		if (pct(15))
			dump = !dump;
		if (dump)
			flags |= NLM_F_DUMP;
	} else if (pct(30)) {
		flags |= NLM_F_DUMP;
	}
	for (i = 0; i < 2; i++)
		if (pct(8))
			flags |= flag_pool[rnd() % (sizeof(flag_pool) / sizeof(*flag_pool))];
	if (pct(5))
		flags &= ~NLM_F_ACK;
	if (pct(2))
		flags &= ~NLM_F_REQUEST;
	/* GENL_ID_CTRL: reads only (its writes are no ops); no dumps of all. */
	if (type == GENL_ID_CTRL)
		cmd = CTRL_CMD_GETFAMILY + (rnd() % 2) * (CTRL_CMD_GETPOLICY - CTRL_CMD_GETFAMILY);
	h = msg_begin(b, type, cmd, flags);
	if (pct(10))
		genl_of(h)->version = pct(50) ? rnd() % 4 : rnd();
	if (pct(4))
		genl_of(h)->reserved = pct(50) ? 1 : rnd();
	if (type == GENL_ID_CTRL)
		put_str(b, CTRL_ATTR_FAMILY_NAME, SEED_FAMILY);
	i = rnd() % 100;
	nattr = i < 30 ? 0 : i < 70 ? 1 : i < 90 ? 2 : 3 + rnd() % 6;
	for (i = 0; i < nattr; i++) {
		int r = rnd() % 100;

		if (r < 70 && op >= 0 && seed_ops[op].nreq)
			gen_attr(b, attr_by_id(seed_ops[op].req[rnd() % seed_ops[op].nreq]), 0);
		else if (r < 90)
			gen_attr(b, &seed_attrs[rnd() % NATTRS], 0);
		else if (r < 95)
			gen_nest(b, rnd() % 2 ? TPSTAT_A_MAX + 1 + rnd() % 20 : 0, 0);
		else {
			static const int unknown[] = { 0, TPSTAT_A_MAX + 1, TPSTAT_A_MAX + 2,
						       0x3fff, 255 };
			uint32_t v = rnd();

			put_raw(b, unknown[rnd() % 5], -1, &v, rnd() % 5);
		}
	}
	/* Corruption of the message as a whole. */
	switch (pct(12) ? rnd() % 7 : 7) {
	case 0:		/* trailing bytes that are no attribute */
		memset(b->d + b->len, 0x5a, 3);
		b->len += 1 + rnd() % 3;
		break;
	case 1:		/* the last attribute claims past the end */
		if (b->len > start + NLMSG_HDRLEN + GENL_HDRLEN) {
			struct nlattr *a = (void *)(b->d + start + NLMSG_HDRLEN + GENL_HDRLEN);

			a->nla_len += 4 + rnd() % 64;
		}
		break;
	case 2:		/* an attribute header shorter than itself */
		put_raw(b, TPSTAT_A_GLOB, -1, "", 0);
		((struct nlattr *)(b->d + b->len - NLA_HDRLEN))->nla_len = rnd() % NLA_HDRLEN;
		break;
	case 3:		/* genetlink header cut */
		b->len = start + NLMSG_HDRLEN + rnd() % GENL_HDRLEN;
		break;
	case 4:		/* nlmsg_len past what is sent */
		trunc = 1;
		break;
	case 5:		/* nlmsg_len below the netlink header */
		trunc = 2;
		break;
	case 6:		/* attributes cut short */
		if (b->len > start + NLMSG_HDRLEN + GENL_HDRLEN + 2)
			b->len -= 1 + rnd() % 3;
		break;
	}
	h->nlmsg_len = b->len - start;
	if (trunc == 1)
		h->nlmsg_len += 4 + rnd() % 200;
	if (trunc == 2)
		h->nlmsg_len = rnd() % NLMSG_HDRLEN;
	b->len = NLMSG_ALIGN(b->len);
	s->seq = h->nlmsg_seq;
	s->cmd = cmd;
	s->op = type == family ? op : -1;
	s->to_family = type == family;
	s->dump = (flags & NLM_F_DUMP) == NLM_F_DUMP && type == family;
	s->cont = !trunc;
	s->whole = !trunc && (flags & NLM_F_REQUEST);
}

struct tally {
	long sent, acked, errors, dumps, data, silent, unanswered, faults;
	long writes_refused, writes_done;
	long err_count[140];
	long per_cmd_ok[256], per_cmd_err[256];
	/* Time from send to the end of the answers, by the first command. */
	double per_cmd_secs[256];
};

static double now_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *mode_name[] = { "root", "nobody", "userns" };

static void fault(struct tally *t, const char *why, const struct buf *b,
		  long index, unsigned int seed, enum mode mode,
		  const struct sent *s)
{
	t->faults++;
	if (t->faults > 10)
		return;
	fprintf(stderr, "nlfuzz: FAULT (%s, request %ld, seed %u, mode %s; reproduce: nlfuzz fuzz %s %ld %u): %s; cmd %d, end %d, err %d \"%s\"\n",
		mode_name[mode], index, seed, mode_name[mode], mode_name[mode],
		index + 1, seed, why, s->cmd, s->end, s->err, s->ext);
	hexdump("nlfuzz: the datagram", b->d, b->len);
}

static int fuzz(enum mode mode, long n, unsigned int seed)
{
	static struct tally t;
	int lfd = -1, joined = 0, i;
	double secs;
	long k;

	rng = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)seed << 17 | seed);
	load_events();
	/* A listener of the alerts group, where MODE may join it, so MONITOR can arm. */
	if (mcgrp && !open_socket(&lfd)) {
		joined = !setsockopt(lfd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP,
				     &mcgrp, sizeof(mcgrp));
		printf("alerts_group_join=%s\n", joined ? "ok" : strerror(errno));
		if (joined && mode == M_NOBODY) {
			fprintf(stderr, "nlfuzz: FAULT: nobody joined the alerts group\n");
			t.faults++;
		}
		fcntl(lfd, F_SETFL, O_NONBLOCK);
	}
	for (k = 0; k < n;) {
		static struct buf b;
		struct sent s[BATCH_MAX];
		int nb = pct(90) ? 1 : 2 + rnd() % (BATCH_MAX - 1), ok = 1;
		double t0;

		b.len = 0;
		for (i = 0; i < nb; i++) {
			gen_message(&b, &s[i], mode);
			/* A message after a bad length is never read. */
			if (i && !s[i - 1].cont)
				s[i].whole = s[i].cont = 0;
		}
		t0 = now_secs();
		if (send_buf(sock_fd, b.d, b.len))
			die("send");
		if (collect(sock_fd, s, nb, 15000)) {
			t.unanswered++;
			fault(&t, "no clean end (no answer or a dump that never ended)", &b, k, seed, mode, &s[0]);
			ok = 0;
		}
		t.per_cmd_secs[s[0].cmd & 255] += now_secs() - t0;
		for (i = 0; i < nb && ok; i++) {
			struct sent *m = &s[i];
			int write, succeeded;

			t.sent++;
			if (m->end == END_ERROR) {
				t.errors++;
				t.err_count[-m->err > 0 && -m->err < 140 ? -m->err : 0]++;
				t.per_cmd_err[m->cmd & 255]++;
			} else if (m->end == END_ACK) {
				t.acked++;
			} else if (m->end == END_DONE || m->end == END_DATA) {
				t.data++;
			} else {
				t.silent++;
			}
			if (m->dump && m->end != END_ERROR && m->data)
				t.dumps++;
			if (m->end == END_ERROR && !errno_ok(m->err))
				fault(&t, "an error that is neither a refusal nor a validation error", &b, k, seed, mode, m);
			if (!m->to_family)
				continue;
			write = m->op >= 0 && seed_ops[m->op].admin;
			/* No answer to a whole request is its silent success. */
			succeeded = m->end == END_ACK || m->end == END_DATA ||
				    m->end == END_DONE || (m->end == END_NONE && m->whole);
			/* ... except without NLM_F_REQUEST, which the kernel never runs. */
			if (!m->whole)
				succeeded = 0;
			if (succeeded)
				t.per_cmd_ok[m->cmd & 255]++;
			if (write && succeeded && !write_allowed(mode, m->cmd))
				fault(&t, "a change succeeded that this sender may not make", &b, k, seed, mode, m);
			if (write && !write_allowed(mode, m->cmd)) {
				if (succeeded)
					t.writes_done++;
				else
					t.writes_refused++;
			}
			if (succeeded && (m->op < 0 || seed_ops[m->op].event))
				fault(&t, "a command the spec has no request for succeeded", &b, k, seed, mode, m);
		}
		k += nb;
		if (lfd >= 0)
			while (recv(lfd, rbuf, sizeof(rbuf), MSG_DONTWAIT) > 0)
				;
	}
	printf("mode=%s seed=%u requests=%ld errors=%ld acks=%ld answered_with_data=%ld dumps=%ld silent=%ld unanswered=%ld\n",
	       mode_name[mode], seed, t.sent, t.errors, t.acked, t.data, t.dumps,
	       t.silent, t.unanswered);
	printf("errnos:");
	for (i = 0; i < 140; i++)
		if (t.err_count[i])
			printf(" %s=%ld", i ? errname(i) : "other", t.err_count[i]);
	printf("\n");
	printf("succeeded per command:");
	for (i = 0; i < (int)NOPS; i++)
		printf(" %s=%ld/%ld", seed_ops[i].name, t.per_cmd_ok[seed_ops[i].id],
		       t.per_cmd_ok[seed_ops[i].id] + t.per_cmd_err[seed_ops[i].id]);
	printf("\n");
	/* Where the time goes (a slow kernel's fuzz time is mostly a few commands). */
	printf("seconds per command:");
	for (i = 0; i < (int)NOPS; i++) {
		printf(" %s=%.1f", seed_ops[i].name, t.per_cmd_secs[seed_ops[i].id]);
		t.per_cmd_secs[seed_ops[i].id] = 0;
	}
	for (i = 0, secs = 0; i < 256; i++)
		secs += t.per_cmd_secs[i];
	printf(" other=%.1f\n", secs);
	if (mode != M_ROOT)
		printf("forbidden_changes_refused=%ld forbidden_changes_done=%ld\n",
		       t.writes_refused, t.writes_done);
	if (lfd >= 0)
		close(lfd);
	i = alive();
	printf("alive=%d faults=%ld\n", i, t.faults);
	return t.faults || !i;
}

/* ---- targeted bad requests ------------------------------------------- */

enum expect { X_ERR, X_VALID, X_REFUSED, X_PERM_OR_NA, X_IGNORED, X_INFO };

static struct buf cb;
static int case_fails;

static struct nlmsghdr *req(int cmd, int dump)
{
	cb.len = 0;
	return msg_begin(&cb, family, cmd,
			 NLM_F_REQUEST | NLM_F_ACK | (dump ? NLM_F_DUMP : 0));
}

static void fin(struct nlmsghdr *h)
{
	msg_end(&cb, h);
}

/*
 * Sends cb and judges the answer: X_ERR wants error @err, X_VALID a
 * validation error (EINVAL or ERANGE), X_REFUSED @err or a validation
 * error (kernels differ), X_PERM_OR_NA EPERM or EOPNOTSUPP (a view
 * this kernel cannot have), X_IGNORED no answer or a bare
 * ACK, X_INFO anything (printed).  @msg: an extack text is required.
 * Every kind wants nothing changed.
 */
static void judge(int kind, int err, int msg, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void judge(int kind, int err, int msg, const char *fmt, ...)
{
	/* The state after one case is the state before the next. */
	static struct state before, after;
	static int have_before;
	const char *changed, *verdict;
	char raw[200], what[400], got[64];
	struct sent s;
	size_t i, o;
	va_list ap;
	int pass;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/* The case's name may hold the request's bytes: escaped. */
	for (i = 0, o = 0; raw[i] && o + 5 < sizeof(what); i++) {
		unsigned char c = raw[i];

		if (c >= 0x20 && c < 0x7f)
			what[o++] = c;
		else
			o += snprintf(what + o, sizeof(what) - o, "\\x%02x", c);
	}
	what[o] = '\0';
	if (!have_before)
		take_state(&before);
	have_before = 1;
	if (transact(&cb, &s)) {
		printf("FAIL %s: no clean end\n", what);
		hexdump(what, cb.d, cb.len);
		case_fails++;
		have_before = 0;
		return;
	}
	take_state(&after);
	changed = state_changed(&before, &after);
	switch (s.end) {
	case END_ERROR: snprintf(got, sizeof(got), "%s", errname(-s.err)); break;
	case END_ACK: snprintf(got, sizeof(got), "accepted (ACK)"); break;
	case END_NONE: snprintf(got, sizeof(got), "no answer"); break;
	default: snprintf(got, sizeof(got), "accepted (%d messages)", s.data); break;
	}
	switch (kind) {
	case X_ERR:
		pass = s.end == END_ERROR && s.err == err;
		break;
	case X_VALID:
		pass = s.end == END_ERROR && (s.err == -EINVAL || s.err == -ERANGE);
		break;
	case X_REFUSED:
		pass = s.end == END_ERROR &&
		       (s.err == err || s.err == -EINVAL || s.err == -ERANGE);
		break;
	case X_IGNORED:
		pass = s.end == END_NONE || s.end == END_ACK;
		break;
	default:
		pass = 1;
		break;
	}
	if (kind == X_PERM_OR_NA)
		pass = s.end == END_ERROR && (s.err == -EPERM || s.err == -EOPNOTSUPP);
	/* Every start keeps its text for the dump's first call (netlink.h). */
	if (msg && s.end == END_ERROR && !s.ext[0])
		pass = 0;
	if (*changed)
		pass = 0;
	verdict = pass ? (kind == X_INFO ? "INFO" : "PASS") : "FAIL";
	printf("%s %s: %s%s%s%s%s%s\n", verdict, what, got,
	       s.ext[0] ? " \"" : "", s.ext, s.ext[0] ? "\"" : "",
	       *changed ? "; " : "", changed);
	if (!pass) {
		case_fails++;
		hexdump(what, cb.d, cb.len);
	}
	before = after;
}

static const char *const view_names[] = {
	"drops", "traps", "retrans", "resets", "states", "lifetimes", "devices",
	"hists", "errors", "rcvq", "neigh", "auth",
};

static int view_private(int v)
{
	return v == TPSTAT_VIEW_RETRANS || v == TPSTAT_VIEW_RESETS ||
	       v == TPSTAT_VIEW_LIFETIMES || v == TPSTAT_VIEW_ERRORS ||
	       v == TPSTAT_VIEW_RCVQ || v == TPSTAT_VIEW_NEIGH ||
	       v == TPSTAT_VIEW_AUTH;
}

/* A valid request for a seed op (its own form, a valid attribute). */
static struct nlmsghdr *valid_req(const struct seed_op *o)
{
	struct nlmsghdr *h = req(o->id, o->has_dump && !o->has_do);

	if (o->id == TPSTAT_CMD_ATTACH || o->id == TPSTAT_CMD_DETACH)
		put_str(&cb, TPSTAT_A_GLOB, "tcp:tcp_probe");
	if (o->id == TPSTAT_CMD_GET_VIEW)
		put_u32(&cb, TPSTAT_A_VIEW, TPSTAT_VIEW_DROPS);
	return h;
}

static void bad_common_forms(void)
{
	struct nlmsghdr *h;
	size_t i;

	fin(req(0, 0));
	judge(X_ERR, -EOPNOTSUPP, 0, "command 0 (UNSPEC)");
	fin(req(TPSTAT_CMD_MAX + 1, 0));
	judge(X_ERR, -EOPNOTSUPP, 0, "command %d (CMD_MAX + 1)", TPSTAT_CMD_MAX + 1);
	fin(req(255, 1));
	judge(X_ERR, -EOPNOTSUPP, 0, "command 255 as a dump");
	for (i = 0; i < NOPS; i++) {
		const struct seed_op *o = &seed_ops[i];

		if (o->event) {
			fin(req(o->id, 0));
			judge(X_ERR, -EOPNOTSUPP, 0, "notification %s sent as a request", o->name);
			fin(req(o->id, 1));
			judge(X_ERR, -EOPNOTSUPP, 0, "notification %s sent as a dump", o->name);
			continue;
		}
		h = valid_req(o);
		if (o->has_dump)
			h->nlmsg_flags &= ~NLM_F_DUMP;
		else
			h->nlmsg_flags |= NLM_F_DUMP;
		fin(h);
		judge(X_ERR, -EOPNOTSUPP, 0, "%s as a %s (it has none)", o->name,
		      o->has_dump ? "doit" : "dump");
		if (o->has_dump) {
			h = valid_req(o);
			h->nlmsg_flags &= ~NLM_F_MATCH;
			fin(h);
			judge(X_REFUSED, -EOPNOTSUPP, 0, "%s with NLM_F_ROOT but not NLM_F_MATCH (a doit)", o->name);
		}
	}
}

static void bad_header(void)
{
	struct nlmsghdr *h;
	size_t i;

	for (i = 0; i < NOPS; i++) {
		if (seed_ops[i].event)
			continue;
		h = valid_req(&seed_ops[i]);
		genl_of(h)->reserved = i & 1 ? 1 : 0xffff;
		fin(h);
		judge(X_VALID, 0, 1, "%s with genlmsghdr.reserved %#x", seed_ops[i].name,
		      genl_of(h)->reserved);
	}
	h = req(TPSTAT_CMD_GET_INFO, 0);
	fin(h);
	h->nlmsg_len = NLMSG_HDRLEN + 2;
	cb.len = NLMSG_ALIGN(h->nlmsg_len);
	judge(X_VALID, 0, 0, "genetlink header cut to 2 bytes");
	h = req(TPSTAT_CMD_GET_INFO, 0);
	fin(h);
	h->nlmsg_len = NLMSG_HDRLEN;
	cb.len = NLMSG_HDRLEN;
	judge(X_VALID, 0, 0, "no genetlink header");
	h = req(TPSTAT_CMD_RESET, 0);
	fin(h);
	h->nlmsg_len = 8;
	judge(X_IGNORED, 0, 0, "RESET with nlmsg_len 8 (below the netlink header): dropped by netlink");
	h = req(TPSTAT_CMD_RESET, 0);
	fin(h);
	h->nlmsg_len += 64;
	judge(X_IGNORED, 0, 0, "RESET with nlmsg_len 64 bytes past what is sent: dropped by netlink");
	h = req(TPSTAT_CMD_RESET, 0);
	h->nlmsg_flags &= ~NLM_F_REQUEST;
	fin(h);
	judge(X_IGNORED, 0, 0, "RESET without NLM_F_REQUEST: not run");
	h = req(TPSTAT_CMD_GET_INFO, 0);
	h->nlmsg_type = UNKNOWN_FAMILY;
	fin(h);
	judge(X_ERR, -ENOENT, 0, "a family id nobody has (%#x)", UNKNOWN_FAMILY);
	for (i = 0; i < 4; i++) {
		static const int versions[] = { 0, 1, 3, 255 };

		h = req(TPSTAT_CMD_GET_INFO, 0);
		genl_of(h)->version = versions[i];
		fin(h);
		judge(X_INFO, 0, 0, "GET_INFO with family version %d (the family is version %d)",
		      versions[i], TPSTAT_GENL_VERSION);
	}
	for (i = 0; i < 4; i++) {
		static const int fl[] = { NLM_F_ECHO, NLM_F_ATOMIC, 0x1000, 0x8000 };

		h = req(TPSTAT_CMD_GET_INFO, 0);
		h->nlmsg_flags |= fl[i];
		fin(h);
		judge(X_INFO, 0, 0, "GET_INFO with nlmsg_flags %#x", fl[i]);
	}
}

static void bad_attrs(void)
{
	char s[400];
	struct nlmsghdr *h;
	uint64_t u64 = 1;
	size_t i;
	int j, missing = -1;

	h = req(TPSTAT_CMD_GET_INFO, 0);
	put_u32(&cb, TPSTAT_A_MAX + 1, 1);
	fin(h);
	judge(X_VALID, 0, 1, "GET_INFO with attribute %d (A_MAX + 1)", TPSTAT_A_MAX + 1);
	h = req(TPSTAT_CMD_GET_INFO, 0);
	put_u32(&cb, 0x3fff, 1);
	fin(h);
	judge(X_VALID, 0, 1, "GET_INFO with attribute 0x3fff");
	h = req(TPSTAT_CMD_GET_INFO, 0);
	put_u32(&cb, 0, 1);
	fin(h);
	judge(X_VALID, 0, 1, "GET_INFO with attribute 0 (UNSPEC)");
	/* Every attribute no request takes (the replies' and PAD). */
	for (i = 0; i < NATTRS; i++) {
		const struct seed_attr *a = &seed_attrs[i];
		int requested = 0;
		size_t o;

		for (o = 0; o < NOPS; o++)
			for (j = 0; j < seed_ops[o].nreq; j++)
				requested |= seed_ops[o].req[j] == a->id;
		if (requested)
			continue;
		h = req(TPSTAT_CMD_RESET, 0);
		if (a->type == ST_STRING)
			put_str(&cb, a->id, "tcp:*");
		else
			put_raw(&cb, a->id, -1, &u64, a->type == ST_U8 ? 1 : a->type == ST_U16 ? 2 :
				a->type == ST_U32 ? 4 : 8);
		fin(h);
		judge(X_VALID, 0, 1, "RESET with %s (an attribute of replies only)", a->name);
	}
	/* Another command's attribute: each command has its own policy. */
	h = req(TPSTAT_CMD_RESET, 0);
	put_u32(&cb, TPSTAT_A_VIEW, TPSTAT_VIEW_DROPS);
	fin(h);
	judge(X_VALID, 0, 1, "RESET with VIEW (GET_VIEW's attribute) and no GLOB");
	h = req(TPSTAT_CMD_SET_FILTER, 0);
	put_str(&cb, TPSTAT_A_GLOB, "tcp:*");
	fin(h);
	judge(X_VALID, 0, 1, "SET_FILTER with GLOB (RESET's attribute) and no FILTER_*");
	h = req(TPSTAT_CMD_GET_INFO, 0);
	put_str(&cb, TPSTAT_A_GLOB, "tcp:*");
	fin(h);
	judge(X_VALID, 0, 1, "GET_INFO with GLOB (another command's attribute)");

	/* GLOB */
	h = req(TPSTAT_CMD_RESET, 0);
	put_u32(&cb, TPSTAT_A_GLOB, 0x2a2a2a2a);
	fin(h);
	judge(X_VALID, 0, 1, "RESET with GLOB as 4 bytes and no NUL");
	h = req(TPSTAT_CMD_RESET, 0);
	put_raw(&cb, TPSTAT_A_GLOB, -1, "tcp:*", 5);
	fin(h);
	judge(X_VALID, 0, 1, "RESET with GLOB unterminated");
	h = req(TPSTAT_CMD_RESET, 0);
	put_raw(&cb, TPSTAT_A_GLOB, -1, "", 0);
	fin(h);
	judge(X_VALID, 0, 1, "RESET with GLOB of no payload");
	h = req(TPSTAT_CMD_RESET, 0);
	put_str(&cb, TPSTAT_A_GLOB, "");
	fin(h);
	judge(X_ERR, -EINVAL, 1, "RESET with GLOB \"\"");
	memset(s, '*', TPSTAT_GLOB_MAX);
	s[TPSTAT_GLOB_MAX] = '\0';
	h = req(TPSTAT_CMD_RESET, 0);
	put_str(&cb, TPSTAT_A_GLOB, s);
	fin(h);
	judge(X_VALID, 0, 1, "RESET with GLOB of %d characters (max-len + 1)", TPSTAT_GLOB_MAX);
	s[TPSTAT_GLOB_MAX - 1] = '\0';
	h = req(TPSTAT_CMD_RESET, 0);
	put_str(&cb, TPSTAT_A_GLOB, s);
	fin(h);
	judge(X_ERR, -EINVAL, 1, "RESET with GLOB of %d characters (max-len), an item too long",
	      TPSTAT_GLOB_MAX - 1);
	{
		static const char *const globs[] = {
			"tcp:$", ",,", "tcp:*,", ",tcp:*", "a:b:c", "nosuch:thing", "TCP:*",
			"tcp:\x1b[2J", "tcp:\xff", "tcp :*", "skb:kfree_skb\n",
			"tcp:tcp_probe,nosuch",
		};

		for (i = 0; i < sizeof(globs) / sizeof(*globs); i++) {
			h = req(TPSTAT_CMD_RESET, 0);
			put_str(&cb, TPSTAT_A_GLOB, globs[i]);
			fin(h);
			judge(X_ERR, -EINVAL, 1, "RESET with GLOB \"%s\"", globs[i]);
		}
	}
	memset(s, 'a', 64);
	s[64] = '\0';
	h = req(TPSTAT_CMD_DETACH, 0);
	put_str(&cb, TPSTAT_A_GLOB, s);
	fin(h);
	judge(X_ERR, -EINVAL, 1, "DETACH with a 64-character item");
	h = req(TPSTAT_CMD_ATTACH, 0);
	fin(h);
	judge(X_ERR, -EINVAL, 1, "ATTACH without GLOB");
	h = req(TPSTAT_CMD_DETACH, 0);
	fin(h);
	judge(X_ERR, -EINVAL, 1, "DETACH without GLOB");
	for (j = 0; j < n_events; j++)
		if (ev_state[j] == TPSTAT_STATE_MISSING)
			missing = j;
	if (missing >= 0) {
		h = req(TPSTAT_CMD_ATTACH, 0);
		put_str(&cb, TPSTAT_A_GLOB, ev_name[missing]);
		fin(h);
		judge(X_ERR, -ENOENT, 1, "ATTACH %s (this kernel lacks it)", ev_name[missing]);
	}
	h = req(TPSTAT_CMD_GET_COUNTERS, 1);
	put_str(&cb, TPSTAT_A_GLOB, "nosuch:thing");
	fin(h);
	judge(X_ERR, -EINVAL, 1, "GET_COUNTERS dump with GLOB \"nosuch:thing\"");
	h = req(TPSTAT_CMD_LIST_EVENTS, 1);
	put_str(&cb, TPSTAT_A_GLOB, "tcp:$");
	fin(h);
	judge(X_ERR, -EINVAL, 1, "LIST_EVENTS dump with GLOB \"tcp:$\"");
	h = req(TPSTAT_CMD_LIST_EVENTS, 1);
	put_raw(&cb, TPSTAT_A_GLOB | NLA_F_NESTED, -1, "tcp:*", 6);
	fin(h);
	judge(X_VALID, 0, 1, "LIST_EVENTS dump with GLOB flagged NLA_F_NESTED");
	h = req(TPSTAT_CMD_LIST_EVENTS, 1);
	put_raw(&cb, TPSTAT_A_GLOB, -1, "tcp:*\0junk", 11);
	fin(h);
	judge(X_INFO, 0, 0, "LIST_EVENTS dump with GLOB \"tcp:*\\0junk\" (an embedded NUL)");
	h = req(TPSTAT_CMD_LIST_EVENTS, 1);
	put_str(&cb, TPSTAT_A_GLOB, "udp:*");
	put_str(&cb, TPSTAT_A_GLOB, "tcp:*");
	fin(h);
	judge(X_INFO, 0, 0, "LIST_EVENTS dump with two GLOBs");

	/* VIEW */
	h = req(TPSTAT_CMD_GET_VIEW, 1);
	fin(h);
	judge(X_ERR, -EINVAL, 1, "GET_VIEW without VIEW");
	h = req(TPSTAT_CMD_GET_VIEW, 1);
	put_u32(&cb, TPSTAT_A_VIEW, __TPSTAT_VIEW_CNT);
	fin(h);
	judge(X_VALID, 0, 1, "GET_VIEW with VIEW %d (max + 1)", __TPSTAT_VIEW_CNT);
	h = req(TPSTAT_CMD_GET_VIEW, 1);
	put_u32(&cb, TPSTAT_A_VIEW, 0xffffffff);
	fin(h);
	judge(X_VALID, 0, 1, "GET_VIEW with VIEW 0xffffffff");
	h = req(TPSTAT_CMD_GET_VIEW, 1);
	put_raw(&cb, TPSTAT_A_VIEW, -1, "\0", 1);
	fin(h);
	judge(X_VALID, 0, 1, "GET_VIEW with VIEW as a u8");
	h = req(TPSTAT_CMD_GET_VIEW, 1);
	put_raw(&cb, TPSTAT_A_VIEW, -1, &u64, 8);
	fin(h);
	judge(X_VALID, 0, 1, "GET_VIEW with VIEW as a u64");
	h = req(TPSTAT_CMD_GET_VIEW, 1);
	put_u32(&cb, TPSTAT_A_VIEW | NLA_F_NESTED, 0);
	fin(h);
	judge(X_VALID, 0, 1, "GET_VIEW with VIEW flagged NLA_F_NESTED");

	/* FILTER_* */
	{
		static const struct { int type, w; uint32_t v; const char *what; } f[] = {
			{ TPSTAT_A_FILTER_PID, 4, 0, "FILTER_PID 0 (min 1)" },
			{ TPSTAT_A_FILTER_NETNS, 4, 0, "FILTER_NETNS 0 (min 1)" },
			{ TPSTAT_A_FILTER_IFINDEX, 4, 0, "FILTER_IFINDEX 0 (min 1)" },
			{ TPSTAT_A_FILTER_LPORT, 2, 0, "FILTER_LPORT 0 (min 1)" },
			{ TPSTAT_A_FILTER_RPORT, 2, 0, "FILTER_RPORT 0 (min 1)" },
			{ TPSTAT_A_FILTER_LPORT, 4, 80, "FILTER_LPORT as a u32" },
			{ TPSTAT_A_FILTER_PID, 2, 1, "FILTER_PID as a u16" },
			{ TPSTAT_A_FILTER_PID, 8, 1, "FILTER_PID as a u64" },
			{ TPSTAT_A_FILTER_IFINDEX, 0, 1, "FILTER_IFINDEX of no payload" },
		};

		for (i = 0; i < sizeof(f) / sizeof(*f); i++) {
			h = req(TPSTAT_CMD_SET_FILTER, 0);
			put_u16(&cb, TPSTAT_A_FILTER_RPORT, 9);
			put_raw(&cb, f[i].type, -1, &f[i].v, f[i].w);
			fin(h);
			judge(X_VALID, 0, 1, "SET_FILTER with %s", f[i].what);
		}
	}
	h = req(TPSTAT_CMD_SET_FILTER, 0);
	put_str(&cb, TPSTAT_A_FILTER_COMM, "");
	fin(h);
	judge(X_ERR, -EINVAL, 1, "SET_FILTER with FILTER_COMM \"\"");
	h = req(TPSTAT_CMD_SET_FILTER, 0);
	put_str(&cb, TPSTAT_A_FILTER_COMM, "0123456789abcdef");
	fin(h);
	judge(X_VALID, 0, 1, "SET_FILTER with FILTER_COMM of 16 characters (max-len + 1)");
	h = req(TPSTAT_CMD_SET_FILTER, 0);
	put_raw(&cb, TPSTAT_A_FILTER_COMM, -1, "bash", 4);
	fin(h);
	judge(X_VALID, 0, 1, "SET_FILTER with FILTER_COMM unterminated");

	/* The attributes' own structure. */
	h = req(TPSTAT_CMD_GET_INFO, 0);
	put_raw(&cb, TPSTAT_A_GLOB, -1, "abc", 4);
	((struct nlattr *)(cb.d + cb.len - 8))->nla_len = 2;
	fin(h);
	judge(X_VALID, 0, 1, "GET_INFO with an attribute whose nla_len is 2");
	h = req(TPSTAT_CMD_RESET, 0);
	put_str(&cb, TPSTAT_A_GLOB, "tcp:*");
	((struct nlattr *)(cb.d + cb.len - 12))->nla_len = 200;
	fin(h);
	judge(X_VALID, 0, 1, "RESET with GLOB longer than the message");
	h = req(TPSTAT_CMD_RESET, 0);
	put_str(&cb, TPSTAT_A_GLOB, "tcp:tcp_probe");
	memset(cb.d + cb.len, 0x41, 3);
	cb.len += 3;
	fin(h);
	judge(X_VALID, 0, 1, "RESET with 3 bytes after its attributes");
	h = req(TPSTAT_CMD_RESET, 0);
	put_raw(&cb, 200 | NLA_F_NESTED, 8, "\x08\x00\x01\x00\xff\xff\xff\xff", 8);
	put_str(&cb, TPSTAT_A_GLOB, "tcp:tcp_probe");
	fin(h);
	judge(X_VALID, 0, 1, "RESET with a nest of garbage (attribute 200)");
	h = req(TPSTAT_CMD_GET_INFO, 0);
	for (i = 0; i < 1500; i++)
		put_raw(&cb, TPSTAT_A_MAX + 1 + i % 100, -1, "", 0);
	fin(h);
	judge(X_VALID, 0, 1, "GET_INFO with 1500 unknown attributes");
	/* MONITOR with no listener on this socket's group. */
	h = req(TPSTAT_CMD_MONITOR, 0);
	fin(h);
	judge(X_INFO, 0, 0, "MONITOR with nothing listening");
}

/* As nobody: every change refused, every private view too. */
static void bad_nobody(void)
{
	struct nlmsghdr *h;
	size_t i;
	int v;

	for (i = 0; i < NOPS; i++) {
		if (!seed_ops[i].admin)
			continue;
		fin(valid_req(&seed_ops[i]));
		judge(X_ERR, -EPERM, 0, "%s as nobody", seed_ops[i].name);
	}
	h = req(TPSTAT_CMD_RESET, 0);
	put_str(&cb, TPSTAT_A_GLOB, "tcp:$");
	fin(h);
	judge(X_ERR, -EPERM, 0, "RESET with a bad glob as nobody (permission first)");
	h = req(TPSTAT_CMD_SET_FILTER, 0);
	put_u32(&cb, TPSTAT_A_FILTER_PID, 1);
	fin(h);
	judge(X_ERR, -EPERM, 0, "SET_FILTER pid 1 as nobody");
	for (v = 0; v < __TPSTAT_VIEW_CNT; v++) {
		if (!view_private(v))
			continue;
		h = req(TPSTAT_CMD_GET_VIEW, 1);
		put_u32(&cb, TPSTAT_A_VIEW, v);
		fin(h);
		judge(X_PERM_OR_NA, 0, 1, "GET_VIEW %s (names sockets) as nobody", view_names[v]);
	}
	if (mcgrp) {
		int fd, r;

		if (open_socket(&fd))
			die("socket");
		r = setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &mcgrp, sizeof(mcgrp));
		printf("%s joining the alerts group as nobody: %s\n",
		       r && errno == EPERM ? "PASS" : "FAIL", r ? errname(errno) : "joined");
		case_fails += !(r && errno == EPERM);
		close(fd);
	}
}

/* As root of a user namespace with its own network namespace. */
static void bad_userns(void)
{
	static const int cmds[] = { TPSTAT_CMD_RESET, TPSTAT_CMD_ATTACH, TPSTAT_CMD_DETACH };
	struct nlmsghdr *h;
	size_t i;

	for (i = 0; i < 3; i++) {
		h = req(cmds[i], 0);
		put_str(&cb, TPSTAT_A_GLOB, "tcp:tcp_probe");
		fin(h);
		judge(X_ERR, -EPERM, 1, "%s from a user namespace's root", seed_ops[cmds[i] - 1].name);
	}
	h = req(TPSTAT_CMD_RESET, 0);
	fin(h);
	judge(X_ERR, -EPERM, 1, "RESET of everything from a user namespace's root");
	fin(req(TPSTAT_CMD_GET_COUNTERS, 1));
	judge(X_ERR, -EOPNOTSUPP, 1, "GET_COUNTERS before the namespace's filter is set");
	fin(req(TPSTAT_CMD_GET_FILTER, 0));
	judge(X_ERR, -ENODATA, 1, "GET_FILTER before the namespace's filter is set");
	h = req(TPSTAT_CMD_SET_FILTER, 0);
	put_u32(&cb, TPSTAT_A_FILTER_NETNS, 1);
	fin(h);
	judge(X_ERR, -EINVAL, 1, "SET_FILTER naming another namespace (netns 1)");
	for (i = 0; i < __TPSTAT_VIEW_CNT; i++) {
		if (i != TPSTAT_VIEW_TRAPS && i != TPSTAT_VIEW_STATES && i != TPSTAT_VIEW_HISTS)
			continue;
		h = req(TPSTAT_CMD_GET_VIEW, 1);
		put_u32(&cb, TPSTAT_A_VIEW, i);
		fin(h);
		judge(X_ERR, -EOPNOTSUPP, 1, "GET_VIEW %s (system-wide) from a namespace", view_names[i]);
	}
}

static int bad(enum mode mode)
{
	load_events();
	if (mode == M_ROOT) {
		bad_common_forms();
		bad_header();
		bad_attrs();
	} else if (mode == M_NOBODY) {
		bad_nobody();
	} else {
		bad_userns();
	}
	printf("alive=%d\n", alive());
	return case_fails != 0;
}

/* ---- concurrent errors' texts ------------------------------------------ */

static int race(long n)
{
	pid_t kids[2];
	int k, status, bad = 0;

	for (k = 0; k < 2; k++) {
		kids[k] = fork();
		if (kids[k] == 0) {
			/*
			 * Two kinds of error, so that even a fixed text
			 * (a kernel without NL_SET_ERR_MSG_FMT) tells whose
			 * it is: each must say its own kind, never the
			 * other's.
			 */
			static const char *const globs[2] = { "nosuch0:x", "a:b:c" };
			static const char *const kinds[2] = { "matches no", "more than one" };
			const char *glob = globs[k];
			long i, wrong = 0, none = 0;
			struct sent s;

			setup();
			for (i = 0; i < n; i++) {
				struct nlmsghdr *h = req(TPSTAT_CMD_RESET, 0);

				put_str(&cb, TPSTAT_A_GLOB, glob);
				fin(h);
				if (transact(&cb, &s) || s.end != END_ERROR) {
					none++;
					continue;
				}
				if (!strstr(s.ext, kinds[k]) || strstr(s.ext, kinds[!k]) ||
				    strstr(s.ext, globs[!k])) {
					if (wrong++ < 3)
						fprintf(stderr, "nlfuzz: sent %s, the error says \"%s\"\n",
							glob, s.ext);
				}
			}
			printf("process=%d requests=%ld other_text=%ld unanswered=%ld\n",
			       k, n, wrong, none);
			exit(wrong || none);
		}
	}
	for (k = 0; k < 2; k++) {
		waitpid(kids[k], &status, 0);
		bad |= !WIFEXITED(status) || WEXITSTATUS(status);
	}
	return bad;
}

/* ---- a dump held half-read ------------------------------------------- */

static int hold_dump(const char *what, const char *view)
{
	struct nlmsghdr *h;
	int cmd, small = 4096, msgs = 0, v;
	ssize_t len, peeked;
	char line[16];
	uint32_t want;

	if (!strcmp(what, "counters"))
		cmd = TPSTAT_CMD_GET_COUNTERS;
	else if (!strcmp(what, "events"))
		cmd = TPSTAT_CMD_LIST_EVENTS;
	else
		cmd = TPSTAT_CMD_GET_VIEW;
	h = req(cmd, 1);
	want = h->nlmsg_seq;
	if (cmd == TPSTAT_CMD_GET_VIEW) {
		for (v = 0; v < __TPSTAT_VIEW_CNT; v++)
			if (view && !strcmp(view, view_names[v]))
				break;
		put_u32(&cb, TPSTAT_A_VIEW, v);
	}
	fin(h);
	/*
	 * A small buffer, and the first part only peeked at: a read that
	 * took it would have the kernel fill the next one at once.
	 */
	setsockopt(sock_fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
	if (send_buf(sock_fd, cb.d, cb.len))
		die("send");
	len = recv(sock_fd, rbuf, sizeof(rbuf), MSG_PEEK);
	if (len <= 0)
		die("first part");
	peeked = len;
	for (h = (void *)rbuf; NLMSG_OK(h, (size_t)len); h = NLMSG_NEXT(h, len)) {
		if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR) {
			printf("ended in its first part: nothing held\n");
			return 1;
		}
		msgs++;
	}
	printf("held first=%d (%zd bytes)\n", msgs, peeked);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		return 1;
	msgs = -msgs;	/* the peeked part comes again */
	for (;;) {
		len = recv_wait(sock_fd, 5000);
		if (len < 0) {
			printf("rest=%d end=%s\n", msgs, errname(-len));
			return 0;
		}
		if (len == 0) {
			printf("rest=%d end=timeout\n", msgs);
			return 1;
		}
		for (h = (void *)rbuf; NLMSG_OK(h, (size_t)len); h = NLMSG_NEXT(h, len)) {
			if (h->nlmsg_seq != want)
				continue;
			if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR) {
				printf("rest=%d end=%s\n", msgs, h->nlmsg_type == NLMSG_DONE ?
				       "done" : errname(-((struct nlmsgerr *)NLMSG_DATA(h))->error));
				return 0;
			}
			msgs++;
		}
	}
}

/* ---- refused connects to distinct ports ------------------------------- */

static int refuse(const char *addr, int port, int n)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	int i, refused = 0, other = 0;

	if (inet_pton(AF_INET, addr, &sin.sin_addr) != 1)
		return 2;
	for (i = 0; i < n; i++) {
		int fd = socket(AF_INET, SOCK_STREAM, 0);

		if (fd < 0)
			die("socket");
		sin.sin_port = htons(port + i);
		if (connect(fd, (struct sockaddr *)&sin, sizeof(sin)) && errno == ECONNREFUSED)
			refused++;
		else
			other++;
		close(fd);
	}
	printf("refused=%d other=%d\n", refused, other);
	return 0;
}

static enum mode parse_mode(const char *s)
{
	if (!strcmp(s, "root"))
		return M_ROOT;
	if (!strcmp(s, "nobody"))
		return M_NOBODY;
	if (!strcmp(s, "userns"))
		return M_USERNS;
	fprintf(stderr, "nlfuzz: mode is root, nobody or userns\n");
	exit(2);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	if (argc == 5 && !strcmp(argv[1], "refuse"))
		return refuse(argv[2], atoi(argv[3]), atoi(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "race"))
		return race(atol(argv[2]));
	if (argc < 3) {
		fprintf(stderr, "usage: nlfuzz fuzz MODE N SEED | bad MODE | race N | hold-dump CMD [VIEW] | refuse ADDR PORT N\n");
		return 2;
	}
	setup();
	if (argc == 5 && !strcmp(argv[1], "fuzz"))
		return fuzz(parse_mode(argv[2]), atol(argv[3]), strtoul(argv[4], NULL, 0));
	if (argc == 3 && !strcmp(argv[1], "bad"))
		return bad(parse_mode(argv[2]));
	if (!strcmp(argv[1], "hold-dump"))
		return hold_dump(argv[2], argc > 3 ? argv[3] : NULL);
	fprintf(stderr, "nlfuzz: unknown command\n");
	return 2;
}
