// SPDX-License-Identifier: GPL-2.0
/* Drop and reset reasons' names (reasons.c). */
#include "tpstat_kunit.h"

#include "../module/format/reasons.c"

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

struct kunit_suite tpstat_reasons_suite = {
	.name = "tpstat_reasons",
	.test_cases = tpstat_reasons_cases,
};
