/* SPDX-License-Identifier: GPL-2.0 */
/* The workloads' clock: CLOCK_MONOTONIC in ns (guest ns under -icount). */
#ifndef TPSTAT_BENCH_CLOCK_H
#define TPSTAT_BENCH_CLOCK_H

#include <time.h>

static inline long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

#endif
