/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU counter storage.  Every figure tpstat keeps is one slot of a
 * flat per-CPU array, so summing, resetting and future views share one
 * loop.  Probes add to their own CPU's slot with an IRQ-safe per-CPU
 * operation; readers sum over all possible CPUs.
 */
#ifndef _TPSTAT_COUNTERS_H
#define _TPSTAT_COUNTERS_H

#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/percpu.h>
#include <linux/types.h>
#include <net/tcp_states.h>
#include <linux/tpstat.h>

#include "counters/event_ids.h"

/* The dense log2 histograms (the HISTS view). */
enum tpstat_hist {
	TPSTAT_HIST_SRTT,	/* tcp_probe srtt, microseconds */
	TPSTAT_HIST_CWND,	/* tcp_probe snd_cwnd, packets */
	TPSTAT_HIST_XMIT_LEN,	/* net_dev_xmit skb_len */
	TPSTAT_HIST_RX_LEN,	/* netif_receive_skb length with L2 header */
	TPSTAT_NR_HISTS
};

/*
 * TCP's states fit in 4 bits, so the transition matrix is 16 x 16 and
 * one mask keeps the probe's cell inside it, where testing both states
 * took four instructions: a short connection changes state ten times.
 */
#define TPSTAT_TCP_STATE_BITS	4
#define TPSTAT_TCP_STATE_MASK	((1 << TPSTAT_TCP_STATE_BITS) - 1)
#define TPSTAT_TCP_CELLS	(1 << (2 * TPSTAT_TCP_STATE_BITS))
static_assert(TPSTAT_TCP_STATE_MASK + 1 >= TCP_MAX_STATES);

enum tpstat_slot {
	/* Hits of event <id> are in slot TPSTAT_SLOT_HITS + id. */
	TPSTAT_SLOT_HITS = 0,
	TPSTAT_SLOT_XMIT_BYTES = TPSTAT_SLOT_HITS + __TPSTAT_EV_CNT,
	TPSTAT_SLOT_XMIT_ERRORS,
	TPSTAT_SLOT_RX_BYTES,
	TPSTAT_SLOT_DROPS,
	/*
	 * Histogram h: buckets at TPSTAT_SLOT_HIST(h, b), then its sum.
	 * Before the matrix, which a packet never adds to: arm64's add
	 * takes an offset of up to 4,095 bytes, and past it each of a
	 * packet's histogram adds cost a move and an add more.
	 */
	TPSTAT_SLOT_HISTS,
	/* TCP transition old -> new: TPSTAT_SLOT_TCP_STATE(old, new). */
	TPSTAT_SLOT_TCP_STATES = TPSTAT_SLOT_HISTS +
				 TPSTAT_NR_HISTS * (TPSTAT_HIST_BUCKETS + 1),
	TPSTAT_NR_SLOTS = TPSTAT_SLOT_TCP_STATES + TPSTAT_TCP_CELLS,
};

#define TPSTAT_SLOT_TCP_STATE(old, new) \
	(TPSTAT_SLOT_TCP_STATES + ((old) << TPSTAT_TCP_STATE_BITS) + (new))
/*
 * The matrix cell of TCP transition @old -> @new.  One mask keeps any
 * pair of values inside the matrix; states TCP passes are below 16, so
 * only values it never passes could land in a wrong cell.  A cell the
 * compiler knows is in the matrix needs no bounds check (UBSAN's, as on
 * Debian's 7.x kernels, whose call gave the probes a stack frame).
 * Unsigned long, so the slot's base folds into the address: no sign
 * extension.
 */
static __always_inline unsigned long tpstat_tcp_cell(int old, int new)
{
	return (((unsigned int)old << TPSTAT_TCP_STATE_BITS) + (unsigned int)new) &
	       (TPSTAT_TCP_CELLS - 1);
}
#define TPSTAT_TCP_CELL_OLD(cell)	((cell) >> TPSTAT_TCP_STATE_BITS)
#define TPSTAT_TCP_CELL_NEW(cell)	((cell) & TPSTAT_TCP_STATE_MASK)
#define TPSTAT_SLOT_HIST(h, b) \
	(TPSTAT_SLOT_HISTS + (h) * (TPSTAT_HIST_BUCKETS + 1) + (b))
#define TPSTAT_SLOT_HIST_SUM(h) TPSTAT_SLOT_HIST(h, TPSTAT_HIST_BUCKETS)

/* Whether @slot is a histogram's: a view's, not a counter readers get. */
static inline bool tpstat_slot_is_hist(unsigned int slot)
{
	return slot >= TPSTAT_SLOT_HISTS && slot < TPSTAT_SLOT_TCP_STATES;
}

/*
 * Bucket 0 holds 0; bucket b >= 1 holds [2^(b-1), 2^b - 1]: fls64(),
 * which is 0 for 0 on every architecture (x86-64's bsr starts from -1),
 * so a test for 0 would be paid twice.  On x86-64 it is the kernel's
 * fls64() in a 64-bit register: its + 1, an int's there, cost every
 * histogram update an add that here folds into the bucket's address.
 * ARM's clz counts 64 (32) leading zeros in 0, so there bucket 0 needs
 * no test, as fls64() makes: the bucket is 64 - clz (32 - clz).
 */
#if defined(CONFIG_ARM64)
/* clz is 64 for 0, so 0 needs no test (fls64() tests it). */
static __always_inline unsigned long tpstat_clz64(u64 v)
{
	unsigned long zeros;

	asm("clz %0, %1" : "=r" (zeros) : "r" (v));
	return zeros;
}
#elif defined(CONFIG_ARM) && __LINUX_ARM_ARCH__ >= 5
static __always_inline unsigned long tpstat_clz32(u32 v)
{
	unsigned long zeros;

	asm("clz %0, %1" : "=r" (zeros) : "r" (v));
	return zeros;
}

/* Whether the compiler knows @v is under 4 GB (a packet's length). */
#define tpstat_known_u32(v) \
	(__builtin_constant_p((u64)(v) >> 32) && !((u64)(v) >> 32))
#endif

static __always_inline unsigned long tpstat_log2_bucket(u64 v)
{
#ifdef CONFIG_X86_64
	long bitpos = -1;

	/* bsr leaves bitpos as it is for 0, as the kernel's fls64() says. */
	asm("bsrq %1,%0" : "+r" (bitpos) : "rm" (v));
	return bitpos + 1;
#elif defined(CONFIG_ARM64)
	return 64 - tpstat_clz64(v);
#else
#if defined(CONFIG_ARM) && __LINUX_ARM_ARCH__ >= 5
	if (tpstat_known_u32(v))
		return 32 - tpstat_clz32(v);
#endif
	return fls64(v);
#endif
}

/*
 * The counter of @v's bucket, @b0 its histogram's bucket 0 (a pointer to
 * a counter, per-CPU or not).  On ARM it is bucket 64's (32's) less clz:
 * one subtraction, with the shift, from an address the compiler has.
 * The index (64 - clz), then the address, cost a move of the 64 and two
 * more; the compiler folds the 64 back into the index unless it is
 * hidden in the address (OPTIMIZER_HIDE_VAR(), which costs nothing).
 */
#define tpstat_bucket_below(top, zeros) ({				\
	typeof(top) __top = (top);					\
									\
	OPTIMIZER_HIDE_VAR(__top);					\
	__top - (zeros);						\
})
#if defined(CONFIG_ARM64)
#define tpstat_log2_bucket_ctr(b0, v) \
	tpstat_bucket_below((b0) + 64, tpstat_clz64(v))
#elif defined(CONFIG_ARM) && __LINUX_ARM_ARCH__ >= 5
#define tpstat_log2_bucket_ctr(b0, v)					\
	(tpstat_known_u32(v) ?						\
	 tpstat_bucket_below((b0) + 32, tpstat_clz32(v)) :		\
	 (b0) + fls64(v))
#else
#define tpstat_log2_bucket_ctr(b0, v) ((b0) + tpstat_log2_bucket(v))
#endif

/*
 * A probe can interrupt another probe on the same CPU (task, softirq,
 * hardirq), so every update must be a single IRQ-safe per-CPU operation.
 * On 64-bit that is this_cpu_add(), one instruction on x86 (arm64 has its
 * own: ctr_arm64.h).  On 32-bit a
 * u64 this_cpu_add() is IRQ-safe too, but a reader on another CPU could
 * see a torn value; local64_t gives untorn reads there.
 */
#if BITS_PER_LONG == 64
struct tpstat_ctr {
	u64 v;
};

#ifdef CONFIG_ARM64
#include "counters/ctr_arm64.h"
#define tpstat_ctr_add(pcpu, slot_idx, n) \
	tpstat_arm64_add(&tpstat_raw_cpu_ptr(pcpu)->slot[slot_idx].v, (n))
#define tpstat_ctr_add_to(ctr, n) \
	tpstat_arm64_add(&tpstat_raw_cpu_ptr(ctr)->v, (n))
#else
#define tpstat_ctr_add(pcpu, slot_idx, n) \
	this_cpu_add((pcpu)->slot[slot_idx].v, (n))
/* The same, to the counter @ctr (a struct tpstat_ctr __percpu *). */
#define tpstat_ctr_add_to(ctr, n) this_cpu_add((ctr)->v, (n))
#endif
static inline u64 tpstat_ctr_read(const struct tpstat_ctr *ctr)
{
	return READ_ONCE(ctr->v);
}
#else
#include <asm/local64.h>
struct tpstat_ctr {
	local64_t v;
};

/*
 * A lean probe may run preemptible (7.x, compat.h) and migrate between
 * taking the pointer and adding: local64_t is an atomic64_t on 32-bit, so
 * the add is whole on whichever CPU's slot it lands, and the sum is the
 * same.  Hence raw_cpu_ptr(), which does not ask for preemption off.
 * 32-bit ARM adds with a 32-bit operand (ctr_arm.h).
 */
#if defined(CONFIG_ARM) && !defined(CONFIG_GENERIC_ATOMIC64)
#include "counters/ctr_arm.h"
#define tpstat_local64_add(n, l) tpstat_atomic64_add32((n), &(l)->a, false)
#else
#define tpstat_local64_add local64_add
#endif
#ifndef tpstat_raw_cpu_ptr
#define tpstat_raw_cpu_ptr raw_cpu_ptr
#endif
#define tpstat_ctr_add(pcpu, slot_idx, n) \
	tpstat_local64_add((n), &tpstat_raw_cpu_ptr(pcpu)->slot[slot_idx].v)
#define tpstat_ctr_add_to(ctr, n) \
	tpstat_local64_add((n), &tpstat_raw_cpu_ptr(ctr)->v)
static inline u64 tpstat_ctr_read(const struct tpstat_ctr *ctr)
{
	return local64_read((local64_t *)&ctr->v);
}
#endif

struct tpstat_pcpu {
	struct tpstat_ctr slot[TPSTAT_NR_SLOTS];
};

/*
 * A probe's body adds to its CPU's counters, which it takes once, at
 * its start (probe_body.h): tpstat_cpu_ctrs_of() its data, less the
 * data's bias (tpstat_probe_data(), below).  Where the adds go through
 * the CPU's own copy (arm64 and 32-bit: above), that is the copy: one
 * read of the per-CPU offset for all the body's adds.  Taken at each
 * add, the compiler read it again after every static key's branch (an
 * asm goto, which ends the block its value lived in): a packet's views
 * probe read it three times.  The bias comes off after the offset's
 * add, so that it folds into each add's own offset.  Elsewhere each add
 * names the CPU itself (x86-64's %gs), and they are the per-CPU pointer.
 */
#ifdef tpstat_raw_cpu_ptr
#define tpstat_cpu_ctrs_of(data, bias)					\
	((void *)((unsigned long)tpstat_raw_cpu_ptr(tpstat_data_pcpu(data)) - \
		  (bias)))
#define tpstat_cpu_slot(cpu, slot_idx)					\
	((struct tpstat_ctr *)((unsigned long)(cpu) +			\
			       (slot_idx) * sizeof(struct tpstat_ctr)))
#ifdef CONFIG_ARM64
#define tpstat_cpu_add_to(ctr, n) tpstat_arm64_add(&(ctr)->v, (n))
#else
#define tpstat_cpu_add_to(ctr, n) tpstat_local64_add((n), &(ctr)->v)
#endif
#else
#define tpstat_cpu_ctrs_of(data, bias) \
	((void *)((unsigned long)(data) - (bias)))
#define tpstat_cpu_slot(cpu, slot_idx) \
	(&tpstat_data_pcpu(cpu)->slot[slot_idx])
#define tpstat_cpu_add_to(ctr, n) tpstat_ctr_add_to(ctr, n)
#endif
/* n to counter @slot_idx of @cpu, a body's tpstat_cpu_ctrs_of(). */
#define tpstat_cpu_add(cpu, slot_idx, n) \
	tpstat_cpu_add_to(tpstat_cpu_slot(cpu, slot_idx), (n))

/* Summed over CPUs; what readers work with. */
struct tpstat_totals {
	u64 slot[TPSTAT_NR_SLOTS];
};

/*
 * The per-CPU counters reach the probes as their tracepoint's data
 * pointer, a void *.  A per-CPU pointer is not a generic pointer (on x86
 * with named address spaces it is a __seg_gs one, and a cast between the
 * two does not compile), so these two are the only conversions, through
 * the integer value, as the kernel's own per-CPU accessors do.  They cost
 * no instruction.
 */
static __always_inline void *tpstat_pcpu_data(struct tpstat_pcpu __percpu *pcpu)
{
	return (void *)(__force unsigned long)pcpu;
}

static __always_inline struct tpstat_pcpu __percpu *tpstat_data_pcpu(void *data)
{
	return (struct tpstat_pcpu __percpu __force *)(unsigned long)data;
}

/*
 * Where the adds go through the CPU's own copy (arm64 and 32-bit), a
 * probe's data is the counter in @pcpu that its event adds to on every
 * event, not the counters' start: ARM's exclusive loads take a base
 * register and no offset, so that add is then at the address the body's
 * read of the per-CPU offset gives, with no add of its own (one
 * instruction an event on arm64 and 32-bit ARM).  It is the event's hit
 * but for a TCP state change, which counts its hit in the cell of the
 * state matrix it indexes: the matrix's start is that index's base.
 * The body takes the bias back off (tpstat_cpu_ctrs_of()); the namespace
 * pass hands it a namespace's counters unbiased (netns_counts.h).
 * x86-64's adds take the per-CPU offset and the counter's in one
 * address, so there the data is the counters' start: a bias cost the
 * two probes that add to three counters an instruction.
 */
#ifdef tpstat_raw_cpu_ptr
#define tpstat_data_slot(id)						\
	((id) == TPSTAT_EV_INET_SOCK_SET_STATE ? TPSTAT_SLOT_TCP_STATES : \
	 TPSTAT_SLOT_HITS + (id))
#define tpstat_data_bias(id) (tpstat_data_slot(id) * sizeof(struct tpstat_ctr))
#else
#define tpstat_data_bias(id) 0
#endif

static __always_inline void *
tpstat_probe_data(struct tpstat_pcpu __percpu *pcpu, enum tpstat_event_id id)
{
	return (void *)((__force unsigned long)pcpu + tpstat_data_bias(id));
}

/*
 * The system's counters, which every probe's data points into
 * (registry.c), set at load before the first probe is and freed at
 * unload after the last is gone.  The namespace pass reads them here
 * rather than as an argument (probe_body.h).
 */
extern struct tpstat_pcpu __percpu *tpstat_system_pcpu;

struct tpstat_pcpu __percpu *tpstat_counters_alloc(void);
/* Charged to the caller's memory cgroup (GFP_KERNEL_ACCOUNT). */
struct tpstat_pcpu __percpu *tpstat_counters_alloc_account(void);
void tpstat_counters_free(struct tpstat_pcpu __percpu *pcpu);
enum tpstat_event_id tpstat_slot_event(unsigned int slot);
void tpstat_counters_sum(struct tpstat_pcpu __percpu *pcpu,
			 struct tpstat_totals *totals);

#endif /* _TPSTAT_COUNTERS_H */
