// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz bad: targeted bad requests, each judged on its error, its
 * extack and the state it leaves.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>
#include <sys/socket.h>

#include "nlfuzz.h"

enum expect { X_ERR, X_VALID, X_REFUSED, X_PERM_OR_NA, X_IGNORED, X_INFO };

struct buf cb;
static int case_fails;

struct nlmsghdr *req(int cmd, int dump)
{
	cb.len = 0;
	return msg_begin(&cb, family, cmd,
			 NLM_F_REQUEST | NLM_F_ACK | (dump ? NLM_F_DUMP : 0));
}

void fin(struct nlmsghdr *h)
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

const char *const view_names[] = {
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
	for (i = 0; i < spec_nops; i++) {
		const struct seed_op *o = &spec_ops[i];

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

	for (i = 0; i < spec_nops; i++) {
		if (spec_ops[i].event)
			continue;
		h = valid_req(&spec_ops[i]);
		genl_of(h)->reserved = i & 1 ? 1 : 0xffff;
		fin(h);
		judge(X_VALID, 0, 1, "%s with genlmsghdr.reserved %#x", spec_ops[i].name,
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
	for (i = 0; i < spec_nattrs; i++) {
		const struct seed_attr *a = &spec_attrs[i];
		int requested = 0;
		size_t o;

		for (o = 0; o < spec_nops; o++)
			for (j = 0; j < spec_ops[o].nreq; j++)
				requested |= spec_ops[o].req[j] == a->id;
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

	for (i = 0; i < spec_nops; i++) {
		if (!spec_ops[i].admin)
			continue;
		fin(valid_req(&spec_ops[i]));
		judge(X_ERR, -EPERM, 0, "%s as nobody", spec_ops[i].name);
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
		judge(X_ERR, -EPERM, 1, "%s from a user namespace's root", spec_ops[cmds[i] - 1].name);
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

int bad(enum mode mode)
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

