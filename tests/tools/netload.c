// SPDX-License-Identifier: GPL-2.0
/*
 * netload: known amounts of network traffic for the tpstat integration
 * tests.  Each subcommand does a fixed amount of work, fails loudly
 * (non-zero exit, a "netload: ..." line on stderr) when the kernel does
 * not answer as expected, and prints what it did as "name=value" lines on
 * stdout, so a test derives its expectations from what really happened
 * rather than from what it asked for.
 *
 * Servers print "listening=ADDR:PORT" once they accept connections, so a
 * test can wait for that line instead of sleeping.
 *
 * Every socket gets a send and receive timeout (-t, default 60 s) and
 * every loop is bounded, so a lost peer never hangs a test run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define REQUEST_LEN	64	/* bytes per request; the echo is as long */

static const char *cmd = "netload";
static int io_timeout = 60;	/* seconds, per blocking socket call */
static volatile sig_atomic_t stop;

static void usage(void)
{
	fputs("usage: netload [-t IO_TIMEOUT_SECONDS] COMMAND ARGS...\n"
	      "  tcp-server [-n N] [ADDR] PORT  accept, echo to EOF, close; until\n"
	      "                                 SIGTERM/SIGINT or N connections\n"
	      "                                 (ADDR defaults to 127.0.0.1)\n"
	      "  tcp-connect ADDR PORT N        N x (connect, request, response, close)\n"
	      "  tcp-reset ADDR PORT N          N x (connect, request, response,\n"
	      "                                 abort with RST via SO_LINGER 0)\n"
	      "  tcp-refused ADDR PORT N        N connects that must get ECONNREFUSED\n"
	      "  udp-send ADDR PORT N           N datagrams to a closed UDP port\n"
	      "  bulk-server ADDR PORT          accept one connection, read to EOF\n"
	      "  bulk-client ADDR PORT BYTES    send BYTES, shut down, read to EOF\n"
	      "  flood ADDR PORT SECONDS        TCP connects to ADDR:PORT (served\n"
	      "                                 here), refused connects and UDP to\n"
	      "                                 PORT+1, for SECONDS\n"
	      "ADDR: numeric, loopback or benchmarking range (198.18.0.0/15,\n"
	      "2001:2::/48): test traffic never leaves the machine.\n", stderr);
	exit(2);
}

static void __attribute__((format(printf, 1, 2), noreturn)) fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "netload: %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static long parse_num(const char *s, const char *what, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max) {
		fprintf(stderr, "netload: %s: bad %s '%s' (want %ld..%ld)\n",
			cmd, what, s, min, max);
		exit(2);
	}
	return v;
}

struct endpoint {
	struct sockaddr_storage sa;
	socklen_t len;
	int family;
	char text[INET6_ADDRSTRLEN + 8];
};

/*
 * Test traffic stays on this machine: loopback, or the benchmarking
 * ranges (RFC 2544 198.18.0.0/15, RFC 5180 2001:2::/48) that the tests
 * give their own network namespaces.
 */
static bool local_test_address(const struct endpoint *ep)
{
	const struct sockaddr_in *s4 = (const struct sockaddr_in *)&ep->sa;
	const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)&ep->sa;
	static const unsigned char bench6[6] = { 0x20, 0x01, 0x00, 0x02, 0, 0 };
	uint32_t a;

	if (ep->family == AF_INET) {
		a = ntohl(s4->sin_addr.s_addr);
		return (a >> 24) == 127 || (a >> 17) == (0xc612U >> 1);
	}
	return IN6_IS_ADDR_LOOPBACK(&s6->sin6_addr) ||
	       !memcmp(s6->sin6_addr.s6_addr, bench6, sizeof(bench6));
}

/* Strictly numeric: inet_pton() takes no "1.2.3" shorthand. */
static void resolve(struct endpoint *ep, const char *addr, long port)
{
	struct sockaddr_in *s4 = (struct sockaddr_in *)&ep->sa;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ep->sa;

	memset(ep, 0, sizeof(*ep));
	if (inet_pton(AF_INET, addr, &s4->sin_addr) == 1) {
		ep->family = s4->sin_family = AF_INET;
		s4->sin_port = htons(port);
		ep->len = sizeof(*s4);
		snprintf(ep->text, sizeof(ep->text), "%s:%ld", addr, port);
	} else if (inet_pton(AF_INET6, addr, &s6->sin6_addr) == 1) {
		ep->family = s6->sin6_family = AF_INET6;
		s6->sin6_port = htons(port);
		ep->len = sizeof(*s6);
		snprintf(ep->text, sizeof(ep->text), "[%s]:%ld", addr, port);
	} else {
		fprintf(stderr, "netload: %s: bad address '%s' (want numeric IPv4 or IPv6)\n",
			cmd, addr);
		exit(2);
	}
	if (!local_test_address(ep)) {
		fprintf(stderr, "netload: %s: %s is neither loopback nor a benchmarking address (198.18.0.0/15, 2001:2::/48)\n",
			cmd, addr);
		exit(2);
	}
}

static int new_socket(const struct endpoint *ep, int type)
{
	struct timeval tv = { .tv_sec = io_timeout };
	int fd = socket(ep->family, type | SOCK_CLOEXEC, 0);

	if (fd < 0)
		fail("socket: %s", strerror(errno));
	/* Bounds every blocking call, connect() and accept() included. */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) ||
	    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)))
		fail("setsockopt timeouts: %s", strerror(errno));
	return fd;
}

static int tcp_listen(const struct endpoint *ep)
{
	int one = 1;
	int fd = new_socket(ep, SOCK_STREAM);

	/* Earlier runs leave TIME-WAIT sockets on the same port. */
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)))
		fail("SO_REUSEADDR: %s", strerror(errno));
	if (bind(fd, (const struct sockaddr *)&ep->sa, ep->len))
		fail("bind %s: %s", ep->text, strerror(errno));
	if (listen(fd, 128))
		fail("listen %s: %s", ep->text, strerror(errno));
	printf("listening=%s\n", ep->text);
	fflush(stdout);
	return fd;
}

/* Returns the connected socket, or -1 with errno set. */
static int tcp_try_connect(const struct endpoint *ep)
{
	int fd = new_socket(ep, SOCK_STREAM);
	int err;

	if (!connect(fd, (const struct sockaddr *)&ep->sa, ep->len))
		return fd;
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

static int tcp_connect(const struct endpoint *ep)
{
	int fd = tcp_try_connect(ep);

	if (fd < 0)
		fail("connect %s: %s", ep->text, strerror(errno));
	return fd;
}

static void write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			fail("write: %s", strerror(errno));
		buf += n;
		len -= n;
	}
}

static void read_exactly(int fd, char *buf, size_t len)
{
	while (len) {
		ssize_t n = read(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			fail("read: %s", strerror(errno));
		if (n == 0)
			fail("read: connection closed %zu bytes early", len);
		buf += n;
		len -= n;
	}
}

/* Reads to EOF; returns the byte count. */
static long long read_to_eof(int fd)
{
	static char buf[65536];
	long long total = 0;
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			fail("read: %s", strerror(errno));
		if (n == 0)
			return total;
		total += n;
	}
}

/* A request, its echo checked byte for byte. */
static void request_response(int fd, unsigned int i)
{
	char req[REQUEST_LEN], resp[REQUEST_LEN];

	memset(req, 'a' + i % 26, sizeof(req));
	write_all(fd, req, sizeof(req));
	read_exactly(fd, resp, sizeof(resp));
	if (memcmp(req, resp, sizeof(req)))
		fail("response %u differs from the request", i);
}

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* No SA_RESTART: a signal must interrupt accept() and read(). */
static void catch_stop_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
}

static int cmd_tcp_server(int argc, char **argv)
{
	long limit = 0, conns = 0, resets = 0;
	long long bytes = 0;
	struct endpoint ep;
	const char *addr = "127.0.0.1";
	static char buf[65536];
	int opt, lfd;

	while ((opt = getopt(argc, argv, "+n:")) != -1) {
		if (opt != 'n')
			usage();
		limit = parse_num(optarg, "connection count", 1, INT_MAX);
	}
	argc -= optind;
	argv += optind;
	if (argc == 2)
		addr = *argv++;
	else if (argc != 1)
		usage();
	resolve(&ep, addr, parse_num(argv[0], "port", 1, 65535));
	catch_stop_signals();
	lfd = tcp_listen(&ep);

	while (!stop && (!limit || conns < limit)) {
		int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
		ssize_t n;

		if (fd < 0 && errno == EINTR)
			continue;
		if (fd < 0)
			fail("accept on %s: %s", ep.text, strerror(errno));
		conns++;
		/* Echo until the client closes (FIN) or aborts (RST). */
		for (;;) {
			n = read(fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR) {
				if (stop)
					break;
				continue;
			}
			if (n < 0 && errno == ECONNRESET) {
				resets++;
				break;
			}
			if (n < 0)
				fail("read: %s", strerror(errno));
			if (n == 0)
				break;
			bytes += n;
			write_all(fd, buf, n);
		}
		close(fd);
	}
	close(lfd);
	printf("connections=%ld\nresets=%ld\nbytes=%lld\n", conns, resets,
	       bytes);
	return 0;
}

static int cmd_tcp_connect(int argc, char **argv)
{
	struct endpoint ep;
	long i, n;

	if (argc != 4)
		usage();
	resolve(&ep, argv[1], parse_num(argv[2], "port", 1, 65535));
	n = parse_num(argv[3], "connection count", 0, INT_MAX);
	for (i = 0; i < n; i++) {
		int fd = tcp_connect(&ep);

		request_response(fd, i);
		/* Orderly close: FIN, the peer answers with its own. */
		if (close(fd))
			fail("close: %s", strerror(errno));
	}
	printf("connections=%ld\n", n);
	return 0;
}

static void abort_connection(int fd)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };

	/* Linger 0: close() sends RST instead of FIN (tcp_send_active_reset). */
	if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)))
		fail("SO_LINGER: %s", strerror(errno));
	if (close(fd))
		fail("close: %s", strerror(errno));
}

static int cmd_tcp_reset(int argc, char **argv)
{
	struct endpoint ep;
	long i, n;

	if (argc != 4)
		usage();
	resolve(&ep, argv[1], parse_num(argv[2], "port", 1, 65535));
	n = parse_num(argv[3], "connection count", 0, INT_MAX);
	for (i = 0; i < n; i++) {
		int fd = tcp_connect(&ep);

		request_response(fd, i);
		abort_connection(fd);
	}
	printf("resets=%ld\n", n);
	return 0;
}

static int cmd_tcp_refused(int argc, char **argv)
{
	struct endpoint ep;
	long i, n;

	if (argc != 4)
		usage();
	resolve(&ep, argv[1], parse_num(argv[2], "port", 1, 65535));
	n = parse_num(argv[3], "connect count", 0, INT_MAX);
	for (i = 0; i < n; i++) {
		int fd = tcp_try_connect(&ep);

		if (fd >= 0)
			fail("connect %s succeeded: the port must be closed",
			     ep.text);
		if (errno != ECONNREFUSED)
			fail("connect %s: %s (want ECONNREFUSED)", ep.text,
			     strerror(errno));
	}
	printf("refused=%ld\n", n);
	return 0;
}

static void udp_send_one(int fd, const struct endpoint *ep)
{
	static const char payload[REQUEST_LEN];

	/*
	 * Unconnected: the ICMP port unreachable that comes back is not
	 * reported to this socket, so every send goes out.
	 */
	if (sendto(fd, payload, sizeof(payload), 0,
		   (const struct sockaddr *)&ep->sa, ep->len) != sizeof(payload))
		fail("sendto %s: %s", ep->text, strerror(errno));
}

static int cmd_udp_send(int argc, char **argv)
{
	struct endpoint ep;
	long i, n;
	int fd;

	if (argc != 4)
		usage();
	resolve(&ep, argv[1], parse_num(argv[2], "port", 1, 65535));
	n = parse_num(argv[3], "datagram count", 0, INT_MAX);
	fd = new_socket(&ep, SOCK_DGRAM);
	for (i = 0; i < n; i++)
		udp_send_one(fd, &ep);
	close(fd);
	printf("datagrams=%ld\n", n);
	return 0;
}

static int cmd_bulk_server(int argc, char **argv)
{
	struct endpoint ep;
	long long bytes;
	int lfd, fd;

	if (argc != 3)
		usage();
	resolve(&ep, argv[1], parse_num(argv[2], "port", 1, 65535));
	lfd = tcp_listen(&ep);
	fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	if (fd < 0)
		fail("accept on %s: %s", ep.text, strerror(errno));
	close(lfd);
	bytes = read_to_eof(fd);
	/* Our FIN answers the client's: an orderly close on both sides. */
	if (close(fd))
		fail("close: %s", strerror(errno));
	printf("bytes=%lld\n", bytes);
	return 0;
}

static int cmd_bulk_client(int argc, char **argv)
{
	static char buf[65536];
	struct endpoint ep;
	long long total, left;
	int fd;

	if (argc != 4)
		usage();
	resolve(&ep, argv[1], parse_num(argv[2], "port", 1, 65535));
	total = parse_num(argv[3], "byte count", 0, LONG_MAX);
	memset(buf, 0x5a, sizeof(buf));
	fd = tcp_connect(&ep);
	for (left = total; left > 0; ) {
		size_t chunk = left < (long long)sizeof(buf) ?
			       (size_t)left : sizeof(buf);

		write_all(fd, buf, chunk);
		left -= chunk;
	}
	if (shutdown(fd, SHUT_WR))
		fail("shutdown: %s", strerror(errno));
	/* The server sends nothing back: EOF means it has read everything. */
	if (read_to_eof(fd))
		fail("bulk-server sent data back");
	if (close(fd))
		fail("close: %s", strerror(errno));
	printf("sent=%lld\n", total);
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * One connection to our own listener: request, echo, then the client
 * aborts.  The RST leaves no TIME-WAIT socket behind, so a long flood
 * cannot run out of ephemeral ports.
 */
static void flood_connection(int lfd, const struct endpoint *ep, unsigned int i)
{
	char buf[REQUEST_LEN];
	int cfd, sfd;

	cfd = tcp_connect(ep);
	sfd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	if (sfd < 0)
		fail("accept on %s: %s", ep->text, strerror(errno));
	memset(buf, 'a' + i % 26, sizeof(buf));
	write_all(cfd, buf, sizeof(buf));
	read_exactly(sfd, buf, sizeof(buf));
	write_all(sfd, buf, sizeof(buf));
	read_exactly(cfd, buf, sizeof(buf));
	abort_connection(cfd);
	close(sfd);
}

/* True once SIGTERM or SIGINT, blocked by the caller, is pending. */
static bool stop_pending(void)
{
	sigset_t pending;

	if (sigpending(&pending))
		fail("sigpending: %s", strerror(errno));
	return sigismember(&pending, SIGTERM) || sigismember(&pending, SIGINT);
}

static int cmd_flood(int argc, char **argv)
{
	long conns = 0, refused = 0, datagrams = 0;
	struct endpoint ep, closed;
	sigset_t stop_set;
	double end;
	int lfd, ufd;
	long port;

	if (argc != 4)
		usage();
	port = parse_num(argv[2], "port", 1, 65534);
	resolve(&ep, argv[1], port);
	resolve(&closed, argv[1], port + 1);
	end = now() + parse_num(argv[3], "duration", 0, 3600);
	/*
	 * SIGTERM ends the flood between two rounds, never inside one, so no
	 * system call is interrupted halfway and the totals stay true.
	 */
	sigemptyset(&stop_set);
	sigaddset(&stop_set, SIGTERM);
	sigaddset(&stop_set, SIGINT);
	sigprocmask(SIG_BLOCK, &stop_set, NULL);
	lfd = tcp_listen(&ep);
	ufd = new_socket(&closed, SOCK_DGRAM);

	while (!stop_pending() && now() < end) {
		int fd;

		flood_connection(lfd, &ep, conns++);
		fd = tcp_try_connect(&closed);
		if (fd >= 0)
			fail("connect %s succeeded: PORT+1 must be closed",
			     closed.text);
		if (errno != ECONNREFUSED)
			fail("connect %s: %s (want ECONNREFUSED)",
			     closed.text, strerror(errno));
		refused++;
		udp_send_one(ufd, &closed);
		datagrams++;
	}
	close(ufd);
	close(lfd);
	printf("connections=%ld\nrefused=%ld\ndatagrams=%ld\n", conns, refused,
	       datagrams);
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	{ "tcp-server", cmd_tcp_server },
	{ "tcp-connect", cmd_tcp_connect },
	{ "tcp-reset", cmd_tcp_reset },
	{ "tcp-refused", cmd_tcp_refused },
	{ "udp-send", cmd_udp_send },
	{ "bulk-server", cmd_bulk_server },
	{ "bulk-client", cmd_bulk_client },
	{ "flood", cmd_flood },
};

int main(int argc, char **argv)
{
	size_t i;
	int opt;

	while ((opt = getopt(argc, argv, "+t:h")) != -1) {
		if (opt != 't')
			usage();
		io_timeout = parse_num(optarg, "timeout", 1, 3600);
	}
	argc -= optind;
	argv += optind;
	if (argc < 1)
		usage();
	/* A peer that vanished must not kill us before we can report. */
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (!strcmp(argv[0], commands[i].name)) {
			cmd = commands[i].name;
			optind = 1;
			return commands[i].fn(argc, argv);
		}
	}
	fprintf(stderr, "netload: unknown command '%s'\n", argv[0]);
	usage();
}
