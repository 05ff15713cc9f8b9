/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TPSTAT_DEBUGFS_H
#define _TPSTAT_DEBUGFS_H

#include "counters.h"

void tpstat_debugfs_init(struct tpstat_pcpu __percpu *pcpu);
void tpstat_debugfs_exit(void);

#endif /* _TPSTAT_DEBUGFS_H */
