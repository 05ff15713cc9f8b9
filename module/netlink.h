/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TPSTAT_NETLINK_H
#define _TPSTAT_NETLINK_H

int tpstat_netlink_init(void);
void tpstat_netlink_exit(void);

#endif /* _TPSTAT_NETLINK_H */
