// SPDX-License-Identifier: GPL-2.0
/*
 * Recording a full receive queue into the RCVQ view (record.h).  Runs in
 * probe context, like probes.c: no locks, no allocation, bounded work.
 */
#include <linux/in.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <net/inet_sock.h>
#include <net/sock.h>

#include "record.h"

notrace void tpstat_record_rcvq(struct tpstat_views *v, const struct sock *sk)
{
	struct tpstat_rcvq_key key = {};
	atomic64_t *vals;

	tpstat_key_ns(&key, sock_net(sk));
	key.family = sk->sk_family;
	/* A raw socket's inet_num is the protocol it receives: keep both. */
	if (sk->sk_type == SOCK_RAW)
		key.protocol = IPPROTO_RAW;
	else
		key.protocol = sk->sk_protocol;
	key.port = READ_ONCE(inet_sk(sk)->inet_num);
	vals = tpstat_table_get(&v->table[TPSTAT_T_RCVQ], &key);
	if (!vals)
		return;
	atomic64_inc(&vals[TPSTAT_RCVQ_COUNT]);
	atomic64_set(&vals[TPSTAT_RCVQ_RCVBUF],
		     (u32)READ_ONCE(sk->sk_rcvbuf));
}
