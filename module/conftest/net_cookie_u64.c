// SPDX-License-Identifier: GPL-2.0
/*
 * struct net's net_cookie is a plain u64, set when the namespace is made
 * (5.14 on); 5.10 has an atomic64_t that only net_gen_cookie() fills.
 */
#include <net/net_namespace.h>

static inline u64 __maybe_unused conftest(const struct net *net)
{
	u64 c = net->net_cookie;

	return c;
}
