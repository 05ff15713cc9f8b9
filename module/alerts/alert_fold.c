// SPDX-License-Identifier: GPL-2.0
/*
 * Folding events into this CPU's pending alert counts: see alerts.h.
 * Probe context (probe_body.h): the work's bound is TPSTAT_ALERT_SLOTS
 * key comparisons.
 */
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include <net/inet_sock.h>
#include <net/sock.h>

#include "alerts/alerts.h"
#include "record/drops.h"
#include "record/record.h"
#include "record/resets.h"
#include "record/retrans.h"
#include "tables/table.h"
#include "tables/views.h"

struct tpstat_alert_cpu __percpu *tpstat_alert_cpus;
unsigned int tpstat_alert_gen;
DEFINE_STATIC_KEY_FALSE(tpstat_alerts_on);

/*
 * Adds one to @key's slot, taking a free one for a new key while fewer
 * than @room are in use.  Returns the slot, or NULL where there was no
 * room.  Caller: interrupts off.
 */
static notrace struct tpstat_alert_slot *
tpstat_alert_slot_add(struct tpstat_alert_pending *p,
		      const struct tpstat_alert_key *key, u32 room)
{
	const u32 words = sizeof(*key) / sizeof(u64);
	u32 h = tpstat_key_hash((const u64 *)key, words, 0);
	u32 i;

	for (i = 0; i < TPSTAT_ALERT_SLOTS; i++) {
		struct tpstat_alert_slot *s =
			&p->slot[(h + i) & (TPSTAT_ALERT_SLOTS - 1)];

		if (!s->count) {
			if (p->used >= room)
				return NULL;
			s->key = *key;
			s->count = 1;
			p->used++;
			return s;
		}
		if (tpstat_key_equal((const u64 *)&s->key, (const u64 *)key,
				     words)) {
			s->count++;
			return s;
		}
	}
	return NULL;
}

/*
 * A key that finds no room is counted as a loss of its namespace and
 * kind (the last TPSTAT_ALERT_LOSS_SLOTS slots are kept for those), so
 * that a namespace's listeners hear of their own losses; only when those
 * are full too is it a loss without a namespace.
 */
static noinline notrace void tpstat_alert_lose(struct tpstat_alert_pending *p,
					       const struct tpstat_alert_key *key)
{
	const struct tpstat_alert_key loss = {
		.kind = key->kind,
		.ns_inum = key->ns_inum,
		.ns_cookie = key->ns_cookie,
		.what = TPSTAT_A_EVENTS_LOST,
	};

	if (!tpstat_alert_slot_add(p, &loss, TPSTAT_ALERT_SLOTS))
		p->lost[key->kind]++;
}

/*
 * A kind's events often repeat its last key (a burst of drops at one
 * place, a flow's retransmits), so that slot is tried first, which
 * spares the hash.
 */
static notrace void tpstat_alert_fold(const struct tpstat_alert_key *key)
{
	struct tpstat_alert_pending *p;
	struct tpstat_alert_slot *s;
	unsigned long flags;

	/* Interrupts off: a nested probe on this CPU waits for the slot. */
	local_irq_save(flags);
	p = &this_cpu_ptr(tpstat_alert_cpus)->gen[READ_ONCE(tpstat_alert_gen) & 1];
	s = &p->slot[p->last[key->kind]];
	if (s->count && tpstat_key_equal((const u64 *)&s->key, (const u64 *)key,
					 sizeof(*key) / sizeof(u64))) {
		s->count++;
	} else {
		s = tpstat_alert_slot_add(p, key, TPSTAT_ALERT_SLOTS -
					  TPSTAT_ALERT_LOSS_SLOTS);
		if (s)
			p->last[key->kind] = s - p->slot;
		else
			tpstat_alert_lose(p, key);
	}
	local_irq_restore(flags);
}

static notrace void tpstat_alert_flow(struct tpstat_alert_key *key,
				      const struct tpstat_flow_key *flow)
{
	key->ns_cookie = flow->ns_cookie;
	key->ns_inum = flow->ns_inum;
	key->family = flow->family;
	key->sport = flow->sport;
	key->dport = flow->dport;
	memcpy(key->saddr, flow->saddr, sizeof(key->saddr));
	memcpy(key->daddr, flow->daddr, sizeof(key->daddr));
}

notrace void tpstat_alert_drop(const struct sk_buff *skb,
			       const void *location, u32 reason)
{
	struct tpstat_alert_key key = { .kind = TPSTAT_ALERT_DROPS,
					.what = TPSTAT_A_COUNT };
	struct tpstat_drop_key drop = {};

	tpstat_drop_key_fill(&drop, skb, location, reason);
	key.location = drop.location;
	key.reason = drop.reason;
	key.ns_cookie = drop.ns_cookie;
	key.ns_inum = drop.ns_inum;
	key.ifindex = drop.ifindex;
	tpstat_alert_fold(&key);
}

notrace void tpstat_alert_reset(const struct sock *sk,
				const struct sk_buff *skb, u32 reason,
				bool sent)
{
	struct tpstat_alert_key key = {
		.kind = TPSTAT_ALERT_RESETS,
		.what = sent ? TPSTAT_A_RST_SENT : TPSTAT_A_RST_RECEIVED,
	};
	struct tpstat_reset_key rst = {};

	tpstat_reset_key_fill(&rst, sk, skb, reason, false);
	key.ns_cookie = rst.ns_cookie;
	key.ns_inum = rst.ns_inum;
	key.family = rst.family;
	key.sport = rst.port;
	key.reason = rst.reason;
	memcpy(key.daddr, rst.peer, sizeof(key.daddr));
	tpstat_alert_fold(&key);
}

notrace void tpstat_alert_retrans(const struct sock_common *c, bool synack,
				  int state)
{
	struct tpstat_alert_key key = {
		.kind = TPSTAT_ALERT_RETRANS,
		.what = synack ? TPSTAT_A_SYNACK_RETRANS : TPSTAT_A_RETRANS,
		.new_state = state,
	};
	struct tpstat_flow_key flow = {};

	tpstat_flow_key_from(&flow, c);
	tpstat_alert_flow(&key, &flow);
	tpstat_alert_fold(&key);
}

/* A transition tpstat_alert_state() could not add to its matrix. */
notrace void tpstat_alert_state_key(const struct sock *sk, int oldstate,
				    int newstate)
{
	struct tpstat_alert_key key = {
		.kind = TPSTAT_ALERT_STATES,
		.what = TPSTAT_A_COUNT,
		.family = sk->sk_family,
		.old_state = oldstate,
		.new_state = newstate,
	};

	tpstat_key_ns(&key, sock_net(sk));

	tpstat_alert_fold(&key);
}

/*
 * The socket's error, its local port and its peer.  A report without an
 * error is no alert: tcp_disconnect() makes one after connect() failed
 * and took the error.
 */
notrace void tpstat_alert_error(const struct sock *sk)
{
	struct tpstat_alert_key key = { .kind = TPSTAT_ALERT_ERRORS,
					.what = TPSTAT_A_COUNT };
	struct tpstat_flow_key flow = {};

	key.reason = READ_ONCE(sk->sk_err);
	if (!key.reason)
		return;
	tpstat_flow_key_from(&flow, &sk->__sk_common);
	tpstat_alert_flow(&key, &flow);
	/* Only the peer and the port: the local address adds nothing here. */
	memset(key.saddr, 0, sizeof(key.saddr));
	/* A refused connect has given its port back (sk_num is 0) by now. */
	key.sport = ntohs(inet_sk(sk)->inet_sport);
	tpstat_alert_fold(&key);
}

int tpstat_alerts_alloc(void)
{
	tpstat_alert_cpus = alloc_percpu(struct tpstat_alert_cpu);
	return tpstat_alert_cpus ? 0 : -ENOMEM;
}

void tpstat_alerts_free(void)
{
	free_percpu(tpstat_alert_cpus);
	tpstat_alert_cpus = NULL;
}

size_t tpstat_alerts_bytes(void)
{
	return num_possible_cpus() * sizeof(struct tpstat_alert_cpu);
}
