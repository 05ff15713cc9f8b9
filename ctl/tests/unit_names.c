// SPDX-License-Identifier: GPL-2.0
/*
 * Names the tool prints for numbers (names.c): addresses as inet_ntop()
 * writes them, with or without a port, and TCP states.
 */
#include <arpa/inet.h>
#include <string.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include "unit.h"

/*
 * format_addr() writes addresses itself: as inet_ntop() does, for every
 * shape of zero runs (each group zero or not: 256 patterns, with
 * 1-digit to 4-digit groups) and the dotted tails.
 */
static void test_addr_as_inet_ntop(void)
{
	static const unsigned int groups[] = { 0x1, 0xab, 0xfff, 0xffff };
	char want[INET6_ADDRSTRLEN], got[INET6_ADDRSTRLEN];
	unsigned int bad = 0, n = 0;
	uint8_t a[16];

	for (unsigned int mask = 0; mask < 256; mask++) {
		for (unsigned int g = 0; g < 4; g++) {
			for (int i = 0; i < 8; i++) {
				unsigned int w = mask >> i & 1 ?
					groups[(g + i) % 4] : 0;

				a[2 * i] = w >> 8;
				a[2 * i + 1] = w;
			}
			/* and ::ffff:0:0/96's and ::/96's dotted forms */
			for (int tail = 0; tail < 3; tail++) {
				if (tail == 1 && !(mask & 0x1f))
					a[10] = a[11] = 0xff;
				if (tail == 2 && !(mask & 0x3f))
					a[12] = 1;
				inet_ntop(AF_INET6, a, want, sizeof(want));
				format_addr(got, sizeof(got), a, 16, -1);
				n++;
				if (strcmp(want, got) && bad++ < 3)
					fprintf(stderr, "# %s, inet_ntop() %s\n",
						got, want);
			}
		}
	}
	CHECK(!bad, "IPv6 text as inet_ntop()'s: %u of %u differ", bad, n);
}

/* Addresses with and without a port, and the names of TCP states. */
void test_addr(void)
{
	static const uint8_t v4[4] = { 10, 0, 0, 1 };
	static const uint8_t v6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	static const uint8_t mapped[16] = { [10] = 0xff, [11] = 0xff,
					    192, 0, 2, 7 };
	char buf[64];

	format_addr(buf, sizeof(buf), v4, 4, 22);
	CHECK(!strcmp(buf, "10.0.0.1:22"), "v4: %s", buf);
	format_addr(buf, sizeof(buf), v4, 4, -1);
	CHECK(!strcmp(buf, "10.0.0.1"), "v4 without port: %s", buf);
	format_addr(buf, sizeof(buf), v6, 16, 443);
	CHECK(!strcmp(buf, "[2001:db8::1]:443"), "v6: %s", buf);
	format_addr(buf, sizeof(buf), v6, 16, -1);
	CHECK(!strcmp(buf, "2001:db8::1"), "v6 without port: %s", buf);
	format_addr(buf, sizeof(buf), mapped, 16, 80);
	CHECK(!strcmp(buf, "[::ffff:192.0.2.7]:80"), "v4-mapped: %s", buf);
	format_addr(buf, sizeof(buf), v4, 0, 80);
	CHECK(!strcmp(buf, "?:80"), "no address: %s", buf);
	test_addr_as_inet_ntop();
	CHECK(!strcmp(tcp_state_name(1), "ESTABLISHED") &&
	      !strcmp(tcp_state_name(2), "SYN_SENT") &&
	      !strcmp(tcp_state_name(4), "FIN_WAIT1") &&
	      !strcmp(tcp_state_name(7), "CLOSE") &&
	      !strcmp(tcp_state_name(12), "NEW_SYN_RECV") &&
	      !strcmp(tcp_state_name(13), "BOUND_INACTIVE") &&
	      !tcp_state_name(0) && !tcp_state_name(14) &&
	      !tcp_state_name(255), "TCP state names");
}
