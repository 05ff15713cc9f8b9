// SPDX-License-Identifier: GPL-2.0
/*
 * What every view shares: the table of views, reading a GET_VIEW dump
 * into rows, their order, and the command.  The views themselves are
 * views/<name>.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/genetlink.h>

#include "array.h"
#include "attr_order.h"
#include "nl.h"
#include "output.h"
#include "views.h"

/* ---- reading the dump ---------------------------------------------------- */

/*
 * A view's dump is tens of thousands of messages of a dozen attributes
 * each: the attributes are read inline here, not through libmnl's calls
 * (a call through the PLT for each type, length, check and value),
 * which were a third of what parsing one cost.  Each attribute lies
 * inside its message: view_msg_cb() checks it as it reads it (attr_at()),
 * other callers of view_entry_attr() have run tpnl_msg_attrs_ok().
 */
static inline unsigned int attr_type(const struct nlattr *a)
{
	return a->nla_type & NLA_TYPE_MASK;
}

static inline size_t attr_len(const struct nlattr *a)
{
	return a->nla_len - MNL_ATTR_HDRLEN;
}

static inline const void *attr_data(const struct nlattr *a)
{
	return (const char *)a + MNL_ATTR_HDRLEN;
}

/* The attribute at @p, if one lies whole before @end; else NULL. */
static inline const struct nlattr *attr_at(const void *p, const char *end)
{
	const struct nlattr *a = p;

	if (end - (const char *)p < (ptrdiff_t)sizeof(*a) ||
	    a->nla_len < sizeof(*a) || a->nla_len > end - (const char *)p)
		return NULL;
	return a;
}

/* Each get_*() returns 1 when @a was valid and is stored, else -1. */
static int get_str(const struct nlattr *a, const char **dst, size_t max)
{
	const char *s;

	if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
		return -1;
	s = row_intern(mnl_attr_get_str(a), max);
	if (!s)
		return -2;
	*dst = s;
	return 1;
}

/* A fixed-size value: exactly @size bytes, as mnl_attr_validate(). */
static inline int get_fixed(const struct nlattr *a, void *v, size_t size)
{
	if (attr_len(a) != size)
		return -1;
	memcpy(v, attr_data(a), size);
	return 1;
}

static int get_u64(const struct nlattr *a, uint64_t *v)
{
	return get_fixed(a, v, sizeof(*v));
}

static int get_u32(const struct nlattr *a, uint32_t *v)
{
	return get_fixed(a, v, sizeof(*v));
}

static int get_u16(const struct nlattr *a, uint16_t *v)
{
	return get_fixed(a, v, sizeof(*v));
}

static int get_u8(const struct nlattr *a, uint8_t *v)
{
	return get_fixed(a, v, sizeof(*v));
}

/* An address must be 4 or 16 bytes; anything else prints as "?". */
static int get_addr(const struct nlattr *a, uint8_t *addr, uint8_t *len)
{
	size_t n = attr_len(a);

	if (n == 4)
		memcpy(addr, attr_data(a), 4);
	else if (n == 16)
		memcpy(addr, attr_data(a), 16);
	else
		return -1;
	*len = n;
	return 1;
}

/*
 * HIST_BUCKETS: one u64 per non-empty bucket, type = bucket + 1.  A
 * 64-bit alignment pad (empty; type UNSPEC, or PAD from older modules)
 * and types out of range are skipped; a bucket of another length than
 * 8, or a nest that is not whole attributes, is -1.
 */
static int get_buckets(const struct nlattr *nest, struct hist *h)
{
	const struct nlattr *a;

	if (!tpnl_attrs_ok(mnl_attr_get_payload(nest),
			   mnl_attr_get_payload_len(nest)))
		return -1;
	mnl_attr_for_each_nested(a, nest) {
		unsigned int type = mnl_attr_get_type(a);

		if (type < 1 || type > TPSTAT_HIST_BUCKETS ||
		    !mnl_attr_get_payload_len(a))
			continue;
		if (mnl_attr_validate(a, MNL_TYPE_U64) < 0)
			return -1;
		h->bucket[type - 1] = mnl_attr_get_u64(a);
	}
	return 1;
}

/*
 * The most entries a view may have: what its first message announced.
 * ENTRIES is the table's use when it was copied, CAPACITY its size; the
 * entries sent are those the copy found.  Either may be the larger: a
 * few concurrent inserters may take a table past its capacity by one
 * each (module/tables/table.c), and a reset during the copy leaves ENTRIES
 * below what was copied.  Past the larger of the two is a reply that is
 * not the table's: an error, not more memory.
 */
static uint32_t view_limit(const struct view *v)
{
	return v->entries > v->capacity ? v->entries : v->capacity;
}

/*
 * Rows reserved up front from the first message's figures, up to this
 * many (16 MB of rows); a table announced larger grows by half past it.
 */
#define VIEW_RESERVE_MAX (1U << 17)

static bool view_grow(struct view *v, size_t cap)
{
	struct view_entry *e = realloc(v->e, cap * sizeof(*e));

	if (!e)
		return false;
	v->e = e;
	v->cap = cap;
	return true;
}

/* The slot for the next entry (not yet counted in v->n), or NULL. */
static struct view_entry *entry_slot(struct view *v)
{
	if (v->n == v->cap) {
		size_t cap = v->cap + v->cap / 2;

		if (cap < 64)
			cap = 64;
		/* No more than announced. */
		if (cap > view_limit(v))
			cap = view_limit(v);
		if (!view_grow(v, cap))
			return NULL;
	}
	return &v->e[v->n];
}

/* DEVICES' values, allocated with the first of them; NULL on ENOMEM. */
static uint64_t *dev_value(struct view_entry *e, size_t offset)
{
	if (!e->dev)
		e->dev = calloc(1, sizeof(*e->dev));
	return e->dev ? (uint64_t *)((char *)e->dev + offset) : NULL;
}

static int get_dev(const struct nlattr *a, struct view_entry *e,
		   size_t offset)
{
	uint64_t *p;

	if (attr_len(a) != sizeof(*p))
		return -1;
	p = dev_value(e, offset);
	if (!p)
		return -2;
	memcpy(p, attr_data(a), sizeof(*p));
	return 1;
}

#define DEV(field) offsetof(struct dev_counters, field)
/* get_*() and set the has_ bit (a bit-field: no pointer to it). */
#define GOT(r, has) ({ int r_ = (r); if (r_ > 0) (has) = true; r_; })

/*
 * Where an attribute a single view names in its ops goes in a row:
 * OWN_VAL + its index in val[], OWN_KIND, or 0 (not a view's own).
 * From the table of views, once.
 */
enum { OWN_NONE, OWN_KIND, OWN_VAL };

static unsigned int own_slot(unsigned int type)
{
	static uint8_t slot[TPSTAT_A_MAX + 1];
	static bool built;
	const struct view_ops *ops;

	if (!built) {
		for (size_t i = 0; (ops = view_at(i)); i++) {
			for (size_t k = 0; k < ARRAY_SIZE(ops->val_attrs); k++)
				if (ops->val_attrs[k] <= TPSTAT_A_MAX)
					slot[ops->val_attrs[k]] = OWN_VAL + k;
			if (ops->kind_attr <= TPSTAT_A_MAX)
				slot[ops->kind_attr] = OWN_KIND;
		}
		slot[0] = OWN_NONE;	/* 0 in the ops: no attribute */
		built = true;
	}
	return type <= TPSTAT_A_MAX ? slot[type] : OWN_NONE;
}

static int view_own_attr(const struct nlattr *a, struct view_entry *e)
{
	unsigned int slot = own_slot(attr_type(a));

	unsigned int k = slot - OWN_VAL;
	uint32_t v32;
	int r;

	if (slot == OWN_KIND)
		return GOT(get_u8(a, &e->kind), e->has_kind);
	if (slot < OWN_VAL)
		return 0;
	/* A u32 or a u64, as the spec has it (the widths' table). */
	if (tpstat_attr_width[attr_type(a)] == sizeof(v32)) {
		r = get_u32(a, &v32);
		if (r > 0)
			e->val[k] = v32;
	} else {
		r = get_u64(a, &e->val[k]);
	}
	if (r > 0 && k)
		e->has_val1 = true;
	else if (r > 0)
		e->has_val0 = true;
	return r;
}

int view_entry_attr(const struct nlattr *a, struct view_entry *e)
{
	switch (attr_type(a)) {
	/* keys */
	case TPSTAT_A_NETNS:
		return get_u32(a, &e->netns);
	case TPSTAT_A_NETNS_COOKIE:
		return GOT(get_u64(a, &e->netns_cookie), e->has_netns_cookie);
	case TPSTAT_A_FAMILY:
		return get_u8(a, &e->family);
	case TPSTAT_A_SADDR:
		return get_addr(a, e->saddr, &e->saddr_len);
	case TPSTAT_A_SPORT:
		return GOT(get_u16(a, &e->sport), e->has_sport);
	case TPSTAT_A_DADDR:
		return get_addr(a, e->daddr, &e->daddr_len);
	case TPSTAT_A_DPORT:
		return GOT(get_u16(a, &e->dport), e->has_dport);
	case TPSTAT_A_IFINDEX:
		return get_u32(a, &e->ifindex);
	case TPSTAT_A_IFNAME:
		return GOT(get_str(a, &e->ifname, ROW_IFNAME_MAX),
			   e->has_ifname);
	case TPSTAT_A_LOCATION:
		return get_str(a, &e->location, ROW_LOCATION_MAX);
	case TPSTAT_A_REASON:
		return GOT(get_u32(a, &e->reason), e->has_reason);
	case TPSTAT_A_REASON_NAME:
		return GOT(get_str(a, &e->reason_name, ROW_NAME_MAX),
			   e->has_reason_name);
	case TPSTAT_A_DEVLINK:
		return get_str(a, &e->devlink, ROW_NAME_MAX);
	case TPSTAT_A_TRAP:
		return get_str(a, &e->trap, ROW_NAME_MAX);
	case TPSTAT_A_TRAP_GROUP:
		return get_str(a, &e->trap_group, ROW_NAME_MAX);
	case TPSTAT_A_COMM:
		return GOT(get_str(a, &e->comm, TPSTAT_COMM_MAX), e->has_comm);
	case TPSTAT_A_OLD_STATE:
		return GOT(get_u8(a, &e->old_state), e->has_old_state);
	case TPSTAT_A_NEW_STATE:
		return GOT(get_u8(a, &e->new_state), e->has_new_state);
	case TPSTAT_A_HIST_NAME:
		return get_str(a, &e->hist_name, ROW_HIST_NAME_MAX);
	case TPSTAT_A_ERRNO:
		return GOT(get_u32(a, &e->err), e->has_err);
	case TPSTAT_A_PROTOCOL:
		return GOT(get_u8(a, &e->protocol), e->has_protocol);
	case TPSTAT_A_DIRECTION:
		return GOT(get_u8(a, &e->direction), e->has_direction);
	/* values */
	case TPSTAT_A_COUNT:
		return get_u64(a, &e->count);
	case TPSTAT_A_TX_PACKETS:
		return get_dev(a, e, DEV(tx_packets));
	case TPSTAT_A_TX_BYTES:
		return get_dev(a, e, DEV(tx_bytes));
	case TPSTAT_A_RX_PACKETS:
		return get_dev(a, e, DEV(rx_packets));
	case TPSTAT_A_RX_BYTES:
		return get_dev(a, e, DEV(rx_bytes));
	case TPSTAT_A_XMIT_ERRORS:
		return get_dev(a, e, DEV(xmit_errors));
	case TPSTAT_A_XMIT_TIMEOUTS:
		return get_dev(a, e, DEV(xmit_timeouts));
	case TPSTAT_A_GRO:
		return get_dev(a, e, DEV(gro));
	case TPSTAT_A_NAPI_POLLS:
		return get_dev(a, e, DEV(napi_polls));
	case TPSTAT_A_NAPI_WORK:
		return get_dev(a, e, DEV(napi_work));
	case TPSTAT_A_NAPI_BUDGET_EXHAUSTED:
		return get_dev(a, e, DEV(napi_budget_exhausted));
	}
	return view_own_attr(a, e);
}

uint64_t view_entry_val(const struct view_entry *e, uint16_t attr)
{
	unsigned int slot = own_slot(attr);

	return slot >= OWN_VAL ? e->val[slot - OWN_VAL] : 0;
}

bool view_entry_has_val(const struct view_entry *e, uint16_t attr)
{
	unsigned int slot = own_slot(attr);

	if (slot < OWN_VAL)
		return false;
	return slot == OWN_VAL ? e->has_val0 : e->has_val1;
}

/* Zeroes @h the first time an entry has a histogram attribute. */
static void hist_start(struct hist *h, bool *has)
{
	if (!*has)
		memset(h, 0, sizeof(*h));
	*has = true;
}

/*
 * The rows the first message announced (ENTRIES), reserved at once: no
 * doubling, and no more than VIEW_RESERVE_MAX ahead of the rows coming.
 */
static int view_reserve(struct view *v)
{
	size_t cap = v->entries;

	if (cap > VIEW_RESERVE_MAX)
		cap = VIEW_RESERVE_MAX;
	return !cap || cap <= v->cap || view_grow(v, cap) ? 0 : -1;
}

/* Leaves @e, not taken into the view: its values out of line too. */
static void entry_drop(struct view_entry *e)
{
	free(e->hist);	/* or e->dev */
	e->hist = NULL;
}

#define OVERRUN "an attribute runs past its message, or is shorter than its header"

int view_msg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct view *v = data;
	const struct view_ops *ops;
	struct view_entry *e, first;
	struct hist h;
	bool header = false, has_hist = false, entries = false, cap = false;
	struct view fig = { 0 };	/* a header's figures, until accepted */
	const struct nlattr *a;
	const char *p, *end;
	bool overrun = false;
	int bad = 0, r;
	size_t step;

	/*
	 * Also for callers that did not read it through tpnl_parse(): the
	 * attributes' bounds are checked as they are read, below.
	 */
	if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN + GENL_HDRLEN)
		return tpnl_reject(OVERRUN);
	/* Any message now is one too many: an entry, or a second header. */
	if (v->have_header && v->n >= view_limit(v))
		return tpnl_reject("more entries than the %u the %s view's first message announced",
				   view_limit(v), view_name(v->id));
	/*
	 * Parsed in place, in the slot reserved for it: the first message
	 * (before any slot) on the stack.
	 */
	e = v->have_header ? entry_slot(v) : &first;
	if (!e)
		goto nomem;
	row_init(e);

	p = mnl_nlmsg_get_payload_offset(nlh, GENL_HDRLEN);
	end = (const char *)nlh + nlh->nlmsg_len;
	while (p < end) {
		a = attr_at(p, end);
		if (!a) {
			overrun = true;
			break;
		}
		/* padded to 4 bytes, but for the last, which may end it */
		step = MNL_ALIGN((size_t)a->nla_len);
		p += step < (size_t)(end - p) ? step : (size_t)(end - p);
		switch (attr_type(a)) {
		/* the first message */
		case TPSTAT_A_VIEW_ENTRIES:
			header = entries = true;
			bad |= get_u32(a, &fig.entries) < 0;
			break;
		case TPSTAT_A_VIEW_CAPACITY:
			header = cap = true;
			bad |= get_u32(a, &fig.capacity) < 0;
			break;
		case TPSTAT_A_VIEW_OVERFLOW:
			header = true;
			bad |= get_u64(a, &fig.overflow) < 0;
			break;
		case TPSTAT_A_OPENS_ACTIVE:
			header = true;
			bad |= get_u64(a, &fig.opens_active) < 0;
			break;
		case TPSTAT_A_OPENS_PASSIVE:
			header = true;
			bad |= get_u64(a, &fig.opens_passive) < 0;
			break;
		case TPSTAT_A_OPENS_FAILED:
			header = true;
			bad |= get_u64(a, &fig.opens_failed) < 0;
			break;
		case TPSTAT_A_HIST_BUCKETS:
			hist_start(&h, &has_hist);
			bad |= get_buckets(a, &h) < 0;
			break;
		case TPSTAT_A_HIST_SUM:
			hist_start(&h, &has_hist);
			bad |= get_u64(a, &h.sum) < 0;
			break;
		case TPSTAT_A_HIST_COUNT:
			hist_start(&h, &has_hist);
			bad |= get_u64(a, &h.count) < 0;
			break;
		default:
			/* keys and values; unknown attributes are skipped */
			r = view_entry_attr(a, e);
			if (r == -2) {
				entry_drop(e);
				goto nomem;
			}
			bad |= r < 0;
			break;
		}
	}
	ops = view_ops(v->id);
	/* DEVICES' values and a histogram share the row's pointer. */
	if (!bad && e->dev && (has_hist || (ops && ops->hist))) {
		entry_drop(e);
		return tpnl_reject("a %s view entry with both a histogram and a device's values",
				   view_name(v->id));
	}
	/*
	 * A known attribute of the wrong length, or a string without its
	 * NUL, is a reply the tool cannot read: the whole read fails,
	 * rather than print what is left of it as if it were the table.
	 */
	if (overrun) {
		entry_drop(e);
		return tpnl_reject(OVERRUN);
	}
	if (bad) {
		entry_drop(e);
		return tpnl_reject("a %s view message with an attribute of the wrong length, or a string without its NUL",
				   view_name(v->id));
	}
	if (header) {
		entry_drop(e);
		if (v->have_header)
			return tpnl_reject("the %s view's first message came twice",
					   view_name(v->id));
		if (!entries || !cap)
			return tpnl_reject("the %s view's first message lacks its entries or capacity",
					   view_name(v->id));
		v->entries = fig.entries;
		v->capacity = fig.capacity;
		v->overflow = fig.overflow;
		v->opens_active = fig.opens_active;
		v->opens_passive = fig.opens_passive;
		v->opens_failed = fig.opens_failed;
		v->have_header = true;
		if (view_reserve(v))
			goto nomem;
		return MNL_CB_OK;
	}
	if (!v->have_header) {
		entry_drop(e);
		return tpnl_reject("a %s view entry before the view's first message",
				   view_name(v->id));
	}
	if (has_hist || (ops && ops->hist)) {
		hist_start(&h, &has_hist);
		e->hist = malloc(sizeof(*e->hist));
		if (!e->hist)
			goto nomem;
		*e->hist = h;
	}
	v->n++;
	return MNL_CB_OK;
nomem:
	errno = ENOMEM;
	return MNL_CB_ERROR;
}

/* ---- order -------------------------------------------------------------- */

void view_sort(struct view *v)
{
	const struct view_ops *ops = view_ops(v->id);

	if (ops && ops->sort)
		ops->sort(v->e, v->n);
	else if (ops && ops->key_cmp)
		view_sort_by_count(v, ops->key_cmp);
}

void view_arrange(struct view *v, const struct view_args *a)
{
	const struct view_ops *ops = view_ops(v->id);

	if (ops && ops->arrange)
		ops->arrange(v, a);
	else
		view_sort(v);
}

int view_shape(struct view *v, const struct view_args *a)
{
	/* Selected first: drops and resets then sum only what is shown. */
	select_apply(a->sel, v);
	view_arrange(v, a);
	if (a->sort &&
	    view_sort_field(v, view_field_find(view_ops(v->id), a->sort)))
		return -1;
	view_truncate(v, a->top);
	return 0;
}

void view_headless(struct view *v, uint32_t id)
{
	*v = (struct view){
		.id = id, .have_header = true,
		.entries = UINT32_MAX, .capacity = UINT32_MAX,
	};
}

/* ---- the command ---------------------------------------------------------- */

bool view_refused(int err)
{
	return err == -EOPNOTSUPP || err == -EPERM || err == -EACCES ||
	       err == -ERANGE;
}

int view_error(FILE *f, const struct tpnl *nl, uint32_t view, int err)
{
	const struct view_ops *ops = view_ops(view);
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
		if (ops && ops->unavailable) {
			fprintf(f, "tpstat: %s view: %s\n", name,
				ops->unavailable);
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
		if (!nl->extack[0] && ops && ops->names_sockets) {
			fprintf(f, "tpstat: permission denied: the %s view names sockets and needs CAP_NET_ADMIN (run as root)\n",
				name);
			return 1;
		}
		break;
	}
	fprintf(f, "tpstat: %s\n", tpnl_strerror(nl, err));
	return 1;
}

int view_fetch(struct tpnl *nl, struct view *v, int *refused)
{
	struct nlmsghdr *nlh = tpnl_msg(nl, TPSTAT_CMD_GET_VIEW, 1);
	int err;

	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, v->id);
	err = tpnl_send(nl, nlh, view_msg_cb, v);
	*refused = view_refused(err) ? err : 0;
	if (err)
		view_free(v);
	return *refused ? 0 : err;
}

/* The view v->id (prepared) read and arranged: 0, or 1 after one line. */
static int view_read(struct tpnl *nl, struct view *v,
		     const struct view_args *a)
{
	struct nlmsghdr *nlh;
	int err;

	nlh = tpnl_msg(nl, TPSTAT_CMD_GET_VIEW, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_VIEW, v->id);
	err = tpnl_send(nl, nlh, view_msg_cb, v);
	if (err) {
		view_free(v);
		return view_error(stderr, nl, v->id, err);
	}
	if (!v->have_header) {
		view_free(v);
		fprintf(stderr, "tpstat: the module's %s view came without its table figures (entries, capacity, overflow)\n",
			view_name(v->id));
		return 1;
	}
	if (view_shape(v, a)) {
		view_free(v);
		fprintf(stderr, "tpstat: out of memory\n");
		return 1;
	}
	return 0;
}

const struct view_ops *view_ops_shown(const struct view_ops *ops,
				      const struct view_args *a)
{
	return ops && ops->shown ? ops->shown(a) : ops;
}

int view_prepare(struct tpnl *nl, struct view *v, struct view_args *a)
{
	const struct view_ops *ops = view_ops(v->id);
	int err;

	if (ops && ops->prepare) {
		err = ops->prepare(nl, v, a);
		if (err) {
			fprintf(stderr, "tpstat: %s\n", tpnl_strerror(nl, err));
			return 1;
		}
	}
	return 0;
}

int view_cmd(struct tpnl *nl, uint32_t view, const struct view_args *args,
	     const struct out_opts *o)
{
	struct view_args a = *args;
	struct view v = { .id = view };

	if (view_prepare(nl, &v, &a) || view_read(nl, &v, &a))
		return 1;
	print_view(stdout, o, &v, a.by, a.word);
	view_free(&v);
	return 0;
}

static double mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int view_watch(struct tpnl *nl, uint32_t view, const struct view_args *args,
	       const struct out_opts *o, double interval, long count)
{
	/* --sort and --top after the change: the N rows that moved most. */
	struct view_args a = *args;
	const struct view_field *sort;
	size_t top = a.top;
	struct view old = { .id = view }, cur, d;
	struct view_interval iv;
	double start, last, t;
	struct timespec pause;
	time_t wall;
	long i;

	a.top = 0;
	a.sort = NULL;
	if (view_prepare(nl, &old, &a) || view_read(nl, &old, &a))
		return 1;
	sort = args->sort ? view_field_find(view_ops(old.id), args->sort) :
			    NULL;
	start = last = mono_now();
	for (i = 0; !count || i < count; i++) {
		pause.tv_sec = (time_t)interval;
		pause.tv_nsec = (long)((interval - pause.tv_sec) * 1e9);
		nanosleep(&pause, NULL);
		cur = (struct view){ .id = old.id, .by = old.by };
		if (view_read(nl, &cur, &a)) {
			view_free(&old);
			return 1;
		}
		t = mono_now();
		if (view_delta(&d, &cur, &old)) {
			view_free(&old);
			view_free(&cur);
			fprintf(stderr, "tpstat: out of memory\n");
			return 1;
		}
		if (view_sort_field(&d, sort)) {
			view_free(&old);
			view_free(&cur);
			view_free(&d);
			fprintf(stderr, "tpstat: out of memory\n");
			return 1;
		}
		view_truncate(&d, top);
		wall = time(NULL);
		if (!strftime(iv.time, sizeof(iv.time), "%Y-%m-%d %H:%M:%S",
			      localtime(&wall)))
			iv.time[0] = '\0';
		iv.elapsed = t - start;
		iv.seconds = t - last;
		print_view_interval(stdout, o, &d, a.by, a.word, &iv);
		view_free(&d);
		view_free(&old);
		old = cur;
		last = t;
	}
	view_free(&old);
	return 0;
}
