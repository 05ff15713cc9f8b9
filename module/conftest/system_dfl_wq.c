// SPDX-License-Identifier: GPL-2.0
/*
 * system_dfl_wq and system_percpu_wq: the new names of system_unbound_wq
 * and system_wq, whose old names newer kernels warn about on first use.
 */
#include <linux/workqueue.h>

static inline struct workqueue_struct *__maybe_unused conftest(void)
{
	return system_dfl_wq ? system_dfl_wq : system_percpu_wq;
}
