// SPDX-License-Identifier: GPL-2.0
/*
 * Whether the kernel's tracepoints call their probes with preemption
 * disabled: __DO_TRACE() runs preempt_disable_notrace() in the scope where
 * it calls the probes (5.10 to 6.12).  7.2 and 7.3 call them under
 * guard(srcu_fast_notrace)(&tracepoint_srcu), preemptible, and this file
 * does not compile there: the probe call below needs the variable that
 * only the preemption-disabling statement declares.  Any other way of
 * calling probes fails too, so an unknown kernel gets the probes' own
 * guard (compat.h), never the assumption.
 */
#include <linux/preempt.h>
#include <linux/tracepoint.h>

#undef preempt_disable_notrace
#define preempt_disable_notrace() int tpstat_preempt_off __maybe_unused = 1
#undef __DO_TRACE_CALL
#define __DO_TRACE_CALL(name, args) ((void)tpstat_preempt_off)

/* Its inline callers are compiled (and checked) whether used or not. */
DECLARE_TRACE(tpstat_conftest,
	      TP_PROTO(int value),
	      TP_ARGS(value));
