// SPDX-License-Identifier: GPL-2.0
/*
 * The tool against replies it must not believe: truncated and malicious
 * messages fed to the reply parser (tpnl_parse(), view_msg_cb(),
 * alert_parse(), history_msg_cb() with its views intervals), datagrams
 * from a sender that is not the kernel over real netlink sockets, names
 * full of terminal escapes and bytes that are not UTF-8 printed as
 * text, JSON and Prometheus, and history files cut short or mangled at
 * every byte (rec_load()).
 * Each is rejected, skipped or escaped.  Ends with "<P> passed, <F>
 * failed".
 * One area a file (tests/hostile_*.c, their shared part in hostile.h):
 * this one is the harness, its counters and main(), which runs them.
 */
#include <stdbool.h>
#include <stdio.h>

#include "escape.h"
#include "hostile.h"

int passed, failed;

bool terminal_safe(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p < 0x20 && *p != '\n') || *p == 0x7f || *p >= 0x80)
			return false;
	return true;
}

bool utf8_clean(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = utf8_len(p);

		if (!n || (*p < 0x20 && *p != '\n') || *p == 0x7f ||
		    (n == 2 && p[0] == 0xc2 && p[1] < 0xa0))
			return false;
		p += n;
	}
	return true;
}

int main(void)
{
	test_seq_and_port();
	test_lengths();
	test_extack();
	test_foreign_sender();
	test_view_limits();
	test_alerts();
	test_escape();
	test_names();
	test_prometheus();
	test_netns_names();
	test_history();
	test_history_views();
	test_history_file();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
