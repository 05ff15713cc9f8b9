// SPDX-License-Identifier: GPL-2.0
/*
 * The table of doctor's rules, one doctor/<name>.c each: the command,
 * --rules and the tests loop over it; nothing names a rule's kind.
 * Their order is the ranking's for findings of equal count.
 */
#include "../doctor.h"

static const struct doctor_rule *const rules[] = {
	&rcvq_overflow_rule,
	&closed_port_rule,
	&listen_overflow_rule,
	&connect_errors_rule,
	&sockmem_pressure_rule,
	&neigh_failures_rule,
	&neigh_table_full_rule,
	&qdisc_drops_rule,
	&auth_failures_rule,
	&netfilter_drops_rule,
	&retrans_peer_rule,
	&retrans_spread_rule,
	&device_errors_rule,
	&backlog_drops_rule,
	NULL
};

const struct doctor_rule *doctor_rule_at(size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!rules[k])
			return NULL;
	return rules[i];
}
