/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which body a probe runs: the probes' table (probes.h) and the bodies
 * themselves (probe_body.h) both name it.
 */
#ifndef _TPSTAT_PROBE_KIND_H
#define _TPSTAT_PROBE_KIND_H

/* Which of an event's probes is attached (probe_body.h). */
enum tpstat_probe_kind {
	TPSTAT_PROBE_LEAN,	/* counters only */
	TPSTAT_PROBE_VIEWS,	/* counters and the views */
	TPSTAT_PROBE_FILTERED,	/* the filter, then counters and the views */
	/* Not attached: each of the above runs it for a namespace that counts. */
	TPSTAT_PROBE_NETNS,
	/* Not attached: only finds the event's namespace (probe_body.h). */
	TPSTAT_PROBE_PEEK,
};

#endif /* _TPSTAT_PROBE_KIND_H */
