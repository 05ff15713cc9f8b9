// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz's small modes: race (errors' texts under concurrency),
 * hold-dump (a dump held half-read) and refuse (closed ports).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nlfuzz.h"

/* ---- concurrent errors' texts ------------------------------------------ */

int race(long n)
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

int hold_dump(const char *what, const char *view)
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

int refuse(const char *addr, int port, int n)
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

