// SPDX-License-Identifier: GPL-2.0
/*
 * The views' tables: sizes (module parameters), the views= selection,
 * the two generations and resetting, and copies for readers.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/net_namespace.h>

#include "compat.h"
#include "params.h"
#include "views.h"

static unsigned int drop_keys = 256;
tpstat_param_uint(drop_keys, 1, TPSTAT_DROP_KEYS_MAX);
MODULE_PARM_DESC(drop_keys,
		 "Drops view: distinct (location, reason, device) keys kept, 1 to "
		 __stringify(TPSTAT_DROP_KEYS_MAX) " (default 256)");
static unsigned int trap_keys = 64;
tpstat_param_uint(trap_keys, 1, TPSTAT_TRAP_KEYS_MAX);
MODULE_PARM_DESC(trap_keys,
		 "Traps view: distinct (devlink device, trap) keys kept, 1 to "
		 __stringify(TPSTAT_TRAP_KEYS_MAX) " (default 64)");
static unsigned int flow_keys = 1024;
tpstat_param_uint(flow_keys, 1, TPSTAT_FLOW_KEYS_MAX);
MODULE_PARM_DESC(flow_keys,
		 "Retransmits view: distinct TCP flows kept, 1 to "
		 __stringify(TPSTAT_FLOW_KEYS_MAX) " (default 1024)");
static unsigned int reset_keys = 256;
tpstat_param_uint(reset_keys, 1, TPSTAT_RESET_KEYS_MAX);
MODULE_PARM_DESC(reset_keys,
		 "Resets view: distinct (service port and side, peer, reason) keys kept, 1 to "
		 __stringify(TPSTAT_RESET_KEYS_MAX) " (default 256)");
static unsigned int lifetime_keys = 64;
tpstat_param_uint(lifetime_keys, 1, TPSTAT_LIFETIME_KEYS_MAX);
MODULE_PARM_DESC(lifetime_keys,
		 "Lifetimes view: distinct (service port and side, task) histograms kept, 1 to "
		 __stringify(TPSTAT_LIFETIME_KEYS_MAX) " (default 64)");
static unsigned int device_keys = 64;
tpstat_param_uint(device_keys, 1, TPSTAT_DEVICE_KEYS_MAX);
MODULE_PARM_DESC(device_keys,
		 "Devices view: devices kept, 1 to "
		 __stringify(TPSTAT_DEVICE_KEYS_MAX) " (default 64)");
static unsigned int error_keys = 128;
tpstat_param_uint(error_keys, 1, TPSTAT_ERROR_KEYS_MAX);
MODULE_PARM_DESC(error_keys,
		 "Errors view: distinct (errno, protocol, service port) keys kept, 1 to "
		 __stringify(TPSTAT_ERROR_KEYS_MAX) " (default 128)");
static unsigned int rcvq_keys = 128;
tpstat_param_uint(rcvq_keys, 1, TPSTAT_RCVQ_KEYS_MAX);
MODULE_PARM_DESC(rcvq_keys,
		 "Receive-queue view: distinct (family, protocol, local port) keys kept, 1 to "
		 __stringify(TPSTAT_RCVQ_KEYS_MAX) " (default 128)");
static unsigned int neigh_keys = 128;
tpstat_param_uint(neigh_keys, 1, TPSTAT_NEIGH_KEYS_MAX);
MODULE_PARM_DESC(neigh_keys,
		 "Neighbour failures view: distinct (device, address) keys kept, 1 to "
		 __stringify(TPSTAT_NEIGH_KEYS_MAX) " (default 128)");
static unsigned int auth_keys = 128;
tpstat_param_uint(auth_keys, 1, TPSTAT_AUTH_KEYS_MAX);
MODULE_PARM_DESC(auth_keys,
		 "Auth view: distinct (peer, local port, kind) keys kept, 1 to "
		 __stringify(TPSTAT_AUTH_KEYS_MAX) " (default 128)");
static unsigned int sockets = 2048;
tpstat_param_uint(sockets, 1, TPSTAT_SOCKETS_MAX);
MODULE_PARM_DESC(sockets,
		 "Lifetimes view: open TCP sockets whose birth time is kept, 1 to "
		 __stringify(TPSTAT_SOCKETS_MAX) " (default 2048)");

static const char *const tpstat_view_names[__TPSTAT_VIEW_CNT] = {
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

static const enum tpstat_table_id tpstat_view_tables[__TPSTAT_VIEW_CNT] = {
	[TPSTAT_VIEW_DROPS] = TPSTAT_T_DROPS,
	[TPSTAT_VIEW_TRAPS] = TPSTAT_T_TRAPS,
	[TPSTAT_VIEW_RETRANS] = TPSTAT_T_FLOWS,
	[TPSTAT_VIEW_RESETS] = TPSTAT_T_RESETS,
	[TPSTAT_VIEW_STATES] = TPSTAT_NR_TABLES,
	[TPSTAT_VIEW_LIFETIMES] = TPSTAT_T_LIFETIMES,
	[TPSTAT_VIEW_DEVICES] = TPSTAT_T_DEVICES,
	[TPSTAT_VIEW_HISTS] = TPSTAT_NR_TABLES,
	[TPSTAT_VIEW_ERRORS] = TPSTAT_T_ERRORS,
	[TPSTAT_VIEW_RCVQ] = TPSTAT_T_RCVQ,
	[TPSTAT_VIEW_NEIGH] = TPSTAT_T_NEIGH,
	[TPSTAT_VIEW_AUTH] = TPSTAT_T_AUTH,
};

struct tpstat_views __rcu *tpstat_views_live;
struct tpstat_births tpstat_births;
unsigned long tpstat_views_enabled;
DEFINE_STATIC_KEY_ARRAY_FALSE(tpstat_view_keys, __TPSTAT_VIEW_CNT);

/* The generation probes do not see; touched only with the control lock. */
static struct tpstat_views *tpstat_views_spare;
static struct tpstat_views tpstat_views_gen[2];
/*
 * Resets so far, bumped after each swap (released, so a reader that sees
 * the new count sees the new generation) and before the old one is
 * cleared.  A copy that yields mid-way compares it, not the live pointer:
 * the two generations alternate, so after two resets the pointer is the
 * same again but the table under it was cleared in between.
 */
static unsigned long tpstat_views_resets;

const char *tpstat_view_name(enum tpstat_view view)
{
	return tpstat_view_names[view];
}

/* TPSTAT_NR_TABLES for views without a table (dense counters). */
enum tpstat_table_id tpstat_view_table(enum tpstat_view view)
{
	return tpstat_view_tables[view];
}

int tpstat_table_netns_offset(enum tpstat_table_id id)
{
	switch (id) {
	case TPSTAT_T_DROPS:
		return offsetof(struct tpstat_drop_key, ns_cookie);
	case TPSTAT_T_FLOWS:
		return offsetof(struct tpstat_flow_key, ns_cookie);
	case TPSTAT_T_RESETS:
		return offsetof(struct tpstat_reset_key, ns_cookie);
	case TPSTAT_T_LIFETIMES:
		return offsetof(struct tpstat_life_key, ns_cookie);
	case TPSTAT_T_DEVICES:
		return offsetof(struct tpstat_dev_key, ns_cookie);
	case TPSTAT_T_ERRORS:
		return offsetof(struct tpstat_err_key, ns_cookie);
	case TPSTAT_T_RCVQ:
		return offsetof(struct tpstat_rcvq_key, ns_cookie);
	case TPSTAT_T_NEIGH:
		return offsetof(struct tpstat_neigh_key, ns_cookie);
	case TPSTAT_T_AUTH:
		return offsetof(struct tpstat_auth_key, ns_cookie);
	default:
		return -1;
	}
}

/* views=: "all" (default), "none", or a comma-separated list of names. */
static int tpstat_parse_views(const char *spec, char *err, size_t err_len)
{
	char buf[128], *cur, *name;
	int v;

	tpstat_views_enabled = 0;
	if (!spec || !strcmp(spec, "all")) {
		bitmap_fill(&tpstat_views_enabled, __TPSTAT_VIEW_CNT);
		return 0;
	}
	if (!strcmp(spec, "none"))
		return 0;
	if (strscpy(buf, spec, sizeof(buf)) < 0) {
		snprintf(err, err_len, "longer than %zu characters",
			 sizeof(buf) - 1);
		return -EINVAL;
	}
	cur = buf;
	while ((name = strsep(&cur, ","))) {
		for (v = 0; v < __TPSTAT_VIEW_CNT; v++)
			if (!strcmp(name, tpstat_view_names[v]))
				break;
		if (v == __TPSTAT_VIEW_CNT) {
			snprintf(err, err_len,
				 "unknown view \"%s\" (views: drops, traps, retrans, resets, states, lifetimes, devices, hists, errors, rcvq, neigh, auth, all, none)",
				 name);
			return -EINVAL;
		}
		__set_bit(v, &tpstat_views_enabled);
	}
	return 0;
}

static void tpstat_views_free_gen(struct tpstat_views *v)
{
	int i;

	for (i = 0; i < TPSTAT_NR_TABLES; i++)
		tpstat_table_free(&v->table[i]);
}

static int tpstat_views_alloc_gen(struct tpstat_views *v)
{
	static const struct {
		unsigned int *max;
		u32 key_size, nr_vals;
	} geometry[TPSTAT_NR_TABLES] = {
		[TPSTAT_T_DROPS] = { &drop_keys, sizeof(struct tpstat_drop_key),
				     TPSTAT_DROP_NR },
		[TPSTAT_T_TRAPS] = { &trap_keys, sizeof(struct tpstat_trap_key),
				     TPSTAT_TRAP_NR },
		[TPSTAT_T_FLOWS] = { &flow_keys, sizeof(struct tpstat_flow_key),
				     TPSTAT_FLOW_NR },
		[TPSTAT_T_RESETS] = { &reset_keys,
				      sizeof(struct tpstat_reset_key),
				      TPSTAT_RST_NR },
		[TPSTAT_T_LIFETIMES] = { &lifetime_keys,
					 sizeof(struct tpstat_life_key),
					 TPSTAT_LIFE_NR },
		[TPSTAT_T_DEVICES] = { &device_keys,
				       sizeof(struct tpstat_dev_key),
				       TPSTAT_DEV_NR },
		[TPSTAT_T_ERRORS] = { &error_keys,
				      sizeof(struct tpstat_err_key),
				      TPSTAT_ERR_NR },
		[TPSTAT_T_RCVQ] = { &rcvq_keys, sizeof(struct tpstat_rcvq_key),
				    TPSTAT_RCVQ_NR },
		[TPSTAT_T_NEIGH] = { &neigh_keys,
				     sizeof(struct tpstat_neigh_key),
				     TPSTAT_NEIGH_NR },
		[TPSTAT_T_AUTH] = { &auth_keys, sizeof(struct tpstat_auth_key),
				    TPSTAT_AUTH_NR },
	};
	int i, err;

	for (i = 0; i < TPSTAT_NR_TABLES; i++) {
		err = tpstat_table_init(&v->table[i], *geometry[i].max,
					geometry[i].key_size,
					geometry[i].nr_vals);
		if (err) {
			tpstat_views_free_gen(v);
			return err;
		}
		tpstat_table_set_tenancy(&v->table[i], tpstat_table_netns_offset(i),
					 tpstat_net_cookie(&init_net));
	}
	return 0;
}

int tpstat_views_init(const char *spec, char *err, size_t err_len)
{
	int ret, i;

	BUILD_BUG_ON(sizeof(struct tpstat_drop_key) % 8 ||
		     sizeof(struct tpstat_trap_key) % 8 ||
		     sizeof(struct tpstat_flow_key) % 8 ||
		     sizeof(struct tpstat_reset_key) % 8 ||
		     sizeof(struct tpstat_life_key) % 8 ||
		     sizeof(struct tpstat_dev_key) % 8 ||
		     sizeof(struct tpstat_err_key) % 8 ||
		     sizeof(struct tpstat_rcvq_key) % 8 ||
		     sizeof(struct tpstat_neigh_key) % 8 ||
		     sizeof(struct tpstat_auth_key) % 8);
	ret = tpstat_parse_views(spec, err, err_len);
	if (ret)
		return ret;
	/* The keys start off with the module; no probe is attached yet. */
	for (i = 0; i < __TPSTAT_VIEW_CNT; i++)
		if (tpstat_view_on(i))
			static_branch_enable(&tpstat_view_keys[i]);
	ret = tpstat_views_alloc_gen(&tpstat_views_gen[0]);
	if (ret)
		goto nomem;
	ret = tpstat_views_alloc_gen(&tpstat_views_gen[1]);
	if (ret)
		goto free0;
	ret = tpstat_births_init(&tpstat_births, sockets);
	if (ret)
		goto free1;
	tpstat_views_spare = &tpstat_views_gen[1];
	rcu_assign_pointer(tpstat_views_live, &tpstat_views_gen[0]);
	return 0;

free1:
	tpstat_views_free_gen(&tpstat_views_gen[1]);
free0:
	tpstat_views_free_gen(&tpstat_views_gen[0]);
nomem:
	snprintf(err, err_len, "cannot allocate the view tables (%d)", ret);
	return ret;
}

/* Caller: every probe is unregistered and synchronised. */
void tpstat_views_exit(void)
{
	RCU_INIT_POINTER(tpstat_views_live, NULL);
	tpstat_births_free(&tpstat_births);
	tpstat_views_free_gen(&tpstat_views_gen[1]);
	tpstat_views_free_gen(&tpstat_views_gen[0]);
}

/*
 * Probes read the live generation pinned to their CPU (probes.c), so once
 * synchronize_rcu() returns none of them still holds the old generation.
 */
void tpstat_views_reset(void)
{
	struct tpstat_views *old = rcu_dereference_protected(tpstat_views_live,
							     true);
	int i;

	rcu_assign_pointer(tpstat_views_live, tpstat_views_spare);
	/* Pairs with tpstat_view_snapshot()'s acquire: new count, new live. */
	smp_store_release(&tpstat_views_resets, tpstat_views_resets + 1);
	synchronize_rcu();
	for (i = 0; i < TPSTAT_NR_TABLES; i++)
		tpstat_table_clear(&old->table[i]);
	tpstat_views_spare = old;
	atomic64_set(&tpstat_births.overflow, 0);
}

size_t tpstat_views_bytes(void)
{
	size_t bytes = tpstat_births_bytes(&tpstat_births);
	int g, i;

	for (g = 0; g < 2; g++)
		for (i = 0; i < TPSTAT_NR_TABLES; i++)
			bytes += tpstat_table_bytes(&tpstat_views_gen[g].table[i]);
	return bytes;
}

/*
 * Copies slots [@from, @to) of @t after the @snap->count records there.
 * Caller: rcu_read_lock(), @t from tpstat_views_live under it.
 */
static void tpstat_snap_copy(struct tpstat_view_snap *snap,
			     const struct tpstat_table *t, u32 from, u32 to)
{
	u32 i, v;

	for (i = from; i < to; i++) {
		struct tpstat_slot_hdr *s = tpstat_table_slot(t, i);
		u8 *rec = snap->recs + (size_t)snap->count * snap->rec_size;
		atomic64_t *vals;
		u64 *out;

		if (!READ_ONCE(s->hash) || !tpstat_slot_ready(s))
			continue;
		memcpy(rec, tpstat_slot_key(s), t->key_size);
		vals = tpstat_slot_vals(t, s);
		out = (u64 *)(rec + t->key_size);
		for (v = 0; v < t->nr_vals; v++)
			out[v] = atomic64_read(&vals[v]);
		snap->count++;
	}
}

/*
 * Slots copied between two chances to yield.  Copying 65,536 slots in one
 * read section kept the CPU for 10 ms (bench/genl_stall.sh): every other
 * netlink request on it (ip link, ethtool) waited that long.
 */
#define TPSTAT_SNAP_SEGMENT	4096
/*
 * Copies restarted because a reset came while the copy yielded, before
 * the last one is made without yielding: resets (CAP_NET_ADMIN) in a
 * loop could otherwise restart a reader for as long as they go on.  The
 * last copy holds the CPU as every copy did before it could yield.
 */
#define TPSTAT_SNAP_RESTARTS	3

/*
 * A copy of one generation's table, as it was while it was live: never
 * a mix of two generations, nor of one before and after a reset cleared
 * it.  The copy leaves its read section every TPSTAT_SNAP_SEGMENT slots
 * to let others run; a reset in that gap (tpstat_views_resets moved)
 * restarts it.  If the count has not moved when the copy is back under
 * rcu_read_lock(), no reset cleared the table yet, and none will until
 * rcu_read_unlock(): a reset clears the old generation only a grace
 * period after counting itself.
 * Process context only (it sleeps): the reader's dump or open.
 */
struct tpstat_view_snap *tpstat_view_snapshot(enum tpstat_table_id id)
{
	/*
	 * Both generations have the same geometry.  The copy is charged to
	 * the reader's memory cgroup: anyone may hold a dump open.
	 */
	const struct tpstat_table *geo = &tpstat_views_gen[0].table[id];
	u32 rec_size = geo->key_size + geo->nr_vals * sizeof(u64);
	struct tpstat_view_snap *snap;
	struct tpstat_views *live;
	struct tpstat_table *t;
	unsigned long resets;
	int restarts = 0;
	u32 i;

	might_sleep();
	snap = kvzalloc(struct_size(snap, recs, (size_t)geo->nr_slots * rec_size),
			GFP_KERNEL_ACCOUNT);
	if (!snap)
		return NULL;
	snap->key_size = geo->key_size;
	snap->nr_vals = geo->nr_vals;
	snap->rec_size = rec_size;
	snap->capacity = geo->max_keys;

	rcu_read_lock();
restart:
	/* Pairs with the reset's release: this count, this live or a later one. */
	resets = smp_load_acquire(&tpstat_views_resets);
	live = rcu_dereference(tpstat_views_live);
	t = &live->table[id];
	snap->count = 0;
	for (i = 0; i < t->nr_slots; i += TPSTAT_SNAP_SEGMENT) {
		if (i && restarts < TPSTAT_SNAP_RESTARTS) {
			rcu_read_unlock();
			cond_resched();
			rcu_read_lock();
			if (READ_ONCE(tpstat_views_resets) != resets) {
				restarts++;
				goto restart;
			}
		}
		tpstat_snap_copy(snap, t, i,
				 min_t(u32, t->nr_slots, i + TPSTAT_SNAP_SEGMENT));
	}
	snap->used = atomic_read(&t->used);
	snap->overflow = atomic64_read(&t->overflow);
	if (id == TPSTAT_T_LIFETIMES)
		snap->overflow += atomic64_read(&tpstat_births.overflow);
	rcu_read_unlock();
	return snap;
}
