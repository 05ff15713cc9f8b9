// SPDX-License-Identifier: GPL-2.0
/*
 * The monitor: once a window, a deferred work takes the pending alert
 * counts every CPU folded (alerts.h), merges them by key and multicasts
 * one ALERT per key, the largest counts first, at most alert_rate a
 * second.  What it cannot send is counted and said in one ALERTS_LOST
 * per kind, with the events that a full pending table could not take:
 * nothing is lost silently.
 *
 * MONITOR arms it: the static key that lets probes fold, and the work.
 * The work disarms it when the group has had no listener for a window,
 * so a monitor that went away leaves the probes as they were.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jhash.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/workqueue.h>
#include <net/genetlink.h>

#include "alerts.h"
#include "compat.h"
#include "netlink.h"

static unsigned int alert_rate = 100;
module_param(alert_rate, uint, 0444);
MODULE_PARM_DESC(alert_rate,
		 "Most alerts tpstat monitor sends a second, 1 or more (default 100); the rest are counted and reported as lost");

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
	u64 requests, windows, alerts_sent, alerts_lost, events_lost;
} tpstat_monitor_totals;

static void tpstat_monitor_work(struct work_struct *work);
static DECLARE_DELAYED_WORK(tpstat_monitor_dwork, tpstat_monitor_work);

struct tpstat_alert_out {
	struct tpstat_alert_key key;
	u64 count;
};

/* What one window found, and sent. */
struct tpstat_alert_window {
	u32 cap, used;
	u64 sent, alerts_lost, events_lost;
	u64 lost[__TPSTAT_ALERT_CNT];		/* events no table took */
	struct tpstat_alert_out *out;		/* cap entries, hashed */
};

static bool tpstat_monitor_listened(void)
{
	return genl_has_listeners(&tpstat_genl_family, &init_net, 0);
}

static void tpstat_window_add(struct tpstat_alert_window *w,
			      const struct tpstat_alert_slot *s)
{
	u32 h = jhash2((const u32 *)&s->key, sizeof(s->key) / sizeof(u32), 0);
	u32 i;

	/* cap is at least twice every CPU's slots: there is always room. */
	for (i = 0; i < w->cap; i++) {
		struct tpstat_alert_out *o = &w->out[(h + i) & (w->cap - 1)];

		if (!o->count) {
			o->key = s->key;
			o->count = s->count;
			w->used++;
			return;
		}
		if (!memcmp(&o->key, &s->key, sizeof(s->key))) {
			o->count += s->count;
			return;
		}
	}
}

/*
 * Every CPU's counts of generation @gen into @w, clearing them.  Caller:
 * no probe can still be folding into @gen (a grace period after the flip).
 */
static void tpstat_window_take(struct tpstat_alert_window *w, unsigned int gen)
{
	int cpu, i, k;

	for_each_possible_cpu(cpu) {
		struct tpstat_alert_pending *p =
			&per_cpu_ptr(tpstat_alert_cpus, cpu)->gen[gen];

		for (k = 0; k < __TPSTAT_ALERT_CNT; k++)
			w->lost[k] += p->lost[k];
		for (i = 0; i < TPSTAT_ALERT_SLOTS; i++)
			if (p->slot[i].count && w->out)
				tpstat_window_add(w, &p->slot[i]);
		memset(p, 0, sizeof(*p));
	}
}

static int tpstat_alert_out_cmp(const void *a, const void *b)
{
	const struct tpstat_alert_out *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return 0;
}

static void tpstat_window_send(struct tpstat_alert_window *w)
{
	u64 alerts_lost[__TPSTAT_ALERT_CNT] = {};
	u32 i, n = 0, budget = alert_rate;
	struct sk_buff *skb;
	int k;

	/* Compact, then the largest counts first. */
	for (i = 0; i < w->cap && n < w->used; i++)
		if (w->out[i].count)
			w->out[n++] = w->out[i];
	sort(w->out, n, sizeof(*w->out), tpstat_alert_out_cmp, NULL);
	for (i = 0; i < n; i++) {
		const struct tpstat_alert_out *o = &w->out[i];

		skb = budget ? tpstat_alert_msg(&o->key, o->count) : NULL;
		if (skb) {
			budget--;
			genlmsg_multicast(&tpstat_genl_family, skb, 0, 0,
					  GFP_KERNEL);
			continue;
		}
		alerts_lost[o->key.kind]++;
		w->lost[o->key.kind] += o->count;
	}
	w->sent = alert_rate - budget;
	for (k = 0; k < __TPSTAT_ALERT_CNT; k++) {
		w->alerts_lost += alerts_lost[k];
		w->events_lost += w->lost[k];
		if (!alerts_lost[k] && !w->lost[k])
			continue;
		skb = tpstat_alert_lost_msg(k, alerts_lost[k], w->lost[k],
					    alert_rate);
		if (skb)
			genlmsg_multicast(&tpstat_genl_family, skb, 0, 0,
					  GFP_KERNEL);
	}
}

/* Room for every CPU's slots, twice over, a power of two. */
static u32 tpstat_window_cap(void)
{
	return roundup_pow_of_two(2 * num_possible_cpus() * TPSTAT_ALERT_SLOTS);
}

/* Caller: tpstat_monitor_lock.  Leaves every pending count at zero. */
static void tpstat_monitor_disarm(void)
{
	struct tpstat_alert_window w = {};

	tpstat_monitor_armed = false;
	static_branch_disable(&tpstat_alerts_on);
	synchronize_rcu();
	tpstat_window_take(&w, 0);
	tpstat_window_take(&w, 1);
}

static void tpstat_monitor_work(struct work_struct *work)
{
	struct tpstat_alert_window w = { .cap = tpstat_window_cap() };
	unsigned int gen = READ_ONCE(tpstat_alert_gen) & 1;

	w.out = kvcalloc(w.cap, sizeof(*w.out), GFP_KERNEL);
	WRITE_ONCE(tpstat_alert_gen, gen ^ 1);
	/* Probes run with preemption off: after this, none holds @gen. */
	synchronize_rcu();
	tpstat_window_take(&w, gen);
	if (w.out) {
		tpstat_window_send(&w);
		kvfree(w.out);
	} else {
		pr_warn_ratelimited("no memory for a window of alerts: not sent\n");
	}

	mutex_lock(&tpstat_monitor_lock);
	tpstat_monitor_totals.windows++;
	tpstat_monitor_totals.alerts_sent += w.sent;
	tpstat_monitor_totals.alerts_lost += w.alerts_lost;
	tpstat_monitor_totals.events_lost += w.events_lost;
	if (!tpstat_monitor_stopping && tpstat_monitor_listened())
		schedule_delayed_work(&tpstat_monitor_dwork, TPSTAT_ALERT_WINDOW);
	else if (tpstat_monitor_armed)
		tpstat_monitor_disarm();
	mutex_unlock(&tpstat_monitor_lock);
}

#ifdef TPSTAT_HAVE_ALERTS
int tpstat_monitor_start(struct netlink_ext_ack *extack)
{
	int err = 0;

	mutex_lock(&tpstat_monitor_lock);
	if (tpstat_monitor_stopping) {
		NL_SET_ERR_MSG_MOD(extack, "tpstat is being unloaded");
		err = -ENODEV;
	} else if (!tpstat_monitor_listened()) {
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
int tpstat_monitor_start(struct netlink_ext_ack *extack)
{
	NL_SET_ERR_MSG_MOD(extack,
			   "this kernel cannot keep a multicast group to administrators (no GENL_MCAST_CAP_NET_ADMIN), so there is no monitor");
	return -EOPNOTSUPP;
}
#endif

int tpstat_monitor_init(char *err, size_t err_len)
{
	if (!alert_rate) {
		snprintf(err, err_len, "alert_rate=0: must be 1 or more");
		return -EINVAL;
	}
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
	mutex_unlock(&tpstat_monitor_lock);
}
