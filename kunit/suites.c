// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat_kunit.ko: every suite of the test files, registered in one list,
 * in one call: on older kernels (5.10) kunit_test_suites() is the
 * module's init.
 */
#include <linux/module.h>

#include "tpstat_kunit.h"

kunit_test_suites(&tpstat_glob_suite, &tpstat_registry_suite,
		  &tpstat_params_suite, &tpstat_counters_suite,
		  &tpstat_views_suite, &tpstat_alerts_suite,
		  &tpstat_filter_suite, &tpstat_alert_window_suite,
		  &tpstat_reasons_suite, &tpstat_recorder_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for tpstat");
