/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host unit tests of the tool (make -C ctl test): what every
 * tests/unit_*.c shares.  The harness (CHECK() and its counters,
 * capture()), the command line as the tests type it (unit_cli.c), the
 * module's replies built as it sends them (unit_dumps.c) and each
 * group's entry point, which unit_main.c runs in order.
 */
#ifndef TPSTAT_UNIT_H
#define TPSTAT_UNIT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "cmd.h"
#include "export.h"
#include "filter.h"
#include "nl.h"
#include "output.h"
#include "views.h"
#include "../uapi/linux/tpstat.h"

#include "array.h"

/* ---- the harness (unit_main.c) ----------------------------------------- */

extern int passed, failed;
/* --json-sample: every JSON output the tests capture goes to stdout too. */
extern bool sample, sample_pretty;

/* Row @e's own value that came as TPSTAT_A_@attr. */
#define ROW_VAL(e, attr) view_entry_val(&(e), TPSTAT_A_##attr)
/* Whether it came. */
#define ROW_HAS_VAL(e, attr) view_entry_has_val(&(e), TPSTAT_A_##attr)

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		passed++;						\
	} else if (!sample) {						\
		failed++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

/* Runs @fn into a memory buffer and returns what it wrote. */
char *capture(void (*fn)(FILE *f, void *arg), void *arg);

/* ---- the command line (unit_cli.c) ------------------------------------- */

/* cli_parse() of "tpstat @line", split at spaces; 0 or 2 and @err. */
int parse(const char *line, struct options *o, char *err);

/*
 * A command as these tests name it: CMD_* for a row of the commands'
 * table (cmd.h), by its word, and VIEW_CMD(enum tpstat_view) for a
 * view, which the views' row runs.
 */
enum {
	CMD_NONE, CMD_LIST, CMD_SHOW, CMD_WATCH, CMD_RESET, CMD_ATTACH,
	CMD_DETACH, CMD_INFO, CMD_EXPORT, CMD_HELP, CMD_FILTER, CMD_MONITOR,
	CMD_HISTORY, CMD_DOCTOR, N_CMD_WORDS
};
#define VIEW_CMD(id) (0x100 + (int)(id))
#define CMD_DROPS VIEW_CMD(TPSTAT_VIEW_DROPS)
#define CMD_TRAPS VIEW_CMD(TPSTAT_VIEW_TRAPS)
#define CMD_RETRANS VIEW_CMD(TPSTAT_VIEW_RETRANS)
#define CMD_RESETS VIEW_CMD(TPSTAT_VIEW_RESETS)
#define CMD_STATES VIEW_CMD(TPSTAT_VIEW_STATES)
#define CMD_LIFETIME VIEW_CMD(TPSTAT_VIEW_LIFETIMES)
#define CMD_DEVICES VIEW_CMD(TPSTAT_VIEW_DEVICES)
#define CMD_HIST VIEW_CMD(TPSTAT_VIEW_HISTS)
#define CMD_ERRORS VIEW_CMD(TPSTAT_VIEW_ERRORS)
#define CMD_RCVQ VIEW_CMD(TPSTAT_VIEW_RCVQ)
#define CMD_NEIGH VIEW_CMD(TPSTAT_VIEW_NEIGH)
#define CMD_AUTH VIEW_CMD(TPSTAT_VIEW_AUTH)
#define CMD_SOCKMEM VIEW_CMD(TPSTAT_VIEW_SOCKMEM)

int cmd_code(const struct command *cmd, const struct view_ops *view);
/* The table's row for CMD_*, found by its word as a user types it. */
const struct command *cmd_row(int c);
int cmd_of(const struct options *o);
int help_of(const struct options *o);
/* cli_lookup() of @word into @c; 0, -1 unknown, -2 ambiguous. */
int lookup(const char *word, int *c);
/* The view a CMD_* reads, or -1. */
int cli_view(int c);

/* ---- the module's replies (unit_dumps.c) ------------------------------- */

#define INIT_NETNS 4026531840U

extern char msgbuf[4096];
/* A GET_VIEW reply in msgbuf, without attributes yet. */
struct nlmsghdr *msg_new(void);
/* @nlh, a reply the module must not send, is refused whole. */
void refused(struct view *v, const struct nlmsghdr *nlh, const char *what);
void put_header_msg(struct view *v, uint32_t entries, uint32_t cap,
		    uint64_t overflow);
void put_flow(struct view *v, int v6, uint16_t sport, uint64_t retrans,
	      uint64_t synack, int state);
void put_reset(struct view *v, uint8_t dir, uint16_t port,
	       const uint8_t *peer, uint64_t sent, uint64_t received);
/* Its attributes, into any message: a GET_HISTORY one's too. */
void put_reset_attrs(struct nlmsghdr *nlh, uint8_t dir, uint16_t port,
		     const uint8_t *peer, uint64_t sent, uint64_t received);
/*
 * A GET_HISTORY message in msgbuf: an interval's five HISTORY_*
 * attributes, its counter or view to be put.
 */
struct nlmsghdr *history_msg_new(uint64_t seq, uint64_t start,
				 uint64_t duration, uint32_t flags,
				 uint64_t lost);
void put_sockmem(struct view *v, uint8_t family, uint8_t proto,
		 uint16_t port, int kind, uint64_t count, uint64_t alloc,
		 uint64_t limit);

/* Whole dumps, each described where it is built. */
void drops_view(struct view *v);
void drops_empty_view(struct view *v);
void traps_view(struct view *v);
void retrans_view(struct view *v);
void resets_view(struct view *v);
void states_view(struct view *v);
void lifetimes_view(struct view *v);
void devices_view(struct view *v);
void hists_view(struct view *v);
void sockmem_view(struct view *v);
void errors_view(struct view *v, uint32_t ns);
void rcvq_view(struct view *v, uint32_t ns);
void neigh_view(struct view *v, uint32_t ns);
void auth_view(struct view *v, uint32_t ns);
void export_drops_view(struct view *v, bool reasons);
void export_hists_view(struct view *v);

/* What view_text() prints: cur_view by cur_by. */
extern struct view cur_view;
extern enum drop_by cur_by;
/* The options @arg points to; under --json-sample maybe pretty. */
struct out_opts *opts(void *arg);
void view_text(FILE *f, void *arg);

/* ---- every view's test, a row each (unit_views.c) ---------------------- */

/* How an output is compared with a view_want's want[] (templates). */
enum view_match {
	MATCH_ALL,		/* each of want[] is in it, lacks is not */
	MATCH_EXACT,		/* it is want[0] */
	MATCH_START,		/* it starts with want[0] */
};

/* An output of a view_case's rows and what it says. */
struct view_want {
	enum view_out {
		OUT_END, OUT_TEXT, OUT_JSON, OUT_HUMAN,
	} out;			/* text, JSON (balanced too), or text with -h */
	enum view_match match;
	const char *hist_only;	/* HISTS: tpstat hist NAME */
	/*
	 * Templates: ${ns} the text of the case's namespace, ${netns} its
	 * JSON members, ${NAME} the number of errno (or kind) NAME and
	 * ${strerror NAME} its message; NAME may be a number.
	 */
	const char *want[4];
	const char *lacks;	/* MATCH_ALL: not in it */
	bool page_4k;		/* only where a page is 4096 bytes */
	const char *what;	/* what the check says */
};

/* The view's Prometheus family, from a read of its own (export). */
struct view_prom {
	const char *what;	/* NULL: the view has no family to test */
	uint32_t ns;		/* the namespace of the dump */
	/* CHECKs on the rows after ->export_prepare() (or view_sort()). */
	void (*prepared)(const struct view *v);
	enum view_match match;
	const char *want[4];
	const char *lacks;
	const char *absent;	/* not in a scrape without the view */
};

/* The namespace of the names tests' "db" where it exists, else 7. */
#define NS_DB 0

/*
 * A view's dump read as a command reads it, and what it prints: the
 * rows as read, arranged (sorted, or summed by --by), each output, and
 * its family in export's exposition.
 */
struct view_case {
	void (*dump)(struct view *v);		/* or, in namespace @ns: */
	void (*dump_ns)(struct view *v, uint32_t ns);
	uint32_t ns;				/* NS_DB, or an inode */
	const char *ns_name;		/* ${ns}, where the namespace has one */
	void (*read)(const struct view *v);	/* CHECKs on the rows read */
	enum {
		ARRANGE_SORT,		/* view_sort() */
		ARRANGE_DROPS,		/* drops_aggregate(@by, @top) */
		ARRANGE_RESETS,		/* resets_aggregate(@resets_by) */
	} arrange;
	enum drop_by by;
	size_t top;
	enum resets_by resets_by;
	void (*arranged)(const struct view *v);	/* CHECKs on them arranged */
	struct view_want out[8];
	struct view_prom prom;
};

void run_view_cases(const struct view_case *cases, size_t n);

/* ---- shared by some groups --------------------------------------------- */

/* unit_filter.c: print_filter() of cur_filter. */
extern struct filter cur_filter;
void filter_out(FILE *f, void *arg);

/* unit_netns.c: the names directory, /run/netns's stand-in. */
extern uint32_t ns_web, ns_db;
void netns_dir_empty(void);
void netns_dir_clean(void);

/* unit_battery.c: braces and brackets balanced, nothing after. */
bool json_balanced(const char *s);

/* unit_export.c: export_write() of @arg; the views' scrape and sample. */
void export_all(FILE *f, void *arg);
extern struct view export_drops, export_hists;
extern const struct export_data views_scrape;
void prom_sample_all(FILE *f);

/* ---- the groups, by file (unit_main.c runs them in its order) ---------- */

void test_commands(void);		/* unit_commands.c */
void test_lookup(void);
void test_view_lookup(void);
void test_view_table(void);
void test_parse(void);			/* unit_cli.c */
void test_options(void);
void test_view_parse(void);
void test_netns_parse(void);
void test_output(void);			/* unit_output.c */
void test_human(void);
void test_json_u64(void);
void test_interval_no_header(void);
void test_info_recorder(void);
void test_view_battery(void);		/* unit_battery.c */
void test_hist(void);			/* unit_hist.c */
void test_hist_print(void);
void test_hist_quantiles(void);
void test_addr(void);			/* unit_names.c */
void test_views(void);			/* unit_views.c */
void test_socket_views(void);		/* unit_views_sockets.c */
void test_view_delta(void);		/* unit_delta.c */
void test_view_add(void);		/* unit_delta.c */
void test_history(void);
void test_sockmem_delta(void);
void test_filter(void);			/* unit_filter.c */
void test_netns_names(void);		/* unit_netns.c */
void test_netns_init(void);
void test_refused(void);		/* unit_refused.c */
void test_no_header(void);
void test_monitor(void);		/* unit_monitor.c */
void test_select(void);			/* unit_select.c */
void test_select_views(void);
void test_sort_top(void);
void test_view_rows_sort(void);
void test_export(void);			/* unit_export.c */
void test_promtool(void);
void test_export_views(void);		/* unit_export_views.c */
void test_export_netns_cookie(void);
void test_history_cmd(void);		/* unit_history.c */
void test_history_views(void);		/* unit_history_views.c */
void test_attr_order(void);		/* unit_attr_order.c */
void test_doctor(void);			/* unit_doctor.c */
void test_doctor_paths(void);		/* unit_doctor_paths.c */
void test_doctor_cli(void);
void test_doctor_prometheus(void);		/* unit_doctor_prometheus.c */
void test_doctor_absent(void);		/* unit_doctor_absent.c */

/* unit_output.c's counters, which --json-sample prints too. */
extern const struct counter_row rows[4];

#endif
