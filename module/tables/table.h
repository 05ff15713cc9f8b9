/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keyed tables the probes write to: preallocated, lock-free, bounded.
 *
 * A table holds up to max_keys fixed-size keys, each with a few u64
 * values.  It has twice as many slots as keys, so linear probing stays
 * short.  A probe claims a free slot with cmpxchg() on its hash, writes
 * the key, then publishes it (release on ->ready); values are atomic64.
 * Keys are whole u64 words, 8-byte aligned, hashed and compared word by
 * word, so callers zero every byte of a key, padding included, before
 * filling it in.
 *
 * When the table holds max_keys keys, an update for a new key is lost
 * and counted in ->overflow, as is the rare update that meets its own
 * key while another context is still writing it (it cannot wait: that
 * context may be the one it interrupted).
 *
 * Quotas (tpstat_table_set_tenancy()): where keys name a namespace, no
 * namespace can fill a table for the others.  Keys of namespaces other
 * than the home one (the initial namespace's; a key naming none counts
 * as home) may together hold at most three quarters of max_keys, so the
 * administrator's own entries always find room; and the namespaces that
 * hash to one of TPSTAT_TABLE_NS_BUCKETS buckets at most an eighth (at
 * least one key), so one tenant cannot crowd out the rest.  What a
 * quota refuses is lost and counted in ->overflow like any other loss.
 * An update lost for another namespace than the home one is counted
 * also in ->tenants_overflow, and in that namespace's own count
 * (netns_index.h, in the table's ->lost_slot): a namespace's readers
 * learn their own losses, never their bucket-mates'.  Each check is an
 * atomic_read(), each claim one atomic_inc() more, and a loss one lookup
 * by cookie: probe context still takes no lock and does bounded work.
 */
#ifndef _TPSTAT_TABLE_H
#define _TPSTAT_TABLE_H

#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/types.h>

struct tpstat_slot_hdr {
	u32 hash;		/* 0: free; claimed with cmpxchg() */
	u32 ready;		/* key written (store-release) */
};

#define TPSTAT_TABLE_NS_BITS		5
#define TPSTAT_TABLE_NS_BUCKETS		(1U << TPSTAT_TABLE_NS_BITS)

/*
 * Hints, for a table whose probes look up a few keys over and over (the
 * DEVICES view's): per CPU, the slots last found, in TPSTAT_TABLE_HINTS
 * places the caller chooses.  A hint always points at one of this
 * table's slots, or at an empty slot nobody owns: the table's clear
 * resets its hints with its slots, so a hint never outlives what it
 * points at.  Each is one pointer, read and written whole, so nesting
 * cannot tear it.
 *
 * Such a table's slots each have an owner word before the header: the
 * object whose key the slot holds (a net_device), set by the look-up
 * that finds it (tpstat_slot_set_owner()), and taken back with
 * tpstat_table_forget() before that object's key can change or its
 * memory be reused: so an owner owns at most its own key's slot.  A
 * probe that finds its object's address there through a hint has found
 * its slot, without reading the key.
 */
#define TPSTAT_TABLE_HINT_BITS	4
#define TPSTAT_TABLE_HINTS	(1U << TPSTAT_TABLE_HINT_BITS)

struct tpstat_table_hints {
	struct tpstat_slot_hdr *slot[TPSTAT_TABLE_HINTS];
};

struct tpstat_table {
	void *slots;
	struct tpstat_table_hints __percpu *hints;	/* NULL: none */
	u32 nr_slots;		/* power of two, 2 * max_keys */
	u32 max_keys;
	u32 key_size;		/* bytes, multiple of 8 */
	u32 nr_vals;
	u32 owner;		/* bytes before each header: its owner's, or 0 */
	u32 stride;		/* bytes per slot, owner word included */
	unsigned long bytes;	/* nr_slots * stride */
	u64 seed;		/* of the hash: random, so keys cannot be aimed */
	atomic_t used;
	atomic64_t overflow;
	/* Quotas: set by tpstat_table_set_tenancy(); netns_offset -1: none. */
	int netns_offset;	/* of the key's u64 namespace cookie */
	u64 home_netns;		/* its cookie: holds no quota */
	u32 tenants_max;	/* keys of every other namespace together */
	u32 ns_quota;		/* keys of one bucket's namespaces */
	atomic_t tenants_used;
	atomic_t ns_used[TPSTAT_TABLE_NS_BUCKETS];
	atomic64_t tenants_overflow;	/* of every other namespace together */
	u32 lost_slot;		/* its namespaces' own losses (netns_index.h) */
};

/*
 * The bytes of a table's slots, with their owner words if @hinted; 0:
 * beyond any table's limit.
 */
u64 tpstat_table_size(u32 max_keys, u32 key_size, u32 nr_vals, bool hinted);
int tpstat_table_init(struct tpstat_table *t, u32 max_keys, u32 key_size,
		      u32 nr_vals);
/* The same, with hints, all pointing at the empty slot, and owners. */
int tpstat_table_init_hinted(struct tpstat_table *t, u32 max_keys,
			     u32 key_size, u32 nr_vals);
void tpstat_table_free(struct tpstat_table *t);
/*
 * Takes @key's slot of hinted table @t back from @owner if it owns it,
 * so that no hint leads a probe from @owner there: an owner owns only
 * its own key's slot (table.h, above).  Process context.
 */
void tpstat_table_forget(struct tpstat_table *t, const void *key,
			 const void *owner);
/*
 * Quotas for the namespaces other than @home, whose cookie each key
 * holds at @netns_offset (-1: keys name no namespace, no quota), and
 * where each namespace counts what it lost: @lost_slot, one no other
 * table uses (< TPSTAT_NETNS_LOST_SLOTS).  Before the table is published.
 */
void tpstat_table_set_tenancy(struct tpstat_table *t, int netns_offset,
			      u64 home, u32 lost_slot);
/*
 * Updates lost for @netns: for another namespace than the home one, its
 * own (0 once it is gone); for the home one, and keys naming none, all
 * but every other namespace's.
 */
u64 tpstat_table_ns_overflow(const struct tpstat_table *t, u64 netns);
/*
 * The keys @netns may hold (for another namespace than the home one, its
 * bucket's quota; else max_keys), and how many its bucket holds now (the
 * home one: every key), for readers sizing a copy of its entries.
 */
u32 tpstat_table_ns_keys_max(const struct tpstat_table *t, u64 netns);
u32 tpstat_table_ns_keys_used(const struct tpstat_table *t, u64 netns);
/* Caller: no writer can run (the table is not published). */
void tpstat_table_clear(struct tpstat_table *t);
size_t tpstat_table_bytes(const struct tpstat_table *t);

/* The values of @key, inserted if new; NULL if lost (counted). */
atomic64_t *tpstat_table_get(struct tpstat_table *t, const void *key);
/* The same, as @key's slot (published: its key is written). */
struct tpstat_slot_hdr *tpstat_table_find(struct tpstat_table *t,
					  const void *key);

/* Walking the published entries, for readers. */
static inline struct tpstat_slot_hdr *
tpstat_table_slot(const struct tpstat_table *t, u32 i)
{
	return (struct tpstat_slot_hdr *)((char *)t->slots + t->owner +
					  (size_t)i * t->stride);
}

static inline const void *tpstat_slot_key(const struct tpstat_slot_hdr *s)
{
	return s + 1;
}

/* The values after a key of @key_size bytes (a constant on hot paths). */
static inline atomic64_t *tpstat_slot_vals_after(struct tpstat_slot_hdr *s,
						 u32 key_size)
{
	return (atomic64_t *)((char *)(s + 1) + key_size);
}

static inline atomic64_t *tpstat_slot_vals(const struct tpstat_table *t,
					   struct tpstat_slot_hdr *s)
{
	return tpstat_slot_vals_after(s, t->key_size);
}

/* Whether @s is one of @t's slots (a pointer kept from before may not be). */
static inline bool tpstat_table_holds(const struct tpstat_table *t,
				      const struct tpstat_slot_hdr *s)
{
	return (unsigned long)((const char *)s - (const char *)t->slots) <
	       t->bytes;
}

/* @t's hint @i on this CPU (@t has hints); the empty slot if none. */
static __always_inline struct tpstat_slot_hdr *
tpstat_table_hint(const struct tpstat_table *t, unsigned int i)
{
	return this_cpu_read(t->hints->slot[i]);
}

static __always_inline void tpstat_table_set_hint(struct tpstat_table *t,
						  unsigned int i,
						  struct tpstat_slot_hdr *s)
{
	this_cpu_write(t->hints->slot[i], s);
}

/* The owner word of a hinted table's slot @s (table.h, above). */
static __always_inline unsigned long *
tpstat_slot_owner(const struct tpstat_slot_hdr *s)
{
	return (unsigned long *)s - 1;
}

/* Whether @owner owns hinted slot @s: one load and a compare. */
static __always_inline bool tpstat_slot_owned_by(const struct tpstat_slot_hdr *s,
						 const void *owner)
{
	/*
	 * x86-64 makes the two one instruction (cmp with the word in
	 * memory) only where the load is not volatile: data_race(), not
	 * READ_ONCE().  The word is aligned and written whole
	 * (tpstat_slot_set_owner()), and its value decides one compare.  A
	 * wrong answer would only put a packet in another device's entry
	 * of the same table, which lives as long as the table does.
	 */
	return data_race(*tpstat_slot_owner(s)) == (unsigned long)owner;
}

static __always_inline void tpstat_slot_set_owner(struct tpstat_slot_hdr *s,
						  const void *owner)
{
	WRITE_ONCE(*tpstat_slot_owner(s), (unsigned long)owner);
}

static inline bool tpstat_slot_ready(const struct tpstat_slot_hdr *s)
{
	/* Pairs with the release in tpstat_table_get(): ready, then key. */
	return smp_load_acquire(&s->ready);
}

/*
 * Keys of whole u64 words, these tables' and the alerts' pending ones:
 * a multiply-xorshift round per word is a fraction of jhash2()'s cost
 * and mixes every bit into the top half; equality is a word compare.
 */
static __always_inline u32 tpstat_key_hash(const u64 *key, u32 words,
					   u64 seed)
{
	u64 h = seed;
	u32 i;

	for (i = 0; i < words; i++) {
		h = (h ^ key[i]) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 29;
	}
	return h >> 32;
}

static __always_inline bool tpstat_key_equal(const u64 *a, const u64 *b,
					     u32 words)
{
	u64 diff = 0;
	u32 i;

	for (i = 0; i < words; i++)
		diff |= a[i] ^ b[i];
	return !diff;
}

#endif /* _TPSTAT_TABLE_H */
