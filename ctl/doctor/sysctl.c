// SPDX-License-Identifier: GPL-2.0
/*
 * The sysctls a finding names, read from /proc/sys as the tool runs: in
 * -n's namespace, for the knobs that are per namespace (somaxconn,
 * tcp_max_syn_backlog).  The directory can be another for the tests.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../doctor.h"

static const char *root = "/proc/sys";

void doctor_sysctl_root(const char *dir)
{
	root = dir ? dir : "/proc/sys";
}

/*
 * The first line of the file, its blanks (tcp_rmem's tabs) one space
 * each and anything unprintable a '?': it is printed to a terminal.
 */
bool doctor_sysctl(const char *name, char *buf, size_t len)
{
	char path[512], line[128];
	size_t n = 0;
	bool blank = false;
	FILE *f;
	int w;

	w = snprintf(path, sizeof(path), "%s/%s", root, name);
	if (w < 0 || (size_t)w >= sizeof(path) || !len)
		return false;
	/* net.core.rmem_max is net/core/rmem_max */
	for (char *p = path + strlen(root) + 1; *p; p++)
		if (*p == '.')
			*p = '/';
	f = fopen(path, "re");
	if (!f)
		return false;
	if (!fgets(line, sizeof(line), f)) {
		fclose(f);
		return false;
	}
	fclose(f);
	for (const char *p = line; *p && *p != '\n' && n + 1 < len; p++) {
		if (*p == ' ' || *p == '\t') {
			blank = n > 0;
			continue;
		}
		if (blank && n + 2 < len)
			buf[n++] = ' ';
		blank = false;
		buf[n++] = isprint((unsigned char)*p) ? *p : '?';
	}
	buf[n] = '\0';
	return n > 0;
}

void doctor_knob(struct doctor_finding *f, const char *name)
{
	struct doctor_knob *k;

	if (f->n_knobs == DOCTOR_KNOBS)
		return;
	k = &f->knobs[f->n_knobs++];
	k->name = name;
	k->has = doctor_sysctl(name, k->value, sizeof(k->value));
	if (!k->has)
		k->value[0] = '\0';
}
