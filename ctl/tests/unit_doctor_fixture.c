// SPDX-License-Identifier: GPL-2.0
/*
 * What doctor's unit tests share (unit_doctor_fixture.h): views built as
 * the module sends them, a directory of sysctls in place of /proc/sys,
 * and doctor's report of them as the command prints it.
 */
#define _GNU_SOURCE	/* nftw() */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include "doctor.h"
#include "netns.h"
#include "unit.h"
#include "unit_doctor_fixture.h"

/* ---- the module's replies ---------------------------------------------- */

void view_start(struct view *v, uint32_t id)
{
	memset(v, 0, sizeof(*v));
	v->id = id;
	put_header_msg(v, 16, 1024, 0);
}

/* A drops entry whose reason has code @code. */
void drop_coded(struct view *v, const char *loc, const char *reason,
		uint32_t code, uint32_t ns, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, loc);
	mnl_attr_put_u32(nlh, TPSTAT_A_REASON, code);
	mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, reason);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 1);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "lo");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a drops entry");
}

void drop(struct view *v, const char *loc, const char *reason, uint32_t ns,
	  uint64_t count)
{
	drop_coded(v, loc, reason, 7, ns, count);	/* the kernel's: any */
}

void rcvq(struct view *v, uint8_t family, uint8_t proto, uint16_t port,
	  uint32_t ns, uint64_t count, uint32_t rcvbuf)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, family);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	mnl_attr_put_u32(nlh, TPSTAT_A_RCVBUF, rcvbuf);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: an rcvq entry");
}

/* A reset sent for a segment to local @port: @reason NULL, none (< 6.10). */
void reset(struct view *v, uint8_t dir, uint16_t port, uint8_t peer,
	   uint32_t ns, const char *reason, uint64_t sent)
{
	const uint8_t addr[4] = { 192, 0, 2, peer };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, dir);
	mnl_attr_put_u16(nlh, dir == TPSTAT_DIRECTION_ACTIVE ? TPSTAT_A_DPORT :
			 TPSTAT_A_SPORT, port);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	if (reason) {
		mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 1);
		mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, reason);
	}
	mnl_attr_put_u64(nlh, TPSTAT_A_RST_SENT, sent);
	mnl_attr_put_u64(nlh, TPSTAT_A_RST_RECEIVED, 0);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a resets entry");
}

/* A socket error: the service @port is remote (a client's) or local. */
void sock_error(struct view *v, uint32_t err, uint16_t port, bool remote,
		uint32_t ns, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, IPPROTO_TCP);
	mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, err);
	mnl_attr_put_u16(nlh, remote ? TPSTAT_A_DPORT : TPSTAT_A_SPORT, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: an errors entry");
}

/* @count drops for @reason on device @dev (ifindex @ifindex). */
void dev_drop(struct view *v, const char *dev, uint32_t ifindex,
	      const char *reason, uint32_t ns, uint64_t count)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "__dev_queue_xmit+0x1/0x2");
	mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 7);
	mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, reason);
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, dev);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a device's drops");
}

/* @count TCP-MD5/AO failures of @kind from 192.0.2.@peer to local @port. */
void auth(struct view *v, uint8_t kind, uint8_t peer, uint16_t port,
	  uint32_t ns, uint64_t count)
{
	const uint8_t addr[4] = { 192, 0, 2, peer };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_AUTH_KIND, kind);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: an auth entry");
}

/* A flow to 192.0.2.@peer:443 from local @sport, last in @state. */
void flow(struct view *v, uint8_t peer, uint16_t sport, uint8_t state,
	  uint32_t ns, uint64_t retrans)
{
	const uint8_t local[4] = { 198, 51, 100, 1 };
	const uint8_t addr[4] = { 192, 0, 2, peer };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, 4, local);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, sport);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 443);
	mnl_attr_put_u8(nlh, TPSTAT_A_NEW_STATE, state);
	mnl_attr_put_u64(nlh, TPSTAT_A_RETRANS, retrans);
	mnl_attr_put_u64(nlh, TPSTAT_A_SYNACK_RETRANS, 0);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a retrans entry");
}

/* A device's transmits: @name NULL, one whose name is gone. */
void device(struct view *v, const char *name, uint32_t ifindex, uint32_t ns,
	    uint64_t sent, uint64_t errors, uint64_t timeouts)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (name)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, name);
	mnl_attr_put_u64(nlh, TPSTAT_A_TX_PACKETS, sent);
	mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_ERRORS, errors);
	mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_TIMEOUTS, timeouts);
	mnl_attr_put_u64(nlh, TPSTAT_A_RX_PACKETS, 7);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a devices entry");
}

/* A protocol refused memory at @port: @alloc pages against @limit. */
void sockmem(struct view *v, uint8_t proto, uint16_t port, uint8_t kind,
	     uint32_t ns, uint64_t count, uint64_t alloc, uint64_t limit)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, proto);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, port);
	mnl_attr_put_u8(nlh, TPSTAT_A_MEM_KIND, kind);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	mnl_attr_put_u64(nlh, TPSTAT_A_MEM_ALLOCATED, alloc);
	mnl_attr_put_u64(nlh, TPSTAT_A_MEM_LIMIT, limit);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a sockmem entry");
}

/* Neighbour 192.0.2.@host on @dev (ifindex @ifindex) failed @count times. */
void neigh(struct view *v, const char *dev, uint32_t ifindex, uint8_t host,
	   uint32_t ns, uint64_t count)
{
	const uint8_t addr[4] = { 192, 0, 2, host };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, ifindex);
	if (dev)
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, dev);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, count);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "doctor: a neigh entry");
}

/* ---- the sysctls --------------------------------------------------------- */

char sysdir[] = "/tmp/tpstat-unit-doctor.XXXXXX";

void sysctl_write(const char *name, const char *value)
{
	char path[256], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", sysdir, name);
	for (p = path + strlen(sysdir) + 1; *p; p++) {
		if (*p != '.')
			continue;
		*p = '\0';
		mkdir(path, 0700);
		*p = '/';
	}
	f = fopen(path, "w");
	CHECK(f, "doctor: sysctl %s written", name);
	if (f) {
		fputs(value, f);
		fclose(f);
	}
}

void sysctl_remove(const char *name)
{
	char path[256], *p;

	snprintf(path, sizeof(path), "%s/%s", sysdir, name);
	for (p = path + strlen(sysdir) + 1; *p; p++)
		if (*p == '.')
			*p = '/';
	unlink(path);
}

/* A device's knob: its name's dots stay dots, as in /proc/sys. */
void neigh_sysctl_write(const char *dev, const char *leaf, const char *value)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/net/ipv4/neigh", sysdir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/net/ipv4/neigh/%s", sysdir, dev);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/net/ipv4/neigh/%s/%s", sysdir, dev,
		 leaf);
	f = fopen(path, "w");
	CHECK(f, "doctor: sysctl %s of %s written", leaf, dev);
	if (f) {
		fputs(value, f);
		fclose(f);
	}
}

/*
 * A device's settings, under the directory's "devices", for the tests'
 * namespace NS_X alone (doctor_device_root()).
 */
void device_setting_write(const char *dev, const char *leaf, const char *value)
{
	static char dir[256];	/* doctor_device_root() keeps it */
	char path[256];
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/devices", sysdir);
	mkdir(dir, 0700);
	doctor_device_root(dir, NS_X);
	snprintf(path, sizeof(path), "%s/devices/%s", sysdir, dev);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/devices/%s/%s", sysdir, dev, leaf);
	f = fopen(path, "w");
	CHECK(f, "doctor: %s of %s written", leaf, dev);
	if (f) {
		fputs(value, f);
		fclose(f);
	}
}

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

void sysctls_clean(void)
{
	CHECK(!nftw(sysdir, remove_one, 8, FTW_DEPTH | FTW_PHYS),
	      "doctor: the sysctls' directory removed");
	doctor_sysctl_root(NULL);
	doctor_device_root(NULL, 0);
}

/* ---- a run, as the command makes it ---------------------------------------- */

void run_out(FILE *f, void *arg)
{
	struct run *r = arg;
	struct out_opts o = { .json = r->json };
	FILE *err = fmemopen(r->err, sizeof(r->err), "w");

	r->status = doctor_report(f, err, &o, r->in, r->read, r->unread,
				  r->n_unread);
	fclose(err);
}

/* The views of @in that are there, as read. */
unsigned int read_of(const struct doctor_input *in)
{
	unsigned int read = 0;

	for (uint32_t id = 0; id < __TPSTAT_VIEW_CNT; id++)
		if (in->views[id])
			read |= DOCTOR_VIEW(id);
	return read;
}

/* doctor's text (or JSON) of @in into a static copy; its status in *@st. */
const char *report(const struct doctor_input *in, bool json, int *st)
{
	static char copy[32768];
	struct run r = { .in = in, .read = read_of(in), .json = json };

	snprintf(copy, sizeof(copy), "%s", capture(run_out, &r));
	*st = r.status;
	return copy;
}

void views_free(struct view *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		view_free(&v[i]);
}
