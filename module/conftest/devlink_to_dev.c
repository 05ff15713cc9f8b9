// SPDX-License-Identifier: GPL-2.0
/* devlink_to_dev() (6.0), where struct devlink became private. */
#include <net/devlink.h>

static inline struct device *__maybe_unused conftest(const struct devlink *dl)
{
	return devlink_to_dev(dl);
}
