// SPDX-License-Identifier: GPL-2.0
/* Socket birth times: see births.h.  Record and take run in probes. */
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>
#include <net/net_namespace.h>

#include "base/compat.h"
#include "base/params.h"
#include "tables/births.h"

#define TPSTAT_BIRTH_FREE	0UL
#define TPSTAT_BIRTH_REMOVED	1UL

/* sockets=' limit: twice its sockets in slots, rounded up, must fit. */
static_assert(TPSTAT_POW2(TPSTAT_SOCKETS_MAX) &&
	      2ULL * TPSTAT_SOCKETS_MAX * sizeof(struct tpstat_birth) <=
	      TPSTAT_TABLE_MAX_BYTES);

/* As tpstat_table_size(): sockets= is held to a limit within it. */
u64 tpstat_births_size(u32 max_sockets)
{
	u64 bytes;

	if (!max_sockets ||
	    2ULL * max_sockets * sizeof(struct tpstat_birth) > TPSTAT_TABLE_MAX_BYTES)
		return 0;
	bytes = roundup_pow_of_two(2 * max_sockets) * sizeof(struct tpstat_birth);
	return bytes > TPSTAT_TABLE_MAX_BYTES ? 0 : bytes;
}

int tpstat_births_init(struct tpstat_births *b, u32 max_sockets)
{
	u64 bytes = tpstat_births_size(max_sockets);
	u32 i;

	if (!max_sockets)
		return -EINVAL;
	if (!bytes)
		return -E2BIG;
	b->nr_slots = bytes / sizeof(*b->slots);
	b->slots = kvcalloc(b->nr_slots, sizeof(*b->slots),
			    GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN);
	if (!b->slots)
		return -ENOMEM;
	atomic64_set(&b->overflow, 0);
	b->tenants_max = max_sockets - max_sockets / 4;
	b->share_max = max(max_sockets / 8, 1U);
	atomic_set(&b->tenants_used, 0);
	for (i = 0; i < TPSTAT_BIRTHS_SHARES; i++)
		atomic_set(&b->share_used[i], 0);
	return 0;
}

void tpstat_births_free(struct tpstat_births *b)
{
	kvfree(b->slots);
	b->slots = NULL;
}

size_t tpstat_births_bytes(const struct tpstat_births *b)
{
	return (size_t)b->nr_slots * sizeof(*b->slots);
}

/*
 * One user's namespaces share one share, whatever ids its user
 * namespaces map it to: the owner of the outermost one below the initial
 * user namespace is a user of the host, which no namespace can choose.
 * A namespace of the initial user namespace other than the initial
 * network namespace (ip netns add, a container runtime's as root) is
 * each its own tenant, as in the views' tables: its cookie picks its
 * share.  Bounded: user namespaces nest at most 32 deep.
 */
notrace int tpstat_births_share(const struct net *net)
{
	const struct user_namespace *ns = net->user_ns;

	if (net_eq(net, &init_net))
		return TPSTAT_BIRTHS_HOME;
	if (ns == &init_user_ns)
		return hash_64(tpstat_net_cookie(net), TPSTAT_BIRTHS_SHARE_BITS);
	while (ns->parent != &init_user_ns)
		ns = ns->parent;
	return hash_32(__kuid_val(ns->owner), TPSTAT_BIRTHS_SHARE_BITS);
}

static __always_inline void tpstat_births_uncharge(struct tpstat_births *b,
						   int share)
{
	if (share < 0)
		return;
	atomic_dec(&b->share_used[share]);
	atomic_dec(&b->tenants_used);
}

static u32 tpstat_birth_first(const struct tpstat_births *b, const void *sk)
{
	return hash_ptr(sk, 32) & (b->nr_slots - 1);
}

/*
 * A share over its part is refused before any slot is looked at: its
 * birth is lost, and a birth of the same socket left by a close we
 * missed stays, to be taken (and its charge given back) at the close.
 * A few concurrent inserters may overshoot a share by one each.
 */
notrace bool tpstat_birth_record(struct tpstat_births *b, const void *sk,
				 int share, u64 ns, const char *comm,
				 bool active)
{
	unsigned long key = (unsigned long)sk;
	u32 mask = b->nr_slots - 1;
	u32 i, idx = tpstat_birth_first(b, sk);
	struct tpstat_birth *claim = NULL;

	if (share >= 0 &&
	    (atomic_read(&b->share_used[share]) >= b->share_max ||
	     atomic_read(&b->tenants_used) >= b->tenants_max)) {
		atomic64_inc(&b->overflow);
		return false;
	}
	for (i = 0; i < TPSTAT_BIRTHS_PROBES; i++, idx = (idx + 1) & mask) {
		struct tpstat_birth *s = &b->slots[idx];
		unsigned long seen = READ_ONCE(s->sk);

		if (seen == key) {	/* a close we missed: start again */
			tpstat_births_uncharge(b, tpstat_birth_share(s));
			claim = s;
			break;
		}
		if (seen == TPSTAT_BIRTH_FREE || seen == TPSTAT_BIRTH_REMOVED) {
			if (cmpxchg(&s->sk, seen, key) == seen) {
				claim = s;
				break;
			}
		}
	}
	if (!claim) {
		atomic64_inc(&b->overflow);
		return false;
	}
	if (share >= 0) {
		atomic_inc(&b->share_used[share]);
		atomic_inc(&b->tenants_used);
	}
	claim->ns = (ns & ~TPSTAT_BIRTH_TAGS) |
		    (u64)(share + 1) << TPSTAT_BIRTH_SHARE_SHIFT |
		    (active ? TPSTAT_BIRTH_ACTIVE : 0);
	memcpy(claim->comm, comm, sizeof(claim->comm));
	return true;
}

notrace bool tpstat_birth_take(struct tpstat_births *b, const void *sk,
			       struct tpstat_birth *out)
{
	unsigned long key = (unsigned long)sk;
	u32 mask = b->nr_slots - 1;
	u32 i, idx = tpstat_birth_first(b, sk);

	for (i = 0; i < TPSTAT_BIRTHS_PROBES; i++, idx = (idx + 1) & mask) {
		struct tpstat_birth *s = &b->slots[idx];
		unsigned long seen = READ_ONCE(s->sk);

		if (seen == TPSTAT_BIRTH_FREE)
			return false;
		if (seen != key)
			continue;
		*out = *s;
		WRITE_ONCE(s->sk, TPSTAT_BIRTH_REMOVED);
		tpstat_births_uncharge(b, tpstat_birth_share(out));
		return true;
	}
	return false;
}
