/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit ARM's counter add (counters.h): the exclusive-access loop of the
 * kernel's atomic64_add(), with a 32-bit operand.  atomic64_add() takes a
 * 64-bit one, so a probe's +1 costs two moves into a register pair, and
 * its result a second pair, which the probe then saves and restores.
 * Every add of a probe is under 4 GB (a count, or one packet's bytes):
 * the high word takes only the carry, as an immediate, and the result is
 * free to use the registers the operand no longer needs.  IRQ-safe as
 * atomic64_add() is: an exception between ldrexd and strexd clears the
 * exclusive monitor, and the loop runs again.  A counter needs no
 * prefetch for writing first, as atomic64_add() has: a CPU's own
 * counters are written by it alone, so their line is already its own
 * but for a reader's rare visit.
 *
 * The add is atomic on whichever CPU's slot its address names, so a
 * probe may read the per-CPU offset once for all its updates (a probe
 * migrated in between, on 7.x, adds whole to the slot of the CPU it
 * left; the sum over CPUs is the same).  The kernel's __my_cpu_offset()
 * hazards its read against barrier() with a fake read of the stack,
 * which an exclusive store may alias, so each update read it again;
 * without it the compiler may reuse it, and a probe's body reads it
 * once, at its start (tpstat_cpu_ctrs_of(), counters.h).  ARMv6 reads
 * it another way (patched at boot), and a kernel without SMP has no
 * offset to read.
 */
#ifndef _TPSTAT_CTR_ARM_H
#define _TPSTAT_CTR_ARM_H

#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/prefetch.h>
#include <linux/types.h>
#include <asm/local64.h>

#if defined(CONFIG_SMP) && !defined(CONFIG_CPU_V6)
static __always_inline unsigned long tpstat_cpu_offset(void)
{
	unsigned long off;

	asm("mrc p15, 0, %0, c13, c0, 4" : "=r" (off));	/* TPIDRPRW */
	return off;
}

#define tpstat_raw_cpu_ptr(ptr) SHIFT_PERCPU_PTR(ptr, tpstat_cpu_offset())
#endif

/*
 * A per-CPU counter's line is its CPU's; a value that every CPU adds to
 * (a view's, counters/val_add.h) is prefetched for writing first, as
 * atomic64_add() does.
 */
static __always_inline void tpstat_atomic64_add32(u32 n, atomic64_t *v,
						  const bool shared)
{
	unsigned long failed;
	s64 sum;

	if (shared)
		prefetchw(&v->counter);
	asm volatile("@ a tpstat counter\n"
		     "1:	ldrexd	%0, %H0, [%3]\n"
		     "	adds	%Q0, %Q0, %4\n"
		     "	adc	%R0, %R0, #0\n"
		     "	strexd	%1, %0, %H0, [%3]\n"
		     "	teq	%1, #0\n"
		     "	bne	1b"
		     : "=&r" (sum), "=&r" (failed), "+Qo" (v->counter)
		     : "r" (&v->counter), "rI" (n)
		     : "cc");
}

#endif /* _TPSTAT_CTR_ARM_H */
