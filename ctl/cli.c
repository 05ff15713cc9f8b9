// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd.h"
#include "escape.h"
#include "netns.h"

/*
 * A command word: a row of the commands' table (cmd.h), or for the
 * views' row a view (@view set) by its name or an alias.  Whole, or a
 * unique abbreviation of one command or view (two words of one view,
 * "lifetime" and "lifetimes", are one).
 */
struct cli_word {
	const struct command *cmd;
	const struct view_ops *view;
};

static bool word_match(const char *word, size_t len, const char *name,
		       bool *exact)
{
	if (!strcmp(word, name))
		*exact = true;
	return *exact || (len && !strncmp(word, name, len));
}

/*
 * The views' row @c: 0 when @word is a view's name or alias (in *@w);
 * else 1, each view it abbreviates counted in *@found (the last in *@w).
 */
static int view_find(const char *word, size_t len, const struct command *c,
		     struct cli_word *w, int *found)
{
	const struct view_ops *ops;

	for (size_t i = 0; (ops = view_at(i)); i++) {
		bool exact = false, hit = word_match(word, len, ops->name, &exact);

		for (size_t k = 0; ops->aliases && ops->aliases[k]; k++)
			hit |= word_match(word, len, ops->aliases[k], &exact);
		if (!hit)
			continue;
		*w = (struct cli_word){ c, ops };
		if (exact)
			return 0;
		(*found)++;
	}
	return 1;
}

/* 0: found; -1: no such command; -2: ambiguous abbreviation. */
static int cli_find(const char *word, struct cli_word *w)
{
	size_t len = strlen(word);
	const struct command *c;
	int found = 0;

	for (size_t i = 0; (c = command_at(i)); i++) {
		bool exact = false;

		if (!c->name) {
			if (!view_find(word, len, c, w, &found))
				return 0;
			continue;
		}
		if (!word_match(word, len, c->name, &exact))
			continue;
		*w = (struct cli_word){ c, NULL };
		if (exact)
			return 0;
		found++;
	}
	return found == 1 ? 0 : found ? -2 : -1;
}

int cli_lookup(const char *word, const struct command **cmd,
	       const struct view_ops **view)
{
	struct cli_word w;
	int r = cli_find(word, &w);

	if (!r) {
		*cmd = w.cmd;
		*view = w.view;
	}
	return r;
}

const char *cli_name(const struct command *cmd, const struct view_ops *view)
{
	if (view)
		return view->name;
	return cmd && cmd->name ? cmd->name : "";
}

/*
 * A view's usage, then what its rows can be selected and sorted by, from
 * its ops: the help never differs from what the parser takes.
 */
static const char *view_usage(const struct view_ops *ops)
{
	static char buf[2048];
	char keys[128], fields[256];

	snprintf(buf, sizeof(buf), "%s\n    selectors: %s; --sort: %s",
		 ops->usage ? ops->usage : ops->name,
		 sel_keys_text(ops->selectors, keys, sizeof(keys)),
		 view_fields_text(ops, fields, sizeof(fields)));
	return buf;
}

/* Appends @s and a newline to @all at *@used. */
static void usage_add(char *all, size_t len, size_t *used, const char *s)
{
	if (*used < len)
		*used += snprintf(all + *used, len - *used, "%s\n", s);
}

const char *cli_usage(const struct command *cmd,
		      const struct view_ops *view)
{
	static char all[16384];
	const struct view_ops *ops;
	const struct command *c;
	size_t used;

	if (view)
		return view_usage(view);
	if (cmd && cmd->usage)
		return cmd->usage;
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
			"Exit status: 0 done, 1 a request failed, 2 a usage error, 3 doctor found something.\n"
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
	for (size_t i = 0; (c = command_at(i)); i++) {
		if (c->name) {
			usage_add(all, sizeof(all), &used, c->usage);
			continue;
		}
		for (size_t k = 0; (ops = view_at(k)); k++)
			usage_add(all, sizeof(all), &used, view_usage(ops));
	}
	return all;
}

/*
 * The views whose --by takes words (->by_words), for a usage error:
 * "drops and resets", or with @words "reason, ... (drops), or service
 * or peer (resets)".
 */
static const char *by_views_text(char *buf, size_t len, bool words)
{
	const struct view_ops *ops, *next;
	size_t used = 0;
	bool first = true;

	buf[0] = '\0';
	for (size_t i = 0; (ops = view_at(i)); i++) {
		if (!ops->by_words)
			continue;
		next = NULL;
		for (size_t k = i + 1; !next && view_at(k); k++)
			if (view_at(k)->by_words)
				next = view_at(k);
		if (used < len && words)
			used += snprintf(buf + used, len - used, "%s%s (%s)",
					 first ? "" : ", or ", ops->by_words,
					 ops->name);
		else if (used < len)
			used += snprintf(buf + used, len - used, "%s%s",
					 first ? "" : next ? ", " : " and ",
					 ops->name);
		first = false;
	}
	return buf;
}

int view_parse_by(const struct view_ops *ops, const char *name,
		  const char *by, struct view_args *a, char *err,
		  size_t err_len)
{
	char views[160];

	if (ops && ops->parse_by)
		return ops->parse_by(by, a, err, err_len);
	if (!by)
		return 0;
	snprintf(err, err_len, "--by is for %s, not %s",
		 by_views_text(views, sizeof(views), false), name);
	return 2;
}

int cli_usage_error(char *err, size_t err_len, const char *fmt,
		    const char *arg)
{
	snprintf(err, err_len, fmt, arg);
	return 2;
}

int cli_parse_glob(struct options *o, int n, const char *const *words,
		   char *err, size_t err_len)
{
	if (n > 1)
		return cli_usage_error(err, err_len, "unexpected argument '%s'",
				       words[1]);
	if (n == 1)
		o->glob = words[0];
	return 0;
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

/*
 * Whether @a is one of the own options (cmd.h's ->opts) of the command
 * whose word, @words[0], came before it: -1 not, 0 a flag, 1 one that
 * takes a value.
 */
static int own_option(const char *const *words, int n_words, const char *a)
{
	struct cli_word w;
	size_t len;

	if (!n_words || cli_find(words[0], &w) || !w.cmd->opts)
		return -1;
	for (const char *const *opt = w.cmd->opts; *opt; opt++) {
		len = strlen(*opt);
		if (len && (*opt)[len - 1] == '=' && !strncmp(*opt, a, len - 1) &&
		    !a[len - 1])
			return 1;
		if (!strcmp(*opt, a))
			return 0;
	}
	return -1;
}

int cli_parse(int argc, char **argv, struct options *o, char *err,
	      size_t err_len)
{
	const char *words[MAX_WORDS];
	int n_words = 0, i, r;
	bool timing = false, help = false, drop_opts = false, opts_end = false;
	bool human = false;	/* -h: help alone, else human units (as ip) */
	long top = 0;		/* --top N */
	const char *by = NULL;	/* --by WORD: whose words depends on the command */
	struct cli_word w;	/* the command */
	unsigned int t;		/* its TAKES_* */
	const char *name;	/* its word, for usage errors */
	char views[160];

	memset(o, 0, sizeof(*o));
	o->interval = 1.0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (opts_end || a[0] != '-' || !a[1] ||
		    isdigit((unsigned char)a[1])) {
			/* A word ("pid -1" is one: filter says why not). */
			if (n_words == MAX_WORDS)
				return cli_usage_error(err, err_len,
						       "unexpected argument '%s'", a);
			words[n_words++] = a;
		} else if (!strcmp(a, "--")) {
			opts_end = true;
		} else if ((r = own_option(words, n_words, a)) >= 0) {
			/*
			 * Before the options every command shares: history
			 * VIEW takes --by as its own, for its view.  Its
			 * value, if any, follows: ->parse() says if missing.
			 */
			if (n_words + 1 + r > MAX_WORDS)
				return cli_usage_error(err, err_len,
						       "unexpected argument '%s'", a);
			words[n_words++] = a;
			if (r && i + 1 < argc)
				words[n_words++] = argv[++i];
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
				return cli_usage_error(err, err_len,
						       "%s needs a number of seconds between 0.01 and 86400", a);
		} else if (!strcmp(a, "-c") || !strcmp(a, "--count")) {
			timing = true;
			if (++i == argc || parse_count(argv[i], &o->count))
				return cli_usage_error(err, err_len,
						       "%s needs a positive whole number", a);
		} else if (!strcmp(a, "--by")) {
			if (++i == argc) {
				snprintf(err, err_len, "%s needs %s", a,
					 by_views_text(views, sizeof(views), true));
				return 2;
			}
			by = argv[i];
		} else if ((!strcmp(a, "-n") && !n_words) ||
			   !strcmp(a, "--netns")) {
			/* Before the command, as ip -n. */
			if (n_words)
				return cli_usage_error(err, err_len,
						       "%s goes before the command (tpstat --netns NAME COMMAND)", a);
			if (++i == argc || !netns_name_ok(argv[i]))
				return cli_usage_error(err, err_len,
						       "%s needs a network namespace name (ip netns list)", a);
			o->netns = argv[i];
		} else if (!strcmp(a, "-n")) {
			/*
			 * After the command: drops' old spelling of --top,
			 * accepted for one release with a warning.
			 */
			if (cli_find(words[0], &w) || !w.view ||
			    !w.view->old_dash_n)
				return cli_usage_error(err, err_len,
						       "%s goes before the command (tpstat -n NAME COMMAND)", a);
			if (++i == argc || parse_count(argv[i], &top))
				return cli_usage_error(err, err_len,
						       "%s after drops is its old --top: it needs a positive whole number (a namespace goes before the command)", a);
			drop_opts = true;
			o->warning = "drops -n N is deprecated and goes in the next release: use drops --top N (-n NAME before the command is the network namespace)";
		} else if (!strcmp(a, "--sort")) {
			if (++i == argc || !argv[i][0])
				return cli_usage_error(err, err_len,
						       "%s needs a field: one of the view's columns (tpstat help VIEW)", a);
			o->va.sort = argv[i];
		} else if (!strcmp(a, "-H") || !strcmp(a, "--no-header")) {
			o->no_header = true;
		} else if (!strcmp(a, "--human")) {
			o->human = true;
		} else if (!strcmp(a, "--numeric-netns")) {
			o->numeric_netns = true;
		} else if (!strcmp(a, "--top")) {
			drop_opts = true;
			if (++i == argc || parse_count(argv[i], &top))
				return cli_usage_error(err, err_len,
						       "%s needs a positive whole number", a);
		} else if (!strcmp(a, "--textfile")) {
			if (++i == argc || !argv[i][0])
				return cli_usage_error(err, err_len,
						       "%s needs a directory", a);
			o->textfile = argv[i];
		} else if (!strcmp(a, "-h")) {
			human = true;
		} else if (!strcmp(a, "--help")) {
			help = true;
		} else {
			return cli_usage_error(err, err_len, "unknown option '%s'", a);
		}
	}
	if (o->version) {
		/* As ip -V: the version, whatever else the line holds. */
		o->cmd = NULL;
		return 0;
	}
	/* "tpstat -h" alone is help, as before; with a command, as ip -h. */
	if ((help || human) && !n_words) {
		o->cmd = &help_command;
		return 0;
	}
	if (!n_words)
		return cli_usage_error(err, err_len, "%s", "no command given");
	r = cli_find(words[0], &w);
	if (r)
		return cli_usage_error(err, err_len, r == -2 ?
				       "ambiguous command '%s'" :
				       "unknown command '%s'", words[0]);
	o->cmd = w.cmd;
	o->view = w.view;
	o->va.top = top;
	t = o->cmd->takes;
	/* "COMMAND ... -h": that command's help, whatever else is there. */
	if (help && !(t & TAKES_ANY)) {
		o->help_for = o->cmd;
		o->help_view = o->view;
		o->cmd = &help_command;
		o->view = NULL;
		return 0;
	}
	if (t & TAKES_ANY)
		return o->cmd->parse(o, n_words - 1, words + 1, err, err_len);
	/* A command that is not a view takes none: refused with the text. */
	r = view_parse_by(o->view, cli_name(o->cmd, o->view), by, &o->va, err,
			  err_len);
	if (r)
		return r;
	o->human |= human;
	if ((drop_opts || o->va.sort || o->human || o->no_header) && !o->view)
		return cli_usage_error(err, err_len,
				       "--top, --sort, -h and -H are for the views, not %s",
				       cli_name(o->cmd, o->view));
	if (o->va.sort &&
	    !view_field_find(view_ops_shown(o->view, &o->va), o->va.sort)) {
		char fields[256];

		snprintf(err, err_len, "%s cannot be sorted by '%.32s' (its fields: %s)",
			 cli_name(o->cmd, o->view), o->va.sort,
			 view_fields_text(view_ops_shown(o->view, &o->va),
					  fields, sizeof(fields)));
		return 2;
	}
	/* What a command's parse may weigh its own options against. */
	o->timed = timing;
	r = o->cmd->parse(o, n_words - 1, words + 1, err, err_len);
	if (r)
		return r;
	/* The options only some commands take (cmd.h), in TAKES_* order. */
	name = cli_name(o->cmd, o->view);
	if (o->verbose && !(t & TAKES_VERBOSE))
		return cli_usage_error(err, err_len, "-v is for list, not %s", name);
	if (timing && !(t & TAKES_INTERVAL))
		return cli_usage_error(err, err_len,
				       "-i and -c are for watch, the views and doctor, not %s", name);
	if (o->zeros && !(t & TAKES_ZEROS))
		return cli_usage_error(err, err_len,
				       "-z is for show and watch, not %s", name);
	if (o->delta && !(t & TAKES_DELTA))
		return cli_usage_error(err, err_len,
				       "--delta, --no-update and --reset-history are for show, not %s",
				       name);
	if (o->textfile && !(t & TAKES_TEXTFILE))
		return cli_usage_error(err, err_len,
				       "--textfile is for export, not %s", name);
	/* export, the one command without JSON, writes Prometheus's format. */
	if (o->json && !(t & TAKES_JSON))
		return cli_usage_error(err, err_len, "%s",
				       "export prints the Prometheus format, not JSON");
	return 0;
}

bool cli_version(const char *tool, const char *module, char *out,
		 size_t out_len, char *warn, size_t warn_len)
{
	bool differ = module && strcmp(tool, module);
	/* The kernel's string (struct info keeps 31 bytes): escaped (escape.h). */
	char text[ESC_SIZE(32)];
	const char *mod = esc(module, text, sizeof(text));

	if (mod)
		snprintf(out, out_len, "tpstat %s\nmodule %s\n", tool, mod);
	else
		snprintf(out, out_len, "tpstat %s\n", tool);
	if (differ)
		snprintf(warn, warn_len,
			 "warning: the loaded module is version %s, this tool %s",
			 mod, tool);
	else if (warn_len)
		warn[0] = '\0';
	return differ;
}
