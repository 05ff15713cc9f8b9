// SPDX-License-Identifier: GPL-2.0
/*
 * nsarm: many unprivileged network namespaces ask tpstat to count their
 * own events at once (SET_FILTER with no attribute, which arms a
 * namespace's counters), as a user without privilege may.
 *
 *   nsarm N   N children, each the root of a new user namespace (made by
 *             the caller, who should be unprivileged) with its own
 *             network namespace, send SET_FILTER once and stay alive.
 *             Prints "armed=<A> enospc=<E> other=<O>", the first
 *             ENOSPC's extack text and the first other error, then
 *             "held", waits for a line on stdin and lets them all exit
 *             (their namespaces go with them).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "../../uapi/linux/tpstat.h"

#define NSARM_MAX 4096

/* What one child reports: its SET_FILTER's errno (0: armed) and text. */
struct verdict {
	int err;
	char text[200];
};

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* Root of a new user namespace, as its maker, with a network namespace. */
static int enter_namespaces(void)
{
	char map[64];
	uid_t uid = getuid();
	gid_t gid = getgid();

	if (unshare(CLONE_NEWUSER | CLONE_NEWNET))
		return -1;
	snprintf(map, sizeof(map), "0 %u 1\n", (unsigned int)uid);
	if (write_file("/proc/self/uid_map", map))
		return -1;
	if (write_file("/proc/self/setgroups", "deny"))
		return -1;
	snprintf(map, sizeof(map), "0 %u 1\n", (unsigned int)gid);
	return write_file("/proc/self/gid_map", map);
}

static void put_attr(char *buf, size_t *len, int type, const void *data,
		     size_t size)
{
	struct nlattr *a = (void *)(buf + *len);

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + size;
	memcpy(buf + *len + NLA_HDRLEN, data, size);
	*len += NLA_ALIGN(a->nla_len);
}

/* Sends one generic netlink request; its ACK's errno, its text in @v. */
static int request(int fd, int type, int cmd, const char *name,
		   struct verdict *v, uint16_t *family)
{
	char buf[8192] __attribute__((aligned(4)));
	struct nlmsghdr *h = (void *)buf;
	struct genlmsghdr *g = NLMSG_DATA(h);
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;
	ssize_t n;

	memset(buf, 0, len);
	h->nlmsg_type = type;
	h->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	h->nlmsg_seq = 1;
	g->cmd = cmd;
	g->version = 1;
	if (name)
		put_attr(buf, &len, CTRL_ATTR_FAMILY_NAME, name, strlen(name) + 1);
	h->nlmsg_len = len;
	if (send(fd, buf, len, 0) < 0)
		return errno;
	for (;;) {
		n = recv(fd, buf, sizeof(buf), 0);
		if (n < 0)
			return errno;
		for (h = (void *)buf; NLMSG_OK(h, (size_t)n); h = NLMSG_NEXT(h, n)) {
			struct nlmsgerr *e = NLMSG_DATA(h);
			struct nlattr *a;
			int rem;

			if (h->nlmsg_type == type && family) {
				a = (void *)((char *)NLMSG_DATA(h) + GENL_HDRLEN);
				rem = h->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
				for (; rem >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN;
				     rem -= NLA_ALIGN(a->nla_len),
				     a = (void *)((char *)a + NLA_ALIGN(a->nla_len)))
					if (a->nla_type == CTRL_ATTR_FAMILY_ID)
						memcpy(family, (char *)a + NLA_HDRLEN, 2);
				continue;
			}
			if (h->nlmsg_type != NLMSG_ERROR)
				continue;
			/* NETLINK_CAP_ACK: the request is not echoed. */
			a = (void *)((char *)e + sizeof(*e));
			rem = (char *)h + h->nlmsg_len - (char *)a;
			for (; rem >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN;
			     rem -= NLA_ALIGN(a->nla_len),
			     a = (void *)((char *)a + NLA_ALIGN(a->nla_len)))
				if (a->nla_type == NLMSGERR_ATTR_MSG)
					snprintf(v->text, sizeof(v->text), "%.*s",
						 (int)(a->nla_len - NLA_HDRLEN),
						 (char *)a + NLA_HDRLEN);
			return -e->error;
		}
	}
}

/* One child: its namespaces, SET_FILTER, the verdict to @out. */
static void child(int out)
{
	struct verdict v = { 0 };
	uint16_t family = 0;
	int fd, one = 1;

	if (enter_namespaces()) {
		v.err = errno;
		snprintf(v.text, sizeof(v.text), "entering the namespaces: %s",
			 strerror(errno));
		goto report;
	}
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (fd < 0) {
		v.err = errno;
		goto report;
	}
	setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
	v.err = request(fd, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, TPSTAT_GENL_NAME,
			&v, &family);
	if (!v.err && !family)
		v.err = ENOENT;
	if (!v.err)
		v.err = request(fd, family, TPSTAT_CMD_SET_FILTER, NULL, &v, NULL);
report:
	if (write(out, &v, sizeof(v)) != sizeof(v))
		_exit(1);
}

int main(int argc, char **argv)
{
	int results[2], release[2], i, n, armed = 0, enospc = 0, other = 0;
	char first_enospc[200] = "", first_other[240] = "", line[16];
	static pid_t pids[NSARM_MAX];

	setvbuf(stdout, NULL, _IOLBF, 0);
	n = argc == 2 ? atoi(argv[1]) : 0;
	if (n < 1 || n > NSARM_MAX) {
		fprintf(stderr, "usage: nsarm N (1 to %d)\n", NSARM_MAX);
		return 2;
	}
	if (pipe(results) || pipe(release)) {
		perror("nsarm: pipe");
		return 2;
	}
	for (i = 0; i < n; i++) {
		struct verdict v;

		pids[i] = fork();
		if (pids[i] < 0) {
			perror("nsarm: fork");
			n = i;
			break;
		}
		if (!pids[i]) {
			close(results[0]);
			close(release[1]);
			child(results[1]);
			/* Alive, and its namespaces with it, until released. */
			while (read(release[0], line, sizeof(line)) > 0)
				;
			_exit(0);
		}
		/* One at a time: the order the module sees them in is known. */
		if (read(results[0], &v, sizeof(v)) != sizeof(v)) {
			fprintf(stderr, "nsarm: child %d said nothing\n", i);
			other++;
			continue;
		}
		if (!v.err) {
			armed++;
		} else if (v.err == ENOSPC) {
			if (!enospc++)
				snprintf(first_enospc, sizeof(first_enospc), "%s", v.text);
		} else if (!other++) {
			snprintf(first_other, sizeof(first_other), "%s: %s",
				 strerror(v.err), v.text);
		}
	}
	printf("armed=%d enospc=%d other=%d\n", armed, enospc, other);
	printf("first ENOSPC: %s\n", first_enospc);
	printf("first other: %s\n", first_other);
	printf("held\n");
	if (!fgets(line, sizeof(line), stdin))
		line[0] = '\0';
	close(release[1]);
	for (i = 0; i < n; i++)
		waitpid(pids[i], NULL, 0);
	return 0;
}
