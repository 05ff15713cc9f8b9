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

/* Keeps the kernel's extack text from an NLMSG_ERROR. */
static int error_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	struct tpnl *nl = ((struct run_ctx *)data)->nl;
	unsigned int offset;

	if (nlh->nlmsg_len < mnl_nlmsg_size(sizeof(*err))) {
		errno = EBADMSG;
		return MNL_CB_ERROR;
	}
	if (!err->error)
		return MNL_CB_STOP;
	if (nlh->nlmsg_flags & NLM_F_ACK_TLVS) {
		offset = sizeof(*err);
		if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
			offset += err->msg.nlmsg_len - sizeof(err->msg);
		keep_extack(nl, nlh, offset);
	}
	errno = -err->error;
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
		ret = mnl_socket_recvfrom(nl->sock, nl->buf,
					  MNL_SOCKET_BUFFER_SIZE);
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
	nl->buf = malloc(MNL_SOCKET_BUFFER_SIZE);
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
