// SPDX-License-Identifier: GPL-2.0
/*
 * The spec as nlfuzz reads it: the seed table specseed.py generated
 * from uapi/tpstat.yaml, checked against the uapi header, and given to
 * the other files through pointers and counts.
 */
#include <stddef.h>

#include "nlfuzz.h"
#include "nlfuzz_seed.h"


_Static_assert(SEED_ATTR_LAST == TPSTAT_A_MAX,
	       "uapi/tpstat.yaml's attributes disagree with uapi/linux/tpstat.h");
_Static_assert(SEED_CMD_LAST == TPSTAT_CMD_MAX,
	       "uapi/tpstat.yaml's operations disagree with uapi/linux/tpstat.h");
_Static_assert(SEED_CONST_GLOB_MAX == TPSTAT_GLOB_MAX, "glob-max");


const struct seed_attr *const spec_attrs = seed_attrs;
const struct seed_op *const spec_ops = seed_ops;
const size_t spec_nattrs = sizeof(seed_attrs) / sizeof(seed_attrs[0]);
const size_t spec_nops = sizeof(seed_ops) / sizeof(seed_ops[0]);
const char spec_family[] = SEED_FAMILY;
