/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rules that count one of the drops view's reasons per namespace
 * (listen_overflow, neigh_table_full, netfilter_drops, backlog_drops):
 * each says, as data, what such drops are, who they hit and which knobs
 * govern them, and what the MIB that stands in for the reason under -i
 * says where a kernel gives none; reason_rule.c makes the findings.
 */
#ifndef TPSTAT_DOCTOR_REASON_RULE_H
#define TPSTAT_DOCTOR_REASON_RULE_H

#include "../doctor.h"

struct doctor_reason_rule {
	const struct doctor_rule *rule;
	const char *reason;	/* the drops view's name: "CPU_BACKLOG" */
	/* A namespace's finding: "COUNT what (REASON)", "who netns NAME note". */
	const char *what;
	const char *who;
	const char *who_note;
	/* More: "tpstat drops --by BY reason REASON[ netns NAME]NOTE". */
	const char *more_by;
	const char *more_note;
	const char *protocol;	/* the finding's, where one; else NULL */
	const char *cause;
	const char *knobs[DOCTOR_KNOBS];	/* sysctls, NULL after the last */
	/*
	 * The MIB's finding: "COUNT mib_what"; its who is mib_who, or, for
	 * a MIB of one namespace, "who netns NAME mib_who".
	 */
	const char *mib_what;
	const char *mib_who;
	const char *mib_more;
};

/*
 * A finding per namespace with DOCTOR_MIN_COUNT or more of @r's drops in
 * @drops (NULL: not read): -1 out of memory, else how many rows have
 * the reason (0: the kernel has none to show, or none happened).
 */
int doctor_reason_findings(const struct doctor_reason_rule *r,
			   const struct view *drops,
			   struct doctor_findings *out);
/*
 * A finding of @count of @r's MIB over -i's interval, if that is
 * DOCTOR_MIN_COUNT or more; @netns: the namespace the MIB is of, or
 * NULL for the host's.  0, or -1 out of memory.
 */
int doctor_reason_mib(const struct doctor_reason_rule *r, uint64_t count,
		      const uint32_t *netns, struct doctor_findings *out);

#endif
