// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz fuzz: random requests generated from the seed table, each
 * answer checked against what MODE may do.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "nlfuzz.h"

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
		gen_attr(b, &spec_attrs[rnd() % spec_nattrs], depth + 1);
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

	for (i = 0; i < spec_nattrs; i++)
		if (spec_attrs[i].id == id)
			return &spec_attrs[i];
	return &spec_attrs[0];
}

static const int flag_pool[] = {
	NLM_F_ECHO, NLM_F_ROOT, NLM_F_MATCH, NLM_F_ATOMIC, NLM_F_EXCL,
	NLM_F_CREATE, NLM_F_APPEND, 0x1000, 0x2000, 0x4000, 0x8000,
	NLM_F_MULTI, 0x20 /* NLM_F_DUMP_FILTERED */,
};

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
		op = rnd() % spec_nops;
		/*
		 * Root's successful SET_FILTER, ATTACH and DETACH re-register
		 * probes, and they and RESET wait for a grace period: a third
		 * as many of those keeps its run short.
		 */
		if (mode == M_ROOT && (spec_ops[op].id == TPSTAT_CMD_SET_FILTER ||
				       spec_ops[op].id == TPSTAT_CMD_RESET ||
				       spec_ops[op].id == TPSTAT_CMD_ATTACH ||
				       spec_ops[op].id == TPSTAT_CMD_DETACH) && pct(67))
			op = rnd() % spec_nops;
		cmd = spec_ops[op].id;
	} else {
		cmd = rnd() % 256;
		for (i = 0; i < (int)spec_nops; i++)
			if (spec_ops[i].id == cmd)
				op = i;
	}
	if (op >= 0 && type == family) {
		int dump = spec_ops[op].has_dump && !spec_ops[op].has_do;

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
		put_str(b, CTRL_ATTR_FAMILY_NAME, spec_family);
	i = rnd() % 100;
	nattr = i < 30 ? 0 : i < 70 ? 1 : i < 90 ? 2 : 3 + rnd() % 6;
	for (i = 0; i < nattr; i++) {
		int r = rnd() % 100;

		if (r < 70 && op >= 0 && spec_ops[op].nreq)
			gen_attr(b, attr_by_id(spec_ops[op].req[rnd() % spec_ops[op].nreq]), 0);
		else if (r < 90)
			gen_attr(b, &spec_attrs[rnd() % spec_nattrs], 0);
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

int fuzz(enum mode mode, long n, unsigned int seed)
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
			write = m->op >= 0 && spec_ops[m->op].admin;
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
			if (succeeded && (m->op < 0 || spec_ops[m->op].event))
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
	for (i = 0; i < (int)spec_nops; i++)
		printf(" %s=%ld/%ld", spec_ops[i].name, t.per_cmd_ok[spec_ops[i].id],
		       t.per_cmd_ok[spec_ops[i].id] + t.per_cmd_err[spec_ops[i].id]);
	printf("\n");
	/* Where the time goes (a slow kernel's fuzz time is mostly a few commands). */
	printf("seconds per command:");
	for (i = 0; i < (int)spec_nops; i++) {
		printf(" %s=%.1f", spec_ops[i].name, t.per_cmd_secs[spec_ops[i].id]);
		t.per_cmd_secs[spec_ops[i].id] = 0;
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

