// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU counters (counters.c), the probes that fill them (probes.c,
 * probes_auth.c, probes_gen.c) and the named values readers see
 * (report.c).
 */
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <net/sock.h>

#include "tpstat_kunit.h"

#include "../module/counters/counters.c"
#include "../module/probes/probes.c"
#include "../module/probes/probes_auth.c"
#include "../module/probes/probes_gen.c"
#include "../module/control/report.c"

/* ---- per-CPU counters and the probes that fill them -------------------- */

struct counters_ctx {
	struct tpstat_pcpu __percpu *pcpu;
	struct tpstat_totals totals;
};

/* A probe's data as registry.c registers it: its event's hit counter. */
#define probe_data(ctx, tp) \
	tpstat_probe_data((ctx)->pcpu, tpstat_event_of(tp))

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

/*
 * Values planted on every possible CPU add up, slot by slot (and a
 * length histogram's sum into its bytes: probes.c).
 */
static void tpstat_counters_sum_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	unsigned int cpu, slot;
	u64 expect[3] = {};
	const unsigned int slots[3] = {
		0, TPSTAT_SLOT_RX_BYTES, TPSTAT_SLOT_HIST_SUM(TPSTAT_HIST_RX_LEN)
	};
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
	/* Readers add rx_len's sum to RX_BYTES. */
	expect[1] += expect[2];
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, ctx->totals.slot[slots[i]], expect[i]);
	for (slot = 1; slot < TPSTAT_NR_SLOTS; slot++)
		if (slot != slots[1] && slot != slots[2])
			KUNIT_EXPECT_EQ(test, ctx->totals.slot[slot], 0ULL);
}

#ifdef TPSTAT_HAVE_TP_NET_DEV_XMIT
static void tpstat_xmit_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *xmit = probe_data(ctx, net_dev_xmit);

	preempt_disable();
	tpstat_probe_net_dev_xmit(xmit, NULL, NETDEV_TX_OK, NULL, 1000);
	tpstat_probe_net_dev_xmit(xmit, NULL, NETDEV_TX_OK, NULL, 60);
	tpstat_probe_net_dev_xmit(xmit, NULL, NETDEV_TX_BUSY, NULL, 500);
	tpstat_probe_net_dev_xmit(xmit, NULL, -ENOBUFS, NULL, 700);
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
	void *recv = probe_data(ctx, netif_receive_skb);
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
	tpstat_probe_netif_receive_skb(recv, eth);
	tpstat_probe_netif_receive_skb(recv, raw);
	tpstat_probe_netif_receive_skb(recv, paged);
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
	void *xmit = probe_data(ctx, net_dev_xmit);
	void *recv = probe_data(ctx, netif_receive_skb);
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
		tpstat_probe_net_dev_xmit(xmit, NULL, rc, NULL, 300);
		tpstat_views_net_dev_xmit(xmit, NULL, rc, NULL, 300);
		tpstat_filtered_net_dev_xmit(xmit, NULL, rc, NULL, 300);
		preempt_enable();
	}
	preempt_disable();
	tpstat_probe_netif_receive_skb(recv, skb);
	tpstat_views_netif_receive_skb(recv, skb);
	tpstat_filtered_netif_receive_skb(recv, skb);
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

#if defined(TPSTAT_HAVE_TP_NET_DEV_XMIT) && defined(TPSTAT_HAVE_TP_NETIF_RECEIVE_SKB)
/*
 * With the HISTS view on, the views probes put a packet's bytes in its
 * length histogram's sum alone, one per-CPU add where there were two,
 * and readers still see every packet's bytes; the lean probe keeps
 * adding to the bytes.
 */
static void tpstat_hist_bytes_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *xmit = probe_data(ctx, net_dev_xmit);
	void *recv = probe_data(ctx, netif_receive_skb);
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	const u64 rx = ETH_HLEN + 60;
	unsigned int cpu;
	u64 raw = 0;

	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb_put(skb, ETH_HLEN + 60);
	skb_reset_mac_header(skb);
	skb_pull(skb, ETH_HLEN);
	static_branch_enable(&tpstat_view_keys[TPSTAT_VIEW_HISTS]);
	preempt_disable();
	tpstat_views_net_dev_xmit(xmit, NULL, NETDEV_TX_OK, NULL, 300);
	tpstat_probe_net_dev_xmit(xmit, NULL, NETDEV_TX_OK, NULL, 40);
	tpstat_views_netif_receive_skb(recv, skb);
	preempt_enable();
	static_branch_disable(&tpstat_view_keys[TPSTAT_VIEW_HISTS]);

	for_each_possible_cpu(cpu) {
		const struct tpstat_pcpu *c = per_cpu_ptr(ctx->pcpu, cpu);

		raw += tpstat_ctr_read(&c->slot[TPSTAT_SLOT_XMIT_BYTES]);
	}
	KUNIT_EXPECT_EQ(test, raw, 40ULL);
	KUNIT_EXPECT_EQ(test, slot_total(ctx, TPSTAT_SLOT_XMIT_BYTES), 340ULL);
	KUNIT_EXPECT_EQ(test, ctx->totals.slot[TPSTAT_SLOT_HIST_SUM(TPSTAT_HIST_XMIT_LEN)],
			300ULL);
	KUNIT_EXPECT_EQ(test, ctx->totals.slot[TPSTAT_SLOT_HIST(TPSTAT_HIST_XMIT_LEN,
								 fls64(300))],
			1ULL);
	KUNIT_EXPECT_EQ(test, ctx->totals.slot[TPSTAT_SLOT_RX_BYTES], rx);
	KUNIT_EXPECT_EQ(test, ctx->totals.slot[TPSTAT_SLOT_HIST_SUM(TPSTAT_HIST_RX_LEN)],
			rx);
	kfree_skb(skb);
}
#endif

#ifdef TPSTAT_HAVE_TP_KFREE_SKB
static void tpstat_drops_test(struct kunit *test)
{
	struct counters_ctx *ctx = test->priv;
	void *drop = probe_data(ctx, kfree_skb);
	u64 drops = 0;

	preempt_disable();
#if defined(TPSTAT_HAVE_KFREE_SKB_PLAIN)
	tpstat_probe_kfree_skb(drop, NULL, NULL);
	drops++;
#elif defined(TPSTAT_HAVE_KFREE_SKB_REASON)
	tpstat_probe_kfree_skb(drop, NULL, NULL, SKB_DROP_REASON_NO_SOCKET);
	drops++;
#ifdef TPSTAT_HAVE_SKB_CONSUMED
	tpstat_probe_kfree_skb(drop, NULL, NULL, SKB_CONSUMED);
#endif
#else
	tpstat_probe_kfree_skb(drop, NULL, NULL, SKB_DROP_REASON_NO_SOCKET, NULL);
	tpstat_probe_kfree_skb(drop, NULL, NULL, SKB_CONSUMED, NULL);
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
	void *state = probe_data(ctx, inet_sock_set_state);
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
		tpstat_probe_inet_sock_set_state(state, tcp, TCP_SYN_SENT,
						 TCP_ESTABLISHED);
	tpstat_probe_inet_sock_set_state(state, tcp, TCP_ESTABLISHED,
					 TCP_FIN_WAIT1);
	/* Not TCP: a hit, but no transition. */
	tpstat_probe_inet_sock_set_state(state, udp, TCP_SYN_SENT,
					 TCP_ESTABLISHED);
	/* Values TCP never passes: a hit, in the matrix (KASAN: not beyond). */
	tpstat_probe_inet_sock_set_state(state, tcp, TCP_MAX_STATES, -1);
	tpstat_probe_inet_sock_set_state(state, tcp, -1, TCP_MAX_STATES);
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
	void *retrans = probe_data(ctx, tcp_retransmit_skb);
	void *poll = probe_data(ctx, napi_poll);
	/* A NAPI context without a device: the probe reads napi->dev. */
	struct napi_struct *napi = kunit_kzalloc(test, sizeof(*napi), GFP_KERNEL);
	unsigned int slot;

	KUNIT_ASSERT_NOT_NULL(test, napi);
	preempt_disable();
#if defined(TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB) && \
	defined(TPSTAT_HAVE_TCP_RETRANSMIT_SKB_PLAIN)
	tpstat_probe_tcp_retransmit_skb(retrans, NULL, NULL);
#elif defined(TPSTAT_HAVE_TP_TCP_RETRANSMIT_SKB)
	tpstat_probe_tcp_retransmit_skb(retrans, NULL, NULL, 0);
#endif
#ifdef TPSTAT_HAVE_TP_NAPI_POLL
	tpstat_probe_napi_poll(poll, napi, 3, 64);
	tpstat_probe_napi_poll(poll, napi, 64, 64);
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
	KUNIT_CASE(tpstat_hist_bytes_test),
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

struct kunit_suite tpstat_counters_suite = {
	.name = "tpstat_counters",
	.init = tpstat_counters_test_init,
	.exit = tpstat_counters_test_exit,
	.test_cases = tpstat_counters_cases,
};
