// SPDX-License-Identifier: GPL-2.0
/* Copies of the views' tables for readers: see view_copy.h. */
#include <linux/cpumask.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "tables/view_copy.h"
#include "tables/view_type.h"
#include "tables/views.h"

/*
 * Slots copied between two chances to yield.  Copying 65,536 slots in one
 * read section kept the CPU for 10 ms (bench/genl_stall.sh): every other
 * netlink request on it (ip link, ethtool) waited that long.
 */
#define TPSTAT_SNAP_SEGMENT	4096
/*
 * Copies restarted because a reset came while the copy yielded, before
 * the last one is made without yielding: resets (CAP_NET_ADMIN) in a
 * loop could otherwise restart a reader for as long as they go on.  The
 * last copy holds the CPU as every copy did before it could yield.
 */
#define TPSTAT_SNAP_RESTARTS	3
/* Records a copy has room for beyond the entries there when it starts. */
#define TPSTAT_SNAP_SLACK	64

/*
 * The most records a copy of @t for @ns_cookie can need: the keys that
 * namespace may hold, and the claims that may be past the size check
 * when it is made, one per context (task, softirq, hardirq, NMI) on
 * each CPU (table.c).
 */
static u32 tpstat_snap_bound(const struct tpstat_table *t, u64 ns_cookie)
{
	return tpstat_table_ns_keys_max(t, ns_cookie) +
	       4 * num_possible_cpus();
}

/*
 * Moves @*snapp to an allocation of @room records; false without memory
 * (@*snapp is left as it was).  Process context, outside the read
 * section.
 */
static bool tpstat_snap_grow(struct tpstat_view_snap **snapp, u32 room)
{
	struct tpstat_view_snap *old = *snapp, *snap;

	if (room <= old->room)
		return true;
	snap = kvmalloc(struct_size(snap, recs, (size_t)room * old->rec_size),
			GFP_KERNEL_ACCOUNT);
	if (!snap)
		return false;
	memcpy(snap, old,
	       struct_size(old, recs, (size_t)old->count * old->rec_size));
	snap->room = room;
	kvfree(old);
	*snapp = snap;
	return true;
}

/*
 * Copies the entries in slots [@from, @to) of @t that @ns_cookie's reader
 * sees (0: all) after @snap's records, and returns the slot it stopped
 * at: @to, or one whose entry needs more room than @snap has.  A copy at
 * its bound skips the entry and counts it as lost instead; none can
 * reach it.
 * Caller: rcu_read_lock(), @t from tpstat_views_live under it.
 */
static u32 tpstat_snap_copy(struct tpstat_view_snap *snap,
			    const struct tpstat_table *t, u32 from, u32 to,
			    u64 ns_cookie)
{
	u32 i, v;

	for (i = from; i < to; i++) {
		struct tpstat_slot_hdr *s = tpstat_table_slot(t, i);
		u8 *rec = snap->recs + (size_t)snap->count * snap->rec_size;
		const u8 *key = tpstat_slot_key(s);
		atomic64_t *vals;
		u64 *out;

		if (!READ_ONCE(s->hash) || !tpstat_slot_ready(s))
			continue;
		if (ns_cookie &&
		    *(const u64 *)(key + t->netns_offset) != ns_cookie)
			continue;
		if (snap->count == snap->room) {
			if (snap->room < snap->bound)
				return i;
			snap->overflow++;
			continue;
		}
		memcpy(rec, key, t->key_size);
		vals = tpstat_slot_vals(t, s);
		out = (u64 *)(rec + t->key_size);
		for (v = 0; v < t->nr_vals; v++)
			out[v] = atomic64_read(&vals[v]);
		snap->count++;
	}
	return to;
}

/*
 * A copy of one generation's table, as it was while it was live: never
 * a mix of two generations, nor of one before and after a reset cleared
 * it.  The copy leaves its read section every TPSTAT_SNAP_SEGMENT slots
 * to let others run, and where it needs more room, to grow; a reset in
 * that gap (tpstat_views_resets moved) restarts it.  If the count has not
 * moved when the copy is back under rcu_read_lock(), no reset cleared the
 * table yet, and none will until rcu_read_unlock(): a reset clears the
 * old generation only a grace period after counting itself.
 */
struct tpstat_view_snap *tpstat_view_snapshot(enum tpstat_view id,
					      u64 ns_cookie)
{
	const struct tpstat_view_type *type = tpstat_view_type(id);
	u32 rec_size = type->key_size + type->nr_vals * sizeof(u64);
	struct tpstat_view_snap *snap;
	struct tpstat_table *t;
	unsigned long resets;
	u32 i, next, room, bound;
	int restarts = 0;

	might_sleep();
	/* Room for the entries there now, and some that may come. */
	rcu_read_lock();
	t = &rcu_dereference(tpstat_views_live)->table[id];
	bound = tpstat_snap_bound(t, ns_cookie);
	room = tpstat_table_ns_keys_used(t, ns_cookie);
	rcu_read_unlock();
	room = min(bound, room + room / 8 + TPSTAT_SNAP_SLACK);
	snap = kvmalloc(struct_size(snap, recs, (size_t)room * rec_size),
			GFP_KERNEL_ACCOUNT);
	if (!snap)
		return NULL;
	snap->key_size = type->key_size;
	snap->nr_vals = type->nr_vals;
	snap->rec_size = rec_size;
	snap->room = room;
	snap->bound = bound;

	rcu_read_lock();
restart:
	/* Pairs with the reset's release: this count, this live or a later one. */
	resets = smp_load_acquire(&tpstat_views_resets);
	t = &rcu_dereference(tpstat_views_live)->table[id];
	snap->count = 0;
	snap->overflow = 0;
	for (i = 0; i < t->nr_slots; i = next) {
		next = tpstat_snap_copy(snap, t, i,
					min_t(u32, t->nr_slots,
					      i + TPSTAT_SNAP_SEGMENT),
					ns_cookie);
		/* The last copy has all the room it can need: it never stops. */
		if (next == t->nr_slots || restarts == TPSTAT_SNAP_RESTARTS)
			continue;
		rcu_read_unlock();
		if (snap->count == snap->room &&
		    !tpstat_snap_grow(&snap, min(bound, 2 * snap->room)))
			goto nomem;
		cond_resched();
		rcu_read_lock();
		if (READ_ONCE(tpstat_views_resets) == resets)
			continue;
		if (++restarts == TPSTAT_SNAP_RESTARTS) {
			rcu_read_unlock();
			if (!tpstat_snap_grow(&snap, bound))
				goto nomem;
			rcu_read_lock();
		}
		goto restart;
	}
	snap->capacity = t->max_keys;
	if (ns_cookie) {
		/* What that namespace holds and lost, not what all did. */
		snap->used = snap->count;
		snap->overflow += tpstat_table_ns_overflow(t, ns_cookie);
		if (type->ns_overflow)
			snap->overflow += type->ns_overflow(ns_cookie);
	} else {
		snap->used = atomic_read(&t->used);
		snap->overflow += atomic64_read(&t->overflow);
		if (type->overflow)
			snap->overflow += type->overflow();
	}
	rcu_read_unlock();
	return snap;

nomem:
	kvfree(snap);
	return NULL;
}
