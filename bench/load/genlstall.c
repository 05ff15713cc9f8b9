// SPDX-License-Identifier: GPL-2.0
/*
 * genlstall: does a large view dump hold up other netlink users?  Times
 * requests to rtnetlink and to other generic netlink families one at a
 * time, with CLOCK_MONOTONIC (under QEMU -icount shift=0 one guest ns is
 * one instruction), while nothing else runs or while a child process
 * dumps a tpstat view back to back.
 *
 *   genlstall probe ROUNDS GAP_US [VIEW]
 *     ROUNDS rounds of one request of each kind, each due GAP_US
 *     microseconds after the last one's answer (the process sleeps until
 *     then); with VIEW (enum tpstat_view), a child
 *     dumps that view back to back from before the first round to after
 *     the last.  Kinds:
 *       getlink    RTM_GETLINK dump (what `ip link` sends)
 *       getfamily  CTRL_CMD_GETFAMILY "ethtool" (nlctrl)
 *       linkinfo   ETHTOOL_MSG_LINKINFO_GET for lo (lo has no link
 *                  settings: its answer is an error, EOPNOTSUPP, made
 *                  on the same path, genl_mutex and rtnl_lock)
 *       linkstate  ETHTOOL_MSG_LINKSTATE_GET for lo (a real answer)
 *     the ethtool kinds only where the kernel has the ethtool family.
 *   genlstall dumps VIEW COUNT
 *     COUNT dumps of VIEW back to back, nothing else.
 *
 * Output, one line each, tab-separated:
 *   req KIND SEQ NS ERRNO WAIT_NS
 *       a request: NS from when it was due to its last reply; WAIT_NS
 *       from when it was due to its send(), the sleeping process's
 *       wakeup: what it waited for the CPU
 *   dump SEQ NS START_NS FIRST_NS MSGS READS
 *       a dump: NS from send to NLMSG_DONE; START_NS the send() alone,
 *       in which the kernel runs the dump's start (the view's copy and
 *       sort) and fills the first reply; FIRST_NS to the first reply read
 * Requests and dumps go to the caller's network namespace.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "../../uapi/linux/tpstat.h"
#include "clock.h"

#define BUF (32 * 1024)

static void __attribute__((noreturn)) die(const char *what)
{
	fprintf(stderr, "genlstall: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* A request: netlink header, a family header of up to 16 bytes, attributes. */
struct req {
	struct nlmsghdr n;
	char body[240];
};

static void *req_init(struct req *r, uint16_t type, uint16_t flags, size_t hdr)
{
	memset(r, 0, sizeof(*r));
	r->n.nlmsg_len = NLMSG_LENGTH(hdr);
	r->n.nlmsg_type = type;
	r->n.nlmsg_flags = NLM_F_REQUEST | flags;
	return r->body;
}

/* Appends an attribute (nested ones: len 0, then nest_end()). */
static struct nlattr *req_attr(struct req *r, int type, const void *v, int len)
{
	struct nlattr *a = (struct nlattr *)((char *)&r->n + NLMSG_ALIGN(r->n.nlmsg_len));

	if (NLMSG_ALIGN(r->n.nlmsg_len) + NLA_HDRLEN + NLA_ALIGN(len) > sizeof(*r)) {
		fprintf(stderr, "genlstall: request too long\n");
		exit(2);
	}
	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	if (len)
		memcpy((char *)a + NLA_HDRLEN, v, len);
	r->n.nlmsg_len = NLMSG_ALIGN(r->n.nlmsg_len) + NLA_ALIGN(a->nla_len);
	return a;
}

static void nest_end(struct req *r, struct nlattr *a)
{
	a->nla_len = (char *)&r->n + r->n.nlmsg_len - (char *)a;
}

static void genl_init(struct req *r, uint16_t family, uint8_t cmd, uint8_t version,
		      uint16_t flags)
{
	struct genlmsghdr *g = req_init(r, family, flags, GENL_HDRLEN);

	g->cmd = cmd;
	g->version = version;
}

struct answer {
	long long start_ns, first_ns;	/* the send, the first reply read */
	long msgs, reads;
	int err;			/* errno of an error answer, else 0 */
	uint16_t family;		/* CTRL_ATTR_FAMILY_ID in a reply */
};

/*
 * Sends @r on @fd and reads to its end: NLMSG_DONE for a dump, else the
 * ack (NLM_F_ACK is set) or an error.
 */
static void run(int fd, struct req *r, char *buf, struct answer *ans)
{
	static uint32_t seq;
	long long t0 = now_ns();

	memset(ans, 0, sizeof(*ans));
	r->n.nlmsg_flags |= NLM_F_ACK;
	r->n.nlmsg_seq = ++seq;
	if (send(fd, &r->n, r->n.nlmsg_len, 0) < 0)
		die("netlink send");
	ans->start_ns = now_ns() - t0;
	for (;;) {
		ssize_t n = recv(fd, buf, BUF, 0);
		struct nlmsghdr *h;

		if (n < 0)
			die("netlink recv");
		if (!ans->reads++)
			ans->first_ns = now_ns() - t0;
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_seq != seq)
				continue;
			if (h->nlmsg_type == NLMSG_DONE)
				return;
			if (h->nlmsg_type == NLMSG_ERROR) {
				ans->err = -((struct nlmsgerr *)NLMSG_DATA(h))->error;
				if (ans->err || !(r->n.nlmsg_flags & NLM_F_DUMP))
					return;
				continue;
			}
			ans->msgs++;
			if (r->n.nlmsg_type == GENL_ID_CTRL) {
				struct nlattr *a = (struct nlattr *)((char *)NLMSG_DATA(h) +
								     GENL_HDRLEN);
				int len = h->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);

				for (; len >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN &&
				       a->nla_len <= len;
				     len -= NLA_ALIGN(a->nla_len),
				     a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len)))
					if (a->nla_type == CTRL_ATTR_FAMILY_ID)
						memcpy(&ans->family, (char *)a + NLA_HDRLEN,
						       sizeof(ans->family));
			}
		}
	}
}

static int nl_socket(int proto)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, proto);
	int one = 1;

	if (fd < 0)
		die("netlink socket");
	/* Error answers without the request echoed back. */
	setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
	return fd;
}

/* The id of generic netlink family @name, 0 where the kernel has none. */
static uint16_t family_id(int fd, const char *name, char *buf)
{
	struct answer ans;
	struct req r;

	genl_init(&r, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1, 0);
	req_attr(&r, CTRL_ATTR_FAMILY_NAME, name, strlen(name) + 1);
	run(fd, &r, buf, &ans);
	return ans.err ? 0 : ans.family;
}

/* ---- the dumper ---- */

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

/*
 * Dumps @view @count times (0: until SIGTERM), one line each; after the
 * first, a byte on @ready (if >= 0).
 */
static void dumps(uint32_t view, long count, int ready)
{
	int fd = nl_socket(NETLINK_GENERIC);
	char *buf = malloc(BUF);
	struct answer ans;
	uint16_t family;
	struct req r;
	long i;

	if (!buf)
		die("malloc");
	family = family_id(fd, TPSTAT_GENL_NAME, buf);
	if (!family) {
		fprintf(stderr, "genlstall: no %s family (is tpstat loaded?)\n",
			TPSTAT_GENL_NAME);
		exit(1);
	}
	for (i = 0; (!count || i < count) && !stop; i++) {
		long long t0 = now_ns();

		genl_init(&r, family, TPSTAT_CMD_GET_VIEW, TPSTAT_GENL_VERSION, NLM_F_DUMP);
		req_attr(&r, TPSTAT_A_VIEW, &view, sizeof(view));
		run(fd, &r, buf, &ans);
		if (ans.err) {
			errno = ans.err;
			die("GET_VIEW");
		}
		printf("dump\t%ld\t%lld\t%lld\t%lld\t%ld\t%ld\n", i, now_ns() - t0,
		       ans.start_ns, ans.first_ns, ans.msgs, ans.reads);
		if (!i && ready >= 0) {
			fflush(stdout);
			if (write(ready, "", 1) != 1)
				die("write");
			close(ready);
			ready = -1;
		}
	}
	fflush(stdout);
	free(buf);
}

/* ---- the requests ---- */

enum kind { GETLINK, GETFAMILY, LINKINFO, LINKSTATE, NR_KINDS };
static const char *const kind_name[NR_KINDS] = {
	"getlink", "getfamily", "linkinfo", "linkstate",
};

static void build(enum kind k, struct req *r, uint16_t ethtool)
{
	struct ifinfomsg *ifi;
	struct nlattr *nest;
	uint32_t mask = RTEXT_FILTER_VF | RTEXT_FILTER_SKIP_STATS;

	switch (k) {
	case GETLINK:
		ifi = req_init(r, RTM_GETLINK, NLM_F_DUMP, sizeof(*ifi));
		ifi->ifi_family = AF_UNSPEC;
		req_attr(r, IFLA_EXT_MASK, &mask, sizeof(mask));
		break;
	case GETFAMILY:
		genl_init(r, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1, 0);
		req_attr(r, CTRL_ATTR_FAMILY_NAME, ETHTOOL_GENL_NAME,
			 sizeof(ETHTOOL_GENL_NAME));
		break;
	case LINKINFO:
	case LINKSTATE:
		genl_init(r, ethtool, k == LINKINFO ? ETHTOOL_MSG_LINKINFO_GET :
			  ETHTOOL_MSG_LINKSTATE_GET, ETHTOOL_GENL_VERSION, 0);
		nest = req_attr(r, (k == LINKINFO ? ETHTOOL_A_LINKINFO_HEADER :
				    ETHTOOL_A_LINKSTATE_HEADER) | NLA_F_NESTED, NULL, 0);
		req_attr(r, ETHTOOL_A_HEADER_DEV_NAME, "lo", 3);
		nest_end(r, nest);
		break;
	default:
		break;
	}
}

struct sample {
	unsigned char kind;
	int err;
	long long ns, wait;
};

static int probe(long rounds, long gap_us, long view)
{
	int rt = nl_socket(NETLINK_ROUTE), genl = nl_socket(NETLINK_GENERIC);
	long long gap_ns = gap_us * 1000LL;
	struct sample *s = calloc(rounds * NR_KINDS, sizeof(*s));
	char *buf = malloc(BUF);
	int nkinds = NR_KINDS, pipefd[2], k, status;
	uint16_t ethtool;
	struct answer ans;
	pid_t child = -1;
	long i, n = 0;
	struct req r;
	char c;

	if (!s || !buf)
		die("malloc");
	ethtool = family_id(genl, ETHTOOL_GENL_NAME, buf);
	if (!ethtool)
		nkinds = GETFAMILY + 1;
	if (view >= 0) {
		if (pipe(pipefd))
			die("pipe");
		fflush(stdout);
		child = fork();
		if (child < 0)
			die("fork");
		if (!child) {
			struct sigaction sa = { .sa_handler = on_term };

			sigaction(SIGTERM, &sa, NULL);
			close(pipefd[0]);
			dumps(view, 0, pipefd[1]);
			_exit(0);
		}
		close(pipefd[1]);
		/* The dumper has done one dump and is into its second. */
		if (read(pipefd[0], &c, 1) != 1) {
			fprintf(stderr, "genlstall: the dumper never finished a dump\n");
			return 1;
		}
		close(pipefd[0]);
	}
	for (i = 0; i < rounds; i++) {
		for (k = 0; k < nkinds; k++) {
			int fd = k == GETLINK ? rt : genl;
			long long due = now_ns() + gap_ns, t0;
			struct timespec at = { due / 1000000000, due % 1000000000 };

			while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR)
				;
			build(k, &r, ethtool);
			t0 = now_ns();
			run(fd, &r, buf, &ans);
			s[n].ns = now_ns() - due;
			s[n].wait = t0 - due;
			s[n].kind = k;
			s[n++].err = ans.err;
		}
	}
	if (child > 0) {
		kill(child, SIGTERM);
		if (waitpid(child, &status, 0) < 0)
			die("waitpid");
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			fprintf(stderr, "genlstall: the dumper failed\n");
	}
	for (i = 0; i < n; i++)
		printf("req\t%s\t%ld\t%lld\t%d\t%lld\n", kind_name[s[i].kind],
		       i / nkinds, s[i].ns, s[i].err, s[i].wait);
	free(s);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "probe") && atol(argv[2]) > 0)
		return probe(atol(argv[2]), atol(argv[3]), argc == 5 ? atol(argv[4]) : -1);
	if (argc == 4 && !strcmp(argv[1], "dumps") && atol(argv[3]) > 0) {
		dumps(atol(argv[2]), atol(argv[3]), -1);
		return 0;
	}
	fprintf(stderr, "usage: genlstall probe ROUNDS GAP_US [VIEW] | dumps VIEW COUNT\n");
	return 2;
}
