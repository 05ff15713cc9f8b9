/* SPDX-License-Identifier: GPL-2.0 */
/* Talking to the tpstat generic netlink family with libmnl. */
#ifndef TPSTAT_NL_H
#define TPSTAT_NL_H

#include <stdint.h>
#include <libmnl/libmnl.h>

struct tpnl {
	struct mnl_socket *sock;
	uint16_t family;
	uint32_t portid;
	uint32_t seq;
	char *buf;		/* MNL_SOCKET_BUFFER_SIZE bytes */
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

/* A one-line explanation of a failed request, for users. */
const char *tpnl_strerror(const struct tpnl *nl, int err);

#endif
