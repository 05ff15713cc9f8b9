// SPDX-License-Identifier: GPL-2.0
/*
 * LIFETIMES: TCP connection lifetimes by service, as log2 histograms
 * (uapi/linux/tpstat.h).  Its probe is sock:inet_sock_set_state
 * (probes.c): a birth at SYN_SENT or SYN_RECV, remembered in the birth
 * table (births.h), and at CLOSE the life's length into the service's
 * histogram.  Recording runs in probe context, like the probe.
 *
 * debugfs: netns direction port comm count sum_us buckets (direction:
 * active, the port is the remote service's; passive, the local one).
 */
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <linux/timekeeping.h>
#include <net/inet_sock.h>
#include <net/sock.h>
#include <asm/word-at-a-time.h>

#include "base/compat.h"
#include "counters/counters.h"
#include "counters/val_add.h"
#include "format/nlput.h"
#include "format/view_fmt.h"
#include "netlink/netlink.h"
#include "base/params.h"
#include "record/record.h"
#include "tables/births.h"
#include "tables/netns_index.h"
#include "tables/view_type.h"

/*
 * Lifetimes by service: the remote port of an active open (and the task
 * that connected), the local port of a passive one (no task: born in
 * softirq, and closed by whichever end closes first).
 */
struct tpstat_life_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 port;
	u8 direction;		/* enum tpstat_direction */
	u8 pad;
	char comm[TPSTAT_COMM_MAX]; /* active only; "" if never in a task */
} __aligned(8);

/* Buckets, then sum and count. */
enum {
	TPSTAT_LIFE_SUM = TPSTAT_HIST_BUCKETS, TPSTAT_LIFE_COUNT,
	TPSTAT_LIFE_NR
};

#define TPSTAT_LIFETIME_KEYS_MAX 32768
tpstat_view_keys_param(lifetime_keys, 64, TPSTAT_LIFETIME_KEYS_MAX,
		       tpstat_life_key, TPSTAT_LIFE_NR,
		       "Lifetimes view: distinct (service port and side, task) histograms kept");
static unsigned int sockets = 2048;
tpstat_param_uint(sockets, 1, TPSTAT_SOCKETS_MAX);
MODULE_PARM_DESC(sockets,
		 "Lifetimes view: open TCP sockets whose birth time is kept, 1 to "
		 __stringify(TPSTAT_SOCKETS_MAX)
		 " (default 2048); one user's namespaces keep an eighth, all but the initial one three quarters");

/* Birth times outlive resets: a reset must not forget open sockets. */
static struct tpstat_births tpstat_births;

/*
 * A task's comm into @dst, every byte after its first NUL cleared: a key
 * is compared word by word, and a task renamed while we read must still
 * give one string.  A word at a time, where strscpy_pad() would loop.
 */
static __always_inline void tpstat_comm_copy(char *dst, const char *comm)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	unsigned long w[TPSTAT_COMM_MAX / sizeof(unsigned long)];
	bool ended = false;
	unsigned int i;

	BUILD_BUG_ON(sizeof(current->comm) != sizeof(w));
	memcpy(w, comm, sizeof(w));
	for (i = 0; i < ARRAY_SIZE(w); i++) {
		unsigned long bits;

		if (ended) {
			w[i] = 0;
		} else if (has_zero(w[i], &bits, &constants)) {
			bits = prep_zero_mask(w[i], bits, &constants);
			w[i] &= zero_bytemask(create_zero_mask(bits));
			ended = true;
		}
	}
	memcpy(dst, w, sizeof(w));
	if (!ended)
		dst[TPSTAT_COMM_MAX - 1] = '\0';
}

/*
 * tcplife: a socket is born at SYN_SENT (connect: active) or SYN_RECV (a
 * passive child) and its life ends at CLOSE.  The task is known only
 * where the transition runs in process context; in softirq current is
 * unrelated.  A passive child is born in softirq: no task to keep.
 */
notrace void tpstat_record_birth(const struct sock *sk, int newstate)
{
	char comm[TPSTAT_COMM_MAX] = "";
	bool active = newstate == TCP_SYN_SENT;
	int share = tpstat_births_share(sock_net(sk));

	if (active && in_task())
		tpstat_comm_copy(comm, current->comm);
	/* A container's reader is told of its own lost lifetimes. */
	if (!tpstat_birth_record(&tpstat_births, sk, share, ktime_get_ns(),
				 comm, active) && share != TPSTAT_BIRTHS_HOME)
		tpstat_netns_lost_inc(tpstat_net_cookie(sock_net(sk)),
				      TPSTAT_NETNS_LOST_BIRTHS);
}

/*
 * Keyed by service: an active socket by its remote port and the task
 * that connected (or, connected outside a task, the one closing), a
 * passive one by its local port alone.  By CLOSE the local port is
 * released (sk_num is 0): inet_sport stays, and the remote port is
 * cleared only after the CLOSE (tcp_disconnect(), a failed connect).
 */
notrace void tpstat_record_close(struct tpstat_views *v, const struct sock *sk)
{
	struct tpstat_life_key key = {};
	struct tpstat_birth birth;
	atomic64_t *vals;
	u64 us;

	if (!tpstat_birth_take(&tpstat_births, sk, &birth))
		return;
	us = div_u64(ktime_get_ns() - tpstat_birth_time(&birth), NSEC_PER_USEC);
	tpstat_key_ns(&key, sock_net(sk));
	if (tpstat_birth_active(&birth)) {
		key.direction = TPSTAT_DIRECTION_ACTIVE;
		key.port = ntohs(inet_sk(sk)->inet_dport);
		if (birth.comm[0])
			memcpy(key.comm, birth.comm, sizeof(key.comm));
		else if (in_task())
			tpstat_comm_copy(key.comm, current->comm);
	} else {
		key.direction = TPSTAT_DIRECTION_PASSIVE;
		key.port = ntohs(inet_sk(sk)->inet_sport);
	}
	vals = tpstat_table_get(&v->table[TPSTAT_VIEW_LIFETIMES], &key);
	if (!vals)
		return;
	tpstat_val_inc(&vals[tpstat_log2_bucket(us)]);
	tpstat_val_add(&vals[TPSTAT_LIFE_SUM], us);
	tpstat_val_inc(&vals[TPSTAT_LIFE_COUNT]);
}

/*
 * A listener's close: a listener is never born, so a birth at its address
 * is one whose close we missed (filtered out, or with the view off), of an
 * earlier socket there.  It goes, with its charge, and is no lifetime.
 */
notrace void tpstat_record_unborn(const struct sock *sk)
{
	struct tpstat_birth stale;

	tpstat_birth_take(&tpstat_births, sk, &stale);
}

static int tpstat_lifetimes_put(struct sk_buff *skb, const void *key,
				const u64 *vals)
{
	const struct tpstat_life_key *k = key;

	if (nla_put_u8(skb, TPSTAT_A_DIRECTION, k->direction) ||
	    tpstat_put_service(skb, k->direction, k->port) ||
	    (k->comm[0] && nla_put_string(skb, TPSTAT_A_COMM, k->comm)) ||
	    tpstat_put_hist(skb, vals, 1, vals[TPSTAT_LIFE_SUM]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_lifetimes_seq(struct seq_file *m, const void *key,
				 const u64 *v)
{
	const struct tpstat_life_key *k = key;

	seq_printf(m, "%u %s %u %s", k->ns_inum,
		   tpstat_direction_name(k->direction), k->port,
		   k->comm[0] ? k->comm : "-");
	tpstat_seq_hist(m, v, v[TPSTAT_LIFE_SUM]);
}

static u64 tpstat_lifetimes_need(void)
{
	return tpstat_births_size(sockets);
}

static int tpstat_lifetimes_init(void)
{
	return tpstat_births_init(&tpstat_births, sockets);
}

static void tpstat_lifetimes_exit(void)
{
	tpstat_births_free(&tpstat_births);
}

/* The births stay (open sockets); only their losses start over. */
static void tpstat_lifetimes_reset(void)
{
	atomic64_set(&tpstat_births.overflow, 0);
	tpstat_netns_lost_clear(TPSTAT_NETNS_LOST_BIRTHS);
}

static size_t tpstat_lifetimes_bytes(void)
{
	return tpstat_births_bytes(&tpstat_births);
}

/* A close whose birth was not kept is a lifetime lost too. */
static u64 tpstat_lifetimes_overflow(void)
{
	return atomic64_read(&tpstat_births.overflow);
}

static u64 tpstat_lifetimes_ns_overflow(u64 ns_cookie)
{
	return tpstat_netns_lost(ns_cookie, TPSTAT_NETNS_LOST_BIRTHS);
}

/* The recorder ranks a histogram by the connections it counted. */
static u64 tpstat_lifetimes_moved(const u64 *change)
{
	return change[TPSTAT_LIFE_COUNT];
}

const struct tpstat_view_type tpstat_view_lifetimes = {
	TPSTAT_VIEW_WRITERS(lifetimes),
	.columns = "netns direction port comm count sum_us buckets",
	.privacy = TPSTAT_VIEW_PRIVATE,
	TPSTAT_VIEW_TABLE(tpstat_life_key, TPSTAT_LIFE_NR, lifetime_keys),
	.moved = tpstat_lifetimes_moved,
	.need = tpstat_lifetimes_need,
	.init = tpstat_lifetimes_init,
	.exit = tpstat_lifetimes_exit,
	.reset = tpstat_lifetimes_reset,
	.bytes = tpstat_lifetimes_bytes,
	.overflow = tpstat_lifetimes_overflow,
	.ns_overflow = tpstat_lifetimes_ns_overflow,
};
