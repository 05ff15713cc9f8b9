// SPDX-License-Identifier: GPL-2.0
/*
 * The monitor: once a window, a deferred work flips the generation the
 * probes fold alerts into (alerts.h), waits until none still folds into
 * the old one, and has it sent (alert_window.c), at most alert_rate
 * alerts a second.  What it cannot send is counted and said in
 * ALERTS_LOST: nothing is lost silently.
 *
 * MONITOR arms it: the static key that lets probes fold, and the work.
 * The work disarms it when the group has had no listener for a window,
 * so a monitor that went away leaves the probes as they were.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/workqueue.h>
#include <net/genetlink.h>
#include <net/net_namespace.h>

#include "alerts/alerts.h"
#include "base/compat.h"
#include "netlink/netlink.h"
#include "base/params.h"

/*
 * A window sends at most its pending tables' slots (TPSTAT_ALERT_SLOTS a
 * CPU) whatever the rate; the limit keeps the parameter meaningful.
 */
#define TPSTAT_ALERT_RATE_MAX	100000
static unsigned int alert_rate = 100;
tpstat_param_uint(alert_rate, 1, TPSTAT_ALERT_RATE_MAX);
MODULE_PARM_DESC(alert_rate,
		 "Most alerts tpstat monitor sends a second, 1 to 100000 (default 100); the rest are counted and reported as lost");

/*
 * The alert path is one for the system: armed, every probe folds its
 * event into a per-CPU pending table (bounded work, fixed memory) and
 * the work sends at most alert_rate alerts a second, whoever listens.
 * So a namespace's root arming it makes every namespace's events cost
 * that fold until no listener is left for a window, however many
 * namespaces armed it (arming is idempotent).  The host's administrator
 * may keep that to the initial namespace's: netns_monitor=0.
 */
static bool netns_monitor = true;
module_param(netns_monitor, bool, 0644);
MODULE_PARM_DESC(netns_monitor,
		 "Whether the root of a network namespace other than the initial one may arm the alerts (MONITOR) for its own events, which makes every probe fold while armed (default Y)");

#define TPSTAT_ALERT_WINDOW	HZ

/*
 * Guards armed, stopping, the static key and the totals; taken in
 * process context only.
 */
static DEFINE_MUTEX(tpstat_monitor_lock);
static bool tpstat_monitor_armed;
static bool tpstat_monitor_stopping;

/* Since load, for debugfs: what every window sent and lost. */
static struct {
	u64 requests, windows, alerts_sent, alerts_lost, events_lost, failed;
} tpstat_monitor_totals;

static void tpstat_monitor_work(struct work_struct *work);
static DECLARE_DELAYED_WORK(tpstat_monitor_dwork, tpstat_monitor_work);

/*
 * Caller: tpstat_monitor_lock.  Leaves every pending count at zero.  A
 * probe that saw the key on may still be about to fold: where probes are
 * preemptible (7.2 and 7.3 call them under SRCU-fast), an RCU grace
 * period does not wait for it, so the probes' own one (compat.h) does.
 */
static void tpstat_monitor_disarm(void)
{
	tpstat_monitor_armed = false;
	static_branch_disable(&tpstat_alerts_on);
	tpstat_probe_synchronize();
	tpstat_alert_window_discard();
}

static void tpstat_monitor_work(struct work_struct *work)
{
	unsigned int gen = READ_ONCE(tpstat_alert_gen) & 1;
	struct tpstat_alert_totals t;

	WRITE_ONCE(tpstat_alert_gen, gen ^ 1);
	/* Probes fold with interrupts off: after this, none holds @gen. */
	synchronize_rcu();
	tpstat_alert_window_run(gen, alert_rate, &t);

	mutex_lock(&tpstat_monitor_lock);
	tpstat_monitor_totals.windows++;
	tpstat_monitor_totals.alerts_sent += t.sent;
	tpstat_monitor_totals.alerts_lost += t.alerts_lost;
	tpstat_monitor_totals.events_lost += t.events_lost;
	tpstat_monitor_totals.failed += t.failed;
	if (!tpstat_monitor_stopping && tpstat_alerts_listened())
		schedule_delayed_work(&tpstat_monitor_dwork, TPSTAT_ALERT_WINDOW);
	else if (tpstat_monitor_armed)
		tpstat_monitor_disarm();
	mutex_unlock(&tpstat_monitor_lock);
}

#ifdef TPSTAT_HAVE_ALERTS
int tpstat_monitor_start(struct net *net, struct netlink_ext_ack *extack)
{
	int err = 0;

	mutex_lock(&tpstat_monitor_lock);
	if (tpstat_monitor_stopping) {
		NL_SET_ERR_MSG_MOD(extack, "tpstat is being unloaded");
		err = -ENODEV;
	} else if (!net_eq(net, &init_net) && !READ_ONCE(netns_monitor)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "the administrator keeps the alerts to the initial network namespace (module parameter netns_monitor=0)");
		err = -EPERM;
	} else if (!genl_has_listeners(&tpstat_genl_family, net, 0)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "nothing listens to the alerts group: join it first");
		err = -EINVAL;
	} else {
		tpstat_monitor_totals.requests++;
		if (!tpstat_monitor_armed) {
			tpstat_monitor_armed = true;
			static_branch_enable(&tpstat_alerts_on);
			schedule_delayed_work(&tpstat_monitor_dwork,
					      TPSTAT_ALERT_WINDOW);
		}
	}
	mutex_unlock(&tpstat_monitor_lock);
	return err;
}
#else
int tpstat_monitor_start(struct net *net, struct netlink_ext_ack *extack)
{
	NL_SET_ERR_MSG_MOD(extack,
			   "this kernel cannot keep a multicast group to administrators (no GENL_MCAST_CAP_NET_ADMIN), so there is no monitor");
	return -EOPNOTSUPP;
}
#endif

int tpstat_monitor_init(char *err, size_t err_len)
{
	if (tpstat_alerts_alloc()) {
		snprintf(err, err_len, "no memory for the pending alerts");
		return -ENOMEM;
	}
	return 0;
}

void tpstat_monitor_stop(void)
{
	mutex_lock(&tpstat_monitor_lock);
	tpstat_monitor_stopping = true;
	mutex_unlock(&tpstat_monitor_lock);
	/* A running work sees stopping and disarms; a pending one is gone. */
	cancel_delayed_work_sync(&tpstat_monitor_dwork);
	mutex_lock(&tpstat_monitor_lock);
	if (tpstat_monitor_armed)
		tpstat_monitor_disarm();
	mutex_unlock(&tpstat_monitor_lock);
}

void tpstat_monitor_show(struct seq_file *m)
{
	mutex_lock(&tpstat_monitor_lock);
	seq_printf(m, "armed %s\n", tpstat_monitor_armed ? "yes" : "no");
	seq_printf(m, "alert_rate %u\n", alert_rate);
	seq_printf(m, "requests %llu\n", tpstat_monitor_totals.requests);
	seq_printf(m, "windows %llu\n", tpstat_monitor_totals.windows);
	seq_printf(m, "alerts_sent %llu\n", tpstat_monitor_totals.alerts_sent);
	seq_printf(m, "alerts_lost %llu\n", tpstat_monitor_totals.alerts_lost);
	seq_printf(m, "events_lost %llu\n", tpstat_monitor_totals.events_lost);
	seq_printf(m, "windows_failed %llu\n", tpstat_monitor_totals.failed);
	mutex_unlock(&tpstat_monitor_lock);
}
