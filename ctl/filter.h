/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tpstat filter: what the module counts (TPSTAT_CMD_SET_FILTER and
 * GET_FILTER).  Parsing and printing are unit-tested on the host.
 */
#ifndef TPSTAT_FILTER_H
#define TPSTAT_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <libmnl/libmnl.h>

#include "netns.h"
#include "../uapi/linux/tpstat.h"

#define FILTER_IFNAME_MAX 16	/* IFNAMSIZ */

enum filter_action { FILTER_SHOW, FILTER_SET, FILTER_CLEAR };

/* "laddr ADDR[/PREFIX]": 4 bytes (IPv4) or 16, as the kernel takes it. */
struct filter_addr {
	uint8_t addr[16];
	uint8_t len;		/* 4 or 16 */
	uint8_t prefix;
	bool has_prefix;	/* absent: the whole address */
};

struct filter {
	bool has_pid, has_comm, has_netns, has_ifindex, has_lport, has_rport;
	bool has_laddr, has_raddr;
	struct filter_addr laddr, raddr;
	uint32_t pid, netns, ifindex;
	/* GET_FILTER: the cookie of the namespace netns named when set */
	uint64_t netns_cookie;
	bool has_netns_cookie;
	uint16_t lport, rport;
	char comm[TPSTAT_COMM_MAX];
	/* "dev NAME": if_nametoindex() fills ifindex when the request is sent */
	char ifname[FILTER_IFNAME_MAX];
	/* "netns NAME": filter_resolve() fills netns from /run/netns */
	char netns_name[NETNS_NAME_MAX];
};

struct out_opts;
struct tpnl;

/*
 * The words after "filter": none or "show", "clear", or KEY VALUE pairs.
 * 0, or 2 (a usage error) with the reason in @err.
 */
int filter_parse(int n, const char *const *words, enum filter_action *act,
		 struct filter *f, char *err, size_t err_len);
/* Puts @f's FILTER_* attributes into a request. */
void filter_put(struct nlmsghdr *nlh, const struct filter *f);
/* mnl callback for GET_FILTER's reply: fills the struct filter @data. */
int filter_reply_cb(const struct nlmsghdr *nlh, void *data);
bool filter_empty(const struct filter *f);
void print_filter(FILE *f, const struct out_opts *o, const struct filter *flt);
/*
 * "dev NAME" to its index in this network namespace, "netns NAME" to its
 * inode number: 0, or 1 after one line on stderr when there is no such
 * device or namespace.
 */
int filter_resolve(struct filter *f);
/* Runs "tpstat filter ...": 0, or 1 after one line on stderr. */
int filter_cmd(struct tpnl *nl, enum filter_action act,
	       const struct filter *f, const struct out_opts *o);

#endif
