// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites for tpstat.  The code under test is compiled into this
 * module (the #includes below), so static functions, the probes among
 * them, can be driven directly with synthetic skbs and sockets and a
 * private set of per-CPU counters; the tpstat module need not be loaded.
 */
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/netdevice.h>
#include <linux/inet.h>
#include <linux/skbuff.h>
#include <net/ipv6.h>
#include <linux/slab.h>
#include <net/sock.h>

#include <linux/completion.h>
#include <linux/kthread.h>

/* KUnit gained the NULL assertions in 5.15; before, they are these. */
#ifndef KUNIT_ASSERT_NOT_NULL
#define KUNIT_ASSERT_NOT_NULL(test, ptr) KUNIT_ASSERT_TRUE(test, (ptr) != NULL)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) KUNIT_EXPECT_TRUE(test, (ptr) != NULL)
#define KUNIT_ASSERT_NULL(test, ptr) KUNIT_ASSERT_TRUE(test, (ptr) == NULL)
#define KUNIT_EXPECT_NULL(test, ptr) KUNIT_EXPECT_TRUE(test, (ptr) == NULL)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_ASSERT_TRUE_MSG(test, (ptr) != NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_EXPECT_TRUE_MSG(test, (ptr) != NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_ASSERT_TRUE_MSG(test, (ptr) == NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_EXPECT_TRUE_MSG(test, (ptr) == NULL, fmt, ##__VA_ARGS__)
#endif

#include "../module/alert_fold.c"
#include "../module/births.c"
#include "../module/counters.c"
#include "../module/filter.c"
#include "../module/netns_cookie.c"
/* netns_counts.c names its messages; kunit/test.h defined pr_fmt first. */
#undef pr_fmt
#include "../module/netns_counts.c"
#include "../module/netns_index.c"
#include "../module/params.c"
#include "../module/event_select.c"
#include "../module/probes.c"
#include "../module/probes_auth.c"
#include "../module/probes_gen.c"
#include "../module/nlput.c"
#include "../module/reasons.c"
#include "../module/registry.c"
#include "../module/report.c"
#include "../module/snap_sort.c"
#include "../module/table.c"
#include "../module/view_fmt.c"
#include "../module/view_copy.c"
#include "../module/views.c"
#include "../module/views/auth.c"
#include "../module/views/devices.c"
#include "../module/views/drops.c"
#include "../module/views/errors.c"
#include "../module/views/hists.c"
#include "../module/views/lifetimes.c"
#include "../module/views/neigh.c"
#include "../module/views/rcvq.c"
#include "../module/views/resets.c"
#include "../module/views/retrans.c"
#include "../module/views/states.c"
#include "../module/views/traps.c"
#include "../module/views/sockmem.c"

/* ---- glob matching ---------------------------------------------------- */

struct glob_case {
	const char *pattern, *str;
	bool match;
};

static const struct glob_case glob_cases[] = {
	{ "tcp:*", "tcp:tcp_probe", true },
	{ "tcp:*", "sock:inet_sock_set_state", false },
	{ "*", "", true },
	{ "", "", true },
	{ "", "x", false },
	{ "x", "", false },
	{ "*xmit", "net:net_dev_xmit", true },
	{ "*xmit", "net:net_dev_xmit_timeout", false },
	{ "*xmit*", "net:net_dev_xmit_timeout", true },
	{ "net:net_dev_?mit", "net:net_dev_xmit", true },
	{ "net:net_dev_?mit", "net:net_dev_mit", false },
	{ "a*b*c", "aXbYc", true },
	{ "a*b*c", "aXbYcZ", false },
	{ "a*b*c", "abbbc", true },
	{ "**kfree**", "skb:kfree_skb", true },
	{ "*a", "aaaa", true },
	{ "?", "", false },
	{ "kfree_skb", "skb:kfree_skb", false },
};

static void tpstat_glob_test(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(glob_cases); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    tpstat_glob_match(glob_cases[i].pattern,
						      glob_cases[i].str),
				    glob_cases[i].match, "'%s' vs '%s'",
				    glob_cases[i].pattern, glob_cases[i].str);
}

static struct kunit_case tpstat_glob_cases[] = {
	KUNIT_CASE(tpstat_glob_test),
	{}
};

static struct kunit_suite tpstat_glob_suite = {
	.name = "tpstat_glob",
	.test_cases = tpstat_glob_cases,
};

/* ---- registry: names, order, lookup ------------------------------------ */

static int tpstat_registry_test_init(struct kunit *test)
{
	tpstat_registry_init();
	return 0;
}

static void tpstat_registry_sorted_test(struct kunit *test)
{
	int i;

	for (i = 1; i < __TPSTAT_EV_CNT; i++)
		KUNIT_EXPECT_LT(test,
				strcmp(tpstat_event_full_name(tpstat_sorted_ids[i - 1]),
				       tpstat_event_full_name(tpstat_sorted_ids[i])),
				0);
}

static void tpstat_registry_lookup_test(struct kunit *test)
{
	int id;

	for (id = 0; id < __TPSTAT_EV_CNT; id++) {
		char expect[TPSTAT_EVENT_NAME_MAX];

		KUNIT_ASSERT_NOT_NULL(test, tpstat_events[id].group);
		KUNIT_ASSERT_NOT_NULL(test, tpstat_events[id].name);
		snprintf(expect, sizeof(expect), "%s:%s",
			 tpstat_events[id].group, tpstat_events[id].name);
		KUNIT_EXPECT_STREQ(test, tpstat_event_full_name(id),
				   (const char *)expect);
		KUNIT_EXPECT_EQ(test, tpstat_event_lookup(expect), id);
	}
	KUNIT_EXPECT_EQ(test, tpstat_event_lookup("tcp:no_such_event"), -ENOENT);
	KUNIT_EXPECT_EQ(test, tpstat_event_lookup("tcp_probe"), -ENOENT);
	KUNIT_EXPECT_EQ(test, tpstat_event_lookup(""), -ENOENT);
}

/* Nothing attaches in this module: every event is missing or detached. */
static void tpstat_registry_state_test(struct kunit *test)
{
	int id;

	for (id = 0; id < __TPSTAT_EV_CNT; id++) {
		enum tpstat_event_state st = tpstat_event_state(id);

		/* int: 5.10's KUnit wants both sides of one type. */
		KUNIT_EXPECT_NE(test, (int)st, (int)TPSTAT_STATE_ATTACHED);
		if (!tpstat_probe(id)->fn)
			KUNIT_EXPECT_EQ(test, (int)st, (int)TPSTAT_STATE_MISSING);
	}
	KUNIT_EXPECT_STREQ(test, tpstat_state_name(TPSTAT_STATE_ATTACHED),
			   "attached");
	KUNIT_EXPECT_STREQ(test, tpstat_state_name(TPSTAT_STATE_DETACHED),
			   "detached");
	KUNIT_EXPECT_STREQ(test, tpstat_state_name(TPSTAT_STATE_MISSING),
			   "missing");
}

static struct kunit_case tpstat_registry_cases[] = {
	KUNIT_CASE(tpstat_registry_sorted_test),
	KUNIT_CASE(tpstat_registry_lookup_test),
	KUNIT_CASE(tpstat_registry_state_test),
	{}
};

static struct kunit_suite tpstat_registry_suite = {
	.name = "tpstat_registry",
	.init = tpstat_registry_test_init,
	.test_cases = tpstat_registry_cases,
};

/* ---- events= parsing --------------------------------------------------- */

static int count_group(const char *group)
{
	int id, n = 0;

	for (id = 0; id < __TPSTAT_EV_CNT; id++)
		n += !strcmp(tpstat_events[id].group, group);
	return n;
}

static void tpstat_params_valid_test(struct kunit *test)
{
	DECLARE_BITMAP(sel, __TPSTAT_EV_CNT);
	char err[128] = "";
	int id;

	/* The default: the hand-written probes, which come first. */
	KUNIT_ASSERT_EQ(test, tpstat_parse_events(NULL, sel, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(sel, __TPSTAT_EV_CNT),
			TPSTAT_NR_HAND_EVENTS);
	KUNIT_EXPECT_EQ(test, find_first_zero_bit(sel, __TPSTAT_EV_CNT),
			(unsigned long)TPSTAT_NR_HAND_EVENTS);
	KUNIT_ASSERT_EQ(test, tpstat_parse_events("", sel, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(sel, __TPSTAT_EV_CNT),
			TPSTAT_NR_HAND_EVENTS);
	KUNIT_ASSERT_EQ(test, tpstat_parse_events("*", sel, err, sizeof(err)), 0);
	KUNIT_EXPECT_TRUE(test, bitmap_full(sel, __TPSTAT_EV_CNT));

	KUNIT_ASSERT_EQ(test, tpstat_parse_events("tcp:*", sel, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(sel, __TPSTAT_EV_CNT),
			count_group("tcp"));
	for_each_set_bit(id, sel, __TPSTAT_EV_CNT)
		KUNIT_EXPECT_STREQ(test, tpstat_events[id].group, "tcp");

	KUNIT_ASSERT_EQ(test, tpstat_parse_events("tcp:*,skb:kfree_skb", sel,
						  err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(sel, __TPSTAT_EV_CNT),
			count_group("tcp") + 1);
	KUNIT_EXPECT_TRUE(test, test_bit(TPSTAT_EV_KFREE_SKB, sel));

	/* Without a group, the name is matched in any group. */
	KUNIT_ASSERT_EQ(test, tpstat_parse_events("kfree_skb", sel, err,
						  sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(sel, __TPSTAT_EV_CNT), 1);
	KUNIT_EXPECT_TRUE(test, test_bit(TPSTAT_EV_KFREE_SKB, sel));

	/* A glob reaches the generated probes' tracepoints too (netif_rx_exit). */
	KUNIT_ASSERT_EQ(test, tpstat_parse_events("net:netif_rx*", sel, err,
						  sizeof(err)), 0);
	KUNIT_EXPECT_GE(test, bitmap_weight(sel, __TPSTAT_EV_CNT), 2);
	KUNIT_EXPECT_TRUE(test, test_bit(TPSTAT_EV_NETIF_RX, sel));
	KUNIT_EXPECT_TRUE(test, test_bit(TPSTAT_EV_NETIF_RX_ENTRY, sel));
	for_each_set_bit(id, sel, __TPSTAT_EV_CNT)
		KUNIT_EXPECT_EQ(test, strncmp(tpstat_events[id].name, "netif_rx", 8),
				0);

	/* Overlapping items select once. */
	KUNIT_ASSERT_EQ(test, tpstat_parse_events("skb:*,*kfree*", sel, err,
						  sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(sel, __TPSTAT_EV_CNT),
			count_group("skb"));
}

struct bad_spec {
	const char *spec, *says;
};

static const struct bad_spec bad_specs[] = {
	{ "nosuch:thing", "'nosuch:thing' matches no tracepoint" },
	{ "tcp:*,", "empty item" },
	{ ",tcp:*", "empty item" },
	{ "tcp:*,,skb:*", "empty item" },
	{ "TCP:*", "character 0x54 is not one of" },
	{ "tcp:$x", "character 0x24 is not one of" },
	{ "tcp: *", "character 0x20 is not one of" },
	{ "a:b:c", "more than one ':'" },
	{ "tcp:tcp_probe,bogus", "'bogus' matches no tracepoint" },
	{ "tcp:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	  "longer than 63 characters" },
};

static void tpstat_params_invalid_test(struct kunit *test)
{
	DECLARE_BITMAP(sel, __TPSTAT_EV_CNT);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_specs); i++) {
		char err[128] = "";

		KUNIT_EXPECT_EQ_MSG(test,
				    tpstat_parse_events(bad_specs[i].spec, sel,
							err, sizeof(err)),
				    -EINVAL, "spec '%s'", bad_specs[i].spec);
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, bad_specs[i].says),
					  "spec '%s' said '%s'",
					  bad_specs[i].spec, err);
		/* Nothing half-selected is left behind. */
		KUNIT_EXPECT_TRUE(test, bitmap_empty(sel, __TPSTAT_EV_CNT));
	}
}

static struct kunit_case tpstat_params_cases[] = {
	KUNIT_CASE(tpstat_params_valid_test),
	KUNIT_CASE(tpstat_params_invalid_test),
	{}
};

static struct kunit_suite tpstat_params_suite = {
	.name = "tpstat_params",
	.init = tpstat_registry_test_init,
	.test_cases = tpstat_params_cases,
};

/* ---- per-CPU counters and the probes that fill them -------------------- */

struct counters_ctx {
	struct tpstat_pcpu __percpu *pcpu;
	struct tpstat_totals totals;
};

static int tpstat_counters_test_init(struct kunit *test)
{
	struct counters_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->pcpu = tpstat_counters_alloc();
	KUNIT_ASSERT_NOT_NULL(test, ctx->pcpu);
	tpstat_registry_init();
	test->priv = ctx;
	return 0;
}

static void tpstat_counters_test_exit(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;

	tpstat_counters_free(ctx->pcpu);
}

static u64 slot_total(struct counters_ctx *ctx, unsigned int slot)
{
	tpstat_counters_sum(ctx->pcpu, &ctx->totals);
	return ctx->totals.slot[slot];
}

/* Adds to one given CPU's copy, as that CPU's probes would have. */
static void plant(struct tpstat_pcpu *c, unsigned int slot, u64 v)
{
#if BITS_PER_LONG == 64
	c->slot[slot].v += v;
#else
	local64_add(v, &c->slot[slot].v);
#endif
}

/* Values planted on every possible CPU add up, slot by slot. */
static void tpstat_counters_sum_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	unsigned int cpu, slot;
	u64 expect[3] = {};
	const unsigned int slots[3] = { 0, TPSTAT_SLOT_RX_BYTES,
					TPSTAT_NR_SLOTS - 1 };
	int i;

	for_each_possible_cpu(cpu) {
		struct tpstat_pcpu *c = per_cpu_ptr(ctx->pcpu, cpu);

		for (i = 0; i < 3; i++) {
			u64 v = (u64)(cpu + 1) << (8 * i + 32);

			/* Large values: a 32-bit truncation would show. */
			plant(c, slots[i], v);
			expect[i] += v;
		}
	}
	tpstat_counters_sum(ctx->pcpu, &ctx->totals);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, ctx->totals.slot[slots[i]], expect[i]);
	for (slot = 1; slot < TPSTAT_NR_SLOTS - 1; slot++)
		if (slot != TPSTAT_SLOT_RX_BYTES)
			KUNIT_EXPECT_EQ(test, ctx->totals.slot[slot], 0ULL);
}

#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT
static void tpstat_xmit_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *data = tpstat_pcpu_data(ctx->pcpu);

	preempt_disable();
	tpstat_probe_net_dev_xmit(data, NULL, NETDEV_TX_OK, NULL, 1000);
	tpstat_probe_net_dev_xmit(data, NULL, NETDEV_TX_OK, NULL, 60);
	tpstat_probe_net_dev_xmit(data, NULL, NETDEV_TX_BUSY, NULL, 500);
	tpstat_probe_net_dev_xmit(data, NULL, -ENOBUFS, NULL, 700);
	preempt_enable();

	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_EV_NET_DEV_XMIT), 4ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_XMIT_BYTES), 1060ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_XMIT_ERRORS), 2ULL);
}
#endif

#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB
/* An skb as a driver hands it up: MAC header set, then pulled. */
static void tpstat_rx_bytes_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *data = tpstat_pcpu_data(ctx->pcpu);
	struct sk_buff *eth, *raw, *paged;
	struct page *page;

	eth = alloc_skb(256, GFP_KERNEL);
	raw = alloc_skb(256, GFP_KERNEL);
	paged = alloc_skb(256, GFP_KERNEL);
	page = alloc_page(GFP_KERNEL);
	if (!eth || !raw || !paged || !page) {
		kfree_skb(eth);
		kfree_skb(raw);
		kfree_skb(paged);
		if (page)
			__free_page(page);
		KUNIT_FAIL(test, "cannot allocate the test skbs");
		return;
	}
	skb_put(eth, ETH_HLEN + 100);
	skb_reset_mac_header(eth);
	skb_pull(eth, ETH_HLEN);
	KUNIT_ASSERT_EQ(test, eth->len, 100U);
	/* No link-layer header: a tun device in L3 mode sets it at data. */
	skb_put(raw, 40);
	skb_reset_mac_header(raw);
	/* Most of the frame in a page, as a driver builds it with GRO. */
	skb_put(paged, ETH_HLEN + 60);
	skb_reset_mac_header(paged);
	skb_pull(paged, ETH_HLEN);
	skb_add_rx_frag(paged, 0, page, 0, 500, PAGE_SIZE);
	KUNIT_ASSERT_EQ(test, paged->len, 560U);

	preempt_disable();
	tpstat_probe_netif_receive_skb(data, eth);
	tpstat_probe_netif_receive_skb(data, raw);
	tpstat_probe_netif_receive_skb(data, paged);
	preempt_enable();

	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_EV_NETIF_RECEIVE_SKB), 3ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_RX_BYTES),
			(u64)(ETH_HLEN + 100 + 40 + ETH_HLEN + 560));
	kfree_skb(eth);
	kfree_skb(raw);
	kfree_skb(paged);
}
#endif

#if defined(TPSTAT_HAVE_TP_NET_DEV_XMIT) && defined(TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB)
/*
 * The views and filtered probes count what the lean one does: with no
 * view enabled and no filter set, three probes make three times the sums.
 */
static void tpstat_probe_kinds_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *data = tpstat_pcpu_data(ctx->pcpu);
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_ASSERT_EQ(test, tpstat_views_enabled, 0UL);
	skb_put(skb, ETH_HLEN + 60);
	skb_reset_mac_header(skb);
	skb_pull(skb, ETH_HLEN);
	for (i = 0; i < 2; i++) {
		int rc = i ? -ENOBUFS : NETDEV_TX_OK;

		preempt_disable();
		tpstat_probe_net_dev_xmit(data, NULL, rc, NULL, 300);
		tpstat_views_net_dev_xmit(data, NULL, rc, NULL, 300);
		tpstat_filtered_net_dev_xmit(data, NULL, rc, NULL, 300);
		preempt_enable();
	}
	preempt_disable();
	tpstat_probe_netif_receive_skb(data, skb);
	tpstat_views_netif_receive_skb(data, skb);
	tpstat_filtered_netif_receive_skb(data, skb);
	preempt_enable();

	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_EV_NET_DEV_XMIT), 6ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_XMIT_BYTES), 900ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_XMIT_ERRORS), 3ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_EV_NETIF_RECEIVE_SKB), 3ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_RX_BYTES),
			3ULL * (ETH_HLEN + 60));
	kfree_skb(skb);
}
#endif

#ifdef TPSTAT_HAVE_TP_KFREE_SKB
static void tpstat_drops_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *data = tpstat_pcpu_data(ctx->pcpu);
	u64 drops = 0;

	preempt_disable();
#if defined(TPSTAT_HAVE_KFREE_SKB_PLAIN)
	tpstat_probe_kfree_skb(data, NULL, NULL);
	drops++;
#elif defined(TPSTAT_HAVE_KFREE_SKB_REASON)
	tpstat_probe_kfree_skb(data, NULL, NULL, SKB_DROP_REASON_NO_SOCKET);
	drops++;
#ifdef TPSTAT_HAVE_SKB_CONSUMED
	tpstat_probe_kfree_skb(data, NULL, NULL, SKB_CONSUMED);
#endif
#else
	tpstat_probe_kfree_skb(data, NULL, NULL, SKB_DROP_REASON_NO_SOCKET, NULL);
	tpstat_probe_kfree_skb(data, NULL, NULL, SKB_CONSUMED, NULL);
	drops++;
#endif
	preempt_enable();

	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_DROPS), drops);
	KUNIT_EXPECT_GE(test, slot_total(ctx, TPSTAT_EV_KFREE_SKB), drops);
}
#endif

#ifdef TPSTAT_HAVE_TP_INET_SOCK_SET_STATE
static void tpstat_tcp_states_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *data = tpstat_pcpu_data(ctx->pcpu);
	struct sock *tcp, *udp;
	unsigned int cell;
	u64 in_matrix = 0;
	int i;

	tcp = kunit_kzalloc(test, sizeof(*tcp), GFP_KERNEL);
	udp = kunit_kzalloc(test, sizeof(*udp), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tcp);
	KUNIT_ASSERT_NOT_NULL(test, udp);
	tcp->sk_protocol = IPPROTO_TCP;
	udp->sk_protocol = IPPROTO_UDP;

	preempt_disable();
	for (i = 0; i < 3; i++)
		tpstat_probe_inet_sock_set_state(data, tcp, TCP_SYN_SENT,
						 TCP_ESTABLISHED);
	tpstat_probe_inet_sock_set_state(data, tcp, TCP_ESTABLISHED,
					 TCP_FIN_WAIT1);
	/* Not TCP: a hit, but no transition. */
	tpstat_probe_inet_sock_set_state(data, udp, TCP_SYN_SENT,
					 TCP_ESTABLISHED);
	/* Values TCP never passes: a hit, in the matrix (KASAN: not beyond). */
	tpstat_probe_inet_sock_set_state(data, tcp, TCP_MAX_STATES, -1);
	tpstat_probe_inet_sock_set_state(data, tcp, -1, TCP_MAX_STATES);
	preempt_enable();

	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_EV_INET_SOCK_SET_STATE),
			7ULL);
	/* The TCP hits are the matrix's: all but the UDP one are in it. */
	for (cell = 0; cell < TPSTAT_TCP_CELLS; cell++)
		in_matrix += ctx->totals.slot[TPSTAT_SLOT_TCP_STATES + cell];
	KUNIT_EXPECT_EQ(test, in_matrix, 6ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT,
								    TCP_ESTABLISHED)),
			3ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_TCP_STATE(TCP_ESTABLISHED,
								    TCP_FIN_WAIT1)),
			1ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_TCP_STATE(TCP_FIN_WAIT1,
								    TCP_ESTABLISHED)),
			0ULL);
}
#endif

/* Every probe counts one hit in its own event's slot and nowhere else. */
static void tpstat_hits_slot_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *data = tpstat_pcpu_data(ctx->pcpu);
	/* A NAPI context without a device: the probe reads napi->dev. */
	struct napi_struct *napi = kunit_kzalloc(test, sizeof(*napi), GFP_KERNEL);
	unsigned int slot;

	KUNIT_ASSERT_NOT_NULL(test, napi);
	preempt_disable();
#if defined(TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB) && \
	defined(TPSTAT_HAVE_TCP_RETRANSMIT_SKB_PLAIN)
	tpstat_probe_tcp_retransmit_skb(data, NULL, NULL);
#elif defined(TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB)
	tpstat_probe_tcp_retransmit_skb(data, NULL, NULL, 0);
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_POLL
	tpstat_probe_napi_poll(data, napi, 3, 64);
	tpstat_probe_napi_poll(data, napi, 64, 64);
#endif
	preempt_enable();

	tpstat_counters_sum(ctx->pcpu, &ctx->totals);
	for (slot = 0; slot < TPSTAT_NR_SLOTS; slot++) {
		u64 expect = 0;

#ifdef TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB
		if (slot == TPSTAT_EV_TCP_RETRANSMIT_SKB)
			expect = 1;
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_POLL
		if (slot == TPSTAT_EV_NAPI_POLL)
			expect = 2;
#endif
		KUNIT_EXPECT_EQ_MSG(test, ctx->totals.slot[slot], expect,
				    "slot %u", slot);
	}
}

/* Readers see sorted "<key> <value>" pairs, derived ones by their event. */
static void tpstat_report_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	struct tpstat_report *report;
	unsigned int i, present = 0;
	bool seen_transition = false, seen_bytes = false;
	int id;

	report = kunit_kzalloc(test, sizeof(*report), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, report);
	memset(&ctx->totals, 0, sizeof(ctx->totals));
	ctx->totals.slot[TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_ESTABLISHED)] = 5;
	ctx->totals.slot[TPSTAT_SLOT_XMIT_BYTES] = 1234;
	tpstat_report_build(&ctx->totals, report);

	for (id = 0; id < __TPSTAT_EV_CNT; id++)
		present += tpstat_event_state(id) != TPSTAT_STATE_MISSING;
	for (i = 0; i < report->count; i++) {
		const struct tpstat_value *v = &report->values[i];

		KUNIT_EXPECT_NULL(test, strpbrk(v->key, " \t\n"));
		if (i)
			KUNIT_EXPECT_LT(test, strcmp(report->values[i - 1].key,
						     v->key), 0);
		if (!strcmp(v->key, "sock:inet_sock_set_state.SYN_SENT->ESTABLISHED")) {
			KUNIT_EXPECT_EQ(test, v->value, 5ULL);
			seen_transition = true;
		}
		if (!strcmp(v->key, "net:net_dev_xmit.bytes")) {
			KUNIT_EXPECT_EQ(test, v->value, 1234ULL);
			seen_bytes = true;
		}
		/* Transitions that never happened are not listed. */
		if (strstr(v->key, "->"))
			KUNIT_EXPECT_NE(test, v->value, 0ULL);
	}
	KUNIT_EXPECT_GE(test, report->count, present);
	if (tpstat_event_state(TPSTAT_EV_INET_SOCK_SET_STATE) !=
	    TPSTAT_STATE_MISSING)
		KUNIT_EXPECT_TRUE(test, seen_transition);
	if (tpstat_event_state(TPSTAT_EV_NET_DEV_XMIT) != TPSTAT_STATE_MISSING)
		KUNIT_EXPECT_TRUE(test, seen_bytes);
	KUNIT_EXPECT_STREQ(test, tpstat_tcp_state_name(TCP_NEW_SYN_RECV),
			   "NEW_SYN_RECV");
	KUNIT_EXPECT_NULL(test, tpstat_tcp_state_name(TCP_MAX_STATES));
}

static struct kunit_case tpstat_counters_cases[] = {
	KUNIT_CASE(tpstat_counters_sum_test),
	KUNIT_CASE(tpstat_hits_slot_test),
#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT
	KUNIT_CASE(tpstat_xmit_test),
#endif
#ifdef TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB
	KUNIT_CASE(tpstat_rx_bytes_test),
#endif
#if defined(TPSTAT_HAVE_TP_NET_DEV_XMIT) && defined(TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB)
	KUNIT_CASE(tpstat_probe_kinds_test),
#endif
#ifdef TPSTAT_HAVE_TP_KFREE_SKB
	KUNIT_CASE(tpstat_drops_test),
#endif
#ifdef TPSTAT_HAVE_TP_INET_SOCK_SET_STATE
	KUNIT_CASE(tpstat_tcp_states_test),
#endif
	KUNIT_CASE(tpstat_report_test),
	{}
};

static struct kunit_suite tpstat_counters_suite = {
	.name = "tpstat_counters",
	.init = tpstat_counters_test_init,
	.exit = tpstat_counters_test_exit,
	.test_cases = tpstat_counters_cases,
};

/* ---- keyed tables ------------------------------------------------------ */

struct tkey {
	u64 a, b;
};

static struct tkey tkey(u64 a)
{
	struct tkey k = { .a = a, .b = ~a };

	return k;
}

static void tpstat_table_insert_lookup_test(struct kunit *test)
{
	struct tpstat_table t;
	struct tkey k1 = tkey(1), k2 = tkey(2);
	atomic64_t *v1, *v2;

	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(&t, 8, sizeof(struct tkey), 2));
	KUNIT_EXPECT_EQ(test, 16U, t.nr_slots);
	v1 = tpstat_table_get(&t, &k1);
	KUNIT_ASSERT_NOT_NULL(test, v1);
	atomic64_add(5, &v1[1]);
	v2 = tpstat_table_get(&t, &k2);
	KUNIT_ASSERT_NOT_NULL(test, v2);
	KUNIT_EXPECT_PTR_NE(test, v1, v2);
	/* The same key finds the same values. */
	KUNIT_EXPECT_PTR_EQ(test, v1, tpstat_table_get(&t, &k1));
	KUNIT_EXPECT_EQ(test, 5LL, atomic64_read(&tpstat_table_get(&t, &k1)[1]));
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&t.used));
	KUNIT_EXPECT_EQ(test, 0LL, atomic64_read(&t.overflow));
	tpstat_table_clear(&t);
	KUNIT_EXPECT_EQ(test, 0, atomic_read(&t.used));
	KUNIT_EXPECT_EQ(test, 0LL, atomic64_read(&tpstat_table_get(&t, &k1)[1]));
	tpstat_table_free(&t);
}

/*
 * A table's size: twice its keys in slots, rounded up to a power of two;
 * none past the largest budget, the flow table's, or for a key that is
 * not whole u64 words.  A million flows fit only a 64-bit kernel's.
 */
static void tpstat_table_size_test(struct kunit *test)
{
	u64 flow_slot = sizeof(struct tpstat_slot_hdr) +
			sizeof(struct tpstat_flow_key) +
			TPSTAT_FLOW_NR * sizeof(u64);

	KUNIT_EXPECT_EQ(test, 16 * 32ULL, tpstat_table_size(5, 8, 2));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_size(0, 8, 2));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_size(5, 12, 2));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_size(U32_MAX, 8, 2));
	KUNIT_EXPECT_EQ(test, (1ULL << 19) * flow_slot,
			tpstat_table_size(262144, sizeof(struct tpstat_flow_key),
					  TPSTAT_FLOW_NR));
	KUNIT_EXPECT_EQ(test, BITS_PER_LONG == 64 ? (1ULL << 21) * flow_slot : 0,
			tpstat_table_size(1048576, sizeof(struct tpstat_flow_key),
					  TPSTAT_FLOW_NR));
	KUNIT_EXPECT_EQ(test, 0ULL,
			tpstat_table_size(2097152, sizeof(struct tpstat_flow_key),
					  TPSTAT_FLOW_NR));
}

/*
 * Hints: each starts at the empty slot, whose key is zeros; one set on
 * this CPU reads back; a clear puts every CPU's back to the empty slot,
 * with the slots it pointed at.
 */
static void tpstat_table_hints_test(struct kunit *test)
{
	struct tpstat_table t;
	struct tkey k = tkey(7);
	struct tpstat_slot_hdr *empty, *s;
	const u64 *key;
	int cpu, i;

	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(&t, 8, sizeof(struct tkey), 1));
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init_hints(&t));
	KUNIT_EXPECT_EQ(test, (size_t)t.bytes + num_possible_cpus() *
			sizeof(struct tpstat_table_hints), tpstat_table_bytes(&t));
	preempt_disable();
	empty = tpstat_table_hint(&t, 0);
	for (i = 0; i < TPSTAT_TABLE_HINTS; i++) {
		KUNIT_EXPECT_PTR_EQ(test, empty, tpstat_table_hint(&t, i));
		KUNIT_EXPECT_FALSE(test, tpstat_table_holds(&t, tpstat_table_hint(&t, i)));
	}
	key = tpstat_slot_key(empty);
	for (i = 0; i < TPSTAT_TABLE_HINTED_KEY_MAX / 8; i++)
		KUNIT_EXPECT_EQ(test, 0ULL, key[i]);
	s = tpstat_table_find(&t, &k);
	KUNIT_ASSERT_NOT_NULL(test, s);
	tpstat_table_set_hint(&t, 3, s);
	KUNIT_EXPECT_PTR_EQ(test, s, tpstat_table_hint(&t, 3));
	KUNIT_EXPECT_PTR_EQ(test, empty, tpstat_table_hint(&t, 4));
	preempt_enable();
	tpstat_table_clear(&t);
	for_each_possible_cpu(cpu)
		for (i = 0; i < TPSTAT_TABLE_HINTS; i++)
			KUNIT_EXPECT_PTR_EQ(test, empty,
					    per_cpu_ptr(t.hints, cpu)->slot[i]);
	tpstat_table_free(&t);
	KUNIT_EXPECT_NULL(test, t.hints);
}

/*
 * The DEVICES view's inline recording: two devices whose ifindex share a
 * hint (5 and 21) each get their own entry, exactly, as the hint moves
 * between them; a third, past the table's two keys, is lost and counted,
 * and its updates touch neither entry.
 */
static void tpstat_devices_hint_test(struct kunit *test)
{
	struct tpstat_views *v = kunit_kzalloc(test, sizeof(*v), GFP_KERNEL);
	struct tpstat_table *t;
	struct net_device *dev[3];
	atomic64_t *vals;
	int i, ifindex[3] = { 5, 21, 37 };

	KUNIT_ASSERT_NOT_NULL(test, v);
	t = &v->table[TPSTAT_VIEW_DEVICES];
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, 2, sizeof(struct tpstat_dev_key),
						   TPSTAT_DEV_NR));
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init_hints(t));
	for (i = 0; i < 3; i++) {
		dev[i] = alloc_netdev(0, "tpstat%d", NET_NAME_UNKNOWN, ether_setup);
		KUNIT_ASSERT_NOT_NULL(test, dev[i]);
		dev[i]->ifindex = ifindex[i];
	}
	preempt_disable();
	for (i = 0; i < 10; i++) {
		tpstat_record_dev(v, dev[0], TPSTAT_DEV_TX_PACKETS, 100, true);
		tpstat_record_dev(v, dev[1], TPSTAT_DEV_TX_PACKETS, 1, true);
		tpstat_record_dev(v, dev[1], TPSTAT_DEV_TX_PACKETS, 1, true);
		tpstat_record_dev(v, dev[2], TPSTAT_DEV_TX_PACKETS, 7, true);
	}
	tpstat_record_napi(v, dev[0], 64, 64);
	preempt_enable();
	for (i = 0; i < 2; i++) {
		struct tpstat_dev_key key = {};

		tpstat_key_ns(&key, dev_net(dev[i]));
		key.ifindex = ifindex[i];
		vals = tpstat_table_get(t, &key);
		KUNIT_ASSERT_NOT_NULL(test, vals);
		KUNIT_EXPECT_EQ(test, i ? 20LL : 10LL,
				atomic64_read(&vals[TPSTAT_DEV_TX_PACKETS]));
		KUNIT_EXPECT_EQ(test, i ? 20LL : 1000LL,
				atomic64_read(&vals[TPSTAT_DEV_TX_BYTES]));
		KUNIT_EXPECT_EQ(test, i ? 0LL : 1LL,
				atomic64_read(&vals[TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED]));
	}
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&t->used));
	/* The third device's 10 updates, and the look-up above found all. */
	KUNIT_EXPECT_EQ(test, 10LL, atomic64_read(&t->overflow));
	for (i = 0; i < 3; i++)
		free_netdev(dev[i]);
	tpstat_table_free(t);
}

/*
 * Out of line: 5.10's KUnit puts each expectation's record on the stack,
 * and the test's frame would pass the kernel's 1024-byte limit.
 */
static noinline void collision_test_check(struct kunit *test,
					  struct tpstat_table *t,
					  atomic64_t **vals,
					  const struct tkey *keys, int n)
{
	int i, j;

	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_PTR_EQ(test, vals[i], tpstat_table_get(t, &keys[i]));
		KUNIT_EXPECT_EQ(test, (s64)i + 1, atomic64_read(vals[i]));
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_PTR_NE(test, vals[i], vals[j]);
	}
}

/* Keys with the same slot: every one lands in its own slot, in a run. */
static void tpstat_table_collision_test(struct kunit *test)
{
	struct tpstat_table *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	atomic64_t *vals[6];
	struct tkey keys[6];
	u32 mask, want;
	int found = 0, i;
	u64 a;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, 64, sizeof(struct tkey), 1));
	mask = t->nr_slots - 1;
	want = (tpstat_key_hash((const u64 *)&(struct tkey){ .a = 0, .b = ~0ULL },
				2, t->seed) | 1) & mask;
	for (a = 0; found < 6 && a < 100000; a++) {
		struct tkey k = tkey(a);

		if (((tpstat_key_hash((const u64 *)&k, 2, t->seed) | 1) & mask) == want)
			keys[found++] = k;
	}
	KUNIT_ASSERT_EQ(test, 6, found);
	for (i = 0; i < 6; i++) {
		vals[i] = tpstat_table_get(t, &keys[i]);
		KUNIT_ASSERT_NOT_NULL(test, vals[i]);
		atomic64_add(i + 1, vals[i]);
	}
	collision_test_check(test, t, vals, keys, 6);
	tpstat_table_free(t);
}

/* A full table loses exactly the updates for new keys, and counts them. */
static void tpstat_table_full_test(struct kunit *test)
{
	struct tpstat_table t;
	struct tkey k;
	int i, lost = 0;

	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(&t, 10, sizeof(struct tkey), 1));
	for (i = 0; i < 25; i++) {
		k = tkey(i);
		if (!tpstat_table_get(&t, &k))
			lost++;
	}
	KUNIT_EXPECT_EQ(test, 15, lost);
	KUNIT_EXPECT_EQ(test, 15LL, atomic64_read(&t.overflow));
	KUNIT_EXPECT_EQ(test, 10, atomic_read(&t.used));
	/* Keys already in still count. */
	k = tkey(3);
	KUNIT_EXPECT_NOT_NULL(test, tpstat_table_get(&t, &k));
	KUNIT_EXPECT_EQ(test, 15LL, atomic64_read(&t.overflow));
	tpstat_table_free(&t);
}

/*
 * A reader's copy (view_copy.c), from a table holding 300 keys of the
 * home namespace (cookie 1) and 100 of another (cookie 77), the
 * namespace cookie in each key's first word: it keeps only the
 * namespace it is for, every key once with its value, growing from room
 * for 8 records as it finds more; at its bound it keeps what fits and
 * counts the rest as lost.
 */
static struct tpstat_view_snap *copy_test_copy(struct kunit *test,
					       const struct tpstat_table *t,
					       u64 cookie, u32 room, u32 bound)
{
	u32 rec_size = t->key_size + t->nr_vals * sizeof(u64), i, next;
	struct tpstat_view_snap *snap;

	snap = kvzalloc(struct_size(snap, recs, (size_t)room * rec_size),
			GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, snap);
	snap->key_size = t->key_size;
	snap->nr_vals = t->nr_vals;
	snap->rec_size = rec_size;
	snap->room = room;
	snap->bound = bound;
	for (i = 0; i < t->nr_slots; i = next) {
		rcu_read_lock();
		next = tpstat_snap_copy(snap, t, i, min(t->nr_slots, i + 64),
					cookie);
		rcu_read_unlock();
		if (snap->count == snap->room && snap->room < snap->bound &&
		    !tpstat_snap_grow(&snap, min(bound, 2 * snap->room))) {
			kvfree(snap);
			KUNIT_FAIL(test, "no memory to grow a copy");
			return NULL;
		}
	}
	return snap;
}

/* Out of line for 5.10's frame limit, as collision_test_check(). */
static noinline void copy_test_check(struct kunit *test,
				     const struct tpstat_view_snap *snap,
				     u64 cookie, u32 count, u32 lost)
{
	u64 sum = 0, want;
	u32 i;

	KUNIT_EXPECT_EQ(test, count, snap->count);
	KUNIT_EXPECT_EQ(test, (u64)lost, snap->overflow);
	KUNIT_EXPECT_LE(test, snap->count, snap->room);
	for (i = 0; i < snap->count; i++) {
		const struct tkey *k = tpstat_snap_key(snap, i);

		if (cookie)
			KUNIT_EXPECT_EQ(test, cookie, k->a);
		KUNIT_EXPECT_EQ(test, k->b + 1, tpstat_snap_vals(snap, i)[0]);
		sum += k->b;
	}
	/* Every key once: 0..299 for the home one, 300..399 for 77. */
	want = cookie == 77 ? 34950 : cookie == 1 ? 44850 : 79800;
	if (!lost)
		KUNIT_EXPECT_EQ(test, want, sum);
}

static void tpstat_view_copy_test(struct kunit *test)
{
	static const struct { u64 cookie; u32 room, bound, count, lost; } c[] = {
		{ 77, 8, 1024, 100, 0 },
		{ 1, 8, 1024, 300, 0 },
		{ 0, 8, 1024, 400, 0 },
		{ 1, 8, 50, 50, 250 },
	};
	struct tpstat_view_snap *snap;
	struct tpstat_table t;
	u32 i, j;

	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(&t, 1024, sizeof(struct tkey), 1));
	tpstat_table_set_tenancy(&t, 0, 1, 0);
	for (i = 0; i < 400; i++) {
		struct tkey k = { .a = i < 300 ? 1 : 77, .b = i };
		atomic64_t *v = tpstat_table_get(&t, &k);

		KUNIT_ASSERT_NOT_NULL(test, v);
		atomic64_set(v, i + 1);
	}
	KUNIT_EXPECT_EQ(test, 128U, tpstat_table_ns_keys_max(&t, 77));
	KUNIT_EXPECT_EQ(test, 100U, tpstat_table_ns_keys_used(&t, 77));
	KUNIT_EXPECT_EQ(test, 1024U, tpstat_table_ns_keys_max(&t, 1));
	KUNIT_EXPECT_EQ(test, 400U, tpstat_table_ns_keys_used(&t, 1));
	for (j = 0; j < ARRAY_SIZE(c); j++) {
		snap = copy_test_copy(test, &t, c[j].cookie, c[j].room,
				      c[j].bound);
		if (!snap)
			break;
		copy_test_check(test, snap, c[j].cookie, c[j].count, c[j].lost);
		kvfree(snap);
	}
	tpstat_table_free(&t);
}

#define CONC_KEYS	200
#define CONC_ROUNDS	50

struct conc_ctx {
	struct tpstat_table *t;
	struct completion done;
};

static int tpstat_conc_inserter(void *arg)
{
	struct conc_ctx *c = arg;
	int r, i;

	for (r = 0; r < CONC_ROUNDS; r++) {
		for (i = 0; i < CONC_KEYS; i++) {
			struct tkey k = tkey(i);
			atomic64_t *v = tpstat_table_get(c->t, &k);

			if (v)
				atomic64_inc(v);
		}
		cond_resched();
	}
	complete(&c->done);
	return 0;
}

/*
 * Inserters on every CPU race for the same keys: each key ends up in
 * exactly one slot, and every update is either counted or in overflow.
 */
static void tpstat_table_concurrent_test(struct kunit *test)
{
	struct conc_ctx ctx[4];
	/* On the heap: with its quota counters it is too big for the stack. */
	struct tpstat_table *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u64 total = 0;
	int n = min_t(int, ARRAY_SIZE(ctx), max_t(int, 2, num_online_cpus()));
	int i, j, seen = 0;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, CONC_KEYS, sizeof(struct tkey), 1));
	for (i = 0; i < n; i++) {
		struct task_struct *task;

		ctx[i].t = t;
		init_completion(&ctx[i].done);
		task = kthread_create(tpstat_conc_inserter, &ctx[i], "tpstat_kt%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(task));
		kthread_bind(task, i % num_online_cpus());
		wake_up_process(task);
	}
	for (i = 0; i < n; i++)
		wait_for_completion(&ctx[i].done);
	for (i = 0; i < t->nr_slots; i++) {
		struct tpstat_slot_hdr *s = tpstat_table_slot(t, i);
		const struct tkey *k;

		if (!s->hash)
			continue;
		KUNIT_EXPECT_TRUE(test, tpstat_slot_ready(s));
		k = tpstat_slot_key(s);
		for (j = 0; j < i; j++) {
			struct tpstat_slot_hdr *o = tpstat_table_slot(t, j);

			if (o->hash == s->hash)
				KUNIT_EXPECT_NE(test, 0, memcmp(k, tpstat_slot_key(o),
								sizeof(*k)));
		}
		total += atomic64_read(tpstat_slot_vals(t, s));
		seen++;
	}
	KUNIT_EXPECT_EQ(test, CONC_KEYS, seen);
	KUNIT_EXPECT_EQ(test, (u64)n * CONC_KEYS * CONC_ROUNDS,
			total + atomic64_read(&t->overflow));
	tpstat_table_free(t);
}

/*
 * The namespaces by cookie (netns_index.c), and each namespace's own
 * losses: a table whose home is a namespace that does not exist, so
 * init_net is a tenant.  Its quota (8 keys: one a bucket) takes one of
 * init_net's keys and loses the next three, which init_net is told;
 * another cookie of init_net's bucket is told none, the home what is
 * left (none), and a clear zeroes init_net's count.
 */
static void tpstat_netns_index_test(struct kunit *test)
{
	u64 me, mate, home;
	struct tpstat_table *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, 0, tpstat_net_cookie_init());
	if (tpstat_netns_index_init()) {
		tpstat_net_cookie_exit();
		KUNIT_FAIL(test, "netns index: registering its pernet operations failed");
		return;
	}
	me = tpstat_net_cookie(&init_net);
	KUNIT_EXPECT_NE(test, 0ULL, me);
	rcu_read_lock();
	KUNIT_EXPECT_PTR_EQ(test, &init_net, tpstat_net_by_cookie(me));
	KUNIT_EXPECT_NULL(test, tpstat_net_by_cookie(0));
	KUNIT_EXPECT_NULL(test, tpstat_net_by_cookie(U64_MAX));
	rcu_read_unlock();

	/* Far above any cookie handed out: never a namespace's. */
	home = U64_MAX - 1;
	for (mate = U64_MAX - 2;
	     hash_64(mate, TPSTAT_TABLE_NS_BITS) != hash_64(me, TPSTAT_TABLE_NS_BITS);
	     mate--)
		;
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, 8, sizeof(struct tkey), 1));
	tpstat_table_set_tenancy(t, 0, home, 5);
	for (i = 0; i < 4; i++) {
		struct tkey k = { .a = me, .b = i };

		KUNIT_EXPECT_EQ(test, i == 0, tpstat_table_get(t, &k) != NULL);
	}
	KUNIT_EXPECT_EQ(test, 3LL, atomic64_read(&t->overflow));
	KUNIT_EXPECT_EQ(test, 3ULL, tpstat_table_ns_overflow(t, me));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_ns_overflow(t, mate));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_ns_overflow(t, home));
	KUNIT_EXPECT_EQ(test, 3ULL, tpstat_netns_lost(me, 5));
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_netns_lost(me, 4));
	tpstat_table_clear(t);
	KUNIT_EXPECT_EQ(test, 0ULL, tpstat_table_ns_overflow(t, me));
	tpstat_table_free(t);

	tpstat_netns_index_exit();
	tpstat_net_cookie_exit();
	rcu_read_lock();
	KUNIT_EXPECT_NULL(test, tpstat_net_by_cookie(me));
	rcu_read_unlock();
}

/* ---- histograms and flow keys ------------------------------------------ */

static void tpstat_log2_bucket_test(struct kunit *test)
{
	int b;

	KUNIT_EXPECT_EQ(test, 0U, tpstat_log2_bucket(0));
	KUNIT_EXPECT_EQ(test, 1U, tpstat_log2_bucket(1));
	KUNIT_EXPECT_EQ(test, 2U, tpstat_log2_bucket(2));
	KUNIT_EXPECT_EQ(test, 2U, tpstat_log2_bucket(3));
	KUNIT_EXPECT_EQ(test, 3U, tpstat_log2_bucket(4));
	/* Bucket b holds [2^(b-1), 2^b - 1]. */
	for (b = 1; b < 64; b++) {
		KUNIT_EXPECT_EQ(test, (unsigned int)b, tpstat_log2_bucket(1ULL << (b - 1)));
		KUNIT_EXPECT_EQ(test, (unsigned int)b, tpstat_log2_bucket((1ULL << b) - 1));
	}
	KUNIT_EXPECT_EQ(test, 64U, tpstat_log2_bucket(U64_MAX));
	KUNIT_EXPECT_EQ(test, (unsigned int)TPSTAT_HIST_BUCKETS - 1,
			tpstat_log2_bucket(U64_MAX));
}

/* A comm copy is one NUL-padded string, whatever followed its NUL. */
static void tpstat_comm_copy_test(struct kunit *test)
{
	static const struct {
		char src[TPSTAT_COMM_MAX];
		char want[TPSTAT_COMM_MAX];
	} cases[] = {
		{ "short\0garbage!!", "short" },
		{ "", "" },
		{ "\0xxxxxxxxxxxxxx", "" },
		{ "seven77\0garbage", "seven77" },
		{ "eight888\0garbag", "eight888" },
		{ "fifteen-chars-1", "fifteen-chars-1" },
		/* No NUL at all: cut to 15 characters. */
		{ { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h',
		    'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p' }, "abcdefghijklmno" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char dst[TPSTAT_COMM_MAX];

		memset(dst, 0x5a, sizeof(dst));
		tpstat_comm_copy(dst, cases[i].src);
		KUNIT_EXPECT_EQ_MSG(test, 0,
				    memcmp(dst, cases[i].want, sizeof(dst)),
				    "case %u", i);
	}
}

static void tpstat_flow_key_test(struct kunit *test)
{
	const u8 v6a[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	const u8 v6b[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 };
	const u8 mapped_a[16] = { [10] = 0xff, [11] = 0xff, 10, 99, 0, 1 };
	const u8 mapped_b[16] = { [10] = 0xff, [11] = 0xff, 10, 99, 0, 2 };
	struct tpstat_flow_key k4, k6, km, kmix;
	__be32 a = htonl(0x0a630001), b = htonl(0x0a630002);

	tpstat_flow_key_fill(&k4, &init_net, AF_INET, a, b, NULL, NULL, 40000, 5001);
	KUNIT_EXPECT_EQ(test, (u16)AF_INET, k4.family);
	KUNIT_EXPECT_EQ(test, 0, memcmp(k4.saddr, &a, 4));
	KUNIT_EXPECT_EQ(test, 0, memcmp(k4.daddr, &b, 4));
	KUNIT_EXPECT_EQ(test, 0, memchr_inv(k4.saddr + 4, 0, 12) ? 1 : 0);
	KUNIT_EXPECT_EQ(test, (u16)40000, k4.sport);
	KUNIT_EXPECT_EQ(test, (u16)5001, k4.dport);
	KUNIT_EXPECT_EQ(test, tpstat_net_cookie(&init_net), k4.ns_cookie);
	KUNIT_EXPECT_EQ(test, init_net.ns.inum, k4.ns_inum);

	tpstat_flow_key_fill(&k6, &init_net, AF_INET6, 0, 0, v6a, v6b, 40000, 5001);
	KUNIT_EXPECT_EQ(test, (u16)AF_INET6, k6.family);
	KUNIT_EXPECT_EQ(test, 0, memcmp(k6.saddr, v6a, 16));
	KUNIT_EXPECT_EQ(test, 0, memcmp(k6.daddr, v6b, 16));

	/* A v4-mapped IPv6 flow is the IPv4 flow, byte for byte. */
	tpstat_flow_key_fill(&km, &init_net, AF_INET6, 0, 0, mapped_a, mapped_b, 40000, 5001);
	KUNIT_EXPECT_EQ(test, 0, memcmp(&km, &k4, sizeof(km)));
	/* Only one side mapped: stays IPv6. */
	tpstat_flow_key_fill(&kmix, &init_net, AF_INET6, 0, 0, mapped_a, v6b, 40000, 5001);
	KUNIT_EXPECT_EQ(test, (u16)AF_INET6, kmix.family);
}

/*
 * A reset answered without a socket (@skb, data at the TCP header): a
 * SYN was for a local service; another segment to a local port in the
 * ephemeral range was for a client's end, whose service is the source.
 */
static void tpstat_reset_key_skb_test(struct kunit *test)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct tpstat_reset_key key;
	__be32 peer = htonl(0x7f000002);
	struct tcphdr *th;
	struct iphdr *iph;
	int low, high;

	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb_reserve(skb, 64);
	skb_reset_network_header(skb);
	iph = skb_put_zero(skb, sizeof(*iph));
	th = skb_put_zero(skb, sizeof(*th));
	skb_pull(skb, sizeof(*iph));
	skb->protocol = htons(ETH_P_IP);
	skb->dev = init_net.loopback_dev;
	iph->saddr = peer;
	tpstat_local_port_range(&init_net, &low, &high);
	th->source = htons(low);
	th->dest = htons(5303);
	th->syn = 1;

	memset(&key, 0, sizeof(key));
	tpstat_reset_key_fill(&key, NULL, skb, 0, true);
	KUNIT_EXPECT_EQ(test, (u8)TPSTAT_DIRECTION_PASSIVE, key.direction);
	KUNIT_EXPECT_EQ(test, (u16)5303, key.port);
	KUNIT_EXPECT_EQ(test, (u16)AF_INET, key.family);
	KUNIT_EXPECT_EQ(test, 0, memcmp(key.peer, &peer, 4));
	KUNIT_EXPECT_EQ(test, tpstat_net_cookie(&init_net), key.ns_cookie);
	KUNIT_EXPECT_EQ(test, init_net.ns.inum, key.ns_inum);

	/* The alerts' key: the local port, whatever the side. */
	memset(&key, 0, sizeof(key));
	tpstat_reset_key_fill(&key, NULL, skb, 0, false);
	KUNIT_EXPECT_EQ(test, (u8)TPSTAT_DIRECTION_UNKNOWN, key.direction);
	KUNIT_EXPECT_EQ(test, (u16)5303, key.port);

	/* An ACK to an ephemeral port from 5303: the client's end. */
	th->syn = 0;
	th->ack = 1;
	th->source = htons(5303);
	th->dest = htons(low);
	memset(&key, 0, sizeof(key));
	tpstat_reset_key_fill(&key, NULL, skb, 0, true);
	KUNIT_EXPECT_EQ(test, (u8)TPSTAT_DIRECTION_ACTIVE, key.direction);
	KUNIT_EXPECT_EQ(test, (u16)5303, key.port);

	/* The same to a port outside the range: a server's end. */
	th->dest = htons(low - 1);
	memset(&key, 0, sizeof(key));
	tpstat_reset_key_fill(&key, NULL, skb, 0, true);
	KUNIT_EXPECT_EQ(test, (u8)TPSTAT_DIRECTION_PASSIVE, key.direction);
	KUNIT_EXPECT_EQ(test, (u16)(low - 1), key.port);
	kfree_skb(skb);
}

/*
 * Which end a socket was born as rides in bit 0 of its birth time, the
 * share it was charged to in bits 1 to 6: the time read back is the
 * record's to 128 ns.
 */
static void tpstat_birth_direction_test(struct kunit *test)
{
	struct tpstat_births b;
	struct tpstat_birth out;
	/* Whole task names, as current->comm is: the record copies all of one. */
	static const char curl[TASK_COMM_LEN] = "curl", none[TASK_COMM_LEN];
	int sk_a, sk_p;

	KUNIT_ASSERT_EQ(test, 0, tpstat_births_init(&b, 4));
	KUNIT_EXPECT_EQ(test, TPSTAT_BIRTHS_HOME, tpstat_births_share(&init_net));
	tpstat_birth_record(&b, &sk_a, TPSTAT_BIRTHS_HOME, 128000 + 127, curl,
			    true);
	tpstat_birth_record(&b, &sk_p, 0, 256000, none, false);
	KUNIT_ASSERT_TRUE(test, tpstat_birth_take(&b, &sk_a, &out));
	KUNIT_EXPECT_TRUE(test, tpstat_birth_active(&out));
	KUNIT_EXPECT_EQ(test, 128000ULL, tpstat_birth_time(&out));
	KUNIT_EXPECT_EQ(test, TPSTAT_BIRTHS_HOME, tpstat_birth_share(&out));
	KUNIT_EXPECT_STREQ(test, "curl", (const char *)out.comm);
	KUNIT_ASSERT_TRUE(test, tpstat_birth_take(&b, &sk_p, &out));
	KUNIT_EXPECT_FALSE(test, tpstat_birth_active(&out));
	KUNIT_EXPECT_EQ(test, 256000ULL, tpstat_birth_time(&out));
	KUNIT_EXPECT_EQ(test, 0, tpstat_birth_share(&out));
	KUNIT_EXPECT_FALSE(test, tpstat_birth_take(&b, &sk_p, &out));
	tpstat_births_free(&b);
}

/*
 * Shares: of sockets=16 (32 slots), one share holds 2 sockets, all of
 * them 12; the initial namespace's sockets always find a slot, and a
 * removal gives back exactly the share its record charged, a re-record
 * of a socket whose close was missed too.
 */
static void tpstat_birth_shares_test(struct kunit *test)
{
	static const char none[TASK_COMM_LEN];
	const u32 last = TPSTAT_BIRTHS_SHARES - 1;
	struct tpstat_births b;
	struct tpstat_birth out;
	int sk[24];
	u32 i;

	KUNIT_ASSERT_EQ(test, 0, tpstat_births_init(&b, 16));
	KUNIT_EXPECT_EQ(test, 2U, b.share_max);
	KUNIT_EXPECT_EQ(test, 12U, b.tenants_max);
	/* Share 3: two, and the third is lost (its caller is told). */
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, i < 2,
				tpstat_birth_record(&b, &sk[i], 3, 1000, none,
						    true));
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&b.share_used[3]));
	KUNIT_EXPECT_EQ(test, 1LL, (long long)atomic64_read(&b.overflow));
	KUNIT_EXPECT_FALSE(test, tpstat_birth_take(&b, &sk[2], &out));
	/* A removal gives one back. */
	KUNIT_ASSERT_TRUE(test, tpstat_birth_take(&b, &sk[0], &out));
	KUNIT_EXPECT_EQ(test, 3, tpstat_birth_share(&out));
	KUNIT_EXPECT_EQ(test, 1, atomic_read(&b.share_used[3]));
	/* Its second socket again (a missed close): still one, none lost. */
	tpstat_birth_record(&b, &sk[1], 3, 2000, none, true);
	KUNIT_EXPECT_EQ(test, 1, atomic_read(&b.share_used[3]));
	KUNIT_EXPECT_EQ(test, 1LL, (long long)atomic64_read(&b.overflow));
	/* The third now fits. */
	tpstat_birth_record(&b, &sk[2], 3, 3000, none, false);
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&b.share_used[3]));
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&b.tenants_used));
	/* Five more shares of two: 12 in all, and the next share is lost. */
	for (i = 0; i < 10; i++)
		tpstat_birth_record(&b, &sk[3 + i], 4 + i / 2, 1000, none, true);
	KUNIT_EXPECT_EQ(test, 12, atomic_read(&b.tenants_used));
	KUNIT_EXPECT_FALSE(test, tpstat_birth_record(&b, &sk[13], last, 1000,
						     none, true));
	KUNIT_EXPECT_EQ(test, 0, atomic_read(&b.share_used[last]));
	KUNIT_EXPECT_EQ(test, 2LL, (long long)atomic64_read(&b.overflow));
	/* The initial namespace's still find slots: the 20 left. */
	for (i = 14; i < 24; i++)
		KUNIT_EXPECT_TRUE(test, tpstat_birth_record(&b, &sk[i],
							    TPSTAT_BIRTHS_HOME,
							    1000, none, true));
	KUNIT_EXPECT_EQ(test, 2LL, (long long)atomic64_read(&b.overflow));
	for (i = 14; i < 24; i++)
		KUNIT_EXPECT_TRUE(test, tpstat_birth_take(&b, &sk[i], &out));
	/* Every charge given back, to the last. */
	for (i = 1; i < 13; i++)
		KUNIT_EXPECT_TRUE(test, tpstat_birth_take(&b, &sk[i], &out));
	KUNIT_EXPECT_EQ(test, 0, atomic_read(&b.tenants_used));
	for (i = 0; i < TPSTAT_BIRTHS_SHARES; i++)
		KUNIT_EXPECT_EQ(test, 0, atomic_read(&b.share_used[i]));
	tpstat_births_free(&b);
}

/*
 * The neigh view's decisions and key: a failure is FAILED reached from
 * INCOMPLETE or PROBE; the key is the device, the table's family and the
 * neighbour's primary key, IPv4 in its first 4 bytes.
 */
static void tpstat_neigh_test(struct kunit *test)
{
	static const u8 v4[4] = { 10, 99, 98, 10 };
	static const u8 v6[16] = { 0xfd, 0x99, 0, 0x98, [15] = 0x10 };
	/* Tables and views are large: not on the stack. */
	struct neigh_table *tbl4 = kunit_kzalloc(test, sizeof(*tbl4), GFP_KERNEL);
	struct neigh_table *tbl6 = kunit_kzalloc(test, sizeof(*tbl6), GFP_KERNEL);
	struct tpstat_views *v = kunit_kzalloc(test, sizeof(*v), GFP_KERNEL);
	struct neighbour *n = kunit_kzalloc(test, sizeof(*n) + 16, GFP_KERNEL);
	struct tpstat_neigh_key key = {};
	struct tpstat_table *t;
	atomic64_t *vals;

	KUNIT_ASSERT_NOT_NULL(test, tbl4);
	KUNIT_ASSERT_NOT_NULL(test, tbl6);
	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_ASSERT_NOT_NULL(test, n);
	tbl4->family = AF_INET;
	tbl4->key_len = 4;
	tbl6->family = AF_INET6;
	tbl6->key_len = 16;
	n->nud_state = NUD_INCOMPLETE;
	KUNIT_EXPECT_TRUE(test, tpstat_neigh_update_fails(n, NUD_FAILED,
							NEIGH_UPDATE_F_ADMIN));
	KUNIT_EXPECT_FALSE(test, tpstat_neigh_update_fails(n, NUD_STALE, 0));
	KUNIT_EXPECT_FALSE(test, tpstat_neigh_update_fails(n, NUD_FAILED,
							 NEIGH_UPDATE_F_USE));
	KUNIT_EXPECT_FALSE(test, tpstat_neigh_timer_failed(n));
	n->nud_state = NUD_PROBE;
	KUNIT_EXPECT_TRUE(test, tpstat_neigh_update_fails(n, NUD_FAILED, 0));
	n->dead = 1;
	KUNIT_EXPECT_FALSE(test, tpstat_neigh_update_fails(n, NUD_FAILED, 0));
	n->dead = 0;
	/* Already failed, or resolved: not a failed resolution. */
	n->nud_state = NUD_FAILED;
	KUNIT_EXPECT_FALSE(test, tpstat_neigh_update_fails(n, NUD_FAILED, 0));
	KUNIT_EXPECT_TRUE(test, tpstat_neigh_timer_failed(n));
	n->nud_state = NUD_REACHABLE;
	KUNIT_EXPECT_FALSE(test, tpstat_neigh_update_fails(n, NUD_FAILED,
							 NEIGH_UPDATE_F_ADMIN));
	n->nud_state = NUD_PERMANENT;
	KUNIT_EXPECT_FALSE(test, tpstat_neigh_update_fails(n, NUD_FAILED,
							 NEIGH_UPDATE_F_ADMIN));

	/* Two failures of one IPv4 neighbour on lo, one of an IPv6 one. */
	t = &v->table[TPSTAT_VIEW_NEIGH];
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, 4, sizeof(key),
						  TPSTAT_NEIGH_NR));
	n->dev = init_net.loopback_dev;
	n->tbl = tbl4;
	memcpy(n->primary_key, v4, 4);
	tpstat_record_neigh(v, n);
	tpstat_record_neigh(v, n);
	n->tbl = tbl6;
	memcpy(n->primary_key, v6, 16);
	tpstat_record_neigh(v, n);
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&t->used));
	tpstat_key_ns(&key, &init_net);
	key.ifindex = init_net.loopback_dev->ifindex;
	key.family = AF_INET;
	memcpy(key.daddr, v4, 4);
	vals = tpstat_table_get(t, &key);
	KUNIT_ASSERT_NOT_NULL(test, vals);
	KUNIT_EXPECT_EQ(test, 2LL, atomic64_read(&vals[TPSTAT_NEIGH_COUNT]));
	key.family = AF_INET6;
	memcpy(key.daddr, v6, 16);
	vals = tpstat_table_get(t, &key);
	KUNIT_ASSERT_NOT_NULL(test, vals);
	KUNIT_EXPECT_EQ(test, 1LL, atomic64_read(&vals[TPSTAT_NEIGH_COUNT]));
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&t->used));
	tpstat_table_free(t);
}

/*
 * SOCKMEM: two refusals of one UDP socket's receive make one row, with
 * the last allocation and the protocol's limit then; a send refusal is
 * a row of its own; an AF_UNIX-like socket has no port.
 */
static void tpstat_sockmem_test(struct kunit *test)
{
	struct tpstat_views *v = kunit_kzalloc(test, sizeof(*v), GFP_KERNEL);
	struct inet_sock *inet = kunit_kzalloc(test, sizeof(*inet), GFP_KERNEL);
	struct proto *prot = kunit_kzalloc(test, sizeof(*prot), GFP_KERNEL);
	struct tpstat_sockmem_key key = {};
	long mem[3] = { 4, 8, 16 };
	struct sock *sk;
	struct tpstat_table *t;
	atomic64_t *vals;

	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_ASSERT_NOT_NULL(test, inet);
	KUNIT_ASSERT_NOT_NULL(test, prot);
	sk = &inet->sk;
	prot->sysctl_mem = mem;
	sk->sk_prot = prot;
	write_pnet(&sk->sk_net, &init_net);
	sk->sk_family = AF_INET6;
	sk->sk_protocol = IPPROTO_UDP;
	inet->inet_num = 5402;
	t = &v->table[TPSTAT_VIEW_SOCKMEM];
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init(t, 4, sizeof(key),
						  TPSTAT_SOCKMEM_NR));
	tpstat_record_sockmem(v, sk, 300, TPSTAT_MEM_RECV);
	mem[2] = 32;
	tpstat_record_sockmem(v, sk, 310, TPSTAT_MEM_RECV);
	tpstat_record_sockmem(v, sk, 320, TPSTAT_MEM_SEND);
	tpstat_key_ns(&key, &init_net);
	key.family = AF_INET6;
	key.protocol = IPPROTO_UDP;
	key.port = 5402;
	key.kind = TPSTAT_MEM_RECV;
	vals = tpstat_table_get(t, &key);
	KUNIT_ASSERT_NOT_NULL(test, vals);
	KUNIT_EXPECT_EQ(test, 2LL, atomic64_read(&vals[TPSTAT_SOCKMEM_COUNT]));
	KUNIT_EXPECT_EQ(test, 310LL, atomic64_read(&vals[TPSTAT_SOCKMEM_ALLOCATED]));
	KUNIT_EXPECT_EQ(test, 32LL, atomic64_read(&vals[TPSTAT_SOCKMEM_LIMIT]));
	key.kind = TPSTAT_MEM_SEND;
	vals = tpstat_table_get(t, &key);
	KUNIT_ASSERT_NOT_NULL(test, vals);
	KUNIT_EXPECT_EQ(test, 1LL, atomic64_read(&vals[TPSTAT_SOCKMEM_COUNT]));
	KUNIT_EXPECT_EQ(test, 320LL, atomic64_read(&vals[TPSTAT_SOCKMEM_ALLOCATED]));
	/* Not an internet socket: its inet_num means nothing, port 0. */
	sk->sk_family = AF_UNIX;
	tpstat_record_sockmem(v, sk, 1, TPSTAT_MEM_RECV);
	key.family = AF_UNIX;
	key.port = 0;
	key.kind = TPSTAT_MEM_RECV;
	vals = tpstat_table_get(t, &key);
	KUNIT_ASSERT_NOT_NULL(test, vals);
	KUNIT_EXPECT_EQ(test, 1LL, atomic64_read(&vals[TPSTAT_SOCKMEM_COUNT]));
	KUNIT_EXPECT_EQ(test, 3, atomic_read(&t->used));
	tpstat_table_free(t);
}

/*
 * tpstat_snap_sort(): tables of 0 to 3, 300 and 10,000 records of a
 * 24-byte key and one value, few distinct values so that most order
 * comes from the keys, whose bytes differ only in their last word.
 * 10,000 takes the merges past TPSTAT_SORT_SEGMENT, where they stop to
 * yield mid-run, and the moves past it too.  Every neighbour pair is
 * checked against the order the readers promise, and every record is
 * still there once.
 */
#define SORT_N 10000	/* prime to 7919: distinct keys */
#define SORT_REC 32	/* the key, then one u64 */

static void tpstat_snap_sort_test(struct kunit *test)
{
	static const u32 sizes[] = { 0, 1, 2, 3, 300, SORT_N };
	struct tpstat_view_snap *snap;
	u64 sum = 0, sum_after = 0;
	u32 i, s, n, seen = 0, total = 0;

	snap = kunit_kzalloc(test, sizeof(*snap) + SORT_N * SORT_REC,
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, snap);
	snap->key_size = SORT_REC - sizeof(u64);
	snap->nr_vals = 1;
	snap->rec_size = SORT_REC;
	for (s = 0; s < ARRAY_SIZE(sizes); s++) {
		n = sizes[s];
		total += n;
		snap->count = n;
		for (i = 0; i < n; i++) {
			u8 *rec = snap->recs + i * SORT_REC;
			u32 k = (i * 7919) % SORT_N;

			memset(rec, 0, SORT_REC);
			rec[snap->key_size - 1] = k & 0xff;
			rec[snap->key_size - 2] = k >> 8;
			*(u64 *)(rec + snap->key_size) = (k * 31) % 5;
			sum += k;
		}
		tpstat_snap_sort(snap);
		for (i = 0; i < n; i++) {
			const u8 *rec = tpstat_snap_key(snap, i);

			sum_after += rec[snap->key_size - 1] |
				     rec[snap->key_size - 2] << 8;
			seen++;
			if (!i)
				continue;
			/* Biggest value first, then the key's bytes. */
			if (tpstat_snap_vals(snap, i - 1)[0] !=
			    tpstat_snap_vals(snap, i)[0])
				KUNIT_EXPECT_GT(test, tpstat_snap_vals(snap, i - 1)[0],
						tpstat_snap_vals(snap, i)[0]);
			else
				KUNIT_EXPECT_LT(test,
						memcmp(tpstat_snap_key(snap, i - 1),
						       rec, snap->key_size), 0);
		}
	}
	KUNIT_EXPECT_EQ(test, sum, sum_after);
	KUNIT_EXPECT_EQ(test, total, seen);
}

static struct kunit_case tpstat_views_cases[] = {
	KUNIT_CASE(tpstat_table_insert_lookup_test),
	KUNIT_CASE(tpstat_table_size_test),
	KUNIT_CASE(tpstat_view_copy_test),
	KUNIT_CASE(tpstat_table_collision_test),
	KUNIT_CASE(tpstat_table_hints_test),
	KUNIT_CASE(tpstat_devices_hint_test),
	KUNIT_CASE(tpstat_table_full_test),
	KUNIT_CASE(tpstat_table_concurrent_test),
	KUNIT_CASE(tpstat_netns_index_test),
	KUNIT_CASE(tpstat_log2_bucket_test),
	KUNIT_CASE(tpstat_flow_key_test),
	KUNIT_CASE(tpstat_comm_copy_test),
	KUNIT_CASE(tpstat_reset_key_skb_test),
	KUNIT_CASE(tpstat_birth_direction_test),
	KUNIT_CASE(tpstat_birth_shares_test),
	KUNIT_CASE(tpstat_neigh_test),
	KUNIT_CASE(tpstat_sockmem_test),
	KUNIT_CASE(tpstat_snap_sort_test),
	{}
};

static struct kunit_suite tpstat_views_suite = {
	.name = "tpstat_views",
	.test_cases = tpstat_views_cases,
};

/* ---- alerts: this CPU's pending counts --------------------------------- */

/* A drop alert whose key differs by @loc, in namespace (cookie) @netns. */
static void tpstat_fold_drop(u64 netns, u64 loc)
{
	struct tpstat_alert_key key = { .kind = TPSTAT_ALERT_DROPS,
					.what = TPSTAT_A_COUNT,
					.ns_cookie = netns, .location = loc };
	unsigned long flags;

	/* As from a probe: on one CPU throughout. */
	local_irq_save(flags);
	tpstat_alert_fold(&key);
	local_irq_restore(flags);
}

static struct tpstat_alert_pending *tpstat_pending_here(void)
{
	return &this_cpu_ptr(tpstat_alert_cpus)->gen[tpstat_alert_gen & 1];
}

/* The slot of @key's kind, netns and what (loss keys), or NULL. */
static const struct tpstat_alert_slot *
tpstat_pending_find(const struct tpstat_alert_pending *p, u64 netns, u16 what,
		    u64 loc)
{
	int i;

	for (i = 0; i < TPSTAT_ALERT_SLOTS; i++) {
		const struct tpstat_alert_slot *s = &p->slot[i];

		if (s->count && s->key.ns_cookie == netns && s->key.what == what &&
		    s->key.location == loc)
			return s;
	}
	return NULL;
}

static int tpstat_alerts_test_init(struct kunit *test)
{
	return tpstat_alerts_alloc();
}

static void tpstat_alerts_test_exit(struct kunit *test)
{
	tpstat_alerts_free();
}

static void tpstat_alert_same_key_test(struct kunit *test)
{
	const struct tpstat_alert_slot *s;
	struct tpstat_alert_pending *p;
	int i;

	preempt_disable();
	for (i = 0; i < 1000; i++)
		tpstat_fold_drop(7, 0x1234);
	p = tpstat_pending_here();
	s = tpstat_pending_find(p, 7, TPSTAT_A_COUNT, 0x1234);
	preempt_enable();
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_EQ(test, 1000ULL, s->count);
	KUNIT_EXPECT_EQ(test, 1U, p->used);
}

/*
 * New keys take slots until the loss slots are all that is left; then
 * each namespace's further keys are counted as its loss, and when the
 * loss slots are full too, as a loss of no namespace.  Nothing is missed.
 */
static void tpstat_alert_full_test(struct kunit *test)
{
	const u32 room = TPSTAT_ALERT_SLOTS - TPSTAT_ALERT_LOSS_SLOTS;
	const struct tpstat_alert_slot *s;
	struct tpstat_alert_pending *p;
	u64 total = 0;
	u32 i;

	preempt_disable();
	for (i = 0; i < room; i++)
		tpstat_fold_drop(1, 0x1000 + i);
	/* 3 more keys of netns 1: its loss, 3. */
	for (i = 0; i < 3; i++)
		tpstat_fold_drop(1, 0x2000 + i);
	/* A key already in: still counted as itself. */
	tpstat_fold_drop(1, 0x1000);
	/* New keys of 7 more namespaces fill the loss slots. */
	for (i = 2; i < 2 + TPSTAT_ALERT_LOSS_SLOTS - 1; i++)
		tpstat_fold_drop(i, 0x3000);
	/* One namespace more: no slot left for its loss. */
	tpstat_fold_drop(100, 0x3000);
	tpstat_fold_drop(100, 0x3001);
	p = tpstat_pending_here();
	s = tpstat_pending_find(p, 1, TPSTAT_A_EVENTS_LOST, 0);
	KUNIT_EXPECT_EQ(test, (u32)TPSTAT_ALERT_SLOTS, p->used);
	KUNIT_EXPECT_EQ(test, 2ULL, p->lost[TPSTAT_ALERT_DROPS]);
	for (i = 0; i < TPSTAT_ALERT_SLOTS; i++)
		total += p->slot[i].count;
	preempt_enable();
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_EQ(test, 3ULL, s->count);
	/* room + 3 + 1 + 7 folded into slots, 2 beside them. */
	KUNIT_EXPECT_EQ(test, (u64)room + 3 + 1 + TPSTAT_ALERT_LOSS_SLOTS - 1,
			total);
}

static struct kunit_case tpstat_alerts_cases[] = {
	KUNIT_CASE(tpstat_alert_same_key_test),
	KUNIT_CASE(tpstat_alert_full_test),
	{}
};

static struct kunit_suite tpstat_alerts_suite = {
	.name = "tpstat_alerts",
	.init = tpstat_alerts_test_init,
	.exit = tpstat_alerts_test_exit,
	.test_cases = tpstat_alerts_cases,
};

/* ---- the filter's addresses ------------------------------------------- */

/* @text ("10.0.0.0", "fd99::") as the attribute's 4 or 16 bytes. */
static int filter_addr_bytes(const char *text, u8 *out)
{
	if (in4_pton(text, -1, out, -1, NULL))
		return 4;
	if (in6_pton(text, -1, out, -1, NULL))
		return 16;
	return 0;
}

/* tpstat_filter_addr_init() from text; its refusal, or NULL. */
static const char *filter_addr(struct kunit *test,
			       struct tpstat_filter_addr *fa, const char *text,
			       int prefix, bool *bad_prefix)
{
	u8 raw[16];
	int len = filter_addr_bytes(text, raw);

	KUNIT_ASSERT_GT_MSG(test, len, 0, "%s", text);
	return tpstat_filter_addr_init(fa, raw, len, prefix, bad_prefix);
}

static void tpstat_filter_addr_init_test(struct kunit *test)
{
	struct tpstat_filter_addr fa;
	bool bad_prefix;
	u8 raw[16] = { 1, 2, 3, 4, 5 };

	/* Lengths: 4 or 16 only. */
	KUNIT_EXPECT_NOT_NULL(test, tpstat_filter_addr_init(&fa, raw, 5, -1,
							    &bad_prefix));
	KUNIT_EXPECT_FALSE(test, bad_prefix);
	KUNIT_EXPECT_NOT_NULL(test, tpstat_filter_addr_init(&fa, raw, 0, -1,
							    &bad_prefix));
	KUNIT_EXPECT_NULL(test, tpstat_filter_addr_init(&fa, raw, 4, -1,
							&bad_prefix));
	KUNIT_EXPECT_EQ(test, fa.family, (u8)AF_INET);
	KUNIT_EXPECT_EQ(test, fa.prefix, (u8)32);

	/* Prefixes: at most the family's bits, the prefix named at fault. */
	KUNIT_EXPECT_NOT_NULL(test, filter_addr(test, &fa, "10.0.0.0", 33,
						&bad_prefix));
	KUNIT_EXPECT_TRUE(test, bad_prefix);
	KUNIT_EXPECT_NOT_NULL(test, filter_addr(test, &fa, "fd99::", 129,
						&bad_prefix));
	KUNIT_EXPECT_TRUE(test, bad_prefix);
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "fd99::", 128,
					    &bad_prefix));
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "10.0.0.0", 32,
					    &bad_prefix));

	/* Bits beyond the prefix: refused, the address at fault. */
	KUNIT_EXPECT_NOT_NULL(test, filter_addr(test, &fa, "10.1.2.3", 16,
						&bad_prefix));
	KUNIT_EXPECT_FALSE(test, bad_prefix);
	KUNIT_EXPECT_NOT_NULL(test, filter_addr(test, &fa, "fd99::1", 64,
						&bad_prefix));
	KUNIT_EXPECT_NOT_NULL(test, filter_addr(test, &fa, "10.0.0.1", 0,
						&bad_prefix));
	KUNIT_EXPECT_NOT_NULL(test, filter_addr(test, &fa, "10.0.0.128", 24,
						&bad_prefix));
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "10.1.0.0", 16,
					    &bad_prefix));
	KUNIT_EXPECT_EQ(test, fa.prefix, (u8)16);
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "0.0.0.0", 0,
					    &bad_prefix));
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "::", 0, &bad_prefix));
	KUNIT_EXPECT_EQ(test, fa.family, (u8)AF_INET6);
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "fd99:0:0:1::", 64,
					    &bad_prefix));
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "fd99::1:0", 113,
					    &bad_prefix));

	/* IPv4-mapped under 96 bits or more is IPv4, and is given back so. */
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "::ffff:10.0.0.0", 104,
					    &bad_prefix));
	KUNIT_EXPECT_EQ(test, fa.family, (u8)AF_INET);
	KUNIT_EXPECT_EQ(test, fa.prefix, (u8)8);
	KUNIT_EXPECT_EQ(test, tpstat_filter_addr_get(&fa, raw), 4);
	KUNIT_EXPECT_EQ(test, memcmp(raw, "\x0a\0\0\0", 4), 0);
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "::ffff:127.0.0.2", -1,
					    &bad_prefix));
	KUNIT_EXPECT_EQ(test, fa.family, (u8)AF_INET);
	KUNIT_EXPECT_EQ(test, fa.prefix, (u8)32);
	KUNIT_EXPECT_NOT_NULL(test, filter_addr(test, &fa, "::ffff:10.0.0.1",
						104, &bad_prefix));
	/* Under fewer bits it is an IPv6 network. */
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "::ffff:0.0.0.0", 96,
					    &bad_prefix));
	KUNIT_EXPECT_EQ(test, fa.family, (u8)AF_INET);
	KUNIT_EXPECT_EQ(test, fa.prefix, (u8)0);
	KUNIT_EXPECT_NULL(test, filter_addr(test, &fa, "::", 80, &bad_prefix));
	KUNIT_EXPECT_EQ(test, fa.family, (u8)AF_INET6);
	KUNIT_EXPECT_EQ(test, tpstat_filter_addr_get(&fa, raw), 16);
}

/* An internet socket from @local to @remote, both of one family. */
static struct sock *filter_sock(struct kunit *test, const char *local,
				const char *remote)
{
	struct inet_sock *inet = kunit_kzalloc(test, sizeof(*inet), GFP_KERNEL);
	struct sock *sk;
	u8 l[16], r[16];
	int len;

	KUNIT_ASSERT_NOT_NULL(test, inet);
	sk = &inet->sk;
	sk->sk_state = TCP_ESTABLISHED;
	len = filter_addr_bytes(local, l);
	KUNIT_ASSERT_EQ(test, len, filter_addr_bytes(remote, r));
	if (len == 4) {
		sk->sk_family = AF_INET;
		memcpy(&sk->sk_rcv_saddr, l, 4);
		memcpy(&sk->sk_daddr, r, 4);
	} else {
		sk->sk_family = AF_INET6;
		memcpy(&sk->sk_v6_rcv_saddr, l, 16);
		memcpy(&sk->sk_v6_daddr, r, 16);
		/* An IPv4 peer's: the IPv4 fields too, as the kernel fills them. */
		if (ipv6_addr_v4mapped(&sk->sk_v6_daddr)) {
			memcpy(&sk->sk_rcv_saddr, l + 12, 4);
			memcpy(&sk->sk_daddr, r + 12, 4);
		}
	}
	return sk;
}

/* Whether a filter of laddr @l and raddr @r (NULL: none) keeps @sk. */
static bool filter_keeps(struct kunit *test, const struct sock *sk,
			 const char *l, int lp, const char *r, int rp)
{
	struct tpstat_filter f = {};
	bool bad_prefix;

	if (l) {
		f.fields |= TPSTAT_FILTER_LADDR;
		KUNIT_EXPECT_NULL(test, filter_addr(test, &f.laddr, l, lp,
						    &bad_prefix));
	}
	if (r) {
		f.fields |= TPSTAT_FILTER_RADDR;
		KUNIT_EXPECT_NULL(test, filter_addr(test, &f.raddr, r, rp,
						    &bad_prefix));
	}
	return tpstat_filter_match_one(&f, sk, NULL, NULL);
}

static void tpstat_filter_addr_match_test(struct kunit *test)
{
	struct sock *v4 = filter_sock(test, "127.0.0.1", "127.0.0.2");
	struct sock *v6 = filter_sock(test, "fd99::1", "fd99:1::2");
	struct sock *mapped = filter_sock(test, "::ffff:127.0.0.1",
					  "::ffff:127.0.0.2");
	struct sock *unconnected = filter_sock(test, "0.0.0.0", "0.0.0.0");
	struct sock *unconnected6 = filter_sock(test, "fd99::1", "::");
	struct sock *connecting = filter_sock(test, "::", "::ffff:127.0.0.2");
	struct sock *other_sk = filter_sock(test, "127.0.0.1", "127.0.0.2");
	struct sk_buff *skb = kunit_kzalloc(test, sizeof(*skb), GFP_KERNEL);
	struct tpstat_filter f = { .fields = TPSTAT_FILTER_LPORT, .lport = 80 };

	KUNIT_ASSERT_NOT_NULL(test, skb);
	other_sk->sk_family = AF_UNIX;

	/* IPv4: the address, prefixes around it, each end its own. */
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v4, NULL, 0, "127.0.0.2", -1));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v4, NULL, 0, "127.0.0.3", -1));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v4, NULL, 0, "127.0.0.2", 31));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v4, NULL, 0, "127.0.0.4", 31));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v4, NULL, 0, "127.0.0.0", 8));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v4, NULL, 0, "128.0.0.0", 8));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v4, NULL, 0, "0.0.0.0", 0));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v4, "127.0.0.1", -1, NULL, 0));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v4, "127.0.0.2", -1, NULL, 0));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v4, "127.0.0.1", -1,
					     "127.0.0.2", -1));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v4, "127.0.0.1", -1,
					      "127.0.0.1", -1));
	/* An IPv6 network, even ::/0, is no IPv4 address's. */
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v4, NULL, 0, "::", 0));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v4, NULL, 0,
					     "::ffff:127.0.0.2", -1));

	/* IPv6. */
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v6, NULL, 0, "fd99:1::2", -1));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v6, NULL, 0, "fd99:1::", 32));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v6, NULL, 0, "fd99::", 32));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v6, NULL, 0, "fd99::", 16));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v6, NULL, 0, "fd99:1::2", 127));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v6, NULL, 0, "fd99:1::3", -1));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v6, NULL, 0, "::", 0));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, v6, NULL, 0, "0.0.0.0", 0));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, v6, "fd99::1", -1, NULL, 0));

	/* An IPv6 socket's IPv4 peer: the IPv4 networks', not IPv6's. */
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, mapped, NULL, 0, "127.0.0.2", -1));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, mapped, NULL, 0, "127.0.0.0", 8));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, mapped, NULL, 0, "127.0.0.3", -1));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, mapped, "127.0.0.1", -1,
					     "::ffff:127.0.0.2", -1));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, mapped, NULL, 0, "::", 0));
	/* Its IPv4 source before its IPv6 one is written (SYN_SENT). */
	connecting->sk_rcv_saddr = htonl(INADDR_LOOPBACK);
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, connecting, "127.0.0.1", -1,
					     "127.0.0.2", -1));

	/* No address: the wildcard, no internet socket, no socket. */
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, unconnected, NULL, 0, "0.0.0.0", 0));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, unconnected, "0.0.0.0", 0, NULL, 0));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, unconnected6, NULL, 0, "::", 0));
	KUNIT_EXPECT_TRUE(test, filter_keeps(test, unconnected6, "::", 0, NULL, 0));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, other_sk, NULL, 0, "0.0.0.0", 0));
	KUNIT_EXPECT_FALSE(test, filter_keeps(test, NULL, NULL, 0, "0.0.0.0", 0));

	/* The skb's socket where the event has none of its own. */
	skb->sk = v4;
	f.fields = TPSTAT_FILTER_RADDR;
	KUNIT_EXPECT_NULL(test, tpstat_filter_addr_init(&f.raddr, "\x7f\0\0\x02",
							4, -1, &(bool){ 0 }));
	KUNIT_EXPECT_TRUE(test, tpstat_filter_match_one(&f, NULL, skb, NULL));
	skb->sk = NULL;
	KUNIT_EXPECT_FALSE(test, tpstat_filter_match_one(&f, NULL, skb, NULL));

	/* With ports: every field must match. */
	inet_sk(v4)->inet_sport = htons(80);
	f.fields |= TPSTAT_FILTER_LPORT;
	f.lport = 80;
	KUNIT_EXPECT_TRUE(test, tpstat_filter_match_one(&f, v4, NULL, NULL));
	f.lport = 81;
	KUNIT_EXPECT_FALSE(test, tpstat_filter_match_one(&f, v4, NULL, NULL));
	/* Without addresses, ports alone decide, wildcard or not. */
	f.fields = TPSTAT_FILTER_LPORT;
	f.lport = 80;
	inet_sk(unconnected)->inet_sport = htons(80);
	KUNIT_EXPECT_TRUE(test, tpstat_filter_match_one(&f, unconnected, NULL, NULL));
}

static struct kunit_case tpstat_filter_cases[] = {
	KUNIT_CASE(tpstat_filter_addr_init_test),
	KUNIT_CASE(tpstat_filter_addr_match_test),
	{}
};

static struct kunit_suite tpstat_filter_suite = {
	.name = "tpstat_filter",
	.test_cases = tpstat_filter_cases,
};

/* ---- the alert window, and disarming it ------------------------------ */

/*
 * alert_window.c with its two allocations counted, and either one made to
 * fail: what a window allocates, it frees, whichever allocation fails.
 */
#include <linux/delay.h>
#include <linux/jhash.h>
#include <linux/sort.h>
#include <net/genetlink.h>

static int tpstat_window_fail_at;	/* the allocation that fails, from 1 */
static int tpstat_window_allocs;	/* allocations made so far */
static int tpstat_window_live;		/* allocated, not yet freed */

static void *tpstat_test_kvcalloc(size_t n, size_t size, gfp_t gfp)
{
	void *p;

	if (++tpstat_window_allocs == tpstat_window_fail_at)
		return NULL;
	p = kvcalloc(n, size, gfp);
	if (p)
		tpstat_window_live++;
	return p;
}

static void tpstat_test_kvfree(const void *p)
{
	if (p)
		tpstat_window_live--;
	kvfree(p);
}

#pragma push_macro("kvcalloc")
#pragma push_macro("kvfree")
#undef kvcalloc
#undef kvfree
#define kvcalloc(n, size, gfp) tpstat_test_kvcalloc(n, size, gfp)
#define kvfree(p) tpstat_test_kvfree(p)
#undef pr_fmt
#include "../module/alert_window.c"
#pragma pop_macro("kvfree")
#pragma pop_macro("kvcalloc")
#undef pr_fmt
#include "../module/monitor.c"

/* The family and messages alert_window.c sends: these tests send nothing. */
struct genl_family tpstat_genl_family;

struct sk_buff *tpstat_alert_msg(const struct tpstat_alert_key *key, u64 count)
{
	return NULL;
}

struct sk_buff *tpstat_alert_lost_msg(enum tpstat_alert_kind kind, u64 alerts,
				      u64 events, u32 rate)
{
	return NULL;
}

static void tpstat_window_nomem_one(struct kunit *test, int fail_at)
{
	struct tpstat_alert_totals t;

	tpstat_window_fail_at = fail_at;
	tpstat_window_allocs = 0;
	tpstat_window_live = 0;
	tpstat_alert_window_run(0, 100, &t);
	tpstat_window_fail_at = 0;
	KUNIT_EXPECT_EQ(test, 2, tpstat_window_allocs);
	KUNIT_EXPECT_TRUE(test, t.failed);
	KUNIT_EXPECT_EQ_MSG(test, 0, tpstat_window_live,
			    "allocation %d failed: the other one was not freed",
			    fail_at);
}

static void tpstat_window_nomem_test(struct kunit *test)
{
	tpstat_window_nomem_one(test, 1);
	tpstat_window_nomem_one(test, 2);
}

/*
 * A probe that saw the alerts armed and was preempted before it folded
 * (7.2 and 7.3 call probes under SRCU-fast, preemptible): it folds a
 * while later, still in the read side the kernel calls probes under.
 */
struct tpstat_late_fold {
	struct completion in, done;
	bool folded;
};

static void tpstat_late_fold_one(struct tpstat_late_fold *l)
{
	tpstat_fold_drop(47, 0x4747);
	WRITE_ONCE(l->folded, true);
}

static int tpstat_late_fold_fn(void *arg)
{
	struct tpstat_late_fold *l = arg;

	/* Where probes are not known preemptible, they run as up to 6.12. */
#if defined(TPSTAT_HAVE_PROBES_PREEMPT_OFF) || \
	!defined(TPSTAT_HAVE_SRCU_FAST_NOTRACE)
	preempt_disable_notrace();
	complete(&l->in);
	mdelay(200);
	tpstat_late_fold_one(l);
	preempt_enable_notrace();
#else
	scoped_guard(srcu_fast_notrace, &tracepoint_srcu) {
		complete(&l->in);
		msleep(200);
		tpstat_late_fold_one(l);
	}
#endif
	complete(&l->done);
	return 0;
}

/* Disarm waits for such a probe: no count is left pending after it. */
static void tpstat_monitor_disarm_waits_test(struct kunit *test)
{
	struct tpstat_late_fold l = {};
	struct task_struct *task;
	bool folded, clean = true;
	int cpu, gen;

	init_completion(&l.in);
	init_completion(&l.done);
	mutex_lock(&tpstat_monitor_lock);
	tpstat_monitor_armed = true;
	static_branch_enable(&tpstat_alerts_on);
	mutex_unlock(&tpstat_monitor_lock);
	task = kthread_run(tpstat_late_fold_fn, &l, "tpstat_late_fold");
	if (!IS_ERR(task))
		wait_for_completion(&l.in);
	mutex_lock(&tpstat_monitor_lock);
	tpstat_monitor_disarm();
	mutex_unlock(&tpstat_monitor_lock);
	folded = READ_ONCE(l.folded);
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	wait_for_completion(&l.done);
	KUNIT_EXPECT_TRUE_MSG(test, folded,
			      "disarm returned while a probe could still fold");
	for_each_possible_cpu(cpu)
		for (gen = 0; gen < 2; gen++)
			if (memchr_inv(&per_cpu_ptr(tpstat_alert_cpus, cpu)->gen[gen],
				       0, sizeof(struct tpstat_alert_pending)))
				clean = false;
	KUNIT_EXPECT_TRUE_MSG(test, clean,
			      "a count was folded after disarm discarded them");
	tpstat_alert_window_discard();
}

static struct kunit_case tpstat_alert_window_cases[] = {
	KUNIT_CASE(tpstat_window_nomem_test),
	KUNIT_CASE(tpstat_monitor_disarm_waits_test),
	{}
};

static struct kunit_suite tpstat_alert_window_suite = {
	.name = "tpstat_alert_window",
	.init = tpstat_alerts_test_init,
	.exit = tpstat_alerts_test_exit,
	.test_cases = tpstat_alert_window_cases,
};

/* ---- reason names ---------------------------------------------------- */

/*
 * A drop reason's name outlives nothing: a subsystem's list (and its
 * strings) is gone once its module is, a grace period after it
 * unregisters.  The name read is the caller's own copy.
 */
static void tpstat_drop_reason_gone_test(struct kunit *test)
{
#ifdef TPSTAT_HAVE_DROP_REASONS_BY_SUBSYS
	static const char want[] = "TPSTAT_KUNIT_GONE";
	char buf[TPSTAT_REASON_NAME_LEN];
	struct drop_reason_list *list;
	const char *got;
	const char **names;
	char *name;
	u32 subsys;

	for (subsys = SKB_DROP_REASON_SUBSYS_CORE + 1;
	     subsys < SKB_DROP_REASON_SUBSYS_NUM; subsys++)
		if (!rcu_access_pointer(drop_reasons_by_subsys[subsys]))
			break;
	if (subsys == SKB_DROP_REASON_SUBSYS_NUM)
		kunit_skip(test, "every drop reason subsystem is registered");
	list = kunit_kzalloc(test, sizeof(*list), GFP_KERNEL);
	names = kunit_kzalloc(test, sizeof(*names), GFP_KERNEL);
	name = kunit_kzalloc(test, sizeof(want), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, list);
	KUNIT_ASSERT_NOT_NULL(test, names);
	KUNIT_ASSERT_NOT_NULL(test, name);
	memcpy(name, want, sizeof(want));
	names[0] = name;
	list->reasons = names;
	list->n_reasons = 1;
	drop_reasons_register_subsys(subsys, list);
	got = tpstat_drop_reason_name(subsys << SKB_DROP_REASON_SUBSYS_SHIFT,
				      buf);
	drop_reasons_unregister_subsys(subsys);
	/* What the subsystem's rmmod frees, and someone reuses. */
	memset(name, 'X', sizeof(want) - 1);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_EXPECT_STREQ(test, want, got);
#endif
}

static struct kunit_case tpstat_reasons_cases[] = {
	KUNIT_CASE(tpstat_drop_reason_gone_test),
	{}
};

static struct kunit_suite tpstat_reasons_suite = {
	.name = "tpstat_reasons",
	.test_cases = tpstat_reasons_cases,
};

kunit_test_suites(&tpstat_glob_suite, &tpstat_registry_suite,
		  &tpstat_params_suite, &tpstat_counters_suite,
		  &tpstat_views_suite, &tpstat_alerts_suite,
		  &tpstat_filter_suite, &tpstat_alert_window_suite,
		  &tpstat_reasons_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for tpstat");
