/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hostile tests of the tool (tests/hostile_*.c): what they share.
 * The harness (CHECK() and its counters, what output is safe to print:
 * hostile_main.c), the replies faked as from the kernel
 * (hostile_replies.c), and each area's entry point, which
 * hostile_main.c runs in order.
 */
#ifndef TPSTAT_HOSTILE_H
#define TPSTAT_HOSTILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <libmnl/libmnl.h>

#include "nl.h"
#include "views.h"
#include "../uapi/linux/tpstat.h"

/* ---- the harness (hostile_main.c) ----------------------------------------- */

extern int passed, failed;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		passed++;						\
	} else {							\
		failed++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

/* Whether @s holds no control byte but newlines: safe on a terminal. */
bool terminal_safe(const char *s);
/* Whether @s is UTF-8 without a raw control byte but newlines. */
bool utf8_clean(const char *s);

/* ---- replies as from the kernel (hostile_replies.c) ----------------------- */

#define OUR_PORT	4242
#define OUR_SEQ		1000

/* Room for several messages back to back, as one datagram. */
extern char dgram[8192];
extern size_t dgram_len;

/* A new message at the end of dgram: a generic netlink one unless @type < 16. */
struct nlmsghdr *put_msg(uint16_t type, uint32_t seq, uint32_t pid,
			 uint8_t cmd);
/* Ends the message put last: the datagram now holds it. */
void end_msg(struct nlmsghdr *nlh);
void put_done(uint32_t seq, uint32_t pid, int error);

/* What a parse's callback saw. */
struct seen {
	int calls;
	uint32_t last;		/* TPSTAT_A_COUNT of the last message */
};

/* A tpnl that is no socket: OUR_PORT, OUR_SEQ. */
struct tpnl fake_nl(void);
/* tpnl_parse() of dgram as the answer to OUR_SEQ. */
int parse(struct tpnl *nl, struct seen *s);

/* An empty GET_VIEW message, in a buffer of its own (one at a time). */
struct nlmsghdr *view_msg(void);
/* view_msg_cb() of a view's first message, and of one drops entry. */
int view_header(struct view *v, uint32_t entries, uint32_t cap);
int drop_entry(struct view *v, const char *loc, uint64_t count);

/* ---- the areas, in the order main() runs them ----------------------------- */

/* hostile_netlink.c: the sender, the sequence, lengths, real sockets. */
void test_seq_and_port(void);
void test_lengths(void);
void test_extack(void);
void test_foreign_sender(void);
/* hostile_views.c: what a view's first message announced; alerts. */
void test_view_limits(void);
void test_alerts(void);
/* hostile_names.c: names printed as text, JSON and Prometheus. */
void test_escape(void);
void test_names(void);
void test_prometheus(void);
void test_netns_names(void);
/* hostile_history.c: the flight recorder's messages and files. */
void test_history(void);
void test_history_views(void);
void test_history_file(void);

#endif /* TPSTAT_HOSTILE_H */
