/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The AUTH view's probes (probes_auth.c): the TCP-MD5 and TCP-AO failure
 * tracepoints, each present where the build headers declare it
 * (TPSTAT_HAVE_TP_<ID>, conftest.sh).  All of a trace event class share
 * one prototype: HASH, tcp_hash_event's (sk, skb); AO, tcp_ao_event's,
 * which adds keyid, rnext and maclen.
 */
#ifndef _TPSTAT_PROBES_AUTH_H
#define _TPSTAT_PROBES_AUTH_H

#include <linux/tpstat.h>
#include <linux/types.h>
#include <tpstat_features.h>

#include "counters/event_ids.h"

struct sock;
struct sk_buff;

/* Each class's parameters, arguments and their names, as in compat.h. */
#define TPSTAT_PROTO_AUTH_HASH const struct sock *sk, const struct sk_buff *skb
#define TPSTAT_ARGS_AUTH_HASH (sk, skb)
#define TPSTAT_VARIANT_AUTH_HASH "sk,skb"
#define TPSTAT_PROTO_AUTH_AO const struct sock *sk, \
	const struct sk_buff *skb, const u8 keyid, const u8 rnext, \
	const u8 maclen
#define TPSTAT_ARGS_AUTH_AO (sk, skb, keyid, rnext, maclen)
#define TPSTAT_VARIANT_AUTH_AO "sk,skb,keyid,rnext,maclen"

/* The three probes of a tcp_hash_event tracepoint: (sk, skb). */
#define TPSTAT_AUTH_HASH_DECL(tp)					\
	void tpstat_probe_##tp(void *data, const struct sock *sk,	\
			       const struct sk_buff *skb);		\
	void tpstat_views_##tp(void *data, const struct sock *sk,	\
			       const struct sk_buff *skb);		\
	void tpstat_filtered_##tp(void *data, const struct sock *sk,	\
				  const struct sk_buff *skb)
/* ... of a tcp_ao_event tracepoint: (sk, skb, keyid, rnext, maclen). */
#define TPSTAT_AUTH_AO_DECL(tp)						\
	void tpstat_probe_##tp(void *data, const struct sock *sk,	\
			       const struct sk_buff *skb, const u8 keyid, \
			       const u8 rnext, const u8 maclen);	\
	void tpstat_views_##tp(void *data, const struct sock *sk,	\
			       const struct sk_buff *skb, const u8 keyid, \
			       const u8 rnext, const u8 maclen);	\
	void tpstat_filtered_##tp(void *data, const struct sock *sk,	\
				  const struct sk_buff *skb, const u8 keyid, \
				  const u8 rnext, const u8 maclen)
/* Their entry in probes.c's table (probe_body.h's TPSTAT_KEYED_ENTRY). */
#define TPSTAT_AUTH_ENTRY(class, tp)					\
	TPSTAT_KEYED_ENTRY(tp, TPSTAT_VARIANT_AUTH_##class,		\
			   "sk (netns),skb (peer, local port)")

/*
 * Each tracepoint: its probes (probes_auth.c, a line each), and the
 * entry the table finds by its event id.
 */
TPSTAT_AUTH_HASH_DECL(tcp_hash_md5_required);
#define TPSTAT_ENTRY_TCP_HASH_MD5_REQUIRED \
	TPSTAT_AUTH_ENTRY(HASH, tcp_hash_md5_required)
TPSTAT_AUTH_HASH_DECL(tcp_hash_md5_unexpected);
#define TPSTAT_ENTRY_TCP_HASH_MD5_UNEXPECTED \
	TPSTAT_AUTH_ENTRY(HASH, tcp_hash_md5_unexpected)
TPSTAT_AUTH_HASH_DECL(tcp_hash_md5_mismatch);
#define TPSTAT_ENTRY_TCP_HASH_MD5_MISMATCH \
	TPSTAT_AUTH_ENTRY(HASH, tcp_hash_md5_mismatch)
TPSTAT_AUTH_HASH_DECL(tcp_hash_ao_required);
#define TPSTAT_ENTRY_TCP_HASH_AO_REQUIRED \
	TPSTAT_AUTH_ENTRY(HASH, tcp_hash_ao_required)
TPSTAT_AUTH_HASH_DECL(tcp_hash_bad_header);
#define TPSTAT_ENTRY_TCP_HASH_BAD_HEADER \
	TPSTAT_AUTH_ENTRY(HASH, tcp_hash_bad_header)
TPSTAT_AUTH_AO_DECL(tcp_ao_mismatch);
#define TPSTAT_ENTRY_TCP_AO_MISMATCH TPSTAT_AUTH_ENTRY(AO, tcp_ao_mismatch)
TPSTAT_AUTH_AO_DECL(tcp_ao_key_not_found);
#define TPSTAT_ENTRY_TCP_AO_KEY_NOT_FOUND \
	TPSTAT_AUTH_ENTRY(AO, tcp_ao_key_not_found)
TPSTAT_AUTH_AO_DECL(tcp_ao_wrong_maclen);
#define TPSTAT_ENTRY_TCP_AO_WRONG_MACLEN \
	TPSTAT_AUTH_ENTRY(AO, tcp_ao_wrong_maclen)
TPSTAT_AUTH_AO_DECL(tcp_ao_handshake_failure);
#define TPSTAT_ENTRY_TCP_AO_HANDSHAKE_FAILURE \
	TPSTAT_AUTH_ENTRY(AO, tcp_ao_handshake_failure)

/* The view's events, in enum tpstat_auth_kind order. */
extern const enum tpstat_event_id tpstat_auth_events[__TPSTAT_AUTH_CNT];

#endif /* _TPSTAT_PROBES_AUTH_H */
