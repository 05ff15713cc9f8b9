/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The AUTH view's probes (probes_auth.c): the TCP-MD5 and TCP-AO failure
 * tracepoints, each present where the build headers declare it
 * (TPSTAT_HAVE_TP_<ID>, conftest.sh).  Their entries go in probes.c's
 * table, each by TPSTAT_AUTH_HASH_ENTRY or TPSTAT_AUTH_AO_ENTRY.
 */
#ifndef _TPSTAT_PROBES_AUTH_H
#define _TPSTAT_PROBES_AUTH_H

#include <linux/tpstat.h>
#include <linux/types.h>
#include <tpstat_features.h>

#include "event_ids.h"

struct sock;
struct sk_buff;

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

TPSTAT_AUTH_HASH_DECL(tcp_hash_md5_required);
TPSTAT_AUTH_HASH_DECL(tcp_hash_md5_unexpected);
TPSTAT_AUTH_HASH_DECL(tcp_hash_md5_mismatch);
TPSTAT_AUTH_HASH_DECL(tcp_hash_ao_required);
TPSTAT_AUTH_HASH_DECL(tcp_hash_bad_header);
TPSTAT_AUTH_AO_DECL(tcp_ao_mismatch);
TPSTAT_AUTH_AO_DECL(tcp_ao_key_not_found);
TPSTAT_AUTH_AO_DECL(tcp_ao_wrong_maclen);
TPSTAT_AUTH_AO_DECL(tcp_ao_handshake_failure);

/* Table entries (probe_body.h's TPSTAT_PROBE_READS). */
#define TPSTAT_AUTH_HASH_ENTRY(ID, tp)					\
	TPSTAT_PROBE_READS(ID, tp, "sk,skb",				\
			   "sk (netns),skb (peer, local port)")
#define TPSTAT_AUTH_AO_ENTRY(ID, tp)					\
	TPSTAT_PROBE_READS(ID, tp, "sk,skb,keyid,rnext,maclen",		\
			   "sk (netns),skb (peer, local port)")

/* The view's events, in enum tpstat_auth_kind order. */
extern const enum tpstat_event_id tpstat_auth_events[__TPSTAT_AUTH_CNT];

#endif /* _TPSTAT_PROBES_AUTH_H */
