// SPDX-License-Identifier: GPL-2.0
/* Socket birth times: see births.h.  Record and take run in probes. */
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "births.h"
#include "params.h"

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

static u32 tpstat_birth_first(const struct tpstat_births *b, const void *sk)
{
	return hash_ptr(sk, 32) & (b->nr_slots - 1);
}

notrace void tpstat_birth_record(struct tpstat_births *b, const void *sk,
				 u64 ns, const char *comm, bool active)
{
	unsigned long key = (unsigned long)sk;
	u32 mask = b->nr_slots - 1;
	u32 i, idx = tpstat_birth_first(b, sk);
	struct tpstat_birth *claim = NULL;

	for (i = 0; i < TPSTAT_BIRTHS_PROBES; i++, idx = (idx + 1) & mask) {
		struct tpstat_birth *s = &b->slots[idx];
		unsigned long seen = READ_ONCE(s->sk);

		if (seen == key) {	/* a close we missed: start again */
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
		return;
	}
	claim->ns = (ns & ~1ULL) | active;
	memcpy(claim->comm, comm, sizeof(claim->comm));
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
		return true;
	}
	return false;
}
