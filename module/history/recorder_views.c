// SPDX-License-Identifier: GPL-2.0
/*
 * The recorder's views (recorder_views.h).  At the end of each views
 * interval, each keyed view is copied as readers copy it, and each key's
 * change since the last interval found from the values kept then: those
 * are kept in a table by a hash of the key (siphash, keyed at load),
 * open-addressed, of twice as many slots as the view has keys (its
 * *_keys parameter) rounded up to a power of two, so that what the
 * recorder holds grows with the views' sizes and not with traffic, and
 * no look-up or sort walks far.  The work yields every
 * TPSTAT_VIEW_SEGMENT keys, as a dump's copy and sort do.  The
 * history_top= keys that moved most, by the view's own measure
 * (view_type.h's moved), go into one record of a ring of their own,
 * each with its changes (and its levels as they are), and the rest of
 * what moved is summed.  A key whose values went down was reset: its
 * change is what it holds.  A view in which nothing moved writes
 * nothing.
 */
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/siphash.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "history/recorder_views.h"
#include "counters/ring.h"
#include "base/params.h"
#include "tables/view_copy.h"
#include "tables/view_type.h"
#include "tables/views.h"

static unsigned int history_views = 60;
tpstat_param_uint(history_views, 0, 86400);
MODULE_PARM_DESC(history_views,
		 "Seconds a views interval of the recorder, a multiple of history=, 0 to 86400, 0: off (default 60)");

#define TPSTAT_HISTORY_TOP_MAX	16
static unsigned int history_top = 8;
tpstat_param_uint(history_top, 1, TPSTAT_HISTORY_TOP_MAX);
MODULE_PARM_DESC(history_top,
		 "Keys of each view the recorder keeps a views interval, 1 to "
		 __stringify(TPSTAT_HISTORY_TOP_MAX) " (default 8)");

static unsigned int history_views_kb = 128;
tpstat_param_uint(history_views_kb, 64, 65536);
MODULE_PARM_DESC(history_views_kb,
		 "Kilobytes of the ring of the recorder's views, 64 to 65536 (default 128)");

/* One view of one interval, then its rows. */
struct tpstat_view_rec {
	u64 seq, start_ns, duration_ns, rest;
	u32 flags, view, nr, unused;
};

/* Keys ranked, or kept, between two chances to yield. */
#define TPSTAT_VIEW_SEGMENT	4096

/*
 * A view's values at the last interval: mask + 1 slots of a hash (0: an
 * empty slot), then counts.
 */
struct tpstat_view_prev {
	u8 *ents;
	u32 mask, ent_size;
};

struct tpstat_view_top {
	u64 moved;
	u32 i;
};

static struct tpstat_recorder_views {
	bool on;
	u64 step_ns, index, seq;
	unsigned long resets;
	siphash_key_t hash_key;
	struct tpstat_ring ring;
	struct tpstat_view_prev prev[__TPSTAT_VIEW_CNT];
	struct tpstat_view_top top[TPSTAT_HISTORY_TOP_MAX];
	u8 *rec;		/* the record being made */
	u64 *change;		/* one key's changes */
	size_t bytes;
} tpstat_rv;

static const struct tpstat_view_type *tpstat_rv_type(enum tpstat_view v)
{
	const struct tpstat_view_type *type = tpstat_view_type(v);

	return type->key_size && tpstat_view_on(v) ? type : NULL;
}

static u32 tpstat_rv_counts(const struct tpstat_view_type *type)
{
	return type->counts ? type->counts : type->nr_vals;
}

static u32 tpstat_rv_row_size(const struct tpstat_view_type *type)
{
	return type->key_size + type->nr_vals * sizeof(u64);
}

int tpstat_recorder_views_init(unsigned int history)
{
	struct tpstat_recorder_views *rv = &tpstat_rv;
	u32 rec_max = 0, vals_max = 0;
	enum tpstat_view v;

	if (!history_views)
		return 0;
	if (history_views % history) {
		pr_err("tpstat: history_views=%u is not a multiple of history=%u\n",
		       history_views, history);
		return -EINVAL;
	}
	get_random_bytes(&rv->hash_key, sizeof(rv->hash_key));
	for (v = 0; v < __TPSTAT_VIEW_CNT; v++) {
		const struct tpstat_view_type *type = tpstat_rv_type(v);
		struct tpstat_view_prev *p = &rv->prev[v];

		if (!type)
			continue;
		p->ent_size = sizeof(u64) * (1 + tpstat_rv_counts(type));
		p->mask = roundup_pow_of_two(2 * *type->keys) - 1;
		p->ents = kvcalloc(p->mask + 1, p->ent_size, GFP_KERNEL);
		if (!p->ents)
			goto nomem;
		rv->bytes += ((size_t)p->mask + 1) * p->ent_size;
		rec_max = max(rec_max, history_top * tpstat_rv_row_size(type));
		vals_max = max(vals_max, type->nr_vals);
	}
	rec_max += sizeof(struct tpstat_view_rec);
	/*
	 * kvmalloc(): a kmalloc() here left an out-of-line copy of the
	 * kernel's get_order() in the module with 5.10's gcc 10.
	 */
	rv->rec = kvmalloc(rec_max, GFP_KERNEL);
	rv->change = kvmalloc_array(vals_max, sizeof(u64), GFP_KERNEL);
	if (!rv->rec || !rv->change ||
	    tpstat_ring_init(&rv->ring, history_views_kb * 1024, GFP_KERNEL))
		goto nomem;
	if (WARN_ON_ONCE(rec_max + TPSTAT_RING_HDR > rv->ring.size))
		goto nomem;
	rv->bytes += rec_max + vals_max * sizeof(u64) +
		     tpstat_ring_bytes(&rv->ring);
	rv->step_ns = (u64)history_views * NSEC_PER_SEC;
	rv->index = div64_u64(ktime_get_real_ns(), rv->step_ns);
	/* Pairs with the reset's release: its count, then its generation. */
	rv->resets = smp_load_acquire(&tpstat_views_resets);
	rv->on = true;
	return 0;

nomem:
	tpstat_recorder_views_exit();
	return -ENOMEM;
}

void tpstat_recorder_views_exit(void)
{
	struct tpstat_recorder_views *rv = &tpstat_rv;
	enum tpstat_view v;

	for (v = 0; v < __TPSTAT_VIEW_CNT; v++)
		kvfree(rv->prev[v].ents);
	tpstat_ring_free(&rv->ring);
	kvfree(rv->rec);
	kvfree(rv->change);
	memset(rv, 0, sizeof(*rv));
}

bool tpstat_recorder_views_due(u64 now_ns)
{
	return tpstat_rv.on && div64_u64(now_ns, tpstat_rv.step_ns) !=
			       tpstat_rv.index;
}

/* Never 0, which marks an empty slot. */
static u64 tpstat_rv_hash(const struct tpstat_view_type *type, const void *key)
{
	return siphash(key, type->key_size, &tpstat_rv.hash_key) ?: 1;
}

/* The slot of hash @h: its own, or the empty one where it would go. */
static u64 *tpstat_rv_slot(const struct tpstat_view_prev *p, u64 h)
{
	u32 i = h & p->mask;

	for (;;) {
		u64 *e = (u64 *)(p->ents + (size_t)i * p->ent_size);

		if (!e[0] || e[0] == h)
			return e;
		i = (i + 1) & p->mask;
	}
}

/*
 * The key's changes into tpstat_rv.change (its levels as they are), and
 * how much it moved.
 */
static u64 tpstat_rv_changes(const struct tpstat_view_type *type,
			     const struct tpstat_view_prev *p,
			     const void *key, const u64 *vals)
{
	u64 *change = tpstat_rv.change;
	const u64 *was = tpstat_rv_slot(p, tpstat_rv_hash(type, key));
	u32 i, counts = tpstat_rv_counts(type);

	for (i = 0; i < type->nr_vals; i++) {
		u64 before = was[0] && i < counts ? was[1 + i] : 0;

		change[i] = vals[i] >= before ? vals[i] - before : vals[i];
	}
	return type->moved ? type->moved(change) : change[0];
}

/* Among the top @n (most moved first), or what it pushes out: rest. */
static u32 tpstat_rv_rank(u32 n, u64 moved, u32 i, u64 *rest)
{
	struct tpstat_view_top *top = tpstat_rv.top;
	u32 at = n;

	if (n == history_top) {
		if (moved <= top[n - 1].moved) {
			*rest += moved;
			return n;
		}
		*rest += top[--n].moved;
		at = n;
	}
	while (at && top[at - 1].moved < moved) {
		top[at] = top[at - 1];
		at--;
	}
	top[at].moved = moved;
	top[at].i = i;
	return n + 1;
}

/*
 * The values of @snap's keys, by their hash, for the next interval: at
 * most as many keys as the view has, so at most half the slots are full.
 */
static void tpstat_rv_keep(const struct tpstat_view_type *type,
			   struct tpstat_view_prev *p,
			   const struct tpstat_view_snap *snap)
{
	u32 i, counts = tpstat_rv_counts(type);
	u32 n = min(snap->count, (p->mask + 1) / 2);

	memset(p->ents, 0, ((size_t)p->mask + 1) * p->ent_size);
	for (i = 0; i < n; i++) {
		const void *key = tpstat_snap_key(snap, i);
		u64 h = tpstat_rv_hash(type, key), *e = tpstat_rv_slot(p, h);

		e[0] = h;
		memcpy(e + 1, tpstat_snap_vals(snap, i), counts * sizeof(u64));
		if (!((i + 1) % TPSTAT_VIEW_SEGMENT))
			cond_resched();
	}
}

static void tpstat_rv_take_view(enum tpstat_view v,
				struct tpstat_view_rec *hdr, bool reset)
{
	const struct tpstat_view_type *type = tpstat_rv_type(v);
	struct tpstat_view_prev *p = &tpstat_rv.prev[v];
	u32 i, n = 0, row = tpstat_rv_row_size(type);
	struct tpstat_view_snap *snap;
	u8 *out = (u8 *)(hdr + 1);

	snap = tpstat_view_snapshot(v, 0);
	if (!snap)
		return;
	if (reset)
		memset(p->ents, 0, ((size_t)p->mask + 1) * p->ent_size);
	hdr->rest = 0;
	for (i = 0; i < snap->count; i++) {
		u64 moved = tpstat_rv_changes(type, p, tpstat_snap_key(snap, i),
					      tpstat_snap_vals(snap, i));

		if (moved)
			n = tpstat_rv_rank(n, moved, i, &hdr->rest);
		if (!((i + 1) % TPSTAT_VIEW_SEGMENT))
			cond_resched();
	}
	for (i = 0; i < n; i++, out += row) {
		u32 k = tpstat_rv.top[i].i;

		tpstat_rv_changes(type, p, tpstat_snap_key(snap, k),
				  tpstat_snap_vals(snap, k));
		memcpy(out, tpstat_snap_key(snap, k), type->key_size);
		memcpy(out + type->key_size, tpstat_rv.change,
		       type->nr_vals * sizeof(u64));
	}
	tpstat_rv_keep(type, p, snap);
	kvfree(snap);
	if (!n)
		return;
	hdr->view = v;
	hdr->nr = n;
	tpstat_ring_write(&tpstat_rv.ring, hdr, out - (u8 *)hdr);
}

void tpstat_recorder_views_take(u64 start_ns, u64 duration_ns, u32 flags)
{
	struct tpstat_recorder_views *rv = &tpstat_rv;
	struct tpstat_view_rec *hdr = (void *)rv->rec;
	enum tpstat_view v;
	/*
	 * Read before the copies (view_copy.c pairs with the reset's release
	 * too): a reset since the last interval makes every key start over.
	 */
	unsigned long resets = smp_load_acquire(&tpstat_views_resets);

	memset(hdr, 0, sizeof(*hdr));
	hdr->seq = rv->seq++;
	hdr->start_ns = start_ns;
	hdr->duration_ns = duration_ns;
	hdr->flags = flags;
	if (!hdr->seq)
		hdr->flags |= TPSTAT_HISTORY_F_PARTIAL;
	for (v = 0; v < __TPSTAT_VIEW_CNT; v++)
		if (tpstat_rv_type(v))
			tpstat_rv_take_view(v, hdr, resets != rv->resets);
	rv->resets = resets;
	rv->index = div64_u64(ktime_get_real_ns(), rv->step_ns);
}

static void tpstat_rv_read(const void *data, struct tpstat_view_interval *vi)
{
	const struct tpstat_view_rec *hdr = data;

	vi->seq = hdr->seq;
	vi->start_ns = hdr->start_ns;
	vi->duration_ns = hdr->duration_ns;
	vi->flags = hdr->flags;
	vi->view = hdr->view;
	vi->nr = hdr->nr;
	vi->rest = hdr->rest;
	vi->rows = (const u8 *)(hdr + 1);
}

bool tpstat_recorder_views_find(u64 seq, u32 view,
				struct tpstat_view_interval *vi)
{
	const struct tpstat_ring *ring = &tpstat_rv.ring;
	struct tpstat_ring_pos pos;
	const void *data;
	u32 len;

	for (data = tpstat_ring_first(ring, &pos, &len); data;
	     data = tpstat_ring_next(ring, &pos, &len)) {
		tpstat_rv_read(data, vi);
		if (vi->seq > seq || (vi->seq == seq && vi->view >= view))
			return true;
	}
	return false;
}

const void *tpstat_view_interval_key(const struct tpstat_view_interval *vi,
				     u32 i)
{
	return vi->rows + (size_t)i * tpstat_rv_row_size(tpstat_view_type(vi->view));
}

const u64 *tpstat_view_interval_vals(const struct tpstat_view_interval *vi,
				     u32 i)
{
	return (const u64 *)((const u8 *)tpstat_view_interval_key(vi, i) +
			     tpstat_view_type(vi->view)->key_size);
}

u64 tpstat_recorder_views_lost(void)
{
	return tpstat_rv.ring.lost;
}

unsigned int tpstat_recorder_views_interval(void)
{
	return tpstat_rv.on ? history_views : 0;
}

size_t tpstat_recorder_views_bytes(void)
{
	return tpstat_rv.bytes;
}
