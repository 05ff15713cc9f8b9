// SPDX-License-Identifier: GPL-2.0
/*
 * The views' tables: the views= selection, the two generations (each
 * view's geometry from its type, view_type.h) and resetting.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/net_namespace.h>

#include "base/compat.h"
#include "tables/netns_index.h"
#include "tables/view_type.h"
#include "tables/views.h"

/* The view types, by enum tpstat_view: one line per view (tables/list.h). */
const struct tpstat_view_type *const tpstat_view_types[__TPSTAT_VIEW_CNT] = {
#define TPSTAT_VIEW(id, name) \
	[TPSTAT_VIEW_##id] = &tpstat_view_##name,
#include "tables/list.h"
#undef TPSTAT_VIEW
};

/* Every view of the uapi is listed: none is a NULL in the table. */
enum {
#define TPSTAT_VIEW(id, name) TPSTAT_VIEW_LISTED_##id,
#include "tables/list.h"
#undef TPSTAT_VIEW
	TPSTAT_VIEWS_LISTED
};
static_assert((int)TPSTAT_VIEWS_LISTED == (int)__TPSTAT_VIEW_CNT);

struct tpstat_views __rcu *tpstat_views_live;
struct tpstat_table_hints __percpu *tpstat_views_live_dev_hints __read_mostly;
unsigned long tpstat_views_enabled;
DEFINE_STATIC_KEY_ARRAY_FALSE(tpstat_view_keys, __TPSTAT_VIEW_CNT);
DEFINE_STATIC_KEY_FALSE(tpstat_view_packet_key);

/* The generation probes do not see; touched only with the control lock. */
static struct tpstat_views *tpstat_views_spare;
static struct tpstat_views tpstat_views_gen[TPSTAT_VIEWS_GENS];
unsigned long tpstat_views_resets;

/* Makes @v the generation probes write to (NULL: none). */
static void tpstat_views_publish(struct tpstat_views *v)
{
	WRITE_ONCE(tpstat_views_live_dev_hints,
		   v ? v->table[TPSTAT_VIEW_DEVICES].hints : NULL);
	rcu_assign_pointer(tpstat_views_live, v);
}

const char *tpstat_view_name(enum tpstat_view view)
{
	return tpstat_view_type(view)->name;
}

bool tpstat_view_keyed(enum tpstat_view view)
{
	return tpstat_view_type(view)->key_size;
}

int tpstat_view_netns_offset(enum tpstat_view view)
{
	return tpstat_view_type(view)->ns_offset;
}

/* "unknown view "<name>" (views: drops, ..., all, none)" into @err. */
static void tpstat_unknown_view(const char *name, char *err, size_t err_len)
{
	size_t len;
	int v;

	len = scnprintf(err, err_len, "unknown view \"%s\" (views: ", name);
	for (v = 0; v < __TPSTAT_VIEW_CNT; v++)
		len += scnprintf(err + len, err_len - len, "%s, ",
				 tpstat_view_name(v));
	scnprintf(err + len, err_len - len, "all, none)");
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
			if (!strcmp(name, tpstat_view_name(v)))
				break;
		if (v == __TPSTAT_VIEW_CNT) {
			tpstat_unknown_view(name, err, err_len);
			return -EINVAL;
		}
		__set_bit(v, &tpstat_views_enabled);
	}
	return 0;
}

static void tpstat_views_free_gen(struct tpstat_views *v)
{
	int i;

	for (i = 0; i < __TPSTAT_VIEW_CNT; i++)
		if (tpstat_view_keyed(i))
			tpstat_table_free(&v->table[i]);
}

/* Generation @g's tables; its namespaces' losses in slots g * views + i. */
static int tpstat_views_alloc_gen(struct tpstat_views *v, int g)
{
	int i, err;

	for (i = 0; i < __TPSTAT_VIEW_CNT; i++) {
		const struct tpstat_view_type *type = tpstat_view_type(i);

		if (!type->key_size)
			continue;
		err = type->hints ?
		      tpstat_table_init_hinted(&v->table[i], *type->keys,
					       type->key_size, type->nr_vals) :
		      tpstat_table_init(&v->table[i], *type->keys,
					type->key_size, type->nr_vals);
		if (err) {
			tpstat_views_free_gen(v);
			return err;
		}
		tpstat_table_set_tenancy(&v->table[i], type->ns_offset,
					 tpstat_net_cookie(&init_net),
					 g * __TPSTAT_VIEW_CNT + i);
	}
	return 0;
}

/* The views' own state beside their tables (view_type.h), up to @n. */
static void tpstat_views_exit_own(int n)
{
	while (n--)
		if (tpstat_view_type(n)->exit)
			tpstat_view_type(n)->exit();
}

static int tpstat_views_init_own(void)
{
	int i, err;

	for (i = 0; i < __TPSTAT_VIEW_CNT; i++) {
		err = tpstat_view_type(i)->init ? tpstat_view_type(i)->init() : 0;
		if (err) {
			tpstat_views_exit_own(i);
			return err;
		}
	}
	return 0;
}

/*
 * Whether both generations of the tables, and what views keep beside
 * them (the socket births), as the parameters size them, fit in half the
 * memory available at load.  Their allocations fail rather than call the
 * OOM killer, but a load that took nearly all of it would leave the next
 * allocation, anyone's, to the OOM killer.
 */
static int tpstat_views_fit(char *err, size_t err_len)
{
	u64 tables = 0, own = 0, avail = (u64)si_mem_available() << PAGE_SHIFT;
	int i;

	for (i = 0; i < __TPSTAT_VIEW_CNT; i++) {
		const struct tpstat_view_type *type = tpstat_view_type(i);

		if (type->key_size)
			tables += 2 * tpstat_table_size(*type->keys,
							type->key_size,
							type->nr_vals,
							type->hints);
		if (type->need)
			own += type->need();
	}
	if (tables + own <= avail / 2)
		return 0;
	snprintf(err, err_len,
		 "cannot allocate the view tables (%d): %llu bytes (tables %llu, socket births %llu), more than half of the %llu available",
		 -ENOMEM, tables + own, tables, own, avail);
	return -ENOMEM;
}

int tpstat_views_init(const char *spec, char *err, size_t err_len)
{
	int ret, i;

	ret = tpstat_parse_views(spec, err, err_len);
	if (ret)
		return ret;
	ret = tpstat_views_fit(err, err_len);
	if (ret)
		return ret;
	/* The keys start off with the module; no probe is attached yet. */
	for (i = 0; i < __TPSTAT_VIEW_CNT; i++)
		if (tpstat_view_on(i))
			static_branch_enable(&tpstat_view_keys[i]);
	if (tpstat_view_on(TPSTAT_VIEW_HISTS) &&
	    tpstat_view_on(TPSTAT_VIEW_DEVICES))
		static_branch_enable(&tpstat_view_packet_key);
	ret = tpstat_views_alloc_gen(&tpstat_views_gen[0], 0);
	if (ret)
		goto nomem;
	ret = tpstat_views_alloc_gen(&tpstat_views_gen[1], 1);
	if (ret)
		goto free0;
	ret = tpstat_views_init_own();
	if (ret)
		goto free1;
	tpstat_views_spare = &tpstat_views_gen[1];
	tpstat_views_publish(&tpstat_views_gen[0]);
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
	tpstat_views_publish(NULL);
	tpstat_views_exit_own(__TPSTAT_VIEW_CNT);
	tpstat_views_free_gen(&tpstat_views_gen[1]);
	tpstat_views_free_gen(&tpstat_views_gen[0]);
}

/*
 * Once tpstat_probe_synchronize() returns, no probe (compat.h) and no
 * reader under rcu_read_lock() still holds the old generation.
 */
void tpstat_views_reset(void)
{
	struct tpstat_views *old = rcu_dereference_protected(tpstat_views_live,
							     true);
	int i;

	tpstat_views_publish(tpstat_views_spare);
	/* Pairs with tpstat_view_snapshot()'s acquire: new count, new live. */
	smp_store_release(&tpstat_views_resets, tpstat_views_resets + 1);
	tpstat_probe_synchronize();
	for (i = 0; i < __TPSTAT_VIEW_CNT; i++) {
		if (tpstat_view_keyed(i))
			tpstat_table_clear(&old->table[i]);
		if (tpstat_view_type(i)->reset)
			tpstat_view_type(i)->reset();
	}
	tpstat_views_spare = old;
}

struct tpstat_table *tpstat_views_gen_table(unsigned int g,
					    enum tpstat_view view)
{
	return &tpstat_views_gen[g].table[view];
}

size_t tpstat_views_bytes(void)
{
	size_t bytes = 0;
	int g, i;

	for (i = 0; i < __TPSTAT_VIEW_CNT; i++) {
		if (tpstat_view_type(i)->bytes)
			bytes += tpstat_view_type(i)->bytes();
		if (!tpstat_view_keyed(i))
			continue;
		for (g = 0; g < 2; g++)
			bytes += tpstat_table_bytes(&tpstat_views_gen[g].table[i]);
	}
	return bytes;
}
