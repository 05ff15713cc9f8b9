// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat: per-CPU counters for the kernel's network tracepoints.
 *
 * Load: find the tracepoints, parse events=, allocate the counters,
 * attach the selected probes, publish netlink and debugfs.  Unload in
 * reverse, with tracepoint_synchronize_unregister() (control.c) between
 * the last unregister and freeing the counters the probes write to.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitmap.h>
#include <linux/module.h>
#include <linux/string.h>

#include "alerts/alerts.h"
#include "base/compat.h"
#include "control/control.h"
#include "control/event_select.h"
#include "control/registry.h"
#include "counters/counters.h"
#include "debugfs/debugfs.h"
#include "history/recorder.h"
#include "netlink/netlink.h"
#include "base/params.h"
#include "probes/filter.h"
#include "probes/netns_counts.h"
#include "tables/netns_index.h"
#include "tables/views.h"
#include "base/version.h"

static char *events;
tpstat_param_string(events, TPSTAT_EVENTS_MAX_LEN);
MODULE_PARM_DESC(events,
		 "Tracepoints to attach at load: comma-separated globs over <group>:<name> (or <name>), e.g. \"tcp:*,skb:kfree_skb\", at most " __stringify(TPSTAT_EVENTS_MAX_LEN) " characters; default: the tracepoints the views use; \"*\": every network tracepoint");

static char *views;
tpstat_param_string(views, TPSTAT_VIEWS_MAX_LEN);
/*
 * MODULE_PARM_DESC(views, ...) as moduleparam.h writes it, by hand: the
 * names come from tables/list.h, which a macro's argument cannot include.
 */
static const char tpstat_views_parmdesc[] __used __section(".modinfo")
	__aligned(1) = __MODULE_INFO_PREFIX "parm=views:Views to keep: \"all\" (default), \"none\" (counters only), or a comma-separated list of "
#define TPSTAT_VIEW(id, name) #name ", "
#include "tables/list.h"
#undef TPSTAT_VIEW
	"at most " __stringify(TPSTAT_VIEWS_MAX_LEN) " characters";

/* A spec as the log shows it, before the reason: its first 64 characters. */
#define TPSTAT_SPEC_SHOWN	64

static const char *tpstat_spec_more(const char *spec)
{
	return strnlen(spec, TPSTAT_SPEC_SHOWN + 1) > TPSTAT_SPEC_SHOWN ?
	       "..." : "";
}

/*
 * One line for all of them: a kernel without the TCP-AO tracepoints would
 * otherwise print nine lines on every load.  "tpstat missing" lists them.
 */
static void tpstat_report_missing(const unsigned long *selected)
{
	char names[256];
	size_t len = 0;
	int id, n = 0;

	for_each_set_bit(id, selected, __TPSTAT_EV_CNT) {
		if (tpstat_event_state(id) != TPSTAT_STATE_MISSING)
			continue;
		len += scnprintf(names + len, sizeof(names) - len, "%s%s",
				 n++ ? ", " : "", tpstat_event_full_name(id));
	}
	if (n)
		pr_info("%d tracepoint%s not in this kernel, not counted: %s%s\n",
			n, n == 1 ? "" : "s", names,
			len == sizeof(names) - 1 ? "..." : "");
}

static int __init tpstat_init(void)
{
	DECLARE_BITMAP(selected, __TPSTAT_EV_CNT);
	char err_msg[192];
	int err;

	tpstat_registry_init();
	err = tpstat_parse_events(events, selected, err_msg, sizeof(err_msg));
	if (err) {
		pr_err("events=%.*s%s: %s\n", TPSTAT_SPEC_SHOWN, events,
		       tpstat_spec_more(events), err_msg);
		return err;
	}
	/* Before any probe: they name namespaces by it. */
	err = tpstat_net_cookie_init();
	if (err)
		return err;
	/* After the cookie's: its init reads each namespace's cookie. */
	err = tpstat_netns_index_init();
	if (err)
		goto exit_cookie;
	/*
	 * -EINVAL: views= names no view (the tables' sizes were held to
	 * their limits when the parameters were set); else no memory.
	 */
	err = tpstat_views_init(views, err_msg, sizeof(err_msg));
	if (err == -EINVAL) {
		pr_err("views=%s: %s\n", views, err_msg);
		goto exit_index;
	}
	if (err) {
		pr_err("%s: the *_keys and sockets parameters ask for more than there is\n",
		       err_msg);
		goto exit_index;
	}

	err = tpstat_monitor_init(err_msg, sizeof(err_msg));
	if (err) {
		pr_err("%s\n", err_msg);
		goto exit_views;
	}

	tpstat_system_pcpu = tpstat_counters_alloc();
	if (!tpstat_system_pcpu) {
		err = -ENOMEM;
		goto free_alerts;
	}
	err = tpstat_netns_counts_init();
	if (err)
		goto free_counters;
	err = tpstat_control_init();
	if (err)
		goto exit_netns;
	/* After control_init: it finds the tracepoints of loaded modules. */
	tpstat_report_missing(selected);
	err = tpstat_control_attach(selected);
	if (err)
		goto exit_control;
	/* After the attach: the first interval begins with the counting. */
	err = tpstat_recorder_init();
	if (err)
		goto exit_control;
	err = tpstat_netlink_init();
	if (err)
		goto exit_recorder;
	tpstat_debugfs_init();
	return 0;

exit_recorder:
	tpstat_recorder_exit();
exit_control:
	tpstat_control_exit();
	tpstat_filter_exit();
exit_netns:
	tpstat_netns_counts_exit();
free_counters:
	tpstat_counters_free(tpstat_system_pcpu);
free_alerts:
	tpstat_alerts_free();
exit_views:
	tpstat_views_exit();
exit_index:
	tpstat_netns_index_exit();
exit_cookie:
	tpstat_net_cookie_exit();
	return err;
}

/* Readers and writers first, then the probes, then what they wrote to. */
static void __exit tpstat_exit(void)
{
	tpstat_monitor_stop();
	tpstat_netlink_exit();
	tpstat_debugfs_exit();
	tpstat_recorder_exit();
	tpstat_control_exit();
	tpstat_filter_exit();
	tpstat_netns_counts_exit();
	tpstat_alerts_free();
	tpstat_counters_free(tpstat_system_pcpu);
	tpstat_views_exit();
	tpstat_netns_index_exit();
	tpstat_net_cookie_exit();
}

module_init(tpstat_init);
module_exit(tpstat_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Per-CPU counters for network tracepoints");
MODULE_VERSION(TPSTAT_VERSION);
