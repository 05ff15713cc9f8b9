// SPDX-License-Identifier: GPL-2.0
/*
 * Attach, detach and reset at run time.
 *
 * Probes never take a lock and never see a reset: resetting does not
 * write to the per-CPU counters (a remote store racing with a CPU's own
 * non-atomic add could lose either), it records the current sums as a
 * baseline that readers subtract.  So a reset is exact, and a probe that
 * runs during it is counted either before or after, never lost.
 *
 * Each event has three probes (probes.h): lean, views and filtered.  The
 * filtered ones are attached while a filter is set, else the views ones
 * if views are enabled, else the lean ones.
 */
#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "alerts/alerts.h"
#include "control/control.h"
#include "control/registry.h"
#include "control/report.h"
#include "history/recorder.h"
#include "probes/filter.h"
#include "probes/netns_counts.h"
#include "tables/views.h"

/* Guards tpstat_baseline and every attach/detach. */
static DEFINE_MUTEX(tpstat_control_lock);
/* What readers subtract: the sums at each slot's last reset. */
static struct tpstat_totals *tpstat_baseline;
/* Which probe attaching an event registers. */
static enum tpstat_probe_kind tpstat_control_kind;

static enum tpstat_probe_kind tpstat_kind_for(bool filter)
{
	if (filter)
		return TPSTAT_PROBE_FILTERED;
	return tpstat_views_enabled ? TPSTAT_PROBE_VIEWS : TPSTAT_PROBE_LEAN;
}

/*
 * A module's tracepoints (sctp, bridge) come and go with it, and
 * for_each_kernel_tracepoint() never sees them: the tracepoint core says
 * when they do, and on registration replays the modules already loaded.
 * It calls with its module list mutex held; nothing takes that one while
 * holding tpstat_control_lock.
 */
static int tpstat_module_tracepoints(struct notifier_block *nb,
				     unsigned long val, void *data)
{
	struct tp_module *tp_mod = data;
	struct module *mod = tp_mod->mod;
	unsigned int i;

	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&tpstat_control_lock);
	for (i = 0; i < mod->num_tracepoints; i++) {
		struct tracepoint *tp =
			tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]);

		if (val == MODULE_STATE_COMING)
			tpstat_registry_tracepoint_coming(tp);
		else
			tpstat_registry_tracepoint_going(tp, tpstat_system_pcpu);
	}
	mutex_unlock(&tpstat_control_lock);
	return NOTIFY_OK;
}

static struct notifier_block tpstat_module_nb = {
	.notifier_call = tpstat_module_tracepoints,
};

int tpstat_control_init(void)
{
	int err;

	tpstat_baseline = kzalloc(sizeof(*tpstat_baseline), GFP_KERNEL);
	if (!tpstat_baseline)
		return -ENOMEM;
	tpstat_control_kind = tpstat_kind_for(false);
	err = register_tracepoint_module_notifier(&tpstat_module_nb);
	if (err) {
		kfree(tpstat_baseline);
		tpstat_baseline = NULL;
	}
	return err;
}

/* Caller: every reader and writer is gone (netlink and debugfs removed). */
void tpstat_control_exit(void)
{
	DECLARE_BITMAP(all, __TPSTAT_EV_CNT);

	unregister_tracepoint_module_notifier(&tpstat_module_nb);
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
	struct tpstat_pcpu __percpu *pcpu = tpstat_system_pcpu;
	int id, err = 0;

	bitmap_zero(done, __TPSTAT_EV_CNT);
	mutex_lock(&tpstat_control_lock);
	for_each_set_bit(id, selected, __TPSTAT_EV_CNT) {
		if (tpstat_event_state(id) != TPSTAT_STATE_DETACHED)
			continue;
		err = tpstat_event_attach(id, pcpu, tpstat_control_kind);
		if (err) {
			pr_err("tpstat: cannot attach to %s: %d\n",
			       tpstat_event_full_name(id), err);
			break;
		}
		__set_bit(id, done);
	}
	if (!bitmap_empty(done, __TPSTAT_EV_CNT))
		tpstat_recorder_mark(TPSTAT_HISTORY_F_ATTACH);
	if (err) {
		for_each_set_bit(id, done, __TPSTAT_EV_CNT)
			tpstat_event_detach(id, pcpu);
		tracepoint_synchronize_unregister();
	}
	mutex_unlock(&tpstat_control_lock);
	return err;
}

/* Returns when no detached probe runs any more: its counters are still. */
void tpstat_control_detach(const unsigned long *selected)
{
	struct tpstat_pcpu __percpu *pcpu = tpstat_system_pcpu;
	int id;

	mutex_lock(&tpstat_control_lock);
	for_each_set_bit(id, selected, __TPSTAT_EV_CNT)
		tpstat_event_detach(id, pcpu);
	tpstat_recorder_mark(TPSTAT_HISTORY_F_ATTACH);
	tracepoint_synchronize_unregister();
	mutex_unlock(&tpstat_control_lock);
}

/* Caller holds the control lock; @now is scratch space. */
static void tpstat_reset_locked(const unsigned long *selected,
				struct tpstat_totals *now)
{
	unsigned int slot;

	tpstat_counters_sum(tpstat_system_pcpu, now);
	for (slot = 0; slot < TPSTAT_NR_SLOTS; slot++)
		if (test_bit(tpstat_slot_event(slot), selected))
			tpstat_baseline->slot[slot] = now->slot[slot];
	/* The keyed views mix events: they restart only with everything. */
	if (bitmap_full(selected, __TPSTAT_EV_CNT))
		tpstat_views_reset();
}

int tpstat_control_reset(const unsigned long *selected)
{
	struct tpstat_totals *now = kmalloc(sizeof(*now), GFP_KERNEL);

	if (!now)
		return -ENOMEM;
	mutex_lock(&tpstat_control_lock);
	tpstat_reset_locked(selected, now);
	tpstat_recorder_mark(TPSTAT_HISTORY_F_RESET);
	mutex_unlock(&tpstat_control_lock);
	kfree(now);
	return 0;
}

/*
 * Moves every attached event to its probe of @kind.  On failure nothing
 * has changed.  Both probes run for a while: the caller resets once the
 * old ones are gone.
 */
static int tpstat_switch_probes_locked(enum tpstat_probe_kind kind)
{
	struct tpstat_pcpu __percpu *pcpu = tpstat_system_pcpu;
	int id, err = 0;

	if (kind == tpstat_control_kind)
		return 0;
	for (id = 0; id < __TPSTAT_EV_CNT; id++) {
		err = tpstat_event_switch_begin(id, pcpu, kind);
		if (err)
			break;
	}
	if (err) {
		pr_err("tpstat: cannot attach another probe to %s: %d\n",
		       tpstat_event_full_name(id), err);
		while (id-- > 0)
			tpstat_event_switch_abort(id, pcpu, kind);
		tracepoint_synchronize_unregister();
		return err;
	}
	for (id = 0; id < __TPSTAT_EV_CNT; id++)
		tpstat_event_switch_end(id, pcpu, kind);
	tpstat_control_kind = kind;
	return 0;
}

/*
 * Setting, changing or clearing the filter (ownership of @f passes here)
 * starts every count over, so that what is read afterwards is exactly
 * what the new filter let through.  On failure the filter and the counts
 * stay as they were.
 */
int tpstat_control_set_filter(struct tpstat_filter *f)
{
	struct tpstat_totals *now = kmalloc(sizeof(*now), GFP_KERNEL);
	DECLARE_BITMAP(all, __TPSTAT_EV_CNT);
	int err;

	if (!now) {
		kfree(f);
		return -ENOMEM;
	}
	if (f && !f->fields) {
		kfree(f);
		f = NULL;
	}
	bitmap_fill(all, __TPSTAT_EV_CNT);
	mutex_lock(&tpstat_control_lock);
	if (f) {
		/* Published first: the filtered probes test it from the start. */
		tpstat_filter_set(f);
		err = tpstat_switch_probes_locked(tpstat_kind_for(true));
	} else {
		err = tpstat_switch_probes_locked(tpstat_kind_for(false));
		if (!err)
			tpstat_filter_set(NULL);
	}
	if (err) {
		/* Only a change of probes fails: there was no filter before. */
		if (f)
			tpstat_filter_set(NULL);
	} else {
		/* No probe still runs an old probe or sees the old filter. */
		tracepoint_synchronize_unregister();
		tpstat_reset_locked(all, now);
		tpstat_recorder_mark(TPSTAT_HISTORY_F_FILTER);
	}
	mutex_unlock(&tpstat_control_lock);
	kfree(now);
	return err;
}

/* The counters since load or each slot's last reset. */
void tpstat_control_read(struct tpstat_totals *totals)
{
	unsigned int slot;

	mutex_lock(&tpstat_control_lock);
	tpstat_counters_sum(tpstat_system_pcpu, totals);
	for (slot = 0; slot < TPSTAT_NR_SLOTS; slot++)
		totals->slot[slot] -= tpstat_baseline->slot[slot];
	mutex_unlock(&tpstat_control_lock);
}

static bool tpstat_control_read_all(void *unused, struct tpstat_totals *totals)
{
	tpstat_control_read(totals);
	return true;
}

/* The named, sorted values readers show; kvfree() it.  NULL: no memory. */
struct tpstat_report *tpstat_control_snapshot(void)
{
	struct tpstat_report *report =
		tpstat_report_read(tpstat_control_read_all, NULL);

	return IS_ERR(report) ? NULL : report;
}

/*
 * What tpstat_info reports: counters on every possible CPU, views,
 * alerts, and the counters of the namespaces that count their own.
 */
u64 tpstat_memory_bytes(void)
{
	return (u64)sizeof(struct tpstat_pcpu) * num_possible_cpus() +
	       sizeof(*tpstat_baseline) + tpstat_views_bytes() +
	       tpstat_alerts_bytes() + tpstat_netns_bytes();
}
