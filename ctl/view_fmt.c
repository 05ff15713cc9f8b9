// SPDX-License-Identifier: GPL-2.0
/* Names and formats the views share: see view_fmt.h. */
#include <string.h>
#include <arpa/inet.h>
#include <sys/socket.h>

#include "escape.h"
#include "json.h"
#include "netns.h"
#include "hist.h"
#include "view_fmt.h"
#include "view_rows.h"


void view_json_state_keys(struct json *j, const char *key,
			  const char *code_key, bool has, unsigned int state)
{
	const char *name = tcp_state_name(state);

	json_opt_plain(j, key, has && name, name);
	json_opt_u64(j, code_key, has, state);
}

void view_json_addr(struct json *j, const char *key, const uint8_t *addr,
		    unsigned int len)
{
	char text[INET6_ADDRSTRLEN];
	size_t n = format_addr(text, sizeof(text), addr, len, -1);

	json_key(j, key);
	if (len == 4 || len == 16)
		json_plain_n(j, text, n);
	else
		json_null(j);
}

const char *view_proto_column(const struct view_entry *e, const char *name,
			      char *buf, size_t len)
{
	size_t n;

	if (!name)
		return "-";
	n = strlen(name);
	if (e->family != AF_INET6 || name == buf ||
	    (n >= 2 && !strcmp(name + n - 2, "v6")))
		return name;
	snprintf(buf, len, "%s6", name);
	return buf;
}

const char *view_proto_text(const struct view_entry *e, char *buf,
			    size_t len)
{
	const char *name;

	if (!e->has_protocol)
		return NULL;
	name = ip_proto_name(e->protocol);
	if (name)
		return name;
	snprintf(buf, len, "%u", e->protocol);
	return buf;
}

const char *view_proto_text_column(const struct view_entry *e, char *buf,
				   size_t len)
{
	return view_proto_column(e, view_proto_text(e, buf, len), buf, len);
}

int cmp_proto_sport(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(b->has_protocol, a->has_protocol);

	if (!c)
		c = cmp_u64(a->protocol, b->protocol);
	if (!c)
		c = cmp_u64(b->has_sport, a->has_sport);
	if (!c)
		c = cmp_u64(a->sport, b->sport);
	return c;
}

const char *view_sport_text(const struct view_entry *e, char *buf,
			    size_t len)
{
	if (!e->has_sport)
		return "-";
	snprintf(buf, len, "%u", e->sport);
	return buf;
}

const char *view_family_name(const struct view_entry *e)
{
	unsigned int len = e->saddr_len ? e->saddr_len : e->daddr_len;

	if (e->family == AF_INET || (!e->family && len == 4))
		return "ipv4";
	if (e->family == AF_INET6 || (!e->family && len == 16))
		return "ipv6";
	return NULL;
}

const char *view_reason_text(const struct view_entry *e, char *buf,
			     size_t len)
{
	char name[ESC_SIZE(ROW_NAME_MAX)];

	if (!e->has_reason)
		return "-";
	snprintf(buf, len, "%s (%u)",
		 e->has_reason_name ?
		 esc(e->reason_name, name, sizeof(name)) : "?", e->reason);
	return buf;
}

void view_json_reason(struct json *j, const struct view_entry *e)
{
	json_opt_str(j, "reason", e->has_reason && e->has_reason_name,
		     e->reason_name);
	json_opt_u64(j, "reason_code", e->has_reason, e->reason);
}

const char *view_dev_text(const struct view_entry *e, char *buf, size_t len)
{
	if (e->has_ifname)
		return esc(e->ifname, buf, len);
	if (!e->ifindex)
		return "-";
	snprintf(buf, len, "ifindex %u", e->ifindex);
	return buf;
}

void entry_netns_json(struct json *j, const struct view_entry *e)
{
	netns_json(j, e->netns);
	if (e->has_netns_cookie)
		json_field_u64(j, "netns_cookie", e->netns_cookie);
}

const char *netns_cookie_text(const struct view_entry *e, char *buf,
			      size_t len)
{
	if (!e->has_netns_cookie)
		return "";
	snprintf(buf, len, "%llu", (unsigned long long)e->netns_cookie);
	return buf;
}

void view_json_dev(struct json *j, const struct view_entry *e)
{
	entry_netns_json(j, e);
	json_field_u64(j, "ifindex", e->ifindex);
	json_opt_str(j, "ifname", e->has_ifname, e->ifname);
}

enum err_side errors_side(const struct view_entry *e, uint16_t *port)
{
	*port = 0;
	if (e->has_sport == e->has_dport)
		return SIDE_NONE;
	*port = e->has_sport ? e->sport : e->dport;
	return e->has_sport ? SIDE_LOCAL : SIDE_REMOTE;
}

const char *errors_side_name(enum err_side side)
{
	return side == SIDE_LOCAL ? "local" :
	       side == SIDE_REMOTE ? "remote" : NULL;
}

const char *service_text(const struct view_entry *e, char *buf, size_t len)
{
	uint16_t port;
	enum err_side side = errors_side(e, &port);

	if (side == SIDE_NONE)
		return "-";
	snprintf(buf, len, "%s port %u", errors_side_name(side), port);
	return buf;
}

const char *direction_name(const struct view_entry *e)
{
	if (!e->has_direction)
		return NULL;
	return e->direction == TPSTAT_DIRECTION_ACTIVE ? "active" :
	       e->direction == TPSTAT_DIRECTION_PASSIVE ? "passive" : NULL;
}

void service_json(struct json *j, const struct view_entry *e)
{
	const char *dir = direction_name(e);
	uint16_t port;
	enum err_side side = errors_side(e, &port);

	entry_netns_json(j, e);
	json_opt_str(j, "direction", dir, dir);
	json_opt_u64(j, "port", side != SIDE_NONE, port);
	json_opt_str(j, "port_side", side != SIDE_NONE,
		     errors_side_name(side));
}

const char *count_text(uint64_t v, bool human, char *buf, size_t len)
{
	static const char prefix[] = "kMGTPE";
	uint64_t div = 1000;
	double x;
	int k = 0;

	if (!human || v < 1000) {
		snprintf(buf, len, "%llu", (unsigned long long)v);
		return buf;
	}
	while (v / div >= 1000 && prefix[k + 1]) {
		div *= 1000;
		k++;
	}
	x = (double)v / div;
	/*
	 * Digits after the point as the integer part leaves room for three
	 * significant ones; a value that rounds up to 1000 keeps "1000k"
	 * rather than jump a prefix (as ip does).
	 */
	snprintf(buf, len, "%.*f%c", x < 10 ? 2 : x < 100 ? 1 : 0, x,
		 prefix[k]);
	return buf;
}

static const struct hist empty_hist;

const struct hist *hist_of(const struct view_entry *e)
{
	return e->hist ? e->hist : &empty_hist;
}

double hist_mean(const struct hist *h)
{
	return h && h->count ? (double)h->sum / h->count : 0;
}

void json_mean(struct json *j, const struct hist *h)
{
	json_key(j, "mean");
	if (h->count)
		json_double(j, hist_mean(h));
	else
		json_null(j);
}
