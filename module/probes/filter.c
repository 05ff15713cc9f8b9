// SPDX-License-Identifier: GPL-2.0
/* The filter: matching in probe context, and replacing it (filter.h). */
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/sched.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/net_namespace.h>
#include <net/inet_sock.h>
#include <net/ipv6.h>
#include <net/sock.h>

#include "base/compat.h"
#include "probes/event_net.h"
#include "probes/filter.h"

static struct tpstat_filter __rcu *tpstat_filter;
static DEFINE_MUTEX(tpstat_filter_lock);

static const struct sock *tpstat_event_sk(const struct sock *sk,
					  const struct sk_buff *skb)
{
	return sk ? sk : (skb ? skb->sk : NULL);
}

/* Ports only of internet sockets; sock_common has them for every kind. */
static bool tpstat_inet_sk(const struct sock *sk)
{
	return sk && (sk->sk_family == AF_INET || sk->sk_family == AF_INET6);
}

/*
 * The local port as the tracepoints' sport shows it: a full socket's
 * inet_sport survives the release of its port at CLOSE (sk_num does not).
 */
static u16 tpstat_local_port(const struct sock *sk)
{
	return sk_fullsock(sk) ? ntohs(inet_sk(sk)->inet_sport) : sk->sk_num;
}

/*
 * The socket's local (bound or connected) or remote address, IPv4 as
 * IPv4-mapped IPv6; false where it has none (the wildcard).  sock_common
 * has both families' for every kind of socket, requests and TIME-WAIT
 * included.  An IPv6 socket with an IPv4 peer is an IPv4 one: the IPv4
 * code keeps its addresses in the IPv4 fields, and fills the IPv6 ones
 * after (tcp_v6_connect(): the local one after SYN_SENT).
 */
static bool tpstat_sk_addr(const struct sock *sk, bool local,
			   struct in6_addr *a)
{
	__be32 v4;

#if IS_ENABLED(CONFIG_IPV6)
	if (sk->sk_family == AF_INET6 && !ipv6_addr_v4mapped(&sk->sk_v6_daddr)) {
		*a = local ? sk->sk_v6_rcv_saddr : sk->sk_v6_daddr;
		return !ipv6_addr_any(a) &&
		       !(ipv6_addr_v4mapped(a) && !a->s6_addr32[3]);
	}
#endif
	v4 = local ? sk->sk_rcv_saddr : sk->sk_daddr;
	ipv6_addr_set_v4mapped(v4, a);
	return v4;
}

/* Whether @sk's address is in @fa's network: one masked compare. */
static notrace bool tpstat_addr_match(const struct tpstat_filter_addr *fa,
				      const struct sock *sk, bool local)
{
	struct in6_addr a;

	return tpstat_sk_addr(sk, local, &a) &&
	       ipv6_addr_v4mapped(&a) == (fa->family == AF_INET) &&
	       !ipv6_masked_addr_cmp(&a, &fa->mask, &fa->net);
}

/*
 * Out of line: a filter without addresses pays one test of its fields
 * and a branch not taken (tpstat_filter_match_one()).
 */
static noinline notrace bool
tpstat_filter_match_addrs(const struct tpstat_filter *f, const struct sock *s)
{
	if (!tpstat_inet_sk(s))
		return false;
	if ((f->fields & TPSTAT_FILTER_LADDR) &&
	    !tpstat_addr_match(&f->laddr, s, true))
		return false;
	return !(f->fields & TPSTAT_FILTER_RADDR) ||
	       tpstat_addr_match(&f->raddr, s, false);
}

const char *tpstat_filter_addr_init(struct tpstat_filter_addr *fa,
				    const void *addr, int len, int prefix,
				    bool *bad_prefix)
{
	int bits, plen, i;

	*bad_prefix = false;
	memset(fa, 0, sizeof(*fa));
	if (len == 4) {
		fa->family = AF_INET;
		ipv6_addr_set_v4mapped(*(const __be32 *)addr, &fa->net);
		bits = 32;
	} else if (len == 16) {
		memcpy(&fa->net, addr, 16);
		fa->family = AF_INET6;
		bits = 128;
		if (ipv6_addr_v4mapped(&fa->net) && (prefix < 0 || prefix >= 96)) {
			fa->family = AF_INET;
			bits = 32;
			if (prefix >= 0)
				prefix -= 96;
		}
	} else {
		return "an address is 4 bytes (IPv4) or 16 (IPv6)";
	}
	if (prefix > bits) {
		*bad_prefix = true;
		return bits == 32 ? "an IPv4 prefix is at most 32 bits" :
				    "an IPv6 prefix is at most 128 bits";
	}
	fa->prefix = prefix < 0 ? bits : prefix;
	/* IPv4's first 96 bits, ::ffff:, are always compared. */
	plen = fa->prefix + 128 - bits;
	for (i = 0; i < 4; i++, plen -= 32)
		fa->mask.s6_addr32[i] = htonl(plen >= 32 ? ~0U :
					      plen <= 0 ? 0 : ~0U << (32 - plen));
	for (i = 0; i < 4; i++)
		if (fa->net.s6_addr32[i] & ~fa->mask.s6_addr32[i])
			return "the address has bits set beyond its prefix: give the network, its host bits zero";
	return NULL;
}

int tpstat_filter_addr_get(const struct tpstat_filter_addr *fa, void *addr)
{
	if (fa->family == AF_INET) {
		memcpy(addr, &fa->net.s6_addr32[3], 4);
		return 4;
	}
	memcpy(addr, &fa->net, 16);
	return 16;
}

notrace bool tpstat_filter_match_one(const struct tpstat_filter *f,
				     const struct sock *sk,
				     const struct sk_buff *skb,
				     const struct net_device *dev)
{
	const struct net_device *d = tpstat_event_dev(skb, dev);
	const struct sock *s = tpstat_event_sk(sk, skb);
	const struct net *net;

	if ((f->fields & TPSTAT_FILTER_PID) && current->tgid != f->pid)
		return false;
	if ((f->fields & TPSTAT_FILTER_COMM) &&
	    strncmp(current->comm, f->comm, sizeof(f->comm)))
		return false;
	if (f->fields & TPSTAT_FILTER_NETNS) {
		net = tpstat_event_net(sk, skb, dev);
		if (!net || tpstat_net_cookie(net) != f->netns_cookie)
			return false;
	}
	if ((f->fields & TPSTAT_FILTER_IFINDEX) &&
	    (!d || d->ifindex != f->ifindex))
		return false;
	if ((f->fields & TPSTAT_FILTER_LPORT) &&
	    (!tpstat_inet_sk(s) || tpstat_local_port(s) != f->lport))
		return false;
	if ((f->fields & TPSTAT_FILTER_RPORT) &&
	    (!tpstat_inet_sk(s) || ntohs(s->sk_dport) != f->rport))
		return false;
	if (unlikely(f->fields & TPSTAT_FILTER_ADDRS))
		return tpstat_filter_match_addrs(f, s);
	return true;
}

bool tpstat_filter_resolve_netns(struct tpstat_filter *f)
{
	struct net *net;
	bool found = false;

	rcu_read_lock();
	for_each_net_rcu(net) {
		if (net->ns.inum == f->netns) {
			f->netns_cookie = tpstat_net_cookie(net);
			found = f->netns_cookie;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

notrace bool tpstat_filter_match(const struct sock *sk,
				 const struct sk_buff *skb,
				 const struct net_device *dev)
{
	const struct tpstat_filter *f = rcu_dereference_sched(tpstat_filter);

	return !f || tpstat_filter_match_one(f, sk, skb, dev);
}

void tpstat_filter_set(struct tpstat_filter *f)
{
	struct tpstat_filter *old;

	if (f && !f->fields) {
		kfree(f);
		f = NULL;
	}
	mutex_lock(&tpstat_filter_lock);
	old = rcu_dereference_protected(tpstat_filter,
					lockdep_is_held(&tpstat_filter_lock));
	rcu_assign_pointer(tpstat_filter, f);
	mutex_unlock(&tpstat_filter_lock);
	if (old)
		kfree_rcu(old, rcu);
}

bool tpstat_filter_get(struct tpstat_filter *out)
{
	const struct tpstat_filter *f;
	bool set;

	rcu_read_lock();
	f = rcu_dereference(tpstat_filter);
	set = f;
	if (f)
		*out = *f;
	rcu_read_unlock();
	return set;
}

/* Caller: probes are unregistered and synchronised. */
void tpstat_filter_exit(void)
{
	tpstat_filter_set(NULL);
	rcu_barrier();	/* the kfree_rcu() above, before the module goes */
}
