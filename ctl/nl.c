// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "escape.h"
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
	char text[sizeof(nl->extack)];
	const struct nlattr *attr;

	mnl_attr_for_each(attr, nlh, offset) {
		/* Escaped: it may quote what a user named. */
		if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
		    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) >= 0)
			snprintf(nl->extack, sizeof(nl->extack), "%s",
				 esc(mnl_attr_get_str(attr), text,
				     sizeof(text)));
	}
}

int tpnl_ack_error(struct tpnl *nl, const struct nlmsghdr *nlh)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	size_t offset;

	if (nlh->nlmsg_len < mnl_nlmsg_size(sizeof(*err)))
		return -EBADMSG;
	if (!err->error)
		return 0;
	if (nlh->nlmsg_flags & NLM_F_ACK_TLVS) {
		/*
		 * After the request, whole or (CAPPED) its header only;
		 * the request's length is the kernel's word, so checked
		 * in size_t, where it cannot wrap.
		 */
		offset = sizeof(*err);
		if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
			offset += NLMSG_ALIGN((size_t)err->msg.nlmsg_len) -
				  sizeof(err->msg);
		if (err->msg.nlmsg_len >= sizeof(err->msg) &&
		    mnl_nlmsg_size(offset) <= nlh->nlmsg_len &&
		    tpnl_msg_attrs_ok(nlh, offset))
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
	if ((nlh->nlmsg_flags & NLM_F_ACK_TLVS) &&
	    tpnl_msg_attrs_ok(nlh, sizeof(error)))
		keep_extack(nl, nlh, sizeof(error));
	errno = error < 0 ? -error : error;
	return MNL_CB_ERROR;
}

/* ---- only the kernel's replies ------------------------------------------ */

/* What tpnl_reject() was told, for tpnl_strerror(); "" when nothing. */
static char rejected[160];

int tpnl_reject(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rejected, sizeof(rejected), fmt, ap);
	va_end(ap);
	errno = EBADMSG;
	return MNL_CB_ERROR;
}

const char *tpnl_rejected(void)
{
	return rejected;
}

bool tpnl_attrs_ok(const void *attrs, size_t len)
{
	const unsigned char *p = attrs;

	while (len) {
		const struct nlattr *a = (const struct nlattr *)p;
		size_t step;

		if (len < sizeof(*a) || a->nla_len < sizeof(*a) ||
		    a->nla_len > len)
			return false;
		/* Padded to 4 bytes, but for the last, which may end it. */
		step = NLA_ALIGN(a->nla_len);
		if (step > len)
			step = len;
		p += step;
		len -= step;
	}
	return true;
}

bool tpnl_msg_attrs_ok(const struct nlmsghdr *nlh, size_t offset)
{
	size_t len = nlh->nlmsg_len;

	offset = MNL_ALIGN(offset);
	if (len < MNL_NLMSG_HDRLEN + offset)
		return false;
	return tpnl_attrs_ok((const char *)nlh + MNL_NLMSG_HDRLEN + offset,
			     len - MNL_NLMSG_HDRLEN - offset);
}

ssize_t tpnl_recv(struct tpnl *nl, void *buf, size_t len, int flags)
{
	struct sockaddr_nl addr;
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = {
		.msg_name = &addr, .msg_iov = &iov, .msg_iovlen = 1,
	};
	ssize_t n;

	for (;;) {
		msg.msg_namelen = sizeof(addr);
		n = recvmsg(mnl_socket_get_fd(nl->sock), &msg, flags);
		if (n < 0)
			return -1;
		if (msg.msg_namelen != sizeof(addr) ||
		    addr.nl_family != AF_NETLINK) {
			errno = EINVAL;
			return -1;
		}
		/*
		 * Another socket may send to our port id: on generic
		 * netlink that takes CAP_NET_ADMIN over the namespace's
		 * user namespace (netlink_sendmsg(): no
		 * NL_CFG_F_NONROOT_SEND), which a container's root has
		 * when an administrator runs the tool in its namespace
		 * (tpstat -n NAME, ip netns exec).  An autobound port id is
		 * our pid, and our sequence numbers start at the time: its
		 * answer could come before the kernel's.  So the kernel's
		 * only, port id 0: replies and the groups' notifications
		 * (alerts, nlctrl) alike.  Others are dropped, not failed
		 * on: failing would let that sender stop the tool with one
		 * datagram, and the kernel's answer still comes.
		 */
		if (addr.nl_pid) {
			nl->foreign++;
			continue;
		}
		if (msg.msg_flags & MSG_TRUNC) {
			errno = ENOSPC;
			return -1;
		}
		return n;
	}
}

/* One message that answers our request: see tpnl_parse(). */
static int one_reply(const struct nlmsghdr *nlh, struct run_ctx *ctx)
{
	switch (nlh->nlmsg_type) {
	case NLMSG_NOOP:
	case NLMSG_OVERRUN:
		return MNL_CB_OK;
	case NLMSG_ERROR:
		if (nlh->nlmsg_len < mnl_nlmsg_size(sizeof(struct nlmsgerr)))
			return tpnl_reject("an error message shorter than its header");
		return error_cb(nlh, ctx);
	case NLMSG_DONE:
		return done_cb(nlh, ctx);
	}
	if (nlh->nlmsg_type < NLMSG_MIN_TYPE)
		return MNL_CB_OK;
	if (mnl_nlmsg_get_payload_len(nlh) < GENL_HDRLEN)
		return tpnl_reject("a message shorter than its generic netlink header");
	if (!tpnl_msg_attrs_ok(nlh, GENL_HDRLEN))
		return tpnl_reject("an attribute runs past its message, or is shorter than its header");
	return data_cb(nlh, ctx);
}

int tpnl_parse(struct tpnl *nl, const void *buf, size_t len, uint32_t seq,
	       mnl_cb_t cb, void *data)
{
	struct run_ctx ctx = { .nl = nl, .cb = cb, .data = data };
	const unsigned char *p = buf;
	int ret;

	while (len) {
		const struct nlmsghdr *nlh = (const struct nlmsghdr *)p;
		size_t step;

		if (len < sizeof(*nlh) || nlh->nlmsg_len < sizeof(*nlh) ||
		    nlh->nlmsg_len > len)
			return tpnl_reject("a message's length (%u) is not within the %zu bytes read",
					   len < sizeof(*nlh) ? 0 :
					   nlh->nlmsg_len, len);
		/*
		 * The kernel answers with our sequence number and port
		 * id.  Its other messages here are no answer to this
		 * request: the rest of a dump a failed caller gave up, or
		 * a notification of a group joined.  Skipped, not failed
		 * on: they are not wrong, only not ours to read.
		 */
		if (nlh->nlmsg_seq != seq || nlh->nlmsg_pid != nl->portid) {
			nl->stale++;
		} else {
			ret = one_reply(nlh, &ctx);
			if (ret <= MNL_CB_STOP)
				return ret;
		}
		step = NLMSG_ALIGN(nlh->nlmsg_len);
		if (step > len)
			step = len;
		p += step;
		len -= step;
	}
	return MNL_CB_OK;
}

static int run(struct tpnl *nl, const struct nlmsghdr *nlh, mnl_cb_t cb,
	       void *data)
{
	uint32_t seq = nlh->nlmsg_seq;
	ssize_t n;
	int ret;

	nl->extack[0] = '\0';
	rejected[0] = '\0';
	if (mnl_socket_sendto(nl->sock, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	do {
		n = tpnl_recv(nl, nl->buf, TPNL_BUF_SIZE, 0);
		if (n < 0)
			return -errno;
		ret = tpnl_parse(nl, nl->buf, n, seq, cb, data);
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
	/* Zeroed: the pad bytes of what we send are never stale heap. */
	nl->buf = calloc(1, TPNL_BUF_SIZE);
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

	if (mnl_attr_validate(nest, MNL_TYPE_NESTED) < 0 ||
	    !tpnl_attrs_ok(mnl_attr_get_payload(nest),
			   mnl_attr_get_payload_len(nest)))
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
		    mnl_attr_validate(a, MNL_TYPE_NESTED) < 0 ||
		    !tpnl_attrs_ok(mnl_attr_get_payload(a),
				   mnl_attr_get_payload_len(a)))
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

	if (err == -EBADMSG && rejected[0]) {
		snprintf(text, sizeof(text),
			 "a malformed reply from the kernel: %s", rejected);
		return text;
	}
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

int tpnl_done(struct tpnl *nl, int err)
{
	if (err)
		fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
	tpnl_close(nl);
	return err ? 1 : 0;
}

static int features_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		if (mnl_attr_get_type(a) != TPSTAT_A_INFO_FEATURES)
			continue;
		if (mnl_attr_validate(a, MNL_TYPE_U32) < 0)
			return tpnl_reject("the module's features are not a u32");
		*(uint32_t *)data = mnl_attr_get_u32(a);
	}
	return MNL_CB_OK;
}

int tpnl_features(struct tpnl *nl, uint32_t *features)
{
	return tpnl_request(nl, TPSTAT_CMD_GET_INFO, 0, NULL, features_cb,
			    features);
}
