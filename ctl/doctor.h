/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tpstat doctor: the views and the sysctls that govern them, read once,
 * and the findings its rules make of them, ranked by impact.  Each rule
 * is one doctor/<name>.c holding a struct doctor_rule; doctor/rules.c
 * is their table, which the command iterates.  Nothing here but
 * cmd_doctor.c's read talks to the kernel, so rules are unit-tested on
 * the host with recorded view replies and a directory of sysctls.
 */
#ifndef TPSTAT_DOCTOR_H
#define TPSTAT_DOCTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../uapi/linux/tpstat.h"

struct out_opts;
struct view;
struct view_entry;

/*
 * The exit status of a doctor run with at least one finding: no failure
 * of the tool returns it (0 done, 1 a request failed, 2 a usage error),
 * so a script can tell "something to look at" from "could not look".
 */
#define DOCTOR_EXIT_FINDINGS 3
/* The module does not answer on this kernel: doctor says why instead. */
#define DOCTOR_EXIT_NOT_LOADED 4

/*
 * The least count a rule reports: a handful of drops is the background
 * of any busy host, and an alarm on any non-zero value is one people
 * turn off.
 */
#define DOCTOR_MIN_COUNT 10

/* A view in a rule's ->views. */
#define DOCTOR_VIEW(id) (1U << (id))

/*
 * What the counts cover: since the module's load or its last reset (all
 * zero); the flight recorder's views intervals in a window (doctor
 * --since/--until): each interval's keys that moved most, added up; or
 * what moved between two reads (doctor -i SECONDS).
 */
struct doctor_window {
	uint64_t from_ns, to_ns;	/* the intervals' span, wall clock */
	size_t intervals;	/* views intervals that overlapped it */
	uint32_t interval_s;	/* a views interval's length */
	bool recorder;
	double seconds;		/* > 0: -i's interval, between two reads */
};

/*
 * The MIBs' change over -i's interval, what no tracepoint tells: nstat's
 * TcpExt of the namespace the tool runs in (a listener's accept queue
 * full: its SYNs and ACKs are consumed, not dropped, on 6.1 to 7.3), and
 * the neighbour tables' table_fulls, which the kernel keeps for the whole
 * host and shows in the initial namespace alone (on 5.10 a full table's
 * packets are dropped without a reason), and the CPUs' backlog drops
 * (softnet_stat, the host's, in every namespace).
 */
struct doctor_mibs {
	uint32_t netns;			/* the tool's, as the views give it */
	bool has_listen;
	uint64_t listen_overflows;	/* TcpExtListenOverflows */
	bool has_table_fulls;
	uint64_t table_fulls;		/* arp_cache's and ndisc_cache's */
	bool has_backlog_drops;
	uint64_t backlog_drops;		/* softnet_stat's dropped, the host's */
};

/* What the rules read: the views as the module sent them (not shaped). */
struct doctor_input {
	/* By enum tpstat_view; NULL: not read (refused, or not needed). */
	const struct view *views[__TPSTAT_VIEW_CNT];
	struct doctor_window window;
	struct doctor_mibs mibs;
};

/*
 * TcpExt's @name ("ListenOverflows") from @path (/proc/net/netstat: a
 * line of names, then one of values, per group) into @v: true if read.
 */
bool doctor_mib(const char *path, const char *name, uint64_t *v);
/*
 * The sum over CPUs of @column ("table_fulls") in @path (a neighbour
 * table's /proc/net/stat file: a line of names, then a line of hex
 * values per CPU) into @v: true if read.
 */
bool doctor_neigh_stat(const char *path, const char *column, uint64_t *v);
/*
 * The sum over CPUs of the @col-th (from 0) hex column of @path
 * (/proc/net/softnet_stat: a line per CPU, no names) into @v.
 */
bool doctor_softnet_stat(const char *path, unsigned int col, uint64_t *v);
/* The MIBs now, as counted since boot (what could not be read: not has). */
void doctor_mibs_read(struct doctor_mibs *m);
/* What moved from @then to @now, of the MIBs both have. */
void doctor_mibs_moved(struct doctor_mibs *moved,
		       const struct doctor_mibs *then,
		       const struct doctor_mibs *now);

/* A sysctl a finding names, with its value as read at the run. */
struct doctor_knob {
	char name[64];		/* "net.core.rmem_default" */
	char value[64];		/* as /proc/sys says it, blanks as one space */
	bool has;		/* read; else the value is unknown */
};

#define DOCTOR_KNOBS	3

/* A device's name as the views give it (IFNAMSIZ), an address's text. */
#define DOCTOR_DEVICE_MAX	16
#define DOCTOR_ADDRESS_MAX	48

struct doctor_rule;

/*
 * One finding: what happened (its numbers, counted since the module's
 * load or its last reset), who, the likely cause, the knobs with their
 * values and the command that shows more.  Texts are the rule's own and
 * printable: a name from the kernel in them is escaped first.
 */
struct doctor_finding {
	const struct doctor_rule *rule;
	uint64_t count;		/* the impact: what the ranking sorts by */
	char what[256];		/* "38 datagrams dropped: ..." */
	char who[192];		/* "udp port 5305, netns tprq" */
	/* Who, as JSON gives it: each part where the rule knows it. */
	const char *protocol;	/* "udp", "tcp"; NULL: not known */
	bool has_port, has_netns, has_rcvbuf;
	uint16_t port;
	uint32_t netns;		/* inode number, as the views give it */
	uint32_t rcvbuf;	/* bytes, at the last drop */
	char device[DOCTOR_DEVICE_MAX];		/* "eth0"; "": none */
	char address[DOCTOR_ADDRESS_MAX];	/* a peer or next hop; "": none */
	char cause[400];
	struct doctor_knob knobs[DOCTOR_KNOBS];
	size_t n_knobs;
	char more[160];		/* "tpstat rcvq port 5305 netns tprq" */
};

/* The findings of a run, in the rules' order until doctor_rank(). */
struct doctor_findings {
	struct doctor_finding *f;
	size_t n, cap;
};

/*
 * How long a Prometheus alert's count runs (tpstat doctor --prometheus):
 * the alerts fire at DOCTOR_MIN_COUNT events in this window, where doctor
 * counts since the module's load or its last reset.
 */
#define DOCTOR_ALERT_WINDOW "10m"

/*
 * A rule as a Prometheus alerting rule over tpstat export's metrics
 * (doctor/prometheus.c writes the rules file).  In @expr, "@(SELECTOR)"
 * is that selector's events in the last DOCTOR_ALERT_WINDOW: the
 * increase of a series that was there a window ago, and the whole value
 * of one that was not (export writes a row from its first event, so a
 * new series' value all happened since); "@N" is DOCTOR_MIN_COUNT.  The
 * annotations are Go templates over the alert's labels and value, and
 * say what the rule's findings say: what and who, the cause, the knobs
 * and the command that shows more.
 */
struct doctor_alert {
	const char *name;	/* "TpstatRcvqOverflow" */
	const char *expr;
	const char *summary;	/* what happened, to whom, with the count */
	const char *cause;
	const char *knobs;	/* the sysctls, or what says there is none */
	const char *more;	/* the command to run on the host */
};

struct doctor_rule {
	const char *name;	/* "rcvq_overflow": text, JSON, --rules */
	/* One line each, for --rules, the man page and docs/doctor.md. */
	const char *threshold;	/* when it makes a finding */
	const char *false_alarm;	/* what would make that finding wrong */
	unsigned int views;	/* DOCTOR_VIEW()s it reads */
	/*
	 * Its findings from @in into @out (doctor_add()); a view it needs
	 * that is NULL is one it goes without.  0, or -1 out of memory.
	 */
	int (*eval)(const struct doctor_input *in, struct doctor_findings *out);
	struct doctor_alert alert;	/* the same rule for Prometheus */
};

/* The rules, one doctor/<name>.c each: the table lists them. */
extern const struct doctor_rule rcvq_overflow_rule, closed_port_rule,
	listen_overflow_rule, connect_errors_rule, sockmem_pressure_rule,
	neigh_failures_rule, neigh_table_full_rule, qdisc_drops_rule,
	auth_failures_rule, netfilter_drops_rule, retrans_peer_rule,
	retrans_spread_rule, device_errors_rule, backlog_drops_rule;

/* The table (doctor/rules.c): the @i-th rule, NULL past the last. */
const struct doctor_rule *doctor_rule_at(size_t i);
/* The views any rule reads: DOCTOR_VIEW()s. */
unsigned int doctor_views(void);

/* ---- what rules share (doctor/findings.c) -------------------------------- */

/* A new finding of @rule at the end of @out, zeroed; NULL out of memory. */
struct doctor_finding *doctor_add(struct doctor_findings *out,
				  const struct doctor_rule *rule);
/* The findings most count first; ties in the table's order. */
void doctor_rank(struct doctor_findings *out);
void doctor_findings_free(struct doctor_findings *out);
/*
 * Every rule over @in into @out, ranked: 0, or -1 out of memory
 * (@out then freed).
 */
int doctor_run(const struct doctor_input *in, struct doctor_findings *out);

/*
 * Whether a DROPS row is a loss a rule may count: not a free the
 * kernel makes on an ordinary path, QUEUE_PURGE (a socket's queue
 * freed at its close) or NOT_SPECIFIED.  Matched by name, as the
 * codes differ between kernels; a row without a name is not one.
 */
bool doctor_drop_is_loss(const struct view_entry *e);
/* Whether DROPS row @e has the reason named @name ("NO_SOCKET"). */
bool doctor_drop_reason_is(const struct view_entry *e, const char *name);
/* Two rows of one namespace: by cookie where both have one. */
bool doctor_same_netns(const struct view_entry *a, const struct view_entry *b);
/*
 * DROPS rows for @reason in the namespace of row @i, summed from the
 * first such row (@i); 0 from a later one, whose namespace that row
 * already stood for.
 */
uint64_t doctor_reason_netns_sum(const struct view *v, size_t i,
				 const char *reason);
/* Two rows of one remote address (DADDR) in one namespace. */
bool doctor_same_peer(const struct view_entry *a, const struct view_entry *b);
/* Whether device name @dev can be written in a command line as it is. */
bool doctor_plain_device(const char *dev);
/*
 * @f's more: "@cmd dev NAME@netns_sel", or by ifindex where row @e's
 * name is unknown or not plain.
 */
void doctor_more_dev(struct doctor_finding *f, const char *cmd,
		     const struct view_entry *e, const char *netns_sel);
/* @f's namespace (for who and JSON) from row @e. */
void doctor_set_netns(struct doctor_finding *f, const struct view_entry *e);
/* Two rows of one device: by index and namespace (a row's ifindex). */
bool doctor_same_device(const struct view_entry *a,
			const struct view_entry *b);
/* @f's namespace and device name (where the row has one) from row @e. */
void doctor_set_device(struct doctor_finding *f, const struct view_entry *e);
/*
 * " netns NAME" for a command that shows more, or "" in the initial
 * namespace, which the views show without a selector too.
 */
const char *doctor_netns_selector(uint32_t netns, char *buf, size_t len);

/* ---- the sysctls (doctor/sysctl.c) --------------------------------------- */

/*
 * Knob @name of @f (at most DOCTOR_KNOBS), its value read from the
 * sysctl directory: /proc/sys, of the namespace the tool runs in.
 */
void doctor_knob(struct doctor_finding *f, const char *name);
/*
 * Device @dev's knob "@prefix.@dev.@leaf" ("net.ipv4.neigh", "eth0",
 * "mcast_solicit"): a device's name may hold dots (eth0.100), which
 * stay dots in its /proc/sys directory.
 */
void doctor_knob_dev(struct doctor_finding *f, const char *prefix,
		     const char *dev, const char *leaf);
/* The next of @f's knobs, or NULL when it has DOCTOR_KNOBS. */
struct doctor_knob *doctor_knob_new(struct doctor_finding *f);
/* Where sysctls are read (NULL: /proc/sys): the tests' directory. */
void doctor_sysctl_root(const char *dir);
/* @name's value, as doctor_knob() keeps it, into @buf: true if read. */
bool doctor_sysctl(const char *name, char *buf, size_t len);

/* ---- a device's own settings (doctor/device_knob.c) --------------------- */

/*
 * Device @dev's transmit queue length (ip link's txqueuelen: a tun's or
 * tap's ring, the qdisc's default limit) as knob "DEV txqueuelen", read
 * where the tool runs and only if that is @netns (the finding's): a
 * device of the same name elsewhere is another device.
 */
void doctor_knob_txqueuelen(struct doctor_finding *f, const char *dev,
			    uint32_t netns);
/*
 * For the tests: device settings from @dir/DEV/tx_queue_len instead of
 * the kernel, in namespace @netns (NULL: the kernel, in the tool's own).
 */
void doctor_device_root(const char *dir, uint32_t netns);

/* ---- the output (doctor/output.c) ---------------------------------------- */

/* A view the run could not read, and why (the kernel's words). */
struct doctor_unread {
	uint32_t view;
	char why[256];
};

/*
 * The findings, text or JSON, with the views not read: @read are the
 * DOCTOR_VIEW()s read.
 */
void doctor_print(FILE *f, const struct out_opts *o,
		  const struct doctor_findings *d,
		  const struct doctor_window *w, unsigned int read,
		  const struct doctor_unread *unread, size_t n_unread);
/*
 * Every rule over @in, the findings printed on @f as doctor_print()
 * prints them: DOCTOR_EXIT_FINDINGS with a finding, 0 without, 1 after
 * a line on @err (out of memory, or @read empty: nothing read is
 * nothing known, not "no findings").
 */
int doctor_report(FILE *f, FILE *err, const struct out_opts *o,
		  const struct doctor_input *in, unsigned int read,
		  const struct doctor_unread *unread, size_t n_unread);
/* tpstat doctor --rules: each rule, its threshold and false alarms. */
void doctor_print_rules(FILE *f, const struct out_opts *o);

/* ---- Prometheus (doctor/prometheus.c) ------------------------------------ */

/*
 * tpstat doctor --prometheus: every rule's alert as a Prometheus rules
 * file (YAML), contrib/prometheus/tpstat.rules.yml.
 */
void doctor_print_prometheus(FILE *f);
/* @alert's expression with "@(...)" and "@N" expanded, into @buf. */
void doctor_alert_expr(const struct doctor_alert *alert, char *buf,
		       size_t len);

/* ---- the module not running (doctor/absent.c) ---------------------------- */

struct doctor_absent_env {
	const char *root;	/* "/", or a test's tree */
	const char *release;	/* the running kernel's (uname -r) */
	const char *kmsg;	/* "/dev/kmsg", or a file of its lines */
};

#define DOCTOR_ABSENT_CAUSES 4

struct doctor_absent_cause {
	const char *id;		/* "headers_missing", "other_kernel", ... */
	char what[640];		/* what doctor saw, with its evidence */
	char fix[320];		/* the command that mends it */
};

struct doctor_absence {
	struct doctor_absent_cause causes[DOCTOR_ABSENT_CAUSES];
	size_t n;		/* at least one after doctor_absent() */
};

/* Why tpstat is not running on @env's kernel, into @a. */
void doctor_absent(const struct doctor_absent_env *env,
		   struct doctor_absence *a);
/* @a printed as text or JSON; DOCTOR_EXIT_NOT_LOADED. */
int doctor_print_absent(FILE *f, const struct out_opts *o,
			const struct doctor_absent_env *env,
			const struct doctor_absence *a);

#endif
