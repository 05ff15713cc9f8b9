// SPDX-License-Identifier: GPL-2.0
/*
 * The registry of events (registry.c) and the events= selection from it
 * (event_select.c: globs and the parameter's parsing); params.c, the
 * parameters' limits, is compiled in here too.
 */
#include <linux/bitmap.h>

#include "tpstat_kunit.h"

#include "../module/control/event_select.c"
/* params.c names its messages; kunit/test.h defined pr_fmt first. */
#undef pr_fmt
#include "../module/base/params.c"
#include "../module/control/registry.c"

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

struct kunit_suite tpstat_glob_suite = {
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

struct kunit_suite tpstat_registry_suite = {
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

struct kunit_suite tpstat_params_suite = {
	.name = "tpstat_params",
	.init = tpstat_registry_test_init,
	.test_cases = tpstat_params_cases,
};
