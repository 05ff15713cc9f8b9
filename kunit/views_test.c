// SPDX-License-Identifier: GPL-2.0
/*
 * The views (views.c, views/<name>.c, and what several of them use:
 * view_fmt.c, nlput.c): the devices view's hints, histograms' buckets,
 * flow and reset keys, the neigh and sockmem views.  The tpstat_views
 * suite, whose other cases are beside their units: table_test.c,
 * view_copy_test.c, netns_test.c and births_test.c.
 */
#include <linux/netdevice.h>
#include <linux/overflow.h>
#include <linux/skbuff.h>
#include <net/sock.h>

#include "tpstat_kunit.h"

#include "../module/format/nlput.c"
#include "../module/format/view_fmt.c"
#include "../module/tables/views.c"
#include "../module/views/auth.c"
#include "../module/views/devices.c"
#include "../module/views/drops.c"
#include "../module/views/errors.c"
#include "../module/views/hists.c"
#include "../module/views/neigh.c"
#include "../module/views/rcvq.c"
#include "../module/views/resets.c"
#include "../module/views/retrans.c"
#include "../module/views/states.c"
#include "../module/views/traps.c"
#include "../module/views/sockmem.c"

/*
 * The DEVICES view's inline recording: two devices that share a hint
 * (their addresses hash to one) each get their own entry, exactly, as
 * the hint moves between them; a third, past the table's two keys, is
 * lost and counted, and its updates touch neither entry.  Only a device
 * up and registered owns its entry (and its hint finds it there); one
 * that gave it back (its unregistration) and is down is still counted
 * there, through the look-up, without owning it.
 */
#define TPSTAT_HINT_TEST_DEVS	(2 * TPSTAT_TABLE_HINTS + 1)

/*
 * Three devices whose addresses pick one hint into @dev: of
 * TPSTAT_HINT_TEST_DEVS, some three share one of the TPSTAT_TABLE_HINTS
 * hints.  The others are freed.
 */
static void tpstat_devices_sharing_hint(struct kunit *test,
					struct net_device **dev)
{
	struct net_device **pool;
	unsigned int per_hint[TPSTAT_TABLE_HINTS] = {}, hint = 0;
	bool found = false;
	int i, n = 0;

	/* kunit_kzalloc(): 5.10's KUnit has no kunit_kcalloc(). */
	pool = kunit_kzalloc(test,
			     array_size(TPSTAT_HINT_TEST_DEVS, sizeof(*pool)),
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pool);
	for (i = 0; i < TPSTAT_HINT_TEST_DEVS; i++) {
		pool[i] = alloc_netdev(0, "tpstat%d", NET_NAME_UNKNOWN,
				       ether_setup);
		KUNIT_ASSERT_NOT_NULL(test, pool[i]);
		if (++per_hint[tpstat_dev_hint(pool[i])] == 3 && !found) {
			hint = tpstat_dev_hint(pool[i]);
			found = true;
		}
	}
	for (i = 0; i < TPSTAT_HINT_TEST_DEVS; i++) {
		if (n < 3 && tpstat_dev_hint(pool[i]) == hint)
			dev[n++] = pool[i];
		else
			free_netdev(pool[i]);
	}
	KUNIT_ASSERT_EQ(test, 3, n);
}

static void tpstat_devices_hint_test(struct kunit *test)
{
	struct tpstat_views *v = kunit_kzalloc(test, sizeof(*v), GFP_KERNEL);
	struct tpstat_table *t;
	struct net_device *dev[3];
	struct tpstat_dev_key key1;
	struct tpstat_slot_hdr *s1;
	atomic64_t *vals;
	bool held[3];
	int i, ifindex[3] = { 5, 21, 37 };

	KUNIT_ASSERT_NOT_NULL(test, v);
	t = &v->table[TPSTAT_VIEW_DEVICES];
	KUNIT_ASSERT_EQ(test, 0, tpstat_table_init_hinted(t, 2,
							  sizeof(struct tpstat_dev_key),
							  TPSTAT_DEV_NR));
	tpstat_devices_sharing_hint(test, dev);
	/* The probes' record functions write to the live generation. */
	tpstat_views_publish(v);
	for (i = 0; i < 3; i++) {
		dev[i]->ifindex = ifindex[i];
		/* As if registered and up (never listed: no one sends). */
		dev[i]->reg_state = NETREG_REGISTERED;
		set_bit(__LINK_STATE_START, &dev[i]->state);
	}
	preempt_disable();
	for (i = 0; i < 10; i++) {
		tpstat_record_dev(dev[0], TPSTAT_DEV_TX_PACKETS, 100, true);
		tpstat_record_dev(dev[1], TPSTAT_DEV_TX_PACKETS, 1, true);
		tpstat_record_dev(dev[1], TPSTAT_DEV_TX_PACKETS, 1, true);
		tpstat_record_dev(dev[2], TPSTAT_DEV_TX_PACKETS, 7, true);
	}
	/* The lost device's look-ups leave the hint at dev[1]'s entry. */
	held[0] = tpstat_dev_holds(tpstat_dev_hinted(tpstat_dev_hint(dev[0])), dev[0]);
	held[1] = tpstat_dev_holds(tpstat_dev_hinted(tpstat_dev_hint(dev[1])), dev[1]);
	tpstat_record_napi(dev[0], 64, 64);
	held[2] = tpstat_dev_holds(tpstat_dev_hinted(tpstat_dev_hint(dev[0])), dev[0]);
	preempt_enable();
	KUNIT_EXPECT_FALSE(test, held[0]);
	KUNIT_EXPECT_TRUE(test, held[1]);
	KUNIT_EXPECT_TRUE(test, held[2]);

	/* dev[1] unregistered gives its entry back; down, it owns none. */
	tpstat_dev_key_of(&key1, dev[1]);
	s1 = tpstat_table_find(t, &key1);
	KUNIT_ASSERT_NOT_NULL(test, s1);
	KUNIT_EXPECT_TRUE(test, tpstat_slot_owned_by(s1, dev[1]));
	tpstat_table_forget(t, &key1, dev[1]);
	KUNIT_EXPECT_FALSE(test, tpstat_slot_owned_by(s1, dev[1]));
	clear_bit(__LINK_STATE_START, &dev[1]->state);
	preempt_disable();
	tpstat_record_dev(dev[1], TPSTAT_DEV_TX_PACKETS, 1, true);
	preempt_enable();
	KUNIT_EXPECT_FALSE(test, tpstat_slot_owned_by(s1, dev[1]));
	set_bit(__LINK_STATE_START, &dev[1]->state);
	preempt_disable();
	tpstat_record_dev(dev[1], TPSTAT_DEV_TX_PACKETS, 1, true);
	preempt_enable();
	KUNIT_EXPECT_TRUE(test, tpstat_slot_owned_by(s1, dev[1]));
	for (i = 0; i < 2; i++) {
		struct tpstat_dev_key key = {};

		tpstat_key_ns(&key, dev_net(dev[i]));
		key.ifindex = ifindex[i];
		vals = tpstat_table_get(t, &key);
		KUNIT_ASSERT_NOT_NULL(test, vals);
		KUNIT_EXPECT_EQ(test, i ? 22LL : 10LL,
				atomic64_read(&vals[TPSTAT_DEV_TX_PACKETS]));
		KUNIT_EXPECT_EQ(test, i ? 22LL : 1000LL,
				atomic64_read(&vals[TPSTAT_DEV_TX_BYTES]));
		KUNIT_EXPECT_EQ(test, i ? 0LL : 1LL,
				atomic64_read(&vals[TPSTAT_DEV_NAPI_BUDGET_EXHAUSTED]));
	}
	KUNIT_EXPECT_EQ(test, 2, atomic_read(&t->used));
	/* The third device's 10 updates, and the look-up above found all. */
	KUNIT_EXPECT_EQ(test, 10LL, atomic64_read(&t->overflow));
	for (i = 0; i < 3; i++) {
		dev[i]->reg_state = NETREG_UNINITIALIZED;
		free_netdev(dev[i]);
	}
	tpstat_views_publish(NULL);
	tpstat_table_free(t);
}

/* ---- histograms and flow keys ------------------------------------------ */

static void tpstat_log2_bucket_test(struct kunit *test)
{
	int b;

	KUNIT_EXPECT_EQ(test, 0UL, tpstat_log2_bucket(0));
	KUNIT_EXPECT_EQ(test, 1UL, tpstat_log2_bucket(1));
	KUNIT_EXPECT_EQ(test, 2UL, tpstat_log2_bucket(2));
	KUNIT_EXPECT_EQ(test, 2UL, tpstat_log2_bucket(3));
	KUNIT_EXPECT_EQ(test, 3UL, tpstat_log2_bucket(4));
	/* Bucket b holds [2^(b-1), 2^b - 1]. */
	for (b = 1; b < 64; b++) {
		KUNIT_EXPECT_EQ(test, (unsigned long)b, tpstat_log2_bucket(1ULL << (b - 1)));
		KUNIT_EXPECT_EQ(test, (unsigned long)b, tpstat_log2_bucket((1ULL << b) - 1));
	}
	KUNIT_EXPECT_EQ(test, 64UL, tpstat_log2_bucket(U64_MAX));
	KUNIT_EXPECT_EQ(test, (unsigned long)TPSTAT_HIST_BUCKETS - 1,
			tpstat_log2_bucket(U64_MAX));
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
	KUNIT_CASE(tpstat_netns_buckets_test),
	KUNIT_CASE(tpstat_netns_bucket_mates_test),
	KUNIT_CASE(tpstat_netns_pass_test),
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

struct kunit_suite tpstat_views_suite = {
	.name = "tpstat_views",
	.test_cases = tpstat_views_cases,
};
