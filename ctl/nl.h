/* SPDX-License-Identifier: GPL-2.0 */
/* Talking to the tpstat generic netlink family with libmnl. */
#ifndef TPSTAT_NL_H
#define TPSTAT_NL_H

#include <stdbool.h>
#include <stdint.h>
#include <libmnl/libmnl.h>

/*
 * Replies are read into buffers this big.  A dump's messages come in
 * skbs as big as the reader's last recvmsg() buffer, up to 32 KiB
 * (netlink_recvmsg()): with MNL_SOCKET_BUFFER_SIZE (a page) a full
 * 65,536-entry view took some 1,600 reads, with this some 200.
 */
#define TPNL_BUF_SIZE 32768

struct tpnl {
	struct mnl_socket *sock;
	uint16_t family;
	uint32_t portid;
	uint32_t seq;
	char *buf;		/* TPNL_BUF_SIZE bytes */
	char extack[256];	/* the kernel's error text, if it sent one */
};

/* 0, or -errno; a missing family is -ENOENT. */
int tpnl_open(struct tpnl *nl);
void tpnl_close(struct tpnl *nl);

/*
 * Sends @cmd (with TPSTAT_A_GLOB = @glob unless NULL), as a dump if
 * @dump, and runs @cb on every reply.  0, or -errno with nl->extack set
 * when the kernel explained.
 */
int tpnl_request(struct tpnl *nl, uint8_t cmd, int dump, const char *glob,
		 mnl_cb_t cb, void *data);

/*
 * A request to fill in with mnl_attr_put*() before tpnl_send(): @cmd, as
 * a dump if @dump.  It lives in nl->buf, so one at a time.
 */
struct nlmsghdr *tpnl_msg(struct tpnl *nl, uint8_t cmd, int dump);
/* Sends it and runs @cb on every reply; returns as tpnl_request(). */
int tpnl_send(struct tpnl *nl, const struct nlmsghdr *nlh, mnl_cb_t cb,
	      void *data);

/*
 * Multicast.  The id of @family's multicast group @group (from
 * CTRL_CMD_GETFAMILY): 0, -ENOMSG when the family has no such group,
 * or -errno as tpnl_request() (-ENOENT: no such family).
 */
int tpnl_group(struct tpnl *nl, const char *family, const char *group,
	       uint32_t *id);
/* NETLINK_ADD_MEMBERSHIP: 0, or -errno (-EPERM: not allowed). */
int tpnl_join(struct tpnl *nl, uint32_t group);
/* Sends a request made by tpnl_msg() without waiting for its answer. */
int tpnl_post(struct tpnl *nl, const struct nlmsghdr *nlh);
/*
 * An NLMSG_ERROR: 0 for an ack, else -errno with nl->extack set when
 * the kernel explained.
 */
int tpnl_ack_error(struct tpnl *nl, const struct nlmsghdr *nlh);

/* Parsing nlctrl's messages; no socket, so unit-tested on the host. */
/* The id of @group in a CTRL_CMD_GETFAMILY reply: 0, or -ENOENT. */
int genl_group_id(const struct nlmsghdr *nlh, const char *group,
		  uint32_t *id);
/*
 * Whether @nlh is nlctrl's CTRL_CMD_DELFAMILY for @family (by name, or
 * by @id unless 0): the module was unloaded.
 */
bool genl_family_deleted(const struct nlmsghdr *nlh, const char *family,
			 uint16_t id);

/* A one-line explanation of a failed request, for users. */
const char *tpnl_strerror(const struct tpnl *nl, int err);

#endif
