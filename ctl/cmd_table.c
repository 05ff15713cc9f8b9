// SPDX-License-Identifier: GPL-2.0
/*
 * The table of commands, from cmd_list.h, in the manner of view_table.c:
 * the command line and tpstat help loop over it, main.c runs what it
 * finds; no switch names a command.
 */
#include "cmd.h"

/* Each line of cmd_list.h declares its command's row ... */
#define CMD(name)	name##_command
extern const struct command
#include "cmd_list.h"
	cmd_list_end;	/* ends the list of declarators; never defined */
#undef CMD

/* ... and takes its place in the table. */
#define CMD(name)	(&name##_command)
static const struct command *const commands[] = {
#include "cmd_list.h"
	NULL
};
#undef CMD

const struct command *command_at(size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!commands[k])
			return NULL;
	return commands[i];
}
