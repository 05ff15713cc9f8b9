// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE	/* ppoll() */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/genetlink.h>

#include "alert.h"
#include "alert_output.h"
#include "cli.h"
#include "cmd.h"
#include "monitor.h"
#include "nl.h"
#include "output.h"

/* Room for bursts: the module sends up to its rate limit each second. */
#define MONITOR_RCVBUF	(1 << 20)

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static bool our_request(const struct monitor *m, uint32_t seq)
{
	return m->first_seq && seq >= m->first_seq && seq <= m->last_seq;
}

int monitor_msg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct monitor *m = data;
	struct alert a;
	int err;

	if (nlh->nlmsg_type == NLMSG_ERROR) {
		/* An ack or error of something else is not ours to judge. */
		if (!our_request(m, nlh->nlmsg_seq))
			return MNL_CB_OK;
		err = tpnl_ack_error(m->nl, nlh);
		if (err) {
			m->err = err;
			return MNL_CB_STOP;
		}
		m->acked = true;
		return MNL_CB_OK;
	}
	if (nlh->nlmsg_type == GENL_ID_CTRL) {
		if (!genl_family_deleted(nlh, TPSTAT_GENL_NAME, m->nl->family))
			return MNL_CB_OK;
		m->unloaded = true;
		return MNL_CB_STOP;
	}
	if (nlh->nlmsg_type != m->nl->family || alert_parse(nlh, &a) ||
	    !(m->kinds & (1U << a.kind)))
		return MNL_CB_OK;
	alert_print(m->out, m->o, m->now ? m->now : time(NULL), &a);
	return MNL_CB_OK;
}

static int monitor_fail(const struct tpnl *nl, int err)
{
	switch (-err) {
	case EOPNOTSUPP:
	case EINVAL:
		/* A module without TPSTAT_CMD_MONITOR, unless it said why. */
		if (nl->extack[0])
			fprintf(stderr, "tpstat: monitor: %s\n",
				tpnl_strerror(nl, err));
		else
			fprintf(stderr, "tpstat: the loaded tpstat module has no monitor (it is older than this tool)\n");
		return 1;
	case EPERM:
	case EACCES:
		if (nl->extack[0])
			break;
		fprintf(stderr, "tpstat: permission denied: monitor needs CAP_NET_ADMIN (run as root)\n");
		return 1;
	}
	fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
	return 1;
}

/* Asks for alerts; the answer comes in the receive loop. */
static int request(struct monitor *m)
{
	struct nlmsghdr *nlh = tpnl_msg(m->nl, TPSTAT_CMD_MONITOR, 0);

	m->nl->extack[0] = '\0';
	if (!m->first_seq)
		m->first_seq = nlh->nlmsg_seq;
	m->last_seq = nlh->nlmsg_seq;
	return tpnl_post(m->nl, nlh);
}

/* Best effort: SO_RCVBUFFORCE passes rmem_max (root), else SO_RCVBUF. */
static void grow_rcvbuf(struct tpnl *nl)
{
	int fd = mnl_socket_get_fd(nl->sock), size = MONITOR_RCVBUF;

	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
}

/*
 * SIGINT and SIGTERM end the loop: blocked but in ppoll(), so one that
 * comes while a line is printed waits for it to end.  No SA_RESTART.
 */
static void catch_signals(sigset_t *unblocked)
{
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, unblocked);
	sigdelset(unblocked, SIGINT);
	sigdelset(unblocked, SIGTERM);
}

static int receive(struct monitor *m, const sigset_t *unblocked)
{
	mnl_cb_t ctl[NLMSG_MIN_TYPE] = { [NLMSG_ERROR] = monitor_msg_cb };
	struct tpnl *nl = m->nl;
	struct pollfd pfd = {
		.fd = mnl_socket_get_fd(nl->sock), .events = POLLIN,
	};
	int ret;

	while (!stop) {
		if (ppoll(&pfd, 1, NULL, unblocked) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr,
				"tpstat: waiting for alerts failed: %s\n",
				strerror(errno));
			return 1;
		}
		/*
		 * The kernel's datagrams only (nl.h): alerts and nlctrl's
		 * notifications from port id 0, like our request's answer.
		 * Without waiting: when all there was came from elsewhere,
		 * back to ppoll(), where a signal can end the loop.
		 */
		ret = tpnl_recv(nl, nl->buf, MNL_SOCKET_BUFFER_SIZE,
				MSG_DONTWAIT);
		if (ret < 0 && errno == ENOBUFS) {
			/* The kernel dropped what did not fit: say so. */
			alert_print_overrun(m->out, m->o, time(NULL),
					    ++m->overruns);
			/* Our request's answer may be among it: ask again. */
			ret = m->acked ? 0 : request(m);
			if (ret)
				return monitor_fail(nl, ret);
			continue;
		}
		/* ENOSPC: one message longer than the buffer, cut off. */
		if (ret < 0 && (errno == EINTR || errno == EAGAIN ||
				errno == ENOSPC))
			continue;
		if (ret < 0) {
			fprintf(stderr, "tpstat: receiving alerts failed: %s\n",
				strerror(errno));
			return 1;
		}
		/* Notifications have sequence number and port id 0. */
		ret = mnl_cb_run2(nl->buf, ret, 0, 0, monitor_msg_cb, m, ctl,
				  NLMSG_MIN_TYPE);
		if (m->unloaded) {
			fflush(m->out);
			fprintf(stderr, "tpstat: the module was unloaded\n");
			return 0;
		}
		if (m->err)
			return monitor_fail(nl, m->err);
		if (ret < 0) {
			fprintf(stderr, "tpstat: reading alerts failed: %s\n",
				strerror(errno));
			return 1;
		}
	}
	return 0;
}

int monitor_cmd(struct tpnl *nl, unsigned int kinds,
		const struct out_opts *o)
{
	struct monitor m = { .nl = nl, .kinds = kinds, .o = o, .out = stdout };
	uint32_t alerts, notify;
	sigset_t unblocked;
	int err;

	err = tpnl_group(nl, TPSTAT_GENL_NAME, TPSTAT_MCGRP_ALERTS, &alerts);
	if (err == -ENOMSG) {
		/*
		 * No group: a module from before alerts, or one built for a
		 * kernel that cannot keep the group to administrators.  Its
		 * answer to MONITOR says which.
		 */
		err = tpnl_request(nl, TPSTAT_CMD_MONITOR, 0, NULL, NULL, NULL);
		return monitor_fail(nl, err ? err : -EOPNOTSUPP);
	}
	if (err)
		return monitor_fail(nl, err);
	err = tpnl_group(nl, "nlctrl", "notify", &notify);
	if (err) {
		fprintf(stderr, "tpstat: no nlctrl notify group: %s\n",
			tpnl_strerror(nl, err));
		return 1;
	}
	grow_rcvbuf(nl);
	/* notify first: an rmmod from here on is seen. */
	err = tpnl_join(nl, notify);
	if (!err)
		err = tpnl_join(nl, alerts);
	if (err)
		return monitor_fail(nl, err);
	setvbuf(stdout, NULL, _IOLBF, 0);
	catch_signals(&unblocked);
	err = request(&m);
	if (err)
		return monitor_fail(nl, err);
	err = receive(&m, &unblocked);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "tpstat: writing the alerts failed\n");
		return 1;
	}
	return err;
}

/* The kinds of alert asked for: all when none is named. */
static int monitor_parse(struct options *o, int n, const char *const *words,
			 char *err, size_t err_len)
{
	for (int i = 0; i < n; i++)
		if (alert_kind_parse(words[i], &o->alert_kinds))
			return cli_usage_error(err, err_len,
					       "unknown alert kind '%s' (drops, resets, retrans, errors, states or all)",
					       words[i]);
	if (!o->alert_kinds)
		o->alert_kinds = ALERT_KINDS_ALL;
	return 0;
}

static int monitor_run(const struct options *o, const struct out_opts *out)
{
	struct tpnl nl;
	int err = tpnl_open(&nl);

	if (err)
		return tpnl_done(&nl, err);
	err = monitor_cmd(&nl, o->alert_kinds, out);
	tpnl_close(&nl);
	return err;
}

const struct command monitor_command = {
	.name = "monitor",
	.parse = monitor_parse,
	.run = monitor_run,
	.usage = "tpstat monitor [drops|resets|retrans|errors|states|all]...\n"
		 "    alerts as they happen, one line each (-j: one JSON object each):\n"
		 "    packet drops, TCP resets and retransmits, TCP state changes and\n"
		 "    socket errors, summed per key over each second; alerts the module\n"
		 "    or the socket lost are counted on a line of their own.  Default:\n"
		 "    all.  Runs until interrupted or the module is unloaded; needs\n"
		 "    CAP_NET_ADMIN",
	.takes = TAKES_JSON,
};
