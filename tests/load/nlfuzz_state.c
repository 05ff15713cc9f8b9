// SPDX-License-Identifier: GPL-2.0
/*
 * What the module says about itself, read by nlfuzz between requests:
 * its events, filter and counters, and whether it still answers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nlfuzz.h"

char ev_name[MAX_EVENTS][64];
int ev_state[MAX_EVENTS], n_events;

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

int load_events(void)
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

void take_state(struct state *st)
{
	memset(st, 0, sizeof(*st));
	st->events = st->filter = 14695981039346656037ULL;
	query(TPSTAT_CMD_LIST_EVENTS, 1, NULL, hash_fn, &st->events);
	st->filter_err = query(TPSTAT_CMD_GET_FILTER, 0, NULL, hash_fn, &st->filter);
	st->sum_err = query(TPSTAT_CMD_GET_COUNTERS, 1, NULL, sum_fn, &st->sum);
}

/* "" if nothing changed, else what did. */
const char *state_changed(const struct state *a, const struct state *b)
{
	if (a->events != b->events)
		return "the attached events changed";
	if (a->filter != b->filter || a->filter_err != b->filter_err)
		return "the filter changed";
	if (a->sum_err != b->sum_err || b->sum < a->sum)
		return "the counters went back (a reset)";
	return "";
}

int alive(void)
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

const char *errname(int e)
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

