/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The events this build of tpstat knows, numbered for its own tables:
 * first the tracepoints with a hand-written probe (events.h), then every
 * other tracepoint the target headers declare in the networking trace
 * systems (tpstat_gen_events.h, written by genprobes.sh at build time).
 * The numbers are not an ABI: user space gets them as handles, valid for
 * one load, from the LIST_EVENTS dump (uapi/linux/tpstat.h).
 */
#ifndef _TPSTAT_EVENT_IDS_H
#define _TPSTAT_EVENT_IDS_H

enum tpstat_event_id {
#define TPSTAT_EVENT(id, grp, tp) TPSTAT_EV_##id,
#include "counters/events.h"
#undef TPSTAT_EVENT
	TPSTAT_NR_HAND_EVENTS,
	__TPSTAT_EV_LAST_HAND = TPSTAT_NR_HAND_EVENTS - 1,
#define TPSTAT_GEN_EVENT(grp, tp, params) TPSTAT_EV_GEN_##tp,
#include <tpstat_gen_events.h>
#undef TPSTAT_GEN_EVENT
	__TPSTAT_EV_CNT
};

/*
 * The same hand-written events by their tracepoints' names, for the
 * probes' macros (probe_body.h), which have only the name: the same list
 * in the same order from 0, so TPSTAT_ID_<name> is TPSTAT_EV_<id>.
 */
enum tpstat_event_by_name {
#define TPSTAT_EVENT(id, grp, tp) TPSTAT_ID_##tp,
#include "counters/events.h"
#undef TPSTAT_EVENT
};
#define tpstat_event_of(tp) ((enum tpstat_event_id)TPSTAT_ID_##tp)

#define TPSTAT_NR_GEN_EVENTS	(__TPSTAT_EV_CNT - TPSTAT_NR_HAND_EVENTS)

#endif /* _TPSTAT_EVENT_IDS_H */
