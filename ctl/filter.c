// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <sys/socket.h>
#include <linux/genetlink.h>

#include "cli.h"
#include "cmd.h"
#include "filter.h"
#include "escape.h"
#include "json.h"
#include "nl.h"
#include "output.h"

static int usage_error(char *err, size_t err_len, const char *fmt,
		       const char *arg)
{
	snprintf(err, err_len, fmt, arg);
	return 2;
}

/* A decimal number in [min, max]: no sign, no spaces, no hex. */
static int parse_u32(const char *s, uint32_t min, uint32_t max, uint32_t *out)
{
	unsigned long long v;
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

/* The bits of byte @i that a prefix of @prefix bits keeps. */
static uint8_t prefix_byte(uint32_t prefix, int i)
{
	uint32_t bits = (uint32_t)i * 8;

	if (prefix >= bits + 8)
		return 0xff;
	return prefix <= bits ? 0 : (uint8_t)(0xff << (8 - (prefix - bits)));
}

/*
 * "ADDR[/PREFIX]", IPv4 or IPv6, into @a; 0, or 2 with the reason in @err.
 * Bits beyond the prefix are refused, as the kernel refuses them (and
 * ip route): 10.1.2.3/16 is a typo for 10.1.2.3 or 10.1.0.0/16, and
 * which one only its writer knows.
 */
static int parse_addr(const char *key, const char *val, struct filter_addr *a,
		      char *err, size_t err_len)
{
	char text[INET6_ADDRSTRLEN + 8], net[INET6_ADDRSTRLEN];
	uint8_t masked[16];
	uint32_t prefix;
	char *slash;
	bool host_bits = false;

	memset(a, 0, sizeof(*a));
	if (!val || strlen(val) >= sizeof(text))
		goto bad;
	snprintf(text, sizeof(text), "%s", val);
	slash = strchr(text, '/');
	if (slash)
		*slash++ = '\0';
	if (inet_pton(AF_INET, text, a->addr) == 1)
		a->len = 4;
	else if (inet_pton(AF_INET6, text, a->addr) == 1)
		a->len = 16;
	else
		goto bad;
	prefix = a->len * 8;
	if (slash) {
		if (parse_u32(slash, 0, a->len * 8, &prefix)) {
			snprintf(err, err_len, "%s: the prefix of %s is 0 to %d",
				 key, text, a->len * 8);
			return 2;
		}
		a->has_prefix = true;
		a->prefix = prefix;
	}
	for (int i = 0; i < a->len; i++) {
		masked[i] = a->addr[i] & prefix_byte(prefix, i);
		host_bits |= masked[i] != a->addr[i];
	}
	if (host_bits) {
		inet_ntop(a->len == 4 ? AF_INET : AF_INET6, masked, net,
			  sizeof(net));
		snprintf(err, err_len,
			 "%s: %s has bits set beyond its prefix (the network is %s/%u)",
			 key, val, net, prefix);
		return 2;
	}
	return 0;
bad:
	return usage_error(err, err_len,
			   "%s needs an IPv4 or IPv6 address, with /PREFIX for a network",
			   key);
}

int filter_parse(int n, const char *const *words, enum filter_action *act,
		 struct filter *f, char *err, size_t err_len)
{
	uint32_t v;

	memset(f, 0, sizeof(*f));
	*act = FILTER_SHOW;
	if (!n || !strcmp(words[0], "show") || !strcmp(words[0], "clear")) {
		if (n > 1)
			return usage_error(err, err_len,
					   "unexpected argument '%s'", words[1]);
		if (n)
			*act = !strcmp(words[0], "clear") ? FILTER_CLEAR
							  : FILTER_SHOW;
		return 0;
	}
	*act = FILTER_SET;
	for (int i = 0; i < n; i += 2) {
		const char *key = words[i], *val = i + 1 < n ? words[i + 1] : NULL;

		if (!strcmp(key, "pid")) {
			if (f->has_pid)
				return usage_error(err, err_len, "%s given twice", key);
			if (!val || parse_u32(val, 1, INT32_MAX, &v))
				return usage_error(err, err_len,
						   "%s needs a process id from 1 to 2147483647", key);
			f->has_pid = true;
			f->pid = v;
		} else if (!strcmp(key, "comm")) {
			if (f->has_comm)
				return usage_error(err, err_len, "%s given twice", key);
			if (!val || !val[0] || strlen(val) >= sizeof(f->comm))
				return usage_error(err, err_len,
						   "%s needs a task name of 1 to 15 characters", key);
			f->has_comm = true;
			snprintf(f->comm, sizeof(f->comm), "%s", val);
		} else if (!strcmp(key, "netns")) {
			if (f->has_netns || f->netns_name[0])
				return usage_error(err, err_len, "%s given twice", key);
			/* Digits are an inode number, anything else a name. */
			if (val && val[strspn(val, "0123456789")] &&
			    netns_name_ok(val)) {
				snprintf(f->netns_name, sizeof(f->netns_name),
					 "%s", val);
				continue;
			}
			if (!val || parse_u32(val, 1, UINT32_MAX, &v))
				return usage_error(err, err_len,
						   "%s needs a namespace inode number (ls -Li /proc/PID/ns/net) or a name in " NETNS_RUN_DIR, key);
			f->has_netns = true;
			f->netns = v;
		} else if (!strcmp(key, "dev") || !strcmp(key, "ifindex")) {
			if (f->has_ifindex || f->ifname[0])
				return usage_error(err, err_len, "%s",
						   "dev or ifindex given twice");
			if (!strcmp(key, "ifindex")) {
				if (!val || parse_u32(val, 1, INT32_MAX, &v))
					return usage_error(err, err_len,
							   "%s needs a device index from 1", key);
				f->has_ifindex = true;
				f->ifindex = v;
			} else {
				if (!val || !val[0] ||
				    strlen(val) >= sizeof(f->ifname))
					return usage_error(err, err_len,
							   "%s needs a device name of 1 to 15 characters", key);
				snprintf(f->ifname, sizeof(f->ifname), "%s", val);
			}
		} else if (!strcmp(key, "lport") || !strcmp(key, "rport")) {
			bool local = key[0] == 'l';

			if (local ? f->has_lport : f->has_rport)
				return usage_error(err, err_len, "%s given twice", key);
			if (!val || parse_u32(val, 1, 65535, &v))
				return usage_error(err, err_len,
						   "%s needs a port from 1 to 65535", key);
			if (local) {
				f->has_lport = true;
				f->lport = v;
			} else {
				f->has_rport = true;
				f->rport = v;
			}
		} else if (!strcmp(key, "laddr") || !strcmp(key, "raddr")) {
			bool local = key[0] == 'l';
			int r;

			if (local ? f->has_laddr : f->has_raddr)
				return usage_error(err, err_len, "%s given twice", key);
			r = parse_addr(key, val, local ? &f->laddr : &f->raddr,
				       err, err_len);
			if (r)
				return r;
			if (local)
				f->has_laddr = true;
			else
				f->has_raddr = true;
		} else {
			return usage_error(err, err_len,
					   "unknown filter key '%s' (pid, comm, netns, dev, ifindex, lport, rport, laddr, raddr)",
					   key);
		}
	}
	return 0;
}

bool filter_empty(const struct filter *f)
{
	return !f->has_pid && !f->has_comm && !f->has_netns &&
	       !f->has_ifindex && !f->has_lport && !f->has_rport &&
	       !f->has_laddr && !f->has_raddr;
}

static void put_addr(struct nlmsghdr *nlh, int type, int prefix_type,
		     const struct filter_addr *a)
{
	mnl_attr_put(nlh, type, a->len, a->addr);
	if (a->has_prefix)
		mnl_attr_put_u8(nlh, prefix_type, a->prefix);
}

void filter_put(struct nlmsghdr *nlh, const struct filter *f)
{
	if (f->has_pid)
		mnl_attr_put_u32(nlh, TPSTAT_A_FILTER_PID, f->pid);
	if (f->has_comm)
		mnl_attr_put_strz(nlh, TPSTAT_A_FILTER_COMM, f->comm);
	if (f->has_netns)
		mnl_attr_put_u32(nlh, TPSTAT_A_FILTER_NETNS, f->netns);
	if (f->has_ifindex)
		mnl_attr_put_u32(nlh, TPSTAT_A_FILTER_IFINDEX, f->ifindex);
	if (f->has_lport)
		mnl_attr_put_u16(nlh, TPSTAT_A_FILTER_LPORT, f->lport);
	if (f->has_rport)
		mnl_attr_put_u16(nlh, TPSTAT_A_FILTER_RPORT, f->rport);
	if (f->has_laddr)
		put_addr(nlh, TPSTAT_A_FILTER_LADDR,
			 TPSTAT_A_FILTER_LADDR_PREFIX, &f->laddr);
	if (f->has_raddr)
		put_addr(nlh, TPSTAT_A_FILTER_RADDR,
			 TPSTAT_A_FILTER_RADDR_PREFIX, &f->raddr);
}

/* Whether @a is a valid @type; else the reply is *@bad. */
static bool valid(const struct nlattr *a, enum mnl_attr_data_type type,
		  bool *bad)
{
	if (mnl_attr_validate(a, type) >= 0)
		return true;
	*bad = true;
	return false;
}

/* FILTER_LADDR or RADDR: 4 or 16 bytes; false otherwise. */
static bool get_addr(const struct nlattr *a, struct filter_addr *fa)
{
	uint16_t len = mnl_attr_get_payload_len(a);

	if (len != 4 && len != 16)
		return false;
	memcpy(fa->addr, mnl_attr_get_payload(a), len);
	fa->len = len;
	return true;
}

/* FILTER_LADDR_PREFIX or RADDR_PREFIX. */
static void get_prefix(const struct nlattr *a, struct filter_addr *fa,
		       bool *bad)
{
	if (valid(a, MNL_TYPE_U8, bad)) {
		fa->has_prefix = true;
		fa->prefix = mnl_attr_get_u8(a);
	}
}

int filter_reply_cb(const struct nlmsghdr *nlh, void *data)
{
	struct filter *f = data;
	const struct nlattr *a;
	bool bad = false;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case TPSTAT_A_FILTER_PID:
			if (valid(a, MNL_TYPE_U32, &bad)) {
				f->has_pid = true;
				f->pid = mnl_attr_get_u32(a);
			}
			break;
		case TPSTAT_A_FILTER_COMM:
			if (valid(a, MNL_TYPE_NUL_STRING, &bad)) {
				f->has_comm = true;
				snprintf(f->comm, sizeof(f->comm), "%s",
					 mnl_attr_get_str(a));
			}
			break;
		case TPSTAT_A_FILTER_NETNS:
			if (valid(a, MNL_TYPE_U32, &bad)) {
				f->has_netns = true;
				f->netns = mnl_attr_get_u32(a);
			}
			break;
		case TPSTAT_A_FILTER_NETNS_COOKIE:
			if (mnl_attr_validate(a, MNL_TYPE_U64) >= 0) {
				f->has_netns_cookie = true;
				f->netns_cookie = mnl_attr_get_u64(a);
			}
			break;
		case TPSTAT_A_FILTER_IFINDEX:
			if (valid(a, MNL_TYPE_U32, &bad)) {
				f->has_ifindex = true;
				f->ifindex = mnl_attr_get_u32(a);
			}
			break;
		case TPSTAT_A_FILTER_LPORT:
			if (valid(a, MNL_TYPE_U16, &bad)) {
				f->has_lport = true;
				f->lport = mnl_attr_get_u16(a);
			}
			break;
		case TPSTAT_A_FILTER_RPORT:
			if (valid(a, MNL_TYPE_U16, &bad)) {
				f->has_rport = true;
				f->rport = mnl_attr_get_u16(a);
			}
			break;
		case TPSTAT_A_FILTER_LADDR:
			f->has_laddr = get_addr(a, &f->laddr);
			bad |= !f->has_laddr;
			break;
		case TPSTAT_A_FILTER_LADDR_PREFIX:
			get_prefix(a, &f->laddr, &bad);
			break;
		case TPSTAT_A_FILTER_RADDR:
			f->has_raddr = get_addr(a, &f->raddr);
			bad |= !f->has_raddr;
			break;
		case TPSTAT_A_FILTER_RADDR_PREFIX:
			get_prefix(a, &f->raddr, &bad);
			break;
		}
	}
	if (bad)
		return tpnl_reject("a filter with an attribute of the wrong length, or a string without its NUL");
	return MNL_CB_OK;
}

/*
 * "ADDR/PREFIX" as the kernel holds it (an IPv4-mapped address comes
 * back as IPv4); the whole address where no prefix was given.
 */
static const char *addr_text(const struct filter_addr *a, char *buf,
			     size_t len)
{
	char ip[INET6_ADDRSTRLEN];

	if (!inet_ntop(a->len == 4 ? AF_INET : AF_INET6, a->addr, ip,
		       sizeof(ip)))
		snprintf(ip, sizeof(ip), "?");
	snprintf(buf, len, "%s/%u", ip,
		 a->has_prefix ? a->prefix : a->len * 8U);
	return buf;
}

void print_filter(FILE *f, const struct out_opts *o, const struct filter *flt)
{
	char addr[INET6_ADDRSTRLEN + 8];
	struct json j;
	char buf[16], text[ESC_SIZE(sizeof(flt->comm))];

	if (!o->json) {
		if (filter_empty(flt)) {
			fputs("no filter\n", f);
			return;
		}
		if (flt->has_pid)
			fprintf(f, "pid %u\n", flt->pid);
		if (flt->has_comm)
			fprintf(f, "comm %s\n",
				esc(flt->comm, text, sizeof(text)));
		if (flt->has_netns)
			fprintf(f, "netns %s\n",
				netns_text(flt->netns, buf, sizeof(buf)));
		if (flt->has_ifindex) {
			fprintf(f, "ifindex %u", flt->ifindex);
			if (flt->ifname[0])
				fprintf(f, " (%s here)",
					esc(flt->ifname, text, sizeof(text)));
			fputc('\n', f);
		}
		if (flt->has_lport)
			fprintf(f, "lport %u\n", flt->lport);
		if (flt->has_rport)
			fprintf(f, "rport %u\n", flt->rport);
		if (flt->has_laddr)
			fprintf(f, "laddr %s\n",
				addr_text(&flt->laddr, addr, sizeof(addr)));
		if (flt->has_raddr)
			fprintf(f, "raddr %s\n",
				addr_text(&flt->raddr, addr, sizeof(addr)));
		return;
	}
	json_init(&j, f, o->pretty);
	json_object_open(&j);
	json_key(&j, "schema_version");
	json_u64(&j, JSON_SCHEMA_VERSION);
	json_key(&j, "active");
	json_bool(&j, !filter_empty(flt));
	json_opt_u64(&j, "pid", flt->has_pid, flt->pid);
	json_key(&j, "comm");
	if (flt->has_comm)
		json_string(&j, flt->comm);
	else
		json_null(&j);
	if (flt->has_netns)
		netns_json(&j, flt->netns);
	else
		json_opt_u64(&j, "netns", false, 0);
	if (flt->has_netns_cookie) {
		json_key(&j, "netns_cookie");
		json_u64(&j, flt->netns_cookie);
	}
	json_opt_u64(&j, "ifindex", flt->has_ifindex, flt->ifindex);
	json_opt_u64(&j, "local_port", flt->has_lport, flt->lport);
	json_opt_u64(&j, "remote_port", flt->has_rport, flt->rport);
	json_opt_str(&j, "local_network", flt->has_laddr,
		     flt->has_laddr ? addr_text(&flt->laddr, addr, sizeof(addr)) : NULL);
	json_opt_str(&j, "remote_network", flt->has_raddr,
		     flt->has_raddr ? addr_text(&flt->raddr, addr, sizeof(addr)) : NULL);
	json_object_close(&j);
	json_end(&j);
}

static int resolve_netns(struct filter *f)
{
	if (!f->netns_name[0] || f->has_netns)
		return 0;
	if (netns_inode(f->netns_name, &f->netns)) {
		fprintf(stderr, "tpstat: no network namespace named %s in %s\n",
			f->netns_name, NETNS_RUN_DIR);
		return 1;
	}
	f->has_netns = true;
	return 0;
}

int filter_resolve(struct filter *f)
{
	if (resolve_netns(f))
		return 1;
	if (!f->ifname[0] || f->has_ifindex)
		return 0;
	f->ifindex = if_nametoindex(f->ifname);
	if (!f->ifindex) {
		fprintf(stderr, "tpstat: no device '%s' in this network namespace\n",
			f->ifname);
		return 1;
	}
	f->has_ifindex = true;
	return 0;
}

int filter_cmd(struct tpnl *nl, enum filter_action act,
	       const struct filter *f, const struct out_opts *o)
{
	struct filter set = *f, got;
	struct nlmsghdr *nlh;
	char name[IF_NAMESIZE];
	int err;

	switch (act) {
	case FILTER_SHOW:
		memset(&got, 0, sizeof(got));
		nlh = tpnl_msg(nl, TPSTAT_CMD_GET_FILTER, 0);
		err = tpnl_send(nl, nlh, filter_reply_cb, &got);
		if (err)
			break;
		/* The device's name, if it is one in this namespace. */
		if (got.has_ifindex && if_indextoname(got.ifindex, name))
			snprintf(got.ifname, sizeof(got.ifname), "%s", name);
		print_filter(stdout, o, &got);
		return 0;
	case FILTER_SET:
		if (filter_resolve(&set))
			return 1;
		/* fall through */
	case FILTER_CLEAR:
		nlh = tpnl_msg(nl, TPSTAT_CMD_SET_FILTER, 0);
		if (act == FILTER_SET)
			filter_put(nlh, &set);
		err = tpnl_send(nl, nlh, NULL, NULL);
		break;
	default:
		err = -EINVAL;
	}
	if (!err)
		return 0;
	if (err == -EOPNOTSUPP && !nl->extack[0])
		fprintf(stderr, "tpstat: the tpstat module has no filter (it is older than this tool)\n");
	else
		fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
	return 1;
}

static int filter_words(struct options *o, int n, const char *const *words,
			char *err, size_t err_len)
{
	return filter_parse(n, words, &o->filter_act, &o->filter, err,
			    err_len);
}

/*
 * The filter's names first, in the namespace it is set in and before
 * the module is asked: a device that is not there is said as such.
 */
static int filter_run(const struct options *o, const struct out_opts *out)
{
	struct filter f = o->filter;
	struct tpnl nl;
	int err;

	if (filter_resolve(&f))
		return 1;
	err = tpnl_open(&nl);
	if (err)
		return tpnl_done(&nl, err);
	err = filter_cmd(&nl, o->filter_act, &f, out);
	tpnl_close(&nl);
	return err;
}

const struct command filter_command = {
	.name = "filter",
	.parse = filter_words,
	.run = filter_run,
	.usage = "tpstat filter [pid N] [comm NAME] [netns NAME|INODE] [dev IFNAME|ifindex N]\n"
		 "              [lport N] [rport N] [laddr ADDR[/PREFIX]] [raddr ADDR[/PREFIX]]\n"
		 "tpstat filter clear | show\n"
		 "    count only events that match every KEY given (as ftrace's\n"
		 "    set_event_pid): replaces the whole filter; clear removes it; show\n"
		 "    (the default) prints it.  Setting or clearing it starts every\n"
		 "    count and view over.  netns: a name from ip netns, or an inode\n"
		 "    number.  lport, rport, laddr, raddr: the socket's local and\n"
		 "    remote ends; ADDR is IPv4 or IPv6, /PREFIX a network (no bits\n"
		 "    beyond it); IPv4 matches IPv6 sockets' IPv4 peers too.  Changing\n"
		 "    it needs CAP_NET_ADMIN",
	.takes = TAKES_JSON,
};
