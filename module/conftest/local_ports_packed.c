// SPDX-License-Identifier: GPL-2.0
/*
 * net->ipv4.ip_local_ports.range is one u32, low | high << 16, read with
 * READ_ONCE() (6.7 on); before, two ints behind a seqlock.
 */
#include <net/net_namespace.h>

static inline u32 __maybe_unused conftest(const struct net *net)
{
	u32 range = READ_ONCE(net->ipv4.ip_local_ports.range);

	return range;
}
