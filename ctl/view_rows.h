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

/*
 * The longest names a row keeps, as the module bounds them (longer ones
 * are cut, as before): what text escapes and pads them to.
 */
#define ROW_IFNAME_MAX		16
#define ROW_NAME_MAX		64	/* reason, devlink, trap, trap group */
#define ROW_LOCATION_MAX	192
#define ROW_HIST_NAME_MAX	32

/* DEVICES' values: out of the row, as they would double every row's size. */
struct dev_counters {
	uint64_t tx_packets, tx_bytes, rx_packets, rx_bytes;
	uint64_t xmit_errors, xmit_timeouts, gro;
	uint64_t napi_polls, napi_work, napi_budget_exhausted;
};

/*
 * One entry of any view, and an alert's key (alert.h): the attributes
 * it had, the others are 0.  The keys several views share have their
 * own fields; what is a single view's goes in the slots every view has
 * alike (val[], kind), which its ops name by attribute (views.h) and
 * its file by meaning.  The strings are interned once (row_intern())
 * and "" when absent, DEVICES' ten values sit out of line.  Rows
 * compare by memcmp() (view_delta.c), so a row starts zeroed.
 */
struct view_entry {
	uint64_t netns_cookie;			/* names the namespace */
	uint64_t count;				/* events, where counted */
	/*
	 * The view's own two values after count (view_ops.val_attrs):
	 * counts, or figures of the last event (view_ops.last_values).
	 */
	uint64_t val[2];
	/* addresses and ports: the sockets', a neighbour's */
	uint8_t saddr[16], daddr[16];
	uint32_t netns;				/* inode number: display */
	uint32_t ifindex;
	union {
		uint32_t reason;		/* a drop's, a reset's */
		uint32_t err;			/* ERRNO */
	};
	uint16_t sport, dport;
	uint8_t family, saddr_len, daddr_len;	/* lengths: 0, 4 or 16 */
	uint8_t protocol;			/* IPPROTO_* */
	uint8_t direction;
	/* a transition, or a flow's last state (view_ops.last_state) */
	uint8_t old_state, new_state;
	uint8_t kind;				/* view_ops.kind_attr */
	bool has_netns_cookie : 1, has_sport : 1, has_dport : 1;
	bool has_protocol : 1, has_direction : 1, has_ifname : 1;
	bool has_reason : 1, has_reason_name : 1;
	bool has_old_state : 1, has_new_state : 1, has_comm : 1;
	bool has_err : 1, has_kind : 1;
	bool has_val0 : 1, has_val1 : 1;	/* val[0], val[1] were sent */
	/* Interned strings (row_intern()), "" when absent. */
	union {
		const char *ifname;
		const char *trap;
	};
	union {
		const char *reason_name;
		const char *comm;		/* the task */
		const char *hist_name;
		const char *trap_group;
	};
	union {
		const char *location;		/* a drop's: where */
		const char *devlink;		/* a trap's: the device */
	};
	union {
		struct hist *hist;
		struct dev_counters *dev;	/* view_ops.dev_values */
	};
};

/* DEVICES' values of @e: zeros for a row that had none. */
const struct dev_counters *dev_of(const struct view_entry *e);

/* An empty row: zeroed, its strings "". */
void row_init(struct view_entry *e);
/*
 * @s (cut to @max - 1 bytes) as one copy for the whole process: rows
 * that name the same device, reason or location share it, and compare
 * by pointer across reads.  NULL when out of memory.
 */
const char *row_intern(const char *s, size_t max);

/* A whole view: the first message's figures, then the entries. */
struct view {
	uint32_t id;			/* enum tpstat_view */
	bool have_header;		/* the first message came */
	uint32_t entries, capacity;	/* VIEW_ENTRIES, VIEW_CAPACITY */
	uint64_t overflow;		/* VIEW_OVERFLOW */
	uint64_t opens_active, opens_passive, opens_failed;	/* STATES */
	unsigned int by;		/* its own --by, as printed */
	struct view_entry *e;
	size_t n, cap;
};

void view_free(struct view *v);

/* A view's key order, but for the family (view_sort_by_count() adds it). */
typedef int (*view_key_cmp_fn)(const struct view_entry *a,
			       const struct view_entry *b);

/* Sorts @v most ->count first, then by @key_cmp, then by family. */
void view_sort_by_count(struct view *v, view_key_cmp_fn key_cmp);
/*
 * Sums the entries of @v whose keys differ in their family alone
 * (@key_cmp), @merge adding each into the first; the rows keep no
 * family.  Then sorts them by view_sort_by_count().  For export, whose
 * labels have no family.
 */
void view_fold_families(struct view *v, view_key_cmp_fn key_cmp,
			void (*merge)(struct view_entry *row,
				      const struct view_entry *e));
/*
 * Puts the @n rows of @e in the order @order gives: @order[k] points to
 * the row that goes k-th.  Each row moves once; @order is left pointing
 * to each place in turn.
 */
void view_rows_permute(struct view_entry *e, size_t n,
		       const struct view_entry **order);

#endif
