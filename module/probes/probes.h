/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TPSTAT_PROBES_H
#define _TPSTAT_PROBES_H

#include <linux/tpstat.h>

#include "counters/event_ids.h"
#include "probes/probe_kind.h"

struct tpstat_probe {
	void *fn;		/* lean; NULL: the build headers lack the tracepoint */
	void *views;
	void *filtered;
	/* Points the lean and views probes' tail at the namespace pass. */
	void (*netns_tail)(bool on);	/* NULL: they read the static key */
	const char *variant;	/* the arguments it takes, e.g. "skb,location" */
	const char *fields;	/* those it reads beyond counting hits */
};

/*
 * Each probe expects, as its data pointer, the struct tpstat_pcpu __percpu *
 * it counts into.  The hand-written ones (probes.c) are indexed by enum
 * tpstat_event_id, the generated ones (probes_gen.c) follow them.
 */
extern const struct tpstat_probe tpstat_probes[TPSTAT_NR_HAND_EVENTS];
extern const struct tpstat_probe tpstat_gen_probes[TPSTAT_NR_GEN_EVENTS];

static inline const struct tpstat_probe *tpstat_probe(enum tpstat_event_id id)
{
	if (id < TPSTAT_NR_HAND_EVENTS)
		return &tpstat_probes[id];
	return &tpstat_gen_probes[id - TPSTAT_NR_HAND_EVENTS];
}

#endif /* _TPSTAT_PROBES_H */
