// SPDX-License-Identifier: GPL-2.0
/* Per-CPU counter storage: allocation and summing for readers. */
#include <linux/cache.h>
#include <linux/cpumask.h>
#include <linux/gfp.h>
#include <linux/percpu.h>

#include "counters/counters.h"

/* The system's counters (counters.h). */
struct tpstat_pcpu __percpu *tpstat_system_pcpu __read_mostly;

struct tpstat_pcpu __percpu *tpstat_counters_alloc(void)
{
	/* alloc_percpu() zeroes every CPU's copy. */
	return alloc_percpu(struct tpstat_pcpu);
}

/*
 * The same, charged to the calling task's memory cgroup: for counters
 * an unprivileged caller (a namespace's root) makes the module hold.
 */
struct tpstat_pcpu __percpu *tpstat_counters_alloc_account(void)
{
	return alloc_percpu_gfp(struct tpstat_pcpu, GFP_KERNEL_ACCOUNT);
}

void tpstat_counters_free(struct tpstat_pcpu __percpu *pcpu)
{
	free_percpu(pcpu);
}

/* The event whose probe writes @slot: what resetting that event resets. */
enum tpstat_event_id tpstat_slot_event(unsigned int slot)
{
	if (slot < TPSTAT_SLOT_HITS + __TPSTAT_EV_CNT)
		return slot - TPSTAT_SLOT_HITS;
	switch (slot) {
	case TPSTAT_SLOT_XMIT_BYTES:
	case TPSTAT_SLOT_XMIT_ERRORS:
		return TPSTAT_EV_NET_DEV_XMIT;
	case TPSTAT_SLOT_RX_BYTES:
		return TPSTAT_EV_NETIF_RECEIVE_SKB;
	case TPSTAT_SLOT_DROPS:
		return TPSTAT_EV_KFREE_SKB;
	}
	if (slot >= TPSTAT_SLOT_TCP_STATES)
		return TPSTAT_EV_INET_SOCK_SET_STATE;
	switch ((slot - TPSTAT_SLOT_HISTS) / (TPSTAT_HIST_BUCKETS + 1)) {
	case TPSTAT_HIST_SRTT:
	case TPSTAT_HIST_CWND:
		return TPSTAT_EV_TCP_PROBE;
	case TPSTAT_HIST_XMIT_LEN:
		return TPSTAT_EV_NET_DEV_XMIT;
	default:
		return TPSTAT_EV_NETIF_RECEIVE_SKB;
	}
}

/*
 * Sum every slot over all possible CPUs: a CPU that went offline keeps
 * the counts it made while it was online.
 *
 * The probe counts a TCP state change in its matrix cell only, one
 * update instead of two; its hit slot holds the other protocols' changes.
 * Adding the matrix here gives readers the hits ftrace would count.
 * Likewise a packet whose length went into its histogram (the HISTS
 * view) left its bytes in the histogram's sum only (probes.c): adding
 * the sum gives readers every packet's bytes.
 */
void tpstat_counters_sum(struct tpstat_pcpu __percpu *pcpu,
			 struct tpstat_totals *totals)
{
	u64 *state_hits =
		&totals->slot[TPSTAT_SLOT_HITS + TPSTAT_EV_INET_SOCK_SET_STATE];
	unsigned int cpu, i;

	memset(totals, 0, sizeof(*totals));
	for_each_possible_cpu(cpu) {
		const struct tpstat_pcpu *c = per_cpu_ptr(pcpu, cpu);

		for (i = 0; i < TPSTAT_NR_SLOTS; i++)
			totals->slot[i] += tpstat_ctr_read(&c->slot[i]);
	}
	for (i = 0; i < TPSTAT_TCP_CELLS; i++)
		*state_hits += totals->slot[TPSTAT_SLOT_TCP_STATES + i];
	totals->slot[TPSTAT_SLOT_XMIT_BYTES] +=
		totals->slot[TPSTAT_SLOT_HIST_SUM(TPSTAT_HIST_XMIT_LEN)];
	totals->slot[TPSTAT_SLOT_RX_BYTES] +=
		totals->slot[TPSTAT_SLOT_HIST_SUM(TPSTAT_HIST_RX_LEN)];
}
