// SPDX-License-Identifier: GPL-2.0
/* tcp_snd_cwnd() (5.19); before it, tp->snd_cwnd directly. */
#include <net/tcp.h>

static inline u32 __maybe_unused conftest(const struct tcp_sock *tp)
{
	return tcp_snd_cwnd(tp);
}
