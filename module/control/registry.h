/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The table of tracepoints tpstat knows: names, probes, whether the
 * running kernel has each one, and whether its probe is attached.
 */
#ifndef _TPSTAT_REGISTRY_H
#define _TPSTAT_REGISTRY_H

#include <linux/tpstat.h>
#include <linux/types.h>

#include "counters/counters.h"
#include "probes/probes.h"

struct tracepoint;

struct tpstat_event {
	const char *group;
	const char *name;
};

/* Compile-time facts, indexed by enum tpstat_event_id. */
extern const struct tpstat_event tpstat_events[__TPSTAT_EV_CNT];

/* Ids ordered by full name ("<group>:<name>"), for sorted output. */
extern enum tpstat_event_id tpstat_sorted_ids[__TPSTAT_EV_CNT];

void tpstat_registry_init(void);
const char *tpstat_event_full_name(enum tpstat_event_id id);
int tpstat_event_lookup(const char *full_name);
enum tpstat_event_state tpstat_event_state(enum tpstat_event_id id);
const char *tpstat_state_name(enum tpstat_event_state state);

/*
 * Callers serialise attach and detach (control.c's lock); state readers
 * need no lock and see either state.
 */
int tpstat_event_attach(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu,
			enum tpstat_probe_kind kind);
void tpstat_event_detach(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu);
/* A module's tracepoints, as it loads and unloads (control.c). */
void tpstat_registry_tracepoint_coming(struct tracepoint *tp);
void tpstat_registry_tracepoint_going(struct tracepoint *tp,
				      struct tpstat_pcpu __percpu *pcpu);
/* Moving an attached event to another of its probes (registry.c). */
int tpstat_event_switch_begin(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu,
			      enum tpstat_probe_kind kind);
void tpstat_event_switch_abort(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu,
			       enum tpstat_probe_kind kind);
void tpstat_event_switch_end(enum tpstat_event_id id,
			struct tpstat_pcpu __percpu *pcpu,
			     enum tpstat_probe_kind kind);

#endif /* _TPSTAT_REGISTRY_H */
