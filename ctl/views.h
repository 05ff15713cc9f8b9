/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's views (TPSTAT_CMD_GET_VIEW): reading a dump into rows,
 * aggregating, sorting and printing them.  Everything but view_cmd() is
 * free of sockets, so it is unit-tested on the host.
 */
#ifndef TPSTAT_VIEWS_H
#define TPSTAT_VIEWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <libmnl/libmnl.h>

#include "hist.h"
#include "view_fmt.h"
#include "../uapi/linux/tpstat.h"

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

/* One entry of any view: the attributes it had, the others are 0. */
struct view_entry {
	/* keys */
	uint32_t netns, ifindex, reason;
	uint32_t err;				/* ERRNO */
	uint16_t sport, dport;
	uint8_t family, saddr_len, daddr_len;	/* lengths: 0, 4 or 16 */
	uint8_t old_state, new_state;
	uint8_t protocol;			/* IPPROTO_* */
	uint8_t direction;			/* enum tpstat_direction */
	bool has_direction;
	uint8_t auth_kind;			/* enum tpstat_auth_kind */
	bool has_auth_kind;
	bool has_reason, has_reason_name, has_ifname, has_comm;
	bool has_old_state, has_new_state;
	bool has_sport, has_dport, has_err, has_protocol, has_rcvbuf;
	uint8_t saddr[16], daddr[16];
	char ifname[16];
	char comm[TPSTAT_COMM_MAX];
	char location[192];
	char reason_name[64];
	char devlink[64], trap[64], trap_group[64];
	char hist_name[32];
	/* values */
	uint64_t count, retrans, synack_retrans, rst_sent, rst_received;
	uint64_t tx_packets, tx_bytes, rx_packets, rx_bytes;
	uint64_t xmit_errors, xmit_timeouts, gro;
	uint64_t napi_polls, napi_work, napi_budget_exhausted;
	uint32_t rcvbuf;			/* RCVQ */
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

/* Names "drops", "traps", ... of enum tpstat_view. */
const char *view_name(uint32_t view);
/* "reason", "location", ... */
const char *drop_by_name(enum drop_by by);
/* 0 and @by, or -1 for an unknown word. */
int drop_by_parse(const char *s, enum drop_by *by);
/* "service", "peer"; and the same 0 or -1. */
const char *resets_by_name(enum resets_by by);
int resets_by_parse(const char *s, enum resets_by *by);

/* The known HISTS names in the order they print; NULL-terminated. */
extern const char *const hist_names[];
bool hist_name_known(const char *name);
/* 0 for NULL or a known name, else 1 after one line on stderr. */
int hist_check_name(const char *name);
/* Unit of a histogram's values, for its header: "usecs", "bytes", ... */
const char *hist_unit(const char *name);

/*
 * One key or value attribute of a view entry (or an alert) into @e:
 * 1 stored, -1 invalid (wrong type or length: left out), 0 not an entry
 * attribute.
 */
int view_entry_attr(const struct nlattr *a, struct view_entry *e);
/* mnl callback for every message of a GET_VIEW dump into a struct view. */
int view_msg_cb(const struct nlmsghdr *nlh, void *data);
void view_free(struct view *v);

/*
 * DROPS or TRAPS entries summed per @by value (BY_TRAP: per devlink
 * device and trap), sorted by count, largest first, ties by name; only
 * the first @top unless 0.  The result replaces v->e; v->n is its size.
 */
int drops_aggregate(struct view *v, enum drop_by by, size_t top);
/* The dimension a DROPS/TRAPS view is printed by: BY_TRAP for TRAPS. */
enum drop_by drop_by_of(const struct view *v, enum drop_by by);
/* Each view's entries in the order they print. */
void view_sort(struct view *v);

/* "tcp", "udp", else the number in @buf ("132"); NULL without PROTOCOL. */
const char *protocol_text(const struct view_entry *e, char *buf, size_t len);
/*
 * ERRORS entries summed over the address family: one per errno,
 * protocol, service port and side, and namespace (FAMILY becomes 0),
 * in view_sort()'s order.  For export, whose labels have no family.
 */
int errors_aggregate(struct view *v);

/* AUTH (view_auth.c). */
/* "MD5 mismatch", ...; NULL for a kind this tool does not know. */
const char *auth_kind_text(unsigned int kind);
/* "md5_mismatch", ... (JSON, Prometheus); NULL for an unknown kind. */
const char *auth_kind_name(unsigned int kind);
/* qsort() order of AUTH entries: count, largest first, then the key. */
int auth_qsort(const void *a, const void *b);
struct json;
/* The text table; one JSON object per entry. */
void auth_print_text(FILE *f, const struct view *v);
void auth_json_entry(struct json *j, const struct view_entry *e);

/* ---- lifetimes and resets by service (view_lifetime.c, view_resets.c) ---- */

/* view_sort()'s orders: most first, then by service. */
int lifetimes_qsort(const void *pa, const void *pb);
int resets_qsort(const void *pa, const void *pb);
/*
 * RESETS entries as @by shows them (v->resets_by): BY_SERVICE sums them
 * over peers and families, one per namespace, direction, service port
 * and reason; BY_PEER keeps the module's rows.  In view_sort()'s order.
 */
int resets_aggregate(struct view *v, enum resets_by by);

struct json;
void resets_text(FILE *f, const struct view *v);
void resets_json_row(struct json *j, const struct view *v,
		const struct view_entry *e);
void lifetime_text(FILE *f, const struct view_entry *e);
void lifetime_json_row(struct json *j, const struct view_entry *e);

struct out_opts;
void print_view(FILE *f, const struct out_opts *o, const struct view *v,
		enum drop_by by, const char *hist_only);

/*
 * Whether a GET_VIEW error (-errno) means only that this view is not to
 * be had: off (views=) or not possible on this kernel (EOPNOTSUPP), not
 * for this user (EPERM, EACCES), or a module older than the view
 * (ERANGE: TPSTAT_A_VIEW past its policy's maximum).  Export then
 * leaves the view's families out.
 */
bool view_refused(int err);

struct tpnl;
/*
 * Why a GET_VIEW of @view failed with -@err, one line on @f: the
 * kernel's words where it sent them (nl->extack), else what the error
 * means for a view.  Returns 1.
 */
int view_error(FILE *f, const struct tpnl *nl, uint32_t view, int err);
/*
 * Reads @view and prints it: 0, or 1 after one line on stderr.  @by and
 * @top for DROPS (BY_TRAP reads TRAPS); @rby for RESETS; @hist_only: one
 * HISTS name.
 */
int view_cmd(struct tpnl *nl, uint32_t view, enum drop_by by, size_t top,
	     enum resets_by rby, const char *hist_only,
	     const struct out_opts *o);

#endif
