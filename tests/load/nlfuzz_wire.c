// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz's messages and its socket: building requests, sending them,
 * reading every answer to its end, resolving the family.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <time.h>
#include <sys/socket.h>
#include <unistd.h>

#include "nlfuzz.h"

int sock_fd, family, mcgrp;
static unsigned int seq = 1;
unsigned char rbuf[65536];

/* ---- messages ------------------------------------------------------------ */

struct nlmsghdr *msg_begin(struct buf *b, int type, int cmd, int flags)
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

void msg_end(struct buf *b, struct nlmsghdr *h)
{
	h->nlmsg_len = b->d + b->len - (unsigned char *)h;
	b->len = NLMSG_ALIGN(b->len);
}

struct genlmsghdr *genl_of(struct nlmsghdr *h)
{
	return (struct genlmsghdr *)(h + 1);
}

/* An attribute claiming @claim bytes of payload (-1: @len), @len copied. */
void put_raw(struct buf *b, int type, int claim, const void *data,
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

void put_str(struct buf *b, int type, const char *s)
{
	put_raw(b, type, -1, s, strlen(s) + 1);
}

void put_u32(struct buf *b, int type, uint32_t v)
{
	put_raw(b, type, -1, &v, 4);
}

void put_u16(struct buf *b, int type, uint16_t v)
{
	put_raw(b, type, -1, &v, 2);
}

void hexdump(const char *what, const void *p, size_t len)
{
	const unsigned char *c = p;
	size_t i;

	fprintf(stderr, "%s (%zu bytes):", what, len);
	for (i = 0; i < len && i < 512; i++)
		fprintf(stderr, "%s%02x", i % 32 ? "" : "\n  ", c[i]);
	fprintf(stderr, "%s\n", len > 512 ? " ..." : "");
}

/* ---- socket and answers ------------------------------------------------ */

int open_socket(int *fd)
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

int send_buf(int fd, const void *p, size_t len)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };

	return sendto(fd, p, len, 0, (struct sockaddr *)&kernel,
		      sizeof(kernel)) < 0 ? -errno : 0;
}

/* recv with a timeout in ms: bytes, 0 on timeout, -errno. */
ssize_t recv_wait(int fd, int ms)
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

/*
 * Reads the answers to @n sent messages, then to a barrier (NOOP with
 * ACK, sent apart: the kernel stops at a bad length and would drop a
 * barrier in the same datagram).  A dump that began goes on until it
 * ends.  Returns 0, or -1 when something never ended.
 */
int collect(int fd, struct sent *s, int n, int timeout_ms)
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
int transact(struct buf *b, struct sent *s)
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
	put_str(&b, CTRL_ATTR_FAMILY_NAME, spec_family);
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
		fprintf(stderr, "nlfuzz: no %s family (module not loaded?)\n", spec_family);
		exit(2);
	}
	return family;
}

void setup(void)
{
	int size = 1 << 20;

	if (open_socket(&sock_fd))
		die("netlink socket");
	setsockopt(sock_fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	resolve_family(sock_fd);
}

