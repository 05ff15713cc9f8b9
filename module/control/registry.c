// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoint table: names, sorted order, lookup, and attaching probes
 * to the tracepoints the running kernel has.
 *
 * Tracepoints are found by name in one for_each_kernel_tracepoint() pass
 * and attached with tracepoint_probe_register(): most __tracepoint_*
 * symbols are not exported, so register_trace_<name>() cannot link.
 */
#include <linux/kernel.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "control/registry.h"
#include "probes/probes.h"

const struct tpstat_event tpstat_events[__TPSTAT_EV_CNT] = {
#define TPSTAT_EVENT(id, grp, tp) \
	[TPSTAT_EV_##id] = { .group = #grp, .name = #tp },
#include "counters/events.h"
#undef TPSTAT_EVENT
#define TPSTAT_GEN_EVENT(grp, tp, params) \
	[TPSTAT_EV_GEN_##tp] = { .group = #grp, .name = #tp },
#include <tpstat_gen_events.h>
#undef TPSTAT_GEN_EVENT
};

enum tpstat_event_id tpstat_sorted_ids[__TPSTAT_EV_CNT];

/* Filled once at init, then read-only. */
static char tpstat_full_names[__TPSTAT_EV_CNT][TPSTAT_EVENT_NAME_MAX];
static struct tracepoint *tpstat_tracepoints[__TPSTAT_EV_CNT];
static bool tpstat_attached[__TPSTAT_EV_CNT];
/* Which of the event's two probes is registered (probes.h), if attached. */
static void *tpstat_attached_fn[__TPSTAT_EV_CNT];

const char *tpstat_event_full_name(enum tpstat_event_id id)
{
	return tpstat_full_names[id];
}

/* Returns the id of "<group>:<name>", or -ENOENT. */
int tpstat_event_lookup(const char *full_name)
{
	int id;

	for (id = 0; id < __TPSTAT_EV_CNT; id++)
		if (!strcmp(tpstat_full_names[id], full_name))
			return id;
	return -ENOENT;
}

enum tpstat_event_state tpstat_event_state(enum tpstat_event_id id)
{
	if (!READ_ONCE(tpstat_tracepoints[id]))
		return TPSTAT_STATE_MISSING;
	return READ_ONCE(tpstat_attached[id]) ? TPSTAT_STATE_ATTACHED :
				     TPSTAT_STATE_DETACHED;
}

const char *tpstat_state_name(enum tpstat_event_state state)
{
	switch (state) {
	case TPSTAT_STATE_ATTACHED:
		return "attached";
	case TPSTAT_STATE_DETACHED:
		return "detached";
	case TPSTAT_STATE_MISSING:
		break;
	}
	return "missing";
}

static int tpstat_cmp_ids(const void *a, const void *b)
{
	const enum tpstat_event_id *ia = a, *ib = b;

	return strcmp(tpstat_full_names[*ia], tpstat_full_names[*ib]);
}

/* The event @tp is for, or -ENOENT. */
static int tpstat_tracepoint_event(const struct tracepoint *tp)
{
	int id;

	for (id = 0; id < __TPSTAT_EV_CNT; id++)
		/* A probe the build headers lack cannot be attached. */
		if (tpstat_probe(id)->fn &&
		    !strcmp(tp->name, tpstat_events[id].name))
			return id;
	return -ENOENT;
}

static void tpstat_match_tracepoint(struct tracepoint *tp, void *priv)
{
	int id = tpstat_tracepoint_event(tp);

	if (id >= 0)
		tpstat_tracepoints[id] = tp;
}

/*
 * A module's tracepoint arrives (sctp's, for one): its event is no longer
 * missing, and is detached until asked for.  Caller holds the control
 * lock.
 */
void tpstat_registry_tracepoint_coming(struct tracepoint *tp)
{
	int id = tpstat_tracepoint_event(tp);

	if (id >= 0 && !tpstat_tracepoints[id])
		WRITE_ONCE(tpstat_tracepoints[id], tp);
}

/*
 * A module's tracepoint leaves: its probe must be gone first (the
 * tracepoint core warns of one left behind), then the event is missing.
 * Its counters stay.  Caller holds the control lock.
 */
void tpstat_registry_tracepoint_going(struct tracepoint *tp,
				      struct tpstat_pcpu __percpu *pcpu)
{
	int id = tpstat_tracepoint_event(tp);

	if (id < 0 || tpstat_tracepoints[id] != tp)
		return;
	tpstat_event_detach(id, pcpu);
	WRITE_ONCE(tpstat_tracepoints[id], NULL);
}

/* Builds the names and sorted order, and finds the kernel's tracepoints. */
void tpstat_registry_init(void)
{
	int id;

	for (id = 0; id < __TPSTAT_EV_CNT; id++) {
		snprintf(tpstat_full_names[id], TPSTAT_EVENT_NAME_MAX, "%s:%s",
			 tpstat_events[id].group, tpstat_events[id].name);
		tpstat_sorted_ids[id] = id;
		tpstat_tracepoints[id] = NULL;
		tpstat_attached[id] = false;
		tpstat_attached_fn[id] = NULL;
	}
	sort(tpstat_sorted_ids, __TPSTAT_EV_CNT, sizeof(tpstat_sorted_ids[0]),
	     tpstat_cmp_ids, NULL);
	for_each_kernel_tracepoint(tpstat_match_tracepoint, NULL);
}

static void *tpstat_probe_fn(enum tpstat_event_id id,
			     enum tpstat_probe_kind kind)
{
	switch (kind) {
	case TPSTAT_PROBE_VIEWS:
		return tpstat_probe(id)->views;
	case TPSTAT_PROBE_FILTERED:
		return tpstat_probe(id)->filtered;
	case TPSTAT_PROBE_LEAN:
	case TPSTAT_PROBE_NETNS:	/* never attached: the others call it */
	case TPSTAT_PROBE_PEEK:
		break;
	}
	return tpstat_probe(id)->fn;
}

/*
 * Caller holds the control lock (control.c).  The event must not be
 * missing.  @kind says which of its probes.
 */
int tpstat_event_attach(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu,
			enum tpstat_probe_kind kind)
{
	void *fn = tpstat_probe_fn(id, kind);
	int err;

	if (tpstat_attached[id])
		return 0;
	err = tracepoint_probe_register(tpstat_tracepoints[id], fn,
					tpstat_probe_data(pcpu, id));
	if (err)
		return err;
	tpstat_attached_fn[id] = fn;
	WRITE_ONCE(tpstat_attached[id], true);
	return 0;
}

/*
 * The probe may still be running on another CPU when this returns: call
 * tracepoint_synchronize_unregister() before freeing what it uses.
 */
void tpstat_event_detach(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu)
{
	if (!tpstat_attached[id])
		return;
	WARN_ON_ONCE(tracepoint_probe_unregister(tpstat_tracepoints[id],
						 tpstat_attached_fn[id],
						 tpstat_probe_data(pcpu, id)));
	tpstat_attached_fn[id] = NULL;
	WRITE_ONCE(tpstat_attached[id], false);
}

/*
 * Switching an attached event to another of its probes (@kind) takes
 * two steps, so that a failure changes nothing: begin registers it beside
 * the current one, and both run until end drops the current one, or abort
 * the new one.  In between an event is counted twice: callers reset after.
 */
/* The probe of @kind to switch @id to, or NULL if there is nothing to do. */
static void *tpstat_switch_target(enum tpstat_event_id id,
				  enum tpstat_probe_kind kind)
{
	void *fn = tpstat_probe_fn(id, kind);

	if (!tpstat_attached[id] || tpstat_attached_fn[id] == fn)
		return NULL;
	return fn;
}

int tpstat_event_switch_begin(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu,
			      enum tpstat_probe_kind kind)
{
	void *fn = tpstat_switch_target(id, kind);

	return fn ? tracepoint_probe_register(tpstat_tracepoints[id], fn,
					      tpstat_probe_data(pcpu, id)) : 0;
}

void tpstat_event_switch_abort(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu,
			       enum tpstat_probe_kind kind)
{
	void *fn = tpstat_switch_target(id, kind);

	if (fn)
		WARN_ON_ONCE(tracepoint_probe_unregister(tpstat_tracepoints[id],
							 fn, tpstat_probe_data(pcpu, id)));
}

void tpstat_event_switch_end(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu,
			     enum tpstat_probe_kind kind)
{
	void *fn = tpstat_switch_target(id, kind);

	if (!fn)
		return;
	WARN_ON_ONCE(tracepoint_probe_unregister(tpstat_tracepoints[id],
						 tpstat_attached_fn[id],
						 tpstat_probe_data(pcpu, id)));
	tpstat_attached_fn[id] = fn;
}
