// SPDX-License-Identifier: GPL-2.0
/* Reading the monitor's notifications; the names of kinds and errnos. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>

#include "alert.h"
#include "nl.h"

const char *alert_kind_name(unsigned int kind)
{
	return kind < __TPSTAT_ALERT_CNT ? alert_kinds[kind].name : NULL;
}

int alert_kind_parse(const char *word, unsigned int *mask)
{
	if (!strcmp(word, "all")) {
		*mask |= ALERT_KINDS_ALL;
		return 0;
	}
	for (unsigned int k = 0; k < __TPSTAT_ALERT_CNT; k++) {
		if (!strcmp(word, alert_kinds[k].name)) {
			*mask |= 1U << k;
			return 0;
		}
	}
	return -1;
}

/* The attributes only notifications have: 1 stored, -1 invalid, 0 other. */
static int alert_attr(const struct nlattr *attr, struct alert *a)
{
	switch (mnl_attr_get_type(attr)) {
	case TPSTAT_A_ALERT_KIND:
		if (mnl_attr_validate(attr, MNL_TYPE_U8) < 0)
			return -1;
		a->kind = mnl_attr_get_u8(attr);
		return 1;
	case TPSTAT_A_ALERTS_LOST:
	case TPSTAT_A_EVENTS_LOST:
		if (mnl_attr_validate(attr, MNL_TYPE_U64) < 0)
			return -1;
		if (mnl_attr_get_type(attr) == TPSTAT_A_ALERTS_LOST)
			a->alerts_lost = mnl_attr_get_u64(attr);
		else
			a->events_lost = mnl_attr_get_u64(attr);
		return 1;
	case TPSTAT_A_ALERT_RATE:
	case TPSTAT_A_ERRNO:
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			return -1;
		if (mnl_attr_get_type(attr) == TPSTAT_A_ALERT_RATE)
			a->rate = mnl_attr_get_u32(attr);
		else
			a->err = mnl_attr_get_u32(attr);
		return 1;
	}
	return view_entry_attr(attr, &a->e);
}

int alert_parse(const struct nlmsghdr *nlh, struct alert *a)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);
	const struct nlattr *attr;

	memset(a, 0, sizeof(*a));
	row_init(&a->e);
	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(*genl))
		return -1;
	a->cmd = genl->cmd;
	if (a->cmd != TPSTAT_CMD_ALERT && a->cmd != TPSTAT_CMD_ALERTS_LOST)
		return -1;
	/* Not whole attributes, or one of the wrong length: not printed. */
	if (!tpnl_msg_attrs_ok(nlh, sizeof(*genl)))
		return -1;
	mnl_attr_for_each(attr, nlh, sizeof(*genl)) {
		int r = alert_attr(attr, a);

		/* No alert has DEVICES' values: not kept. */
		free(a->e.dev);
		a->e.dev = NULL;
		if (r == 1)
			a->seen[mnl_attr_get_type(attr)] = true;
		else if (r == -1)
			return -1;
	}
	if (!a->seen[TPSTAT_A_ALERT_KIND] || !alert_kind_name(a->kind))
		return -1;
	return 0;
}
