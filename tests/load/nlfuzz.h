/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What nlfuzz's files share (nlfuzz.c says what each mode does): the
 * spec's seed table as the code reads it (nlfuzz_spec.c), messages and
 * the socket (nlfuzz_wire.c), the module's state (nlfuzz_state.c), and
 * each mode's entry point.
 */
#ifndef NLFUZZ_H
#define NLFUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "../../uapi/linux/tpstat.h"

enum seed_type { ST_PAD, ST_STRING, ST_BINARY, ST_U8, ST_U16, ST_U32, ST_U64,
		 ST_NEST, ST_FLAG };

struct seed_attr {
	const char *name;
	unsigned short id;
	enum seed_type type;
	int has_min;
	long long min;
	int has_max;	/* 1: max; 2: a flags mask */
	long long max;
	int max_len;	/* string: longest without the NUL; -1: none */
};

struct seed_op {
	const char *name;
	int id, has_do, has_dump, event, admin;
	const unsigned short *req;
	int nreq;
};


/*
 * The seed table (nlfuzz_seed.h, generated from the spec) is included
 * by nlfuzz_spec.c alone: its arrays are static, one copy.
 */
extern const struct seed_attr *const spec_attrs;
extern const struct seed_op *const spec_ops;
extern const size_t spec_nattrs, spec_nops;
extern const char spec_family[];

#define MSG_MAX 16384
#define BATCH_MAX 4
#define UNKNOWN_FAMILY 0xfff0

#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif
#ifndef NETLINK_CAP_ACK
#define NETLINK_CAP_ACK 10
#endif
#ifndef NLM_F_ACK_TLVS
#define NLM_F_ACK_TLVS 0x200
#endif
#ifndef NLM_F_CAPPED
#define NLM_F_CAPPED 0x100
#endif

/* Fails the whole run: "nlfuzz: @what: <errno's text>", exit 2 (nlfuzz.c). */
void die(const char *what);

/* Which commands MODE may change things with. */
enum mode { M_ROOT, M_NOBODY, M_USERNS };

/* ---- messages and the socket (nlfuzz_wire.c) ------------------------------ */

struct buf {
	unsigned char d[MSG_MAX];
	size_t len;
};

enum end { END_NONE, END_ACK, END_ERROR, END_DONE, END_DATA };

struct sent {
	uint32_t seq;
	int cmd, op;		/* op: index in spec_ops, -1: none */
	int dump;		/* asked as a dump (NLM_F_DUMP, to the family) */
	int whole;		/* the kernel runs it (lengths, REQUEST) */
	int cont;		/* the kernel reads on past it (lengths) */
	int to_family;
	int end, err, data, done;
	char ext[256];
};

/* The socket setup() opened, the family's id and its multicast group. */
extern int sock_fd, family, mcgrp;
/* Where answers are read. */
extern unsigned char rbuf[65536];

struct nlmsghdr *msg_begin(struct buf *b, int type, int cmd, int flags);
void msg_end(struct buf *b, struct nlmsghdr *h);
struct genlmsghdr *genl_of(struct nlmsghdr *h);
void put_raw(struct buf *b, int type, int claim, const void *data,
	     size_t len);
void put_str(struct buf *b, int type, const char *s);
void put_u16(struct buf *b, int type, uint16_t v);
void put_u32(struct buf *b, int type, uint32_t v);
void hexdump(const char *what, const void *p, size_t len);
int open_socket(int *fd);
int send_buf(int fd, const void *p, size_t len);
ssize_t recv_wait(int fd, int ms);
int collect(int fd, struct sent *s, int n, int timeout_ms);
int transact(struct buf *b, struct sent *s);
void setup(void);

/* ---- what the module says about itself (nlfuzz_state.c) ------------------- */

#define MAX_EVENTS 512
extern char ev_name[MAX_EVENTS][64];
extern int ev_state[MAX_EVENTS], n_events;

/*
 * What a bad request must not change: which events are attached, the
 * filter (or the error GET_FILTER gives), and the counters' sum, which
 * only grows (a reset would take it back).
 */
struct state {
	uint64_t events, filter, sum;
	int filter_err, sum_err;
};

int alive(void);
const char *errname(int e);
int load_events(void);
void take_state(struct state *st);
const char *state_changed(const struct state *a, const struct state *b);

/* ---- the modes ------------------------------------------------------------ */

/* nlfuzz_fuzz.c */
int fuzz(enum mode mode, long n, unsigned int seed);
/* nlfuzz_bad.c; req() and fin() build the request in cb. */
extern struct buf cb;
extern const char *const view_names[];
int bad(enum mode mode);
struct nlmsghdr *req(int cmd, int dump);
void fin(struct nlmsghdr *h);
/* nlfuzz_modes.c */
int race(long n);
int hold_dump(const char *what, const char *view);
int refuse(const char *addr, int port, int n);

#endif /* NLFUZZ_H */
