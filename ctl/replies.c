// SPDX-License-Identifier: GPL-2.0
/*
 * The module's replies for events, counters and its info, read into
 * rows.  A reply is checked before it is copied: an attribute of the
 * wrong length or a string without its NUL fails the whole request
 * instead of printing what the kernel did not say.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>

#include "nl.h"
#include "recording.h"
#include "recording_views.h"
#include "replies.h"
#include "views.h"
#include "../uapi/linux/tpstat.h"

/*
 * Whether @a is a valid @type; a known attribute that is not (the wrong
 * length, a string without its NUL) marks the whole reply *@bad.
 */
static bool valid(const struct nlattr *a, enum mnl_attr_data_type type,
		  bool *bad)
{
	if (mnl_attr_validate(a, type) >= 0)
		return true;
	*bad = true;
	return false;
}

static bool copy_str(char *dst, size_t len, const struct nlattr *a,
		     bool *bad)
{
	if (!valid(a, MNL_TYPE_NUL_STRING, bad))
		return false;
	snprintf(dst, len, "%s", mnl_attr_get_str(a));
	return true;
}

/*
 * The end of a callback: MNL_CB_OK, or a malformed @what rejected, or
 * one without the attributes the module always sends (not @whole).
 */
static int verdict(bool bad, bool whole, const char *what)
{
	if (bad)
		return tpnl_reject("%s with an attribute of the wrong length, or a string without its NUL",
				   what);
	if (!whole)
		return tpnl_reject("%s without its id, name or value", what);
	return MNL_CB_OK;
}

static int event_cb(const struct nlmsghdr *nlh, void *data)
{
	struct event_row *e = rows_add(data);
	const struct nlattr *a;
	bool bad = false, id = false, named = false;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case TPSTAT_A_EVENT_ID:
			id = valid(a, MNL_TYPE_U32, &bad);
			if (id)
				e->id = mnl_attr_get_u32(a);
			break;
		case TPSTAT_A_EVENT_NAME:
			named = copy_str(e->name, sizeof(e->name), a, &bad);
			break;
		case TPSTAT_A_EVENT_GROUP:
			copy_str(e->group, sizeof(e->group), a, &bad);
			break;
		case TPSTAT_A_EVENT_STATE:
			if (valid(a, MNL_TYPE_U8, &bad))
				e->state = mnl_attr_get_u8(a);
			break;
		case TPSTAT_A_EVENT_VARIANT:
			e->has_probe = true;
			copy_str(e->variant, sizeof(e->variant), a, &bad);
			break;
		case TPSTAT_A_EVENT_FIELDS:
			copy_str(e->fields, sizeof(e->fields), a, &bad);
			break;
		}
	}
	return verdict(bad, id && named, "an event");
}

static int counter_cb(const struct nlmsghdr *nlh, void *data)
{
	struct counter_row *c = rows_add(data);
	const struct nlattr *a;
	bool bad = false, named = false, value = false;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case TPSTAT_A_COUNTER_NAME:
			named = copy_str(c->name, sizeof(c->name), a, &bad);
			break;
		case TPSTAT_A_COUNTER_VALUE:
			value = valid(a, MNL_TYPE_U64, &bad);
			if (value)
				c->value = mnl_attr_get_u64(a);
			break;
		}
	}
	return verdict(bad, named && value, "a counter");
}

static int info_cb(const struct nlmsghdr *nlh, void *data)
{
	struct info *info = data;
	const struct nlattr *a;
	bool bad = false;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case TPSTAT_A_INFO_VERSION:
			copy_str(info->version, sizeof(info->version), a, &bad);
			break;
		case TPSTAT_A_INFO_KERNEL:
			copy_str(info->kernel, sizeof(info->kernel), a, &bad);
			break;
		case TPSTAT_A_INFO_FEATURES:
			if (valid(a, MNL_TYPE_U32, &bad))
				info->features = mnl_attr_get_u32(a);
			break;
		case TPSTAT_A_INFO_EVENTS:
			if (valid(a, MNL_TYPE_U32, &bad))
				info->events = mnl_attr_get_u32(a);
			break;
		case TPSTAT_A_INFO_MEMORY:
			if (valid(a, MNL_TYPE_U64, &bad)) {
				info->memory = mnl_attr_get_u64(a);
				info->has_memory = true;
			}
			break;
		case TPSTAT_A_INFO_HISTORY_INTERVAL:
			if (valid(a, MNL_TYPE_U32, &bad)) {
				info->history_interval = mnl_attr_get_u32(a);
				info->has_history = true;
			}
			break;
		case TPSTAT_A_INFO_HISTORY_MEMORY:
			if (valid(a, MNL_TYPE_U64, &bad))
				info->history_memory = mnl_attr_get_u64(a);
			break;
		case TPSTAT_A_INFO_HISTORY_INTERVALS:
			if (valid(a, MNL_TYPE_U32, &bad))
				info->history_intervals = mnl_attr_get_u32(a);
			break;
		case TPSTAT_A_INFO_HISTORY_VIEWS:
			if (valid(a, MNL_TYPE_U32, &bad)) {
				info->history_views = mnl_attr_get_u32(a);
				info->has_history_views = true;
			}
			break;
		}
	}
	return verdict(bad, true, "the module's info");
}

/* The attributes every message of GET_HISTORY has, a bit each. */
#define HISTORY_BIT(type)	(1U << ((type) - TPSTAT_A_HISTORY_SEQ))
#define HISTORY_ATTRS	(HISTORY_BIT(TPSTAT_A_HISTORY_SEQ) |		\
			 HISTORY_BIT(TPSTAT_A_HISTORY_START) |		\
			 HISTORY_BIT(TPSTAT_A_HISTORY_DURATION) |	\
			 HISTORY_BIT(TPSTAT_A_HISTORY_FLAGS) |		\
			 HISTORY_BIT(TPSTAT_A_HISTORY_LOST))

/* A u64 of an interval into *@v, its bit into *@have. */
static void history_u64(const struct nlattr *a, uint64_t *v,
			unsigned int *have, bool *bad)
{
	if (!valid(a, MNL_TYPE_U64, bad))
		return;
	*v = mnl_attr_get_u64(a);
	*have |= HISTORY_BIT(mnl_attr_get_type(a));
}

/*
 * A views interval's message (it has VIEW) of @p into r->views: a key,
 * as a GET_VIEW entry (view_msg_cb()), or the interval's rest; its
 * attributes kept whole too with r->keep_attrs.
 */
static int view_interval_msg(const struct nlmsghdr *nlh,
			     struct recording *r, const struct vrec_point *p)
{
	struct vrec_interval *iv;
	const char *why = NULL;
	int ret = MNL_CB_OK;

	/*
	 * A later module's view: not one this tool can show, nor a fault;
	 * kept for a file all the same, which a later tool may show.
	 */
	if (view_ops(p->view)) {
		iv = vrec_add(r->views, p, &why);
		if (!iv)
			return tpnl_reject("%s", why);
		if (!p->has_rest)
			ret = view_msg_cb(nlh, &iv->v);
	}
	if (ret == MNL_CB_OK && r->keep_attrs)
		why = rec_keep_attrs(r, mnl_nlmsg_get_payload_offset(nlh, GENL_HDRLEN),
				     mnl_nlmsg_get_payload_len(nlh) - GENL_HDRLEN);
	return why ? tpnl_reject("%s", why) : ret;
}

int history_msg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct recording *r = data;
	struct counter_row c;
	struct rec_point p = { 0 };
	struct vrec_point vp = { 0 };
	const struct nlattr *a;
	unsigned int have = 0;
	bool bad = false, named = false, value = false, viewed = false;
	const char *why;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case TPSTAT_A_HISTORY_SEQ:
			history_u64(a, &p.seq, &have, &bad);
			break;
		case TPSTAT_A_HISTORY_START:
			history_u64(a, &p.start_ns, &have, &bad);
			break;
		case TPSTAT_A_HISTORY_DURATION:
			history_u64(a, &p.duration_ns, &have, &bad);
			break;
		case TPSTAT_A_HISTORY_LOST:
			history_u64(a, &p.lost, &have, &bad);
			break;
		case TPSTAT_A_HISTORY_FLAGS:
			if (!valid(a, MNL_TYPE_U32, &bad))
				break;
			p.flags = mnl_attr_get_u32(a);
			have |= HISTORY_BIT(TPSTAT_A_HISTORY_FLAGS);
			break;
		case TPSTAT_A_COUNTER_NAME:
			named = copy_str(c.name, sizeof(c.name), a, &bad);
			break;
		case TPSTAT_A_COUNTER_VALUE:
			value = valid(a, MNL_TYPE_U64, &bad);
			if (value)
				p.value = mnl_attr_get_u64(a);
			break;
		/* The views': the view, and the rest of an interval. */
		case TPSTAT_A_VIEW:
			viewed = true;
			if (valid(a, MNL_TYPE_U32, &bad))
				vp.view = mnl_attr_get_u32(a);
			break;
		case TPSTAT_A_HISTORY_REST:
			vp.has_rest = valid(a, MNL_TYPE_U64, &bad);
			if (vp.has_rest)
				vp.rest = mnl_attr_get_u64(a);
			break;
		}
	}
	/* Not asked for, whatever it holds: the counters' are as before. */
	if (viewed && !r->views)
		return MNL_CB_OK;
	if (bad)
		return verdict(bad, true, "an interval");
	if (have != HISTORY_ATTRS)
		return tpnl_reject("an interval without its seq, start, duration, flags or lost count");
	if (viewed && (named || value))
		return tpnl_reject("a views interval's message with a counter's name or value");
	if (viewed) {
		vp.seq = p.seq;
		vp.start_ns = p.start_ns;
		vp.duration_ns = p.duration_ns;
		vp.lost = p.lost;
		vp.flags = p.flags;
		return view_interval_msg(nlh, r, &vp);
	}
	if (named != value)
		return tpnl_reject("an interval's value without its name, or its name without its value");
	p.name = named ? c.name : NULL;
	why = rec_add(r, &p);
	return why ? tpnl_reject("%s", why) : MNL_CB_OK;
}

int read_history(struct tpnl *nl, struct recording *r)
{
	int err = tpnl_request(nl, TPSTAT_CMD_GET_HISTORY, 1, NULL,
			       history_msg_cb, r);

	if (!err)
		rec_finish(r);
	return err;
}

int read_events(struct tpnl *nl, const char *glob, struct rows *r)
{
	r->n = 0;
	r->size = sizeof(struct event_row);
	return tpnl_request(nl, TPSTAT_CMD_LIST_EVENTS, 1, glob, event_cb, r);
}

int read_counters(struct tpnl *nl, const char *glob, struct rows *r)
{
	r->n = 0;
	r->size = sizeof(struct counter_row);
	return tpnl_request(nl, TPSTAT_CMD_GET_COUNTERS, 1, glob, counter_cb,
			    r);
}

int read_info(struct tpnl *nl, struct info *info)
{
	return tpnl_request(nl, TPSTAT_CMD_GET_INFO, 0, NULL, info_cb, info);
}
