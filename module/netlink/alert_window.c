// SPDX-License-Identifier: GPL-2.0
/*
 * One window of alerts (alerts.h), in the monitor's work: every CPU's
 * pending counts merged by key, then one ALERT per key, the largest
 * counts first, as many as the rate allows; then, per kind, one
 * ALERTS_LOST with what was not sent.
 *
 * Every alert goes to the initial namespace's listeners, and also to
 * those of the namespace it happened in: a namespace hears only its own
 * alerts and its own losses.  Events that a full table could not take
 * even as a loss of their namespace (alert_fold.c) are counted for the
 * initial namespace only.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jhash.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <net/genetlink.h>
#include <net/net_namespace.h>

#include "alerts/alerts.h"
#include "base/compat.h"
#include "netlink/netlink.h"
#include "record/record.h"
#include "tables/netns_index.h"

struct tpstat_alert_out {
	struct tpstat_alert_key key;
	u64 count;
};

/* What a window could not send, for one namespace and kind. */
struct tpstat_alert_loss {
	u64 ns_cookie;		/* 0: every namespace (the initial one's listeners) */
	u8 kind;
	u32 rate;
	u64 alerts, events;
};

struct tpstat_alert_window {
	u32 cap, used;
	struct tpstat_alert_out *out;		/* cap entries, hashed */
	u32 nr_losses;
	struct tpstat_alert_loss *losses;	/* cap + kinds entries */
	u32 rate;
};

static bool tpstat_listened_in(struct net *net)
{
	return genl_has_listeners(&tpstat_genl_family, net, 0);
}

/*
 * The namespace where a listener was found last, by its cookie: asked
 * first, so that a window costs one lookup while that listener stays,
 * not a step for each of thousands of idle namespaces.  Only the
 * monitor's work asks (under its mutex).
 */
static u64 tpstat_last_listened;

bool tpstat_alerts_listened(void)
{
	struct net *net;
	bool any = false;

	rcu_read_lock();
	net = tpstat_net_by_cookie(tpstat_last_listened);
	if (net && tpstat_listened_in(net)) {
		rcu_read_unlock();
		return true;
	}
	for_each_net_rcu(net) {
		if (tpstat_listened_in(net)) {
			tpstat_last_listened = tpstat_net_cookie(net);
			any = true;
			break;
		}
	}
	rcu_read_unlock();
	return any;
}

/*
 * The namespace of cookie @cookie, held, if it is alive and not init_net.
 * By cookie: a dead namespace's pending alerts never reach a namespace
 * made later with its inode number.
 */
static struct net *tpstat_other_net(u64 cookie)
{
	struct net *net, *found = NULL;

	if (!cookie || cookie == tpstat_net_cookie(&init_net))
		return NULL;
	rcu_read_lock();
	net = tpstat_net_by_cookie(cookie);
	if (net)
		found = maybe_get_net(net);
	rcu_read_unlock();
	return found;
}

static void tpstat_window_add(struct tpstat_alert_window *w,
			      const struct tpstat_alert_slot *s)
{
	u32 h = jhash2((const u32 *)&s->key, sizeof(s->key) / sizeof(u32), 0);
	u32 i;

	/* cap is twice as many as there can be keys: there is always room. */
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

static void tpstat_window_lose(struct tpstat_alert_window *w, u64 ns_cookie,
			       u8 kind, u64 alerts, u64 events)
{
	struct tpstat_alert_loss *l;
	u32 i;

	for (i = 0; i < w->nr_losses; i++) {
		l = &w->losses[i];
		if (l->ns_cookie == ns_cookie && l->kind == kind)
			goto add;
	}
	l = &w->losses[w->nr_losses++];
	l->ns_cookie = ns_cookie;
	l->kind = kind;
	l->rate = w->rate;
add:
	l->alerts += alerts;
	l->events += events;
}

/* The initial namespace's TCP transitions (alerts.h) as the keys they are. */
static void tpstat_window_add_states(struct tpstat_alert_window *w,
				     const struct tpstat_alert_pending *p)
{
	struct tpstat_alert_slot s = {
		.key = { .kind = TPSTAT_ALERT_STATES, .what = TPSTAT_A_COUNT },
	};
	unsigned int v6, cell;

	tpstat_key_ns(&s.key, &init_net);
	for (v6 = 0; v6 < 2; v6++) {
		s.key.family = v6 ? AF_INET6 : AF_INET;
		for (cell = 0; cell < TPSTAT_TCP_CELLS; cell++) {
			s.count = p->init_states[v6][cell];
			if (!s.count)
				continue;
			s.key.old_state = TPSTAT_TCP_CELL_OLD(cell);
			s.key.new_state = TPSTAT_TCP_CELL_NEW(cell);
			tpstat_window_add(w, &s);
		}
	}
}

/* Every CPU's counts of generation @gen into @w (if it has room), cleared. */
static void tpstat_window_take(struct tpstat_alert_window *w, unsigned int gen)
{
	int cpu, i, k;

	for_each_possible_cpu(cpu) {
		struct tpstat_alert_pending *p =
			&per_cpu_ptr(tpstat_alert_cpus, cpu)->gen[gen];

		for (k = 0; k < __TPSTAT_ALERT_CNT && w->out; k++)
			if (p->lost[k])
				tpstat_window_lose(w, 0, k, 0, p->lost[k]);
		for (i = 0; i < TPSTAT_ALERT_SLOTS && w->out; i++)
			if (p->slot[i].count)
				tpstat_window_add(w, &p->slot[i]);
		if (w->out)
			tpstat_window_add_states(w, p);
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

/* To the initial namespace, and to @ns_cookie's listeners if it is another. */
static bool tpstat_window_send_one(u64 ns_cookie,
				   struct sk_buff *(*build)(const void *arg),
				   const void *arg)
{
	struct sk_buff *skb = build(arg);
	struct net *net;

	if (!skb)
		return false;
	genlmsg_multicast_netns(&tpstat_genl_family, &init_net, skb, 0, 0,
				GFP_KERNEL);
	net = tpstat_other_net(ns_cookie);
	if (!net)
		return true;
	if (tpstat_listened_in(net)) {
		skb = build(arg);
		if (skb)
			genlmsg_multicast_netns(&tpstat_genl_family, net, skb, 0,
						0, GFP_KERNEL);
	}
	put_net(net);
	return true;
}

static struct sk_buff *tpstat_build_alert(const void *arg)
{
	const struct tpstat_alert_out *o = arg;

	return tpstat_alert_msg(&o->key, o->count);
}

static struct sk_buff *tpstat_build_lost(const void *arg)
{
	const struct tpstat_alert_loss *l = arg;

	return tpstat_alert_lost_msg(l->kind, l->alerts, l->events, l->rate);
}

static void tpstat_window_send(struct tpstat_alert_window *w,
			       struct tpstat_alert_totals *t)
{
	struct tpstat_alert_loss all[__TPSTAT_ALERT_CNT] = {};
	u32 i, n = 0;
	int k;

	/* Compact, then the largest counts first. */
	for (i = 0; i < w->cap && n < w->used; i++)
		if (w->out[i].count)
			w->out[n++] = w->out[i];
	sort(w->out, n, sizeof(*w->out), tpstat_alert_out_cmp, NULL);
	for (i = 0; i < n; i++) {
		const struct tpstat_alert_out *o = &w->out[i];
		const struct tpstat_alert_key *key = &o->key;

		/* A loss a CPU could still name the namespace of. */
		if (key->what == TPSTAT_A_EVENTS_LOST) {
			tpstat_window_lose(w, key->ns_cookie, key->kind, 0,
					   o->count);
			continue;
		}
		if (t->sent < w->rate &&
		    tpstat_window_send_one(key->ns_cookie, tpstat_build_alert,
					   o)) {
			t->sent++;
			continue;
		}
		tpstat_window_lose(w, key->ns_cookie, key->kind, 1, o->count);
	}
	/* Each namespace's own losses, and all of them for the initial one. */
	for (i = 0; i < w->nr_losses; i++) {
		const struct tpstat_alert_loss *l = &w->losses[i];
		struct net *net = tpstat_other_net(l->ns_cookie);

		all[l->kind].kind = l->kind;
		all[l->kind].rate = w->rate;
		all[l->kind].alerts += l->alerts;
		all[l->kind].events += l->events;
		t->alerts_lost += l->alerts;
		t->events_lost += l->events;
		if (!net)
			continue;
		if (tpstat_listened_in(net)) {
			struct sk_buff *skb = tpstat_build_lost(l);

			if (skb)
				genlmsg_multicast_netns(&tpstat_genl_family, net,
							skb, 0, 0, GFP_KERNEL);
		}
		put_net(net);
	}
	for (k = 0; k < __TPSTAT_ALERT_CNT; k++)
		if (all[k].alerts || all[k].events)
			tpstat_window_send_one(0, tpstat_build_lost, &all[k]);
}

/* Room for every CPU's slots and every matrix cell, twice over, a power of two. */
static u32 tpstat_window_cap(void)
{
	return roundup_pow_of_two(2 * (num_possible_cpus() * TPSTAT_ALERT_SLOTS +
				       2 * TPSTAT_TCP_CELLS));
}

void tpstat_alert_window_run(unsigned int gen, u32 rate,
			     struct tpstat_alert_totals *t)
{
	struct tpstat_alert_window w = { .cap = tpstat_window_cap(),
					 .rate = rate };

	memset(t, 0, sizeof(*t));
	w.out = kvcalloc(w.cap, sizeof(*w.out), GFP_KERNEL);
	/* A loss per key at most, and one per kind for unnamed ones. */
	w.losses = kvcalloc(w.cap + __TPSTAT_ALERT_CNT, sizeof(*w.losses),
			    GFP_KERNEL);
	/* Either may fail: then both go, and the window is not sent. */
	if (!w.out || !w.losses) {
		kvfree(w.losses);
		kvfree(w.out);
		w.losses = NULL;
		w.out = NULL;
	}
	tpstat_window_take(&w, gen);
	if (!w.out) {
		pr_warn_ratelimited("no memory for a window of alerts: not sent\n");
		t->failed = true;
		return;
	}
	tpstat_window_send(&w, t);
	kvfree(w.losses);
	kvfree(w.out);
}

void tpstat_alert_window_discard(void)
{
	struct tpstat_alert_window w = {};

	tpstat_window_take(&w, 0);
	tpstat_window_take(&w, 1);
}
