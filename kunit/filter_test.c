// SPDX-License-Identifier: GPL-2.0
/* The filter (filter.c): its addresses, and what it keeps. */
#include <linux/inet.h>
#include <linux/skbuff.h>
#include <net/ipv6.h>
#include <net/sock.h>

#include "tpstat_kunit.h"

#include "../module/probes/filter.c"

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

struct kunit_suite tpstat_filter_suite = {
	.name = "tpstat_filter",
	.test_cases = tpstat_filter_cases,
};
