// SPDX-License-Identifier: GPL-2.0
/*
 * The MIBs doctor reads beside the views: /proc/net/netstat's TcpExt,
 * as nstat reads it, of the namespace the tool runs in, and the
 * neighbour tables' statistics, as lnstat reads them.  Counted since the
 * namespace (or the boot) began, so only their change over an interval
 * (-i) is a finding's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../array.h"
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

/*
 * The sum into @v of the @col-th (from 0) hex column of @f's lines from
 * here on (a line per CPU): true if any line had that column.
 */
static bool sum_column(FILE *f, unsigned int col, uint64_t *v)
{
	char line[1024], *save, *w;
	bool found = false;

	*v = 0;
	while (fgets(line, sizeof(line), f)) {
		w = strtok_r(line, SEP, &save);
		for (unsigned int k = 0; w && k < col; k++)
			w = strtok_r(NULL, SEP, &save);
		if (!w)
			continue;
		*v += strtoull(w, NULL, 16);
		found = true;
	}
	return found;
}

bool doctor_neigh_stat(const char *path, const char *column, uint64_t *v)
{
	char line[1024], *save, *w;
	int col = -1, k = 0;
	bool found = false;
	FILE *f = fopen(path, "re");

	if (!f)
		return false;
	if (fgets(line, sizeof(line), f))
		for (w = strtok_r(line, SEP, &save); w;
		     w = strtok_r(NULL, SEP, &save), k++)
			if (!strcmp(w, column))
				col = k;
	found = col >= 0 && sum_column(f, col, v);
	fclose(f);
	return found;
}

bool doctor_softnet_stat(const char *path, unsigned int col, uint64_t *v)
{
	FILE *f = fopen(path, "re");
	bool found;

	if (!f)
		return false;
	found = sum_column(f, col, v);
	fclose(f);
	return found;
}

/* The neighbour tables whose fullness is a finding's: ARP's and ND's. */
static const char *const NEIGH_STATS[] = {
	"/proc/net/stat/arp_cache",
	"/proc/net/stat/ndisc_cache",
};

void doctor_mibs_read(struct doctor_mibs *m)
{
	struct stat st;
	uint64_t v;

	*m = (struct doctor_mibs){ 0 };
	/* A namespace as the views give it: its inode number. */
	if (!stat("/proc/self/ns/net", &st))
		m->netns = (uint32_t)st.st_ino;
	m->has_listen = doctor_mib("/proc/net/netstat", "ListenOverflows",
				   &m->listen_overflows);
	for (size_t i = 0; i < ARRAY_SIZE(NEIGH_STATS); i++)
		if (doctor_neigh_stat(NEIGH_STATS[i], "table_fulls", &v)) {
			m->has_table_fulls = true;
			m->table_fulls += v;
		}
	/* Its second column: packets a full backlog (netdev_max_backlog) refused. */
	m->has_backlog_drops = doctor_softnet_stat("/proc/net/softnet_stat", 1,
						   &m->backlog_drops);
}

void doctor_mibs_moved(struct doctor_mibs *moved,
		       const struct doctor_mibs *then,
		       const struct doctor_mibs *now)
{
	*moved = (struct doctor_mibs){ .netns = now->netns };
	/* A counter that went back (a namespace made anew): not a change. */
	if (then->has_listen && now->has_listen &&
	    now->listen_overflows >= then->listen_overflows) {
		moved->has_listen = true;
		moved->listen_overflows = now->listen_overflows -
					  then->listen_overflows;
	}
	if (then->has_table_fulls && now->has_table_fulls &&
	    now->table_fulls >= then->table_fulls) {
		moved->has_table_fulls = true;
		moved->table_fulls = now->table_fulls - then->table_fulls;
	}
	if (then->has_backlog_drops && now->has_backlog_drops &&
	    now->backlog_drops >= then->backlog_drops) {
		moved->has_backlog_drops = true;
		moved->backlog_drops = now->backlog_drops - then->backlog_drops;
	}
}
