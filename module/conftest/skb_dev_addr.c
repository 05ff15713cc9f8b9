// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a kernel address is told from UDP's dev_scratch by its value
 * (skb_dev.h): on 64-bit, a little-endian scratch's top byte is 0 or 1
 * and kernel addresses are the upper half (on every little-endian 64-bit
 * architecture); on 32-bit, PAGE_OFFSET is above any truesize with UDP's
 * bit 31 (a 3G/1G split).  Not on s390x, whose big-endian scratch has
 * bit 31 on top, nor on MIPS32, whose PAGE_OFFSET is 0x80000000.
 */
#include <linux/build_bug.h>
#include <linux/mm.h>

#if BITS_PER_LONG == 64
#ifndef __LITTLE_ENDIAN
#error "a big-endian dev_scratch has UDP's bit 31 in its top byte"
#endif
#else
static_assert(PAGE_OFFSET >= 0xC0000000UL);
#endif

static inline unsigned long __maybe_unused conftest(void)
{
	return PAGE_OFFSET;
}
