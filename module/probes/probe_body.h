/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hot path's header: what every hand-written probe is built from
 * (probes.c, probes_auth.c), and the probe context every probe runs in,
 * stated here once for the whole module.
 *
 * The probe context.  A probe runs wherever its tracepoint fires, and
 * probes nest on one CPU: task, then softirq, then hardirq.  So a probe
 * takes no lock, allocates nothing, never sleeps and does bounded work.
 * Every per-CPU update is a single IRQ-safe operation, this_cpu_add()
 * (a local64_t add on 32-bit: counters.h), which a nested probe cannot
 * tear; what takes more than one (an alert's fold) runs with interrupts
 * off (alert_fold.c).  On every kernel:
 * - Up to 6.12 the kernel calls probes with preemption off; 7.2 and 7.3
 *   call them under SRCU-fast, preemptible, and may migrate them.
 *   conftest/probes_preempt_off.c tells which, never the version.
 * - What a probe writes to lives as long as the tracepoint's grace
 *   period, the one the kernel calls probes under: its counters (its
 *   data pointer) are freed only after tracepoint_synchronize_unregister(),
 *   and a reset clears the views' old generation only after
 *   tpstat_probe_synchronize() (compat.h), which also waits for the
 *   readers that hold it under rcu_read_lock() (view_copy.c).  So the
 *   lean and views probes run unpinned, and cost on 7.x what they cost
 *   on 6.x.
 * - What else a probe reads through an RCU pointer (the filter, a
 *   namespace's counters, the kernel's net->gen) it reads pinned to its
 *   CPU: by the kernel, or by tpstat_probe_pin() (compat.h) where the
 *   kernel does not.  So synchronize_rcu(), call_rcu() and kfree_rcu()
 *   wait for it on every kernel, and rcu_dereference_sched() is right.
 *   What must not last a preemption is pinned too: a table insert
 *   between claiming a slot and publishing its key (table.c), an alert
 *   folded into the generation it read (alerts.h).
 * - Having seen a static key on, a preemptible probe may act on it a
 *   while later: turning the alerts off waits for
 *   tpstat_probe_synchronize() before it clears what they folded
 *   (monitor.c).
 *
 * Each tracepoint has three probes, compiled from one body in which the
 * kind (probe_kind.h) is a constant, so each has only the code it needs.
 * The lean one counts and does nothing else (but fold alerts while a
 * monitor listens: alerts.h, a patched-out jump otherwise); the views one
 * also feeds the views (where the tracepoint feeds none, the lean one
 * stands in for it); the filtered one tests the filter first.  Which one
 * is attached follows views= and whether a filter is set (control.c), so
 * counting alone costs no more than the counting.  A fourth, the
 * namespace pass, is never attached: while some namespace counts its own
 * events, each of the three calls it to count the event again for its
 * namespace (netns_counts.h); otherwise it costs a patched-out jump.
 *
 * All are notrace, as the kernel's own trace_event probes are: the
 * function tracer's entry hook would cost every event an instruction.
 * Each is type-checked against the tracepoint the build headers declare
 * (check_trace_callback_type_<name>), so a prototype that does not match
 * is a build error.
 */
#ifndef _TPSTAT_PROBE_BODY_H
#define _TPSTAT_PROBE_BODY_H

#include <linux/rcupdate.h>

#include "base/compat.h"
#include "counters/counters.h"
#include "alerts/alerts.h"
#include "probes/filter.h"
#include "probes/netns_counts.h"
#include "counters/event_ids.h"
#include "probes/event_net.h"
#include "probes/probe_kind.h"
#include "tables/views.h"

/* In a body, whose data is its CPU's counters (tpstat_cpu_ctrs_of()). */
#define tpstat_hit(data, id) tpstat_cpu_add(data, TPSTAT_SLOT_HITS + (id), 1)
#define tpstat_add(data, slot_idx, n) tpstat_cpu_add(data, (slot_idx), (n))

#define TPSTAT_UNPAREN(...) __VA_ARGS__

/*
 * TPSTAT_PROBE(tp, (parameters after data), (the same as arguments), out)
 * followed by the body, which sees data, probe_kind and the parameters.
 * @out is the event's test, one of tpstat_*filtered_out() below: the
 * macro runs it first and the body only for an event it lets through,
 * with data as the test left it (the probe's own, tpstat_probe_data():
 * on ARM its event's counter; the namespace pass points it at the
 * namespace's counters), made its CPU's counters (tpstat_cpu_ctrs_of(),
 * counters.h): the body adds to them with tpstat_hit() and
 * tpstat_add().  Both are inlined into each probe, so the probes
 * compile as if the body's first statement were the test.
 *
 * The three probes are static; TPSTAT_PROBE_EXTERN makes them global, for
 * a table in another file (declare them in a header).
 *
 * While some namespace counts its own events (netns_counts.h), each probe
 * first finds the event's namespace inline: its body, run as the peek,
 * stops at tpstat_filtered_out(), which stores the namespace its
 * arguments name (struct tpstat_peek), and tpstat_netns_find() reads
 * whether it counts.  Only then is tpstat_twice_<kind>_<tp>()
 * tail-called, out of line, with that namespace's counting: it runs the
 * body, then the namespace pass, which needs no second look at the
 * namespace.  The events of every other namespace (the initial one's
 * among them) run the body as usual.  While no namespace counts, all
 * this is a patched-out jump: the probe keeps no argument across a call,
 * so it needs no frame.  On x86-64 most lean probes do it the other way
 * round, and it costs them nothing while no namespace counts:
 * TPSTAT_PROBE_TAIL_FN() below.
 *
 * The filtered probe and the namespace pass read what a filter change or
 * a namespace's exit replaces, so they run pinned (tpstat_probe_pin(),
 * compat.h: nothing where the kernel calls probes with preemption off);
 * so does the peek, from its look at another namespace than the initial
 * one to the end of the namespace pass, which unpins.  The views probe reads the live
 * generation and the lean one only adds to its own counters: as the
 * probe context says (above), neither needs a pin.
 */
#define TPSTAT_PROBE(tp, params, args, out) \
	TPSTAT_PROBE_LINKAGE(static, tp, params, args, out)
#define TPSTAT_PROBE_LINKAGE(linkage, tp, params, args, out)		\
	TPSTAT_PROBES(linkage, TPSTAT_PROBE_TAIL_FN, TPSTAT_PROBE_VIEWS,	\
		      tp, params, args, out)
/*
 * A probe whose views body calls nothing out of line: on x86-64 its
 * views probe ends with the namespaces' static call too, as its lean
 * one does (TPSTAT_PROBE_VIEWS_TAIL).  With a call in it (a device's
 * hint missed, an insert), the views probe would keep its arguments
 * for the static call in saved registers on every event.
 */
#define TPSTAT_PROBE_LEAF(tp, params, args, out)			\
	TPSTAT_PROBES(static, TPSTAT_PROBE_TAIL_FN, TPSTAT_PROBE_VIEWS_TAIL, \
		      tp, params, args, out)
/*
 * Global probes, for another file's table: their lean probe reads the
 * static key, since the table (TPSTAT_KEYED_ENTRY) cannot name this
 * file's static call.  Only the AUTH view's rare events are built so.
 */
#define TPSTAT_PROBE_EXTERN(tp, params, args, out)			\
	TPSTAT_PROBES(, TPSTAT_PROBE_FN, TPSTAT_PROBE_VIEWS,		\
		      tp, params, args, out)
/*
 * A probe whose body may fold alerts (alerts.h): a call, after which its
 * lean probe would have to keep its arguments for a tail call, in saved
 * registers, on every event.  Its lean probe reads the static key.
 */
#define TPSTAT_PROBE_ALERTING(tp, params, args, out)			\
	TPSTAT_PROBES(static, TPSTAT_PROBE_FN, TPSTAT_PROBE_VIEWS,	\
		      tp, params, args, out)
/*
 * A probe whose body only counts hits reads no view, so its lean probe
 * serves as its views one too (TPSTAT_COUNTING_ENTRY): on kernels that
 * call probes preemptible, a views probe pins itself, and that would be
 * the whole of what it added.
 */
#define TPSTAT_PROBE_COUNTING(tp, params, args, out)			\
	TPSTAT_PROBES(static, TPSTAT_PROBE_TAIL_FN, TPSTAT_PROBE_NO_VIEWS,	\
		      tp, params, args, out)
#define TPSTAT_PROBES(linkage, lean_fn, views, tp, params, args, out)	\
static __always_inline void tpstat_event_##tp(void *data,		\
					       const enum tpstat_probe_kind probe_kind, \
					       TPSTAT_UNPAREN params);	\
static __always_inline void tpstat_body_##tp(void *data,		\
					      const enum tpstat_probe_kind probe_kind, \
					      TPSTAT_UNPAREN params)	\
{									\
	if (out)							\
		return;							\
	tpstat_event_##tp(tpstat_cpu_ctrs_of(data,			\
			  probe_kind == TPSTAT_PROBE_NETNS ? 0 :	\
			  tpstat_data_bias(tpstat_event_of(tp))),	\
			  probe_kind, TPSTAT_UNPAREN args);		\
}									\
TPSTAT_PROBE_LEAN(linkage, lean_fn, tp, params, args)			\
views(linkage, tp, params, args)					\
static __always_inline void tpstat_event_##tp(void *data,		\
					       const enum tpstat_probe_kind probe_kind, \
					       TPSTAT_UNPAREN params)
#define TPSTAT_PROBE_NO_VIEWS(linkage, tp, params, args)
/*
 * The event again for its namespace: @kind's body, then the namespace
 * pass with the counting @c that the peek found.  Entered pinned, from a
 * probe's tail; unpins.  @c takes the place of the probe's data, which
 * always points into the system's counters (counters.h): with as many
 * arguments as the probe, the call is its last jump even where arguments
 * after the fourth go on the stack (32-bit ARM), where one more would
 * cost every event of the probe a frame.
 */
#define TPSTAT_TWICE(tp, name, kind, params, args)			\
static noinline notrace void						\
tpstat_twice_##name##_##tp(const struct tpstat_ns_counts *c,		\
			   TPSTAT_UNPAREN params)			\
{									\
	tpstat_body_##tp(tpstat_probe_data(tpstat_system_pcpu,		\
					   tpstat_event_of(tp)),	\
			 kind, TPSTAT_UNPAREN args);			\
	tpstat_body_##tp((void *)c, TPSTAT_PROBE_NETNS, TPSTAT_UNPAREN args); \
	tpstat_probe_unpin();						\
}

/*
 * The probe @fn_<tp> of @kind: its body, or while the event's namespace
 * counts its own, tpstat_twice_<name>_<tp>().
 */
#define TPSTAT_PROBE_FN(linkage, fn, name, kind, tp, params, args)	\
TPSTAT_TWICE(tp, name, kind, params, args)				\
linkage notrace void fn##_##tp(void *data, TPSTAT_UNPAREN params)	\
{									\
	const struct tpstat_ns_counts *c = tpstat_netns_hot() ?		\
		tpstat_netns_wants_##tp(TPSTAT_UNPAREN args) : NULL;	\
									\
	if (c)								\
		tpstat_twice_##name##_##tp(c, TPSTAT_UNPAREN args);	\
	else								\
		tpstat_body_##tp(data, kind, TPSTAT_UNPAREN args);	\
}

#ifdef TPSTAT_NETNS_TAIL_CALL
/*
 * Where the kernel patches a static call's site in place (x86-64), a
 * lean probe ends with one instead of starting with a patched jump: a
 * tail call to nothing is patched to the return itself, so while no
 * namespace counts, the namespace costs it no instruction at all.
 * While some do, it is a jump to tpstat_netns_pass_<tp>(), which looks
 * at the event's namespace and counts it there if it counts its own:
 * each site is patched whole, so an event is never counted twice nor
 * missed by the system.  The static calls follow the static key
 * (netns_counts.c), which the views and filtered probes still read:
 * their slow paths' calls would cost a tail call saved registers.
 */
#define TPSTAT_PROBE_TAIL_FN(linkage, fn, name, kind, tp, params, args) \
TPSTAT_NETNS_TAIL(tp, params, args)					\
linkage notrace void fn##_##tp(void *data, TPSTAT_UNPAREN params)	\
{									\
	tpstat_body_##tp(data, kind, TPSTAT_UNPAREN args);		\
	static_call_cond(tpstat_netns_##tp)(data, TPSTAT_UNPAREN args);	\
}
/*
 * The namespace pass of a tail-calling probe: @data, the system's
 * counters, is not read; it is there so that the probe's arguments are
 * already where the call needs them.  The counting namespace's body is
 * a function of its own, which the pass jumps to: inline, the body's
 * call of its filter would make the pass save a register for it on
 * every event, most of them a namespace's that counts nothing.
 */
#define TPSTAT_NETNS_TAIL(tp, params, args)				\
static noinline notrace void						\
tpstat_netns_own_##tp(const struct tpstat_ns_counts *c,		\
		      TPSTAT_UNPAREN params)				\
{									\
	tpstat_body_##tp((void *)c, TPSTAT_PROBE_NETNS, TPSTAT_UNPAREN args); \
	tpstat_probe_unpin();						\
}									\
static noinline notrace TPSTAT_NOENDBR void				\
tpstat_netns_pass_##tp(void *data, TPSTAT_UNPAREN params)		\
{									\
	const struct tpstat_ns_counts *c =				\
		tpstat_netns_wants_##tp(TPSTAT_UNPAREN args);		\
									\
	if (c)								\
		tpstat_netns_own_##tp(c, TPSTAT_UNPAREN args);		\
}									\
TPSTAT_NOENDBR_SYM(tpstat_netns_pass_##tp);				\
DEFINE_STATIC_CALL_NULL(tpstat_netns_##tp, tpstat_netns_pass_##tp);	\
static void tpstat_netns_tail_##tp(bool on)				\
{									\
	static_call_update(tpstat_netns_##tp,				\
			   on ? tpstat_netns_pass_##tp : NULL);		\
}
#define TPSTAT_NETNS_TAIL_ENTRY(tp) .netns_tail = tpstat_netns_tail_##tp,
/*
 * The views probe of TPSTAT_PROBE_LEAF() ends with its lean probe's
 * static call: while no namespace counts, it costs it no instruction
 * either, where the static key's test is one.
 */
#define TPSTAT_PROBE_VIEWS_TAIL(linkage, tp, params, args)		\
linkage notrace void tpstat_views_##tp(void *data, TPSTAT_UNPAREN params) \
{									\
	tpstat_body_##tp(data, TPSTAT_PROBE_VIEWS, TPSTAT_UNPAREN args); \
	static_call_cond(tpstat_netns_##tp)(data, TPSTAT_UNPAREN args);	\
}									\
static inline void __maybe_unused tpstat_typecheck_views_##tp(void)	\
{									\
	check_trace_callback_type_##tp(tpstat_views_##tp);		\
}
#else
#define TPSTAT_PROBE_TAIL_FN TPSTAT_PROBE_FN
#define TPSTAT_PROBE_VIEWS_TAIL TPSTAT_PROBE_VIEWS
#define TPSTAT_NETNS_TAIL_ENTRY(tp)
#endif

/*
 * After the body's declaration: the peek, the namespace pass, lean,
 * filtered.  tpstat_netns_wants_<tp>() returns the counting of the
 * event's namespace, pinned, if it counts its own; else NULL, unpinned.
 * The peek reads only the event's own namespace pointer, which the
 * event's socket or device holds: the initial namespace's events (which
 * it never counts) go back before the pin, which costs a preemptible
 * kernel's probes a push, the preempt count's two updates and a test;
 * so do, where it is cheaper, those of a namespace whose bucket says it
 * counts nothing (tpstat_netns_find()).
 */
#define TPSTAT_PROBE_LEAN(linkage, lean_fn, tp, params, args)		\
static __always_inline const struct tpstat_ns_counts *			\
tpstat_netns_wants_##tp(TPSTAT_UNPAREN params)				\
{									\
	struct tpstat_peek peek = { .initial = true };			\
									\
	tpstat_body_##tp(&peek, TPSTAT_PROBE_PEEK, TPSTAT_UNPAREN args);	\
	return peek.initial ? NULL : tpstat_netns_find(peek.net);	\
}									\
TPSTAT_TWICE(tp, filtered, TPSTAT_PROBE_FILTERED, params, args)		\
lean_fn(linkage, tpstat_probe, lean, TPSTAT_PROBE_LEAN, tp, params, args) \
linkage notrace void tpstat_filtered_##tp(void *data,			\
					  TPSTAT_UNPAREN params)	\
{									\
	const struct tpstat_ns_counts *c = tpstat_netns_hot() ?		\
		tpstat_netns_wants_##tp(TPSTAT_UNPAREN args) : NULL;	\
									\
	if (c) {							\
		tpstat_twice_filtered_##tp(c, TPSTAT_UNPAREN args);	\
	} else {							\
		tpstat_probe_pin();					\
		tpstat_body_##tp(data, TPSTAT_PROBE_FILTERED,		\
				 TPSTAT_UNPAREN args);			\
		tpstat_probe_unpin();					\
	}								\
}									\
static inline void __maybe_unused tpstat_typecheck_##tp(void)		\
{									\
	check_trace_callback_type_##tp(tpstat_probe_##tp);		\
	check_trace_callback_type_##tp(tpstat_filtered_##tp);		\
}
#define TPSTAT_PROBE_VIEWS(linkage, tp, params, args)			\
TPSTAT_PROBE_FN(linkage, tpstat_views, views, TPSTAT_PROBE_VIEWS, tp, params, args) \
static inline void __maybe_unused tpstat_typecheck_views_##tp(void)	\
{									\
	check_trace_callback_type_##tp(tpstat_views_##tp);		\
}

/*
 * Whether the event is out: the filtered probe tests the filter; the
 * namespace pass, whose data is the counting the peek found, tests that
 * namespace's own filter and points data at its counters
 * (netns_counts.h); the peek only stores the event's namespace where
 * data points, and ends the body.  So it is
 * every probe's TPSTAT_PROBE() @out, run before anything that has an
 * effect.  SK, SKB, DEV: what the event can tell.
 */
#define tpstat_filtered_out(sk, skb, dev)				\
	tpstat_out_peek(sk, skb, dev, tpstat_peek_event(sk, skb, dev))
/*
 * Its peek: on x86 a compare in each place the namespace may be held
 * (TPSTAT_NETNS_CMP_IN_PLACE); elsewhere one, of the namespace read.
 */
#ifdef TPSTAT_NETNS_CMP_IN_PLACE
#define tpstat_peek_event(sk, skb, dev)					\
	tpstat_event_net_at(sk, skb, dev, tpstat_peek_at,		\
			    tpstat_netns_peek(data, &init_net))
#define tpstat_peek_at(place) tpstat_netns_peek_at(data, place)
#else
#define tpstat_peek_event(sk, skb, dev)					\
	tpstat_netns_peek(data, tpstat_event_net_at(sk, skb, dev, read_pnet, \
						    &init_net))
#endif
/*
 * The same for an event that always names its device @dev, or its socket
 * @sk: the tracepoint's own event prints dev->name (skb->dev->name) or
 * reads the socket, so the peek takes its namespace without testing what
 * the event might lack.  It is the namespace tpstat_filtered_out() would
 * find first; while namespaces count their own events, every event is
 * spared three or four instructions.
 */
#define tpstat_dev_filtered_out(skb, dev)				\
	tpstat_out_peek(NULL, skb, dev, tpstat_netns_peek_at(data, &(dev)->nd_net))
#define tpstat_sk_filtered_out(sk, skb)					\
	tpstat_out_peek(sk, skb, NULL, tpstat_netns_peek_at(data, &(sk)->sk_net))
/* The three, with @peek the peek's, which alone reads the namespace. */
#define tpstat_out_peek(sk, skb, dev, peek)				\
	((probe_kind == TPSTAT_PROBE_FILTERED &&			\
	  !tpstat_filter_match(sk, skb, dev)) ||			\
	 (probe_kind == TPSTAT_PROBE_NETNS &&				\
	  tpstat_netns_pass_out(&data, sk, skb, dev)) ||		\
	 (probe_kind == TPSTAT_PROBE_PEEK && (peek)))
/* Whether the probe feeds the views; the namespace pass only counts. */
#define tpstat_feeds_views \
	(probe_kind == TPSTAT_PROBE_VIEWS || probe_kind == TPSTAT_PROBE_FILTERED)
/* Whether it folds alerts: once per event, not again for its namespace. */
#define tpstat_alerting \
	(probe_kind != TPSTAT_PROBE_NETNS && tpstat_alerts_hot())

/*
 * The table entry (struct tpstat_probe) of the probes of tracepoint @tp:
 * @args names the parameters it takes, @reads what its body reads beyond
 * counting hits.  Each probe defines its own, TPSTAT_ENTRY_<id>, beside
 * it, and the table (probes.c) gathers them.
 */
#define TPSTAT_PROBE_READS(tp, args, reads)				\
	{ .fn = tpstat_probe_##tp, .views = tpstat_views_##tp,		\
	  .filtered = tpstat_filtered_##tp, TPSTAT_NETNS_TAIL_ENTRY(tp)	\
	  .variant = args, .fields = reads }
/* That of TPSTAT_PROBE_ALERTING() and TPSTAT_PROBE_EXTERN() ones. */
#define TPSTAT_KEYED_ENTRY(tp, args, reads)				\
	{ .fn = tpstat_probe_##tp, .views = tpstat_views_##tp,		\
	  .filtered = tpstat_filtered_##tp, .variant = args, .fields = reads }
/* That of a TPSTAT_PROBE_COUNTING() one. */
#define TPSTAT_COUNTING_ENTRY(tp, args)					\
	{ .fn = tpstat_probe_##tp, .views = tpstat_probe_##tp,		\
	  .filtered = tpstat_filtered_##tp, TPSTAT_NETNS_TAIL_ENTRY(tp)	\
	  .variant = args, .fields = "" }

/*
 * The rest of the arguments if the build headers declare the tracepoint
 * of event @id (TPSTAT_HAVE_TP_<id>, conftest.sh), nothing otherwise: an
 * #ifdef that fits in a macro, for the table's list (events.h) and for
 * macros that define probes.  __is_defined() is kconfig.h's test for a
 * macro defined to 1, which those are.
 */
#define TPSTAT_IF_TP(id, ...)						\
	__TPSTAT_IF(__is_defined(TPSTAT_HAVE_TP_##id), __VA_ARGS__)
#define __TPSTAT_IF(on, ...) ___TPSTAT_IF(on, __VA_ARGS__)
#define ___TPSTAT_IF(on, ...) ____TPSTAT_IF_##on(__VA_ARGS__)
#define ____TPSTAT_IF_1(...) __VA_ARGS__
#define ____TPSTAT_IF_0(...)

#endif /* _TPSTAT_PROBE_BODY_H */
