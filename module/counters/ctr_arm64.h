/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64's counter add (counters.h).  this_cpu_add() brackets its
 * exclusive-access loop with preempt_disable_notrace() and its enable,
 * which are barrier()s where the kernel counts no preemption, so each
 * update reads the per-CPU offset again (the kernel's offset read is
 * hazarded against barrier() by a fake read of the stack), and its
 * operand must be a register: a +1 costs a move.  A probe's counters
 * are added to with an atomic operation on whichever CPU's slot the
 * address names, so a probe may read the offset once and use it for all
 * its updates: on a kernel that calls probes preemptible (7.x) a probe
 * migrated in between adds whole to the slot of the CPU it left, and the
 * sum over CPUs is the same.  The offset is read from the register the
 * kernel's __kern_my_cpu_offset() reads, without the stack hazard, so
 * the compiler may reuse it; a probe's body reads it once, at its start
 * (tpstat_cpu_ctrs_of(), counters.h).  The add takes an immediate.
 * With LSE atomics (patched in at boot, as the kernel's own) the loop
 * is a move and a stadd.
 */
#ifndef _TPSTAT_CTR_ARM64_H
#define _TPSTAT_CTR_ARM64_H

#include <linux/types.h>
#include <asm/alternative.h>
#include <asm/lse.h>

static __always_inline unsigned long tpstat_cpu_offset(void)
{
	unsigned long off;

	asm(ALTERNATIVE("mrs %0, tpidr_el1",
			"mrs %0, tpidr_el2",
			ARM64_HAS_VIRT_HOST_EXTN)
	    : "=r" (off));
	return off;
}

/*
 * This CPU's copy of a per-CPU object: a probe's updates share one read
 * of the offset, and one sum of it with the object's base.
 */
#define tpstat_raw_cpu_ptr(ptr) SHIFT_PERCPU_PTR(ptr, tpstat_cpu_offset())

/*
 * @n is a register or an add's immediate (0 to 4095): every constant a
 * probe adds is 1 or a header's length, which the LSE variant's mov
 * also takes.  A per-CPU counter's line is its CPU's; a value that
 * every CPU adds to (a view's, counters/val_add.h) is prefetched for
 * writing first, as the kernel's atomic64_add() does.
 */
#define TPSTAT_ARM64_ADD(name, prefetch, lse_nops)			\
static __always_inline void name(u64 *ctr, u64 n)			\
{									\
	unsigned int loop;						\
	u64 tmp;							\
									\
	asm volatile(ARM64_LSE_ATOMIC_INSN(prefetch			\
					   "1:	ldxr	%[tmp], %[ctr]\n"	\
					   "	add	%[tmp], %[tmp], %[n]\n" \
					   "	stxr	%w[loop], %[tmp], %[ctr]\n" \
					   "	cbnz	%w[loop], 1b",		\
					   "	mov	%[tmp], %[n]\n"		\
					   "	stadd	%[tmp], %[ctr]\n"	\
					   __nops(lse_nops))			\
		     : [loop] "=&r" (loop), [tmp] "=&r" (tmp),		\
		       [ctr] "+Q" (*ctr)					\
		     : [n] "rI" (n));					\
}

TPSTAT_ARM64_ADD(tpstat_arm64_add, "", 2)
TPSTAT_ARM64_ADD(tpstat_arm64_add_shared, "	prfm	pstl1strm, %[ctr]\n", 3)

#endif /* _TPSTAT_CTR_ARM64_H */
