// SPDX-License-Identifier: GPL-2.0
/*
 * ERRORS: errors reported on TCP and UDP sockets, per errno and service
 * port (uapi/linux/tpstat.h).  Its probe is sock:inet_sk_error_report
 * (probes.c); recording runs in probe context, like it.
 *
 * debugfs: count errno protocol side port netns (side: local|remote).
 */
#include <linux/in.h>
#include <linux/seq_file.h>
#include <net/inet_sock.h>
#include <net/sock.h>

#include "alerts/alerts.h"
#include "format/nlput.h"
#include "netlink/netlink.h"
#include "base/params.h"
#include "record/record.h"
#include "tables/view_type.h"

/* A socket error by its service: port is the remote one if @remote. */
struct tpstat_err_key {
	u64 ns_cookie;
	u32 ns_inum;
	u32 err;		/* sk_err, never 0 */
	u16 family;
	u16 port;
	u8 protocol;
	u8 remote;
	u8 pad[2];
} __aligned(8);

enum { TPSTAT_ERR_COUNT, TPSTAT_ERR_NR };

tpstat_view_keys_param(error_keys, 128, 524288,
		       tpstat_err_key, TPSTAT_ERR_NR,
		       "Errors view: distinct (errno, protocol, service port) keys kept");

/*
 * The service a socket's error belongs to: the remote port for a client
 * (its local port is in the namespace's ephemeral range), else the local
 * one (and where the peer is gone).  A refused connect has given its port
 * back (sk_num is 0) by now: inet_sport keeps it.
 */
static notrace void tpstat_record_error(struct tpstat_views *v,
					const struct sock *sk, int err)
{
	const struct inet_sock *inet = inet_sk(sk);
	struct tpstat_err_key key = {};
	u16 lport = ntohs(inet->inet_sport);

	tpstat_key_ns(&key, sock_net(sk));
	key.err = err;
	key.family = sk->sk_family;
	key.protocol = sk->sk_protocol;
	/* tcp_disconnect() (SO_LINGER 0) clears the peer before it reports. */
	if (tpstat_ephemeral(sock_net(sk), lport, ntohs(inet->inet_dport))) {
		key.remote = 1;
		key.port = ntohs(inet->inet_dport);
	} else {
		key.port = lport;
	}
	tpstat_table_add(&v->table[TPSTAT_VIEW_ERRORS], &key, TPSTAT_ERR_COUNT, 1);
}

/*
 * sock:inet_sk_error_report: the error the socket holds.  tcp_disconnect()
 * reports again after connect() took the error: 0 then, not kept.
 */
notrace void tpstat_feed_inet_sk_error_report(const struct sock *sk)
{
	struct tpstat_views *v = tpstat_views(TPSTAT_VIEW_ERRORS);
	int err;

	if (!v)
		return;
	err = READ_ONCE(sk->sk_err);
	if (err)
		tpstat_record_error(v, sk, err);
}

static int tpstat_errors_put(struct sk_buff *skb, const void *key,
			     const u64 *vals)
{
	const struct tpstat_err_key *k = key;

	if (nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	    nla_put_u8(skb, TPSTAT_A_PROTOCOL, k->protocol) ||
	    nla_put_u32(skb, TPSTAT_A_ERRNO, k->err) ||
	    nla_put_u16(skb, k->remote ? TPSTAT_A_DPORT : TPSTAT_A_SPORT,
			k->port) ||
	    tpstat_put_u64(skb, TPSTAT_A_COUNT, vals[TPSTAT_ERR_COUNT]))
		return -EMSGSIZE;
	return 0;
}

static void tpstat_errors_seq(struct seq_file *m, const void *key,
			      const u64 *v)
{
	const struct tpstat_err_key *k = key;

	seq_printf(m, "%llu %u %s %s %u %u", v[TPSTAT_ERR_COUNT], k->err,
		   k->protocol == IPPROTO_TCP ? "tcp" :
		   k->protocol == IPPROTO_UDP ? "udp" : "-",
		   k->remote ? "remote" : "local", k->port, k->ns_inum);
}

const struct tpstat_view_type tpstat_view_errors = {
	TPSTAT_VIEW_WRITERS(errors),
	.columns = "count errno protocol side port netns",
	.privacy = TPSTAT_VIEW_PRIVATE,
	TPSTAT_VIEW_TABLE(tpstat_err_key, TPSTAT_ERR_NR, error_keys),
	.needs = {
		{ TPSTAT_EV_INET_SK_ERROR_REPORT,
		  TPSTAT_MSG("this view is unavailable: the kernel has no sock:inet_sk_error_report (5.14 on)") },
	},
};

/* A socket error's alert: port, peer and errno (in @reason). */
static int tpstat_errors_alert_put(struct sk_buff *skb,
				   const struct tpstat_alert_key *k)
{
	return nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	       nla_put_u16(skb, TPSTAT_A_SPORT, k->sport) ||
	       tpstat_put_addr(skb, TPSTAT_A_DADDR, k->family, k->daddr) ||
	       nla_put_u16(skb, TPSTAT_A_DPORT, k->dport) ||
	       nla_put_u32(skb, TPSTAT_A_ERRNO, k->reason);
}

const struct tpstat_alert_ops tpstat_errors_alert_ops = {
	.name = "errors",
	.put_key = tpstat_errors_alert_put,
};
