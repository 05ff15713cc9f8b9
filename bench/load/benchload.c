// SPDX-License-Identifier: GPL-2.0
/*
 * benchload: the benchmark's workloads.  Each client subcommand does a
 * warm-up, then times its measured part with CLOCK_MONOTONIC and prints
 * name=value pairs on one line: ns (guest time of the measured part),
 * iters, bytes where it moves bulk data, and events (see hits()).  Under
 * QEMU with -icount shift=0 the guest clock advances 1 ns per
 * instruction, so ns is an instruction count.
 *
 *   server ADDR PORT               UDP echo and TCP echo on PORT; prints
 *                                  "ready", runs until killed
 *   udp-rr ADDR PORT N             N 64-byte UDP round trips
 *   tcp-rr ADDR PORT N             N 64-byte request/responses on one connection
 *   tcp-bulk ADDR PORT BYTES [NETNS]
 *                                  one connection to ADDR:PORT+1 moving BYTES,
 *                                  both ends in this process (the listener in
 *                                  network namespace NETNS if given)
 *   tcp-conn ADDR PORT N           N connections: connect, 64-byte request/response, close
 *   flows ADDR PORT NFLOWS N       open NFLOWS connections (distinct source
 *                                  addresses in 127.1.0.0/16 on loopback), then,
 *                                  for every line read on stdin, N 64-byte
 *                                  request/responses round-robin over them
 *                                  (going on where the last run stopped) and
 *                                  one output line; ends at EOF
 *   syn-flows ADDR PORT N SECONDS  N connects from distinct source addresses
 *                                  in 127.1.0.0 onwards, 65,536 at a time,
 *                                  each batch left pending SECONDS, then
 *                                  closed: where the SYNs are dropped, each
 *                                  is retransmitted, one flow each
 *   read FILE                      guest ns to open and read FILE to its end
 *   dump VIEW [BUF]                guest ns of a GET_VIEW dump of view number
 *                                  VIEW (enum tpstat_view) read into BUF-byte
 *                                  buffers (default 32768) and thrown away:
 *                                  the kernel's part of reading a view
 *   time CMD [ARGS...]             guest ns to run CMD, its stdout to /dev/null,
 *                                  and its peak RSS (rss_kib)
 *
 * Destinations are loopback or 10.99.0.0/24 (the namespaces the bench
 * creates) only; anything else is refused.
 */
#define _GNU_SOURCE	/* setns() */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "../../uapi/linux/tpstat.h"
#include "clock.h"

#define MSG 64
#define WARMUP_DIV 10

static void __attribute__((noreturn)) die(const char *what)
{
	fprintf(stderr, "benchload: %s: %s\n", what, strerror(errno));
	exit(1);
}

static struct sockaddr_in addr_of(const char *ip, int port)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	uint32_t a;

	sa.sin_port = htons(port);
	if (inet_pton(AF_INET, ip, &sa.sin_addr) != 1) {
		fprintf(stderr, "benchload: bad IPv4 address '%s'\n", ip);
		exit(2);
	}
	a = ntohl(sa.sin_addr.s_addr);
	if ((a >> 24) != 127 && (a >> 8) != 0x0a6300) {
		fprintf(stderr, "benchload: %s is neither loopback nor 10.99.0.0/24\n", ip);
		exit(2);
	}
	return sa;
}

/* Room for 64k flows; where that is not allowed, as much as the hard limit. */
static void raise_nofile(void)
{
	struct rlimit rl = { 1 << 18, 1 << 18 };

	if (setrlimit(RLIMIT_NOFILE, &rl) && !getrlimit(RLIMIT_NOFILE, &rl)) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

static void write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0)
			die("write");
		buf += n;
		len -= n;
	}
}

static void read_exact(int fd, char *buf, size_t len)
{
	while (len) {
		ssize_t n = read(fd, buf, len);

		if (n <= 0) {
			if (n == 0)
				errno = EPIPE;
			die("read");
		}
		buf += n;
		len -= n;
	}
}

static int tcp_socket(void)
{
	int one = 1, fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0)
		die("socket");
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return fd;
}

static int tcp_connect(struct sockaddr_in *sa, const struct sockaddr_in *src)
{
	int fd = tcp_socket();

	if (src && bind(fd, (const struct sockaddr *)src, sizeof(*src)))
		die("bind");
	if (connect(fd, (struct sockaddr *)sa, sizeof(*sa)))
		die("connect");
	return fd;
}

static int tcp_listen(struct sockaddr_in *sa)
{
	int one = 1, fd = tcp_socket();

	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)sa, sizeof(*sa)) || listen(fd, 4096))
		die("bind/listen");
	return fd;
}

enum kind { K_UDP, K_ECHO_LISTEN, K_ECHO };

static void watch(int ep, int fd, enum kind kind)
{
	struct epoll_event ev = {
		.events = EPOLLIN,
		.data.u64 = (uint64_t)kind << 32 | (uint32_t)fd,
	};

	if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev))
		die("epoll_ctl");
}

static void __attribute__((noreturn)) server(struct sockaddr_in *sa)
{
	static char buf[65536];
	struct epoll_event evs[64];
	int ep, udp, one = 1;

	raise_nofile();
	ep = epoll_create1(0);
	udp = socket(AF_INET, SOCK_DGRAM, 0);
	if (ep < 0 || udp < 0)
		die("epoll/socket");
	setsockopt(udp, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(udp, (struct sockaddr *)sa, sizeof(*sa)))
		die("bind udp");
	watch(ep, udp, K_UDP);
	watch(ep, tcp_listen(sa), K_ECHO_LISTEN);
	printf("ready\n");
	fflush(stdout);

	for (;;) {
		int i, n = epoll_wait(ep, evs, 64, -1);

		if (n < 0 && errno != EINTR)
			die("epoll_wait");
		for (i = 0; i < n; i++) {
			int fd = (uint32_t)evs[i].data.u64, c;
			enum kind kind = evs[i].data.u64 >> 32;
			struct sockaddr_in peer;
			socklen_t plen = sizeof(peer);
			ssize_t got;

			switch (kind) {
			case K_UDP:
				got = recvfrom(fd, buf, sizeof(buf), 0,
					       (struct sockaddr *)&peer, &plen);
				if (got > 0)
					sendto(fd, buf, got, 0,
					       (struct sockaddr *)&peer, plen);
				break;
			case K_ECHO_LISTEN:
				c = accept(fd, NULL, NULL);
				if (c < 0)
					die("accept");
				setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one,
					   sizeof(one));
				watch(ep, c, K_ECHO);
				break;
			case K_ECHO:
				got = read(fd, buf, sizeof(buf));
				if (got <= 0) {
					close(fd);	/* leaves the epoll set */
					break;
				}
				write_all(fd, buf, got);
				break;
			}
		}
	}
}

/*
 * With TPSTAT_BENCH_COUNTERS set to tpstat's debugfs counters file: the
 * sum of every tracepoint's hits (lines whose name has no '.'), read just
 * outside the timed part, so a run reports the events it caused.  -1
 * without it, or while tpstat is not loaded.
 */
static long long hits(void)
{
	const char *path = getenv("TPSTAT_BENCH_COUNTERS");
	char name[128];
	long long v, sum = 0;
	FILE *f;

	if (!path)
		return -1;
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fscanf(f, "%127s %lld", name, &v) == 2)
		if (!strchr(name, '.'))
			sum += v;
	fclose(f);
	return sum;
}

static long long hits0;

/*
 * How long a run idles before its timed part.  Each run is a new process
 * after the shell's fork, exec and exits, whose freeing waits for RCU
 * grace periods: without the pause the RCU softirq ran those callbacks
 * in the timed part, 4 to 26 times a run where a settled run has 3, and
 * they made most of a run's spread (6.1, UDP round trips at a quarter
 * size: a standard deviation of 19,462 ns in runs of 32 M without the
 * pause, 11,334 with it; TCP's 22,401 and 9,602).  Under
 * -icount sleep=off an idle guest's clock jumps to its next timer, so the
 * pause costs no host time.
 */
#define SETTLE_NS 100000000L

/*
 * The timed part starts just after a timer tick: CLOCK_MONOTONIC_COARSE
 * moves only when a tick updates the time.  A run that started anywhere
 * between two ticks held one tick more or less than its neighbours, each
 * some thousands of instructions of interrupt, scheduler and timer work;
 * started on the tick, runs of the same length hold the same ticks.  The
 * wait, at most one tick, is outside the timed part.  (6.1, a quarter
 * size, 7 rounds: counting over the floor, TCP round trips, spread from
 * [1.15, 3.40] to [1.53, 1.82] ns an event; UDP's [1.28, 2.46] to
 * [1.74, 2.67].)
 */
static void wait_tick(void)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
	while (t.tv_nsec == t0.tv_nsec && t.tv_sec == t0.tv_sec);
}

static long long start(void)
{
	struct timespec settle = { .tv_nsec = SETTLE_NS };

	hits0 = hits();
	while (nanosleep(&settle, &settle) && errno == EINTR)
		;
	wait_tick();
	return now_ns();
}

static void report(long long t0, long iters, long long bytes)
{
	long long ns = now_ns() - t0, h = hits();

	printf("ns=%lld iters=%ld bytes=%lld events=%lld\n", ns, iters, bytes,
	       h < 0 || hits0 < 0 ? -1 : h - hits0);
	fflush(stdout);
}

static void rr(int fd, long n, int udp)
{
	char buf[MSG];
	long i;

	memset(buf, 'x', sizeof(buf));
	for (i = 0; i < n; i++) {
		if (udp) {
			if (send(fd, buf, MSG, 0) != MSG ||
			    recv(fd, buf, MSG, 0) != MSG)
				die("udp round trip");
		} else {
			write_all(fd, buf, MSG);
			read_exact(fd, buf, MSG);
		}
	}
}

static int udp_rr(struct sockaddr_in *sa, long n)
{
	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	struct timeval tv = { .tv_sec = 5 };
	long long t0;

	if (fd < 0 || connect(fd, (struct sockaddr *)sa, sizeof(*sa)))
		die("udp socket/connect");
	/* A lost datagram must fail the run, not hang it. */
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	rr(fd, n / WARMUP_DIV, 1);
	t0 = start();
	rr(fd, n, 1);
	report(t0, n, 0);
	close(fd);
	return 0;
}

static int tcp_rr(struct sockaddr_in *sa, long n)
{
	int fd = tcp_connect(sa, NULL);
	long long t0;

	rr(fd, n / WARMUP_DIV, 0);
	t0 = start();
	rr(fd, n, 0);
	report(t0, n, 0);
	close(fd);
	return 0;
}

/*
 * A listener on @sink, in network namespace @netns if not NULL (a name
 * as ip netns gives it); this process stays in its own namespace.
 */
static int bulk_listen(struct sockaddr_in *sink, const char *netns)
{
	char path[256];
	int self, other, fd;

	if (!netns)
		return tcp_listen(sink);
	snprintf(path, sizeof(path), "/run/netns/%s", netns);
	self = open("/proc/self/ns/net", O_RDONLY);
	other = open(path, O_RDONLY);
	if (self < 0 || other < 0 || setns(other, CLONE_NEWNET))
		die(path);
	fd = tcp_listen(sink);
	if (setns(self, CLONE_NEWNET))
		die("setns back");
	close(self);
	close(other);
	return fd;
}

/*
 * Both ends in this one process, non-blocking: write what the socket
 * takes, then read all that has arrived, until every byte is through.  A
 * write delivers its segments before it returns (the receive softirq
 * runs as it enables bottom halves), so no task switch, and no timer tick
 * landing at another point of the run, changes how the data is cut into
 * segments: runs repeat (loopback: the same events, times within 0.4%).
 * With a sender and a receiver task they did not, on 6.12: runs differed
 * by 7% in time, 20% in events.
 */
static void bulk_once(struct sockaddr_in *sink, const char *netns,
		      long long bytes)
{
	static char buf[65536];
	long long sent = 0, got = 0;
	int lfd = bulk_listen(sink, netns), c, s;

	c = tcp_connect(sink, NULL);
	s = accept(lfd, NULL, NULL);
	if (s < 0 || fcntl(c, F_SETFL, O_NONBLOCK) ||
	    fcntl(s, F_SETFL, O_NONBLOCK))
		die("bulk: accept");
	close(lfd);
	while (got < bytes) {
		long long moved = sent + got;
		ssize_t n, r;

		if (sent < bytes) {
			n = write(c, buf, bytes - sent < (long long)sizeof(buf) ?
				  (size_t)(bytes - sent) : sizeof(buf));
			if (n < 0 && errno != EAGAIN)
				die("bulk: write");
			if (n > 0)
				sent += n;
		}
		while ((r = read(s, buf, sizeof(buf))) > 0)
			got += r;
		if (r == 0 || errno != EAGAIN)
			die("bulk: read");
		/* Nothing moved: wait until something can, rather than spin. */
		if (sent + got == moved) {
			struct pollfd p[2] = {
				{ .fd = s, .events = POLLIN },
				{ .fd = sent < bytes ? c : -1, .events = POLLOUT },
			};

			if (poll(p, 2, 5000) < 1)
				die("bulk: stalled");
		}
	}
	close(c);
	close(s);
}

static int tcp_bulk(struct sockaddr_in *sa, long long bytes, const char *netns)
{
	struct sockaddr_in sink = *sa;
	long long t0;

	sink.sin_port = htons(ntohs(sa->sin_port) + 1);
	bulk_once(&sink, netns, bytes / WARMUP_DIV);
	t0 = start();
	bulk_once(&sink, netns, bytes);
	report(t0, 1, bytes);
	return 0;
}

static void conns(struct sockaddr_in *sa, long n)
{
	char buf[MSG];
	long i;

	memset(buf, 'c', sizeof(buf));
	for (i = 0; i < n; i++) {
		int fd = tcp_connect(sa, NULL);

		write_all(fd, buf, MSG);
		read_exact(fd, buf, MSG);
		close(fd);
	}
}

static int tcp_conn(struct sockaddr_in *sa, long n)
{
	long long t0;

	conns(sa, n / WARMUP_DIV);
	t0 = start();
	conns(sa, n);
	report(t0, n, 0);
	return 0;
}

static int flows(struct sockaddr_in *sa, long nflows, long n)
{
	char buf[MSG], line[64];
	long i, next = 0;
	int *fds;

	if (nflows < 1 || nflows > 65536) {
		fprintf(stderr, "benchload: NFLOWS must be 1..65536\n");
		return 2;
	}
	raise_nofile();
	fds = calloc(nflows, sizeof(*fds));
	if (!fds)
		die("calloc");
	memset(buf, 'f', sizeof(buf));
	for (i = 0; i < nflows; i++) {
		struct sockaddr_in src = { .sin_family = AF_INET };

		/* Loopback: one source address per flow, 127.1.0.0/16. */
		if ((ntohl(sa->sin_addr.s_addr) >> 24) == 127)
			src.sin_addr.s_addr = htonl(0x7f010000 | i);
		else
			src.sin_addr.s_addr = htonl(INADDR_ANY);
		fds[i] = tcp_connect(sa, &src);
		write_all(fds[i], buf, MSG);	/* warm-up: one each */
		read_exact(fds[i], buf, MSG);
	}
	printf("flows=%ld\n", nflows);
	fflush(stdout);
	/* Each run goes on where the last one stopped, so runs cover all flows. */
	while (fgets(line, sizeof(line), stdin)) {
		long long t0 = start();

		for (i = 0; i < n; i++) {
			int fd = fds[next++ % nflows];

			write_all(fd, buf, MSG);
			read_exact(fd, buf, MSG);
		}
		report(t0, n, 0);
	}
	for (i = 0; i < nflows; i++)
		close(fds[i]);
	free(fds);
	return 0;
}

/*
 * Up to 2^21 flows, from 127.1.0.0 up (127.32.255.255 at most), in
 * batches of 65,536 sockets: the retransmits view keeps a flow after its
 * socket is closed, so a million flows never hold a million sockets
 * (some 5 GB of kernel memory) or descriptors.
 */
#define SYN_FLOWS_MAX	(1L << 21)
#define SYN_FLOWS_BATCH	65536L

static int syn_flows(struct sockaddr_in *sa, long n, long seconds)
{
	struct timespec wait = { .tv_sec = seconds };
	long i, b, batch;
	int *fds;

	if (n < 1 || n > SYN_FLOWS_MAX ||
	    (ntohl(sa->sin_addr.s_addr) >> 24) != 127) {
		fprintf(stderr, "benchload: syn-flows: N 1..%ld, to loopback\n",
			SYN_FLOWS_MAX);
		return 2;
	}
	raise_nofile();
	fds = calloc(SYN_FLOWS_BATCH, sizeof(*fds));
	if (!fds)
		die("calloc");
	for (b = 0; b < n; b += batch) {
		batch = n - b < SYN_FLOWS_BATCH ? n - b : SYN_FLOWS_BATCH;
		for (i = 0; i < batch; i++) {
			struct sockaddr_in src = { .sin_family = AF_INET };

			src.sin_addr.s_addr = htonl(0x7f010000 + b + i);
			fds[i] = tcp_socket();
			if (fcntl(fds[i], F_SETFL, O_NONBLOCK) ||
			    bind(fds[i], (struct sockaddr *)&src, sizeof(src)))
				die("syn-flows socket");
			if (connect(fds[i], (struct sockaddr *)sa, sizeof(*sa)) &&
			    errno != EINPROGRESS)
				die("connect");
		}
		nanosleep(&wait, NULL);
		for (i = 0; i < batch; i++)
			close(fds[i]);
	}
	free(fds);
	printf("flows=%ld\n", n);
	return 0;
}

/* Guest ns to read a file once, to its end, in 64 KiB reads. */
static int read_file(const char *path)
{
	static char buf[65536];
	long long t0, total = 0;
	ssize_t n;
	int fd;

	t0 = now_ns();
	fd = open(path, O_RDONLY);
	if (fd < 0)
		die(path);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		total += n;
	close(fd);
	printf("ns=%lld bytes=%lld\n", now_ns() - t0, total);
	return n < 0;
}

/* ---- reading a view as the tool does, without the tool ---- */

/* A generic netlink request: header, one u32 or string attribute. */
struct genl_req {
	struct nlmsghdr n;
	struct genlmsghdr g;
	char attrs[64];
};

static void req_attr(struct genl_req *r, int type, const void *v, int len)
{
	struct nlattr *a = (struct nlattr *)((char *)r + NLMSG_ALIGN(r->n.nlmsg_len));

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	memcpy((char *)a + NLA_HDRLEN, v, len);
	r->n.nlmsg_len = NLMSG_ALIGN(r->n.nlmsg_len) + NLA_ALIGN(a->nla_len);
}

/*
 * Sends @r and reads every reply into @buf: the messages and bytes in
 * *@msgs and *@bytes, the family id of a CTRL_CMD_GETFAMILY reply in *@id.
 * Number of reads, or -1 on an error message.
 */
static long nl_run(int fd, struct genl_req *r, char *buf, size_t size,
		   long *msgs, long long *bytes, uint16_t *id)
{
	long reads = 0;

	if (send(fd, r, r->n.nlmsg_len, 0) < 0)
		die("netlink send");
	for (;;) {
		ssize_t n = recv(fd, buf, size, 0);
		struct nlmsghdr *h;

		if (n < 0)
			die("netlink recv");
		reads++;
		*bytes += n;
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
			struct nlattr *a;
			int len;

			if (h->nlmsg_type == NLMSG_DONE)
				return reads;
			if (h->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(h);

				if (!e->error && !(r->n.nlmsg_flags & NLM_F_DUMP))
					return reads;
				errno = -e->error;
				return -1;
			}
			(*msgs)++;
			if (!id)
				continue;
			a = (struct nlattr *)((char *)NLMSG_DATA(h) + GENL_HDRLEN);
			len = h->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);
			for (; len >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN &&
			       a->nla_len <= len;
			     len -= NLA_ALIGN(a->nla_len),
			     a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len)))
				if (a->nla_type == CTRL_ATTR_FAMILY_ID)
					memcpy(id, (char *)a + NLA_HDRLEN, sizeof(*id));
		}
	}
}

static int view_dump(uint32_t view, size_t size)
{
	struct genl_req r = { .n.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN) };
	long long t0 = now_ns(), bytes = 0, skip = 0;
	long msgs = 0, reads, none = 0;
	uint16_t family = 0;
	char *buf = malloc(size);
	int fd;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (fd < 0 || !buf)
		die("netlink socket");
	r.n.nlmsg_type = GENL_ID_CTRL;
	r.n.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	r.n.nlmsg_seq = 1;
	r.g.cmd = CTRL_CMD_GETFAMILY;
	r.g.version = 1;
	req_attr(&r, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME,
		 sizeof(TPSTAT_GENL_NAME));
	if (nl_run(fd, &r, buf, size, &none, &skip, &family) < 0 || !family)
		die("the tpstat family");
	memset(&r, 0, sizeof(r));
	r.n.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
	r.n.nlmsg_type = family;
	r.n.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP;
	r.n.nlmsg_seq = 2;
	r.g.cmd = TPSTAT_CMD_GET_VIEW;
	r.g.version = TPSTAT_GENL_VERSION;
	req_attr(&r, TPSTAT_A_VIEW, &view, sizeof(view));
	reads = nl_run(fd, &r, buf, size, &msgs, &bytes, NULL);
	if (reads < 0)
		die("GET_VIEW");
	close(fd);
	free(buf);
	printf("ns=%lld bytes=%lld msgs=%ld reads=%ld\n", now_ns() - t0, bytes,
	       msgs, reads);
	return 0;
}

/*
 * Guest ns to run a command, its output thrown away, to its exit, and
 * its peak resident memory (wait4()'s ru_maxrss, KiB): no GNU time in
 * the ARM roots.
 */
static int time_cmd(char **argv)
{
	long long t0 = now_ns();
	struct rusage ru;
	int status;
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (!pid) {
		int fd = open("/dev/null", O_WRONLY);

		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0)
		die("wait4");
	printf("ns=%lld status=%d rss_kib=%ld\n", now_ns() - t0,
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128, ru.ru_maxrss);
	return 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_in sa;
	const char *cmd;

	if (argc == 3 && !strcmp(argv[1], "read"))
		return read_file(argv[2]);
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "dump"))
		return view_dump(atoi(argv[2]), argc == 4 ? atol(argv[3]) : 32768);
	if (argc > 2 && !strcmp(argv[1], "time"))
		return time_cmd(argv + 2);
	if (argc < 4) {
		fprintf(stderr, "usage: benchload COMMAND ADDR PORT [ARGS]\n");
		return 2;
	}
	cmd = argv[1];
	sa = addr_of(argv[2], atoi(argv[3]));
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (!strcmp(cmd, "server"))
		server(&sa);
	if (argc < 5) {
		fprintf(stderr, "benchload: %s needs a count\n", cmd);
		return 2;
	}
	if (!strcmp(cmd, "udp-rr"))
		return udp_rr(&sa, atol(argv[4]));
	if (!strcmp(cmd, "tcp-rr"))
		return tcp_rr(&sa, atol(argv[4]));
	if (!strcmp(cmd, "tcp-bulk"))
		return tcp_bulk(&sa, atoll(argv[4]), argc > 5 ? argv[5] : NULL);
	if (!strcmp(cmd, "tcp-conn"))
		return tcp_conn(&sa, atol(argv[4]));
	if (!strcmp(cmd, "flows") && argc > 5)
		return flows(&sa, atol(argv[4]), atol(argv[5]));
	if (!strcmp(cmd, "syn-flows") && argc > 5)
		return syn_flows(&sa, atol(argv[4]), atol(argv[5]));
	fprintf(stderr, "benchload: unknown command '%s'\n", cmd);
	return 2;
}
