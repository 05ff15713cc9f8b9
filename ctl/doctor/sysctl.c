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
 * The first line of @path (under the root), its blanks (tcp_rmem's
 * tabs) one space each and anything unprintable a '?': it is printed to
 * a terminal.
 */
static bool read_line(const char *path, char *buf, size_t len)
{
	char line[128];
	size_t n = 0;
	bool blank = false;
	FILE *f;

	if (!len)
		return false;
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

/* net.core.rmem_max is net/core/rmem_max, from @at on in @path. */
static void dots_to_slashes(char *at)
{
	for (; *at; at++)
		if (*at == '.')
			*at = '/';
}

bool doctor_sysctl(const char *name, char *buf, size_t len)
{
	char path[512];
	int w;

	w = snprintf(path, sizeof(path), "%s/%s", root, name);
	if (w < 0 || (size_t)w >= sizeof(path))
		return false;
	dots_to_slashes(path + strlen(root) + 1);
	return read_line(path, buf, len);
}

struct doctor_knob *doctor_knob_new(struct doctor_finding *f)
{
	if (f->n_knobs == DOCTOR_KNOBS)
		return NULL;
	return &f->knobs[f->n_knobs++];
}

void doctor_knob(struct doctor_finding *f, const char *name)
{
	struct doctor_knob *k = doctor_knob_new(f);

	if (!k)
		return;
	snprintf(k->name, sizeof(k->name), "%s", name);
	k->has = doctor_sysctl(name, k->value, sizeof(k->value));
	if (!k->has)
		k->value[0] = '\0';
}

void doctor_knob_dev(struct doctor_finding *f, const char *prefix,
		     const char *dev, const char *leaf)
{
	struct doctor_knob *k;
	char path[512];
	int w;

	/* The kernel's names have neither; a row's could be anything. */
	if (!dev[0] || strchr(dev, '/') || !strcmp(dev, ".") ||
	    !strcmp(dev, ".."))
		return;
	k = doctor_knob_new(f);
	if (!k)
		return;
	snprintf(k->name, sizeof(k->name), "%s.%s.%s", prefix, dev, leaf);
	k->has = false;
	w = snprintf(path, sizeof(path), "%s/%s/", root, prefix);
	if (w > 0 && (size_t)w < sizeof(path)) {
		size_t room = sizeof(path) - (size_t)w;
		int n;

		dots_to_slashes(path + strlen(root) + 1);
		n = snprintf(path + w, room, "%s/%s", dev, leaf);
		k->has = n > 0 && (size_t)n < room &&
			 read_line(path, k->value, sizeof(k->value));
	}
	if (!k->has)
		k->value[0] = '\0';
}
