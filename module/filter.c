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
#include <net/sock.h>

#include "compat.h"
#include "event_net.h"
#include "filter.h"

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

bool tpstat_filter_match_one(const struct tpstat_filter *f,
			     const struct sock *sk, const struct sk_buff *skb,
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

bool tpstat_filter_match(const struct sock *sk, const struct sk_buff *skb,
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
