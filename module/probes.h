/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TPSTAT_PROBES_H
#define _TPSTAT_PROBES_H

#include <linux/tpstat.h>

/* Which of an event's probes is attached (probes.c). */
enum tpstat_probe_kind {
	TPSTAT_PROBE_LEAN,	/* counters only */
	TPSTAT_PROBE_VIEWS,	/* counters and the views */
	TPSTAT_PROBE_FILTERED,	/* the filter, then counters and the views */
};

struct tpstat_probe {
	void *fn;		/* lean; NULL: the build headers lack the tracepoint */
	void *views;
	void *filtered;
	const char *variant;	/* the arguments it takes, e.g. "skb,location" */
	const char *fields;	/* those it reads beyond counting hits */
};

/*
 * Indexed by enum tpstat_event_id.  Each probe expects, as its data
 * pointer, the struct tpstat_pcpu __percpu * it counts into.
 */
extern const struct tpstat_probe tpstat_probes[__TPSTAT_EV_CNT];

#endif /* _TPSTAT_PROBES_H */
