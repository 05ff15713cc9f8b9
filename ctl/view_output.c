// SPDX-License-Identifier: GPL-2.0
/* Printing views as text or JSON: no netlink, unit-tested on the host. */
#include <string.h>
#include <sys/socket.h>

#include "alert.h"
#include "json.h"
#include "netns.h"
#include "output.h"
#include "view_neigh.h"
#include "views.h"
#include "view_rcvq.h"

#define ADDR_MAX 64	/* "[" INET6_ADDRSTRLEN "]:65535" */
#define NUM_MAX 24	/* a u64 in decimal */
#define ERR_MAX 48	/* "EPROTONOSUPPORT (93)", "errno 4294967295" */
#define SERVICE_MAX 24	/* "remote port 65535" */

/* ---- one row of each view ------------------------------------------------ */

static void text_drop(FILE *f, const struct view_entry *e, enum drop_by by)
{
	char buf[96], ns[NUM_MAX];

	fprintf(f, "%12llu drops ", (unsigned long long)e->count);
	switch (by) {
	case BY_REASON:
		fprintf(f, "reason %s\n",
			view_reason_text(e, buf, sizeof(buf)));
		break;
	case BY_DEV:
		fprintf(f, "on %s netns %s\n", view_dev_text(e, buf, sizeof(buf)),
			netns_text(e->netns, ns, sizeof(ns)));
		break;
	case BY_NETNS:
		fprintf(f, "in netns %s\n",
			netns_text(e->netns, ns, sizeof(ns)));
		break;
	case BY_TRAP:
		fprintf(f, "at trap %s (group %s) on %s\n", e->trap,
			e->trap_group, e->devlink);
		break;
	default:
		fprintf(f, "at %s\n", e->location[0] ? e->location : "-");
		break;
	}
}

static void json_drop(struct json *j, const struct view_entry *e,
		      enum drop_by by)
{
	json_object_open(j);
	switch (by) {
	case BY_REASON:
		view_json_reason(j, e);
		break;
	case BY_DEV:
		view_json_dev(j, e);
		break;
	case BY_NETNS:
		netns_json(j, e->netns);
		break;
	case BY_TRAP:
		json_key(j, "devlink");
		json_string(j, e->devlink);
		json_key(j, "trap");
		json_string(j, e->trap);
		json_key(j, "trap_group");
		json_string(j, e->trap_group);
		break;
	default:
		json_key(j, "location");
		json_string(j, e->location);
		break;
	}
	json_key(j, "count");
	json_u64(j, e->count);
	json_object_close(j);
}

static void json_retrans(struct json *j, const struct view_entry *e)
{
	json_object_open(j);
	netns_json(j, e->netns);
	json_opt_str(j, "family", view_family_name(e), view_family_name(e));
	view_json_addr(j, "local", e->saddr, e->saddr_len);
	json_key(j, "local_port");
	json_u64(j, e->sport);
	view_json_addr(j, "remote", e->daddr, e->daddr_len);
	json_key(j, "remote_port");
	json_u64(j, e->dport);
	json_key(j, "retransmits");
	json_u64(j, e->retrans);
	json_key(j, "synack_retransmits");
	json_u64(j, e->synack_retrans);
	view_json_state(j, "state", e->has_new_state, e->new_state);
	json_object_close(j);
}

static void text_retrans(FILE *f, const struct view *v)
{
	char local[ADDR_MAX], remote[ADDR_MAX], st[16], ns[NUM_MAX];
	int wl = 5, wr = 6, wn = netns_width(v), n;

	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		format_addr(local, sizeof(local), e->saddr, e->saddr_len, e->sport);
		format_addr(remote, sizeof(remote), e->daddr, e->daddr_len, e->dport);
		n = strlen(local);
		wl = n > wl ? n : wl;
		n = strlen(remote);
		wr = n > wr ? n : wr;
	}
	fprintf(f, "%-*s  %-*s  %*s  %8s  %8s  %s\n", wl, "LOCAL", wr,
		"REMOTE", wn, "NETNS", "RETRANS", "SYNACK", "STATE");
	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		format_addr(local, sizeof(local), e->saddr, e->saddr_len, e->sport);
		format_addr(remote, sizeof(remote), e->daddr, e->daddr_len, e->dport);
		fprintf(f, "%-*s  %-*s  %*s  %8llu  %8llu  %s\n", wl, local,
			wr, remote, wn, netns_text(e->netns, ns, sizeof(ns)),
			(unsigned long long)e->retrans,
			(unsigned long long)e->synack_retrans,
			e->has_new_state ?
				view_state_text(e->new_state, st, sizeof(st)) :
				"-");
	}
}

static void text_state(FILE *f, const struct view_entry *e)
{
	char old[16], new[16];

	fprintf(f, "%-14s -> %-14s %12llu\n",
		view_state_text(e->old_state, old, sizeof(old)),
		view_state_text(e->new_state, new, sizeof(new)),
		(unsigned long long)e->count);
}

static void json_transition(struct json *j, const struct view_entry *e)
{
	json_object_open(j);
	view_json_state(j, "old_state", e->has_old_state, e->old_state);
	view_json_state(j, "new_state", e->has_new_state, e->new_state);
	json_key(j, "count");
	json_u64(j, e->count);
	json_object_close(j);
}

static void text_device(FILE *f, const struct view_entry *e)
{
	char buf[32], ns[NUM_MAX];

	fprintf(f, "%s (ifindex %u, netns %s)\n", view_dev_text(e, buf, sizeof(buf)),
		e->ifindex, netns_text(e->netns, ns, sizeof(ns)));
	fprintf(f, "    tx: packets %llu  bytes %llu  errors %llu  timeouts %llu\n",
		(unsigned long long)e->tx_packets,
		(unsigned long long)e->tx_bytes,
		(unsigned long long)e->xmit_errors,
		(unsigned long long)e->xmit_timeouts);
	fprintf(f, "    rx: packets %llu  bytes %llu  gro %llu\n",
		(unsigned long long)e->rx_packets,
		(unsigned long long)e->rx_bytes, (unsigned long long)e->gro);
	fprintf(f, "    napi: polls %llu  work %llu  budget exhausted %llu\n",
		(unsigned long long)e->napi_polls,
		(unsigned long long)e->napi_work,
		(unsigned long long)e->napi_budget_exhausted);
}

static void json_device(struct json *j, const struct view_entry *e)
{
	static const struct {
		const char *key;
		size_t offset;
	} values[] = {
#define V(f) { #f, offsetof(struct view_entry, f) }
		V(tx_packets), V(tx_bytes), V(rx_packets), V(rx_bytes),
		V(xmit_errors), V(xmit_timeouts), V(gro), V(napi_polls),
		V(napi_work), V(napi_budget_exhausted),
#undef V
	};

	json_object_open(j);
	view_json_dev(j, e);
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		json_key(j, values[i].key);
		json_u64(j, *(const uint64_t *)((const char *)e +
						values[i].offset));
	}
	json_object_close(j);
}

static void text_hist(FILE *f, const struct view_entry *e)
{
	const struct hist *h = hist_of(e);
	const char *unit = hist_unit(e->hist_name);

	fprintf(f, "%s: %llu values", e->hist_name,
		(unsigned long long)h->count);
	if (h->count)
		fprintf(f, ", mean %.1f %s", hist_mean(h), unit);
	fputc('\n', f);
	hist_print(f, h, unit);
	fputc('\n', f);
}

static void json_hist(struct json *j, const struct view_entry *e)
{
	json_object_open(j);
	json_key(j, "name");
	json_string(j, e->hist_name);
	json_key(j, "unit");
	json_string(j, hist_unit(e->hist_name));
	json_mean(j, hist_of(e));
	hist_json(j, hist_of(e));
	json_object_close(j);
}

/* "ECONNREFUSED (111)", "errno 4000", or "-" without ERRNO. */
static const char *error_text(const struct view_entry *e, char *buf,
			      size_t len)
{
	return e->has_err ? errno_text(e->err, buf, len) : "-";
}

/* "tcp", "udp6" (IPv6, as netstat), "132", or "-" without PROTOCOL. */
static const char *proto_column(const struct view_entry *e, char *buf,
				size_t len)
{
	const char *p = protocol_text(e, buf, len);

	if (!p)
		return "-";
	if (e->family == AF_INET6 && p != buf) {
		snprintf(buf, len, "%s6", p);
		return buf;
	}
	return p;
}

static void text_errors(FILE *f, const struct view *v)
{
	char err[ERR_MAX], proto[NUM_MAX], service[SERVICE_MAX], ns[NUM_MAX];
	int we = 5, wp = 5, ws = 7, n;

	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		n = strlen(error_text(e, err, sizeof(err)));
		we = n > we ? n : we;
		n = strlen(proto_column(e, proto, sizeof(proto)));
		wp = n > wp ? n : wp;
		n = strlen(service_text(e, service, sizeof(service)));
		ws = n > ws ? n : ws;
	}
	fprintf(f, "%8s  %-*s  %-*s  %-*s  %s\n", "COUNT", we, "ERROR", wp,
		"PROTO", ws, "SERVICE", "NETNS");
	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		fprintf(f, "%8llu  %-*s  %-*s  %-*s  %s\n",
			(unsigned long long)e->count,
			we, error_text(e, err, sizeof(err)),
			wp, proto_column(e, proto, sizeof(proto)),
			ws, service_text(e, service, sizeof(service)),
			netns_text(e->netns, ns, sizeof(ns)));
	}
}

static void json_error(struct json *j, const struct view_entry *e)
{
	const char *name = e->has_err ? errno_name(e->err) : NULL;
	const char *family = view_family_name(e);
	char proto[NUM_MAX];
	const char *p = protocol_text(e, proto, sizeof(proto));
	uint16_t port;
	enum err_side side = errors_side(e, &port);

	json_object_open(j);
	json_key(j, "count");
	json_u64(j, e->count);
	json_opt_u64(j, "errno", e->has_err, e->err);
	json_opt_str(j, "error", name, name);
	json_opt_str(j, "message", e->has_err,
		     e->has_err ? strerror(e->err) : NULL);
	json_opt_str(j, "protocol", p, p);
	json_opt_str(j, "family", family, family);
	json_opt_u64(j, "port", side != SIDE_NONE, port);
	json_opt_str(j, "port_side", side != SIDE_NONE,
		     errors_side_name(side));
	netns_json(j, e->netns);
	json_object_close(j);
}

/* ---- the whole view ------------------------------------------------------ */

/* The key of each view's list in JSON. */
static const char *list_key(uint32_t view)
{
	switch (view) {
	case TPSTAT_VIEW_DROPS:
	case TPSTAT_VIEW_TRAPS:
		return "drops";
	case TPSTAT_VIEW_RETRANS:
		return "flows";
	case TPSTAT_VIEW_RESETS:
		return "resets";
	case TPSTAT_VIEW_STATES:
		return "transitions";
	case TPSTAT_VIEW_LIFETIMES:
		return "lifetimes";
	case TPSTAT_VIEW_DEVICES:
		return "devices";
	case TPSTAT_VIEW_HISTS:
		return "histograms";
	case TPSTAT_VIEW_ERRORS:
		return "errors";
	case TPSTAT_VIEW_RCVQ:
		return "rcvq";
	case TPSTAT_VIEW_NEIGH:
		return "neighbours";
	case TPSTAT_VIEW_AUTH:
		return "auth_failures";
	}
	return "entries_list";
}

static bool shown(const struct view *v, const struct view_entry *e,
		  const char *hist_only)
{
	return v->id != TPSTAT_VIEW_HISTS || !hist_only ||
	       !strcmp(e->hist_name, hist_only);
}

static void print_json(FILE *f, const struct out_opts *o,
		       const struct view *v, enum drop_by by,
		       const char *hist_only)
{
	struct json j;

	json_init(&j, f, o->pretty);
	json_object_open(&j);
	json_key(&j, "schema_version");
	json_u64(&j, JSON_SCHEMA_VERSION);
	json_key(&j, "view");
	json_string(&j, view_name(v->id));
	if (v->id == TPSTAT_VIEW_DROPS || v->id == TPSTAT_VIEW_TRAPS) {
		json_key(&j, "by");
		json_string(&j, drop_by_name(by));
	}
	if (v->id == TPSTAT_VIEW_RESETS) {
		json_key(&j, "by");
		json_string(&j, resets_by_name(v->resets_by));
	}
	json_key(&j, "overflow");
	json_u64(&j, v->overflow);
	json_key(&j, "entries");
	json_u64(&j, v->entries);
	json_key(&j, "capacity");
	json_u64(&j, v->capacity);
	if (v->id == TPSTAT_VIEW_STATES) {
		json_key(&j, "active_opens");
		json_u64(&j, v->opens_active);
		json_key(&j, "passive_opens");
		json_u64(&j, v->opens_passive);
		json_key(&j, "failed_opens");
		json_u64(&j, v->opens_failed);
	}
	json_key(&j, list_key(v->id));
	json_array_open(&j);
	for (size_t i = 0; i < v->n; i++) {
		const struct view_entry *e = &v->e[i];

		switch (v->id) {
		case TPSTAT_VIEW_DROPS:
		case TPSTAT_VIEW_TRAPS:
			json_drop(&j, e, by);
			break;
		case TPSTAT_VIEW_RETRANS:
			json_retrans(&j, e);
			break;
		case TPSTAT_VIEW_RESETS:
			resets_json_row(&j, v, e);
			break;
		case TPSTAT_VIEW_STATES:
			json_transition(&j, e);
			break;
		case TPSTAT_VIEW_LIFETIMES:
			lifetime_json_row(&j, e);
			break;
		case TPSTAT_VIEW_DEVICES:
			json_device(&j, e);
			break;
		case TPSTAT_VIEW_HISTS:
			if (shown(v, e, hist_only))
				json_hist(&j, e);
			break;
		case TPSTAT_VIEW_ERRORS:
			json_error(&j, e);
			break;
		case TPSTAT_VIEW_RCVQ:
			rcvq_json(&j, e);
			break;
		case TPSTAT_VIEW_NEIGH:
			json_neigh(&j, e);
			break;
		case TPSTAT_VIEW_AUTH:
			auth_json_entry(&j, e);
			break;
		}
	}
	json_array_close(&j);
	json_object_close(&j);
	json_end(&j);
}

void print_view(FILE *f, const struct out_opts *o, const struct view *v,
		enum drop_by by, const char *hist_only)
{
	bool any = false;

	if (v->id == TPSTAT_VIEW_DROPS || v->id == TPSTAT_VIEW_TRAPS)
		by = drop_by_of(v, by);
	if (o->json) {
		print_json(f, o, v, by, hist_only);
		return;
	}
	switch (v->id) {
	case TPSTAT_VIEW_RETRANS:
		text_retrans(f, v);
		break;
	case TPSTAT_VIEW_RESETS:
		resets_text(f, v);
		break;
	case TPSTAT_VIEW_ERRORS:
		text_errors(f, v);
		break;
	case TPSTAT_VIEW_RCVQ:
		rcvq_text(f, v);
		break;
	case TPSTAT_VIEW_NEIGH:
		text_neigh(f, v);
		break;
	case TPSTAT_VIEW_AUTH:
		auth_print_text(f, v);
		break;
	default:
		for (size_t i = 0; i < v->n; i++) {
			const struct view_entry *e = &v->e[i];

			if (!shown(v, e, hist_only))
				continue;
			any = true;
			if (v->id == TPSTAT_VIEW_DROPS ||
			    v->id == TPSTAT_VIEW_TRAPS)
				text_drop(f, e, by);
			else if (v->id == TPSTAT_VIEW_STATES)
				text_state(f, e);
			else if (v->id == TPSTAT_VIEW_LIFETIMES)
				lifetime_text(f, e);
			else if (v->id == TPSTAT_VIEW_DEVICES)
				text_device(f, e);
			else if (v->id == TPSTAT_VIEW_HISTS)
				text_hist(f, e);
		}
		break;
	}
	if (v->id == TPSTAT_VIEW_HISTS && hist_only && !any)
		fprintf(f, "%s: no values\n", hist_only);
	if (v->id == TPSTAT_VIEW_STATES)
		fprintf(f, "active opens   %llu\npassive opens  %llu\nfailed opens   %llu\n",
			(unsigned long long)v->opens_active,
			(unsigned long long)v->opens_passive,
			(unsigned long long)v->opens_failed);
	fprintf(f, "overflow: %llu lost updates (table %u/%u)\n",
		(unsigned long long)v->overflow, v->entries, v->capacity);
}
