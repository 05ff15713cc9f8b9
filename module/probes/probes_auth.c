// SPDX-License-Identifier: GPL-2.0
/*
 * The AUTH view's probes: TCP segments that failed their TCP-MD5 or
 * TCP-AO check, from the tracepoints of the tcp_hash_event and
 * tcp_ao_event classes.  Every one runs the same body, told its event and
 * kind: one line each.  Probe context: see probe_body.h.
 *
 * Not probed (no failure, or no peer to name): tcp_ao_rnext_request,
 * tcp_ao_synack_no_key and the sequence number extension updates
 * (uapi/linux/tpstat.h, enum tpstat_auth_kind).
 */
#include <linux/skbuff.h>
#include <net/sock.h>
#include <trace/events/tcp.h>

#include "probes/probe_body.h"
#include "probes/probes_auth.h"
#include "record/record.h"

const enum tpstat_event_id tpstat_auth_events[__TPSTAT_AUTH_CNT] = {
	[TPSTAT_AUTH_MD5_REQUIRED] = TPSTAT_EV_TCP_HASH_MD5_REQUIRED,
	[TPSTAT_AUTH_MD5_UNEXPECTED] = TPSTAT_EV_TCP_HASH_MD5_UNEXPECTED,
	[TPSTAT_AUTH_MD5_MISMATCH] = TPSTAT_EV_TCP_HASH_MD5_MISMATCH,
	[TPSTAT_AUTH_AO_REQUIRED] = TPSTAT_EV_TCP_HASH_AO_REQUIRED,
	[TPSTAT_AUTH_AO_MISMATCH] = TPSTAT_EV_TCP_AO_MISMATCH,
	[TPSTAT_AUTH_AO_KEY_NOT_FOUND] = TPSTAT_EV_TCP_AO_KEY_NOT_FOUND,
	[TPSTAT_AUTH_AO_WRONG_MACLEN] = TPSTAT_EV_TCP_AO_WRONG_MACLEN,
	[TPSTAT_AUTH_AO_HANDSHAKE_FAILURE] = TPSTAT_EV_TCP_AO_HANDSHAKE_FAILURE,
	[TPSTAT_AUTH_BAD_HEADER] = TPSTAT_EV_TCP_HASH_BAD_HEADER,
};

/*
 * One failed segment, past the probe's test: @skb arrived on @sk (a
 * listener, a request's listener or a full socket), the tracepoint's
 * @id, the view's @kind.
 */
static __always_inline void tpstat_auth(void *data,
					const enum tpstat_probe_kind probe_kind,
					const struct sock *sk,
					const struct sk_buff *skb,
					enum tpstat_event_id id,
					enum tpstat_auth_kind kind)
{
	struct tpstat_views *v;

	tpstat_hit(data, id);
	v = tpstat_feeds_views ? tpstat_views(TPSTAT_VIEW_AUTH) : NULL;
	if (v)
		tpstat_record_auth(v, sk, skb, kind);
}

/*
 * The probes of tracepoint @tp, of class @class (probes_auth.h), event
 * TPSTAT_EV_<id> and kind TPSTAT_AUTH_<kind>, where the build headers
 * declare it.
 */
#define TPSTAT_AUTH_PROBE(class, id, tp, kind)				\
	TPSTAT_IF_TP(id,						\
	TPSTAT_PROBE_EXTERN(tp, (TPSTAT_PROTO_AUTH_##class),		\
			    TPSTAT_ARGS_AUTH_##class,			\
			    tpstat_filtered_out(sk, skb, NULL))		\
	{								\
		tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_##id,	\
			    TPSTAT_AUTH_##kind);			\
	})

TPSTAT_AUTH_PROBE(HASH, TCP_HASH_MD5_REQUIRED, tcp_hash_md5_required,
		  MD5_REQUIRED)
TPSTAT_AUTH_PROBE(HASH, TCP_HASH_MD5_UNEXPECTED, tcp_hash_md5_unexpected,
		  MD5_UNEXPECTED)
TPSTAT_AUTH_PROBE(HASH, TCP_HASH_MD5_MISMATCH, tcp_hash_md5_mismatch,
		  MD5_MISMATCH)
TPSTAT_AUTH_PROBE(HASH, TCP_HASH_AO_REQUIRED, tcp_hash_ao_required,
		  AO_REQUIRED)
TPSTAT_AUTH_PROBE(HASH, TCP_HASH_BAD_HEADER, tcp_hash_bad_header, BAD_HEADER)
TPSTAT_AUTH_PROBE(AO, TCP_AO_MISMATCH, tcp_ao_mismatch, AO_MISMATCH)
TPSTAT_AUTH_PROBE(AO, TCP_AO_KEY_NOT_FOUND, tcp_ao_key_not_found,
		  AO_KEY_NOT_FOUND)
TPSTAT_AUTH_PROBE(AO, TCP_AO_WRONG_MACLEN, tcp_ao_wrong_maclen,
		  AO_WRONG_MACLEN)
TPSTAT_AUTH_PROBE(AO, TCP_AO_HANDSHAKE_FAILURE, tcp_ao_handshake_failure,
		  AO_HANDSHAKE_FAILURE)
