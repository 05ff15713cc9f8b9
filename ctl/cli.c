// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alert.h"
#include "cli.h"
#include "netns.h"

static const struct {
	const char *name;
	enum tp_cmd cmd;
	const char *usage;
} commands[] = {
	{ "list", CMD_LIST, "tpstat list [GLOB] [-v|--verbose]\n"
	  "    every event tpstat knows and its state; -v adds the probe's\n"
	  "    prototype variant and the fields it reads" },
	{ "show", CMD_SHOW, "tpstat show [GLOB] [-z|--zeros] [--delta [--no-update] [--reset-history]]\n"
	  "    counters, non-zero ones unless -z; --delta: their change since\n"
	  "    this user's last --delta (a baseline file of theirs,\n"
	  "    $TPSTAT_HISTORY or ~/.cache/tpstat/history.UID), then the\n"
	  "    baseline is updated unless --no-update; --reset-history: from\n"
	  "    a new baseline (the change since load)" },
	{ "watch", CMD_WATCH, "tpstat watch [GLOB] [-i|--interval SECONDS] [-c|--count COUNT] [-z|--zeros]\n"
	  "    changes per interval (default 1 s) and rates; redraws on a\n"
	  "    terminal, appends when piped; -c stops after COUNT intervals;\n"
	  "    -z shows the counters that did not change too" },
	{ "reset", CMD_RESET, "tpstat reset all|GLOB\n"
	  "    restart counters at 0: every counter and view (all), or the\n"
	  "    matching events'; for every user; needs CAP_NET_ADMIN" },
	{ "attach", CMD_ATTACH, "tpstat attach GLOB\n"
	  "    start counting the matching events; needs CAP_NET_ADMIN" },
	{ "detach", CMD_DETACH, "tpstat detach GLOB\n"
	  "    stop counting them (their counters stay); needs CAP_NET_ADMIN" },
	{ "info", CMD_INFO, "tpstat info\n"
	  "    module version, kernel, features" },
	{ "drops", CMD_DROPS,
	  "tpstat drops [--by reason|location|dev|netns|trap] [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    dropped packets (skb:kfree_skb) summed by drop reason, by where they\n"
	  "    were freed (as dropwatch), by device or by netns, most first; the\n"
	  "    default is --by reason where the kernel has drop reasons (5.17+),\n"
	  "    else --by location.  --by trap: hardware drops per devlink device\n"
	  "    and trap (dropwatch's set hw true), the same as tpstat traps.\n"
	  "    --top: only the N largest" },
	{ "traps", CMD_DROPS, "tpstat traps [--sort FIELD] [--top N]\n"
	  "    hardware drops (devlink traps) per device and trap, most first:\n"
	  "    the traps view, also read as drops --by trap" },
	{ "retrans", CMD_RETRANS, "tpstat retrans [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    TCP retransmits and SYN/ACK retransmits per flow, most first, with\n"
	  "    the flow's last state (as tcpretrans -c); needs CAP_NET_ADMIN" },
	{ "resets", CMD_RESETS, "tpstat resets [--by service|peer] [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    TCP resets sent and received per service, with the kernel's reason\n"
	  "    for sent ones (6.10+): the local port where the reset was on a\n"
	  "    server's end (passive), the remote port on a client's (active);\n"
	  "    --by peer: per service and peer address; needs CAP_NET_ADMIN" },
	{ "errors", CMD_ERRORS, "tpstat errors [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    errors reported on TCP and UDP sockets (ECONNREFUSED, ETIMEDOUT...;\n"
	  "    5.14+) per errno, protocol, service port and netns, most first;\n"
	  "    the service is the remote port where the local one is ephemeral\n"
	  "    (a client), else the local port; needs CAP_NET_ADMIN" },
	{ "rcvq", CMD_RCVQ, "tpstat rcvq [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    packets dropped because a socket's receive queue was full, per\n"
	  "    protocol (UDP as UdpRcvbufErrors counts them; raw and ping sockets),\n"
	  "    local port and netns, most first, with the socket's receive buffer\n"
	  "    (SO_RCVBUF) at the last drop; needs CAP_NET_ADMIN" },
	{ "neigh", CMD_NEIGH, "tpstat neigh [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    neighbours (ARP, ND) whose resolution failed, per device and\n"
	  "    address, most failures first: the times each reached FAILED\n"
	  "    (probes ran out, or deleted while unresolved), as the kernel's\n"
	  "    res_failed counts them; needs CAP_NET_ADMIN" },
	{ "auth", CMD_AUTH, "tpstat auth [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    TCP segments that failed TCP-MD5 or TCP-AO authentication (6.7+), per\n"
	  "    kind (MD5 mismatch, MD5 required...), peer address, local port and\n"
	  "    netns, most first: which BGP or other peers fail; needs CAP_NET_ADMIN" },
	{ "states", CMD_STATES, "tpstat states [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    TCP state transitions, old -> new (as tcpstates), and active,\n"
	  "    passive and failed opens" },
	{ "lifetimes", CMD_LIFETIME, "tpstat lifetimes [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    TCP connection lifetimes per service, as log2 histograms in\n"
	  "    microseconds (as tcplife): connections a task made (active) per\n"
	  "    remote port and task, connections accepted (passive) per local\n"
	  "    port; per netns; needs CAP_NET_ADMIN" },
	{ "devices", CMD_DEVICES, "tpstat devices [SELECTOR]... [--sort FIELD] [--top N]\n"
	  "    per device: packets and bytes sent and received, transmit errors\n"
	  "    and timeouts, GRO packets, NAPI polls, work and exhausted budgets" },
	{ "hists", CMD_HIST, "tpstat hists [NAME] [--sort FIELD] [--top N]\n"
	  "    log2 histograms (as bcc's): srtt_us and snd_cwnd (tcp_probe),\n"
	  "    xmit_len (net_dev_xmit), rx_len (netif_receive_skb); or only NAME" },
	{ "filter", CMD_FILTER,
	  "tpstat filter [pid N] [comm NAME] [netns NAME|INODE] [dev IFNAME|ifindex N]\n"
	  "              [lport N] [rport N] [laddr ADDR[/PREFIX]] [raddr ADDR[/PREFIX]]\n"
	  "tpstat filter clear | show\n"
	  "    count only events that match every KEY given (as ftrace's\n"
	  "    set_event_pid): replaces the whole filter; clear removes it; show\n"
	  "    (the default) prints it.  Setting or clearing it starts every\n"
	  "    count and view over.  netns: a name from ip netns, or an inode\n"
	  "    number.  lport, rport, laddr, raddr: the socket's local and\n"
	  "    remote ends; ADDR is IPv4 or IPv6, /PREFIX a network (no bits\n"
	  "    beyond it); IPv4 matches IPv6 sockets' IPv4 peers too.  Changing\n"
	  "    it needs CAP_NET_ADMIN" },
	{ "monitor", CMD_MONITOR,
	  "tpstat monitor [drops|resets|retrans|errors|states|all]...\n"
	  "    alerts as they happen, one line each (-j: one JSON object each):\n"
	  "    packet drops, TCP resets and retransmits, TCP state changes and\n"
	  "    socket errors, summed per key over each second; alerts the module\n"
	  "    or the socket lost are counted on a line of their own.  Default:\n"
	  "    all.  Runs until interrupted or the module is unloaded; needs\n"
	  "    CAP_NET_ADMIN" },
	{ "export", CMD_EXPORT, "tpstat export [GLOB] [--textfile DIR]\n"
	  "    counters in the Prometheus text format; --textfile writes\n"
	  "    DIR/tpstat.prom atomically, for node_exporter's textfile collector" },
	{ "help", CMD_HELP, "tpstat help [COMMAND]\n"
	  "    this text, or one command's" },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

/*
 * traps is the view's own name for what drops --by trap reads: the one
 * entry that is a view of drops' command.
 */
static enum drop_by entry_by(size_t i)
{
	return strcmp(commands[i].name, "traps") ? BY_DEFAULT : BY_TRAP;
}

/* The command table's entry for @word, whole or a unique abbreviation. */
static int cli_find(const char *word, size_t *entry)
{
	size_t len = strlen(word), i;
	int found = 0;

	for (i = 0; i < N_COMMANDS; i++) {
		if (!strcmp(word, commands[i].name)) {
			*entry = i;
			return 0;
		}
		if (len && !strncmp(word, commands[i].name, len)) {
			*entry = i;
			found++;
		}
	}
	return found == 1 ? 0 : found ? -2 : -1;
}

int cli_lookup(const char *word, enum tp_cmd *cmd)
{
	size_t i;
	int r = cli_find(word, &i);

	if (!r)
		*cmd = commands[i].cmd;
	return r;
}

const char *cli_name(enum tp_cmd cmd)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (commands[i].cmd == cmd)
			return commands[i].name;
	return "";
}

/*
 * A view's usage, then what its rows can be selected and sorted by, from
 * its ops: the help never differs from what the parser takes.
 */
static const char *view_usage(const struct view_ops *ops, const char *usage)
{
	static char buf[2048];
	char keys[128], fields[256];

	snprintf(buf, sizeof(buf), "%s\n    selectors: %s; --sort: %s", usage,
		 sel_keys_text(ops->selectors, keys, sizeof(keys)),
		 view_fields_text(ops, fields, sizeof(fields)));
	return buf;
}

/* The usage of the command table's entry @i. */
static const char *entry_usage(size_t i)
{
	int view = cli_view(commands[i].cmd);

	return view < 0 ? commands[i].usage :
	       view_usage(view_ops_shown(view, entry_by(i)), commands[i].usage);
}

const char *cli_usage_by(enum tp_cmd cmd, enum drop_by by)
{
	static char all[12288];
	size_t used;

	for (size_t i = 0; i < N_COMMANDS; i++)
		if (commands[i].cmd == cmd &&
		    (entry_by(i) == BY_TRAP) == (by == BY_TRAP))
			return entry_usage(i);
	used = snprintf(all, sizeof(all),
			"usage: tpstat [-j|--json] [-p|--pretty] [-h|--human] [-H|--no-header] [-n|--netns NAME] COMMAND [ARGS]\n"
			"       tpstat -V|--version\n"
			"-j, --json        JSON output; -p, --pretty: indented (implies -j)\n"
			"-n, --netns NAME  (before the command) in network namespace NAME, as ip -n\n"
			"-V, --version     the tool's version and the loaded module's\n"
			"--help            this text; after a command, that command's\n"
			"-h, --human       (views) counts and bytes as 1.23k, 45.7M (as ip -s -h);\n"
			"                  tpstat -h alone is this text\n"
			"-H, --no-header   (views) tables without their header line (as ss -H)\n"
			"--numeric-netns   namespaces as inode numbers, not ip netns names or init\n"
			"--                ends the options: the words after it are arguments\n"
			"Exit status: 0 done, 1 a request failed, 2 a usage error.\n"
			"GLOB: comma-separated globs over <group>:<name>, e.g. 'tcp:*,skb:kfree_skb'\n"
			"Commands may be abbreviated.\n"
			"Views (drops ... auth, hists) take -i SECONDS [-c COUNT]: every interval,\n"
			"the rows that moved since the previous read, by change, biggest first.\n"
			"They take --top N, --sort FIELD (one of their columns) and selectors,\n"
			"KEY VALUE words after the view that choose the rows shown (a key given\n"
			"twice matches either value; different keys must all match):\n"
			"  src|dst PREFIX  local or remote address, 10.0.0.0/8, fd00::/8, ::1\n"
			"  sport|dport|port PORT  local, remote, or the view's one port; 80, 1024-65535\n"
			"  dev IFNAME  netns NAME|init|INODE  reason NAME|CODE  errno NAME|N\n\n");
	for (size_t i = 0; i < N_COMMANDS && used < sizeof(all); i++)
		used += snprintf(all + used, sizeof(all) - used, "%s\n",
				 entry_usage(i));
	return all;
}

const char *cli_usage(enum tp_cmd cmd)
{
	return cli_usage_by(cmd, BY_DEFAULT);
}

int cli_view(enum tp_cmd cmd)
{
	switch (cmd) {
	case CMD_DROPS:
		return TPSTAT_VIEW_DROPS;
	case CMD_RETRANS:
		return TPSTAT_VIEW_RETRANS;
	case CMD_RESETS:
		return TPSTAT_VIEW_RESETS;
	case CMD_STATES:
		return TPSTAT_VIEW_STATES;
	case CMD_LIFETIME:
		return TPSTAT_VIEW_LIFETIMES;
	case CMD_DEVICES:
		return TPSTAT_VIEW_DEVICES;
	case CMD_HIST:
		return TPSTAT_VIEW_HISTS;
	case CMD_ERRORS:
		return TPSTAT_VIEW_ERRORS;
	case CMD_RCVQ:
		return TPSTAT_VIEW_RCVQ;
	case CMD_NEIGH:
		return TPSTAT_VIEW_NEIGH;
	case CMD_AUTH:
		return TPSTAT_VIEW_AUTH;
	default:
		return -1;
	}
}

static int usage_error(char *err, size_t err_len, const char *fmt,
		       const char *arg)
{
	snprintf(err, err_len, fmt, arg);
	return 2;
}

/* A positive number of seconds, at most a day. */
static int parse_interval(const char *s, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v >= 0.01 && v <= 86400))
		return -1;
	*out = v;
	return 0;
}

static int parse_count(const char *s, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end || v < 1)
		return -1;
	*out = v;
	return 0;
}

/* Words after the options: a command and its arguments (filter's are most). */
#define MAX_WORDS 16

int cli_parse(int argc, char **argv, struct options *o, char *err,
	      size_t err_len)
{
	const char *words[MAX_WORDS];
	int n_words = 0, i, r;
	bool timing = false, help = false, drop_opts = false, opts_end = false;
	bool human = false;	/* -h: help alone, else human units (as ip) */
	const char *by = NULL;	/* --by WORD: whose words depends on the command */
	size_t entry;		/* the command's entry in commands[] */

	memset(o, 0, sizeof(*o));
	o->interval = 1.0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (opts_end || a[0] != '-' || !a[1] ||
		    isdigit((unsigned char)a[1])) {
			/* A word ("pid -1" is one: filter says why not). */
			if (n_words == MAX_WORDS)
				return usage_error(err, err_len,
						   "unexpected argument '%s'", a);
			words[n_words++] = a;
		} else if (!strcmp(a, "--")) {
			opts_end = true;
		} else if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
			o->version = true;
		} else if (!strcmp(a, "-j") || !strcmp(a, "--json")) {
			o->json = true;
		} else if (!strcmp(a, "-p") || !strcmp(a, "--pretty")) {
			o->json = o->pretty = true;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			o->verbose = true;
		} else if (!strcmp(a, "-z") || !strcmp(a, "--zeros")) {
			o->zeros = true;
		} else if (!strcmp(a, "--delta")) {
			o->delta = true;
		} else if (!strcmp(a, "--no-update")) {
			o->delta = o->no_update = true;
		} else if (!strcmp(a, "--reset-history")) {
			o->delta = o->reset_history = true;
		} else if (!strcmp(a, "-i") || !strcmp(a, "--interval")) {
			timing = true;
			if (++i == argc || parse_interval(argv[i], &o->interval))
				return usage_error(err, err_len,
						   "%s needs a number of seconds between 0.01 and 86400", a);
		} else if (!strcmp(a, "-c") || !strcmp(a, "--count")) {
			timing = true;
			if (++i == argc || parse_count(argv[i], &o->count))
				return usage_error(err, err_len,
						   "%s needs a positive whole number", a);
		} else if (!strcmp(a, "--by")) {
			if (++i == argc)
				return usage_error(err, err_len,
						   "%s needs reason, location, dev, netns or trap (drops), or service or peer (resets)", a);
			by = argv[i];
		} else if ((!strcmp(a, "-n") && !n_words) ||
			   !strcmp(a, "--netns")) {
			/* Before the command, as ip -n. */
			if (n_words)
				return usage_error(err, err_len,
						   "%s goes before the command (tpstat --netns NAME COMMAND)", a);
			if (++i == argc || !netns_name_ok(argv[i]))
				return usage_error(err, err_len,
						   "%s needs a network namespace name (ip netns list)", a);
			o->netns = argv[i];
		} else if (!strcmp(a, "-n")) {
			/*
			 * After the command: drops' old spelling of --top,
			 * accepted for one release with a warning.
			 */
			cli_lookup(words[0], &o->cmd);
			if (o->cmd != CMD_DROPS)
				return usage_error(err, err_len,
						   "%s goes before the command (tpstat -n NAME COMMAND)", a);
			if (++i == argc || parse_count(argv[i], &o->top))
				return usage_error(err, err_len,
						   "%s after drops is its old --top: it needs a positive whole number (a namespace goes before the command)", a);
			drop_opts = true;
			o->warning = "drops -n N is deprecated and goes in the next release: use drops --top N (-n NAME before the command is the network namespace)";
		} else if (!strcmp(a, "--sort")) {
			if (++i == argc || !argv[i][0])
				return usage_error(err, err_len,
						   "%s needs a field: one of the view's columns (tpstat help VIEW)", a);
			o->sort = argv[i];
		} else if (!strcmp(a, "-H") || !strcmp(a, "--no-header")) {
			o->no_header = true;
		} else if (!strcmp(a, "--human")) {
			o->human = true;
		} else if (!strcmp(a, "--numeric-netns")) {
			o->numeric_netns = true;
		} else if (!strcmp(a, "--top")) {
			drop_opts = true;
			if (++i == argc || parse_count(argv[i], &o->top))
				return usage_error(err, err_len,
						   "%s needs a positive whole number", a);
		} else if (!strcmp(a, "--textfile")) {
			if (++i == argc || !argv[i][0])
				return usage_error(err, err_len,
						   "%s needs a directory", a);
			o->textfile = argv[i];
		} else if (!strcmp(a, "-h")) {
			human = true;
		} else if (!strcmp(a, "--help")) {
			help = true;
		} else {
			return usage_error(err, err_len, "unknown option '%s'", a);
		}
	}
	if (o->version) {
		/* As ip -V: the version, whatever else the line holds. */
		o->cmd = CMD_NONE;
		return 0;
	}
	/* "tpstat -h" alone is help, as before; with a command, as ip -h. */
	if ((help || human) && !n_words) {
		o->cmd = CMD_HELP;
		return 0;
	}
	if (!n_words)
		return usage_error(err, err_len, "%s", "no command given");
	r = cli_find(words[0], &entry);
	if (r)
		return usage_error(err, err_len, r == -2 ?
				   "ambiguous command '%s'" :
				   "unknown command '%s'", words[0]);
	o->cmd = commands[entry].cmd;
	/* "COMMAND ... -h": that command's help, whatever else is there. */
	if (help && o->cmd != CMD_HELP) {
		o->help_for = o->cmd;
		o->help_by = entry_by(entry);
		o->cmd = CMD_HELP;
		return 0;
	}
	if (o->cmd == CMD_HELP) {
		if (n_words > 2)
			return usage_error(err, err_len, "unexpected argument '%s'", words[2]);
		if (n_words == 2 && cli_find(words[1], &entry))
			return usage_error(err, err_len, "no help for '%s'", words[1]);
		if (n_words == 2) {
			o->help_for = commands[entry].cmd;
			o->help_by = entry_by(entry);
		}
		return 0;
	}
	/* traps is the view drops --by trap reads; it takes no other --by. */
	if (entry_by(entry) == BY_TRAP) {
		if (by && strcmp(by, "trap"))
			return usage_error(err, err_len,
					   "traps takes no --by (it is drops --by trap), not '%s'", by);
		by = "trap";
	}
	if (by && o->cmd == CMD_RESETS) {
		if (resets_by_parse(by, &o->resets_by))
			return usage_error(err, err_len,
					   "--by needs service or peer for resets, not '%s'", by);
	} else if (by) {
		if (o->cmd != CMD_DROPS)
			return usage_error(err, err_len, "--by is for drops and resets, not %s",
					   cli_name(o->cmd));
		if (drop_by_parse(by, &o->by))
			return usage_error(err, err_len,
					   "--by needs reason, location, dev, netns or trap, not '%s'", by);
	}
	o->human |= human;
	if ((drop_opts || o->sort || o->human || o->no_header) &&
	    cli_view(o->cmd) < 0)
		return usage_error(err, err_len,
				   "--top, --sort, -h and -H are for the views, not %s",
				   cli_name(o->cmd));
	if (o->sort && !view_field_find(view_ops_shown(cli_view(o->cmd), o->by),
					o->sort)) {
		char fields[256];

		snprintf(err, err_len, "%s cannot be sorted by '%.32s' (its fields: %s)",
			 cli_name(o->cmd), o->sort,
			 view_fields_text(view_ops_shown(cli_view(o->cmd), o->by),
					  fields, sizeof(fields)));
		return 2;
	}
	switch (o->cmd) {
	case CMD_FILTER:
		r = filter_parse(n_words - 1, words + 1, &o->filter_act,
				 &o->filter, err, err_len);
		if (r)
			return r;
		break;
	case CMD_MONITOR:
		for (i = 1; i < n_words; i++)
			if (alert_kind_parse(words[i], &o->alert_kinds))
				return usage_error(err, err_len,
						   "unknown alert kind '%s' (drops, resets, retrans, errors, states or all)",
						   words[i]);
		if (!o->alert_kinds)
			o->alert_kinds = ALERT_KINDS_ALL;
		break;
	case CMD_HIST:
		if (n_words > 2)
			return usage_error(err, err_len, "unexpected argument '%s'",
					   words[2]);
		if (n_words == 2)
			o->hist = words[1];
		break;
	case CMD_DROPS:
	case CMD_RETRANS:
	case CMD_RESETS:
	case CMD_STATES:
	case CMD_LIFETIME:
	case CMD_DEVICES:
	case CMD_ERRORS:
	case CMD_RCVQ:
	case CMD_NEIGH:
	case CMD_AUTH:
		/* The words after a view are selectors: dst 10.0.0.0/8 ... */
		r = select_parse(n_words - 1, words + 1, &o->sel, err, err_len);
		if (!r)
			r = select_check(&o->sel,
					 view_ops_shown(cli_view(o->cmd), o->by)->selectors,
					 o->by == BY_TRAP ? "traps" :
					 cli_name(o->cmd), err, err_len);
		if (r)
			return r;
		break;
	default:
		if (n_words > 2 || (n_words == 2 && o->cmd == CMD_INFO))
			return usage_error(err, err_len, "unexpected argument '%s'",
					   words[o->cmd == CMD_INFO ? 1 : 2]);
		if (n_words == 2)
			o->glob = words[1];
		break;
	}
	if ((o->cmd == CMD_ATTACH || o->cmd == CMD_DETACH) && !o->glob)
		return usage_error(err, err_len, "%s needs a GLOB",
				   cli_name(o->cmd));
	/*
	 * A reset zeroes what every user and the exporter read: its scope is
	 * said, never implied.  "all" is every counter and view (no glob to
	 * the kernel); anything else is a glob of events.
	 */
	if (o->cmd == CMD_RESET) {
		if (!o->glob)
			return usage_error(err, err_len, "%s",
					   "reset needs its scope: 'tpstat reset all' or 'tpstat reset GLOB'");
		if (!strcmp(o->glob, "all"))
			o->glob = NULL;
	}
	if (o->verbose && o->cmd != CMD_LIST)
		return usage_error(err, err_len, "-v is for list, not %s", cli_name(o->cmd));
	if (timing && o->cmd != CMD_WATCH && cli_view(o->cmd) < 0)
		return usage_error(err, err_len, "-i and -c are for watch and the views, not %s", cli_name(o->cmd));
	o->timed = timing && o->cmd != CMD_WATCH;
	if (o->zeros && o->cmd != CMD_SHOW && o->cmd != CMD_WATCH)
		return usage_error(err, err_len, "-z is for show and watch, not %s", cli_name(o->cmd));
	if (o->delta && o->cmd != CMD_SHOW)
		return usage_error(err, err_len, "--delta, --no-update and --reset-history are for show, not %s", cli_name(o->cmd));
	if (o->textfile && o->cmd != CMD_EXPORT)
		return usage_error(err, err_len, "--textfile is for export, not %s", cli_name(o->cmd));
	if (o->json && o->cmd == CMD_EXPORT)
		return usage_error(err, err_len, "%s", "export prints the Prometheus format, not JSON");
	return 0;
}

bool cli_version(const char *tool, const char *module, char *out,
		 size_t out_len, char *warn, size_t warn_len)
{
	bool differ = module && strcmp(tool, module);

	if (module)
		snprintf(out, out_len, "tpstat %s\nmodule %s\n", tool, module);
	else
		snprintf(out, out_len, "tpstat %s\n", tool);
	if (differ)
		snprintf(warn, warn_len,
			 "warning: the loaded module is version %s, this tool %s",
			 module, tool);
	else if (warn_len)
		warn[0] = '\0';
	return differ;
}
