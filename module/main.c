// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat: per-CPU counters for the kernel's network tracepoints.
 *
 * Load: find the tracepoints, parse events=, allocate the counters,
 * attach the selected probes, publish debugfs.  Unload in reverse, with
 * tracepoint_synchronize_unregister() between the last unregister and
 * freeing the counters the probes write to.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitmap.h>
#include <linux/module.h>
#include <linux/tracepoint.h>

#include "counters.h"
#include "debugfs.h"
#include "params.h"
#include "registry.h"

static char *events;
module_param(events, charp, 0444);
MODULE_PARM_DESC(events,
		 "Tracepoints to attach at load: comma-separated globs over <group>:<name> (or <name>), e.g. \"tcp:*,skb:kfree_skb\"; default all");

static struct tpstat_pcpu __percpu *tpstat_pcpu;

static void tpstat_detach_all(void)
{
	int id;

	for (id = 0; id < __TPSTAT_EV_CNT; id++)
		tpstat_event_detach(id, (void __force *)tpstat_pcpu);
	tracepoint_synchronize_unregister();
}

static int tpstat_attach_selected(const unsigned long *selected)
{
	int id, err;

	for_each_set_bit(id, selected, __TPSTAT_EV_CNT) {
		if (tpstat_event_state(id) == TPSTAT_STATE_MISSING)
			continue;
		err = tpstat_event_attach(id, (void __force *)tpstat_pcpu);
		if (err) {
			pr_err("cannot attach to %s: %d\n",
			       tpstat_event_full_name(id), err);
			tpstat_detach_all();
			return err;
		}
	}
	return 0;
}

static void tpstat_report_missing(void)
{
	int id;

	for (id = 0; id < __TPSTAT_EV_CNT; id++)
		if (tpstat_event_state(id) == TPSTAT_STATE_MISSING)
			pr_info("%s: not in this kernel, not counted\n",
				tpstat_event_full_name(id));
}

static int __init tpstat_init(void)
{
	DECLARE_BITMAP(selected, __TPSTAT_EV_CNT);
	char err_msg[128];
	int err;

	tpstat_registry_init();
	err = tpstat_parse_events(events, selected, err_msg, sizeof(err_msg));
	if (err) {
		pr_err("events=%s: %s\n", events, err_msg);
		return err;
	}
	tpstat_report_missing();

	tpstat_pcpu = tpstat_counters_alloc();
	if (!tpstat_pcpu)
		return -ENOMEM;
	err = tpstat_attach_selected(selected);
	if (err) {
		tpstat_counters_free(tpstat_pcpu);
		return err;
	}
	tpstat_debugfs_init(tpstat_pcpu);
	return 0;
}

static void __exit tpstat_exit(void)
{
	tpstat_debugfs_exit();
	tpstat_detach_all();
	tpstat_counters_free(tpstat_pcpu);
}

module_init(tpstat_init);
module_exit(tpstat_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Per-CPU counters for network tracepoints");
MODULE_VERSION("0.1.0");
