/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between kernel versions that tpstat cares about, in
 * one place.  The TPSTAT_HAVE_* macros come from generated/tpstat_features.h,
 * which conftest.sh writes by compiling one small probe per question
 * against the target kernel's headers: what decides is the prototype the
 * headers declare, never LINUX_VERSION_CODE (distributions backport
 * tracepoint changes, and the sublevel saturates at 255).
 *
 * For a tracepoint whose prototype changed, every known variant has a
 * test (conftest/<tracepoint>_*.c); the older ones are chosen here and the
 * newest is the default.  A kernel with a prototype nobody has seen yet
 * stops in conftest.sh with the tracepoint's name and the prototype it
 * found, and would anyway fail at the check_trace_callback_type_<name>()
 * call in probes.c instead of calling a probe with the wrong arguments.
 *
 * TPSTAT_PROTO_<tracepoint> is the probe's parameter list after the
 * leading "void *data", TPSTAT_ARGS_<tracepoint> the same names as call
 * arguments, in parentheses; TPSTAT_VARIANT_<tracepoint> names that list for people
 * reading `events`-style listings.
 */
#ifndef _TPSTAT_COMPAT_H
#define _TPSTAT_COMPAT_H

#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>
#include <linux/types.h>
#include <net/neighbour.h>
#include <net/net_namespace.h>
#include <tpstat_features.h>

/*
 * skb:kfree_skb gained "reason" in 5.17 (5.15.58) and "rx_sk" in 6.11;
 * rx_sk became const in 7.x.
 */
#if defined(TPSTAT_HAVE_KFREE_SKB_PLAIN)
#define TPSTAT_PROTO_kfree_skb struct sk_buff *skb, void *location
#define TPSTAT_ARGS_kfree_skb (skb, location)
#define TPSTAT_VARIANT_kfree_skb "skb,location"
#define TPSTAT_FIELDS_kfree_skb "location,skb->dev"
#define TPSTAT_KFREE_SKB_IS_DROP true
#define TPSTAT_KFREE_SKB_REASON 0
#elif defined(TPSTAT_HAVE_KFREE_SKB_REASON)
#define TPSTAT_PROTO_kfree_skb struct sk_buff *skb, void *location, \
	enum skb_drop_reason reason
#define TPSTAT_ARGS_kfree_skb (skb, location, reason)
#define TPSTAT_VARIANT_kfree_skb "skb,location,reason"
#define TPSTAT_FIELDS_kfree_skb "location,reason,skb->dev"
#define TPSTAT_KFREE_SKB_IS_DROP (!tpstat_reason_is_consumed(reason))
#define TPSTAT_KFREE_SKB_REASON reason
#elif defined(TPSTAT_HAVE_KFREE_SKB_RX_SK)
#define TPSTAT_PROTO_kfree_skb struct sk_buff *skb, void *location, \
	enum skb_drop_reason reason, struct sock *rx_sk
#define TPSTAT_ARGS_kfree_skb (skb, location, reason, rx_sk)
#define TPSTAT_VARIANT_kfree_skb "skb,location,reason,rx_sk"
#define TPSTAT_FIELDS_kfree_skb "location,reason,skb->dev"
#define TPSTAT_KFREE_SKB_IS_DROP (!tpstat_reason_is_consumed(reason))
#define TPSTAT_KFREE_SKB_REASON reason
#else
#define TPSTAT_PROTO_kfree_skb struct sk_buff *skb, void *location, \
	enum skb_drop_reason reason, const struct sock *rx_sk
#define TPSTAT_ARGS_kfree_skb (skb, location, reason, rx_sk)
#define TPSTAT_VARIANT_kfree_skb "skb,location,reason,rx_sk"
#define TPSTAT_FIELDS_kfree_skb "location,reason,skb->dev"
#define TPSTAT_KFREE_SKB_IS_DROP (!tpstat_reason_is_consumed(reason))
#define TPSTAT_KFREE_SKB_REASON reason
#endif

/*
 * SKB_CONSUMED (6.2) marks a free that is not a drop.  Kernels route it
 * to consume_skb, but a kfree_skb carrying it is still not a drop.
 */
#ifdef TPSTAT_HAVE_SKB_CONSUMED
#define tpstat_reason_is_consumed(reason) ((reason) == SKB_CONSUMED)
#else
#define tpstat_reason_is_consumed(reason) false
#endif

/* skb:consume_skb gained "location" in 6.3. */
#if defined(TPSTAT_HAVE_CONSUME_SKB_PLAIN)
#define TPSTAT_PROTO_consume_skb struct sk_buff *skb
#define TPSTAT_ARGS_consume_skb (skb)
#define TPSTAT_VARIANT_consume_skb "skb"
#else
#define TPSTAT_PROTO_consume_skb struct sk_buff *skb, void *location
#define TPSTAT_ARGS_consume_skb (skb, location)
#define TPSTAT_VARIANT_consume_skb "skb,location"
#endif

/* tcp:tcp_retransmit_skb gained "err", the retransmission's result, in 7.x. */
#if defined(TPSTAT_HAVE_TCP_RETRANSMIT_SKB_PLAIN)
#define TPSTAT_PROTO_tcp_retransmit_skb const struct sock *sk, \
	const struct sk_buff *skb
#define TPSTAT_ARGS_tcp_retransmit_skb (sk, skb)
#define TPSTAT_VARIANT_tcp_retransmit_skb "sk,skb"
#else
#define TPSTAT_PROTO_tcp_retransmit_skb const struct sock *sk, \
	const struct sk_buff *skb, int err
#define TPSTAT_ARGS_tcp_retransmit_skb (sk, skb, err)
#define TPSTAT_VARIANT_tcp_retransmit_skb "sk,skb,err"
#endif

/* tcp:tcp_probe's skb became const in 7.x. */
#if defined(TPSTAT_HAVE_TCP_PROBE_PLAIN)
#define TPSTAT_PROTO_tcp_probe struct sock *sk, struct sk_buff *skb
#define TPSTAT_VARIANT_tcp_probe "sk,skb"
#else
#define TPSTAT_PROTO_tcp_probe struct sock *sk, const struct sk_buff *skb
#define TPSTAT_VARIANT_tcp_probe "sk,skb"
#endif
#define TPSTAT_ARGS_tcp_probe (sk, skb)

/*
 * udp:udp_fail_queue_rcv_skb gained "skb" in 6.10, in the change that
 * also fires it on IPv6's path (__udpv6_queue_rcv_skb): before, only
 * IPv4's datagrams (to IPv4 or dual-stack sockets) reach it.
 */
#if defined(TPSTAT_HAVE_UDP_FAIL_QUEUE_RCV_SKB_PLAIN)
#define TPSTAT_PROTO_udp_fail_queue_rcv_skb int rc, struct sock *sk
#define TPSTAT_ARGS_udp_fail_queue_rcv_skb (rc, sk)
#define TPSTAT_VARIANT_udp_fail_queue_rcv_skb "rc,sk"
#else
#define TPSTAT_PROTO_udp_fail_queue_rcv_skb int rc, struct sock *sk, \
	struct sk_buff *skb
#define TPSTAT_ARGS_udp_fail_queue_rcv_skb (rc, sk, skb)
#define TPSTAT_VARIANT_udp_fail_queue_rcv_skb "rc,sk,skb"
#endif

/* tcp:tcp_send_reset gained "reason" in 6.10. */
#if defined(TPSTAT_HAVE_TCP_SEND_RESET_PLAIN)
#define TPSTAT_PROTO_tcp_send_reset const struct sock *sk, \
	const struct sk_buff *skb
#define TPSTAT_ARGS_tcp_send_reset (sk, skb)
#define TPSTAT_VARIANT_tcp_send_reset "sk,skb"
#define TPSTAT_FIELDS_tcp_send_reset "sk (port, peer)"
#define TPSTAT_SEND_RESET_REASON 0
#else
#define TPSTAT_PROTO_tcp_send_reset const struct sock *sk, \
	const struct sk_buff *skb, const enum sk_rst_reason reason
#define TPSTAT_ARGS_tcp_send_reset (sk, skb, reason)
#define TPSTAT_VARIANT_tcp_send_reset "sk,skb,reason"
#define TPSTAT_FIELDS_tcp_send_reset "sk or skb (port, peer),reason"
#define TPSTAT_SEND_RESET_REASON reason
#endif

/* TPSTAT_A_INFO_FEATURES, from the same answers. */
#if defined(TPSTAT_HAVE_KFREE_SKB_PLAIN)
#define TPSTAT_F_DROP_REASON_IF 0
#else
#define TPSTAT_F_DROP_REASON_IF TPSTAT_F_DROP_REASON
#endif
#ifdef TPSTAT_HAVE_SKB_CONSUMED
#define TPSTAT_F_SKB_CONSUMED_IF TPSTAT_F_SKB_CONSUMED
#else
#define TPSTAT_F_SKB_CONSUMED_IF 0
#endif
#if defined(TPSTAT_HAVE_TCP_SEND_RESET_PLAIN)
#define TPSTAT_F_RST_REASON_IF 0
#else
#define TPSTAT_F_RST_REASON_IF TPSTAT_F_RST_REASON
#endif
#define TPSTAT_FEATURES (TPSTAT_F_DROP_REASON_IF | TPSTAT_F_SKB_CONSUMED_IF | \
			 TPSTAT_F_RST_REASON_IF)

/* tcp_snd_cwnd() from 5.19. */
#ifndef TPSTAT_HAVE_TCP_SND_CWND
#define tcp_snd_cwnd(tp) ((tp)->snd_cwnd)
#endif

/* nla_strscpy() was nla_strlcpy() before 5.11. */
#ifndef TPSTAT_HAVE_NLA_STRSCPY
#define nla_strscpy nla_strlcpy
#endif

/*
 * system_unbound_wq and system_wq are system_dfl_wq and system_percpu_wq
 * where the kernel has the new names; it warns once of work queued on
 * the old ones.
 */
#ifndef TPSTAT_HAVE_SYSTEM_DFL_WQ
#define system_dfl_wq system_unbound_wq
#define system_percpu_wq system_wq
#endif

/* struct devlink is private from 6.0, with devlink_to_dev() to reach it. */
#ifndef TPSTAT_HAVE_DEVLINK_TO_DEV
#define devlink_to_dev(devlink) ((devlink)->dev)
#endif

/* struct genl_dumpit_info holds a struct genl_info from 6.2. */
#ifdef TPSTAT_HAVE_GENL_DUMPIT_INFO_INFO
#define tpstat_dump_attrs(cb) (genl_dumpit_info(cb)->info.attrs)
#else
#define tpstat_dump_attrs(cb) (genl_dumpit_info(cb)->attrs)
#endif

/*
 * The namespace's ephemeral port range, in probe context.  Before 6.7 it
 * sits behind a seqlock, whose reader can sleep on PREEMPT_RT while a
 * writer holds it, so inet_get_local_port_range() is not for probes there:
 * read the two values as they are (a sysctl write racing an event can
 * misplace that one event).
 */
static inline void tpstat_local_port_range(const struct net *net, int *low,
					   int *high)
{
#ifdef TPSTAT_HAVE_LOCAL_PORTS_PACKED
	u32 range = READ_ONCE(net->ipv4.ip_local_ports.range);

	*low = range & 0xffff;
	*high = range >> 16;
#else
	*low = READ_ONCE(net->ipv4.ip_local_ports.range[0]);
	*high = READ_ONCE(net->ipv4.ip_local_ports.range[1]);
#endif
}

/*
 * Who may join the alerts group (the monitor).  Kernels that cannot
 * restrict a group at all get no monitor: alerts name addresses and
 * ports, which only CAP_NET_ADMIN may read (netlink_views.c).
 */
#if defined(TPSTAT_HAVE_GENL_MCAST_FLAGS)
#define TPSTAT_HAVE_ALERTS 1
#define TPSTAT_MCGRP_PERM .flags = GENL_MCAST_CAP_NET_ADMIN
#elif defined(TPSTAT_HAVE_GENL_MCAST_CAP_SYS_ADMIN)
#define TPSTAT_HAVE_ALERTS 1
#define TPSTAT_MCGRP_PERM .cap_sys_admin = 1
#endif

/*
 * Neighbour updates that only mark a neighbour used or managed: they
 * keep its state whatever state they name (NTF_USE; NTF_MANAGED from
 * 5.16).  The flags are macros, so their presence is the test.
 */
#ifdef NEIGH_UPDATE_F_MANAGED
#define TPSTAT_NEIGH_UPDATE_KEEPS_STATE \
	(NEIGH_UPDATE_F_USE | NEIGH_UPDATE_F_MANAGED)
#else
#define TPSTAT_NEIGH_UPDATE_KEEPS_STATE NEIGH_UPDATE_F_USE
#endif

/*
 * Where the kernel patches each static call's site in place (x86-64's
 * objtool marks a module's sites too), a tail call to nothing is the
 * return itself: the probes reach the namespace pass that way
 * (probe_body.h).  Elsewhere a static call to nothing is a load and a
 * test, or a call, where a static key costs a no-op: they keep the key.
 */
#ifdef CONFIG_HAVE_STATIC_CALL_INLINE
#include <linux/static_call.h>
#define TPSTAT_NETNS_TAIL_CALL 1
#endif

/*
 * The namespace pass is reached only by its probes' patched jumps, never
 * through a pointer: on a kernel built for IBT it needs no ENDBR, which
 * would be one more instruction for every event that reaches it.  Its
 * address is taken only to patch the jumps, which objtool is told.
 */
#ifdef CONFIG_X86_KERNEL_IBT
#include <asm/ibt.h>
#include <linux/objtool.h>
#define TPSTAT_NOENDBR __noendbr
#ifdef ANNOTATE_NOENDBR_SYM
#define TPSTAT_NOENDBR_SYM(fn) ANNOTATE_NOENDBR_SYM(fn)
#else
#define TPSTAT_NOENDBR_SYM(fn) \
	asm(".pushsection .discard.noendbr\n\t.long " #fn "\n\t.popsection")
#endif
#else
#include <linux/build_bug.h>
#define TPSTAT_NOENDBR
/* Nothing, where a file-scope statement is expected. */
#define TPSTAT_NOENDBR_SYM(fn) static_assert(1)
#endif

/*
 * Where an instruction compares memory with a constant address (x86),
 * the peek compares an event's namespace where it is held
 * (netns_counts.h): elsewhere the address takes a register first.
 */
#ifdef CONFIG_X86
#define TPSTAT_NETNS_CMP_IN_PLACE 1
#endif

/*
 * Where a hash of an event's namespace and a compare in memory cost
 * less than the loads of its slot (x86), or where reading the slot
 * needs the probe pinned first (preemptible probes), the events of a
 * namespace that counts nothing are told so by the namespaces' buckets
 * (netns_counts.h) first, and a counting one's find its counting there.
 */
#if defined(CONFIG_X86) || !defined(TPSTAT_HAVE_PROBES_PREEMPT_OFF)
#define TPSTAT_NETNS_BUCKETS_FIRST 1
#endif

/* How each kernel keeps the probe context's promises (probe_body.h). */
#ifdef TPSTAT_HAVE_PROBES_PREEMPT_OFF
static __always_inline void tpstat_probe_pin(void)
{
}

static __always_inline void tpstat_probe_unpin(void)
{
}

#define tpstat_probe_dereference(p)	rcu_dereference_sched(p)

/* Probes are RCU readers, as is anyone under rcu_read_lock(). */
static inline void tpstat_probe_synchronize(void)
{
	synchronize_rcu();
}
#else
static __always_inline void tpstat_probe_pin(void)
{
	preempt_disable_notrace();
}

static __always_inline void tpstat_probe_unpin(void)
{
	preempt_enable_notrace();
}

/*
 * Lockdep cannot see an SRCU-fast reader (its notrace lock is not
 * tracked): read unchecked, as the kernel's own __DO_TRACE_CALL() reads
 * a tracepoint's probes.
 */
#define tpstat_probe_dereference(p)	rcu_dereference_raw(p)

/*
 * Probes run under tracepoint_srcu (these tracepoints are not faultable:
 * include/linux/tracepoint.h), readers under rcu_read_lock().
 */
static inline void tpstat_probe_synchronize(void)
{
	synchronize_srcu(&tracepoint_srcu);
	synchronize_rcu();
}
#endif

/*
 * A network namespace's cookie: a u64 never given to another namespace,
 * unlike its inode number (ns.inum, from an IDA that hands out the
 * lowest free number, so a new namespace gets a dead one's).  Keys,
 * alerts and filters name namespaces by it; ns.inum is for display and
 * ip netns names only.  Where struct net has a plain u64 net_cookie, set
 * when the namespace is made (conftest/net_cookie_u64.c: 5.14 on, so
 * 6.1, 6.12 and 7.x), it is that.  Elsewhere (5.10's is an atomic64_t
 * that only BPF fills, through net_gen_cookie(), which modules cannot
 * call) netns_cookie.c gives each namespace its own at pernet init: never
 * 0 and never reused while the module is loaded, as long as any key
 * holds it.  There, a namespace still being made, before that init, has
 * 0, which names no namespace.  Any context, the probes' included.
 */
#ifdef TPSTAT_HAVE_NET_COOKIE_U64
static inline u64 tpstat_net_cookie(const struct net *net)
{
	return net->net_cookie;
}
#else
u64 tpstat_net_cookie(const struct net *net);
#endif
/* netns_cookie.c: module load and exit (nothing to do with net_cookie). */
int tpstat_net_cookie_init(void);
void tpstat_net_cookie_exit(void);

/* kzalloc_obj() (one zeroed object of @P's type) is newer than most kernels. */
#ifndef kzalloc_obj
#define kzalloc_obj(P, gfp) kzalloc(sizeof(P), gfp)
#endif

#endif /* _TPSTAT_COMPAT_H */
