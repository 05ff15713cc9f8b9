/* SPDX-License-Identifier: GPL-2.0 */
/* ARRAY_SIZE(), as the kernel spells it: the tool's tables are counted so. */
#ifndef TPSTAT_ARRAY_H
#define TPSTAT_ARRAY_H

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
