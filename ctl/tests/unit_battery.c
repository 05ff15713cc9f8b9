// SPDX-License-Identifier: GPL-2.0
/*
 * Every view alike, from the view table: its command word and usage, a
 * synthetic dump read whole, text, JSON, each --sort field, selectors,
 * --top and a well-formed Prometheus family.
 */
#include <stdlib.h>
#include <string.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include "prom.h"
#include "unit.h"

/*
 * Entry @i (0, 1, 2) of a synthetic dump any view reads: the sockets'
 * key, a device, a protocol and counts.  Only attributes that share no
 * place in a row (view_rows.h) are sent, so each view keeps them all.
 */
static void put_any(struct view *v, unsigned int i)
{
	struct nlmsghdr *nlh = msg_new();
	uint8_t s4[4] = { 10, 0, 0, 1 + i }, d4[4] = { 192, 0, 2, 1 };

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 4026531840U);
	mnl_attr_put_u64(nlh, TPSTAT_A_NETNS_COOKIE, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_SADDR, 4, s4);
	mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 1000 + i);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, d4);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 443);
	mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, IPPROTO_TCP);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "eth0");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 10 * (i + 1));
	mnl_attr_put_u64(nlh, TPSTAT_A_RETRANS, 3 - i);
	mnl_attr_put_u64(nlh, TPSTAT_A_SYNACK_RETRANS, i);
	CHECK(view_msg_cb(nlh, v) == MNL_CB_OK, "entry %u", i);
}

static void any_view(struct view *v, uint32_t id)
{
	memset(v, 0, sizeof(*v));
	v->id = id;
	put_header_msg(v, 3, 8, 5);
	for (unsigned int i = 0; i < 3; i++)
		put_any(v, i);
}

/* Braces and brackets balanced outside strings, and nothing after. */
bool json_balanced(const char *s)
{
	int depth = 0;
	bool str = false;

	for (; *s; s++) {
		if (str) {
			if (*s == '\\' && s[1])
				s++;
			else if (*s == '"')
				str = false;
			continue;
		}
		if (*s == '"')
			str = true;
		else if (*s == '{' || *s == '[')
			depth++;
		else if (*s == '}' || *s == ']')
			depth--;
		if (depth < 0)
			return false;
		if (!depth && (*s == '}') && s[1] && strcmp(s + 1, "\n"))
			return false;
	}
	return !depth && !str;
}

/* Every line a HELP, a TYPE, or "tpstat_NAME{LABELS} NUMBER". */
static bool prom_well_formed(const char *s, size_t *samples)
{
	char line[4096];

	*samples = 0;
	while (*s) {
		size_t n = strcspn(s, "\n");
		const char *sp;

		if (n >= sizeof(line) || !s[n])
			return false;
		memcpy(line, s, n);
		line[n] = '\0';
		s += n + 1;
		if (!strncmp(line, "# HELP tpstat_", 14) ||
		    !strncmp(line, "# TYPE tpstat_", 14))
			continue;
		sp = strrchr(line, ' ');
		if (strncmp(line, "tpstat_", 7) || !sp ||
		    strspn(sp + 1, "0123456789") != strlen(sp + 1) || !sp[1])
			return false;
		(*samples)++;
	}
	return true;
}

static const struct view_ops *battery_ops;

static void battery_export(FILE *f, void *arg)
{
	struct prom p;

	prom_init(&p, f);
	battery_ops->export(&p, arg);
}

/* --top, --sort, the text, JSON, selectors and export of every view. */
void test_view_battery(void)
{
	struct out_opts text = { 0 }, bare = { .no_header = true };
	struct out_opts json = { .json = true };
	const struct view_ops *ops;
	char want[128], err[256];

	for (size_t k = 0; (ops = view_at(k)); k++) {
		const char *name = ops->name;
		const struct command *cmd;
		const struct view_ops *found;
		struct view v;
		size_t lines, lines_bare, samples;
		char *s;

		/* The command word and help are the table's. */
		CHECK(!cli_lookup(name, &cmd, &found) && !cmd->name &&
		      found == ops, "%s: its own command word", name);
		for (size_t a = 0; ops->aliases && ops->aliases[a]; a++)
			CHECK(!cli_lookup(ops->aliases[a], &cmd, &found) &&
			      found == ops, "%s: alias %s", name,
			      ops->aliases[a]);
		snprintf(want, sizeof(want), "tpstat %s ", name);
		CHECK(!strncmp(cli_usage(NULL, ops), want, strlen(want)) &&
		      strstr(cli_usage(NULL, ops), "selectors: "),
		      "%s: its usage", name);
		CHECK(strstr(cli_usage(NULL, NULL), ops->usage),
		      "%s: in tpstat help", name);

		/* The dump read whole. */
		any_view(&v, ops->id);
		CHECK(v.n == 3 && v.entries == 3 && v.capacity == 8 &&
		      v.overflow == 5 && v.e[2].sport == 1002 &&
		      v.e[2].count == 30 && !strcmp(v.e[0].ifname, "eth0"),
		      "%s: a dump of 3 read", name);

		/* Text: a line a row, a header unless -H, overflow last. */
		view_sort(&v);
		cur_view = v;
		cur_by = ops->id == TPSTAT_VIEW_TRAPS ? BY_TRAP : BY_REASON;
		s = capture(view_text, &text);
		lines = 0;
		for (const char *c = s; (c = strchr(c, '\n')); c++)
			lines++;
		CHECK(lines >= 2 && strstr(s, "overflow: 5 lost updates (table 3/8)\n") &&
		      !strcmp(strstr(s, "overflow: "),
			      "overflow: 5 lost updates (table 3/8)\n"),
		      "%s: text ends with the table's figures:\n%s", name, s);
		s = capture(view_text, &bare);
		lines_bare = 0;
		for (const char *c = s; (c = strchr(c, '\n')); c++)
			lines_bare++;
		/* Views printed as blocks (histograms) have no header. */
		CHECK(lines_bare + 1 == lines || lines_bare == lines,
		      "%s: -H drops the header line at most (%zu, %zu)",
		      name, lines_bare, lines);

		/* JSON: valid, the view's name, its list, three objects. */
		s = capture(view_text, &json);
		snprintf(want, sizeof(want), "\"view\":\"%s\"", name);
		CHECK(json_balanced(s) && strstr(s, want) &&
		      strstr(s, "\"overflow\":5,\"entries\":3,\"capacity\":8"),
		      "%s: JSON: %s", name, s);
		snprintf(want, sizeof(want), "\"%s\":[", ops->list_key);
		CHECK(strstr(s, want), "%s: JSON list %s", name, ops->list_key);

		/* Every --sort field orders the rows as its comparator says. */
		for (const struct view_field *f = ops->fields; f && f->name; f++) {
			bool ordered = true;

			CHECK(view_field_find(ops, f->name) == f,
			      "%s: --sort %s found", name, f->name);
			CHECK(!view_sort_field(&v, f) && v.n == 3,
			      "%s: --sort %s", name, f->name);
			for (size_t i = 1; i < v.n; i++)
				ordered &= f->cmp(&v.e[i - 1], &v.e[i]) <= 0;
			CHECK(ordered, "%s: --sort %s in order", name, f->name);
		}

		/* Selectors: a port picks its row, another namespace none. */
		if (ops->selectors & SEL_BIT(SEL_SPORT)) {
			struct selector sel;
			const char *w[] = { "sport", "1001" };
			struct view c = v;

			c.e = malloc(v.n * sizeof(*v.e));
			memcpy(c.e, v.e, v.n * sizeof(*v.e));
			for (size_t i = 0; i < c.n; i++)
				c.e[i].hist = NULL;
			CHECK(!select_parse(2, w, &sel, err, sizeof(err)) &&
			      !select_resolve(&sel, err, sizeof(err)),
			      "%s: sport 1001: %s", name, err);
			select_apply(&sel, &c);
			CHECK(c.n == 1 && c.e[0].sport == 1001,
			      "%s: sport 1001 selects its row (%zu)", name, c.n);
			view_free(&c);
		}
		if (ops->selectors & SEL_BIT(SEL_NETNS)) {
			struct selector sel;
			const char *w[] = { "netns", "4026531841" };
			struct view c = v;

			c.e = malloc(v.n * sizeof(*v.e));
			memcpy(c.e, v.e, v.n * sizeof(*v.e));
			for (size_t i = 0; i < c.n; i++)
				c.e[i].hist = NULL;
			CHECK(!select_parse(2, w, &sel, err, sizeof(err)) &&
			      !select_resolve(&sel, err, sizeof(err)),
			      "%s: netns: %s", name, err);
			select_apply(&sel, &c);
			CHECK(c.n == 0, "%s: another netns selects nothing (%zu)",
			      name, c.n);
			view_free(&c);
		}

		/* --top. */
		view_truncate(&v, 2);
		CHECK(v.n == 2, "%s: --top 2", name);
		view_free(&v);

		/* Its Prometheus family: well formed, from the rows. */
		if (ops->export) {
			any_view(&v, ops->id);
			CHECK(!ops->export_prepare || !ops->export_prepare(&v),
			      "%s: export_prepare", name);
			battery_ops = ops;
			s = capture(battery_export, &v);
			CHECK(prom_well_formed(s, &samples),
			      "%s: exposition well formed:\n%s", name, s);
			view_free(&v);
		}
	}
}
