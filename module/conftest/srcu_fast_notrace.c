// SPDX-License-Identifier: GPL-2.0
/*
 * The reader guard 7.2 and 7.3 call probes under (probes_preempt_off.c):
 * guard(srcu_fast_notrace)(&tracepoint_srcu).  The KUnit tests enter it
 * to stand for a preempted probe.
 */
#include <linux/srcu.h>
#include <linux/tracepoint.h>

static inline void __maybe_unused conftest(void)
{
	guard(srcu_fast_notrace)(&tracepoint_srcu);
}
