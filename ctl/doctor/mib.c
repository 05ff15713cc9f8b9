// SPDX-License-Identifier: GPL-2.0
/*
 * The MIBs doctor reads beside the views: /proc/net/netstat's TcpExt,
 * as nstat reads it, of the namespace the tool runs in.  Counted since
 * the namespace began, so only their change over an interval (-i) is
 * a finding's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../doctor.h"

/* What separates a line's words: blanks, and its end. */
static const char SEP[] = { ' ', '\n', '\0' };

bool doctor_mib(const char *path, const char *name, uint64_t *v)
{
	char names[4096], values[4096], *ns, *vs, *n, *val;
	bool found = false;
	FILE *f = fopen(path, "re");

	if (!f)
		return false;
	while (!found && fgets(names, sizeof(names), f) &&
	       fgets(values, sizeof(values), f)) {
		if (strncmp(names, "TcpExt:", 7) || strncmp(values, "TcpExt:", 7))
			continue;
		n = strtok_r(names + 7, SEP, &ns);
		val = strtok_r(values + 7, SEP, &vs);
		for (; n && val; n = strtok_r(NULL, SEP, &ns),
		     val = strtok_r(NULL, SEP, &vs)) {
			if (strcmp(n, name))
				continue;
			*v = strtoull(val, NULL, 10);
			found = true;
			break;
		}
	}
	fclose(f);
	return found;
}
