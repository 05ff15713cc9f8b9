/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every hand-written probe is built from (probes.c, probes_auth.c):
 * its three entry points from one body, counting a hit, the live views.
 * Probe context: see probes.c.
 */
#ifndef _TPSTAT_PROBE_BODY_H
#define _TPSTAT_PROBE_BODY_H

#include <linux/rcupdate.h>

#include "compat.h"
#include "counters.h"
#include "alerts.h"
#include "filter.h"
#include "netns_counts.h"
#include "event_ids.h"
#include "event_net.h"
#include "probe_kind.h"
#include "views.h"

#define tpstat_hit(data, id) \
	tpstat_ctr_add(tpstat_data_pcpu(data), TPSTAT_SLOT_HITS + (id), 1)
#define tpstat_add(data, slot_idx, n) \
	tpstat_ctr_add(tpstat_data_pcpu(data), (slot_idx), (n))

/*
 * The live views generation (views.h), for a probe that found its view's
 * key on.  Never NULL there: it is published before the first probe is
 * attached, and cleared only once the last is gone (main.c).  A reset
 * clears the old generation after tpstat_probe_synchronize() (compat.h).
 */
static __always_inline struct tpstat_views *tpstat_views_hot(void)
{
	return tpstat_probe_dereference(tpstat_views_live);
}

/* The same, or NULL if @view is off. */
static __always_inline struct tpstat_views *tpstat_views(enum tpstat_view view)
{
	if (!tpstat_view_hot(view))
		return NULL;
	return tpstat_views_hot();
}

#define TPSTAT_UNPAREN(...) __VA_ARGS__

/*
 * TPSTAT_PROBE(tp, (parameters after data), (the same as arguments))
 * followed by the body, which sees data, probe_kind and the parameters.
 * The three probes are static; TPSTAT_PROBE_EXTERN makes them global, for
 * a table in another file (declare them in a header).
 *
 * While some namespace counts its own events (netns_counts.h), each probe
 * first finds the event's namespace inline: its body, run as the peek,
 * stops at tpstat_filtered_out(), which stores the namespace its
 * arguments name.  Only if that namespace may count the event does the
 * probe tail-call tpstat_twice_<tp>(), out of line, which runs its body
 * and then the namespace pass; the events of every other namespace (the
 * initial one's among them) run the body as usual.  While no namespace
 * counts, all this is a patched-out jump: the probe keeps no argument
 * across a call, so it needs no frame.
 *
 * The filtered probe and the namespace pass read what a filter change or
 * a namespace's exit replaces, so they run pinned (tpstat_probe_pin(),
 * compat.h: nothing where the kernel calls probes with preemption off);
 * so does the peek's look at the namespace.  The views probe reads the
 * live generation, which a reset replaces only after the probes' own
 * grace period (tpstat_probe_synchronize()), and the lean one only adds
 * to its own counters and folds alerts with interrupts off: neither
 * needs a pin.
 */
#define TPSTAT_PROBE(tp, params, args) \
	TPSTAT_PROBE_LINKAGE(static, tp, params, args)
#define TPSTAT_PROBE_EXTERN(tp, params, args) \
	TPSTAT_PROBE_LINKAGE(, tp, params, args)
#define TPSTAT_PROBE_LINKAGE(linkage, tp, params, args)			\
	TPSTAT_PROBES(linkage, TPSTAT_PROBE_VIEWS, tp, params, args)
/*
 * A probe whose body only counts hits reads no view, so its lean probe
 * serves as its views one too (TPSTAT_COUNTING_ENTRY): on kernels that
 * call probes preemptible, a views probe pins itself, and that would be
 * the whole of what it added.
 */
#define TPSTAT_PROBE_COUNTING(tp, params, args)				\
	TPSTAT_PROBES(static, TPSTAT_PROBE_NO_VIEWS, tp, params, args)
#define TPSTAT_PROBES(linkage, views, tp, params, args)			\
static __always_inline void tpstat_body_##tp(void *data,		\
					      const enum tpstat_probe_kind probe_kind, \
					      TPSTAT_UNPAREN params);	\
TPSTAT_PROBE_LEAN(linkage, tp, params, args)				\
views(linkage, tp, params, args)					\
static __always_inline void tpstat_body_##tp(void *data,		\
					      const enum tpstat_probe_kind probe_kind, \
					      TPSTAT_UNPAREN params)
#define TPSTAT_PROBE_NO_VIEWS(linkage, tp, params, args)
/* After the body's declaration: the peek, the namespace pass, lean, filtered. */
#define TPSTAT_PROBE_LEAN(linkage, tp, params, args)			\
static __always_inline bool tpstat_netns_wants_##tp(TPSTAT_UNPAREN params) \
{									\
	const struct net *net = &init_net;				\
									\
	tpstat_body_##tp(&net, TPSTAT_PROBE_PEEK, TPSTAT_UNPAREN args);	\
	return tpstat_netns_may_count(net);				\
}									\
static noinline notrace void tpstat_twice_##tp(void *data,		\
					       enum tpstat_probe_kind probe_kind, \
					       TPSTAT_UNPAREN params)	\
{									\
	tpstat_probe_pin();						\
	if (probe_kind == TPSTAT_PROBE_LEAN)				\
		tpstat_body_##tp(data, TPSTAT_PROBE_LEAN, TPSTAT_UNPAREN args); \
	else if (probe_kind == TPSTAT_PROBE_VIEWS)			\
		tpstat_body_##tp(data, TPSTAT_PROBE_VIEWS, TPSTAT_UNPAREN args); \
	else								\
		tpstat_body_##tp(data, TPSTAT_PROBE_FILTERED,		\
				 TPSTAT_UNPAREN args);			\
	tpstat_body_##tp(data, TPSTAT_PROBE_NETNS, TPSTAT_UNPAREN args);	\
	tpstat_probe_unpin();						\
}									\
linkage notrace void tpstat_probe_##tp(void *data, TPSTAT_UNPAREN params) \
{									\
	if (tpstat_netns_hot() && tpstat_netns_wants_##tp(TPSTAT_UNPAREN args)) \
		tpstat_twice_##tp(data, TPSTAT_PROBE_LEAN, TPSTAT_UNPAREN args); \
	else								\
		tpstat_body_##tp(data, TPSTAT_PROBE_LEAN, TPSTAT_UNPAREN args); \
}									\
linkage notrace void tpstat_filtered_##tp(void *data,			\
					  TPSTAT_UNPAREN params)	\
{									\
	if (tpstat_netns_hot() && tpstat_netns_wants_##tp(TPSTAT_UNPAREN args)) { \
		tpstat_twice_##tp(data, TPSTAT_PROBE_FILTERED,		\
				  TPSTAT_UNPAREN args);			\
		return;							\
	}								\
	tpstat_probe_pin();						\
	tpstat_body_##tp(data, TPSTAT_PROBE_FILTERED, TPSTAT_UNPAREN args); \
	tpstat_probe_unpin();						\
}									\
static inline void __maybe_unused tpstat_typecheck_##tp(void)		\
{									\
	check_trace_callback_type_##tp(tpstat_probe_##tp);		\
	check_trace_callback_type_##tp(tpstat_filtered_##tp);		\
}
#define TPSTAT_PROBE_VIEWS(linkage, tp, params, args)			\
linkage notrace void tpstat_views_##tp(void *data, TPSTAT_UNPAREN params) \
{									\
	if (tpstat_netns_hot() && tpstat_netns_wants_##tp(TPSTAT_UNPAREN args)) { \
		tpstat_twice_##tp(data, TPSTAT_PROBE_VIEWS, TPSTAT_UNPAREN args); \
		return;							\
	}								\
	tpstat_body_##tp(data, TPSTAT_PROBE_VIEWS, TPSTAT_UNPAREN args);	\
}									\
static inline void __maybe_unused tpstat_typecheck_views_##tp(void)	\
{									\
	check_trace_callback_type_##tp(tpstat_views_##tp);		\
}

/*
 * Whether the event is out: the filtered probe tests the filter; the
 * namespace pass finds the event's namespace and, if that namespace
 * counts it, points data at its counters (netns_counts.h); the peek only
 * stores that namespace where data points, and ends the body.  So every
 * body calls it once, first, before anything that has an effect.  SK,
 * SKB, DEV: what the event can tell.
 */
#define tpstat_filtered_out(sk, skb, dev)				\
	tpstat_out_in(sk, skb, dev, tpstat_event_net_or(sk, skb, dev, &init_net))
/*
 * The same for an event that always names its device @dev, or its socket
 * @sk: the tracepoint's own event prints dev->name (skb->dev->name) or
 * reads the socket, so the peek takes its namespace without testing what
 * the event might lack.  It is the namespace tpstat_filtered_out() would
 * find first; while namespaces count their own events, every event is
 * spared three or four instructions.
 */
#define tpstat_dev_filtered_out(skb, dev)				\
	tpstat_out_in(NULL, skb, dev, dev_net(dev))
#define tpstat_sk_filtered_out(sk, skb)					\
	tpstat_out_in(sk, skb, NULL, sock_net(sk))
/* The three, with @net the event's namespace, read by the peek alone. */
#define tpstat_out_in(sk, skb, dev, net)				\
	((probe_kind == TPSTAT_PROBE_FILTERED &&			\
	  !tpstat_filter_match(sk, skb, dev)) ||			\
	 (probe_kind == TPSTAT_PROBE_NETNS &&				\
	  !tpstat_netns_counts(&data, sk, skb, dev)) ||			\
	 (probe_kind == TPSTAT_PROBE_PEEK && tpstat_netns_peek(data, net)))
/* Whether the probe feeds the views; the namespace pass only counts. */
#define tpstat_feeds_views \
	(probe_kind == TPSTAT_PROBE_VIEWS || probe_kind == TPSTAT_PROBE_FILTERED)
/* Whether it folds alerts: once per event, not again for its namespace. */
#define tpstat_alerting \
	(probe_kind != TPSTAT_PROBE_NETNS && tpstat_alerts_hot())

/* A table entry of the probes of tracepoint @tp (struct tpstat_probe). */
#define TPSTAT_PROBE_READS(id, tp, args, reads)				\
	[id] = { .fn = tpstat_probe_##tp, .views = tpstat_views_##tp,	\
		 .filtered = tpstat_filtered_##tp,				\
		 .variant = args, .fields = reads }
/* That of a TPSTAT_PROBE_COUNTING() one. */
#define TPSTAT_COUNTING_ENTRY(id, tp, args)				\
	[id] = { .fn = tpstat_probe_##tp, .views = tpstat_probe_##tp,	\
		 .filtered = tpstat_filtered_##tp,				\
		 .variant = args, .fields = "" }

#endif /* _TPSTAT_PROBE_BODY_H */
