/* SPDX-License-Identifier: GPL-2.0 */
/* Talking to the tpstat generic netlink family with libmnl. */
#ifndef TPSTAT_NL_H
#define TPSTAT_NL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
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
	char extack[256];	/* the kernel's error text (escaped), if any */
	unsigned long foreign;	/* datagrams dropped: not the kernel's */
	unsigned long stale;	/* the kernel's, to no request of ours */
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

/*
 * Defences: only the kernel's replies to our request are read.
 *
 * tpnl_recv() reads one datagram (recvmsg() with @flags) into @buf: its
 * length, or -1 with errno (ENOSPC: cut short, as mnl_socket_recvfrom()).
 * A datagram whose sender is not the kernel (port id 0 in recvmsg()'s
 * address) is dropped, counted in nl->foreign, and the next one read.
 */
ssize_t tpnl_recv(struct tpnl *nl, void *buf, size_t len, int flags);
/*
 * Runs @cb on each reply in the @len bytes at @buf that answers request
 * @seq, as mnl_cb_run2() would, but strictly.  A message whose sequence
 * number is not @seq or whose port id is not ours is no answer to it
 * (the rest of a dump given up, a notification): skipped, counted in
 * nl->stale.  A message that is malformed (its length past what was
 * read, shorter than its headers, an attribute running past it or
 * shorter than its own header) fails it all: MNL_CB_ERROR, errno
 * EBADMSG, and tpnl_strerror() says what was wrong.  Else MNL_CB_STOP at
 * the end of the request (its ack, NLMSG_DONE) or MNL_CB_OK for more.
 */
int tpnl_parse(struct tpnl *nl, const void *buf, size_t len, uint32_t seq,
	       mnl_cb_t cb, void *data);
/*
 * Whether the @len bytes at @attrs are whole attributes end to end, each
 * at least its own header long: for a message's or a nest's payload
 * before mnl_attr_for_each*() walks it (which stops, silently, at the
 * first that is not).
 */
bool tpnl_attrs_ok(const void *attrs, size_t len);
/* Whether @nlh's attributes after @offset bytes of payload are whole. */
bool tpnl_msg_attrs_ok(const struct nlmsghdr *nlh, size_t offset);
/*
 * For callbacks that find a reply malformed: errno EBADMSG, @why kept
 * for tpnl_strerror() ("... from the kernel: <why>"), and MNL_CB_ERROR.
 */
int tpnl_reject(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/*
 * What tpnl_reject() was last told: for a reader of messages that came
 * from no socket (a history file's views lines), which has no tpnl_done().
 */
const char *tpnl_rejected(void);

/* A one-line explanation of a failed request, for users. */
const char *tpnl_strerror(const struct tpnl *nl, int err);
/*
 * The end of a command that asked the module (cmd.h's ->run()): @nl
 * closed, then 0, or 1 after "tpstat: " and tpnl_strerror() of @err on
 * stderr.
 */
int tpnl_done(struct tpnl *nl, int err);

/* The module's TPSTAT_F_* features into *@features: 0 or -errno. */
int tpnl_features(struct tpnl *nl, uint32_t *features);

#endif
