// SPDX-License-Identifier: GPL-2.0
/*
 * The generated probes: one counting probe for every tracepoint of the
 * networking trace systems that has no hand-written probe (probes.c).
 * genprobes.sh reads each tracepoint's prototype from the target headers
 * at build time (tpstat_gen_events.h); each probe is then type-checked
 * against the same declaration, check_trace_callback_type_<name>(), so a
 * prototype read wrongly is a build error, never a probe called with the
 * wrong arguments.
 *
 * A generated probe counts hits and reads no argument: it costs what the
 * lean hand-written probes cost.  It feeds no view.  Its filtered twin
 * knows only the current task, so a filter on pid or comm applies to it,
 * and one on a socket or a device keeps it out (filter.h).  The filtered
 * twin reads the filter, so it runs pinned (probe_body.h).
 */
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <net/sock.h>
#include <tpstat_gen_includes.h>

#include "base/compat.h"
#include "counters/counters.h"
#include "probes/filter.h"
#include "probes/probes.h"

#define TPSTAT_GEN_HIT(data, tp)					\
	tpstat_cpu_add(tpstat_cpu_ctrs_of(data,				\
			tpstat_data_bias(TPSTAT_EV_GEN_##tp)),		\
		       TPSTAT_SLOT_HITS + TPSTAT_EV_GEN_##tp, 1)

/* @params: "(void *__data, <the tracepoint's parameters>)". */
#define TPSTAT_GEN_EVENT(grp, tp, params)				\
static void notrace tpstat_gen_##tp params				\
{									\
	TPSTAT_GEN_HIT(__data, tp);					\
}									\
static void notrace tpstat_gen_filtered_##tp params			\
{									\
	tpstat_probe_pin();						\
	if (tpstat_filter_match(NULL, NULL, NULL))			\
		TPSTAT_GEN_HIT(__data, tp);				\
	tpstat_probe_unpin();						\
}									\
static inline void __maybe_unused tpstat_gen_check_##tp(void)		\
{									\
	check_trace_callback_type_##tp(tpstat_gen_##tp);		\
	check_trace_callback_type_##tp(tpstat_gen_filtered_##tp);	\
}
#include <tpstat_gen_events.h>
#undef TPSTAT_GEN_EVENT

const struct tpstat_probe tpstat_gen_probes[TPSTAT_NR_GEN_EVENTS] = {
#define TPSTAT_GEN_EVENT(grp, tp, params)				\
	[TPSTAT_EV_GEN_##tp - TPSTAT_NR_HAND_EVENTS] = {		\
		.fn = tpstat_gen_##tp,					\
		.views = tpstat_gen_##tp,				\
		.filtered = tpstat_gen_filtered_##tp,			\
		.variant = "generated",					\
		.fields = "",						\
	},
#include <tpstat_gen_events.h>
#undef TPSTAT_GEN_EVENT
};
