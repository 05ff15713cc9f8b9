/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A view's rows as read (struct view, struct view_entry), and what is
 * done to them alike (view_rows.c).  Below views.h: the selectors and
 * the shared formats need the rows, not the views' ops.
 */
#ifndef TPSTAT_VIEW_ROWS_H
#define TPSTAT_VIEW_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../uapi/linux/tpstat.h"

struct hist;

/* What "tpstat drops --by" aggregates over. */
enum drop_by {
	BY_DEFAULT,	/* reason if the kernel has drop reasons, else location */
	BY_REASON, BY_LOCATION, BY_DEV, BY_NETNS, BY_TRAP,
};

/* What "tpstat resets --by" shows. */
enum resets_by {
	RESETS_BY_SERVICE,	/* the default: summed over peers */
	RESETS_BY_PEER,		/* each service's peers */
};

/*
 * One entry of any view, and an alert's key (alert.h): the attributes
 * it had, the others are 0.  One struct rather than one per view, as
 * view_entry_attr() stores attributes by type whatever the view, and
 * most views share the socket's key.  Fields are grouped by the views
 * that read them (the uapi header lists each view's attributes).
 */
struct view_entry {
	/* all views but TRAPS, STATES and HISTS */
	uint32_t netns;				/* inode number: display */
	uint64_t netns_cookie;			/* names the namespace */
	bool has_netns_cookie;
	/* DROPS, TRAPS, STATES, ERRORS, RCVQ, NEIGH, AUTH */
	uint64_t count;

	/* addresses and ports: the sockets' views, NEIGH's neighbour */
	uint8_t family, saddr_len, daddr_len;	/* lengths: 0, 4 or 16 */
	uint8_t saddr[16], daddr[16];
	uint16_t sport, dport;
	bool has_sport, has_dport;
	uint8_t protocol;			/* IPPROTO_*; ERRORS, RCVQ */
	bool has_protocol;
	uint8_t direction;			/* enum tpstat_direction */
	bool has_direction;			/* RESETS, LIFETIMES */

	/* a device: DROPS, DEVICES, NEIGH */
	uint32_t ifindex;
	char ifname[16];
	bool has_ifname;

	/* the kernel's drop or reset reason: DROPS, RESETS */
	uint32_t reason;
	char reason_name[64];
	bool has_reason, has_reason_name;

	/* DROPS: where; TRAPS: the devlink device and its trap */
	char location[192];
	char devlink[64], trap[64], trap_group[64];

	/* STATES: the transition; RETRANS: the flow's last state */
	uint8_t old_state, new_state;
	bool has_old_state, has_new_state;

	/* RETRANS */
	uint64_t retrans, synack_retrans;

	/* RESETS */
	uint64_t rst_sent, rst_received;

	/* LIFETIMES: the task that connected */
	char comm[TPSTAT_COMM_MAX];
	bool has_comm;

	/* DEVICES */
	uint64_t tx_packets, tx_bytes, rx_packets, rx_bytes;
	uint64_t xmit_errors, xmit_timeouts, gro;
	uint64_t napi_polls, napi_work, napi_budget_exhausted;

	/* HISTS: which histogram */
	char hist_name[32];

	/* ERRORS */
	uint32_t err;				/* ERRNO */
	bool has_err;

	/* RCVQ: the socket's receive buffer at the last drop */
	uint32_t rcvbuf;
	bool has_rcvbuf;

	/* AUTH */
	uint8_t auth_kind;			/* enum tpstat_auth_kind */
	bool has_auth_kind;

	struct hist *hist;	/* LIFETIMES, HISTS; NULL elsewhere */
};

/* A whole view: the first message's figures, then the entries. */
struct view {
	uint32_t id;			/* enum tpstat_view */
	bool have_header;		/* the first message came */
	uint32_t entries, capacity;	/* VIEW_ENTRIES, VIEW_CAPACITY */
	uint64_t overflow;		/* VIEW_OVERFLOW */
	uint64_t opens_active, opens_passive, opens_failed;	/* STATES */
	enum resets_by resets_by;	/* RESETS: as printed */
	struct view_entry *e;
	size_t n, cap;
};

void view_free(struct view *v);
/*
 * Sums the entries of @v whose keys differ in their family alone (@same:
 * the key's qsort() order without the family), @merge adding each into
 * the first; the rows keep no family.  Then sorts them by @order.  For
 * export, whose labels have no family.
 */
void view_fold_families(struct view *v, int (*same)(const void *, const void *),
			void (*merge)(struct view_entry *row,
				      const struct view_entry *e),
			int (*order)(const void *, const void *));
#endif
