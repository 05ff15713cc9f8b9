// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/tpstat/: root-only, read-only views.  Both formats are
 * a public interface (docs/debugfs.md):
 *   events    "<group>:<name> <attached|detached|missing>", sorted
 *   counters  "<group>:<name>[.<metric>] <value>", sorted, for every
 *             tracepoint the running kernel has, since load or the
 *             event's last reset
 *   monitor   "<name> <value>": whether alerts flow, alert_rate, and
 *             windows, alerts sent and lost, events lost since load
 *   netns     "<name> <value>": namespaces counting their own events,
 *             their static key and its switches (netns_counts.h)
 * one file per view (debugfs_views.c), and the recorder's history
 * (debugfs_history.c).
 */
#include <linux/debugfs.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "alerts/alerts.h"
#include "control/control.h"
#include "control/registry.h"
#include "control/report.h"
#include "debugfs/debugfs.h"
#include "probes/netns_counts.h"

static struct dentry *tpstat_debugfs_dir;

static int tpstat_events_show(struct seq_file *m, void *unused)
{
	int i;

	for (i = 0; i < __TPSTAT_EV_CNT; i++) {
		enum tpstat_event_id id = tpstat_sorted_ids[i];

		seq_printf(m, "%s %s\n", tpstat_event_full_name(id),
			   tpstat_state_name(tpstat_event_state(id)));
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tpstat_events);

static int tpstat_counters_show(struct seq_file *m, void *unused)
{
	struct tpstat_report *report = tpstat_control_snapshot();
	unsigned int i;

	if (!report)
		return -ENOMEM;
	for (i = 0; i < report->count; i++)
		seq_printf(m, "%s %llu\n", report->values[i].key,
			   report->values[i].value);
	kvfree(report);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tpstat_counters);

static int tpstat_monitor_file_show(struct seq_file *m, void *unused)
{
	tpstat_monitor_show(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tpstat_monitor_file);

static int tpstat_netns_file_show(struct seq_file *m, void *unused)
{
	tpstat_netns_show(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tpstat_netns_file);

/* debugfs is optional: without it the module still counts. */
void tpstat_debugfs_init(void)
{
	tpstat_debugfs_dir = debugfs_create_dir("tpstat", NULL);
	debugfs_create_file("events", 0400, tpstat_debugfs_dir, NULL,
			    &tpstat_events_fops);
	debugfs_create_file("counters", 0400, tpstat_debugfs_dir, NULL,
			    &tpstat_counters_fops);
	debugfs_create_file("monitor", 0400, tpstat_debugfs_dir, NULL,
			    &tpstat_monitor_file_fops);
	debugfs_create_file("netns", 0400, tpstat_debugfs_dir, NULL,
			    &tpstat_netns_file_fops);
	tpstat_debugfs_views_init(tpstat_debugfs_dir);
	tpstat_debugfs_history_init(tpstat_debugfs_dir);
}

/* Waits for readers still inside the files to leave. */
void tpstat_debugfs_exit(void)
{
	debugfs_remove_recursive(tpstat_debugfs_dir);
}
