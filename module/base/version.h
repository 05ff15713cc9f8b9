/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TPSTAT_VERSION_H
#define _TPSTAT_VERSION_H

#define TPSTAT_VERSION "0.1.0"

#endif /* _TPSTAT_VERSION_H */
