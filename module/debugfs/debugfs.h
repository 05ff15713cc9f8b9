/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TPSTAT_DEBUGFS_H
#define _TPSTAT_DEBUGFS_H

void tpstat_debugfs_init(void);
void tpstat_debugfs_exit(void);

struct dentry;
void tpstat_debugfs_views_init(struct dentry *dir);
void tpstat_debugfs_history_init(struct dentry *dir);

#endif /* _TPSTAT_DEBUGFS_H */
