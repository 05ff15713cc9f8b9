/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's views (TPSTAT_CMD_GET_VIEW): reading a dump into rows,
 * aggregating, sorting and printing them.  Each view is one
 * views/<name>.c with its struct view_ops, listed in views.c's table;
 * what several views print is view_fmt.c's.  Everything but view_cmd()
 * and the ops' prepare() is free of sockets, so it is unit-tested on
 * the host.
 */
#ifndef TPSTAT_VIEWS_H
#define TPSTAT_VIEWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <libmnl/libmnl.h>

#include "hist.h"
#include "select.h"
#include "view_fmt.h"
#include "view_rows.h"
#include "../uapi/linux/tpstat.h"

struct columns;
struct fields;
struct json;
struct out_opts;
struct prom;
struct tpnl;


/*
 * A column "--sort" orders a view by: @cmp in printing order, figures
 * biggest first, names ascending.  Ties keep the view's own order.
 */
struct view_field {
	const char *name;
	int (*cmp)(const struct view_entry *a, const struct view_entry *b);
};

/* What the command line asks of a view. */
struct view_args {
	size_t top;			/* --top: the first N rows, 0 = all */
	const struct selector *sel;	/* rows shown: NULL = all */
	const char *sort;		/* --sort FIELD, NULL = the view's order */
	/*
	 * The view's own: its --by as its ->parse_by() read it (0: the
	 * view's default), and the word its ->parse_words() took (NULL:
	 * none).  Shared code carries them, and only the view reads them.
	 */
	unsigned int by;
	const char *word;
};

/* A view as print_view() prints it: the view and what it is shown by. */
struct view_print {
	const struct view *v;
	unsigned int by;		/* the view's own, as view_args' */
	const char *word;
	bool human;			/* -h: 1.2M, as ip -s -h */
	bool no_header;			/* -H: no column headers, as ss */
};

/*
 * A view: its names and what it does past the steps all views share.
 * view_cmd() ->prepare()s, reads the view, ->arrange()s it, and
 * print_view() prints the figures every view has around its rows:
 * ->row() for each (a table), or ->record() (a view whose text is not
 * one).  Every view has one or the other; the other hooks may be NULL
 * for the default their comment names.
 */
struct view_ops {
	uint32_t id;			/* enum tpstat_view */
	/* "drops": the command word, messages, JSON's "view" */
	const char *name;
	/* Other command words for it, NULL-terminated (NULL: none). */
	const char *const *aliases;
	/*
	 * "tpstat drops [--by ...] ...\n    what it shows": tpstat help's
	 * paragraph; the selectors and --sort fields are added from below.
	 */
	const char *usage;
	const char *list_key;		/* JSON: its entries' array */
	bool hist;			/* each entry carries a histogram */
	/*
	 * The attributes of its own values, in view_entry's val[], and of
	 * its kind of event, in view_entry's kind (0: none).  No two views
	 * name the same attribute.
	 */
	uint16_t val_attrs[2];
	uint16_t kind_attr;
	/*
	 * Its two values are figures of the last event, not counts: -i
	 * shows them as read.
	 */
	bool last_values;
	/*
	 * Its rows' states are the last event's, not part of the key: -i
	 * does not tell rows apart by them.
	 */
	bool last_state;
	/* Its values are DEVICES' (view_entry's dev), not a histogram. */
	bool dev_values;
	bool names_sockets;		/* GET_VIEW needs CAP_NET_ADMIN */
	/*
	 * Not a table of keys, so not in the flight recorder's views
	 * intervals (uapi's "History"): tpstat history refuses it.
	 */
	bool no_history;
	/* Why EOPNOTSUPP, without the kernel's words (NULL: an old module). */
	const char *unavailable;
	/* SEL_BIT()s of the selectors its rows carry a field for. */
	unsigned int selectors;
	/* What --sort takes, NULL-name-terminated (NULL: nothing). */
	const struct view_field *fields;

	/*
	 * Before the read, with the module at hand: a->by resolved, v->id
	 * the view to read (NULL: as asked).  0 or -errno.
	 */
	int (*prepare)(struct tpnl *nl, struct view *v, struct view_args *a);
	/*
	 * view_sort()'s: @e into the view's order (VIEW_SORT(), view_sort.h;
	 * NULL: ->key_cmp's, or as read).
	 */
	void (*sort)(struct view_entry *e, size_t n);
	/*
	 * With ->sort NULL, the rows print most ->count first, then in this
	 * key order (NULL: as read); export folds families by it.
	 */
	view_key_cmp_fn key_cmp;
	/* After the read, into printing order (NULL: view_sort()).  0. */
	int (*arrange)(struct view *v, const struct view_args *a);
	/*
	 * A table's row @e, one call per column (columns.h), text and JSON
	 * alike (NULL: ->record() writes the entries).  A zeroed row in the
	 * heads' pass.
	 */
	void (*row)(struct columns *c, const struct view_print *p,
		    const struct view_entry *e);
	/*
	 * Entry @e as a record, one call per field (fields.h), text and JSON
	 * alike: for a view whose text is not a table.
	 */
	void (*record)(struct fields *w, const struct view_print *p,
		       const struct view_entry *e);
	/* Whether ->record() writes @e (NULL: every entry). */
	bool (*shows)(const struct view_print *p, const struct view_entry *e);
	/*
	 * The view's own figures, one call per field: in text after the
	 * rows, in JSON members after "capacity" (NULL: none).
	 */
	void (*summary)(struct fields *w, const struct view_print *p);
	/* JSON's "by" (NULL: none). */
	const char *(*json_by)(const struct view_print *p);

	/*
	 * The command line (cli.c, no I/O).  ->parse_by() takes --by's
	 * word (NULL: none given) into @a (NULL hook: the view takes no
	 * --by); ->parse_words() the words after the command (NULL: they
	 * are selectors).  0, or 2 with the reason in @err.
	 */
	int (*parse_by)(const char *by, struct view_args *a, char *err,
			size_t err_len);
	/* What its --by takes, for usage errors: "service or peer". */
	const char *by_words;
	int (*parse_words)(int n, const char *const *words,
			   struct view_args *a, char *err, size_t err_len);
	/* The ops the rows are shown with (NULL: these): traps for drops --by trap. */
	const struct view_ops *(*shown)(const struct view_args *a);
	/* Takes drops' old "-n N" for --top, with a warning. */
	bool old_dash_n;

	/*
	 * tpstat export (export.c): the view read whole, then
	 * ->export_prepare() (NULL: as read), then ->export() writes its
	 * Prometheus family (NULL: the view exports nothing).  Only where
	 * the module has every TPSTAT_F_* bit of @export_features.
	 */
	uint32_t export_features;
	int (*export_prepare)(struct view *v);
	void (*export)(struct prom *p, const struct view *v);
};

/*
 * What every table's view_ops says, from the view's enum tpstat_view
 * suffix @ID and its name @view, after which its file names its --sort
 * fields <view>_fields and its one writer <view>_row().
 */
#define VIEW_OPS_TABLE(ID, view)					\
	.id = TPSTAT_VIEW_##ID,						\
	.name = #view,							\
	.fields = view##_fields,					\
	.row = view##_row
/* The same for a view of records, whose writer is <view>_record(). */
#define VIEW_OPS_RECORDS(ID, view)					\
	.id = TPSTAT_VIEW_##ID,						\
	.name = #view,							\
	.fields = view##_fields,					\
	.record = view##_record

/*
 * The table of views (view_table.c): the @i-th in the order help and
 * export list them, NULL past the last.  Adding a view is its
 * views/<name>.c and one line in view_list.h.
 */
const struct view_ops *view_at(size_t i);
/* The ops of @view (enum tpstat_view), or NULL for one this tool lacks. */
const struct view_ops *view_ops(uint32_t view);
/* The view @word names, by its name or an alias, whole; NULL if none. */
const struct view_ops *view_named(const char *word);
/* Names "drops", "traps", ... of enum tpstat_view. */
const char *view_name(uint32_t view);
/* The ops @a shows rows with: ->shown(), else @ops. */
const struct view_ops *view_ops_shown(const struct view_ops *ops,
				      const struct view_args *a);

/*
 * One key or value attribute of a view entry (or an alert) into @e:
 * 1 stored, -1 invalid (wrong type or length: left out), 0 not an entry
 * attribute.
 */
int view_entry_attr(const struct nlattr *a, struct view_entry *e);
/*
 * @e's own value that came as attribute @attr (a view's val_attrs):
 * what alerts and doctor read by name; 0 for an attribute no view has.
 */
uint64_t view_entry_val(const struct view_entry *e, uint16_t attr);
/* Whether @e had that attribute. */
bool view_entry_has_val(const struct view_entry *e, uint16_t attr);
/* mnl callback for every message of a GET_VIEW dump into a struct view. */
int view_msg_cb(const struct nlmsghdr *nlh, void *data);
/* Each view's entries in the order they print (its ->sort). */
void view_sort(struct view *v);
/*
 * @v, as read, into the rows tpstat VIEW prints with @a: its ->arrange()
 * (drops and resets sum their keys by --by), else view_sort().
 */
void view_arrange(struct view *v, const struct view_args *a);
/*
 * @v, as read, into what tpstat VIEW shows with @a: the rows @a->sel
 * selects, view_arrange()d, by --sort, the first --top.  0, or -1 out
 * of memory.
 */
int view_shape(struct view *v, const struct view_args *a);
/*
 * A view's words after its name (cmd_views.c): its own (hists' NAME)
 * into @a, else selectors into @sel, checked against the keys of the
 * rows @a shows (traps' for drops --by trap).  @a's --by first: the
 * rows shown depend on it.  0, or 2 with the reason in @err.
 */
int view_parse_words(const struct view_ops *ops, int n,
		     const char *const *words, struct view_args *a,
		     struct selector *sel, char *err, size_t err_len);
/*
 * @ops' --by @by (NULL: none given) into @a; @name, the command, for
 * the error where @ops (maybe NULL) takes no --by (cli.c).  0, or 2
 * with the reason in @err.
 */
int view_parse_by(const struct view_ops *ops, const char *name,
		  const char *by, struct view_args *a, char *err,
		  size_t err_len);
/*
 * @v, empty, ready for view_msg_cb() to take entries that come without
 * the table's first message (GET_HISTORY's views intervals): view @id,
 * no table figures, no bound on its entries but memory.
 */
void view_headless(struct view *v, uint32_t id);
/* --sort: @ops' field @name, or NULL. */
const struct view_field *view_field_find(const struct view_ops *ops,
					 const char *name);
/* "count, dev, netns": the fields of @ops, for a usage error. */
const char *view_fields_text(const struct view_ops *ops, char *buf,
			     size_t len);
/* @v's rows by @f, ties in their order (stable): 0, -1 out of memory. */
int view_sort_field(struct view *v, const struct view_field *f);
/* Only the first @top rows of @v (0: all). */
void view_truncate(struct view *v, size_t top);
/* Comparators the views' fields share (view_fields.c). */
int fld_count(const struct view_entry *a, const struct view_entry *b);
/* The view's own two values (view_entry's val[]), biggest first. */
int fld_val0(const struct view_entry *a, const struct view_entry *b);
int fld_val1(const struct view_entry *a, const struct view_entry *b);
int fld_tx_packets(const struct view_entry *a, const struct view_entry *b);
int fld_tx_bytes(const struct view_entry *a, const struct view_entry *b);
int fld_rx_packets(const struct view_entry *a, const struct view_entry *b);
int fld_rx_bytes(const struct view_entry *a, const struct view_entry *b);
int fld_xmit_errors(const struct view_entry *a, const struct view_entry *b);
int fld_xmit_timeouts(const struct view_entry *a, const struct view_entry *b);
int fld_gro(const struct view_entry *a, const struct view_entry *b);
int fld_napi_polls(const struct view_entry *a, const struct view_entry *b);
int fld_napi_work(const struct view_entry *a, const struct view_entry *b);
int fld_napi_budget(const struct view_entry *a, const struct view_entry *b);
int fld_netns(const struct view_entry *a, const struct view_entry *b);
int fld_saddr(const struct view_entry *a, const struct view_entry *b);
int fld_daddr(const struct view_entry *a, const struct view_entry *b);
int fld_port(const struct view_entry *a, const struct view_entry *b);
int fld_sport(const struct view_entry *a, const struct view_entry *b);
int fld_reason(const struct view_entry *a, const struct view_entry *b);
int fld_dev(const struct view_entry *a, const struct view_entry *b);
int fld_ifindex(const struct view_entry *a, const struct view_entry *b);
int fld_errno(const struct view_entry *a, const struct view_entry *b);
int fld_proto(const struct view_entry *a, const struct view_entry *b);
int fld_state(const struct view_entry *a, const struct view_entry *b);
int fld_old_state(const struct view_entry *a, const struct view_entry *b);
int fld_direction(const struct view_entry *a, const struct view_entry *b);
int fld_hist_count(const struct view_entry *a, const struct view_entry *b);
int fld_hist_mean(const struct view_entry *a, const struct view_entry *b);

void print_view(FILE *f, const struct out_opts *o, const struct view *v,
		unsigned int by, const char *word);
/* The rows of p->v as @ops writes them: text, or entry @i's JSON. */
void view_rows_text(const struct view_ops *ops, FILE *f,
		    const struct view_print *p);
void view_row_json(const struct view_ops *ops, struct json *j,
		   const struct view_print *p, size_t i);

/* One interval of "tpstat VIEW -i": when, and over how long. */
struct view_interval {
	char time[32];		/* local time of the read, "2026-11-27 05:30:01" */
	double elapsed, seconds;	/* since the first read; since the last */
};
/*
 * @v (view_delta()'s) as one interval: on a terminal the screen cleared
 * and a header, piped a "--- TIME" line, JSON one object a line with
 * "time", "elapsed_s" and "interval_s".
 */
void print_view_interval(FILE *f, const struct out_opts *o,
			 const struct view *v, unsigned int by,
			 const char *word, const struct view_interval *iv);

/*
 * View_delta.c: @d = what moved from @old to @cur (both as read and
 * arranged, of the same view).  Each row of @cur whose values changed,
 * with its change; a row not in @old, or whose counts went down (reset,
 * or evicted and counted again), with its values as they are: never a
 * negative change.  Rows that did not move are left out; the others
 * sorted by view_entry_change(), biggest first, ties in @cur's order.
 * The table's overflow and STATES' opens as changes too.  0, or -1 out
 * of memory (@d empty).  view_free(@d) after.
 */
int view_delta(struct view *d, const struct view *cur, const struct view *old);
/*
 * @acc += @v, two reads of one view's keys over consecutive times (the
 * flight recorder's views intervals): each row of @v added to the same
 * row of @acc, or appended as a copy; a row's figures of its last event
 * (RCVQ's buffer, RETRANS's state) are @v's, the later's.  @acc starts
 * zeroed with @v's id.  0, or -1 out of memory (view_free(@acc) then).
 */
int view_add(struct view *acc, const struct view *v);
/* What a row's change sorts by: its events (packets for DEVICES). */
uint64_t view_entry_change(uint32_t view, const struct view_entry *e);
/*
 * "tpstat VIEW -i SECONDS [-c COUNT]": view_cmd()'s read every interval,
 * printing what moved since the previous (count 0: until interrupted).
 */
int view_watch(struct tpnl *nl, uint32_t view, const struct view_args *args,
	       const struct out_opts *o, double interval, long count);

/*
 * Whether a GET_VIEW error (-errno) means only that this view is not to
 * be had: off (views=) or not possible on this kernel (EOPNOTSUPP), not
 * for this user (EPERM, EACCES), or a module older than the view
 * (ERANGE: TPSTAT_A_VIEW past its policy's maximum).  Export then
 * leaves the view's families out.
 */
bool view_refused(int err);
/*
 * View @v->id read whole, as the module sends it (not shaped), into
 * @v: 0 and *@refused 0; or, @v freed, 0 and *@refused the -errno with
 * which the module refuses only this view (view_refused()), its words,
 * if any, left in nl->extack for view_error(); or another error as
 * tpnl_send().  What export and doctor read, which go on without a
 * view they may not have.
 */
int view_fetch(struct tpnl *nl, struct view *v, int *refused);
/*
 * Why a GET_VIEW of @view failed with -@err, one line on @f: the
 * kernel's words where it sent them (nl->extack), else what the error
 * means for a view.  Returns 1.
 */
int view_error(FILE *f, const struct tpnl *nl, uint32_t view, int err);
/*
 * What @v's view's ->prepare() resolves before a read (drops' default
 * --by, from the module's features) into @a: 0, or 1 after one line on
 * stderr.
 */
int view_prepare(struct tpnl *nl, struct view *v, struct view_args *a);
/*
 * drops' --by where none was given (BY_DEFAULT): by reason where the
 * kernel has drop reasons, as @features (the module's TPSTAT_F_*) say,
 * else by location.  Its ->prepare()'s, and a history file's, whose
 * module is not there to ask.
 */
void drops_default_by(struct view_args *a, uint32_t features);
/*
 * Reads @view and prints it: 0, or 1 after one line on stderr.  @args:
 * the view's own --by and word, and for every view the selector, --sort
 * and --top.
 */
int view_cmd(struct tpnl *nl, uint32_t view, const struct view_args *args,
	     const struct out_opts *o);

/*
 * What the views export.c and cmd_export.c call beyond their ops.  Each
 * *_export() writes its Prometheus family from a view read for export
 * (export.h); nothing for a NULL view.
 */

/* DROPS and TRAPS (views/drops.c, views/traps.c, views/drop_rows.c) */
/* What "tpstat drops --by" aggregates over: their view_args.by. */
enum drop_by {
	BY_DEFAULT,	/* reason if the kernel has drop reasons, else location */
	BY_REASON, BY_LOCATION, BY_DEV, BY_NETNS, BY_TRAP,
};
/* "reason", "location", ... */
const char *drop_by_name(enum drop_by by);
/* 0 and @by, or -1 for an unknown word. */
int drop_by_parse(const char *s, unsigned int *by);
/* The dimension a DROPS/TRAPS view is printed by: BY_TRAP for TRAPS. */
enum drop_by drop_by_of(const struct view *v, enum drop_by by);
/*
 * DROPS or TRAPS entries summed per @by value (BY_TRAP: per devlink
 * device and trap), sorted by count, largest first, ties by name; only
 * the first @top unless 0.  The result replaces v->e; v->n is its size.
 */
int drops_aggregate(struct view *v, enum drop_by by, size_t top);
/* tpstat_skb_drops_by_reason_total, after drops_aggregate(BY_REASON). */
void drops_export(struct prom *p, const struct view *v);
/*
 * Why DROPS row @e is no loss (QUEUE_PURGE, NOT_SPECIFIED: frees on the
 * kernel's ordinary paths), or NULL: a loss, or no reason's name.
 */
const char *drop_not_loss(const struct view_entry *e);

/* RESETS (views/resets.c) */
/* What "tpstat resets --by" shows: its view_args.by. */
enum resets_by {
	RESETS_BY_SERVICE,	/* the default: summed over peers */
	RESETS_BY_PEER,		/* each service's peers */
};
/* "service", "peer"; and 0 or -1 as drop_by_parse(). */
const char *resets_by_name(enum resets_by by);
int resets_by_parse(const char *s, unsigned int *by);
/*
 * RESETS entries as @by shows them (v->by): BY_SERVICE sums them
 * over peers and families, one per namespace, direction, service port
 * and reason; BY_PEER keeps the module's rows.  In view_sort()'s order.
 */
int resets_aggregate(struct view *v, enum resets_by by);
/* tpstat_tcp_resets_total, after resets_aggregate(RESETS_BY_SERVICE). */
void resets_export(struct prom *p, const struct view *v);

/* HISTS (views/hists.c) */
/* The known HISTS names in the order they print; NULL-terminated. */
extern const char *const hist_names[];
bool hist_name_known(const char *name);
/* Unit of a histogram's values, for its header: "usecs", "bytes", ... */
const char *hist_unit(const char *name);
/* One histogram family per known name, as read. */
void hists_export(struct prom *p, const struct view *v);

/* ERRORS (views/errors.c) */
/* "tcp", "udp", else the number in @buf ("132"); NULL without PROTOCOL. */
const char *protocol_text(const struct view_entry *e, char *buf, size_t len);
/*
 * ERRORS entries summed over the address family: one per errno,
 * protocol, service port and side, and namespace (FAMILY becomes 0),
 * in view_sort()'s order.  For export, whose labels have no family.
 */
int errors_aggregate(struct view *v);
/* tpstat_socket_errors_total, after errors_aggregate(). */
void errors_export(struct prom *p, const struct view *v);

/* RETRANS (views/retrans.c) */
/*
 * A RETRANS row's retransmits that are a connection's, past its
 * handshake: 0 for a flow last in SYN_SENT or SYN_RECV, a connect's
 * SYNs or a handshake's, which connect_errors and the listeners tell of.
 */
uint64_t retrans_past_handshake(const struct view_entry *e);

/* AUTH (views/auth.c) */
/* "MD5 mismatch", ...; NULL for a kind this tool does not know. */
const char *auth_kind_text(unsigned int kind);
/* "md5_mismatch", ... (JSON, Prometheus); NULL for an unknown kind. */
const char *auth_kind_name(unsigned int kind);
/* tpstat_tcp_auth_failures_total, as read. */
void auth_export(struct prom *p, const struct view *v);

#endif
