// SPDX-License-Identifier: GPL-2.0
/* Keyed tables: see table.h.  tpstat_table_get() runs in probe context. */
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "base/compat.h"
#include "base/params.h"
#include "tables/netns_index.h"
#include "tables/table.h"

static void tpstat_table_clear_quotas(struct tpstat_table *t)
{
	u32 b;

	atomic_set(&t->tenants_used, 0);
	for (b = 0; b < TPSTAT_TABLE_NS_BUCKETS; b++)
		atomic_set(&t->ns_used[b], 0);
	atomic64_set(&t->tenants_overflow, 0);
}

/*
 * A hinted table's owner word before each slot's header (table.h): a u64
 * of room even where a word is 4 bytes, so keys and values stay 8-byte
 * aligned for atomic64_t.
 */
static u32 tpstat_table_owner_bytes(bool hinted)
{
	return hinted ? sizeof(u64) : 0;
}

static u64 tpstat_table_stride(u32 key_size, u32 nr_vals, bool hinted)
{
	return tpstat_table_owner_bytes(hinted) +
	       sizeof(struct tpstat_slot_hdr) + key_size +
	       (u64)nr_vals * sizeof(atomic64_t);
}

/*
 * The module parameters hold max_keys to limits (params.h) that keep a
 * table within TPSTAT_TABLE_MAX_BYTES, the flow table within
 * TPSTAT_FLOW_TABLE_MAX_BYTES; this holds any other caller to the larger.
 */
u64 tpstat_table_size(u32 max_keys, u32 key_size, u32 nr_vals, bool hinted)
{
	u64 stride = tpstat_table_stride(key_size, nr_vals, hinted), bytes;

	if (!max_keys || key_size % 8)
		return 0;
	/* First unrounded, so that 2 * max_keys fits an unsigned long. */
	if (2ULL * max_keys * stride > TPSTAT_FLOW_TABLE_MAX_BYTES)
		return 0;
	bytes = roundup_pow_of_two(2 * max_keys) * stride;
	return bytes > TPSTAT_FLOW_TABLE_MAX_BYTES ? 0 : bytes;
}

/*
 * A size within those limits the machine cannot give fails without a
 * warning, and without calling the OOM killer: the load fails and says so.
 */
static int tpstat_table_alloc(struct tpstat_table *t, u32 max_keys,
			      u32 key_size, u32 nr_vals, bool hinted)
{
	u64 bytes = tpstat_table_size(max_keys, key_size, nr_vals, hinted);

	t->hints = NULL;
	if (!max_keys || key_size % 8)
		return -EINVAL;
	if (!bytes)
		return -E2BIG;
	t->max_keys = max_keys;
	t->nr_slots = roundup_pow_of_two(2 * max_keys);
	t->key_size = key_size;
	t->nr_vals = nr_vals;
	t->owner = tpstat_table_owner_bytes(hinted);
	t->stride = tpstat_table_stride(key_size, nr_vals, hinted);
	t->bytes = bytes;
	t->seed = get_random_u64();
	t->slots = kvcalloc(t->nr_slots, t->stride,
			    GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN);
	if (!t->slots)
		return -ENOMEM;
	atomic_set(&t->used, 0);
	atomic64_set(&t->overflow, 0);
	tpstat_table_clear_quotas(t);
	t->netns_offset = -1;
	return 0;
}

int tpstat_table_init(struct tpstat_table *t, u32 max_keys, u32 key_size,
		      u32 nr_vals)
{
	return tpstat_table_alloc(t, max_keys, key_size, nr_vals, false);
}

void tpstat_table_set_tenancy(struct tpstat_table *t, int netns_offset,
			      u64 home, u32 lost_slot)
{
	t->netns_offset = netns_offset;
	t->lost_slot = lost_slot;
	t->home_netns = home;
	t->tenants_max = t->max_keys - t->max_keys / 4;
	t->ns_quota = max(t->max_keys / 8, 1U);
}

/* @netns's quota bucket; -1 for the home namespace and for none. */
static __always_inline int tpstat_table_bucket_of(const struct tpstat_table *t,
						  u64 netns)
{
	if (!netns || netns == t->home_netns)
		return -1;
	return hash_64(netns, TPSTAT_TABLE_NS_BITS);
}

static __always_inline u64 tpstat_table_key_netns(const struct tpstat_table *t,
						   const void *key)
{
	return *(const u64 *)((const char *)key + t->netns_offset);
}

static __always_inline int tpstat_table_bucket(const struct tpstat_table *t,
					       const void *key)
{
	if (t->netns_offset < 0)
		return -1;
	return tpstat_table_bucket_of(t, tpstat_table_key_netns(t, key));
}

u64 tpstat_table_ns_overflow(const struct tpstat_table *t, u64 netns)
{
	u64 all, tenants;

	/* A table whose keys name no namespace loses no namespace's. */
	if (tpstat_table_bucket_of(t, netns) >= 0)
		return t->netns_offset >= 0 ?
		       tpstat_netns_lost(netns, t->lost_slot) : 0;
	all = atomic64_read(&t->overflow);
	tenants = atomic64_read(&t->tenants_overflow);
	return all > tenants ? all - tenants : 0;
}

u32 tpstat_table_ns_keys_max(const struct tpstat_table *t, u64 netns)
{
	return t->netns_offset >= 0 && tpstat_table_bucket_of(t, netns) >= 0 ?
	       t->ns_quota : t->max_keys;
}

u32 tpstat_table_ns_keys_used(const struct tpstat_table *t, u64 netns)
{
	int b = t->netns_offset >= 0 ? tpstat_table_bucket_of(t, netns) : -1;

	return atomic_read(b >= 0 ? &t->ns_used[b] : &t->used);
}

void tpstat_table_free(struct tpstat_table *t)
{
	kvfree(t->slots);
	t->slots = NULL;
	free_percpu(t->hints);
	t->hints = NULL;
}

/* Where a hint points while it knows nothing: a slot nobody owns. */
static const struct {
	unsigned long owner;
	struct tpstat_slot_hdr hdr;
} tpstat_table_empty_slot;

static void tpstat_table_clear_hints(struct tpstat_table *t)
{
	/* Never written through: no caller is its owner (table.h). */
	struct tpstat_slot_hdr *empty =
		(struct tpstat_slot_hdr *)&tpstat_table_empty_slot.hdr;
	int cpu, i;

	for_each_possible_cpu(cpu)
		for (i = 0; i < TPSTAT_TABLE_HINTS; i++)
			per_cpu_ptr(t->hints, cpu)->slot[i] = empty;
}

int tpstat_table_init_hinted(struct tpstat_table *t, u32 max_keys,
			     u32 key_size, u32 nr_vals)
{
	int err = tpstat_table_alloc(t, max_keys, key_size, nr_vals, true);

	if (err)
		return err;
	t->hints = alloc_percpu(struct tpstat_table_hints);
	if (!t->hints) {
		tpstat_table_free(t);
		return -ENOMEM;
	}
	tpstat_table_clear_hints(t);
	return 0;
}

void tpstat_table_clear(struct tpstat_table *t)
{
	memset(t->slots, 0, t->bytes);
	if (t->hints)
		tpstat_table_clear_hints(t);
	atomic_set(&t->used, 0);
	atomic64_set(&t->overflow, 0);
	tpstat_table_clear_quotas(t);
	if (t->netns_offset >= 0)
		tpstat_netns_lost_clear(t->lost_slot);
}

size_t tpstat_table_bytes(const struct tpstat_table *t)
{
	return t->bytes + (t->hints ? num_possible_cpus() *
			   sizeof(struct tpstat_table_hints) : 0);
}

/* With @insert false, it only looks: no slot claimed, no loss counted. */
static __always_inline struct tpstat_slot_hdr *
tpstat_table_find_pinned(struct tpstat_table *t, const void *key, bool insert)
{
	u32 words = t->key_size / sizeof(u64);
	u32 hash = tpstat_key_hash(key, words, t->seed) | 1;
	u32 mask = t->nr_slots - 1;
	u32 i, idx = hash & mask;
	int b = tpstat_table_bucket(t, key);

	/* Bounded: at most every slot once, and at least half are free. */
	for (i = 0; i < t->nr_slots; i++, idx = (idx + 1) & mask) {
		struct tpstat_slot_hdr *s = tpstat_table_slot(t, idx);
		u32 seen = READ_ONCE(s->hash);

		if (!seen) {
			if (!insert)
				return NULL;
			/*
			 * A few concurrent inserters may overshoot the size
			 * and the quotas by one each.
			 */
			if (atomic_read(&t->used) >= t->max_keys)
				break;
			if (b >= 0 &&
			    (atomic_read(&t->ns_used[b]) >= t->ns_quota ||
			     atomic_read(&t->tenants_used) >= t->tenants_max))
				break;
			seen = cmpxchg(&s->hash, 0, hash);
			if (!seen) {
				atomic_inc(&t->used);
				if (b >= 0) {
					atomic_inc(&t->ns_used[b]);
					atomic_inc(&t->tenants_used);
				}
				memcpy(s + 1, key, t->key_size);
				/* Pairs with tpstat_slot_ready(): key before ready. */
				smp_store_release(&s->ready, 1);
				return s;
			}
		}
		if (seen != hash)
			continue;
		if (!tpstat_slot_ready(s))
			break;
		if (tpstat_key_equal((const u64 *)(s + 1), key, words))
			return s;
	}
	if (!insert)
		return NULL;
	atomic64_inc(&t->overflow);
	if (b >= 0) {
		atomic64_inc(&t->tenants_overflow);
		tpstat_netns_lost_inc(tpstat_table_key_netns(t, key),
				      t->lost_slot);
	}
	return NULL;
}

/*
 * Pinned (compat.h), because a claimed slot whose key is not yet
 * published makes every other update of that key lost: where the kernel
 * calls probes preemptible, that must not last a preemption.
 */
notrace struct tpstat_slot_hdr *tpstat_table_find(struct tpstat_table *t,
						  const void *key)
{
	struct tpstat_slot_hdr *s;

	tpstat_probe_pin();
	s = tpstat_table_find_pinned(t, key, true);
	tpstat_probe_unpin();
	return s;
}

notrace atomic64_t *tpstat_table_get(struct tpstat_table *t, const void *key)
{
	struct tpstat_slot_hdr *s = tpstat_table_find(t, key);

	return s ? tpstat_slot_vals(t, s) : NULL;
}

/*
 * The slot of @key alone, as the owner only ever owns that one.  A hint
 * may still point at it: its probe then finds another owner there, or
 * none, and looks the key up.  A reset's clear of the same slot may run
 * beside this; both leave 0.
 */
void tpstat_table_forget(struct tpstat_table *t, const void *key,
			 const void *owner)
{
	struct tpstat_slot_hdr *s = tpstat_table_find_pinned(t, key, false);

	if (s)
		cmpxchg(tpstat_slot_owner(s), (unsigned long)owner, 0UL);
}
