// SPDX-License-Identifier: GPL-2.0
/*
 * netload: the traffic the tests count.  Each subcommand does a known
 * amount of work and prints what it did as name=value, so a test derives
 * its expectations from what really happened.
 *
 *   tcp-server ADDR PORT N        accept N connections, answer each request
 *   tcp-connect ADDR PORT N       N connections: request, response, close
 *   tcp-refused ADDR PORT N       N connects to a closed port (ECONNREFUSED)
 *   tcp-unreachable ADDR PORT N   N connects at once to an address nobody
 *                                 answers for, waited for up to 30 s;
 *                                 prints how many got EHOSTUNREACH
 *   udp-send ADDR PORT N          N datagrams to a (closed) UDP port
 *   udp-overflow ADDR PORT N      N 1000-byte datagrams to a UDP socket, and
 *                                 a raw UDP one, that have the smallest
 *                                 receive buffer and read nothing meanwhile;
 *                                 prints both buffers as the kernel has them
 *   bulk-server ADDR PORT         accept one connection, read to EOF
 *   bulk-client ADDR PORT BYTES   send BYTES, shut down, read to EOF
 *   flood ADDR PORT SECONDS       refused connects and UDP, for a while
 *   udp-mem ADDR PORT N           N 60,000-byte datagrams to a UDP socket that
 *                                 reads nothing, its receive buffer forced
 *                                 to 64 MiB (SO_RCVBUFFORCE: root), so that
 *                                 only UDP's memory limit (a tiny
 *                                 net.ipv4.udp_mem the caller sets) refuses
 *                                 them (sock:sock_exceed_buf_limit)
 *   tcp-md5 ADDR PORT N           a listener with a TCP-MD5 key for ADDR, and
 *                                 N connects from ADDR without one: their
 *                                 SYNs are dropped (tcp:tcp_hash_md5_required
 *                                 from 6.7); closed after 300 ms
 *   tcp-hold ADDR PORT N          N connections to its own listener, both
 *                                 ends held open (2N + 1 descriptors: the
 *                                 soft limit is raised to the hard one);
 *                                 prints held=<made>, then closes them all
 *                                 when stdin ends or gives a line
 *
 * ADDR is IPv4 or IPv6, loopback (::ffff:127.0.0.1 too: an IPv6 socket
 * with an IPv4 peer) or the tests' own namespaces' prefixes.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what)
{
	fprintf(stderr, "netload: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* A socket address of either family. */
struct addr {
	struct sockaddr_storage ss;
	socklen_t len;
	int family;
	int port;
};

#define SA(a) ((struct sockaddr *)&(a)->ss)

static struct addr addr_of(const char *ip, const char *port)
{
	struct addr a = { .port = atoi(port) };
	struct sockaddr_in *in = (struct sockaddr_in *)&a.ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&a.ss;
	uint32_t v4;

	/*
	 * Tests talk to loopback and to their own namespaces (10.99.0.0/16,
	 * fd99::/16, tests/net/lib.sh and workloads.sh) only: refuse any
	 * other destination.
	 */
	if (inet_pton(AF_INET, ip, &in->sin_addr) == 1) {
		in->sin_family = a.family = AF_INET;
		in->sin_port = htons(a.port);
		a.len = sizeof(*in);
		v4 = ntohl(in->sin_addr.s_addr);
		if ((v4 >> 24) == 127 || (v4 >> 16) == 0x0a63)
			return a;
	} else if (inet_pton(AF_INET6, ip, &in6->sin6_addr) == 1) {
		in6->sin6_family = a.family = AF_INET6;
		in6->sin6_port = htons(a.port);
		a.len = sizeof(*in6);
		/* ::ffff:127.x.y.z: an IPv6 socket's IPv4 loopback peer. */
		if (IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr) ||
		    (IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr) &&
		     in6->sin6_addr.s6_addr[12] == 127) ||
		    (in6->sin6_addr.s6_addr[0] == 0xfd &&
		     in6->sin6_addr.s6_addr[1] == 0x99))
			return a;
	} else {
		fprintf(stderr, "netload: bad address '%s'\n", ip);
		exit(2);
	}
	fprintf(stderr, "netload: %s is neither loopback nor 10.99.0.0/16 nor fd99::/16\n", ip);
	exit(2);
}

static int tcp_listen(const struct addr *sa)
{
	int one = 1, fd = socket(sa->family, SOCK_STREAM, 0);

	if (fd < 0)
		die("socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, SA(sa), sa->len) || listen(fd, 128))
		die("bind/listen");
	return fd;
}

/* Returns 0 or the errno of the failed connect. */
static int tcp_connect(const struct addr *sa, int *out)
{
	int fd = socket(sa->family, SOCK_STREAM, 0);

	if (fd < 0)
		die("socket");
	if (connect(fd, SA(sa), sa->len)) {
		int err = errno;

		close(fd);
		return err;
	}
	*out = fd;
	return 0;
}

static long read_to_eof(int fd)
{
	char buf[65536];
	long total = 0;
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0)
		total += n;
	if (n < 0)
		die("read");
	return total;
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

static int tcp_server(const struct addr *sa, long n)
{
	int lfd = tcp_listen(sa);
	long i;

	printf("listening=1\n");
	fflush(stdout);
	for (i = 0; i < n; i++) {
		int fd = accept(lfd, NULL, NULL);
		char req[64];

		if (fd < 0)
			die("accept");
		if (read(fd, req, sizeof(req)) > 0)
			write_all(fd, "pong", 4);
		read_to_eof(fd);
		close(fd);
	}
	close(lfd);
	printf("accepted=%ld\n", n);
	return 0;
}

static int tcp_client(const struct addr *sa, long n)
{
	long i;

	for (i = 0; i < n; i++) {
		char resp[4];
		int fd;

		errno = tcp_connect(sa, &fd);
		if (errno)
			die("connect");
		write_all(fd, "ping", 4);
		if (read(fd, resp, sizeof(resp)) != 4)
			die("read response");
		shutdown(fd, SHUT_WR);
		read_to_eof(fd);
		close(fd);
	}
	printf("connections=%ld\n", n);
	return 0;
}

static int tcp_refused(const struct addr *sa, long n)
{
	long i, refused = 0;
	int fd, err;

	for (i = 0; i < n; i++) {
		err = tcp_connect(sa, &fd);
		if (!err) {
			close(fd);
			fprintf(stderr, "netload: port %d is open\n",
				sa->port);
			return 1;
		}
		refused += err == ECONNREFUSED;
	}
	printf("refused=%ld\n", refused);
	return refused == n ? 0 : 1;
}

/*
 * N connects in flight together to @sa, whose neighbour never resolves:
 * when its resolution fails, every SYN queued on it comes back as a host
 * unreachable error (sock:inet_sk_error_report with EHOSTUNREACH).
 *
 * The errors are taken only after every socket has one, and a moment
 * more: the tracepoint reads sk_err after waking the socket's waiters,
 * and a waiter that takes the error first (SO_ERROR clears it) makes the
 * event say 0.  The debug kernel showed that race once in twelve.
 */
static int tcp_unreachable(const struct addr *sa, long n)
{
	struct timespec pause = { .tv_nsec = 200 * 1000 * 1000 };
	long i, ready, unreachable = 0, other = 0;
	struct pollfd pfd[64];
	socklen_t len;
	int err;

	if (n < 1 || n > 64) {
		fprintf(stderr, "netload: tcp-unreachable takes 1 to 64 connects\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		pfd[i].fd = socket(sa->family, SOCK_STREAM | SOCK_NONBLOCK, 0);
		if (pfd[i].fd < 0)
			die("socket");
		pfd[i].events = POLLOUT;
		if (!connect(pfd[i].fd, SA(sa), sa->len) || errno != EINPROGRESS)
			die("connect did not wait");
	}
	/* Up to 30 s for all of them; a socket done is not polled again. */
	for (ready = 0; ready < n;) {
		if (poll(pfd, n, 30000) <= 0)
			break;
		for (i = 0; i < n; i++) {
			if (pfd[i].fd >= 0 && pfd[i].revents) {
				pfd[i].fd = ~pfd[i].fd;
				ready++;
			}
		}
	}
	nanosleep(&pause, NULL);
	for (i = 0; i < n; i++) {
		if (pfd[i].fd >= 0) {
			other++;
			close(pfd[i].fd);
			continue;
		}
		pfd[i].fd = ~pfd[i].fd;
		len = sizeof(err);
		if (getsockopt(pfd[i].fd, SOL_SOCKET, SO_ERROR, &err, &len))
			die("SO_ERROR");
		if (err == EHOSTUNREACH)
			unreachable++;
		else
			other++;
		close(pfd[i].fd);
	}
	printf("unreachable=%ld other=%ld\n", unreachable, other);
	return unreachable == n ? 0 : 1;
}

static int udp_send(const struct addr *sa, long n)
{
	int fd = socket(sa->family, SOCK_DGRAM, 0);
	long i, sent = 0;

	if (fd < 0)
		die("socket");
	for (i = 0; i < n; i++)
		sent += sendto(fd, "x", 1, 0, SA(sa), sa->len) == 1;
	close(fd);
	printf("datagrams=%ld\n", sent);
	return sent == n ? 0 : 1;
}

/* A socket with the smallest receive buffer the kernel allows. */
static int tiny_rcvbuf(int family, int type, int protocol)
{
	int one = 1, fd = socket(family, type, protocol);

	if (fd < 0)
		die("socket");
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &one, sizeof(one)))
		die("SO_RCVBUF");
	return fd;
}

/* The receive buffer the kernel gives @fd (sk_rcvbuf), as SO_RCVBUF reads it. */
static int rcvbuf_of(int fd)
{
	int val;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &val, &len))
		die("SO_RCVBUF");
	return val;
}

/*
 * The receive queue overflows: UDP's (udp:udp_fail_queue_rcv_skb, the
 * UdpRcvbufErrors MIB) and a raw socket's, which gets a copy of every
 * UDP datagram (sock:sock_rcvqueue_full).  Loopback delivers each
 * datagram before sendto() returns, so all of them meet full queues.
 */
static int udp_overflow(const struct addr *sa, long n)
{
	int rfd = tiny_rcvbuf(sa->family, SOCK_DGRAM, 0);
	int raw = tiny_rcvbuf(sa->family, SOCK_RAW, IPPROTO_UDP);
	int fd = socket(sa->family, SOCK_DGRAM, 0);
	static char buf[1000];
	long i, sent = 0, received = 0;

	if (fd < 0)
		die("socket");
	if (bind(rfd, SA(sa), sa->len))
		die("bind");
	for (i = 0; i < n; i++)
		sent += sendto(fd, buf, sizeof(buf), 0, SA(sa), sa->len) ==
			sizeof(buf);
	/*
	 * Read until nothing has come for 200 ms.  A datagram can still be
	 * in loopback's backlog when the queue first reads empty (a loaded
	 * guest defers the softirq to ksoftirqd): neither read nor refused
	 * yet, it made sent - received 13 more than the queue refused on a
	 * debug 6.1 guest.  Read now, or refused by then, it is counted.
	 */
	for (int quiet = 0; quiet < 4;) {
		if (poll(&(struct pollfd){ .fd = rfd, .events = POLLIN }, 1,
			 50) > 0 && recv(rfd, buf, sizeof(buf), 0) > 0) {
			received++;
			quiet = 0;
		} else {
			quiet++;
		}
	}
	close(fd);
	printf("sent=%ld received=%ld rcvbuf=%d raw_rcvbuf=%d\n", sent,
	       received, rcvbuf_of(rfd), rcvbuf_of(raw));
	close(raw);
	close(rfd);
	return sent == n ? 0 : 1;
}

static int bulk_server(const struct addr *sa)
{
	int lfd = tcp_listen(sa), fd;
	long got;

	printf("listening=1\n");
	fflush(stdout);
	fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		die("accept");
	got = read_to_eof(fd);
	close(fd);
	close(lfd);
	printf("received=%ld\n", got);
	return 0;
}

static int bulk_client(const struct addr *sa, long bytes)
{
	static char buf[65536];
	long left = bytes;
	int fd, err;

	err = tcp_connect(sa, &fd);
	if (err) {
		errno = err;
		die("connect");
	}
	while (left > 0) {
		size_t chunk = left < (long)sizeof(buf) ? (size_t)left : sizeof(buf);

		write_all(fd, buf, chunk);
		left -= chunk;
	}
	shutdown(fd, SHUT_WR);
	read_to_eof(fd);
	close(fd);
	printf("sent=%ld\n", bytes);
	return 0;
}

static int udp_mem(const struct addr *sa, long n)
{
	int rfd = socket(sa->family, SOCK_DGRAM, 0);
	int fd = socket(sa->family, SOCK_DGRAM, 0);
	int big = 64 << 20;
	static char buf[60000];
	long i, sent = 0;

	if (rfd < 0 || fd < 0)
		die("socket");
	if (setsockopt(rfd, SOL_SOCKET, SO_RCVBUFFORCE, &big, sizeof(big)))
		die("SO_RCVBUFFORCE");
	if (bind(rfd, SA(sa), sa->len))
		die("bind");
	for (i = 0; i < n; i++)
		sent += sendto(fd, buf, sizeof(buf), 0, SA(sa), sa->len) ==
			sizeof(buf);
	printf("sent=%ld\n", sent);
	close(fd);
	close(rfd);
	return sent == n ? 0 : 1;
}

static int tcp_md5(const struct addr *sa, long n)
{
	struct tcp_md5sig md5 = { .tcpm_keylen = 6 };
	struct timespec wait = { .tv_nsec = 300 * 1000 * 1000 };
	int lfd = tcp_listen(sa), fds[64];
	long i, started = 0;

	memcpy(&md5.tcpm_addr, &sa->ss, sa->len);
	memcpy(md5.tcpm_key, "tpstat", 6);
	if (setsockopt(lfd, IPPROTO_TCP, TCP_MD5SIG, &md5, sizeof(md5)))
		die("TCP_MD5SIG");
	if (n > 64)
		n = 64;
	for (i = 0; i < n; i++) {
		fds[i] = socket(sa->family, SOCK_STREAM, 0);
		if (fds[i] < 0)
			die("socket");
		fcntl(fds[i], F_SETFL, O_NONBLOCK);
		if (!connect(fds[i], SA(sa), sa->len) || errno == EINPROGRESS)
			started++;
	}
	nanosleep(&wait, NULL);
	for (i = 0; i < n; i++)
		close(fds[i]);
	close(lfd);
	printf("connects=%ld\n", started);
	return started == n ? 0 : 1;
}

static int flood(const struct addr *sa, long seconds)
{
	time_t end = time(NULL) + seconds;
	long rounds = 0;

	while (time(NULL) < end) {
		int fd;

		if (!tcp_connect(sa, &fd))
			close(fd);
		udp_send(sa, 1);
		rounds++;
	}
	printf("rounds=%ld\n", rounds);
	return 0;
}

static int tcp_hold(const struct addr *sa, long n)
{
	struct rlimit rl;
	int lfd, *fds;
	long i, made = 0;
	char line[16];

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	fds = calloc(2 * (n > 0 ? n : 1), sizeof(*fds));
	if (!fds)
		die("calloc");
	lfd = tcp_listen(sa);
	/* One at a time: the backlog (128) never overflows. */
	for (i = 0; i < n; i++) {
		int c, s;

		if (tcp_connect(sa, &c))
			break;
		s = accept(lfd, NULL, NULL);
		if (s < 0) {
			close(c);
			break;
		}
		fds[made++] = c;
		fds[made++] = s;
	}
	printf("held=%ld\n", made / 2);
	if (made / 2 < n)
		fprintf(stderr, "netload: held %ld of %ld: %s\n", made / 2, n,
			strerror(errno));
	if (!fgets(line, sizeof(line), stdin))
		line[0] = '\0';
	for (i = 0; i < made; i++)
		close(fds[i]);
	close(lfd);
	free(fds);
	return made / 2 == n ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct addr sa;
	const char *cmd;
	long n = 0;

	if (argc < 4) {
		fprintf(stderr, "usage: netload COMMAND ADDR PORT [N]\n");
		return 2;
	}
	cmd = argv[1];
	sa = addr_of(argv[2], argv[3]);
	if (argc > 4)
		n = atol(argv[4]);
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (!strcmp(cmd, "tcp-server"))
		return tcp_server(&sa, n);
	if (!strcmp(cmd, "tcp-connect"))
		return tcp_client(&sa, n);
	if (!strcmp(cmd, "tcp-refused"))
		return tcp_refused(&sa, n);
	if (!strcmp(cmd, "tcp-unreachable"))
		return tcp_unreachable(&sa, n);
	if (!strcmp(cmd, "udp-send"))
		return udp_send(&sa, n);
	if (!strcmp(cmd, "udp-overflow"))
		return udp_overflow(&sa, n);
	if (!strcmp(cmd, "bulk-server"))
		return bulk_server(&sa);
	if (!strcmp(cmd, "bulk-client"))
		return bulk_client(&sa, n);
	if (!strcmp(cmd, "flood"))
		return flood(&sa, n);
	if (!strcmp(cmd, "udp-mem"))
		return udp_mem(&sa, n);
	if (!strcmp(cmd, "tcp-md5"))
		return tcp_md5(&sa, n);
	if (!strcmp(cmd, "tcp-hold"))
		return tcp_hold(&sa, n);
	fprintf(stderr, "netload: unknown command '%s'\n", cmd);
	return 2;
}
