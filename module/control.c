// SPDX-License-Identifier: GPL-2.0
/*
 * Attach, detach and reset at run time.
 *
 * Probes never take a lock and never see a reset: resetting does not
 * write to the per-CPU counters (a remote store racing with a CPU's own
 * non-atomic add could lose either), it records the current sums as a
 * baseline that readers subtract.  So a reset is exact, and a probe that
 * runs during it is counted either before or after, never lost.
 */
#include <linux/bitmap.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "control.h"
#include "registry.h"
#include "report.h"
#include "views.h"

/* Guards tpstat_baseline and every attach/detach. */
static DEFINE_MUTEX(tpstat_control_lock);
static struct tpstat_pcpu __percpu *tpstat_control_pcpu;
/* What readers subtract: the sums at each slot's last reset. */
static struct tpstat_totals *tpstat_baseline;

int tpstat_control_init(struct tpstat_pcpu __percpu *pcpu)
{
	tpstat_baseline = kzalloc(sizeof(*tpstat_baseline), GFP_KERNEL);
	if (!tpstat_baseline)
		return -ENOMEM;
	tpstat_control_pcpu = pcpu;
	return 0;
}

/* Caller: every reader and writer is gone (netlink and debugfs removed). */
void tpstat_control_exit(void)
{
	DECLARE_BITMAP(all, __TPSTAT_EV_CNT);

	bitmap_fill(all, __TPSTAT_EV_CNT);
	tpstat_control_detach(all);
	kfree(tpstat_baseline);
	tpstat_baseline = NULL;
}

/*
 * Attaches every selected event the kernel has.  On failure, the ones
 * this call attached are detached again and the error returned.
 */
int tpstat_control_attach(const unsigned long *selected)
{
	DECLARE_BITMAP(done, __TPSTAT_EV_CNT);
	void *data = (void __force *)tpstat_control_pcpu;
	int id, err = 0;

	bitmap_zero(done, __TPSTAT_EV_CNT);
	mutex_lock(&tpstat_control_lock);
	for_each_set_bit(id, selected, __TPSTAT_EV_CNT) {
		if (tpstat_event_state(id) != TPSTAT_STATE_DETACHED)
			continue;
		err = tpstat_event_attach(id, data);
		if (err) {
			pr_err("tpstat: cannot attach to %s: %d\n",
			       tpstat_event_full_name(id), err);
			break;
		}
		__set_bit(id, done);
	}
	if (err) {
		for_each_set_bit(id, done, __TPSTAT_EV_CNT)
			tpstat_event_detach(id, data);
		tracepoint_synchronize_unregister();
	}
	mutex_unlock(&tpstat_control_lock);
	return err;
}

/* Returns when no detached probe runs any more: its counters are still. */
void tpstat_control_detach(const unsigned long *selected)
{
	void *data = (void __force *)tpstat_control_pcpu;
	int id;

	mutex_lock(&tpstat_control_lock);
	for_each_set_bit(id, selected, __TPSTAT_EV_CNT)
		tpstat_event_detach(id, data);
	tracepoint_synchronize_unregister();
	mutex_unlock(&tpstat_control_lock);
}

int tpstat_control_reset(const unsigned long *selected)
{
	struct tpstat_totals *now = kmalloc(sizeof(*now), GFP_KERNEL);
	unsigned int slot;

	if (!now)
		return -ENOMEM;
	mutex_lock(&tpstat_control_lock);
	tpstat_counters_sum(tpstat_control_pcpu, now);
	for (slot = 0; slot < TPSTAT_NR_SLOTS; slot++)
		if (test_bit(tpstat_slot_event(slot), selected))
			tpstat_baseline->slot[slot] = now->slot[slot];
	/* The keyed views mix events: they restart only with everything. */
	if (bitmap_full(selected, __TPSTAT_EV_CNT))
		tpstat_views_reset();
	mutex_unlock(&tpstat_control_lock);
	kfree(now);
	return 0;
}

/* The counters since load or each slot's last reset. */
void tpstat_control_read(struct tpstat_totals *totals)
{
	unsigned int slot;

	mutex_lock(&tpstat_control_lock);
	tpstat_counters_sum(tpstat_control_pcpu, totals);
	for (slot = 0; slot < TPSTAT_NR_SLOTS; slot++)
		totals->slot[slot] -= tpstat_baseline->slot[slot];
	mutex_unlock(&tpstat_control_lock);
}

/* The named, sorted values readers show; kvfree() it.  NULL: no memory. */
struct tpstat_report *tpstat_control_snapshot(void)
{
	struct tpstat_totals *totals = kmalloc(sizeof(*totals), GFP_KERNEL);
	struct tpstat_report *report = kvmalloc(sizeof(*report), GFP_KERNEL);

	if (totals && report) {
		tpstat_control_read(totals);
		tpstat_report_build(totals, report);
	} else {
		kvfree(report);
		report = NULL;
	}
	kfree(totals);
	return report;
}

/* What tpstat_info reports: counters on every possible CPU, and views. */
u64 tpstat_memory_bytes(void)
{
	return (u64)sizeof(struct tpstat_pcpu) * num_possible_cpus() +
	       sizeof(*tpstat_baseline) + tpstat_views_bytes();
}
