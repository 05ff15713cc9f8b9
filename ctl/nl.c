// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "nl.h"
#include "../uapi/linux/tpstat.h"

#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif

static struct nlmsghdr *put_header(struct tpnl *nl, uint16_t type,
				   uint16_t flags, uint8_t cmd,
				   uint8_t version)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(nl->buf);
	struct genlmsghdr *genl;

	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	nlh->nlmsg_seq = ++nl->seq;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = cmd;
	genl->version = version;
	return nlh;
}

/* What mnl_cb_run2() hands every callback of one request. */
struct run_ctx {
	struct tpnl *nl;
	mnl_cb_t cb;
	void *data;
};

static int data_cb(const struct nlmsghdr *nlh, void *data)
{
	struct run_ctx *ctx = data;

	return ctx->cb ? ctx->cb(nlh, ctx->data) : MNL_CB_OK;
}

/* Keeps the kernel's extack text from the attributes at @offset. */
static void keep_extack(struct tpnl *nl, const struct nlmsghdr *nlh,
			unsigned int offset)
{
	const struct nlattr *attr;

	mnl_attr_for_each(attr, nlh, offset) {
		if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
		    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) >= 0)
			snprintf(nl->extack, sizeof(nl->extack), "%s",
				 mnl_attr_get_str(attr));
	}
}

int tpnl_ack_error(struct tpnl *nl, const struct nlmsghdr *nlh)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	unsigned int offset;

	if (nlh->nlmsg_len < mnl_nlmsg_size(sizeof(*err)))
		return -EBADMSG;
	if (!err->error)
		return 0;
	if (nlh->nlmsg_flags & NLM_F_ACK_TLVS) {
		offset = sizeof(*err);
		if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
			offset += err->msg.nlmsg_len - sizeof(err->msg);
		if (mnl_nlmsg_size(offset) <= nlh->nlmsg_len)
			keep_extack(nl, nlh, offset);
	}
	return err->error < 0 ? err->error : -err->error;
}

/* Keeps the kernel's extack text from an NLMSG_ERROR. */
static int error_cb(const struct nlmsghdr *nlh, void *data)
{
	int err = tpnl_ack_error(((struct run_ctx *)data)->nl, nlh);

	if (!err)
		return MNL_CB_STOP;
	errno = -err;
	return MNL_CB_ERROR;
}

/*
 * The end of a dump.  A dump that failed after it started ends here too:
 * its error is the int this message carries, followed by any extack.
 */
static int done_cb(const struct nlmsghdr *nlh, void *data)
{
	struct tpnl *nl = ((struct run_ctx *)data)->nl;
	int error;

	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(error))
		return MNL_CB_STOP;
	memcpy(&error, mnl_nlmsg_get_payload(nlh), sizeof(error));
	if (!error)
		return MNL_CB_STOP;
	if (nlh->nlmsg_flags & NLM_F_ACK_TLVS)
		keep_extack(nl, nlh, sizeof(error));
	errno = error < 0 ? -error : error;
	return MNL_CB_ERROR;
}

static int run(struct tpnl *nl, const struct nlmsghdr *nlh, mnl_cb_t cb,
	       void *data)
{
	/* With a control array libmnl applies no defaults: DONE is ours. */
	mnl_cb_t ctl[NLMSG_MIN_TYPE] = {
		[NLMSG_ERROR] = error_cb,
		[NLMSG_DONE] = done_cb,
	};
	struct run_ctx ctx = { .nl = nl, .cb = cb, .data = data };
	uint32_t seq = nlh->nlmsg_seq;
	int ret;

	nl->extack[0] = '\0';
	if (mnl_socket_sendto(nl->sock, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	do {
		ret = mnl_socket_recvfrom(nl->sock, nl->buf, TPNL_BUF_SIZE);
		if (ret < 0)
			return -errno;
		ret = mnl_cb_run2(nl->buf, ret, seq, nl->portid, data_cb, &ctx,
				  ctl, NLMSG_MIN_TYPE);
	} while (ret == MNL_CB_OK);
	return ret < 0 ? -errno : 0;
}

static int family_cb(const struct nlmsghdr *nlh, void *data)
{
	struct tpnl *nl = data;
	const struct nlattr *attr;

	mnl_attr_for_each(attr, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(attr) == CTRL_ATTR_FAMILY_ID &&
		    mnl_attr_validate(attr, MNL_TYPE_U16) >= 0)
			nl->family = mnl_attr_get_u16(attr);
	return MNL_CB_OK;
}

int tpnl_open(struct tpnl *nl)
{
	struct nlmsghdr *nlh;
	int one = 1, err;

	memset(nl, 0, sizeof(*nl));
	nl->seq = time(NULL);
	nl->buf = malloc(TPNL_BUF_SIZE);
	if (!nl->buf)
		return -ENOMEM;
	nl->sock = mnl_socket_open(NETLINK_GENERIC);
	if (!nl->sock || mnl_socket_bind(nl->sock, 0, MNL_SOCKET_AUTOPID) < 0) {
		err = -errno;
		tpnl_close(nl);
		return err;
	}
	nl->portid = mnl_socket_get_portid(nl->sock);
	mnl_socket_setsockopt(nl->sock, NETLINK_EXT_ACK, &one, sizeof(one));

	nlh = put_header(nl, GENL_ID_CTRL, NLM_F_ACK, CTRL_CMD_GETFAMILY, 1);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, TPSTAT_GENL_NAME);
	err = run(nl, nlh, family_cb, nl);
	if (!err && !nl->family)
		err = -ENOENT;
	if (err)
		tpnl_close(nl);
	return err;
}

/* One group of CTRL_ATTR_MCAST_GROUPS: whether it is @group, and its id. */
static bool group_is(const struct nlattr *nest, const char *group,
		     uint32_t *id)
{
	const struct nlattr *a;
	bool named = false, has_id = false;

	if (mnl_attr_validate(nest, MNL_TYPE_NESTED) < 0)
		return false;
	mnl_attr_for_each_nested(a, nest) {
		switch (mnl_attr_get_type(a)) {
		case CTRL_ATTR_MCAST_GRP_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				named = !strcmp(mnl_attr_get_str(a), group);
			break;
		case CTRL_ATTR_MCAST_GRP_ID:
			has_id = mnl_attr_validate(a, MNL_TYPE_U32) >= 0;
			if (has_id)
				*id = mnl_attr_get_u32(a);
			break;
		}
	}
	return named && has_id;
}

int genl_group_id(const struct nlmsghdr *nlh, const char *group,
		  uint32_t *id)
{
	const struct nlattr *a, *g;
	uint32_t grp = 0;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		if (mnl_attr_get_type(a) != CTRL_ATTR_MCAST_GROUPS ||
		    mnl_attr_validate(a, MNL_TYPE_NESTED) < 0)
			continue;
		/* One nest per group, its index as type: NAME and ID. */
		mnl_attr_for_each_nested(g, a) {
			if (group_is(g, group, &grp)) {
				*id = grp;
				return 0;
			}
		}
	}
	return -ENOENT;
}

/* What group_cb looks for, and what it found. */
struct group_query {
	const char *group;
	uint32_t id;
	bool found;
};

static int group_cb(const struct nlmsghdr *nlh, void *data)
{
	struct group_query *q = data;

	if (!q->found)
		q->found = !genl_group_id(nlh, q->group, &q->id);
	return MNL_CB_OK;
}

int tpnl_group(struct tpnl *nl, const char *family, const char *group,
	       uint32_t *id)
{
	struct group_query q = { .group = group };
	struct nlmsghdr *nlh;
	int err;

	nlh = put_header(nl, GENL_ID_CTRL, NLM_F_ACK, CTRL_CMD_GETFAMILY, 1);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, family);
	err = run(nl, nlh, group_cb, &q);
	if (err)
		return err;
	if (!q.found)
		return -ENOMSG;
	*id = q.id;
	return 0;
}

bool genl_family_deleted(const struct nlmsghdr *nlh, const char *family,
			 uint16_t id)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);
	const struct nlattr *a;

	if (nlh->nlmsg_type != GENL_ID_CTRL ||
	    mnl_nlmsg_get_payload_len(nlh) < sizeof(*genl) ||
	    genl->cmd != CTRL_CMD_DELFAMILY)
		return false;
	mnl_attr_for_each(a, nlh, sizeof(*genl)) {
		switch (mnl_attr_get_type(a)) {
		case CTRL_ATTR_FAMILY_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0 &&
			    !strcmp(mnl_attr_get_str(a), family))
				return true;
			break;
		case CTRL_ATTR_FAMILY_ID:
			if (id && mnl_attr_validate(a, MNL_TYPE_U16) >= 0 &&
			    mnl_attr_get_u16(a) == id)
				return true;
			break;
		}
	}
	return false;
}

int tpnl_join(struct tpnl *nl, uint32_t group)
{
	if (mnl_socket_setsockopt(nl->sock, NETLINK_ADD_MEMBERSHIP, &group,
				  sizeof(group)) < 0)
		return -errno;
	return 0;
}

int tpnl_post(struct tpnl *nl, const struct nlmsghdr *nlh)
{
	if (mnl_socket_sendto(nl->sock, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	return 0;
}

void tpnl_close(struct tpnl *nl)
{
	if (nl->sock)
		mnl_socket_close(nl->sock);
	free(nl->buf);
	nl->sock = NULL;
	nl->buf = NULL;
}

struct nlmsghdr *tpnl_msg(struct tpnl *nl, uint8_t cmd, int dump)
{
	return put_header(nl, nl->family,
			  NLM_F_ACK | (dump ? NLM_F_DUMP : 0), cmd,
			  TPSTAT_GENL_VERSION);
}

int tpnl_send(struct tpnl *nl, const struct nlmsghdr *nlh, mnl_cb_t cb,
	      void *data)
{
	return run(nl, nlh, cb, data);
}

int tpnl_request(struct tpnl *nl, uint8_t cmd, int dump, const char *glob,
		 mnl_cb_t cb, void *data)
{
	struct nlmsghdr *nlh = tpnl_msg(nl, cmd, dump);

	if (glob)
		mnl_attr_put_strz(nlh, TPSTAT_A_GLOB, glob);
	return tpnl_send(nl, nlh, cb, data);
}

const char *tpnl_strerror(const struct tpnl *nl, int err)
{
	static char text[320];

	if (nl->extack[0]) {
		/* The kernel prefixes its messages with the module name. */
		const char *msg = nl->extack;

		if (!strncmp(msg, "tpstat: ", 8))
			msg += 8;
		return msg;
	}
	switch (-err) {
	case ENOENT:
		return "the tpstat module is not loaded (load it with: modprobe tpstat, or insmod tpstat.ko)";
	case EPERM:
	case EACCES:
		return "permission denied: changing tpstat needs CAP_NET_ADMIN (run as root)";
	default:
		snprintf(text, sizeof(text), "netlink request failed: %s",
			 strerror(-err));
		return text;
	}
}
