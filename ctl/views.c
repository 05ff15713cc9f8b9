// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <linux/genetlink.h>

#include "nl.h"
#include "output.h"
#include "view_neigh.h"
#include "views.h"
#include "view_rcvq.h"

static const char *const view_names[__TPSTAT_VIEW_CNT] = {
	[TPSTAT_VIEW_DROPS] = "drops",
	[TPSTAT_VIEW_TRAPS] = "traps",
	[TPSTAT_VIEW_RETRANS] = "retrans",
	[TPSTAT_VIEW_RESETS] = "resets",
	[TPSTAT_VIEW_STATES] = "states",
	[TPSTAT_VIEW_LIFETIMES] = "lifetimes",
	[TPSTAT_VIEW_DEVICES] = "devices",
	[TPSTAT_VIEW_HISTS] = "hists",
	[TPSTAT_VIEW_ERRORS] = "errors",
	[TPSTAT_VIEW_RCVQ] = "rcvq",
	[TPSTAT_VIEW_NEIGH] = "neigh",
	[TPSTAT_VIEW_AUTH] = "auth",
};

const char *view_name(uint32_t view)
{
	return view < __TPSTAT_VIEW_CNT ? view_names[view] : "unknown";
}

static const char *const by_names[] = {
	[BY_DEFAULT] = "default", [BY_REASON] = "reason",
	[BY_LOCATION] = "location", [BY_DEV] = "dev", [BY_NETNS] = "netns",
	[BY_TRAP] = "trap",
};

const char *drop_by_name(enum drop_by by)
{
	return by <= BY_TRAP ? by_names[by] : "unknown";
}

int drop_by_parse(const char *s, enum drop_by *by)
{
	for (int i = BY_REASON; i <= BY_TRAP; i++) {
		if (!strcmp(s, by_names[i])) {
			*by = i;
			return 0;
		}
	}
	return -1;
}

static const char *const resets_by_names[] = {
	[RESETS_BY_SERVICE] = "service", [RESETS_BY_PEER] = "peer",
};

const char *resets_by_name(enum resets_by by)
{
	return by <= RESETS_BY_PEER ? resets_by_names[by] : "unknown";
}

int resets_by_parse(const char *s, enum resets_by *by)
{
	for (int i = RESETS_BY_SERVICE; i <= RESETS_BY_PEER; i++) {
		if (!strcmp(s, resets_by_names[i])) {
			*by = i;
			return 0;
		}
	}
	return -1;
}

const char *const hist_names[] = {
	"srtt_us", "snd_cwnd", "xmit_len", "rx_len", NULL,
};

static const char *const hist_units[] = {
	"usecs", "segments", "bytes", "bytes",
};

static int hist_rank(const char *name)
{
	for (int i = 0; hist_names[i]; i++)
		if (!strcmp(name, hist_names[i]))
			return i;
	return -1;
}

bool hist_name_known(const char *name)
{
	return hist_rank(name) >= 0;
}

const char *hist_unit(const char *name)
{
	int i = hist_rank(name);

	return i < 0 ? "value" : hist_units[i];
}

/* ---- reading the dump ---------------------------------------------------- */

/* Each get_*() returns 1 when @a was valid and is stored, else -1. */
static int copy_str(char *dst, size_t len, const struct nlattr *a,
		    bool *has)
{
	if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
		return -1;
	snprintf(dst, len, "%s", mnl_attr_get_str(a));
	if (has)
		*has = true;
	return 1;
}

static int get_u64(const struct nlattr *a, uint64_t *v)
{
	if (mnl_attr_validate(a, MNL_TYPE_U64) < 0)
		return -1;
	*v = mnl_attr_get_u64(a);
	return 1;
}

static int get_u32(const struct nlattr *a, uint32_t *v, bool *has)
{
	if (mnl_attr_validate(a, MNL_TYPE_U32) < 0)
		return -1;
	*v = mnl_attr_get_u32(a);
	if (has)
		*has = true;
	return 1;
}

static int get_u16(const struct nlattr *a, uint16_t *v, bool *has)
{
	if (mnl_attr_validate(a, MNL_TYPE_U16) < 0)
		return -1;
	*v = mnl_attr_get_u16(a);
	if (has)
		*has = true;
	return 1;
}

static int get_u8(const struct nlattr *a, uint8_t *v, bool *has)
{
	if (mnl_attr_validate(a, MNL_TYPE_U8) < 0)
		return -1;
	*v = mnl_attr_get_u8(a);
	if (has)
		*has = true;
	return 1;
}

/* An address must be 4 or 16 bytes; anything else prints as "?". */
static int get_addr(const struct nlattr *a, uint8_t *addr, uint8_t *len)
{
	uint16_t n = mnl_attr_get_payload_len(a);

	if (n != 4 && n != 16)
		return -1;
	memcpy(addr, mnl_attr_get_payload(a), n);
	*len = n;
	return 1;
}

/*
 * HIST_BUCKETS: one u64 per non-empty bucket, type = bucket + 1.  Anything
 * not 8 bytes long (a 64-bit alignment pad) or out of range is skipped.
 */
static void get_buckets(const struct nlattr *nest, struct hist *h)
{
	const struct nlattr *a;

	mnl_attr_for_each_nested(a, nest) {
		unsigned int type = mnl_attr_get_type(a);

		if (type < 1 || type > TPSTAT_HIST_BUCKETS ||
		    mnl_attr_validate(a, MNL_TYPE_U64) < 0)
			continue;
		h->bucket[type - 1] = mnl_attr_get_u64(a);
	}
}

static struct view_entry *entry_add(struct view *v)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 64;
		struct view_entry *e = realloc(v->e, cap * sizeof(*e));

		if (!e)
			return NULL;
		v->e = e;
		v->cap = cap;
	}
	return &v->e[v->n++];
}

int view_entry_attr(const struct nlattr *a, struct view_entry *e)
{
	switch (mnl_attr_get_type(a)) {
	/* keys */
	case TPSTAT_A_NETNS:
		return get_u32(a, &e->netns, NULL);
	case TPSTAT_A_FAMILY:
		return get_u8(a, &e->family, NULL);
	case TPSTAT_A_SADDR:
		return get_addr(a, e->saddr, &e->saddr_len);
	case TPSTAT_A_SPORT:
		return get_u16(a, &e->sport, &e->has_sport);
	case TPSTAT_A_DADDR:
		return get_addr(a, e->daddr, &e->daddr_len);
	case TPSTAT_A_DPORT:
		return get_u16(a, &e->dport, &e->has_dport);
	case TPSTAT_A_IFINDEX:
		return get_u32(a, &e->ifindex, NULL);
	case TPSTAT_A_IFNAME:
		return copy_str(e->ifname, sizeof(e->ifname), a,
				&e->has_ifname);
	case TPSTAT_A_LOCATION:
		return copy_str(e->location, sizeof(e->location), a, NULL);
	case TPSTAT_A_REASON:
		return get_u32(a, &e->reason, &e->has_reason);
	case TPSTAT_A_REASON_NAME:
		return copy_str(e->reason_name, sizeof(e->reason_name), a,
				&e->has_reason_name);
	case TPSTAT_A_DEVLINK:
		return copy_str(e->devlink, sizeof(e->devlink), a, NULL);
	case TPSTAT_A_TRAP:
		return copy_str(e->trap, sizeof(e->trap), a, NULL);
	case TPSTAT_A_TRAP_GROUP:
		return copy_str(e->trap_group, sizeof(e->trap_group), a, NULL);
	case TPSTAT_A_COMM:
		return copy_str(e->comm, sizeof(e->comm), a, &e->has_comm);
	case TPSTAT_A_OLD_STATE:
		return get_u8(a, &e->old_state, &e->has_old_state);
	case TPSTAT_A_NEW_STATE:
		return get_u8(a, &e->new_state, &e->has_new_state);
	case TPSTAT_A_HIST_NAME:
		return copy_str(e->hist_name, sizeof(e->hist_name), a, NULL);
	case TPSTAT_A_ERRNO:
		return get_u32(a, &e->err, &e->has_err);
	case TPSTAT_A_PROTOCOL:
		return get_u8(a, &e->protocol, &e->has_protocol);
	case TPSTAT_A_DIRECTION:
		return get_u8(a, &e->direction, &e->has_direction);
	case TPSTAT_A_AUTH_KIND:
		return get_u8(a, &e->auth_kind, &e->has_auth_kind);
	/* values */
	case TPSTAT_A_COUNT:
		return get_u64(a, &e->count);
	case TPSTAT_A_RETRANS:
		return get_u64(a, &e->retrans);
	case TPSTAT_A_SYNACK_RETRANS:
		return get_u64(a, &e->synack_retrans);
	case TPSTAT_A_RST_SENT:
		return get_u64(a, &e->rst_sent);
	case TPSTAT_A_RST_RECEIVED:
		return get_u64(a, &e->rst_received);
	case TPSTAT_A_TX_PACKETS:
		return get_u64(a, &e->tx_packets);
	case TPSTAT_A_TX_BYTES:
		return get_u64(a, &e->tx_bytes);
	case TPSTAT_A_RX_PACKETS:
		return get_u64(a, &e->rx_packets);
	case TPSTAT_A_RX_BYTES:
		return get_u64(a, &e->rx_bytes);
	case TPSTAT_A_XMIT_ERRORS:
		return get_u64(a, &e->xmit_errors);
	case TPSTAT_A_XMIT_TIMEOUTS:
		return get_u64(a, &e->xmit_timeouts);
	case TPSTAT_A_GRO:
		return get_u64(a, &e->gro);
	case TPSTAT_A_NAPI_POLLS:
		return get_u64(a, &e->napi_polls);
	case TPSTAT_A_NAPI_WORK:
		return get_u64(a, &e->napi_work);
	case TPSTAT_A_NAPI_BUDGET_EXHAUSTED:
		return get_u64(a, &e->napi_budget_exhausted);
	case TPSTAT_A_RCVBUF:
		return get_u32(a, &e->rcvbuf, &e->has_rcvbuf);
	}
	return 0;
}

int view_msg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct view *v = data;
	struct view_entry e = { 0 }, *slot;
	struct hist h = { 0 };
	bool header = false, has_hist = false;
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		/* the first message */
		case TPSTAT_A_VIEW_ENTRIES:
			header = true;
			get_u32(a, &v->entries, NULL);
			break;
		case TPSTAT_A_VIEW_CAPACITY:
			header = true;
			get_u32(a, &v->capacity, NULL);
			break;
		case TPSTAT_A_VIEW_OVERFLOW:
			header = true;
			get_u64(a, &v->overflow);
			break;
		case TPSTAT_A_OPENS_ACTIVE:
			header = true;
			get_u64(a, &v->opens_active);
			break;
		case TPSTAT_A_OPENS_PASSIVE:
			header = true;
			get_u64(a, &v->opens_passive);
			break;
		case TPSTAT_A_OPENS_FAILED:
			header = true;
			get_u64(a, &v->opens_failed);
			break;
		case TPSTAT_A_HIST_BUCKETS:
			has_hist = true;
			get_buckets(a, &h);
			break;
		case TPSTAT_A_HIST_SUM:
			has_hist = true;
			get_u64(a, &h.sum);
			break;
		case TPSTAT_A_HIST_COUNT:
			has_hist = true;
			get_u64(a, &h.count);
			break;
		default:
			/* keys and values; unknown attributes are skipped */
			view_entry_attr(a, &e);
			break;
		}
	}
	if (header) {
		v->have_header = true;
		return MNL_CB_OK;
	}
	if (has_hist || v->id == TPSTAT_VIEW_LIFETIMES ||
	    v->id == TPSTAT_VIEW_HISTS) {
		e.hist = malloc(sizeof(*e.hist));
		if (!e.hist)
			goto nomem;
		*e.hist = h;
	}
	slot = entry_add(v);
	if (!slot) {
		free(e.hist);
		goto nomem;
	}
	*slot = e;
	return MNL_CB_OK;
nomem:
	errno = ENOMEM;
	return MNL_CB_ERROR;
}

void view_free(struct view *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->e[i].hist);
	free(v->e);
	v->e = NULL;
	v->n = v->cap = 0;
}

/* ---- aggregation and order ----------------------------------------------- */

/* qsort() has no context: the dimension drops are compared by. */
static enum drop_by sort_by;

/* Whether two DROPS/TRAPS entries fall in the same row for sort_by. */
static int key_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = 0;

	switch (sort_by) {
	case BY_REASON:
		c = cmp_u64(a->has_reason, b->has_reason);
		if (!c)
			c = cmp_u64(a->reason, b->reason);
		break;
	case BY_LOCATION:
		c = strcmp(a->location, b->location);
		break;
	case BY_DEV:
		c = cmp_u64(a->netns, b->netns);
		if (!c)
			c = cmp_u64(a->ifindex, b->ifindex);
		if (!c)
			c = cmp_u64(a->has_ifname, b->has_ifname);
		if (!c)
			c = strcmp(a->ifname, b->ifname);
		break;
	case BY_NETNS:
		c = cmp_u64(a->netns, b->netns);
		break;
	case BY_TRAP:
	case BY_DEFAULT:
		c = strcmp(a->devlink, b->devlink);
		if (!c)
			c = strcmp(a->trap, b->trap);
		if (!c)
			c = strcmp(a->trap_group, b->trap_group);
		break;
	}
	return c;
}

static int key_qsort(const void *a, const void *b)
{
	return key_cmp(a, b);
}

/* The name a row is known by, for ties: "-" sorts before letters. */
static const char *row_name(const struct view_entry *e)
{
	switch (sort_by) {
	case BY_REASON:
		return !e->has_reason ? "-" :
		       e->has_reason_name ? e->reason_name : "?";
	case BY_LOCATION:
		return e->location;
	case BY_DEV:
		return e->has_ifname ? e->ifname : "";
	case BY_TRAP:
	case BY_DEFAULT:
		return e->trap;
	case BY_NETNS:
		break;
	}
	return "";
}

static int rank_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(b->count, a->count);

	if (!c)
		c = strcmp(row_name(a), row_name(b));
	return c ? c : key_cmp(a, b);
}

enum drop_by drop_by_of(const struct view *v, enum drop_by by)
{
	if (v->id == TPSTAT_VIEW_TRAPS)
		return BY_TRAP;
	return by == BY_DEFAULT || by == BY_TRAP ? BY_LOCATION : by;
}

int drops_aggregate(struct view *v, enum drop_by by, size_t top)
{
	size_t out = 0;

	sort_by = drop_by_of(v, by);
	if (v->n)
		qsort(v->e, v->n, sizeof(*v->e), key_qsort);
	for (size_t i = 0; i < v->n; i++) {
		struct view_entry *row = &v->e[out], *e = &v->e[i];

		if (i && !key_cmp(row, e)) {
			row->count += e->count;
			/* A name for a code one entry lacked. */
			if (!row->has_reason_name && e->has_reason_name) {
				memcpy(row->reason_name, e->reason_name,
				       sizeof(row->reason_name));
				row->has_reason_name = true;
			}
			free(e->hist);
			continue;
		}
		if (i)
			row = &v->e[++out];
		if (row != e)
			*row = *e;
	}
	if (v->n)
		v->n = out + 1;
	if (v->n)
		qsort(v->e, v->n, sizeof(*v->e), rank_qsort);
	if (top && top < v->n) {
		for (size_t i = top; i < v->n; i++)
			free(v->e[i].hist);
		v->n = top;
	}
	return 0;
}

static int addr_cmp(const struct view_entry *a, const struct view_entry *b)
{
	int c = cmp_u64(a->netns, b->netns);

	if (!c)
		c = cmp_u64(a->saddr_len, b->saddr_len);
	if (!c)
		c = memcmp(a->saddr, b->saddr, sizeof(a->saddr));
	if (!c)
		c = cmp_u64(a->sport, b->sport);
	if (!c)
		c = cmp_u64(a->daddr_len, b->daddr_len);
	if (!c)
		c = memcmp(a->daddr, b->daddr, sizeof(a->daddr));
	if (!c)
		c = cmp_u64(a->dport, b->dport);
	return c;
}

static int retrans_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(b->retrans, a->retrans);

	if (!c)
		c = cmp_u64(b->synack_retrans, a->synack_retrans);
	return c ? c : addr_cmp(a, b);
}

static int states_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(a->old_state, b->old_state);

	return c ? c : cmp_u64(a->new_state, b->new_state);
}

static int devices_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(a->netns, b->netns);

	return c ? c : cmp_u64(a->ifindex, b->ifindex);
}

static int hists_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	unsigned int ra = hist_rank(a->hist_name), rb = hist_rank(b->hist_name);
	int c = cmp_u64(ra, rb);	/* unknown names (-1) last */

	return c ? c : strcmp(a->hist_name, b->hist_name);
}

const char *protocol_text(const struct view_entry *e, char *buf, size_t len)
{
	if (!e->has_protocol)
		return NULL;
	if (e->protocol == IPPROTO_TCP)
		return "tcp";
	if (e->protocol == IPPROTO_UDP)
		return "udp";
	snprintf(buf, len, "%u", e->protocol);
	return buf;
}

/*
 * ERRORS: the key, family last.  A part an entry lacks sorts after the
 * others: (side + 2) % 3 puts local, remote, then none.
 */
static int errors_key_cmp(const struct view_entry *a,
			  const struct view_entry *b, bool family)
{
	uint16_t pa = 0, pb = 0;
	int c = cmp_u64(b->has_err, a->has_err);

	if (!c)
		c = cmp_u64(a->err, b->err);
	if (!c)
		c = cmp_u64(b->has_protocol, a->has_protocol);
	if (!c)
		c = cmp_u64(a->protocol, b->protocol);
	if (!c)
		c = cmp_u64((errors_side(a, &pa) + 2) % 3,
			    (errors_side(b, &pb) + 2) % 3);
	if (!c)
		c = cmp_u64(pa, pb);
	if (!c)
		c = cmp_u64(a->netns, b->netns);
	if (!c && family)
		c = cmp_u64(a->family, b->family);
	return c;
}

static int errors_key_qsort(const void *a, const void *b)
{
	return errors_key_cmp(a, b, false);
}

static int errors_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_u64(b->count, a->count);

	return c ? c : errors_key_cmp(a, b, true);
}

int errors_aggregate(struct view *v)
{
	size_t out = 0;

	if (!v->n)
		return 0;
	qsort(v->e, v->n, sizeof(*v->e), errors_key_qsort);
	for (size_t i = 0; i < v->n; i++) {
		struct view_entry *row = &v->e[out], *e = &v->e[i];

		if (i && !errors_key_cmp(row, e, false)) {
			row->count += e->count;
			free(e->hist);
			continue;
		}
		if (i)
			row = &v->e[++out];
		if (row != e)
			*row = *e;
		row->family = 0;
	}
	v->n = out + 1;
	qsort(v->e, v->n, sizeof(*v->e), errors_qsort);
	return 0;
}

void view_sort(struct view *v)
{
	int (*cmp)(const void *, const void *) = NULL;

	switch (v->id) {
	case TPSTAT_VIEW_RETRANS:
		cmp = retrans_qsort;
		break;
	case TPSTAT_VIEW_RESETS:
		cmp = resets_qsort;
		break;
	case TPSTAT_VIEW_STATES:
		cmp = states_qsort;
		break;
	case TPSTAT_VIEW_LIFETIMES:
		cmp = lifetimes_qsort;
		break;
	case TPSTAT_VIEW_DEVICES:
		cmp = devices_qsort;
		break;
	case TPSTAT_VIEW_HISTS:
		cmp = hists_qsort;
		break;
	case TPSTAT_VIEW_ERRORS:
		cmp = errors_qsort;
		break;
	case TPSTAT_VIEW_RCVQ:
		cmp = rcvq_qsort;
		break;
	case TPSTAT_VIEW_NEIGH:
		cmp = neigh_qsort;
		break;
	case TPSTAT_VIEW_AUTH:
		cmp = auth_qsort;
		break;
	}
	if (cmp && v->n)
		qsort(v->e, v->n, sizeof(*v->e), cmp);
}

/* ---- the command ---------------------------------------------------------- */

static int features_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == TPSTAT_A_INFO_FEATURES)
			get_u32(a, data, NULL);
	return MNL_CB_OK;
}

bool view_refused(int err)
{
	return err == -EOPNOTSUPP || err == -EPERM || err == -EACCES ||
	       err == -ERANGE;
}

/* The views GET_VIEW refuses without CAP_NET_ADMIN (uapi). */
static bool names_sockets(uint32_t view)
{
	return view == TPSTAT_VIEW_RETRANS || view == TPSTAT_VIEW_RESETS ||
	       view == TPSTAT_VIEW_LIFETIMES || view == TPSTAT_VIEW_ERRORS ||
	       view == TPSTAT_VIEW_RCVQ ||
	       view == TPSTAT_VIEW_NEIGH ||
	       view == TPSTAT_VIEW_AUTH;
}

int view_error(FILE *f, const struct tpnl *nl, uint32_t view, int err)
{
	const char *name = view_name(view);

	switch (-err) {
	case EOPNOTSUPP:
		/*
		 * The module's own reason: a view left out by views=, or
		 * ERRORS or RCVQ on a kernel without its tracepoints.
		 */
		if (nl->extack[0]) {
			fprintf(f, "tpstat: %s view: %s\n", name,
				tpnl_strerror(nl, err));
			return 1;
		}
		/* The same refusal whose words did not come through. */
		if (view == TPSTAT_VIEW_ERRORS) {
			fprintf(f, "tpstat: errors view: not available (the kernel has no sock:inet_sk_error_report before Linux 5.14, or the module was loaded with views= without it)\n");
			return 1;
		}
		if (view == TPSTAT_VIEW_RCVQ) {
			fprintf(f, "tpstat: rcvq view: not available (the kernel lacks udp:udp_fail_queue_rcv_skb or sock:sock_rcvqueue_full, or the module was loaded with views= without it)\n");
			return 1;
		}
		if (view == TPSTAT_VIEW_NEIGH) {
			fprintf(f, "tpstat: neigh view: not available (the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler, or the module was loaded with views= without it)\n");
			return 1;
		}
		if (view == TPSTAT_VIEW_AUTH) {
			fprintf(f, "tpstat: auth view: not available (the kernel has none of the TCP-MD5/AO failure tracepoints tcp:tcp_hash_*, tcp:tcp_ao_* before Linux 6.7, or the module was loaded with views= without it)\n");
			return 1;
		}
		/* fall through */
	case EINVAL:
	case ERANGE:
	case ENOENT:
		/* An older module: no GET_VIEW, or not this view. */
		if (nl->extack[0])
			fprintf(f, "tpstat: the tpstat module does not have the %s view (%s)\n",
				name, tpnl_strerror(nl, err));
		else
			fprintf(f, "tpstat: the tpstat module does not have the %s view (it is older than this tool)\n",
				name);
		return 1;
	case EPERM:
	case EACCES:
		if (!nl->extack[0] && names_sockets(view)) {
			fprintf(f, "tpstat: permission denied: the %s view names sockets and needs CAP_NET_ADMIN (run as root)\n",
				name);
			return 1;
		}
		break;
	}
	fprintf(f, "tpstat: %s\n", tpnl_strerror(nl, err));
	return 1;
}

int view_cmd(struct tpnl *nl, uint32_t view, enum drop_by by, size_t top,
	     enum resets_by rby, const char *hist_only,
	     const struct out_opts *o)
{
	struct view v = { .id = view };
	struct nlmsghdr *nlh;
	uint32_t features = 0;
	int err;

	if (view == TPSTAT_VIEW_DROPS && by == BY_TRAP) {
		v.id = TPSTAT_VIEW_TRAPS;
	} else if (view == TPSTAT_VIEW_DROPS && by == BY_DEFAULT) {
		err = tpnl_request(nl, TPSTAT_CMD_GET_INFO, 0, NULL,
				   features_cb, &features);
		if (err) {
			fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
			return 1;
		}
		by = features & TPSTAT_F_DROP_REASON ? BY_REASON : BY_LOCATION;
	}
	nlh = tpnl_msg(nl, TPSTAT_CMD_GET_VIEW, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, v.id);
	err = tpnl_send(nl, nlh, view_msg_cb, &v);
	if (err) {
		view_free(&v);
		return view_error(stderr, nl, v.id, err);
	}
	if (!v.have_header) {
		view_free(&v);
		fprintf(stderr, "tpstat: the module's %s view came without its table figures (entries, capacity, overflow)\n",
			view_name(v.id));
		return 1;
	}
	if (v.id == TPSTAT_VIEW_DROPS || v.id == TPSTAT_VIEW_TRAPS)
		drops_aggregate(&v, by, top);
	else if (v.id == TPSTAT_VIEW_RESETS)
		resets_aggregate(&v, rby);
	else
		view_sort(&v);
	print_view(stdout, o, &v, by, hist_only);
	view_free(&v);
	return 0;
}

int hist_check_name(const char *name)
{
	if (!name || hist_name_known(name))
		return 0;
	fprintf(stderr, "tpstat: no histogram '%s' (there are:", name);
	for (int i = 0; hist_names[i]; i++)
		fprintf(stderr, "%s %s", i ? "," : "", hist_names[i]);
	fprintf(stderr, ")\n");
	return 1;
}
