/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The commands, one line each, in the order tpstat help lists them:
 * cmd_table.c reads this list twice, to declare each command's row
 * (<name>_command, defined with its code) and to make the table.
 * views stands for every view, each a command of its own name.
 * No include guard: it is meant to be read more than once.
 */
CMD(list),	/* cmd_counters.c: the events and their counters */
CMD(show),
CMD(watch),
CMD(history),	/* cmd_history.c: the module's flight recorder */
CMD(reset),
CMD(attach),
CMD(detach),
CMD(info),	/* cmd_info.c */
CMD(views),	/* cmd_views.c: every view of view_list.h, from view_table.c */
CMD(filter),	/* filter.c */
CMD(monitor),	/* monitor.c */
CMD(export),	/* cmd_export.c */
CMD(doctor),	/* cmd_doctor.c: findings from the views, doctor/ */
CMD(help),	/* cmd_help.c: last, as tpstat help ends with its own */
