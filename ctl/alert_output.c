// SPDX-License-Identifier: GPL-2.0
/*
 * One line per alert.  Text, after the local time:
 *   12 drops at LOCATION [NAME (CODE)] netns NS [dev DEV]
 *   3 resets sent on port P to ADDR [NAME (CODE)] netns NS
 *   2 resets received on port P from ADDR [NAME (CODE)] netns NS
 *   5 retransmits LOCAL -> REMOTE [STATE] netns NS   ("SYN-ACK retransmits")
 *   40 TCP OLD -> NEW netns NS
 *   4 socket errors ECONNREFUSED (111) on port P to ADDR:PORT netns NS
 *   resets: 12 alerts lost (340 events; limit 100 alerts/s)
 * Parts in brackets only when the alert has them: never an invented
 * reason.  JSON: one object per line, the views' key names.
 */
#include <string.h>

#include "alert_output.h"
#include "escape.h"
#include "json.h"
#include "netns.h"
#include "output.h"

#define ADDR_MAX 64	/* "[" INET6_ADDRSTRLEN "]:65535" */
#define NUM_MAX 24

/* ---- text --------------------------------------------------------------- */

static const char *plural(uint64_t n)
{
	return n == 1 ? "" : "s";
}

static void text_netns(FILE *f, const struct alert *a)
{
	char buf[NUM_MAX];

	if (a->seen[TPSTAT_A_NETNS])
		fprintf(f, " netns %s",
			netns_text(a->e.netns, buf, sizeof(buf)));
}

/* " NO_SOCKET (2)", only when the alert has a reason. */
static void text_reason(FILE *f, const struct alert *a)
{
	char buf[VIEW_TEXT_MAX];

	if (a->e.has_reason)
		fprintf(f, " %s", view_reason_text(&a->e, buf, sizeof(buf)));
}

static void text_drops(FILE *f, const struct alert *a, unsigned int count)
{
	const struct view_entry *e = &a->e;
	char text[ESC_SIZE(ROW_LOCATION_MAX)];

	(void)count;
	fprintf(f, "%llu drop%s", (unsigned long long)e->count,
		plural(e->count));
	if (a->seen[TPSTAT_A_LOCATION])
		fprintf(f, " at %s", esc(e->location, text, sizeof(text)));
	text_reason(f, a);
	text_netns(f, a);
	if (e->has_ifname)
		fprintf(f, " dev %s", esc(e->ifname, text, sizeof(text)));
	else if (e->ifindex)
		fprintf(f, " dev if%u", e->ifindex);
}

/*
 * An alert's line is one of its counts, named by the attribute it came
 * as: COUNT, or for kinds with two, the view's own values' (RST_SENT or
 * RST_RECEIVED, RETRANS or SYNACK_RETRANS).
 */
static uint64_t line_count(const struct alert *a, unsigned int count)
{
	return count == TPSTAT_A_COUNT ? a->e.count :
					 view_entry_val(&a->e, count);
}

static void text_reset(FILE *f, const struct alert *a, unsigned int count)
{
	const bool sent = count == TPSTAT_A_RST_SENT;
	const struct view_entry *e = &a->e;
	uint64_t n = line_count(a, count);
	char peer[ADDR_MAX];

	format_addr(peer, sizeof(peer), e->daddr, e->daddr_len, -1);
	fprintf(f, "%llu reset%s %s on port %u %s %s", (unsigned long long)n,
		plural(n), sent ? "sent" : "received", e->sport,
		sent ? "to" : "from", peer);
	text_reason(f, a);
	text_netns(f, a);
}

static void text_retrans(FILE *f, const struct alert *a, unsigned int count)
{
	const bool synack = count == TPSTAT_A_SYNACK_RETRANS;
	const struct view_entry *e = &a->e;
	uint64_t n = line_count(a, count);
	char local[ADDR_MAX], remote[ADDR_MAX], st[NUM_MAX];

	format_addr(local, sizeof(local), e->saddr, e->saddr_len, e->sport);
	format_addr(remote, sizeof(remote), e->daddr, e->daddr_len, e->dport);
	fprintf(f, "%llu %sretransmit%s %s -> %s", (unsigned long long)n,
		synack ? "SYN-ACK " : "", plural(n), local, remote);
	if (e->has_new_state)
		fprintf(f, " %s",
			view_state_text(e->new_state, st, sizeof(st)));
	text_netns(f, a);
}

/* A state's name or number; "?" when the alert did not have it. */
static const char *state_or(bool has, unsigned int state, char *buf,
			    size_t len)
{
	return has ? view_state_text(state, buf, len) : "?";
}

static void text_states(FILE *f, const struct alert *a, unsigned int count)
{
	const struct view_entry *e = &a->e;
	char old[NUM_MAX], new[NUM_MAX];

	(void)count;
	fprintf(f, "%llu TCP %s -> %s", (unsigned long long)e->count,
		state_or(e->has_old_state, e->old_state, old, sizeof(old)),
		state_or(e->has_new_state, e->new_state, new, sizeof(new)));
	text_netns(f, a);
}

static void text_errors(FILE *f, const struct alert *a, unsigned int count)
{
	const struct view_entry *e = &a->e;
	char remote[ADDR_MAX], err[48];

	(void)count;
	fprintf(f, "%llu socket error%s %s", (unsigned long long)e->count,
		plural(e->count), errno_text(a->err, err, sizeof(err)));
	format_addr(remote, sizeof(remote), e->daddr, e->daddr_len, e->dport);
	fprintf(f, " on port %u to %s", e->sport, remote);
	text_netns(f, a);
}

static void text_lost(FILE *f, const struct alert *a)
{
	fprintf(f, "%s: %llu alert%s lost (%llu event%s; limit %u alerts/s)",
		alert_kind_name(a->kind), (unsigned long long)a->alerts_lost,
		plural(a->alerts_lost), (unsigned long long)a->events_lost,
		plural(a->events_lost), a->rate);
}

/* ---- JSON --------------------------------------------------------------- */

static void json_start(struct json *j, FILE *f, time_t t, const char *kind)
{
	char buf[32];
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	/* One object per line, whatever -p says: a stream of records. */
	json_init(j, f, false);
	json_object_open(j);
	json_key(j, "time");
	json_string(j, buf);
	if (kind) {
		json_key(j, "kind");
		json_string(j, kind);
	}
}

static void json_finish(struct json *j)
{
	json_object_close(j);
	json_end(j);
}

static void json_netns(struct json *j, const struct alert *a)
{
	if (a->seen[TPSTAT_A_NETNS])
		entry_netns_json(j, &a->e);
	else
		json_opt_u64(j, "netns", false, 0);
}

static void json_family(struct json *j, const struct view_entry *e)
{
	const char *family = view_family_name(e);

	json_opt_str(j, "family", family, family);
}

static void json_drops(struct json *j, const struct alert *a,
		       unsigned int count)
{
	const struct view_entry *e = &a->e;

	(void)count;
	json_opt_str(j, "location", a->seen[TPSTAT_A_LOCATION], e->location);
	view_json_reason(j, e);
	json_netns(j, a);
	json_field_u64(j, "ifindex", e->ifindex);
	json_opt_str(j, "ifname", e->has_ifname, e->ifname);
}

static void json_reset(struct json *j, const struct alert *a,
		       unsigned int count)
{
	const struct view_entry *e = &a->e;
	const bool sent = count == TPSTAT_A_RST_SENT;

	json_key(j, "direction");
	json_string(j, sent ? "sent" : "received");
	json_netns(j, a);
	json_family(j, e);
	json_field_u64(j, "local_port", e->sport);
	view_json_addr(j, "remote", e->daddr, e->daddr_len);
	view_json_reason(j, e);
}

static void json_retrans(struct json *j, const struct alert *a,
			 unsigned int count)
{
	const struct view_entry *e = &a->e;
	const bool synack = count == TPSTAT_A_SYNACK_RETRANS;

	json_key(j, "synack");
	json_bool(j, synack);
	json_netns(j, a);
	json_family(j, e);
	view_json_addr(j, "local", e->saddr, e->saddr_len);
	json_field_u64(j, "local_port", e->sport);
	view_json_addr(j, "remote", e->daddr, e->daddr_len);
	json_field_u64(j, "remote_port", e->dport);
	view_json_state(j, "state", e->has_new_state, e->new_state);
}

static void json_states(struct json *j, const struct alert *a,
			unsigned int count)
{
	const struct view_entry *e = &a->e;

	(void)count;
	json_netns(j, a);
	json_family(j, e);
	view_json_state(j, "old_state", e->has_old_state, e->old_state);
	view_json_state(j, "new_state", e->has_new_state, e->new_state);
}

static void json_errors(struct json *j, const struct alert *a,
			unsigned int count)
{
	const struct view_entry *e = &a->e;
	const char *name = errno_name(a->err);

	(void)count;
	json_netns(j, a);
	json_family(j, e);
	json_field_u64(j, "local_port", e->sport);
	view_json_addr(j, "remote", e->daddr, e->daddr_len);
	json_field_u64(j, "remote_port", e->dport);
	json_field_u64(j, "errno", a->err);
	json_opt_str(j, "error", name, name);
	json_key(j, "message");
	json_string(j, strerror(a->err));
}

/* ---- the kinds ---------------------------------------------------------- */

const struct alert_ops alert_kinds[__TPSTAT_ALERT_CNT] = {
	[TPSTAT_ALERT_DROPS] = {
		.name = "drops", .counts = { TPSTAT_A_COUNT },
		.text = text_drops, .json = json_drops,
	},
	[TPSTAT_ALERT_RESETS] = {
		.name = "resets",
		.counts = { TPSTAT_A_RST_SENT, TPSTAT_A_RST_RECEIVED },
		.text = text_reset, .json = json_reset,
	},
	[TPSTAT_ALERT_RETRANS] = {
		.name = "retrans",
		.counts = { TPSTAT_A_RETRANS, TPSTAT_A_SYNACK_RETRANS },
		.text = text_retrans, .json = json_retrans,
	},
	[TPSTAT_ALERT_STATES] = {
		.name = "states", .counts = { TPSTAT_A_COUNT },
		.text = text_states, .json = json_states,
	},
	[TPSTAT_ALERT_ERRORS] = {
		.name = "errors", .counts = { TPSTAT_A_COUNT },
		.text = text_errors, .json = json_errors,
	},
};

/* ---- lines -------------------------------------------------------------- */

/* "17:45:03 ": local time, as date(1) and ss print it. */
static void text_time(FILE *f, time_t t)
{
	char hms[16];
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(hms, sizeof(hms), "%H:%M:%S", &tm);
	fprintf(f, "%s ", hms);
}

static void text_line(FILE *f, time_t t, const struct alert *a,
		      unsigned int count)
{
	text_time(f, t);
	alert_kinds[a->kind].text(f, a, count);
	fputc('\n', f);
}

static void json_line(FILE *f, time_t t, const struct alert *a,
		      unsigned int count)
{
	struct json j;

	json_start(&j, f, t, alert_kind_name(a->kind));
	json_key(&j, "count");
	json_u64(&j, line_count(a, count));
	alert_kinds[a->kind].json(&j, a, count);
	json_finish(&j);
}

static void print_line(FILE *f, const struct out_opts *o, time_t t,
		       const struct alert *a, unsigned int count)
{
	if (o->json)
		json_line(f, t, a, count);
	else
		text_line(f, t, a, count);
}

static void print_lost(FILE *f, const struct out_opts *o, time_t t,
		       const struct alert *a)
{
	struct json j;

	if (!o->json) {
		text_time(f, t);
		text_lost(f, a);
		fputc('\n', f);
		return;
	}
	json_start(&j, f, t, alert_kind_name(a->kind));
	json_opt_u64(&j, "alerts_lost", a->seen[TPSTAT_A_ALERTS_LOST],
		     a->alerts_lost);
	json_opt_u64(&j, "events_lost", a->seen[TPSTAT_A_EVENTS_LOST],
		     a->events_lost);
	json_opt_u64(&j, "rate", a->seen[TPSTAT_A_ALERT_RATE], a->rate);
	json_finish(&j);
}

void alert_print(FILE *f, const struct out_opts *o, time_t t,
		 const struct alert *a)
{
	if (a->cmd == TPSTAT_CMD_ALERTS_LOST) {
		print_lost(f, o, t, a);
		return;
	}
	/* alert_parse() took no other kind. */
	if (a->kind >= __TPSTAT_ALERT_CNT)
		return;
	/* A line per count the alert carries: without one it says nothing. */
	for (size_t i = 0; i < sizeof(alert_kinds[0].counts) /
				sizeof(alert_kinds[0].counts[0]); i++) {
		unsigned int count = alert_kinds[a->kind].counts[i];

		if (count && a->seen[count])
			print_line(f, o, t, a, count);
	}
}

void alert_print_overrun(FILE *f, const struct out_opts *o, time_t t,
			 unsigned long overruns)
{
	struct json j;

	if (!o->json) {
		text_time(f, t);
		fputs("alerts lost: socket receive buffer overrun\n", f);
		return;
	}
	json_start(&j, f, t, NULL);
	json_key(&j, "lost");
	json_string(&j, "overrun");
	json_key(&j, "overruns");
	json_u64(&j, overruns);
	json_finish(&j);
}
