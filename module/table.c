// SPDX-License-Identifier: GPL-2.0
/* Keyed tables: see table.h.  tpstat_table_get() runs in probe context. */
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "params.h"
#include "table.h"

/*
 * The module parameters hold max_keys to limits (params.h) that keep a
 * table within TPSTAT_TABLE_MAX_BYTES; this holds any other caller to it.
 * A size within it the machine cannot give fails without a warning, and
 * without calling the OOM killer: the load fails and says so.
 */
int tpstat_table_init(struct tpstat_table *t, u32 max_keys, u32 key_size,
		      u32 nr_vals)
{
	u64 nr_slots, stride;

	if (!max_keys || key_size % 8)
		return -EINVAL;
	stride = sizeof(struct tpstat_slot_hdr) + key_size +
		 (u64)nr_vals * sizeof(atomic64_t);
	/* First unrounded, so that 2 * max_keys fits an unsigned long. */
	if (2ULL * max_keys * stride > TPSTAT_TABLE_MAX_BYTES)
		return -E2BIG;
	nr_slots = roundup_pow_of_two(2 * max_keys);
	if (nr_slots * stride > TPSTAT_TABLE_MAX_BYTES)
		return -E2BIG;
	t->max_keys = max_keys;
	t->nr_slots = nr_slots;
	t->key_size = key_size;
	t->nr_vals = nr_vals;
	t->stride = stride;
	t->bytes = nr_slots * stride;
	t->seed = get_random_u64();
	t->slots = kvcalloc(t->nr_slots, t->stride,
			    GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN);
	if (!t->slots)
		return -ENOMEM;
	atomic_set(&t->used, 0);
	atomic64_set(&t->overflow, 0);
	return 0;
}

void tpstat_table_free(struct tpstat_table *t)
{
	kvfree(t->slots);
	t->slots = NULL;
}

void tpstat_table_clear(struct tpstat_table *t)
{
	memset(t->slots, 0, t->bytes);
	atomic_set(&t->used, 0);
	atomic64_set(&t->overflow, 0);
}

size_t tpstat_table_bytes(const struct tpstat_table *t)
{
	return t->bytes;
}

notrace struct tpstat_slot_hdr *tpstat_table_find(struct tpstat_table *t,
						  const void *key)
{
	u32 words = t->key_size / sizeof(u64);
	u32 hash = tpstat_key_hash(key, words, t->seed) | 1;
	u32 mask = t->nr_slots - 1;
	u32 i, idx = hash & mask;

	/* Bounded: at most every slot once, and at least half are free. */
	for (i = 0; i < t->nr_slots; i++, idx = (idx + 1) & mask) {
		struct tpstat_slot_hdr *s = tpstat_table_slot(t, idx);
		u32 seen = READ_ONCE(s->hash);

		if (!seen) {
			/* A few concurrent inserters may overshoot by one each. */
			if (atomic_read(&t->used) >= t->max_keys)
				break;
			seen = cmpxchg(&s->hash, 0, hash);
			if (!seen) {
				atomic_inc(&t->used);
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
	atomic64_inc(&t->overflow);
	return NULL;
}

notrace atomic64_t *tpstat_table_get(struct tpstat_table *t, const void *key)
{
	struct tpstat_slot_hdr *s = tpstat_table_find(t, key);

	return s ? tpstat_slot_vals(t, s) : NULL;
}
