/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The views: keyed tables that say where and to whom events happened
 * (drops by location and reason, retransmits per flow, resets per
 * service and peer, lifetimes per service, devices, devlink traps).  Dense figures (state
 * matrix, log2 histograms) live in the per-CPU counters instead.
 *
 * The tables come in two generations.  Probes write to the one
 * tpstat_views_live points to; a reset publishes the other, cleared one
 * and waits for every probe to leave the old one before clearing it for
 * next time.  So a reset is exact, and no probe writes to a table that
 * is being cleared.
 */
#ifndef _TPSTAT_VIEWS_H
#define _TPSTAT_VIEWS_H

#include <linux/jump_label.h>
#include <linux/rcupdate.h>
#include <linux/types.h>
#include <linux/tpstat.h>

#include "tables/table.h"

/*
 * Each keyed view's key and values are its own (views/<name>.c, or
 * record/<name>.h where another file reads them).  Every key is
 * u64-aligned, and zeroed in full before it is filled in (table.h).  A
 * key names its namespace by ns_cookie (tpstat_net_cookie(): never
 * reused), so a namespace made later never reads a dead one's entries
 * even when it gets its inode number.  ns_inum is that namespace's inode
 * number, for display only: it comes from the same namespace, so it adds
 * no keys.
 */

/* One table per keyed view, indexed by enum tpstat_view; dense ones none. */
struct tpstat_views {
	struct tpstat_table table[__TPSTAT_VIEW_CNT];
};

/*
 * The generation probes write to, swapped by a reset (views.c): probes
 * read it in probe context (probe_body.h), readers under rcu_read_lock().
 */
extern struct tpstat_views __rcu *tpstat_views_live;
/*
 * The live generation's DEVICES hints (table.h), published with it, so
 * that a packet's probe finds its device's hint in one load rather than
 * two (the generation, then its table's hints).  Both generations'
 * hints last from load to unload, and each points only into its own
 * table: a probe that read the old ones just before a reset updates the
 * old generation, as one that read the old tpstat_views_live does, and
 * is gone when tpstat_probe_synchronize() returns.  NULL with the view
 * off.
 */
extern struct tpstat_table_hints __percpu *tpstat_views_live_dev_hints;
/* Bit per enum tpstat_view that is enabled (views= at load). */
extern unsigned long tpstat_views_enabled;

static inline bool tpstat_view_on(enum tpstat_view view)
{
	return test_bit(view, &tpstat_views_enabled);
}

/*
 * The same, for probes: views= is fixed at load, so each view's test is
 * a patched jump instead of a load and a test.
 */
extern struct static_key_false tpstat_view_keys[__TPSTAT_VIEW_CNT];

static __always_inline bool tpstat_view_hot(enum tpstat_view view)
{
	return static_branch_likely(&tpstat_view_keys[view]);
}

/*
 * On with both views every packet feeds, HISTS and DEVICES (the
 * default): a packet probe's one patched jump for the two, not one each.
 */
extern struct static_key_false tpstat_view_packet_key;

static __always_inline bool tpstat_view_packet_hot(void)
{
	return static_branch_likely(&tpstat_view_packet_key);
}

int tpstat_views_init(const char *spec, char *err, size_t err_len);
void tpstat_views_exit(void);
/* Caller: tpstat control lock held (one reset at a time). */
void tpstat_views_reset(void);
/*
 * Resets so far, bumped after each swap (released, so a reader that sees
 * the new count sees the new generation) and before the old one is
 * cleared.  A copy that yields mid-way compares it, not the live pointer:
 * the two generations alternate, so after two resets the pointer is the
 * same again but the table under it was cleared in between.
 */
extern unsigned long tpstat_views_resets;
size_t tpstat_views_bytes(void);
/*
 * Generation @g's table of keyed view @view, for a view's own upkeep of
 * both (views/devices.c); the generations live from load to unload.
 */
#define TPSTAT_VIEWS_GENS	2
struct tpstat_table *tpstat_views_gen_table(unsigned int g,
					    enum tpstat_view view);
/* Whether @view has a table (a keyed view), and its keys' namespace. */
bool tpstat_view_keyed(enum tpstat_view view);
int tpstat_view_netns_offset(enum tpstat_view view);
const char *tpstat_view_name(enum tpstat_view view);

#endif /* _TPSTAT_VIEWS_H */
