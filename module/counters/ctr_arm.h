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
 * exclusive monitor, and the loop runs again.
 */
#ifndef _TPSTAT_CTR_ARM_H
#define _TPSTAT_CTR_ARM_H

#include <linux/prefetch.h>
#include <linux/types.h>
#include <asm/local64.h>

static __always_inline void tpstat_local64_add32(u32 n, local64_t *l)
{
	atomic64_t *v = &l->a;
	unsigned long failed;
	s64 sum;

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
