// SPDX-License-Identifier: GPL-2.0
/*
 * Sockets' births (births.c) and the lifetimes view that reads them
 * (views/lifetimes.c).  Cases of the tpstat_views suite (views_test.c).
 */
#include "tpstat_kunit.h"

#include "../module/tables/births.c"
#include "../module/views/lifetimes.c"

/* A comm copy is one NUL-padded string, whatever followed its NUL. */
void tpstat_comm_copy_test(struct kunit *test)
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

/*
 * Which end a socket was born as rides in bit 0 of its birth time, the
 * share it was charged to in bits 1 to 6: the time read back is the
 * record's to 128 ns.
 */
void tpstat_birth_direction_test(struct kunit *test)
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
void tpstat_birth_shares_test(struct kunit *test)
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
		KUNIT_EXPECT_EQ(test, (int)(i < 2),
				(int)tpstat_birth_record(&b, &sk[i], 3, 1000,
							 none, true));
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
